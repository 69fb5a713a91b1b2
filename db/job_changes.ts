// Works done with changes (definitions in domain/job_changes.ts): the changes recorded against the contract's
// estimate, the supplementary agreement that sends those needing consent to the client, and its signature or
// refusal through the link. Each write keeps objects.changes_delta (what the changes in force add to the
// contract's total) and the status current in its own transaction. Staff functions take the company scope.
import { and, desc, eq, inArray, isNull, ne, or } from "drizzle-orm";
import type { Db, Executor } from "./client.ts";
import { type Scope, scopeOf } from "./scope.ts";
import {
  clientLinks,
  companies,
  completionActs,
  contracts,
  crewMembers,
  crews,
  documents,
  jobChanges,
  measurementRecords,
  objects,
  priceListItems,
  priceLists,
  supplementaryAgreements,
  tasks,
} from "./schema/mod.ts";
import { completedWorkLines } from "./completed_works.ts";
import { getEstimateVersion } from "./estimate_versions.ts";
import { refreshJobState } from "./job_status.ts";
import { recordActivity } from "./notifications.ts";
import { enqueueClientMessage } from "./outbox.ts";
import { awaitsAnswer, type LinkSignature, recordClientAnswer, signatureValues } from "./client_answers.ts";
import { sha256Hex } from "../domain/hash.ts";
import {
  type AgreementContent,
  agreementNumber,
  agreementText,
  agreementTitle,
  changeDelta,
  changeRecorderRoles,
  type JobChangeEdit,
  type JobChangeInput,
  needsConsent,
} from "../domain/job_changes.ts";
import { lineAmount } from "../estimating/money.ts";
import type { Role } from "../domain/roles.ts";

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
  | "agreed"
  | "not_your_job"
  | "bad_quantity"
  | "nothing_to_agree"
  | "agreement_pending";

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

/** Writes what the changes in force add to the current contract's total (objects.changes_delta). */
async function writeChangesDelta(tx: Executor, objectId: number) {
  const work = await completedWorkLines(tx, objectId);
  const delta = work ? work.totalAmount - work.estimateTotal : 0;
  await tx.update(objects).set({ changesDelta: delta }).where(eq(objects.id, objectId));
}

/** Writes what the changes in force add to the contract's total, then lets the status follow. */
async function settleChanges(tx: Executor, objectId: number, at: Date, byUserId: number | null) {
  await writeChangesDelta(tx, objectId);
  await refreshJobState(tx, objectId, at, byUserId);
}

/**
 * A new contract version (db/contracts.ts storeContractVersion, in its transaction) carries the works' changes
 * over: each changed line is found again in the new contract's estimate (by name and unit, the same position
 * first) and takes that line's quantity as «было» and its price, so its money is counted against the new
 * estimate; an added item stays as priced. A change whose line the new estimate no longer has stays with the
 * old version and counts no more. Agreed changes stay agreed. Then objects.changes_delta is written anew.
 */
export async function carryChangesToContract(
  tx: Executor,
  contract: {
    id: number;
    companyId: number;
    objectId: number;
    estimateId: number | null;
    estimateVersion: number | null;
  },
) {
  const earlier = await tx.select().from(jobChanges).where(and(
    eq(jobChanges.objectId, contract.objectId),
    ne(jobChanges.contractId, contract.id),
  ));
  if (earlier.length === 0) return;
  const estimate = contract.estimateId !== null && contract.estimateVersion !== null
    ? await getEstimateVersion(tx, scopeOf(contract.companyId), contract.estimateId, contract.estimateVersion)
    : null;
  const items = estimate?.items ?? [];
  for (const change of earlier) {
    if (change.kind === "added") {
      await tx.update(jobChanges).set({ contractId: contract.id }).where(eq(jobChanges.id, change.id));
      continue;
    }
    const same = (i: number) => items[i]?.name === change.name && items[i]?.unit === change.unit;
    const at = change.lineIndex !== null && same(change.lineIndex)
      ? change.lineIndex
      : items.findIndex((_, i) => same(i));
    if (at < 0) continue;
    await tx.update(jobChanges).set({
      contractId: contract.id,
      lineIndex: at,
      section: items[at].section,
      oldQuantity: items[at].quantity,
      pricePerUnit: items[at].pricePerUnit,
    }).where(eq(jobChanges.id, change.id));
  }
  await writeChangesDelta(tx, contract.objectId);
}

/** Photos must be documents of the same object. */
async function photosOfObject(tx: Executor, objectId: number, ids: readonly number[]) {
  if (ids.length === 0) return true;
  const rows = await tx.select({ id: documents.id }).from(documents)
    .where(and(eq(documents.objectId, objectId), inArray(documents.id, [...ids])));
  return rows.length === new Set(ids).size;
}

/**
 * Where a change stands for edits: free (in no agreement, or in one the client refused), awaiting (in the
 * agreement the client has not answered) or agreed (in a signed agreement, never changed).
 */
