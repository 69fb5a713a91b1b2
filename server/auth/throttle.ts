// Throttling of sign-ins and registrations, kept in login_attempts so several app servers share it.
//
// A sign-in attempt is written down as a failure BEFORE its password is checked, then the attempts up
// to and including it are counted. Rows get increasing ids in the order they are written, so parallel
// requests all see one order and no more than the limit reach the (slow) password check; a right
// password removes the row again. The hard limits are per e-mail and address pair (an attacker at one
// address cannot lock the owner out at another) and, much higher, per address (a shared office NAT
// stays far below it). Failures on one e-mail from everywhere slow its attempts down and, past a cap per
// account, stop them from every address the account has not signed in from (the owner's own stays open),
// and the account holder is told once.
import type { Db } from "../../db/client.ts";
import {
  countAttempts,
  deleteAttempt,
  deleteAttemptsBefore,
  deleteLoginAttempts,
  insertAttempt,
  isKnownAddress,
  rememberKnownAddress,
} from "../../db/login_attempts.ts";
import { notifyAccountHolder } from "../../db/notifications.ts";
import { GUEST_ORDER_PHONE_WINDOW_MS } from "../shop_limits.ts";

export const THROTTLE_WINDOW_MS = 15 * 60_000;
/** Wrong passwords one address may try on one e-mail within the window. */
export const MAX_FAILURES_PER_PAIR = 10;
/** Wrong passwords one address may try on all e-mails together within the window. */
export const MAX_FAILURES_PER_IP = 50;
/** From this many failures on one e-mail (from any address) each attempt on it waits, longer and longer. */
export const SLOW_DOWN_AFTER = 10;
const DELAY_STEP_MS = 250;
export const MAX_DELAY_MS = 3_000;
/**
 * Failures on one e-mail from all addresses together within the window; past it only the addresses the
 * account signed in from in the last KNOWN_ADDRESS_DAYS may try (still slowed down).
 */
export const MAX_FAILURES_PER_ACCOUNT = 30;
/** How long an address the account signed in from stays known. */
export const KNOWN_ADDRESS_DAYS = 90;
/** Registrations one address may make within the window. */
export const MAX_REGISTRATIONS_PER_IP = 10;

export const THROTTLE_MESSAGE = "Слишком много неудачных попыток входа. Попробуйте снова через 15 минут.";
/** The account holder's notice when the account is capped. */
export const ACCOUNT_UNDER_ATTACK = {
  title: "Попытки подобрать пароль",
  message: (failures: number) =>
    `За 15 минут — ${failures} неудачных попыток войти в вашу учётную запись с разных адресов. ` +
    "Вход с незнакомых адресов приостановлен; с адресов, откуда вы уже входили, войти можно. " +
    "Если это были не вы, смените пароль в профиле.",
};
export const REGISTER_THROTTLE_MESSAGE =
  "Слишком много регистраций с этого адреса. Попробуйте снова через 15 минут.";

/** A reserved sign-in attempt: its row, and how long to wait before checking the password. */
export interface LoginAttempt {
  id: number;
  delayMs: number;
}

const since = (now: Date) => new Date(now.getTime() - THROTTLE_WINDOW_MS);
const knownSince = (now: Date) => new Date(now.getTime() - KNOWN_ADDRESS_DAYS * 24 * 3600_000);

/** The delay of an attempt on an e-mail that has had `failures` failures within the window. */
export function delayFor(failures: number): number {
  if (failures < SLOW_DOWN_AFTER) return 0;
  return Math.min(MAX_DELAY_MS, DELAY_STEP_MS * (failures - SLOW_DOWN_AFTER + 1));
}

/**
 * Reserves a sign-in attempt before the password is checked; null when the pair or the address is
 * over its limit (the attempt is then not counted), or when the account is over its cap and the address
 * is not one it signed in from (then it is counted: the account's holder is told when the cap is passed).
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
  if (byEmail > MAX_FAILURES_PER_ACCOUNT && !(await isKnownAddress(db, email, ip, knownSince(now)))) {
    // Rows are ordered, so exactly one attempt is the first past the cap, and the refused ones stay
    // counted: the notice goes once per attack, and a longer attack keeps the account closed longer.
    if (byEmail === MAX_FAILURES_PER_ACCOUNT + 1) {
      await notifyAccountHolder(db, email, {
        at: now,
        type: "other",
        title: ACCOUNT_UNDER_ATTACK.title,
        message: ACCOUNT_UNDER_ATTACK.message(byEmail),
      });
    }
    return null;
  }
  return { id, delayMs: delayFor(byEmail - 1) };
}

/**
 * A right password: the attempt and the earlier failures of this e-mail from this address are forgotten,
 * and the address becomes one the account is known to sign in from.
 */
export async function acceptLoginAttempt(db: Db, email: string, ip: string, now: Date): Promise<void> {
  await deleteLoginAttempts(db, email, ip);
  await rememberKnownAddress(db, email, ip, now);
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
  return await deleteAttemptsBefore(db, {
    login: since(now),
    register: since(now),
    known: knownSince(now),
    guest_order: new Date(now.getTime() - GUEST_ORDER_PHONE_WINDOW_MS),
  });
}
