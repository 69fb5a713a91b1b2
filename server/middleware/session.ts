import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import {
  SESSION_COOKIE,
  SESSION_LIFETIME,
  type ValidatedSession,
  validateSessionToken,
} from "../auth/sessions.ts";
import { findUserWithCompany } from "../../db/sessions.ts";
import { type LocalSessionLookup, localSessionLookup } from "../../db/session_reader.ts";
import { requestVersions } from "../versions.ts";
import { normalizeRole } from "../../domain/roles.ts";
import type { AppDeps, AppEnv, CurrentUser } from "../types.ts";

/** Loads the user behind the session cookie into `c.get("user")`, renewing the cookie when the session was renewed. */
export const sessionMiddleware = createMiddleware<AppEnv>(async (c, next) => {
  c.set("user", null);
  c.set("sessionId", null);
  const token = getCookie(c, SESSION_COOKIE);
  if (token) {
    const { db, now } = c.get("deps");
    const local = sessionLookupOf(c.get("deps"));
    // The request's counters are read before the session, so a session cached is never newer than they say.
    const lookup = local && ((id: string) => local(id, requestVersions(c) ?? undefined));
    const session = await validateSessionToken(db, token, now(), lookup);
    const user = session ? toCurrentUser(session) : null;
    if (session && user) {
      c.set("user", user);
      c.set("sessionId", session.id);
      if (session.renewed) setSessionCookie(c, token);
    } else {
      deleteCookie(c, SESSION_COOKIE, { path: "/" });
    }
  }
  await next();
});

/** One lookup per app (per database), opened at the first signed-in request. */
const lookups = new WeakMap<AppDeps, LocalSessionLookup | null>();

function sessionLookupOf(deps: AppDeps): LocalSessionLookup | undefined {
  if (!lookups.has(deps)) lookups.set(deps, localSessionLookup(deps.env.DATABASE_URL));
  return lookups.get(deps) ?? undefined;
}

export async function loadCurrentUser(deps: AppDeps, userId: number): Promise<CurrentUser | null> {
  const row = await findUserWithCompany(deps.db, userId);
  return row ? toCurrentUser(row) : null;
}

/** The user and company columns the check needs, whether read with the session or by id. */
type UserRow = Pick<ValidatedSession, "user" | "company">;

/** An inactive user, or a user of an inactive company, is treated as signed out. */
function toCurrentUser(row: UserRow): CurrentUser | null {
  if (!row.user.isActive) return null;
  if (row.company && !row.company.isActive) return null;
  return {
    id: row.user.id,
    email: row.user.email,
    firstName: row.user.firstName,
    lastName: row.user.lastName,
    profileImageUrl: row.user.profileImageUrl,
    role: normalizeRole(row.user.role),
    companyId: row.user.companyId,
    companyName: row.company?.name ?? null,
    subscriptionTier: row.company?.subscriptionTier ?? null,
    subscriptionExpiresAt: row.company?.subscriptionExpiresAt ?? null,
    isOwner: row.user.isOwner,
  };
}

export function isSecureRequest(c: Context<AppEnv>): boolean {
  const publicUrl = c.get("deps").env.PUBLIC_URL;
  if (publicUrl) return publicUrl.startsWith("https:");
  // A request's url is serialized, so its scheme is lowercase: no need to parse it (asked on every request).
  return c.req.url.startsWith("https:");
}

export function setSessionCookie(c: Context<AppEnv>, token: string): void {
  setCookie(c, SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "Lax",
    secure: isSecureRequest(c),
    maxAge: SESSION_LIFETIME / 1000,
  });
}
