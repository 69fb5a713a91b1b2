// The act of completed works (definitions in domain/acts.ts): the lines it lists, made when the works are
// finished, signed or refused by the client through the link. Staff functions take the company scope;
// link functions find their company through the link. A signed or refused version is never updated.
import { and, desc, eq, isNull, max, ne } from "drizzle-orm";
import type { Db, Executor } from "./client.ts";
import { type Scope, scopeOf } from "./scope.ts";
import {
  clientLinks,
  companies,
  completionActs,
  contracts,
  jobChanges,
  objects,
  payments,
  supplementaryAgreements,
} from "./schema/mod.ts";
import { discountOf } from "./estimates.ts";
import { getEstimateVersion } from "./estimate_versions.ts";
import { refreshJobState } from "./job_status.ts";
import { notifyChiefEngineers, notifyRoles, recordActivity } from "./notifications.ts";
import { enqueueClientMessage } from "./outbox.ts";
import { clientLines } from "../estimating/client_view.ts";
import { discountLabel, estimateTotals } from "../estimating/mod.ts";
import { applyChanges, needsConsent } from "../domain/job_changes.ts";
import { ledgerOf } from "../domain/ledger.ts";
import { encodeHexLowerCase } from "@oslojs/encoding";
import { sha256 } from "@oslojs/crypto/sha2";
import { ACT_TITLE, type ActContent, type ActLine, actText, actVersionNumber } from "../domain/acts.ts";
import { recordInstalledEquipment } from "./service.ts";
import { moscowDate } from "../domain/dates.ts";
import { allocateNumber } from "./document_numbers.ts";

/** The SHA-256 of the act's text, what a signature is given over. */
export const actSha256 = (content: ActContent) =>
  encodeHexLowerCase(sha256(new TextEncoder().encode(actText(content))));

export type CompletionAct = typeof completionActs.$inferSelect;

/** What the act of an object lists and sums: the current contract's approved estimate with the changes in
 * force (db/job_changes.ts), kopecks. */
export interface CompletedWork {
  contract: {
    id: number;
    contractNumber: string;
    createdAt: Date;
    clientName: string | null;
    totalAmount: number;
  };
  estimate: { id: number; estimateNumber: string; version: number };
  lines: ActLine[];
  itemsTotal: number;
  discount: { label: string; amount: number } | null;
  vatMode: string;
  vatAmount: number;
  totalAmount: number;
  /** The estimate version's own total, before the changes. */
  estimateTotal: number;
}

/**
 * The works and equipment of the object's act, one definition for every document that lists them (the act,
 * the КС-2): the lines of the estimate version its current contract was made from, with that version's
 * discount, VAT mode and total, changed by the changes recorded at the works that are in force: decreases at
 * once, increases and changes flagged for the client's consent once their supplementary agreement is signed
 * (domain/job_changes.ts). `alsoCounting` counts changes not yet agreed as if they were (an agreement's new
 * total). Null when the object has no contract (or its estimate is gone).
 */
