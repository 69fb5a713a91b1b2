// The company scope every query takes, always right after the database: `(db, scope, …)`.

declare const scopeBrand: unique symbol;

/**
 * One company's id, or `null` for every company (system_admin only). Branded, so a plain id cannot be
 * passed where a scope is expected and a swapped id and company do not compile.
 */
export type Scope = (number & { readonly [scopeBrand]: true }) | null;

/** The scope of one company, or of every company when `companyId` is null. */
export function scopeOf(companyId: number | null): Scope {
  return companyId as Scope;
}
