// Contract, payment and client-link queries. Staff functions take the company scope (null = every company,
// system_admin only): another company's record is simply not found. Link functions find their company
// through the token's hash. Money is integer kopecks.
import { and, desc, eq, inArray, isNull, max, ne, type SQL } from "drizzle-orm";
import type { Db } from "./client.ts";
import { type Scope, scopeOf } from "./scope.ts";
import {
  clientLinks,
  companies,
  contracts,
  contractSignatures,
  contractTemplates,
  customerObjects,
  estimates,
  objects,
  payments,
} from "./schema/mod.ts";
import { notifyChiefEngineers, recordActivity } from "./notifications.ts";
import { getEstimate } from "./estimates.ts";
import type { CompanyRequisites } from "../domain/payment_qr.ts";

const inScope = (
  column: typeof contracts.companyId | typeof objects.companyId,
  scope: Scope,
): SQL | undefined => scope === null ? undefined : eq(column, scope);

/** The object of the scope with what a contract needs, or null. */
export async function contractObject(db: Db, scope: Scope, objectId: number) {
  const [row] = await db.select({
    id: objects.id,
    companyId: objects.companyId,
    address: objects.address,
    city: objects.city,
    settlement: objects.settlement,
    clientName: objects.clientName,
    clientPhone: objects.clientPhone,
    workType: objects.workType,
    status: objects.status,
  }).from(objects).where(and(eq(objects.id, objectId), inScope(objects.companyId, scope)));
  return row ?? null;
}

/** The company's requisites as a contract and a payment order print them. */
export async function companyRequisites(db: Db, companyId: number): Promise<CompanyRequisites | null> {
  const [row] = await db.select({
    name: companies.name,
    inn: companies.inn,
    kpp: companies.kpp,
    ogrn: companies.ogrn,
    legalAddress: companies.legalAddress,
    directorName: companies.directorName,
    bankName: companies.bankName,
    bankBik: companies.bankBik,
    bankAccount: companies.bankAccount,
    bankCorAccount: companies.bankCorAccount,
  }).from(companies).where(eq(companies.id, companyId));
  return row ?? null;
}

/** The estimate a contract is made from: the named one of the object, or the object's newest. */
export async function estimateForContract(db: Db, scope: Scope, objectId: number, estimateId?: number) {
  let id = estimateId;
  if (id === undefined) {
    const [latest] = await db.select({ id: estimates.id }).from(estimates)
      .where(
        and(eq(estimates.objectId, objectId), scope === null ? undefined : eq(estimates.companyId, scope)),
      )
      .orderBy(desc(estimates.createdAt), desc(estimates.id)).limit(1);
    if (!latest) return null;
    id = latest.id;
  }
  const e = await getEstimate(db, scope, id);
  return e && e.objectId === objectId ? e : null;
}

export interface NewContractVersion {
  companyId: number;
  objectId: number;
  estimateId: number;
  templateId: string;
  contractNumber: string;
  contractData: Record<string, string>;
  contractText: string;
  textSha256: string;
  prepaymentPercent: number;
  totalAmount: number;
  prepaymentAmount: number;
}

/**
 * Stores the contract text as the next version of its number on its object (1, 2, …): a stored version is
 * never updated, so a signed one stays as signed. Records the activity. Answers the new row, or null when
 * another object of the company has the number: checked in the same transaction as the write, and the
 * unique (company, number, version) index stops a second process that checked at the same moment.
 */
export async function storeContractVersion(db: Db, c: NewContractVersion, by: { id: number; now: Date }) {
  return await db.transaction(async (tx) => {
    const sameNumber = and(
      eq(contracts.companyId, c.companyId),
      eq(contracts.contractNumber, c.contractNumber),
    );
    const [other] = await tx.select({ id: contracts.id }).from(contracts)
      .where(and(sameNumber, ne(contracts.objectId, c.objectId))).limit(1);
    if (other) return null;
    const [last] = await tx.select({ v: max(contracts.version) }).from(contracts)
      .where(and(sameNumber, eq(contracts.objectId, c.objectId)));
    const [row] = await tx.insert(contracts).values({
      ...c,
      version: (last?.v ?? 0) + 1,
      createdBy: by.id,
      createdAt: by.now,
    }).returning();
    await recordActivity(tx, {
      companyId: c.companyId,
      userId: by.id,
      type: "document",
      title: `Договор №${c.contractNumber} (версия ${row.version})`,
      objectId: c.objectId,
    });
    return row;
  });
}

