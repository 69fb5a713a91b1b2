// Customers' access to objects: a customer asks through a link, staff decide, the customer's list of objects.
import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { Db } from "./client.ts";
import { type Scope } from "./scope.ts";
import { preparedQuery } from "./prepared.ts";
import { clientLinks, companies, customerObjects, objects, users } from "./schema/mod.ts";
import { alias } from "drizzle-orm/sqlite-core";
import { recordActivity } from "./notifications.ts";
import { inScope } from "./contracts.ts";
import { type ClientLink, linkView, notifyFromLink } from "./client_links.ts";

/**
 * A customer asks to attach the link's object to the account. Holding a link proves nothing (it may have been
 * forwarded), so the request waits for the company's confirmation; the chief engineers hear who asked.
 * Answers whether the object is attached already ("approved") or waits ("pending").
 */
export async function requestCustomerObject(
  db: Db,
  user: { id: number; email: string; name: string },
  link: ClientLink,
  address: string,
  now: Date,
): Promise<"approved" | "pending"> {
  return await db.transaction(async (tx) => {
    const inserted = await tx.insert(customerObjects).values({
      userId: user.id,
      objectId: link.objectId,
      linkId: link.id,
      createdAt: now,
    }).onConflictDoNothing().returning({ id: customerObjects.id });
    if (inserted.length === 0) {
      const [row] = await tx.select({ approvedAt: customerObjects.approvedAt }).from(customerObjects)
        .where(and(eq(customerObjects.userId, user.id), eq(customerObjects.objectId, link.objectId)));
      return row?.approvedAt ? "approved" : "pending";
    }
    const who = `${user.name} (${user.email})`;
    await recordActivity(tx, {
      at: now,
      companyId: link.companyId,
      userId: user.id,
      type: "other",
      title: `Клиент ${who} просит прикрепить объект к своей учётной записи`,
      objectId: link.objectId,
    });
    await notifyFromLink(tx, link, "Клиент просит доступ к объекту", `${who} — ${address}`, now);
    return "pending";
  });
}

/** The customers who asked for an object of the scope, and who confirmed each, newest first. */
export async function objectCustomerAccess(db: Db, scope: Scope, objectId: number) {
  return await preparedQuery(
    db,
    "customerObjects.ofObject",
    { objectId, companyId: scope ?? undefined },
    (p) =>
      db.select({
        id: customerObjects.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        requestedAt: customerObjects.createdAt,
        approvedAt: customerObjects.approvedAt,
        approverFirstName: approver.firstName,
        approverLastName: approver.lastName,
      }).from(customerObjects)
        .innerJoin(users, eq(users.id, customerObjects.userId))
        .innerJoin(objects, eq(objects.id, customerObjects.objectId))
        .leftJoin(approver, eq(approver.id, customerObjects.approvedBy))
        .where(
          and(eq(customerObjects.objectId, p.objectId), p.companyId && eq(objects.companyId, p.companyId)),
        )
        .orderBy(desc(customerObjects.createdAt), desc(customerObjects.id)),
  ).all();
}

/** Who confirmed a customer's access (the users table a second time in objectCustomerAccess). */
const approver = alias(users, "approver");

/**
 * Staff confirm (the object appears in the customer's «Мои объекты») or refuse (the request is removed) a
 * customer's request for an object of the scope; recorded in the activity. False when not in the scope.
 */
export async function decideCustomerAccess(
  db: Db,
  scope: Scope,
  d: { objectId: number; accessId: number; decision: "approve" | "reject" },
  by: { id: number; now: Date },
): Promise<boolean> {
  return await db.transaction(async (tx) => {
    const [row] = await tx.select({
      id: customerObjects.id,
      objectId: customerObjects.objectId,
      companyId: objects.companyId,
      email: users.email,
    }).from(customerObjects)
      .innerJoin(objects, eq(objects.id, customerObjects.objectId))
      .innerJoin(users, eq(users.id, customerObjects.userId))
      .where(and(
        eq(customerObjects.id, d.accessId),
        eq(customerObjects.objectId, d.objectId),
        inScope(objects.companyId, scope),
      ));
    if (!row) return false;
    if (d.decision === "approve") {
      await tx.update(customerObjects).set({ approvedAt: by.now, approvedBy: by.id })
        .where(eq(customerObjects.id, row.id));
    } else await tx.delete(customerObjects).where(eq(customerObjects.id, row.id));
    await recordActivity(tx, {
      at: by.now,
      companyId: row.companyId,
      userId: by.id,
      type: "other",
      title: d.decision === "approve"
        ? `Доступ клиента ${row.email} к объекту подтверждён`
        : `Доступ клиента ${row.email} к объекту отклонён`,
      objectId: row.objectId,
    });
    return true;
  });
}

/**
 * The customer's attached objects (those the company confirmed), each with the links still in force (not revoked, not expired); a signed
 * contract stays visible even after its link is revoked.
 */
export async function customerObjectList(db: Db, userId: number, now: Date) {
  const rows = await db.select({
    objectId: customerObjects.objectId,
    companyId: objects.companyId,
    address: objects.address,
    workType: objects.workType,
    companyName: companies.name,
  }).from(customerObjects)
    .innerJoin(objects, eq(objects.id, customerObjects.objectId))
    .innerJoin(companies, eq(companies.id, objects.companyId))
    .where(and(eq(customerObjects.userId, userId), isNotNull(customerObjects.approvedAt)))
    .orderBy(desc(customerObjects.createdAt));
  const out = [];
  for (const r of rows) {
    const links = await db.select().from(clientLinks).where(eq(clientLinks.objectId, r.objectId))
      .orderBy(desc(clientLinks.createdAt));
    const views = [];
    for (const link of links) {
      const live = !link.revokedAt && link.expiresAt > now;
      const view = await linkView(db, link);
      if (live || view.contract?.signature) views.push({ live, view });
    }
    out.push({ ...r, views });
  }
  return out;
}
