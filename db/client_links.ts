// The client's private links: staff list and revoke them; the client's page reads through the link's own company
// (found by the token's hash), records the first opening and signs the contract.
import { and, desc, eq, isNotNull, isNull, ne } from "drizzle-orm";
import type { Db } from "./client.ts";
import { type Scope, scopeOf } from "./scope.ts";
import { preparedQuery } from "./prepared.ts";
import { clientLinks, companies, contractSignatures, estimates, payments, tasks } from "./schema/mod.ts";
import { notifyChiefEngineers, recordActivity } from "./notifications.ts";
import { refreshJobState } from "./job_status.ts";
import { latestAnswer } from "./quotes.ts";
import { estimateDocumentParts } from "./estimate_documents.ts";
import { getEstimate } from "./estimates.ts";
import { getEstimateVersion } from "./estimate_versions.ts";
import { clientEstimate } from "../estimating/client_view.ts";
import type { LinkSupersession } from "../domain/client_links.ts";
import { companyRequisites, contractObject, currentContract, getContract } from "./contracts.ts";

/** The object's links, newest first, for staff to see and revoke. */
export async function objectLinks(db: Db, scope: Scope, objectId: number) {
  return await preparedQuery(
    db,
    "clientLinks.ofObject",
    { objectId, companyId: scope ?? undefined },
    (p) =>
      db.select({
        id: clientLinks.id,
        contractId: clientLinks.contractId,
        createdAt: clientLinks.createdAt,
        expiresAt: clientLinks.expiresAt,
        revokedAt: clientLinks.revokedAt,
        openedAt: clientLinks.openedAt,
        acceptedAt: clientLinks.acceptedAt,
      }).from(clientLinks)
        .where(
          and(eq(clientLinks.objectId, p.objectId), p.companyId && eq(clientLinks.companyId, p.companyId)),
        )
        .orderBy(desc(clientLinks.createdAt)),
  ).all();
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

export async function notifyFromLink(
  db: Db | Tx,
  link: ClientLink,
  title: string,
  message: string,
  at: Date,
) {
  await notifyChiefEngineers(db, {
    at,
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
      await notifyFromLink(tx, link, "Клиент открыл ссылку", address, now);
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
      at: s.now,
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
      s.now,
    );
    return true;
  });
}