const signatureSelection = {
  signerName: contractSignatures.signerName,
  signatureImage: contractSignatures.signatureImage,
  signedAt: contractSignatures.signedAt,
  ip: contractSignatures.ip,
  userAgent: contractSignatures.userAgent,
  textSha256: contractSignatures.textSha256,
};
export type ContractSignature = {
  signerName: string;
  signatureImage: string;
  signedAt: Date;
  ip: string | null;
  userAgent: string | null;
  textSha256: string;
};

/** One contract version of the scope with its signature (if any) and its newest payment, or null. */
export async function getContract(db: Db, scope: Scope, id: number) {
  const [row] = await db.select().from(contracts).where(
    and(eq(contracts.id, id), inScope(contracts.companyId, scope)),
  );
  if (!row) return null;
  return await withState(db, row);
}

/** The object's current contract: its newest version, with signature and payment state; null when none. */
export async function currentContract(db: Db, scope: Scope, objectId: number) {
  const [row] = await db.select().from(contracts)
    .where(and(eq(contracts.objectId, objectId), inScope(contracts.companyId, scope)))
    .orderBy(desc(contracts.createdAt), desc(contracts.id)).limit(1);
  return row ? await withState(db, row) : null;
}

type ContractRow = typeof contracts.$inferSelect;

async function withState(db: Db, row: ContractRow) {
  const [signature] = await db.select(signatureSelection).from(contractSignatures)
    .where(eq(contractSignatures.contractId, row.id));
  const [payment] = await db.select().from(payments).where(eq(payments.contractId, row.id))
    .orderBy(desc(payments.createdAt), desc(payments.id)).limit(1);
  return {
    ...row,
    signature: (signature ?? null) as ContractSignature | null,
    payment: (payment ?? null) as typeof payments.$inferSelect | null,
  };
}
export type ContractWithState = NonNullable<Awaited<ReturnType<typeof getContract>>>;

/** Contract states of several objects for lists (foreman panel): newest version per object. */
export async function contractStates(db: Db, scope: Scope, objectIds: number[]) {
  if (objectIds.length === 0) return new Map<number, ContractWithState>();
  const rows = await db.select().from(contracts)
    .where(and(inArray(contracts.objectId, objectIds), inScope(contracts.companyId, scope)))
    .orderBy(desc(contracts.createdAt), desc(contracts.id));
  const out = new Map<number, ContractWithState>();
  for (const row of rows) if (!out.has(row.objectId)) out.set(row.objectId, await withState(db, row));
  return out;
}

/** Creates the prepayment and the client's link to it in one transaction. */
export async function createPaymentWithLink(
  db: Db,
  p: {
    companyId: number;
    objectId: number;
    contractId: number;
    estimateId: number | null;
    amount: number;
    description: string;
    qrPayload: string;
    showItems: boolean;
    tokenHash: string;
    paymentLink: string;
    expiresAt: Date;
  },
  by: { id: number; now: Date },
) {
  return await db.transaction(async (tx) => {
    const [payment] = await tx.insert(payments).values({
      companyId: p.companyId,
      objectId: p.objectId,
      contractId: p.contractId,
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
      contractId: p.contractId,
      paymentId: payment.id,
      tokenHash: p.tokenHash,
      showItems: p.showItems,
      createdBy: by.id,
      createdAt: by.now,
      expiresAt: p.expiresAt,
    }).returning({ id: clientLinks.id });
    return { payment, linkId: link.id };
  });
}