export async function completedWorkLines(
  db: Executor,
  objectId: number,
  alsoCounting: readonly number[] = [],
): Promise<CompletedWork | null> {
  const [contract] = await db.select({
    id: contracts.id,
    companyId: contracts.companyId,
    contractNumber: contracts.contractNumber,
    createdAt: contracts.createdAt,
    contractData: contracts.contractData,
    totalAmount: contracts.totalAmount,
    estimateId: contracts.estimateId,
    estimateVersion: contracts.estimateVersion,
  }).from(contracts).where(eq(contracts.objectId, objectId))
    .orderBy(desc(contracts.createdAt), desc(contracts.id)).limit(1);
  if (!contract?.estimateId) return null;
  const estimate = contract.estimateVersion === null ? null : await getEstimateVersion(
    db,
    scopeOf(contract.companyId),
    contract.estimateId,
    contract.estimateVersion,
  );
  if (!estimate) return null;
  const data = (contract.contractData ?? {}) as Record<string, string>;
  const changes = (await db.select({
    id: jobChanges.id,
    kind: jobChanges.kind,
    lineIndex: jobChanges.lineIndex,
    section: jobChanges.section,
    name: jobChanges.name,
    unit: jobChanges.unit,
    oldQuantity: jobChanges.oldQuantity,
    newQuantity: jobChanges.newQuantity,
    pricePerUnit: jobChanges.pricePerUnit,
    requiresConsent: jobChanges.requiresConsent,
    agreedAt: supplementaryAgreements.signedAt,
  }).from(jobChanges)
    .leftJoin(supplementaryAgreements, eq(supplementaryAgreements.id, jobChanges.agreementId))
    .where(eq(jobChanges.contractId, contract.id)).orderBy(jobChanges.id))
    .filter((c) => c.agreedAt !== null || !needsConsent(c) || alsoCounting.includes(c.id));
  const lines = applyChanges(clientLines(estimate.items), changes);
  const discount = discountOf(estimate.discountKind, estimate.discountValue);
  // Without changes the estimate's stored figures stand as they are; with them, its rules price the lines.
  const totals = changes.length === 0 ? null : estimateTotals(
    lines.map((l) => ({ section: l.section, totalPrice: l.totalPrice, equipmentCost: 0 })),
    { vatMode: estimate.vatMode, discount },
  );
  const discountAmount = totals ? totals.discountAmount : estimate.discountAmount;
  return {
    contract: {
      id: contract.id,
      contractNumber: contract.contractNumber,
      createdAt: contract.createdAt,
      clientName: data.CLIENT_NAME ?? null,
      totalAmount: contract.totalAmount,
    },
    estimate: { id: estimate.id, estimateNumber: estimate.estimateNumber, version: estimate.version },
    lines,
    itemsTotal: totals ? totals.itemsTotal : estimate.itemsTotal,
    discount: discountAmount > 0 && discount
      ? { label: discountLabel(discount), amount: discountAmount }
      : null,
    vatMode: estimate.vatMode,
    vatAmount: totals ? totals.vat.amount : estimate.vatAmount,
    totalAmount: totals ? totals.totalAmount : estimate.totalAmount,
    estimateTotal: estimate.totalAmount,
  };
}

/** Money received for the works of the object, as the ledger counts it (domain/ledger.ts, db/ledger.ts). */
async function receivedFor(db: Executor, objectId: number, total: number) {
  const rows = await db.select({
    kind: payments.kind,
    status: payments.status,
    amount: payments.amount,
    receivedAmount: payments.receivedAmount,
  }).from(payments).where(and(eq(payments.objectId, objectId), ne(payments.kind, "service")));
  return ledgerOf(total, rows);
}

/** The act's content as it would be issued now, or null without a contract. `number` gives the number it is
 * issued under, asked only when there is an act to make (a preview has none). */
export async function actContent(db: Executor, objectId: number, now: Date, number: () => Promise<string>) {
  const work = await completedWorkLines(db, objectId);
  if (!work) return null;
  const actNumber = await number();
  const [o] = await db.select({
    address: objects.address,
    clientName: objects.clientName,
    company: companies.name,
    inn: companies.inn,
    legalAddress: companies.legalAddress,
    director: companies.directorName,
  }).from(objects).innerJoin(companies, eq(companies.id, objects.companyId)).where(eq(objects.id, objectId));
  const ledger = await receivedFor(db, objectId, work.totalAmount);
  const content: ActContent = {
    actNumber,
    contractNumber: work.contract.contractNumber,
    contractDate: work.contract.createdAt.toISOString(),
    estimateNumber: work.estimate.estimateNumber,
    estimateVersion: work.estimate.version,
    date: now.toISOString(),
    contractor: { name: o.company, inn: o.inn, address: o.legalAddress, director: o.director },
    customer: work.contract.clientName ?? o.clientName ?? "Заказчик",
    address: o.address,
    lines: work.lines,
    itemsTotal: work.itemsTotal,
    discount: work.discount,
    vatMode: work.vatMode,
    vatAmount: work.vatAmount,
    totalAmount: work.totalAmount,
    receivedAmount: ledger.received,
    dueAmount: ledger.owed,
  };
  return { work, content };
}

/** The object's newest act version of the scope; null when none. */
export async function currentAct(
  db: Executor,
  scope: Scope,
  objectId: number,
): Promise<CompletionAct | null> {
  const [row] = await db.select().from(completionActs).where(and(
    eq(completionActs.objectId, objectId),
    scope === null ? undefined : eq(completionActs.companyId, scope),
  )).orderBy(desc(completionActs.version)).limit(1);
  return row ?? null;
}

