// The quote's approval: staff send an estimate version to the client as a private link
// without a contract; the client approves it or asks for changes with a comment; each answer is recorded
// (estimate_decisions: who, when, which version, through which link), the engineer who sent it and the
// chief engineers are notified, and the object's state follows (db/job_status.ts), all in one transaction.
import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import type { Db, Executor } from "./client.ts";
import type { Scope } from "./scope.ts";
import { preparedQuery } from "./prepared.ts";
import { clientLinks, estimateDecisions, estimates, objects, users } from "./schema/mod.ts";
import { enqueueClientMessage } from "./outbox.ts";
import { notifyChiefEngineers, notifyUsers, recordActivity } from "./notifications.ts";
import { refreshJobState } from "./job_status.ts";
import { displayName } from "../domain/format.ts";

export type EstimateDecision = typeof estimateDecisions.$inferSelect;
type ClientLink = typeof clientLinks.$inferSelect;

/**
 * «Смета отправлена клиенту»: the one place this event happens. Stores the client's link to the estimate's
 * current version (no contract needed), marks a draft estimate sent, records the activity, moves the job and
 * writes the «Смета готова к согласованию» message to the client's e-mail into the outbox, in one transaction.
 */
export async function sendEstimateToClient(
  db: Db,
  e: { id: number; companyId: number; objectId: number; version: number; estimateNumber: string },
  link: { tokenHash: string; showItems: boolean; expiresAt: Date; url: string; origin: string },
  by: { id: number; now: Date },
): Promise<{ linkId: number }> {
  return await db.transaction(async (tx) => {
    const [row] = await tx.insert(clientLinks).values({
      companyId: e.companyId,
      objectId: e.objectId,
      estimateId: e.id,
      estimateVersion: e.version,
      tokenHash: link.tokenHash,
      showItems: link.showItems,
      createdBy: by.id,
      createdAt: by.now,
      expiresAt: link.expiresAt,
    }).returning({ id: clientLinks.id });
    await tx.update(estimates).set({ status: "sent", updatedAt: by.now })
      .where(and(eq(estimates.id, e.id), eq(estimates.status, "draft")));
    await recordActivity(tx, {
      at: by.now,
      companyId: e.companyId,
      userId: by.id,
      type: "document",
      title: `Смета ${e.estimateNumber} (версия ${e.version}) отправлена клиенту на согласование`,
      objectId: e.objectId,
    });
    await refreshJobState(tx, e.objectId, by.now, by.id);
    const [site] = await tx.select({
      email: objects.clientEmail,
      name: objects.clientName,
      address: objects.address,
    })
      .from(objects).where(eq(objects.id, e.objectId));
    await enqueueClientMessage(tx, {
      companyId: e.companyId,
      objectId: e.objectId,
      event: "estimate_ready",
      recipient: site?.email,
      key: `estimate:${e.id}:link:${row.id}`,
      facts: {
        link: link.url,
        clientName: site?.name,
        address: site?.address,
        estimateNumber: e.estimateNumber,
      },
      origin: link.origin,
      now: by.now,
    });
    return { linkId: row.id };
  });
}

/** Who answered through the link: the name the client gave, the address and browser. */
export interface ClientAnswer {
  name: string;
  ip: string | null;
  userAgent: string | null;
  address: string;
  now: Date;
}

/** Tells the engineer who sent the link and the chief engineers (each once). */
async function tellStaff(tx: Executor, link: ClientLink, title: string, message: string, at: Date) {
  await notifyChiefEngineers(tx, {
    at,
    companyId: link.companyId,
    type: "other",
    title,
    message,
    relatedObjectId: link.objectId,
    relatedEstimateId: link.estimateId,
  }, link.createdBy);
  if (link.createdBy !== null) {
    await notifyUsers(tx, [link.createdBy], {
      at,
      companyId: link.companyId,
      type: "other",
      title,
      message,
      relatedObjectId: link.objectId,
      relatedEstimateId: link.estimateId,
    });
  }
}

/**
 * The client approves the link's estimate version. Idempotent: a repeat (through this or another link to
 * the same version) records nothing more and answers the first approval. The estimate becomes approved while
 * it is still that version. Answers the approval.
 */
