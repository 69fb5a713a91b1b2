// Works done with changes (definitions in domain/job_changes.ts): the changes recorded against the contract's
// estimate, the supplementary agreement that sends those needing consent to the client, and its signature or
// refusal through the link. Each write keeps objects.changes_delta (what the changes in force add to the
// contract's total) and the status current in its own transaction. Staff functions take the company scope.
import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import type { Db, Executor } from "./client.ts";
import { type Scope, scopeOf } from "./scope.ts";
import {
  clientLinks,
  companies,
  completionActs,
  contracts,
  documents,
  jobChanges,
  measurementRecords,
  objects,
  priceListItems,
  priceLists,
  supplementaryAgreements,
} from "./schema/mod.ts";
import { completedWorkLines } from "./acts.ts";
import { getEstimateVersion } from "./estimate_versions.ts";
import { refreshJobState } from "./job_status.ts";
import { notifyRoles, recordActivity } from "./notifications.ts";
import { enqueueClientMessage } from "./outbox.ts";
import { encodeHexLowerCase } from "@oslojs/encoding";
import { sha256 } from "@oslojs/crypto/sha2";
import {
  type AgreementContent,
  agreementNumber,
  agreementText,
  agreementTitle,
  changeDelta,
  type JobChangeInput,
  needsConsent,
} from "../domain/job_changes.ts";
import { lineAmount } from "../estimating/money.ts";

export type JobChange = typeof jobChanges.$inferSelect;
export type SupplementaryAgreement = typeof supplementaryAgreements.$inferSelect;

/** Why a change or an agreement is refused (the API maps each to its answer). */
export type ChangeRefusal =
  | "missing"
  | "no_contract"
  | "not_started"
  | "act_issued"
  | "bad_line"
  | "bad_price_item"
  | "bad_photo"
  | "locked"
  | "nothing_to_agree"
  | "agreement_pending";

const sha = (text: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(text)));

/** The object of the scope with its current contract, where changes may be recorded, or why not. */
async function changeableJob(tx: Executor, scope: Scope, objectId: number) {
  const [object] = await tx.select().from(objects)
    .where(and(eq(objects.id, objectId), scope === null ? undefined : eq(objects.companyId, scope)));
  if (!object) return { refused: "missing" as const };
  const [contract] = await tx.select().from(contracts).where(eq(contracts.objectId, objectId))
    .orderBy(desc(contracts.createdAt), desc(contracts.id)).limit(1);
  if (!contract?.estimateId || contract.estimateVersion === null) return { refused: "no_contract" as const };
  if (!object.worksStartedAt && object.status !== "work_in_progress") {
    return { refused: "not_started" as const };
  }
  // Once an act awaits the client or is signed, its lines are settled; after a refusal changes may follow.
  const [act] = await tx.select({ id: completionActs.id }).from(completionActs).where(and(
    eq(completionActs.objectId, objectId),
    isNull(completionActs.refusedAt),
  )).limit(1);
  if (act) return { refused: "act_issued" as const };
  return { object, contract };
}

/** Writes what the changes in force add to the contract's total, then lets the status follow. */
async function settleChanges(tx: Executor, objectId: number, at: Date, byUserId: number | null) {
  const work = await completedWorkLines(tx, objectId);
  const delta = work ? work.totalAmount - work.estimateTotal : 0;
  await tx.update(objects).set({ changesDelta: delta }).where(eq(objects.id, objectId));
  await refreshJobState(tx, objectId, at, byUserId);
}

/** Photos must be documents of the same object. */
async function photosOfObject(tx: Executor, objectId: number, ids: readonly number[]) {
  if (ids.length === 0) return true;
  const rows = await tx.select({ id: documents.id }).from(documents)
    .where(and(eq(documents.objectId, objectId), inArray(documents.id, [...ids])));
  return rows.length === new Set(ids).size;
}

/** A change still open to edits: not in an agreement that awaits the client or is signed. */
async function openChange(tx: Executor, change: JobChange) {
  if (change.agreementId === null) return true;
  const [a] = await tx.select({ refusedAt: supplementaryAgreements.refusedAt }).from(supplementaryAgreements)
    .where(eq(supplementaryAgreements.id, change.agreementId));
  return !a || a.refusedAt !== null;
}