/** Every act version of an object of the scope, newest first. */
export async function objectActs(db: Db, scope: Scope, objectId: number): Promise<CompletionAct[]> {
  return await db.select().from(completionActs).where(and(
    eq(completionActs.objectId, objectId),
    scope === null ? undefined : eq(completionActs.companyId, scope),
  )).orderBy(desc(completionActs.version));
}

/** One act version of the scope, or null. */
export async function getAct(db: Db, scope: Scope, id: number): Promise<CompletionAct | null> {
  const [row] = await db.select().from(completionActs).where(and(
    eq(completionActs.id, id),
    scope === null ? undefined : eq(completionActs.companyId, scope),
  ));
  return row ?? null;
}

export type MakeActResult =
  | { made: CompletionAct }
  | { refused: "missing" | "no_contract" | "not_started" | "finished" | "pending" | "signed" };

/**
 * Finishes the works (when they are under way) and makes the next version of the object's act from
 * completedWorkLines, with the client's link to sign it and the message «Акт готов к подписанию», in one
 * transaction; the status follows (db/job_status.ts). Refused while a version awaits the client's answer or
 * once one is signed; a refused version is followed by a new one.
 */
export async function finishWorksWithAct(
  db: Db,
  scope: Scope,
  objectId: number,
  link: { tokenHash: string; expiresAt: Date; url: string; origin: string },
  by: { id: number; now: Date },
): Promise<MakeActResult> {
  return await db.transaction(async (tx): Promise<MakeActResult> => {
    const [object] = await tx.select().from(objects)
      .where(and(eq(objects.id, objectId), scope === null ? undefined : eq(objects.companyId, scope)));
    if (!object) return { refused: "missing" };
    const last = await currentAct(tx, scope, objectId);
    if (last?.signedAt) return { refused: "signed" };
    if (last && !last.refusedAt) return { refused: "pending" };
    // A first act finishes works under way; after a refusal the next version is made for finished works.
    if (!last?.refusedAt && object.status !== "work_in_progress") {
      return { refused: object.worksFinishedAt ? "finished" : "not_started" };
    }
    const [v] = await tx.select({ v: max(completionActs.version) }).from(completionActs)
      .where(eq(completionActs.objectId, objectId));
    const version = (v?.v ?? 0) + 1;
    const made = await actContent(
      tx,
      objectId,
      by.now,
      async () =>
        last?.content
          ? actVersionNumber(last.content.actNumber, version)
          : await allocateNumber(tx, object.companyId, "act", by.now),
    );
    if (!made) return { refused: "no_contract" };
    const { work, content } = made;
    if (!object.worksFinishedAt) {
      await tx.update(objects).set({
        worksFinishedAt: by.now,
        statusOverride: null,
        statusOverrideReason: null,
        statusOverrideBy: null,
        statusOverrideAt: null,
      }).where(eq(objects.id, objectId));
      // What the works installed (the estimate's station, a well): the foreman adds its serial number after.
      await recordInstalledEquipment(tx, objectId, {
        companyId: object.companyId,
        byUserId: by.id,
        installedOn: moscowDate(by.now),
        workType: object.workType,
      });
    }
    const [newLink] = await tx.insert(clientLinks).values({
      companyId: object.companyId,
      objectId,
      estimateId: work.estimate.id,
      estimateVersion: work.estimate.version,
      contractId: work.contract.id,
      tokenHash: link.tokenHash,
      createdBy: by.id,
      createdAt: by.now,
      expiresAt: link.expiresAt,
    }).returning({ id: clientLinks.id });
    const [act] = await tx.insert(completionActs).values({
      companyId: object.companyId,
      objectId,
      contractId: work.contract.id,
      version,
      content,
      totalAmount: content.totalAmount,
      receivedAmount: content.receivedAmount,
      dueAmount: content.dueAmount,
      textSha256: actSha256(content),
      createdBy: by.id,
      createdAt: by.now,
      linkId: newLink.id,
    }).returning();
    await recordActivity(tx, {
      companyId: object.companyId,
      userId: by.id,
      type: "document",
      title: `${ACT_TITLE} № ${content.actNumber}: ${object.address}`,
      status: "completed",
      objectId,
    });
    await refreshJobState(tx, objectId, by.now, by.id);
    await notifyChiefEngineers(tx, {
      companyId: object.companyId,
      type: "other",
      title: "Работы завершены, акт отправлен клиенту",
      message: object.address,
      relatedObjectId: objectId,
    }, by.id);
    await enqueueClientMessage(tx, {
      companyId: object.companyId,
      objectId,
      event: "act_to_sign",
      recipient: object.clientEmail,
      key: `act:${act.id}`,
      facts: {
        clientName: content.customer,
        address: object.address,
        link: link.url,
        amount: content.dueAmount > 0 ? content.dueAmount : null,
        contractNumber: content.contractNumber,
      },
      origin: link.origin,
      now: by.now,
    });
    return { made: act };
  });
}