/** Staff record the prepayment as received. False when the payment is not in the scope. */
export async function markPaymentReceived(
  db: Db,
  scope: Scope,
  paymentId: number,
  r: { amount: number; receivedAt: Date; byUserId: number },
): Promise<boolean> {
  const rows = await db.update(payments).set({
    status: "paid",
    receivedAmount: r.amount,
    receivedAt: r.receivedAt,
    receivedBy: r.byUserId,
  }).where(and(eq(payments.id, paymentId), scope === null ? undefined : eq(payments.companyId, scope)))
    .returning({ id: payments.id });
  return rows.length > 0;
}

/** The object's links, newest first, for staff to see and revoke. */
export async function objectLinks(db: Db, scope: Scope, objectId: number) {
  return await db.select({
    id: clientLinks.id,
    contractId: clientLinks.contractId,
    createdAt: clientLinks.createdAt,
    expiresAt: clientLinks.expiresAt,
    revokedAt: clientLinks.revokedAt,
    openedAt: clientLinks.openedAt,
    acceptedAt: clientLinks.acceptedAt,
  }).from(clientLinks)
    .where(
      and(eq(clientLinks.objectId, objectId), scope === null ? undefined : eq(clientLinks.companyId, scope)),
    )
    .orderBy(desc(clientLinks.createdAt));
}

/** Revokes a link of the scope; false when there is none. Signatures made through it stay. */
export async function revokeLink(db: Db, scope: Scope, linkId: number, now: Date): Promise<boolean> {
  const rows = await db.update(clientLinks).set({ revokedAt: now })
    .where(and(
      eq(clientLinks.id, linkId),
      isNull(clientLinks.revokedAt),
      scope === null ? undefined : eq(clientLinks.companyId, scope),
    )).returning({ id: clientLinks.id });
  return rows.length > 0;
}

export type ClientLink = typeof clientLinks.$inferSelect;

/** The link with this token hash, whatever its state (the caller answers 404 or 410). */
export async function findLinkByTokenHash(db: Db, tokenHash: string): Promise<ClientLink | null> {
  const [row] = await db.select().from(clientLinks).where(eq(clientLinks.tokenHash, tokenHash));
  return row ?? null;
}

/** Everything the client's page shows, read through the link's own company. */
export async function linkView(db: Db, link: ClientLink) {
  const scope = scopeOf(link.companyId);
  const [object, company, contract, estimate] = await Promise.all([
    contractObject(db, scope, link.objectId),
    companyRequisites(db, link.companyId),
    link.contractId ? getContract(db, scope, link.contractId) : null,
    link.estimateId ? getEstimate(db, scope, link.estimateId) : null,
  ]);
  const [payment] = link.paymentId
    ? await db.select().from(payments).where(eq(payments.id, link.paymentId))
    : [];
  const [contacts] = await db.select({ phone: companies.phone, email: companies.email })
    .from(companies).where(eq(companies.id, link.companyId));
  return { link, object, company, contacts, contract, estimate, payment: payment ?? null };
}
export type LinkView = Awaited<ReturnType<typeof linkView>>;

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

async function notifyFromLink(db: Db | Tx, link: ClientLink, title: string, message: string) {
  await notifyChiefEngineers(db, {
    companyId: link.companyId,
    type: "other",
    title,
    message,
    relatedObjectId: link.objectId,
    relatedEstimateId: link.estimateId,
  });
}

/** The first opening of a link tells the chief engineers; later ones change nothing. */
export async function recordLinkOpened(db: Db, link: ClientLink, address: string, now: Date): Promise<void> {
  if (link.openedAt) return;
  await db.transaction(async (tx) => {
    const rows = await tx.update(clientLinks).set({ openedAt: now })
      .where(and(eq(clientLinks.id, link.id), isNull(clientLinks.openedAt))).returning({
        id: clientLinks.id,
      });
    if (rows.length) {
      await notifyFromLink(tx, link, "Клиент открыл ссылку", address);
    }
  });
}