/** Records one change of the works of an object of the scope. */
export async function recordJobChange(
  db: Db,
  scope: Scope,
  objectId: number,
  input: JobChangeInput,
  by: { id: number; now: Date },
): Promise<{ change: JobChange } | { refused: ChangeRefusal }> {
  return await db.transaction(async (tx) => {
    const job = await changeableJob(tx, scope, objectId);
    if ("refused" in job) return { refused: job.refused! };
    const { object, contract } = job;
    if (!await photosOfObject(tx, objectId, input.photoIds)) return { refused: "bad_photo" };
    let line: { section: string; name: string; unit: string; oldQuantity: number; pricePerUnit: number };
    let lineIndex: number | null = null;
    if (input.kind === "added") {
      const [item] = await tx.select({
        name: priceListItems.name,
        unit: priceListItems.unit,
        section: priceListItems.section,
        materialsPrice: priceListItems.materialsPrice,
        worksPrice: priceListItems.worksPrice,
      }).from(priceListItems).innerJoin(priceLists, eq(priceLists.id, priceListItems.priceListId))
        .where(and(eq(priceListItems.id, input.priceItemId), eq(priceListItems.companyId, object.companyId)));
      if (!item) return { refused: "bad_price_item" };
      // The price is the company's price list's (materials + works), as the estimate generator prices a line.
      line = {
        section: item.section ?? "Дополнительные работы",
        name: item.name,
        unit: item.unit,
        oldQuantity: 0,
        pricePerUnit: item.materialsPrice + item.worksPrice,
      };
    } else {
      const estimate = await getEstimateVersion(
        tx,
        scopeOf(object.companyId),
        contract.estimateId!,
        contract.estimateVersion!,
      );
      const item = estimate?.items[input.lineIndex];
      if (!item) return { refused: "bad_line" };
      lineIndex = input.lineIndex;
      line = {
        section: item.section,
        name: item.name,
        unit: item.unit,
        oldQuantity: item.quantity,
        pricePerUnit: item.pricePerUnit,
      };
    }
    const [change] = await tx.insert(jobChanges).values({
      companyId: object.companyId,
      objectId,
      contractId: contract.id,
      kind: input.kind,
      lineIndex,
      ...line,
      newQuantity: input.kind === "removed" ? 0 : input.newQuantity,
      reason: input.reason,
      requiresConsent: input.requiresConsent,
      photoIds: input.photoIds,
      createdBy: by.id,
      createdAt: by.now,
    }).returning();
    await recordActivity(tx, {
      companyId: object.companyId,
      userId: by.id,
      type: "other",
      title: `Изменение работ: ${change.name} — ${change.reason}`,
      objectId,
    });
    await settleChanges(tx, objectId, by.now, by.id);
    return { change };
  });
}

/** Edits a change before it is agreed (staff on the object page). */
export async function editJobChange(
  db: Db,
  scope: Scope,
  id: number,
  patch: { newQuantity?: number; reason?: string; requiresConsent?: boolean; photoIds?: number[] },
  by: { id: number; now: Date },
): Promise<{ change: JobChange } | { refused: ChangeRefusal }> {
  return await db.transaction(async (tx) => {
    const [current] = await tx.select().from(jobChanges)
      .where(and(eq(jobChanges.id, id), scope === null ? undefined : eq(jobChanges.companyId, scope)));
    if (!current) return { refused: "missing" };
    const job = await changeableJob(tx, scope, current.objectId);
    if ("refused" in job) return { refused: job.refused! };
    if (!await openChange(tx, current)) return { refused: "locked" };
    if (patch.photoIds && !await photosOfObject(tx, current.objectId, patch.photoIds)) {
      return { refused: "bad_photo" };
    }
    const newQuantity = current.kind === "removed" ? 0 : patch.newQuantity ?? current.newQuantity;
    const [change] = await tx.update(jobChanges).set({
      newQuantity,
      reason: patch.reason ?? current.reason,
      requiresConsent: patch.requiresConsent ?? current.requiresConsent,
      photoIds: patch.photoIds ?? current.photoIds,
      updatedAt: by.now,
    }).where(eq(jobChanges.id, id)).returning();
    await settleChanges(tx, current.objectId, by.now, by.id);
    return { change };
  });
}

