// Orders: placing one in a single transaction (stock, snapshots, totals, the installation site, the
// notifications), the staff's list and changes (company-scoped), and the customer's own orders.
import { and, asc, desc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import type { Db } from "./client.ts";
import { cartItems, objects, orderItems, orders, products } from "./schema/mod.ts";
import type { Scope } from "./scope.ts";
import { moscowDate, moscowDayEnd, moscowDayStart } from "../domain/dates.ts";
import { notifyChiefEngineers, notifyRoles, notifyUsers, recordActivity } from "./notifications.ts";
import { enqueueClientMessage } from "./outbox.ts";
import { allocateNumber } from "./document_numbers.ts";
import { type CartLine, isService, type ShopSettingsRow } from "./shop.ts";
import {
  type CheckoutInput,
  nextStatuses,
  type OrderJson,
  type OrderPatchInput,
  type OrderStatus,
  orderStatusLabels,
  orderTotals,
} from "../domain/shop.ts";

export type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

/** Orders within this long of an unread order notification join it («Новые заказы: N»). */
export const NOTIFICATION_GROUP_MS = 60 * 60_000;

/** A refusal the customer can act on; the API answers it with 409 and the message. */
export class OrderConflictError extends Error {}

/** Where the installation site is, by the location rules (computed by the caller from the address). */
export interface SiteLocation {
  district: string | null;
  direction: string | null;
  distanceFromMKAD: number | null;
  latitude: number | null;
  longitude: number | null;
}

export interface PlaceOrder {
  companyId: number;
  settings: Pick<ShopSettingsRow, "taxRate" | "freeShippingThreshold" | "enableInstallationService">;
  userId: number | null;
  lines: CartLine[];
  input: CheckoutInput;
  /** For an order with installation: where the site is. */
  site: SiteLocation | null;
  now: Date;
}

const rand = (bytes: number) => encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(bytes)));

/** Why an order with a line whose price changed is refused, and what the buyer does about it. */
export function priceChangedMessage(name: string, was: number, now: number): string {
  const rub = (k: number) => (k / 100).toLocaleString("ru-RU");
  return `Цена «${name}» изменилась: было ${rub(was)} ₽, стало ${rub(now)} ₽. ` +
    "Подтвердите новую цену в корзине, чтобы оформить заказ.";
}

/**
 * Writes the order in one transaction: every line's product must be the shop's, on sale and in stock;
 * stock is taken with a conditional update, so of two customers buying the last unit exactly one wins
 * and the other gets OrderConflictError. An order with installation creates the client site.
 */
