// Throttling of sign-ins and registrations, kept in login_attempts so several app servers share it.
//
// A sign-in attempt is written down as a failure BEFORE its password is checked, then the attempts up
// to and including it are counted. Rows get increasing ids in the order they are written, so parallel
// requests all see one order and no more than the limit reach the (slow) password check; a right
// password removes the row again. The hard limits are per e-mail and address pair (an attacker at one
// address cannot lock the owner out at another) and, much higher, per address (a shared office NAT
// stays far below it). Failures on one e-mail from everywhere only slow its attempts down.
import type { Db } from "../../db/client.ts";
import {
  countAttempts,
  deleteAttempt,
  deleteAttemptsBefore,
  deleteLoginAttempts,
  insertAttempt,
} from "../../db/login_attempts.ts";

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
  const id = await insertAttempt(db, { kind: "login", email, ip, createdAt: now });
  const upToThis = { kind: "login", since: since(now), upToId: id } as const;
  const [pair, byIp, byEmail] = await Promise.all([
    countAttempts(db, { ...upToThis, email, ip }),
    countAttempts(db, { ...upToThis, ip }),
    countAttempts(db, { ...upToThis, email }),
  ]);
  if (pair > MAX_FAILURES_PER_PAIR || byIp > MAX_FAILURES_PER_IP) {
    await deleteAttempt(db, id);
    return null;
  }
  return { id, delayMs: delayFor(byEmail - 1) };
}

/** A right password: the attempt and the earlier failures of this e-mail from this address are forgotten. */
export async function acceptLoginAttempt(db: Db, email: string, ip: string): Promise<void> {
  await deleteLoginAttempts(db, email, ip);
}

/** Counts a registration from the address; false when the address is over its limit (then not counted). */
export async function reserveRegistration(db: Db, email: string, ip: string, now: Date): Promise<boolean> {
  const id = await insertAttempt(db, { kind: "register", email, ip, createdAt: now });
  const byIp = await countAttempts(db, { kind: "register", since: since(now), upToId: id, ip });
  if (byIp <= MAX_REGISTRATIONS_PER_IP) return true;
  await deleteAttempt(db, id);
  return false;
}

/** Drops the attempts that fell out of the window (the periodic job). Returns how many. */
export async function pruneAttempts(db: Db, now: Date): Promise<number> {
  return await deleteAttemptsBefore(db, since(now));
}