/** Removes a change before it is agreed. */
export async function deleteJobChange(
  db: Db,
  scope: Scope,
  id: number,
  by: { id: number; now: Date },
): Promise<{ deleted: true } | { refused: ChangeRefusal }> {
  return await db.transaction(async (tx) => {
    const [current] = await tx.select().from(jobChanges)
      .where(and(eq(jobChanges.id, id), scope === null ? undefined : eq(jobChanges.companyId, scope)));
    if (!current) return { refused: "missing" };
    const job = await changeableJob(tx, scope, current.objectId);
    if ("refused" in job) return { refused: job.refused! };
    if (!await openChange(tx, current)) return { refused: "locked" };
    await tx.delete(jobChanges).where(eq(jobChanges.id, id));
    await settleChanges(tx, current.objectId, by.now, by.id);
    return { deleted: true };
  });
}

/** The object's agreements, newest first. */
async function agreementsOf(db: Executor, objectId: number) {
  return await db.select().from(supplementaryAgreements).where(eq(supplementaryAgreements.objectId, objectId))
    .orderBy(desc(supplementaryAgreements.id));
}

/**
 * What the object page and the foreman's screen show: the contract's estimate lines (to change), the changes
 * with their money and state, the agreements, the works' total now, and the surveyor's photos and conclusion.
 * Null when the object is not in the scope.
 */
export async function jobChangesView(db: Db, scope: Scope, objectId: number) {
  const [object] = await db.select({ id: objects.id, companyId: objects.companyId }).from(objects)
    .where(and(eq(objects.id, objectId), scope === null ? undefined : eq(objects.companyId, scope)));
  if (!object) return null;
  const work = await completedWorkLines(db, objectId);
  const [contract] = await db.select({
    estimateId: contracts.estimateId,
    estimateVersion: contracts.estimateVersion,
  }).from(contracts).where(eq(contracts.objectId, objectId))
    .orderBy(desc(contracts.createdAt), desc(contracts.id)).limit(1);
  const estimate = contract?.estimateId && contract.estimateVersion !== null
    ? await getEstimateVersion(db, scopeOf(object.companyId), contract.estimateId, contract.estimateVersion)
    : null;
  const changes = await db.select().from(jobChanges).where(eq(jobChanges.objectId, objectId))
    .orderBy(jobChanges.id);
  const agreements = await agreementsOf(db, objectId);
  const [survey] = await db.select({ notes: measurementRecords.notes, photos: measurementRecords.photos })
    .from(measurementRecords).where(eq(measurementRecords.objectId, objectId))
    .orderBy(desc(measurementRecords.createdAt), desc(measurementRecords.id)).limit(1);
  // The company's active price lists: where an added item's price comes from.
  const priceItems = await db.select({
    id: priceListItems.id,
    name: priceListItems.name,
    unit: priceListItems.unit,
    materialsPrice: priceListItems.materialsPrice,
    worksPrice: priceListItems.worksPrice,
  }).from(priceListItems).innerJoin(priceLists, eq(priceLists.id, priceListItems.priceListId))
    .where(and(eq(priceListItems.companyId, object.companyId), eq(priceLists.isActive, true)))
    .orderBy(priceListItems.name).limit(500);
  const open = await changeableJob(db, scope, objectId);
  return {
    /** Whether changes may be recorded now (works under way, no act issued). */
    canRecord: !("refused" in open),
    priceItems: priceItems.map((p) => ({
      id: p.id,
      name: p.name,
      unit: p.unit,
      price: p.materialsPrice + p.worksPrice,
    })),
    lines: (estimate?.items ?? []).map((i, index) => ({
      index,
      section: i.section,
      name: i.name,
      unit: i.unit,
      quantity: i.quantity,
      pricePerUnit: i.pricePerUnit,
    })),
    changes: changes.map((c) => {
      const agreement = agreements.find((a) => a.id === c.agreementId) ?? null;
      return {
        ...c,
        delta: changeDelta(c),
        needsConsent: needsConsent(c),
        agreementNumber: agreement?.number ?? null,
        open: !agreement || agreement.refusedAt !== null,
        inForce: !needsConsent(c) || agreement?.signedAt != null,
      };
    }),
    agreements,
    estimateTotal: work?.estimateTotal ?? null,
    worksTotal: work?.totalAmount ?? null,
    survey: survey ? { notes: survey.notes, photoIds: survey.photos } : null,
  };
}

