// Rows of login_attempts: sign-in attempts and registrations by e-mail and address. The limits and what
// they mean are server/auth/throttle.ts.
import { and, count, eq, gt, lt, lte, or } from "drizzle-orm";
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

/** Drops the rows of each kind made before its cutoff; returns how many. */
export async function deleteAttemptsBefore(db: Db, cutoffs: Record<AttemptKind, Date>): Promise<number> {
  const gone = await db.delete(loginAttempts).where(or(
    ...Object.entries(cutoffs).map(([kind, before]) =>
      and(eq(loginAttempts.kind, kind as AttemptKind), lt(loginAttempts.createdAt, before))
    ),
  )).returning({ id: loginAttempts.id });
  return gone.length;
}

/** Remembers that the e-mail signed in from the address (the newest time only). */
export async function rememberKnownAddress(db: Db, email: string, ip: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(loginAttempts).where(
      and(eq(loginAttempts.kind, "known"), eq(loginAttempts.email, email), eq(loginAttempts.ip, ip)),
    );
    await tx.insert(loginAttempts).values({ kind: "known", email, ip, createdAt: now });
  });
}

/** Whether the e-mail signed in from the address since `since`. */
export async function isKnownAddress(db: Db, email: string, ip: string, since: Date): Promise<boolean> {
  const [row] = await db.select({ id: loginAttempts.id }).from(loginAttempts).where(and(
    eq(loginAttempts.kind, "known"),
    eq(loginAttempts.email, email),
    eq(loginAttempts.ip, ip),
    gt(loginAttempts.createdAt, since),
  )).limit(1);
  return Boolean(row);
}
