import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import { and, eq, lt, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { companies, sessions, users } from "../../db/schema/mod.ts";

const DAY = 86_400_000;
export const SESSION_LIFETIME = 30 * DAY;
/**
 * A session is extended to the full lifetime only once half of it has passed, so a busy session costs one
 * write per 15 days rather than one per request.
 */
const RENEW_WITHIN = SESSION_LIFETIME / 2;
export const SESSION_COOKIE = "ps_session";

export function generateSessionToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** Only this hash of the token is stored, so a leaked database yields no usable cookie. */
export function sessionIdOf(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

export async function createSession(db: Db, userId: number, now: Date) {
  const token = generateSessionToken();
  const session = { id: sessionIdOf(token), userId, expiresAt: new Date(now.getTime() + SESSION_LIFETIME) };
  await db.insert(sessions).values(session);
  return { token, session };
}

/** What a request needs of the signed-in user: the fields of CurrentUser and whether they may sign in. */
const sessionUserColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
  role: users.role,
  companyId: users.companyId,
  isActive: users.isActive,
  isOwner: users.isOwner,
};
const sessionCompanyColumns = {
  name: companies.name,
  subscriptionTier: companies.subscriptionTier,
  subscriptionExpiresAt: companies.subscriptionExpiresAt,
  isActive: companies.isActive,
};

export interface ValidatedSession {
  id: string;
  expiresAt: Date;
  renewed: boolean;
  user: { [K in keyof typeof sessionUserColumns]: (typeof users.$inferSelect)[K] };
  company: { [K in keyof typeof sessionCompanyColumns]: (typeof companies.$inferSelect)[K] } | null;
}

/**
 * The session lookup with its user and company, as a prepared statement: it runs on every request, so it
 * reads only the columns a request uses (the driver's cost grows with every column it describes).
 */
function prepareSessionLookup(db: Db) {
  return db.select({
    session: { expiresAt: sessions.expiresAt },
    user: sessionUserColumns,
    company: sessionCompanyColumns,
  }).from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    .leftJoin(companies, eq(users.companyId, companies.id))
    .where(eq(sessions.id, sql.placeholder("id")))
    .prepare();
}

/** A session row with the user and company columns a request uses, or undefined when there is none. */
export type SessionRow = NonNullable<Awaited<ReturnType<ReturnType<typeof prepareSessionLookup>["get"]>>>;

/** Finds the session row by the hash of its token. */
export type SessionLookup = (id: string) => SessionRow | undefined | Promise<SessionRow | undefined>;

/** Built once per database, so a request spends no time composing the SQL. */
const sessionLookups = new WeakMap<Db, ReturnType<typeof prepareSessionLookup>>();

function sessionLookupOf(db: Db) {
  let lookup = sessionLookups.get(db);
  if (!lookup) {
    lookup = prepareSessionLookup(db);
    sessionLookups.set(db, lookup);
  }
  return lookup;
}

/**
 * Looks the token up together with its user and company (one query on every request, by `lookup` when
 * given); an expired session is deleted, one past half its lifetime is renewed.
 */
export async function validateSessionToken(
  db: Db,
  token: string,
  now: Date,
  lookup?: SessionLookup,
): Promise<ValidatedSession | null> {
  const id = sessionIdOf(token);
  const row = lookup ? await lookup(id) : await sessionLookupOf(db).get({ id });
  if (!row) return null;
  const { session, user, company } = row;
  if (session.expiresAt.getTime() <= now.getTime()) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  if (session.expiresAt.getTime() - now.getTime() < RENEW_WITHIN) {
    const expiresAt = new Date(now.getTime() + SESSION_LIFETIME);
    await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
    return { id, expiresAt, renewed: true, user, company };
  }
  return { id, expiresAt: session.expiresAt, renewed: false, user, company };
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of the user but the one given (the password was changed in it). */
export async function deleteOtherSessions(db: Db, userId: number, keepId: string | null): Promise<void> {
  await db.delete(sessions).where(
    keepId ? and(eq(sessions.userId, userId), ne(sessions.id, keepId)) : eq(sessions.userId, userId),
  );
}

/** Removes the sessions that have run out (the periodic job); returns how many. */
export async function deleteExpiredSessions(db: Db, now: Date): Promise<number> {
  const gone = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id });
  return gone.length;
}
