import { and, count, eq, gt, lt } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { loginAttempts } from "../../db/schema/mod.ts";

export const MAX_FAILED_LOGINS = 10;
export const THROTTLE_WINDOW_MS = 15 * 60_000;
export const THROTTLE_MESSAGE = "Слишком много неудачных попыток входа. Попробуйте снова через 15 минут.";

/** True when the e-mail or the address has had too many failed sign-ins within the window. */
export async function isThrottled(db: Db, email: string, ip: string, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  const [byEmail] = await db.select({ n: count() }).from(loginAttempts)
    .where(and(eq(loginAttempts.email, email), gt(loginAttempts.createdAt, since)));
  if (byEmail.n >= MAX_FAILED_LOGINS) return true;
  const [byIp] = await db.select({ n: count() }).from(loginAttempts)
    .where(and(eq(loginAttempts.ip, ip), gt(loginAttempts.createdAt, since)));
  return byIp.n >= MAX_FAILED_LOGINS;
}

export async function recordFailedLogin(db: Db, email: string, ip: string, now: Date): Promise<void> {
  await db.insert(loginAttempts).values({ email, ip, createdAt: now });
  // Old rows are useless once outside the window; drop them as we go.
  await db.delete(loginAttempts).where(
    lt(loginAttempts.createdAt, new Date(now.getTime() - THROTTLE_WINDOW_MS)),
  );
}

/** A successful sign-in clears the e-mail's failures (not the address's: others may share it). */
export async function clearFailedLogins(db: Db, email: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.email, email));
}
