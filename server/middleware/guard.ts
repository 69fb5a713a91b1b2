import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { forbidden, unauthorized } from "../errors.ts";
import { hasRole, type Role } from "../../domain/roles.ts";
import type { AppEnv, CurrentUser } from "../types.ts";
import { type Scope, scopeOf } from "../../db/scope.ts";

/** Who may pass: any signed-in user, a list of roles, or only the owner account. */
export type Access = "auth" | "owner" | readonly Role[];

export function allows(user: CurrentUser, access: Access): boolean {
  if (access === "auth") return true;
  if (access === "owner") return user.isOwner;
  return hasRole(user.role, access);
}

/** API guard: 401 JSON when signed out, 403 JSON when the role may not. */
export function requireApi(access: Access = "auth") {
  return createMiddleware<AppEnv>(async (c, next) => {
    const user = c.get("user");
    if (!user) throw unauthorized();
    if (!allows(user, access)) throw forbidden();
    await next();
  });
}

/** The signed-in user of a guarded handler. */
export function currentUser(c: Context<AppEnv>): CurrentUser {
  const user = c.get("user");
  if (!user) throw unauthorized();
  return user;
}

/**
 * The company a query is scoped to: the user's own, or `null` meaning every company (system_admin only).
 * A staff member without a company sees nothing: -1 matches no row.
 */
export function companyScope(user: CurrentUser): Scope {
  if (user.role === "system_admin") return scopeOf(null);
  return scopeOf(user.companyId ?? -1);
}