/** The newest act of the link's object, read through the link's company; null when none. */
export async function linkAct(db: Db, link: { companyId: number; objectId: number }) {
  return await currentAct(db, scopeOf(link.companyId), link.objectId);
}

/**
 * An act version of the company that awaits the client's answer: neither signed nor refused. The condition of
 * both answers' updates, so a race between them leaves one answer.
 */
function awaitsAnswer(actId: number, companyId: number) {
  return and(
    eq(completionActs.id, actId),
    eq(completionActs.companyId, companyId),
    isNull(completionActs.signedAt),
    isNull(completionActs.refusedAt),
  );
}

/** The object's address, as the staff's notifications of the client's answer name it. */
async function objectAddress(tx: Executor, objectId: number): Promise<string> {
  const [object] = await tx.select({ address: objects.address }).from(objects).where(
    eq(objects.id, objectId),
  );
  return object?.address ?? "";
}

/**
 * Stores the client's signature of an act version that awaits it; false when it is signed or refused
 * already (the update's condition keeps it so under a race). The status follows («Акт подписан»).
 */
export async function signActByLink(
  db: Db,
  link: { id: number; companyId: number; objectId: number },
  actId: number,
  s: { signerName: string; signatureImage: string; ip: string | null; userAgent: string | null; now: Date },
): Promise<boolean> {
  return await db.transaction(async (tx) => {
    const rows = await tx.update(completionActs).set({
      signerName: s.signerName,
      signatureImage: s.signatureImage,
      ip: s.ip,
      userAgent: s.userAgent,
      signedAt: s.now,
      linkId: link.id,
    }).where(awaitsAnswer(actId, link.companyId)).returning({
      content: completionActs.content,
      dueAmount: completionActs.dueAmount,
    });
    if (rows.length === 0) return false;
    const address = await objectAddress(tx, link.objectId);
    await recordActivity(tx, {
      companyId: link.companyId,
      type: "document",
      title: `Акт № ${rows[0].content?.actNumber ?? ""} подписан клиентом (${s.signerName})`,
      objectId: link.objectId,
    });
    await refreshJobState(tx, link.objectId, s.now);
    await notifyRoles(tx, ["chief_engineer", "manager"], {
      companyId: link.companyId,
      type: "other",
      title: "Клиент подписал акт выполненных работ",
      message: `${address}${rows[0].dueAmount > 0 ? " — можно выставить окончательный расчёт" : ""}`,
      relatedObjectId: link.objectId,
    });
    return true;
  });
}

/**
 * The client refuses to sign an act version that awaits an answer, with a comment the staff see (chief
 * engineers, managers and foremen are notified); false when it is signed or refused already.
 */
export async function refuseActByLink(
  db: Db,
  link: { id: number; companyId: number; objectId: number },
  actId: number,
  r: { comment: string; name: string; now: Date },
): Promise<boolean> {
  return await db.transaction(async (tx) => {
    const rows = await tx.update(completionActs).set({
      refusedAt: r.now,
      refusalComment: r.comment,
      refusedBy: r.name,
    }).where(awaitsAnswer(actId, link.companyId)).returning({ content: completionActs.content });
    if (rows.length === 0) return false;
    const address = await objectAddress(tx, link.objectId);
    await recordActivity(tx, {
      companyId: link.companyId,
      type: "document",
      title: `Клиент не подписал акт № ${rows[0].content?.actNumber ?? ""}: «${r.comment}»`,
      objectId: link.objectId,
    });
    await notifyRoles(tx, ["chief_engineer", "manager", "foreman"], {
      companyId: link.companyId,
      type: "other",
      title: "Клиент отказался подписать акт",
      message: `${address}: «${r.comment}»`,
      relatedObjectId: link.objectId,
    });
    return true;
  });
}