/** The client accepts the estimate: the link remembers it and the estimate becomes approved. */
export async function acceptEstimateByLink(db: Db, link: ClientLink, address: string, now: Date) {
  await db.transaction(async (tx) => {
    await tx.update(clientLinks).set({ acceptedAt: now }).where(eq(clientLinks.id, link.id));
    if (link.estimateId) {
      await tx.update(estimates).set({ status: "approved", updatedAt: now })
        .where(and(eq(estimates.id, link.estimateId), inArray(estimates.status, ["draft", "sent"])));
    }
    await notifyFromLink(tx, link, "Клиент принял смету", address);
  });
}

/**
 * Stores the client's signature of the link's contract version. False when that version is already signed
 * (the unique index keeps it so even under a race).
 */
export async function signContractByLink(
  db: Db,
  link: ClientLink,
  s: {
    contractNumber: string;
    address: string;
    signerName: string;
    signatureImage: string;
    ip: string | null;
    userAgent: string | null;
    textSha256: string;
    now: Date;
  },
): Promise<boolean> {
  if (!link.contractId) return false;
  const contractId = link.contractId;
  return await db.transaction(async (tx) => {
    const inserted = await tx.insert(contractSignatures).values({
      contractId,
      companyId: link.companyId,
      linkId: link.id,
      signerName: s.signerName,
      signatureImage: s.signatureImage,
      ip: s.ip,
      userAgent: s.userAgent,
      textSha256: s.textSha256,
      signedAt: s.now,
    }).onConflictDoNothing().returning({ id: contractSignatures.id });
    if (inserted.length === 0) return false;
    if (!link.acceptedAt) {
      await tx.update(clientLinks).set({ acceptedAt: s.now }).where(eq(clientLinks.id, link.id));
    }
    await recordActivity(tx, {
      companyId: link.companyId,
      type: "document",
      title: `Договор №${s.contractNumber} подписан клиентом (${s.signerName})`,
      objectId: link.objectId,
    });
    await notifyFromLink(
      tx,
      link,
      "Клиент подписал договор",
      `Договор №${s.contractNumber} подписан — ${s.address}`,
    );
    return true;
  });
}

/** Attaches the link's object to a customer's account (holding the link is the proof). */
export async function attachObjectToCustomer(db: Db, userId: number, link: ClientLink, now: Date) {
  await db.insert(customerObjects).values({
    userId,
    objectId: link.objectId,
    linkId: link.id,
    createdAt: now,
  })
    .onConflictDoNothing();
}

/**
 * The customer's attached objects, each with the links still in force (not revoked, not expired); a signed
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
    .where(eq(customerObjects.userId, userId))
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

/** The company's own template for a work type, or null (the built-in one applies). */
export async function contractTemplate(db: Db, companyId: number, workType: string): Promise<string | null> {
  const [row] = await db.select({ body: contractTemplates.body }).from(contractTemplates)
    .where(and(eq(contractTemplates.companyId, companyId), eq(contractTemplates.workType, workType)));
  return row?.body ?? null;
}

/** The company's own templates by work type. */
export async function companyContractTemplates(db: Db, companyId: number) {
  return await db.select({
    workType: contractTemplates.workType,
    body: contractTemplates.body,
    updatedAt: contractTemplates.updatedAt,
  }).from(contractTemplates).where(eq(contractTemplates.companyId, companyId));
}

/** Saves (or replaces) the company's template for a work type. */
export async function saveContractTemplate(
  db: Db,
  companyId: number,
  t: { workType: string; body: string },
  by: { id: number; now: Date },
): Promise<void> {
  await db.insert(contractTemplates).values({ companyId, ...t, updatedBy: by.id, updatedAt: by.now })
    .onConflictDoUpdate({
      target: [contractTemplates.companyId, contractTemplates.workType],
      set: { body: t.body, updatedBy: by.id, updatedAt: by.now },
    });
}

/** Drops the company's template for a work type: the built-in one applies again. */
export async function resetContractTemplate(db: Db, companyId: number, workType: string): Promise<void> {
  await db.delete(contractTemplates)
    .where(and(eq(contractTemplates.companyId, companyId), eq(contractTemplates.workType, workType)));
}