export async function placeOrder(db: Db, o: PlaceOrder): Promise<{ order: OrderRow; items: ItemRow[] }> {
  if (o.lines.length === 0) throw new OrderConflictError("Корзина пуста");
  if (o.input.needInstallation && !o.settings.enableInstallationService) {
    throw new OrderConflictError("Магазин сейчас не принимает заказы на монтаж");
  }
  return await db.transaction(async (tx) => {
    const rows = await tx.select().from(products).where(
      inArray(products.id, o.lines.map((l) => l.productId)),
    );
    const byId = new Map(rows.map((p) => [p.id, p]));
    const lines = o.lines.map((l) => {
      const p = byId.get(l.productId);
      if (!p || !p.isActive || p.companyId !== o.companyId) {
        throw new OrderConflictError(`Товар «${p?.name ?? l.productId}» больше не продаётся`);
      }
      // The buyer pays the price they saw: a price changed since it went into the cart is confirmed first.
      if (p.price !== l.priceAtAdd) {
        throw new OrderConflictError(priceChangedMessage(p.name, l.priceAtAdd, p.price));
      }
      return { line: l, product: p };
    });
    for (const { line, product } of lines) {
      if (isService(product)) continue;
      const taken = await tx.update(products)
        .set({ stockQuantity: sql`${products.stockQuantity} - ${line.quantity}`, updatedAt: o.now })
        .where(and(eq(products.id, product.id), gte(products.stockQuantity, line.quantity)))
        .returning({ id: products.id });
      if (taken.length === 0) {
        throw new OrderConflictError(
          `«${product.name}» уже раскупили: на складе меньше ${line.quantity} шт. Обновите корзину.`,
        );
      }
    }
    const totals = orderTotals(
      lines.map(({ line, product }) => ({
        price: product.price,
        oldPrice: product.oldPrice,
        quantity: line.quantity,
      })),
      o.settings,
    );
    const i = o.input;
    const [order] = await tx.insert(orders).values({
      // «З-2026-0001»: the shop's company numbers its orders per year in sequence.
      orderNumber: await allocateNumber(tx, o.companyId, "order", o.now),
      userId: o.userId,
      companyId: o.companyId,
      ...totals,
      customerName: i.customerName,
      customerEmail: i.customerEmail,
      customerPhone: i.customerPhone,
      deliveryAddress: i.deliveryAddress,
      deliveryCity: i.deliveryCity,
      deliveryRegion: i.deliveryRegion ?? null,
      deliveryPostalCode: i.deliveryPostalCode ?? null,
      deliveryNotes: i.deliveryNotes ?? null,
      needInstallation: i.needInstallation,
      installationAddress: i.needInstallation ? installationAddressOf(i) : null,
      installationNotes: i.needInstallation ? i.installationNotes ?? null : null,
      notes: i.notes ?? null,
      accessKey: rand(16),
      createdAt: o.now,
      updatedAt: o.now,
    }).returning();
    const items = await tx.insert(orderItems).values(lines.map(({ line, product }) => ({
      orderId: order.id,
      productId: product.id,
      quantity: line.quantity,
      pricePerUnit: product.price,
      totalPrice: product.price * line.quantity,
      productName: product.name,
      productSku: product.sku,
    }))).returning();
    let placed = order;
    // A burst of orders updates one unread notification per person instead of adding one per order.
    const grouping = { since: new Date(o.now.getTime() - NOTIFICATION_GROUP_MS) };
    if (i.needInstallation) {
      const address = installationAddressOf(i);
      const [site] = await tx.insert(objects).values({
        companyId: o.companyId,
        address,
        settlement: i.deliveryCity,
        city: i.deliveryCity,
        region: i.deliveryRegion ?? null,
        ...o.site,
        clientName: i.customerName,
        clientPhone: i.customerPhone,
        clientEmail: i.customerEmail,
        workType: "septic",
        status: "new",
        description: [
          `Заказ ${order.orderNumber} из интернет-магазина: ${
            items.map((x) => `${x.productName} × ${x.quantity}`).join(", ")
          }.`,
          i.installationNotes,
        ].filter(Boolean).join(" "),
        estimatedCost: totals.finalAmount,
        createdAt: o.now,
        updatedAt: o.now,
      }).returning();
      [placed] = await tx.update(orders).set({ objectId: site.id }).where(eq(orders.id, order.id))
        .returning();
      await recordActivity(tx, {
        at: o.now,
        companyId: o.companyId,
        type: "other",
        title: `Создан объект из заказа ${order.orderNumber}: ${address}`,
        status: "new",
        objectId: site.id,
      });
      await notifyChiefEngineers(
        tx,
        {
          at: o.now,
          companyId: o.companyId,
          type: "object_created",
          title: "Новый объект из интернет-магазина",
          message: `${address} — ${i.customerName}, заказ ${order.orderNumber} с монтажом`,
          relatedObjectId: site.id,
        },
        null,
        { plural: "Новые объекты из интернет-магазина", ...grouping },
      );
    }
    await notifyRoles(
      tx,
      ["manager", "company_admin"],
      {
        at: o.now,
        companyId: o.companyId,
        type: "other",
        title: i.needInstallation ? "Новый заказ с монтажом" : "Новый заказ",
        message: `${order.orderNumber}: ${i.customerName}, ${
          (totals.finalAmount / 100).toLocaleString("ru-RU")
        } ₽${i.needInstallation ? ", с монтажом" : ""}`,
        relatedObjectId: placed.objectId,
      },
      null,
      { plural: i.needInstallation ? "Новые заказы с монтажом" : "Новые заказы", ...grouping },
    );
    if (o.userId !== null) {
      await tx.delete(cartItems).where(and(
        eq(cartItems.userId, o.userId),
        inArray(cartItems.productId, lines.map((l) => l.product.id)),
      ));
    }
    return { order: placed, items };
  });
}

const installationAddressOf = (i: CheckoutInput) =>
  i.installationAddress ?? `${i.deliveryCity}, ${i.deliveryAddress}`;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** The Moscow calendar day of a moment, 'YYYY-MM-DD'. */
