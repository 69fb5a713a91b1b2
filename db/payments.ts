// Payments of a contract or a service agreement: a payment with the client's private link, and a payment marked
// received (a contract's with the client's messages of the event). Money is integer kopecks.
import { and, eq } from "drizzle-orm";
import type { Db, Executor } from "./client.ts";
import { type Scope } from "./scope.ts";
import { clientLinks, contracts, objects, payments } from "./schema/mod.ts";
import { type ClientMessage, enqueueClientMessage } from "./outbox.ts";
import { refreshJobState } from "./job_status.ts";

/** A client message of an event whose key the event's own write decides (db/outbox.ts). */
export type MessageDraft = Omit<ClientMessage, "key" | "now">;

type Payment = typeof payments.$inferSelect;
type PaymentKind = Payment["kind"];

/**
 * Creates a payment request (the prepayment by default; a final payment; a service agreement's payment) and the
 * client's link to it in one transaction, with the client's messages of the event («Договор на подпись», written
 * to the outbox in the same transaction). A new final payment cancels the object's earlier final payments still
 * awaited, so the remainder is asked for once.
 */
export async function createPaymentWithLink(
  db: Db,
  p: {
    companyId: number;
    objectId: number;
    /** The works' contract the payment is due under; none for a service payment. */
    contractId?: number;
    /** The service agreement the payment is due under (kind "service"). */
    serviceAgreementId?: number;
    /** The estimate (and its version) the link shows beside the payment. */
    estimateId?: number | null;
    estimateVersion?: number | null;
    amount: number;
    description: string;
    qrPayload: string;
    showItems?: boolean;
    tokenHash: string;
    paymentLink: string;
    expiresAt: Date;
    kind?: PaymentKind;
  },
  by: { id: number; now: Date },
  messages: MessageDraft[] = [],
) {
  const kind = p.kind ?? "prepayment";
  return await db.transaction(async (tx) => {
    if (kind === "final") {
      await tx.update(payments).set({ status: "cancelled" }).where(and(
        eq(payments.objectId, p.objectId),
        eq(payments.kind, "final"),
        eq(payments.status, "pending"),
      ));
    }
    const [payment] = await tx.insert(payments).values({
      kind,
      companyId: p.companyId,
      objectId: p.objectId,
      contractId: p.contractId,
      serviceAgreementId: p.serviceAgreementId,
      amount: p.amount,
      description: p.description,
      paymentLink: p.paymentLink,
      qrPayload: p.qrPayload,
      status: "pending",
      createdAt: by.now,
    }).returning();
    const [link] = await tx.insert(clientLinks).values({
      companyId: p.companyId,
      objectId: p.objectId,
      estimateId: p.estimateId,
      estimateVersion: p.estimateVersion,
      contractId: p.contractId,
      paymentId: payment.id,
      tokenHash: p.tokenHash,
      showItems: p.showItems,
      createdBy: by.id,
      createdAt: by.now,
      expiresAt: p.expiresAt,
    }).returning({ id: clientLinks.id });
    for (const m of messages) {
      await enqueueClientMessage(tx, { ...m, key: `payment:${payment.id}`, now: by.now });
    }
    return { payment, linkId: link.id };
  });
}

/** What staff record of a received payment. */
interface Receipt {
  amount: number;
  receivedAt: Date;
  byUserId: number;
  now: Date;
}

/** Marks a payment of the scope (of `kind` when named) paid; the row as it was before, or null when not found. */
async function recordPaid(
  tx: Executor,
  scope: Scope,
  paymentId: number,
  r: Receipt,
  kind?: PaymentKind,
): Promise<Payment | null> {
  const [before] = await tx.select().from(payments).where(and(
    eq(payments.id, paymentId),
    scope === null ? undefined : eq(payments.companyId, scope),
    kind === undefined ? undefined : eq(payments.kind, kind),
  ));
  if (!before) return null;
  await tx.update(payments).set({
    status: "paid",
    receivedAmount: r.amount,
    receivedAt: r.receivedAt,
    receivedBy: r.byUserId,
  }).where(eq(payments.id, paymentId));
  return before;
}

/** Staff record a service payment received. False when it is not a service payment of the scope (a service
 * payment is not in the works' ledger, so the works' status does not change). */
export async function markServicePaymentReceived(
  db: Db,
  scope: Scope,
  paymentId: number,
  r: Receipt,
): Promise<boolean> {
  return await db.transaction(async (tx) => (await recordPaid(tx, scope, paymentId, r, "service")) !== null);
}

/**
 * Staff record the prepayment as received. False when the payment is not in the scope. When the payment was
 * pending, `received` makes a fresh client link (its token's hash) like the payment's own and writes the
 * «Предоплата получена» message with it, in the same transaction.
 */
export async function markPaymentReceived(
  db: Db,
  scope: Scope,
  paymentId: number,
  r: Receipt,
  received?: {
    tokenHash: string;
    expiresAt: Date;
    message: (p: typeof payments.$inferSelect) => MessageDraft;
  },
): Promise<boolean> {
  return await db.transaction(async (tx) => {
    const before = await recordPaid(tx, scope, paymentId, r);
    if (!before) return false;
    if (received && before.status === "pending") {
      const [original] = await tx.select().from(clientLinks).where(eq(clientLinks.paymentId, paymentId))
        .orderBy(clientLinks.id).limit(1);
      await tx.insert(clientLinks).values({
        companyId: before.companyId,
        objectId: before.objectId,
        estimateId: original?.estimateId ?? null,
        estimateVersion: original?.estimateVersion ?? null,
        contractId: before.contractId,
        paymentId,
        tokenHash: received.tokenHash,
        showItems: original?.showItems ?? true,
        createdBy: r.byUserId,
        createdAt: r.now,
        expiresAt: received.expiresAt,
      });
      const [site] = await tx.select({
        email: objects.clientEmail,
        name: objects.clientName,
        address: objects.address,
      })
        .from(objects).where(eq(objects.id, before.objectId));
      const [contract] = before.contractId
        ? await tx.select({ number: contracts.contractNumber }).from(contracts)
          .where(eq(contracts.id, before.contractId))
        : [];
      const draft = received.message(before);
      await enqueueClientMessage(tx, {
        ...draft,
        recipient: draft.recipient ?? site?.email,
        facts: {
          clientName: site?.name,
          address: site?.address,
          contractNumber: contract?.number,
          ...draft.facts,
        },
        key: `payment:${paymentId}:received`,
        now: r.now,
      });
    }
    await refreshJobState(tx, before.objectId, r.now, r.byUserId);
    return true;
  });
}
