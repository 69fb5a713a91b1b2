// Session rows: the lookup every request makes, and the writes of signing in and out. The token, its
// hash and the lifetime rules are server/auth/sessions.ts.
import { and, eq, lt, ne, type SQL, sql } from "drizzle-orm";
import type { Db, Executor } from "./client.ts";
import { companies, sessions, users } from "./schema/mod.ts";

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

/** The user and company columns of a session row. */
export interface SessionUser {
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

/** The session with the hash `id`, its user and company, through the prepared statement of `db`. */
export async function findSessionRow(db: Db, id: string): Promise<SessionRow | undefined> {
  let lookup = sessionLookups.get(db);
  if (!lookup) {
    lookup = prepareSessionLookup(db);
    sessionLookups.set(db, lookup);
  }
  return await lookup.get({ id });
}

/** A user with the company, whether or not they may sign in (null when there is no such user). */
export async function findUserWithCompany(db: Db, userId: number) {
  const [row] = await db.select({ user: users, company: companies }).from(users)
    .leftJoin(companies, eq(users.companyId, companies.id)).where(eq(users.id, userId));
  return row ?? null;
}

export async function insertSession(db: Db, session: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(session);
}

export async function renewSession(db: Db, id: string, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of the user, or every one but `keepId` (the one a password was changed in). */
export async function deleteUserSessions(
  db: Executor,
  userId: number,
  keepId?: string | null,
): Promise<void> {
  const where: SQL | undefined = keepId
    ? and(eq(sessions.userId, userId), ne(sessions.id, keepId))
    : eq(sessions.userId, userId);
  await db.delete(sessions).where(where);
}

/** Removes the sessions that have run out (the periodic job); returns how many. */
export async function deleteExpiredSessions(db: Db, now: Date): Promise<number> {
  const gone = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id });
  return gone.length;
}