export async function approveEstimateByLink(
  db: Db,
  link: ClientLink & { estimateId: number; estimateVersion: number },
  a: ClientAnswer,
): Promise<EstimateDecision> {
  return await db.transaction(async (tx) => {
    await tx.update(clientLinks).set({ acceptedAt: a.now })
      .where(and(eq(clientLinks.id, link.id), isNull(clientLinks.acceptedAt)));
    // Already approved at this version (through this link, another, or by staff): the first approval stands.
    const current = await estimateState(tx, link.estimateId);
    const earlier = await approvalOf(tx, link.estimateId, link.estimateVersion);
    if (earlier && current?.status === "approved" && current.version === link.estimateVersion) return earlier;
    const [inserted] = await tx.insert(estimateDecisions).values({
      companyId: link.companyId,
      objectId: link.objectId,
      estimateId: link.estimateId,
      estimateVersion: link.estimateVersion,
      linkId: link.id,
      decision: "approved",
      byName: a.name,
      ip: a.ip,
      userAgent: a.userAgent,
      createdAt: a.now,
    }).returning();
    await tx.update(estimates).set({ status: "approved", updatedAt: a.now }).where(and(
      eq(estimates.id, link.estimateId),
      eq(estimates.version, link.estimateVersion),
      inArray(estimates.status, ["draft", "sent", "rejected"]),
    ));
    await recordActivity(tx, {
      at: a.now,
      companyId: link.companyId,
      type: "document",
      title: `Клиент согласовал смету (версия ${link.estimateVersion}): ${a.name}`,
      objectId: link.objectId,
    });
    await tellStaff(tx, link, "Клиент принял смету", `${a.name} — ${a.address}`, a.now);
    await refreshJobState(tx, link.objectId, a.now);
    return inserted;
  });
}

/** The client asks for changes to the link's estimate version, with a comment the staff read. */
export async function requestEstimateChangesByLink(
  db: Db,
  link: ClientLink & { estimateId: number; estimateVersion: number },
  a: ClientAnswer & { comment: string },
): Promise<EstimateDecision> {
  return await db.transaction(async (tx) => {
    const [row] = await tx.insert(estimateDecisions).values({
      companyId: link.companyId,
      objectId: link.objectId,
      estimateId: link.estimateId,
      estimateVersion: link.estimateVersion,
      linkId: link.id,
      decision: "changes_requested",
      comment: a.comment,
      byName: a.name,
      ip: a.ip,
      userAgent: a.userAgent,
      createdAt: a.now,
    }).returning();
    await recordActivity(tx, {
      at: a.now,
      companyId: link.companyId,
      type: "document",
      title: `Клиент просит изменить смету (версия ${link.estimateVersion}): ${a.comment}`.slice(0, 500),
      objectId: link.objectId,
    });
    await tellStaff(
      tx,
      link,
      "Клиент просит изменить смету",
      `${a.name}: «${a.comment}» — ${a.address}`,
      a.now,
    );
    await refreshJobState(tx, link.objectId, a.now);
    return row;
  });
}

/** The newest answer to an estimate version (of one kind when `decision` is given), or null. */
async function newestDecision(
  db: Executor,
  estimateId: number,
  version: number,
  decision?: EstimateDecision["decision"],
): Promise<EstimateDecision | null> {
  const [row] = await db.select().from(estimateDecisions).where(and(
    eq(estimateDecisions.estimateId, estimateId),
    eq(estimateDecisions.estimateVersion, version),
    decision ? eq(estimateDecisions.decision, decision) : undefined,
  )).orderBy(desc(estimateDecisions.createdAt), desc(estimateDecisions.id)).limit(1);
  return row ?? null;
}

/** The approval of an estimate version, or null. */
export const approvalOf = (db: Executor, estimateId: number, version: number) =>
  newestDecision(db, estimateId, version, "approved");

/** Staff approved an estimate version (the status button): recorded like the client's. */
export async function recordStaffApproval(
  tx: Executor,
  e: { id: number; companyId: number; objectId: number; version: number },
  by: { id: number; now: Date },
): Promise<void> {
  const [user] = await tx.select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users).where(eq(users.id, by.id));
  await tx.insert(estimateDecisions).values({
    companyId: e.companyId,
    objectId: e.objectId,
    estimateId: e.id,
    estimateVersion: e.version,
    decision: "approved",
    byName: user ? displayName(user) || user.email : "Сотрудник",
    byUserId: by.id,
    createdAt: by.now,
  });
}

/** The answers to an estimate (every version), newest first, for the staff's estimate and object pages. */
export async function estimateDecisionsOf(
  db: Db,
  scope: Scope,
  estimateId: number,
): Promise<EstimateDecision[]> {
  return await preparedQuery(
    db,
    "estimateDecisions.list",
    { estimateId, companyId: scope ?? undefined },
    (p) =>
      db.select().from(estimateDecisions).where(and(
        eq(estimateDecisions.estimateId, p.estimateId),
        p.companyId && eq(estimateDecisions.companyId, p.companyId),
      )).orderBy(desc(estimateDecisions.createdAt), desc(estimateDecisions.id)).limit(50),
  ).all();
}

/** The estimate's status and current version, or null. */
export async function estimateState(db: Executor, estimateId: number) {
  const [row] = await db.select({ status: estimates.status, version: estimates.version }).from(estimates)
    .where(eq(estimates.id, estimateId));
  return row ?? null;
}

/** The newest answer to an estimate version, or null. */
export const latestAnswer = (db: Executor, estimateId: number, version: number) =>
  newestDecision(db, estimateId, version);
