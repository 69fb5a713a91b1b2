// Throttling of sign-ins and registrations, kept in login_attempts so several app servers share it.
//
// A sign-in attempt is written down as a failure BEFORE its password is checked, then the attempts up
// to and including it are counted. Rows get increasing ids in the order they are written, so parallel
// requests all see one order and no more than the limit reach the (slow) password check; a right
// password removes the row again. The hard limits are per e-mail and address pair (an attacker at one
// address cannot lock the owner out at another) and, much higher, per address (a shared office NAT
// stays far below it). Failures on one e-mail from everywhere only slow its attempts down.
import { and, count, eq, gt, lt, lte } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { loginAttempts } from "../../db/schema/mod.ts";

export const THROTTLE_WINDOW_MS = 15 * 60_000;
/** Wrong passwords one address may try on one e-mail within the window. */
export const MAX_FAILURES_PER_PAIR = 10;
/** Wrong passwords one address may try on all e-mails together within the window. */
export const MAX_FAILURES_PER_IP = 50;
/** From this many failures on one e-mail (from any address) each attempt on it waits, longer and longer. */
export const SLOW_DOWN_AFTER = 10;
const DELAY_STEP_MS = 250;
export const MAX_DELAY_MS = 3_000;
/** Registrations one address may make within the window. */
export const MAX_REGISTRATIONS_PER_IP = 10;

export const THROTTLE_MESSAGE = "Слишком много неудачных попыток входа. Попробуйте снова через 15 минут.";
export const REGISTER_THROTTLE_MESSAGE =
  "Слишком много регистраций с этого адреса. Попробуйте снова через 15 минут.";

/** A reserved sign-in attempt: its row, and how long to wait before checking the password. */
export interface LoginAttempt {
  id: number;
  delayMs: number;
}

const since = (now: Date) => new Date(now.getTime() - THROTTLE_WINDOW_MS);

/** The delay of an attempt on an e-mail that has had `failures` failures within the window. */
export function delayFor(failures: number): number {
  if (failures < SLOW_DOWN_AFTER) return 0;
  return Math.min(MAX_DELAY_MS, DELAY_STEP_MS * (failures - SLOW_DOWN_AFTER + 1));
}

/**
 * Reserves a sign-in attempt before the password is checked; null when the pair or the address is
 * over its limit (the attempt is then not counted).
 */
export async function reserveLoginAttempt(
  db: Db,
  email: string,
  ip: string,
  now: Date,
): Promise<LoginAttempt | null> {
  const [row] = await db.insert(loginAttempts).values({ kind: "login", email, ip, createdAt: now })
    .returning({ id: loginAttempts.id });
  const upToThis = and(
    eq(loginAttempts.kind, "login"),
    gt(loginAttempts.createdAt, since(now)),
    lte(loginAttempts.id, row.id),
  );
  const [[pair], [byIp], [byEmail]] = await Promise.all([
    db.select({ n: count() }).from(loginAttempts)
      .where(and(upToThis, eq(loginAttempts.email, email), eq(loginAttempts.ip, ip))),
    db.select({ n: count() }).from(loginAttempts).where(and(upToThis, eq(loginAttempts.ip, ip))),
    db.select({ n: count() }).from(loginAttempts).where(and(upToThis, eq(loginAttempts.email, email))),
  ]);
  if (pair.n > MAX_FAILURES_PER_PAIR || byIp.n > MAX_FAILURES_PER_IP) {
    await db.delete(loginAttempts).where(eq(loginAttempts.id, row.id));
    return null;
  }
  return { id: row.id, delayMs: delayFor(byEmail.n - 1) };
}

/** A right password: the attempt and the earlier failures of this e-mail from this address are forgotten. */
export async function acceptLoginAttempt(db: Db, email: string, ip: string): Promise<void> {
  await db.delete(loginAttempts).where(
    and(eq(loginAttempts.kind, "login"), eq(loginAttempts.email, email), eq(loginAttempts.ip, ip)),
  );
}

/** Counts a registration from the address; false when the address is over its limit (then not counted). */
export async function reserveRegistration(db: Db, email: string, ip: string, now: Date): Promise<boolean> {
  const [row] = await db.insert(loginAttempts).values({ kind: "register", email, ip, createdAt: now })
    .returning({ id: loginAttempts.id });
  const [byIp] = await db.select({ n: count() }).from(loginAttempts).where(and(
    eq(loginAttempts.kind, "register"),
    eq(loginAttempts.ip, ip),
    gt(loginAttempts.createdAt, since(now)),
    lte(loginAttempts.id, row.id),
  ));
  if (byIp.n <= MAX_REGISTRATIONS_PER_IP) return true;
  await db.delete(loginAttempts).where(eq(loginAttempts.id, row.id));
  return false;
}

/** Drops the attempts that fell out of the window (the periodic job). Returns how many. */
export async function pruneAttempts(db: Db, now: Date): Promise<number> {
  const gone = await db.delete(loginAttempts).where(lt(loginAttempts.createdAt, since(now)))
    .returning({ id: loginAttempts.id });
  return gone.length;
}
