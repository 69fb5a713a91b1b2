// Guest orders with installation create an object and notify the company, with no account behind them, so
// they are limited per phone and per address. Each one is written down in login_attempts
// before it is placed and the rows up to it are counted, as sign-ins are (server/auth/throttle.ts), so
// parallel orders cannot pass the limit together; an order that is then refused gives its row back.
import type { Db } from "../db/client.ts";
import { countAttempts, deleteAttempt, insertAttempt } from "../db/login_attempts.ts";

/** Guest orders with installation one phone number may place per day. */
export const MAX_GUEST_ORDERS_PER_PHONE = 3;
export const GUEST_ORDER_PHONE_WINDOW_MS = 24 * 3600_000;
/** Guest orders with installation one address may place per hour. */
export const MAX_GUEST_ORDERS_PER_IP = 5;
export const GUEST_ORDER_IP_WINDOW_MS = 3600_000;

export const GUEST_ORDER_LIMIT_MESSAGE =
  "Слишком много заказов с монтажом с этого телефона или адреса. Попробуйте позже или позвоните в магазин.";

/** The digits of a phone number, the last ten (+7 916 111-22-33 and 8 (916) 111-22-33 are one phone). */
export function phoneKey(phone: string): string {
  return phone.replace(/\D/g, "").slice(-10);
}

/** Counts a guest's order with installation; the row's id to give back, or null when over a limit. */
export async function reserveGuestOrder(
  db: Db,
  phone: string,
  ip: string,
  now: Date,
): Promise<number | null> {
  const email = phoneKey(phone);
  const id = await insertAttempt(db, { kind: "guest_order", email, ip, createdAt: now });
  const window = (ms: number) => new Date(now.getTime() - ms);
  const [byPhone, byIp] = await Promise.all([
    countAttempts(db, { kind: "guest_order", since: window(GUEST_ORDER_PHONE_WINDOW_MS), upToId: id, email }),
    countAttempts(db, { kind: "guest_order", since: window(GUEST_ORDER_IP_WINDOW_MS), upToId: id, ip }),
  ]);
  if (byPhone <= MAX_GUEST_ORDERS_PER_PHONE && byIp <= MAX_GUEST_ORDERS_PER_IP) return id;
  await deleteAttempt(db, id);
  return null;
}

/** An order that was refused after all does not count. */
export async function releaseGuestOrder(db: Db, id: number): Promise<void> {
  await deleteAttempt(db, id);
}