/** The object's agreement that awaits the client's answer, or null (the finish confirmation names it). */
export async function awaitingAgreement(db: Executor, objectId: number) {
  const [row] = await db.select().from(supplementaryAgreements).where(and(
    eq(supplementaryAgreements.objectId, objectId),
    isNull(supplementaryAgreements.signedAt),
    isNull(supplementaryAgreements.refusedAt),
  )).limit(1);
  return row ?? null;
}

/** One agreement of the scope, or null. */
export async function getAgreement(db: Db, scope: Scope, id: number) {
  const [row] = await db.select().from(supplementaryAgreements).where(and(
    eq(supplementaryAgreements.id, id),
    scope === null ? undefined : eq(supplementaryAgreements.companyId, scope),
  ));
  return row ?? null;
}

/**
 * Makes the supplementary agreement of the changes that need the client's consent and are not agreed (new
 * ones, and those of a refused agreement), with the client's link and the message to sign it, in one
 * transaction. Refused while another agreement awaits an answer, or when there is nothing to agree.
 */
export async function sendAgreement(
  db: Db,
  scope: Scope,
  objectId: number,
  link: { tokenHash: string; expiresAt: Date; url: string; origin: string },
  by: { id: number; now: Date },
): Promise<{ agreement: SupplementaryAgreement } | { refused: ChangeRefusal }> {
  return await db.transaction(async (tx) => {
    const job = await changeableJob(tx, scope, objectId);
    if ("refused" in job) return { refused: job.refused! };
    const { object, contract } = job;
    if (await awaitingAgreement(tx, objectId)) return { refused: "agreement_pending" };
    const all = await tx.select().from(jobChanges).where(eq(jobChanges.contractId, contract.id))
      .orderBy(jobChanges.id);
    const open = [];
    for (const c of all) if (needsConsent(c) && await openChange(tx, c)) open.push(c);
    if (open.length === 0) return { refused: "nothing_to_agree" };
    const before = await completedWorkLines(tx, objectId);
    const after = await completedWorkLines(tx, objectId, open.map((c) => c.id));
    if (!before || !after) return { refused: "no_contract" };
    const [company] = await tx.select().from(companies).where(eq(companies.id, object.companyId));
    const count = (await tx.select({ id: supplementaryAgreements.id }).from(supplementaryAgreements)
      .where(eq(supplementaryAgreements.contractId, contract.id))).length;
    const content: AgreementContent = {
      number: agreementNumber(count),
      contractNumber: contract.contractNumber,
      contractDate: contract.createdAt.toISOString(),
      date: by.now.toISOString(),
      contractor: {
        name: company.name,
        inn: company.inn,
        address: company.legalAddress,
        director: company.directorName,
      },
      customer: before.contract.clientName ?? object.clientName ?? "Заказчик",
      address: object.address,
      estimateNumber: before.estimate.estimateNumber,
      lines: open.map((c) => ({
        kind: c.kind,
        name: c.name,
        unit: c.unit,
        oldQuantity: c.oldQuantity,
        newQuantity: c.newQuantity,
        pricePerUnit: c.pricePerUnit,
        oldTotal: lineAmount(c.pricePerUnit, c.oldQuantity),
        newTotal: lineAmount(c.pricePerUnit, c.newQuantity),
        reason: c.reason,
      })),
      vatMode: after.vatMode,
      oldTotal: before.totalAmount,
      newTotal: after.totalAmount,
      newVatAmount: after.vatAmount,
    };
    const [newLink] = await tx.insert(clientLinks).values({
      companyId: object.companyId,
      objectId,
      estimateId: before.estimate.id,
      estimateVersion: before.estimate.version,
      contractId: contract.id,
      tokenHash: link.tokenHash,
      createdBy: by.id,
      createdAt: by.now,
      expiresAt: link.expiresAt,
    }).returning({ id: clientLinks.id });
    const [agreement] = await tx.insert(supplementaryAgreements).values({
      companyId: object.companyId,
      objectId,
      contractId: contract.id,
      number: content.number,
      content,
      oldTotal: content.oldTotal,
      newTotal: content.newTotal,
      textSha256: sha(agreementText(content)),
      createdBy: by.id,
      createdAt: by.now,
      linkId: newLink.id,
    }).returning();
    await tx.update(jobChanges).set({ agreementId: agreement.id })
      .where(inArray(jobChanges.id, open.map((c) => c.id)));
    await recordActivity(tx, {
      companyId: object.companyId,
      userId: by.id,
      type: "document",
      title: `${agreementTitle(content)} отправлено клиенту: ${object.address}`,
      objectId,
    });
    await enqueueClientMessage(tx, {
      companyId: object.companyId,
      objectId,
      event: "agreement_to_sign",
      recipient: object.clientEmail,
      key: `agreement:${agreement.id}`,
      facts: {
        clientName: content.customer,
        address: object.address,
        link: link.url,
        amount: content.newTotal,
        contractNumber: content.contractNumber,
      },
      origin: link.origin,
      now: by.now,
    });
    return { agreement };
  });
}

