// Contract, payment and client-link queries. Staff functions take the company scope (null = every company,
// system_admin only): another company's record is simply not found. Link functions find their company
// through the token's hash. Money is integer kopecks.
import { and, desc, eq, inArray, isNotNull, isNull, max, ne, type SQL } from "drizzle-orm";
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
  tasks,
  users,
} from "./schema/mod.ts";
import { alias } from "drizzle-orm/sqlite-core";
import { notifyChiefEngineers, recordActivity } from "./notifications.ts";
import { type ClientMessage, enqueueClientMessage } from "./outbox.ts";
import { refreshJobState } from "./job_status.ts";
import { allocateNumber } from "./document_numbers.ts";
import { latestAnswer } from "./quotes.ts";
import { estimateDocumentParts } from "./estimate_documents.ts";
import { getEstimate } from "./estimates.ts";
import { getEstimateVersion } from "./estimate_versions.ts";
import { clientEstimate } from "../estimating/client_view.ts";
import type { CompanyRequisites } from "../domain/payment_qr.ts";
import type { ContractClient } from "../domain/contract_text.ts";
import type { LinkSupersession } from "../domain/client_links.ts";

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
    clientEmail: objects.clientEmail,
    workType: objects.workType,
    status: objects.status,
    clientKind: objects.clientKind,
    inn: objects.clientInn,
    kpp: objects.clientKpp,
    ogrn: objects.clientOgrn,
    legalAddress: objects.clientLegalAddress,
    signer: objects.clientSigner,
    bankName: objects.clientBankName,
    bankBik: objects.clientBankBik,
    bankAccount: objects.clientBankAccount,
    bankCorAccount: objects.clientBankCorAccount,
  }).from(objects).where(and(eq(objects.id, objectId), inScope(objects.companyId, scope)));
  return row ?? null;
}

/** Who the object's client is, as a contract, an invoice and КС-2/КС-3 name it. */
export function contractClient(o: NonNullable<Awaited<ReturnType<typeof contractObject>>>): ContractClient {
  if (o.clientKind === "person") return { kind: "person" };
  const { inn, kpp, ogrn, legalAddress, signer, bankName, bankBik, bankAccount, bankCorAccount } = o;
  return {
    kind: "organisation",
    inn,
    kpp,
    ogrn,
    legalAddress,
    signer,
    bankName,
    bankBik,
    bankAccount,
    bankCorAccount,
  };
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
  /** The estimate's version it was made from. */
  estimateVersion: number;
  templateId: string;
  /** The number typed in the wizard; null: the object's contract number, or the company's next one. */
  contractNumber: string | null;
  /** The text and data of the contract with its number (the text prints it, so it is written after the
   * number is known). */
  write: (contractNumber: string) => {
    contractData: Record<string, string>;
    contractText: string;
    /** SHA-256 (hex) of contractText. */
    textSha256: string;
  };
  prepaymentPercent: number;
  totalAmount: number;
  prepaymentAmount: number;
}

/**
 * Stores the contract text as the next version of its number on its object (1, 2, …): a stored version is
 * never updated, so a signed one stays as signed. Without a typed number the object's contract keeps its
 * number, and the object's first contract takes the company's next («Д-2026-0001», allocateNumber in this
 * transaction). Records the activity. Answers the new row, or null when another object of the company has
 * the number: checked in the same transaction as the write, and the unique (company, number, version) index
 * stops a second process that checked at the same moment.
 */