const day = (d: Date | null) => (d ? moscowDate(d) : null);

/** The order as the API answers it; money in roubles. Manager notes only for staff. */
export function orderJson(o: OrderRow, items: ItemRow[], forStaff = false): OrderJson {
  return {
    id: o.id,
    orderNumber: o.orderNumber,
    companyId: o.companyId,
    userId: o.userId,
    status: o.status,
    statusLabel: orderStatusLabels[o.status],
    nextStatuses: nextStatuses(o.status),
    totalAmount: o.totalAmount / 100,
    discount: o.discount / 100,
    shippingCost: o.shippingCost / 100,
    vatAmount: o.vatAmount / 100,
    finalAmount: o.finalAmount / 100,
    customerName: o.customerName,
    customerEmail: o.customerEmail,
    customerPhone: o.customerPhone,
    deliveryAddress: o.deliveryAddress,
    deliveryCity: o.deliveryCity,
    deliveryRegion: o.deliveryRegion,
    deliveryPostalCode: o.deliveryPostalCode,
    deliveryNotes: o.deliveryNotes,
    needInstallation: o.needInstallation,
    installationAddress: o.installationAddress,
    installationNotes: o.installationNotes,
    notes: o.notes,
    ...(forStaff ? { managerNotes: o.managerNotes } : {}),
    estimatedDeliveryDate: day(o.estimatedDeliveryDate),
    actualDeliveryDate: day(o.actualDeliveryDate),
    objectId: o.objectId,
    createdAt: iso(o.createdAt)!,
    updatedAt: iso(o.updatedAt)!,
    items: items.map((x) => ({
      productId: x.productId,
      productName: x.productName,
      productSku: x.productSku,
      quantity: x.quantity,
      pricePerUnit: x.pricePerUnit / 100,
      totalPrice: x.totalPrice / 100,
    })),
  };
}

async function itemsOf(db: Db, orderIds: number[]): Promise<Map<number, ItemRow[]>> {
  const map = new Map<number, ItemRow[]>();
  if (orderIds.length === 0) return map;
  const rows = await db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.id));
  for (const r of rows) map.set(r.orderId, [...(map.get(r.orderId) ?? []), r]);
  return map;
}

export interface OrderFilter {
  status?: OrderStatus;
  /** 'YYYY-MM-DD', inclusive, Moscow days. */
  from?: string;
  to?: string;
  page?: number;
  pageSize?: number;
}

/** One page of the company's orders, newest first, and the total. */
export async function listOrders(db: Db, scope: Scope, f: OrderFilter = {}) {
  const parts: (SQL | undefined)[] = [scope === null ? undefined : eq(orders.companyId, scope)];
  if (f.status) parts.push(eq(orders.status, f.status));
  if (f.from) parts.push(gte(orders.createdAt, moscowDayStart(f.from)));
  if (f.to) parts.push(lt(orders.createdAt, moscowDayEnd(f.to)));
  const where = and(...parts);
  const pageSize = Math.min(100, f.pageSize ?? 50);
  const page = Math.max(1, f.page ?? 1);
  const [rows, [{ n }]] = await Promise.all([
    db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(pageSize).offset((page - 1) * pageSize),
    db.select({ n: sql<number>`count(*)` }).from(orders).where(where),
  ]);
  const items = await itemsOf(db, rows.map((r) => r.id));
  return { orders: rows.map((r) => orderJson(r, items.get(r.id) ?? [], true)), total: n, page, pageSize };
}

/** One order of the company, null when it is another company's. */
export async function findOrder(db: Db, scope: Scope, id: number): Promise<OrderJson | null> {
  const [row] = await db.select().from(orders)
    .where(and(eq(orders.id, id), scope === null ? undefined : eq(orders.companyId, scope)));
  if (!row) return null;
  return orderJson(row, (await itemsOf(db, [row.id])).get(row.id) ?? [], true);
}

/** A customer's own orders, newest first. */
export async function userOrders(db: Db, userId: number): Promise<OrderJson[]> {
  const rows = await db.select().from(orders).where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  const items = await itemsOf(db, rows.map((r) => r.id));
  return rows.map((r) => orderJson(r, items.get(r.id) ?? []));
}