async function changeLock(tx: Executor, change: JobChange): Promise<"free" | "awaiting" | "agreed"> {
  if (change.agreementId === null) return "free";
  const [a] = await tx.select({
    signedAt: supplementaryAgreements.signedAt,
    refusedAt: supplementaryAgreements.refusedAt,
  }).from(supplementaryAgreements).where(eq(supplementaryAgreements.id, change.agreementId));
  if (!a || a.refusedAt !== null) return "free";
  return a.signedAt !== null ? "agreed" : "awaiting";
}

/** A change still open to edits: not in an agreement that awaits the client or is signed. */
async function openChange(tx: Executor, change: JobChange) {
  return await changeLock(tx, change) === "free";
}

/**
 * Whether a foreman works on the object: a task of it is his or his crew's. Engineers and managers correct
 * any change of their company; a foreman those of his jobs and those he recorded himself.
 */
async function foremanOfJob(tx: Executor, userId: number, objectId: number) {
  const led = tx.select({ id: crews.id }).from(crews).where(eq(crews.foremanId, userId));
  const member = tx.select({ id: crewMembers.crewId }).from(crewMembers).where(
    eq(crewMembers.userId, userId),
  );
  const [task] = await tx.select({ id: tasks.id }).from(tasks).where(and(
    eq(tasks.objectId, objectId),
    or(eq(tasks.assignedTo, userId), inArray(tasks.crewId, led), inArray(tasks.crewId, member)),
  )).limit(1);
  return task !== undefined;
}

/** Who corrects a change: staff who send agreements any, a foreman his own jobs' (and his own records). */
async function mayCorrect(tx: Executor, change: JobChange, by: Editor) {
  if (by.role !== "foreman") return true;
  return change.createdBy === by.id || await foremanOfJob(tx, by.id, change.objectId);
}

/** Who reads the changes. */
export interface Viewer {
  id: number;
  role: Role;
}
/** Who edits a change, and when. */
export interface Editor extends Viewer {
  now: Date;
}

type PricedLine = { section: string; name: string; unit: string; oldQuantity: number; pricePerUnit: number };

/**
 * The line a change is about: an estimate line of the contract's estimate version (by index), or an item of
 * the company's price list, priced as the estimate generator prices a line (materials + works).
 */