export async function storeContractVersion(db: Db, c: NewContractVersion, by: { id: number; now: Date }) {
  return await db.transaction(async (tx) => {
    const { write, contractNumber: typed, ...fields } = c;
    const [earlier] = typed === null
      ? await tx.select({ number: contracts.contractNumber }).from(contracts)
        .where(and(eq(contracts.companyId, c.companyId), eq(contracts.objectId, c.objectId)))
        .orderBy(desc(contracts.createdAt), desc(contracts.id)).limit(1)
      : [];
    const contractNumber = typed ?? earlier?.number ??
      await allocateNumber(tx, c.companyId, "contract", by.now);
    const sameNumber = and(
      eq(contracts.companyId, c.companyId),
      eq(contracts.contractNumber, contractNumber),
    );
    const [other] = await tx.select({ id: contracts.id }).from(contracts)
      .where(and(sameNumber, ne(contracts.objectId, c.objectId))).limit(1);
    if (other) return null;
    const [last] = await tx.select({ v: max(contracts.version) }).from(contracts)
      .where(and(sameNumber, eq(contracts.objectId, c.objectId)));
    const document = write(contractNumber);
    const [row] = await tx.insert(contracts).values({
      ...fields,
      ...document,
      contractNumber,
      version: (last?.v ?? 0) + 1,
      createdBy: by.id,
      createdAt: by.now,
    }).returning();
    await recordActivity(tx, {
      companyId: c.companyId,
      userId: by.id,
      type: "document",
      title: `Договор №${contractNumber} (версия ${row.version})`,
      objectId: c.objectId,
    });
    await refreshJobState(tx, c.objectId, by.now, by.id);
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
  // The contract's state is its prepayment; the final payment is the ledger's (db/ledger.ts).
  const [payment] = await db.select().from(payments)
    .where(and(eq(payments.contractId, row.id), eq(payments.kind, "prepayment")))
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

/** A client message of an event whose key the event's own write decides (db/outbox.ts). */
export type MessageDraft = Omit<ClientMessage, "key" | "now">;

/**
 * Creates a payment request (the prepayment by default) and the client's link to it in one transaction, with the
 * client's messages of the event («Договор на подпись», written to the outbox in the same transaction). A new
 * final payment cancels the object's earlier final payments still awaited, so the remainder is asked for once.
 */
export async function createPaymentWithLink(
  db: Db,
  p: {
    companyId: number;
    objectId: number;
    contractId: number;
    estimateId: number | null;
    estimateVersion: number | null;
    amount: number;
    description: string;
    qrPayload: string;
    showItems: boolean;
    tokenHash: string;
    paymentLink: string;
    expiresAt: Date;
    kind?: "prepayment" | "final";
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

/**
 * Staff record the prepayment as received. False when the payment is not in the scope. When the payment was
 * pending, `received` makes a fresh client link (its token's hash) like the payment's own and writes the
 * «Предоплата получена» message with it, in the same transaction.
 */
export async function markPaymentReceived(
  db: Db,
  scope: Scope,
  paymentId: number,
  r: { amount: number; receivedAt: Date; byUserId: number; now: Date },
  received?: {
    tokenHash: string;
    expiresAt: Date;
    message: (p: typeof payments.$inferSelect) => MessageDraft;
  },
): Promise<boolean> {
  return await db.transaction(async (tx) => {
    const [before] = await tx.select().from(payments)
      .where(and(eq(payments.id, paymentId), scope === null ? undefined : eq(payments.companyId, scope)));
    if (!before) return false;
    await tx.update(payments).set({
      status: "paid",
      receivedAmount: r.amount,
      receivedAt: r.receivedAt,
      receivedBy: r.byUserId,
    }).where(eq(payments.id, paymentId));
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
  const [object, company, contract, estimate, superseded] = await Promise.all([
    contractObject(db, scope, link.objectId),
    companyRequisites(db, link.companyId),
    link.contractId ? getContract(db, scope, link.contractId) : null,
    link.estimateId
      ? link.estimateVersion === null
        ? getEstimate(db, scope, link.estimateId)
        : getEstimateVersion(db, scope, link.estimateId, link.estimateVersion)
      : null,
    linkSuperseded(db, link),
  ]);
  const [payment] = link.paymentId
    ? await db.select().from(payments).where(eq(payments.id, link.paymentId))
    : [];
  const [contacts] = await db.select({
    phone: companies.phone,
    email: companies.email,
    website: companies.website,
    whatsapp: companies.whatsapp,
    telegram: companies.telegram,
    address: companies.actualAddress,
  }).from(companies).where(eq(companies.id, link.companyId));
  // Every payment of the object (due and made) and its dated visits: what the client's page lists.
  const objectPayments = await db.select({
    id: payments.id,
    amount: payments.amount,
    description: payments.description,
    status: payments.status,
    createdAt: payments.createdAt,
    receivedAt: payments.receivedAt,
    receivedAmount: payments.receivedAmount,
  }).from(payments).where(and(eq(payments.objectId, link.objectId), eq(payments.companyId, link.companyId)))
    .orderBy(desc(payments.createdAt));
  const visits = await db.select({ title: tasks.title, dueDate: tasks.dueDate, status: tasks.status })
    .from(tasks).where(and(
      eq(tasks.objectId, link.objectId),
      eq(tasks.companyId, link.companyId),
      isNotNull(tasks.dueDate),
      ne(tasks.status, "cancelled"),
    )).orderBy(tasks.dueDate).limit(20);
  const parts = estimate ? await estimateDocumentParts(db, estimate) : null;
  const answer = link.estimateId && estimate
    ? await latestAnswer(db, link.estimateId, link.estimateVersion ?? estimate.version)
    : null;
  const clientEstimateView = estimate && parts
    ? clientEstimate({ ...estimate, discount: parts.discount, clientNote: parts.clientNote })
    : null;
  return {
    link,
    object,
    company,
    contacts,
    contract,
    estimate: clientEstimateView,
    superseded,
    payment: payment ?? null,
    payments: objectPayments,
    visits,
    /** The link's estimate version is approved (through any link, or by staff). */
    quoteApproved: answer?.decision === "approved" && estimate?.status === "approved",
    /** The client's request for changes to this version, while it is the newest answer. */
    changesRequested: answer?.decision === "changes_requested"
      ? { comment: answer.comment ?? "", at: answer.createdAt.toISOString() }
      : null,
  };
}

/**
 * What replaced the version a link was made for: a newer contract version of its object, or a newer
 * version of its estimate; null while the link's versions are current. A superseded link only shows.
 */
export async function linkSuperseded(
  db: Db,
  link: ClientLink,
): Promise<LinkSupersession | null> {
  const scope = scopeOf(link.companyId);
  const [newest, estimate] = await Promise.all([
    link.contractId ? currentContract(db, scope, link.objectId) : null,
    link.estimateId && link.estimateVersion !== null
      ? db.select({ version: estimates.version }).from(estimates).where(eq(estimates.id, link.estimateId))
        .then((rows) => rows[0] ?? null)
      : null,
  ]);
  const contractReplaced = newest !== null && newest.id !== link.contractId;
  const estimateReplaced = estimate !== null && estimate.version !== link.estimateVersion;
  if (!contractReplaced && !estimateReplaced) return null;
  return {
    contractVersion: contractReplaced ? newest.version : null,
    createdAt: contractReplaced ? newest.createdAt : null,
    estimateVersion: estimateReplaced ? estimate.version : null,
  };
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
    await refreshJobState(tx, link.objectId, s.now);
    await notifyFromLink(
      tx,
      link,
      "Клиент подписал договор",
      `Договор №${s.contractNumber} подписан — ${s.address}`,
    );
    return true;
  });
}

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
      companyId: link.companyId,
      userId: user.id,
      type: "other",
      title: `Клиент ${who} просит прикрепить объект к своей учётной записи`,
      objectId: link.objectId,
    });
    await notifyFromLink(tx, link, "Клиент просит доступ к объекту", `${who} — ${address}`);
    return "pending";
  });
}

/** The customers who asked for an object of the scope, and who confirmed each, newest first. */
export async function objectCustomerAccess(db: Db, scope: Scope, objectId: number) {
  const approver = alias(users, "approver");
  return await db.select({
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
    .where(and(eq(customerObjects.objectId, objectId), inScope(objects.companyId, scope)))
    .orderBy(desc(customerObjects.createdAt), desc(customerObjects.id));
}

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