/** An order by its number for its customer (signed in) or for whoever holds its private key. */
export async function findCustomerOrder(
  db: Db,
  orderNumber: string,
  who: { userId: number | null; key: string | null },
): Promise<OrderJson | null> {
  // Numbers are per company: two shops may each have «З-2026-0001»; the customer or the key tells which.
  const rows = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
  const row = rows.find((r) =>
    (who.userId !== null && r.userId === who.userId) ||
    (who.key !== null && r.accessKey !== null && who.key === r.accessKey)
  );
  if (!row) return null;
  return orderJson(row, (await itemsOf(db, [row.id])).get(row.id) ?? []);
}

/** The private link of an order, for its confirmation. */
export const orderLink = (base: string, o: OrderRow) =>
  `${base}/orders/${encodeURIComponent(o.orderNumber)}?key=${o.accessKey}`;

/**
 * The manager's change: status along the objects and shop spec's «States and transitions» (cancelling returns
 * the stock), notes and delivery dates, in one transaction; the customer with an account is told of a status
 * change. Null when not in scope.
 */
export async function updateOrder(
  db: Db,
  scope: Scope,
  id: number,
  patch: OrderPatchInput,
  now: Date,
  /** The site's address: a status change writes the customer's e-mail to the outbox with the order's link. */
  options: { origin?: string } = {},
): Promise<OrderJson | null> {
  return await db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders)
      .where(and(eq(orders.id, id), scope === null ? undefined : eq(orders.companyId, scope)));
    if (!row) return null;
    const set: Partial<typeof orders.$inferInsert> = { updatedAt: now };
    if (patch.managerNotes !== undefined) set.managerNotes = patch.managerNotes;
    if (patch.estimatedDeliveryDate !== undefined) {
      set.estimatedDeliveryDate = patch.estimatedDeliveryDate
        ? moscowDayStart(patch.estimatedDeliveryDate)
        : null;
    }
    if (patch.actualDeliveryDate !== undefined) {
      set.actualDeliveryDate = patch.actualDeliveryDate ? moscowDayStart(patch.actualDeliveryDate) : null;
    }
    const moves = patch.status !== undefined && patch.status !== row.status;
    if (moves) {
      if (!nextStatuses(row.status).includes(patch.status!)) {
        throw new OrderConflictError(
          `Нельзя перевести заказ из статуса «${orderStatusLabels[row.status]}» в «${
            orderStatusLabels[patch.status!]
          }»`,
        );
      }
      set.status = patch.status;
      if (patch.status === "delivered" && set.actualDeliveryDate === undefined && !row.actualDeliveryDate) {
        set.actualDeliveryDate = now;
      }
    }
    const [updated] = await tx.update(orders).set(set).where(eq(orders.id, id)).returning();
    const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(
      asc(orderItems.id),
    );
    if (moves && patch.status === "cancelled") {
      for (const item of items) {
        if (item.productId === null) continue;
        await tx.update(products)
          .set({ stockQuantity: sql`${products.stockQuantity} + ${item.quantity}`, updatedAt: now })
          .where(
            and(
              eq(products.id, item.productId),
              sql`${products.category} NOT IN ('installation', 'maintenance')`,
            ),
          );
      }
    }
    if (moves && row.userId !== null) {
      await notifyUsers(tx, [row.userId], {
        at: now,
        companyId: row.companyId,
        type: "other",
        title: `Заказ ${row.orderNumber}: ${orderStatusLabels[patch.status!]}`,
        message: `Статус вашего заказа изменился: «${orderStatusLabels[row.status]}» → «${
          orderStatusLabels[patch.status!]
        }».`,
      });
    }
    if (moves && options.origin && row.companyId !== null) {
      const origin = options.origin.replace(/\/$/, "");
      await enqueueClientMessage(tx, {
        companyId: row.companyId,
        objectId: row.objectId,
        orderId: row.id,
        event: "order_status",
        recipient: row.customerEmail,
        key: `order:${row.id}:${patch.status}`,
        facts: {
          clientName: row.customerName,
          orderNumber: row.orderNumber,
          statusLabel: orderStatusLabels[patch.status!],
          link: orderLink(`${origin}/ruslos/c/${row.companyId}`, row),
        },
        origin,
        now,
      });
    }
    return orderJson(updated, items, true);
  });
}
