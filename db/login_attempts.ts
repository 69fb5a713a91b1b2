// Rows of login_attempts: sign-in attempts and registrations by e-mail and address. The limits and what
// they mean are server/auth/throttle.ts.
import { and, count, eq, gt, lt, lte } from "drizzle-orm";
import type { Db } from "./client.ts";
import { loginAttempts } from "./schema/mod.ts";

export type AttemptKind = typeof loginAttempts.$inferSelect.kind;

/** Writes down an attempt; returns its id (ids grow in the order attempts are written). */
export async function insertAttempt(
  db: Db,
  attempt: { kind: AttemptKind; email: string; ip: string; createdAt: Date },
): Promise<number> {
  const [row] = await db.insert(loginAttempts).values(attempt).returning({ id: loginAttempts.id });
  return row.id;
}

/** Attempts of the kind made after `since` up to and including the attempt `upToId`, of the e-mail and/or address given. */
export async function countAttempts(
  db: Db,
  f: { kind: AttemptKind; since: Date; upToId: number; email?: string; ip?: string },
): Promise<number> {
  const [row] = await db.select({ n: count() }).from(loginAttempts).where(and(
    eq(loginAttempts.kind, f.kind),
    gt(loginAttempts.createdAt, f.since),
    lte(loginAttempts.id, f.upToId),
    f.email === undefined ? undefined : eq(loginAttempts.email, f.email),
    f.ip === undefined ? undefined : eq(loginAttempts.ip, f.ip),
  ));
  return row.n;
}

export async function deleteAttempt(db: Db, id: number): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.id, id));
}

/** Forgets the sign-in attempts of the e-mail from the address. */
export async function deleteLoginAttempts(db: Db, email: string, ip: string): Promise<void> {
  await db.delete(loginAttempts).where(
    and(eq(loginAttempts.kind, "login"), eq(loginAttempts.email, email), eq(loginAttempts.ip, ip)),
  );
}

/** Drops the attempts made before `since`; returns how many. */
export async function deleteAttemptsBefore(db: Db, since: Date): Promise<number> {
  const gone = await db.delete(loginAttempts).where(lt(loginAttempts.createdAt, since))
    .returning({ id: loginAttempts.id });
  return gone.length;
}