/** The newest agreement of the link's object, through the link's company; null when none. */
export async function linkAgreement(db: Db, link: { companyId: number; objectId: number }) {
  const [row] = await db.select().from(supplementaryAgreements).where(and(
    eq(supplementaryAgreements.objectId, link.objectId),
    eq(supplementaryAgreements.companyId, link.companyId),
  )).orderBy(desc(supplementaryAgreements.id)).limit(1);
  return row ?? null;
}

/** An agreement of the company awaiting an answer: the condition of both answers' updates (one wins a race). */
function awaitsAnswer(id: number, companyId: number) {
  return and(
    eq(supplementaryAgreements.id, id),
    eq(supplementaryAgreements.companyId, companyId),
    isNull(supplementaryAgreements.signedAt),
    isNull(supplementaryAgreements.refusedAt),
  );
}

/**
 * The client signs an agreement that awaits it: its changes come into force (the works' total, the ledger and
 * the act follow), staff are notified. False when it is answered already.
 */
export async function signAgreementByLink(
  db: Db,
  link: { id: number; companyId: number; objectId: number },
  id: number,
  s: { signerName: string; signatureImage: string; ip: string | null; userAgent: string | null; now: Date },
): Promise<boolean> {
  return await db.transaction(async (tx) => {
    const rows = await tx.update(supplementaryAgreements).set({
      signerName: s.signerName,
      signatureImage: s.signatureImage,
      ip: s.ip,
      userAgent: s.userAgent,
      signedAt: s.now,
      linkId: link.id,
    }).where(awaitsAnswer(id, link.companyId)).returning();
    if (rows.length === 0) return false;
    const title = rows[0].content ? agreementTitle(rows[0].content) : "Дополнительное соглашение";
    await recordActivity(tx, {
      companyId: link.companyId,
      type: "document",
      title: `${title} подписано клиентом (${s.signerName})`,
      objectId: link.objectId,
    });
    await settleChanges(tx, link.objectId, s.now, null);
    await notifyRoles(tx, ["chief_engineer", "manager", "foreman"], {
      companyId: link.companyId,
      type: "other",
      title: "Клиент подписал дополнительное соглашение",
      message: `${rows[0].content?.address ?? ""}: ${title}`,
      relatedObjectId: link.objectId,
    });
    return true;
  });
}

/** The client refuses an agreement with a comment staff see; its changes return to staff. */
export async function refuseAgreementByLink(
  db: Db,
  link: { id: number; companyId: number; objectId: number },
  id: number,
  r: { comment: string; name: string; now: Date },
): Promise<boolean> {
  return await db.transaction(async (tx) => {
    const rows = await tx.update(supplementaryAgreements).set({
      refusedAt: r.now,
      refusalComment: r.comment,
      refusedBy: r.name,
    }).where(awaitsAnswer(id, link.companyId)).returning();
    if (rows.length === 0) return false;
    const title = rows[0].content ? agreementTitle(rows[0].content) : "Дополнительное соглашение";
    await recordActivity(tx, {
      companyId: link.companyId,
      type: "document",
      title: `Клиент не подписал: ${title}: «${r.comment}»`,
      objectId: link.objectId,
    });
    await notifyRoles(tx, ["chief_engineer", "manager", "foreman"], {
      companyId: link.companyId,
      type: "other",
      title: "Клиент отказался подписать дополнительное соглашение",
      message: `${rows[0].content?.address ?? ""}: «${r.comment}»`,
      relatedObjectId: link.objectId,
    });
    return true;
  });
}
