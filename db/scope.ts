// The company scope every query takes, always right after the database: `(db, scope, …)`.
import { eq, inArray, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { companies } from "./schema/mod.ts";

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

/**
 * `column` (a table's company id) of company `companyId`, or of any company there is when it is absent (every
 * company): `IN (companies)` has SQLite walk a (company_id, …) index company by company instead of scanning
 * the table, since the table has no index for the rest of the condition alone (a system administrator's
 * completed tasks of a period at 10× data: 1.9 against 0.002 ms).
 */
export function companyCondition(column: SQLiteColumn, companyId: Placeholder | number | undefined): SQL {
  return companyId === undefined
    ? inArray(column, sql`(select ${companies.id} from ${companies})`)
    : eq(column, companyId);
}