async function pricedLine(
  tx: Executor,
  job: {
    object: { companyId: number };
    contract: { estimateId: number | null; estimateVersion: number | null };
  },
  of: { priceItemId: number } | { lineIndex: number },
): Promise<{ line: PricedLine; lineIndex: number | null } | { refused: "bad_price_item" | "bad_line" }> {
  if ("priceItemId" in of) {
    const [item] = await tx.select({
      name: priceListItems.name,
      unit: priceListItems.unit,
      section: priceListItems.section,
      materialsPrice: priceListItems.materialsPrice,
      worksPrice: priceListItems.worksPrice,
    }).from(priceListItems).innerJoin(priceLists, eq(priceLists.id, priceListItems.priceListId))
      .where(and(eq(priceListItems.id, of.priceItemId), eq(priceListItems.companyId, job.object.companyId)));
    if (!item) return { refused: "bad_price_item" };
    return {
      lineIndex: null,
      line: {
        section: item.section ?? "Дополнительные работы",
        name: item.name,
        unit: item.unit,
        oldQuantity: 0,
        pricePerUnit: item.materialsPrice + item.worksPrice,
      },
    };
  }
  const estimate = await getEstimateVersion(
    tx,
    scopeOf(job.object.companyId),
    job.contract.estimateId!,
    job.contract.estimateVersion!,
  );
  const item = estimate?.items[of.lineIndex];
  if (!item) return { refused: "bad_line" };
  return {
    lineIndex: of.lineIndex,
    line: {
      section: item.section,
      name: item.name,
      unit: item.unit,
      oldQuantity: item.quantity,
      pricePerUnit: item.pricePerUnit,
    },
  };
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
    const priced = await pricedLine(
      tx,
      job,
      input.kind === "added" ? { priceItemId: input.priceItemId } : { lineIndex: input.lineIndex },
    );
    if ("refused" in priced) return { refused: priced.refused };
    const { line, lineIndex } = priced;
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
      at: by.now,
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

/**
 * Corrects a change before it is agreed: its quantity, its line (the estimate's line, or the price list's item
 * of an added one, priced again), its reason, whether the client must agree; photos stay unless replaced.
 * Refused once its agreement awaits the client or is signed, and for a foreman of another job.
 */
export async function editJobChange(
  db: Db,
  scope: Scope,
  id: number,
  patch: JobChangeEdit,
  by: Editor,
): Promise<{ change: JobChange } | { refused: ChangeRefusal }> {
  return await db.transaction(async (tx) => {
    const [current] = await tx.select().from(jobChanges)
      .where(and(eq(jobChanges.id, id), scope === null ? undefined : eq(jobChanges.companyId, scope)));
    if (!current) return { refused: "missing" };
    if (!await mayCorrect(tx, current, by)) return { refused: "not_your_job" };
    const job = await changeableJob(tx, scope, current.objectId);
    if ("refused" in job) return { refused: job.refused! };
    const lock = await changeLock(tx, current);
    if (lock !== "free") return { refused: lock === "agreed" ? "agreed" : "locked" };
    if (patch.photoIds && !await photosOfObject(tx, current.objectId, patch.photoIds)) {
      return { refused: "bad_photo" };
    }
    const of = current.kind === "added"
      ? patch.priceItemId === undefined ? null : { priceItemId: patch.priceItemId }
      : patch.lineIndex === undefined
      ? null
      : { lineIndex: patch.lineIndex };
    const priced = of ? await pricedLine(tx, job, of) : null;
    if (priced && "refused" in priced) return { refused: priced.refused };
    const newQuantity = current.kind === "removed" ? 0 : patch.newQuantity ?? current.newQuantity;
    if (current.kind === "added" && newQuantity <= 0) return { refused: "bad_quantity" };
    const [change] = await tx.update(jobChanges).set({
      ...(priced ? { ...priced.line, lineIndex: priced.lineIndex } : {}),
      newQuantity,
      reason: patch.reason ?? current.reason,
      requiresConsent: patch.requiresConsent ?? current.requiresConsent,
      photoIds: patch.photoIds ?? current.photoIds,
      updatedAt: by.now,
    }).where(eq(jobChanges.id, id)).returning();
    await recordActivity(tx, {
      at: by.now,
      companyId: current.companyId,
      userId: by.id,
      type: "other",
      title: `Изменение работ исправлено: ${change.name} — ${change.reason}`,
      objectId: current.objectId,
    });
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
    const lock = await changeLock(tx, current);
    if (lock !== "free") return { refused: lock === "agreed" ? "agreed" : "locked" };
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
 * `editable` tells the viewer which changes he may correct (editJobChange's rules). Null when the object is
 * not in the scope.
 */
export async function jobChangesView(db: Db, scope: Scope, objectId: number, viewer: Viewer) {
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
  const recorder = changeRecorderRoles.includes(viewer.role) && !("refused" in open);
  const foremansJob = viewer.role === "foreman" && await foremanOfJob(db, viewer.id, objectId);
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
      const free = !agreement || agreement.refusedAt !== null;
      return {
        ...c,
        editable: recorder && free &&
          (viewer.role !== "foreman" || foremansJob || c.createdBy === viewer.id),
        delta: changeDelta(c),
        needsConsent: needsConsent(c),
        agreementNumber: agreement?.number ?? null,
        open: free,
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
      textSha256: sha256Hex(agreementText(content)),
      createdBy: by.id,
      createdAt: by.now,
      linkId: newLink.id,
    }).returning();
    await tx.update(jobChanges).set({ agreementId: agreement.id })
      .where(inArray(jobChanges.id, open.map((c) => c.id)));
    await recordActivity(tx, {
      at: by.now,
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

/**
 * The client signs an agreement that awaits it: its changes come into force (the works' total, the ledger and
 * the act follow), staff are notified. False when it is answered already.
 */
export async function signAgreementByLink(
  db: Db,
  link: { id: number; companyId: number; objectId: number },
  id: number,
  s: LinkSignature,
): Promise<boolean> {
  return await recordClientAnswer(db, link, {
    at: s.now,
    answer: (tx) =>
      tx.update(supplementaryAgreements).set(signatureValues(s, link.id)).where(
        awaitsAnswer(supplementaryAgreements, id, link.companyId),
      ).returning(),
    activity: (row) => `${titleOf(row)} подписано клиентом (${s.signerName})`,
    then: (tx) => settleChanges(tx, link.objectId, s.now, null),
    notify: {
      roles: ["chief_engineer", "manager", "foreman"],
      title: "Клиент подписал дополнительное соглашение",
      message: (row, address) => `${address}: ${titleOf(row)}`,
    },
  });
}

/** The client refuses an agreement with a comment staff see; its changes return to staff. */
export async function refuseAgreementByLink(
  db: Db,
  link: { id: number; companyId: number; objectId: number },
  id: number,
  r: { comment: string; name: string; now: Date },
): Promise<boolean> {
  return await recordClientAnswer(db, link, {
    at: r.now,
    answer: (tx) =>
      tx.update(supplementaryAgreements).set({
        refusedAt: r.now,
        refusalComment: r.comment,
        refusedBy: r.name,
      }).where(awaitsAnswer(supplementaryAgreements, id, link.companyId)).returning(),
    activity: (row) => `Клиент не подписал: ${titleOf(row)}: «${r.comment}»`,
    notify: {
      roles: ["chief_engineer", "manager", "foreman"],
      title: "Клиент отказался подписать дополнительное соглашение",
      message: (_, address) => `${address}: «${r.comment}»`,
    },
  });
}

const titleOf = (a: SupplementaryAgreement) =>
  a.content ? agreementTitle(a.content) : "Дополнительное соглашение";
