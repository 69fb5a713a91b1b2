// Storing a generated estimate: the estimate a new generation replaces (a new version of the same job), the
// estimates a repeated phone request already made, and the number a new estimate takes.
import { and, desc, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { Db } from "./client.ts";
import { estimateItems, estimates, estimateVersions } from "./schema/mod.ts";
import { notifyEstimateCreated, notifyEstimateUpdated, recordActivity } from "./notifications.ts";
import { refreshJobState } from "./job_status.ts";
import { allocateNumber, claimTypedNumber } from "./document_numbers.ts";
import { documentKinds, type Estimate as GeneratedEstimate } from "../estimating/mod.ts";
import { type Scope, scopeOf } from "./scope.ts";
import {
  type EstimateDetail,
  type EstimateStatus,
  getEstimate,
  ofScope,
  type Tx,
  vatColumns,
} from "./estimates.ts";
import { snapshotOf } from "./estimate_versions.ts";

/**
 * The generator's number when the company has no estimate with it yet, else the first free `<number>-N`
 * (N from 2): generating twice from one measurement gives two numbers. Runs inside the write transaction
 * that inserts, so two generations cannot take the same one.
 */
async function freeNumber(tx: Tx, companyId: number, wanted: string): Promise<string> {
  const like = (column: typeof estimates.estimateNumber | typeof estimateVersions.estimateNumber) =>
    or(eq(column, wanted), sql`substr(${column}, 1, ${wanted.length + 1}) = ${wanted + "-"}`);
  // Numbers of earlier versions stay taken: a document sent to a client keeps naming one estimate.
  const taken = new Set([
    ...(await tx.select({ number: estimates.estimateNumber }).from(estimates)
      .where(and(eq(estimates.companyId, companyId), like(estimates.estimateNumber)))).map((r) => r.number),
    ...(await tx.select({ number: estimateVersions.estimateNumber }).from(estimateVersions)
      .where(and(eq(estimateVersions.companyId, companyId), like(estimateVersions.estimateNumber))))
      .map((r) => r.number),
  ]);
  if (!taken.has(wanted)) return wanted;
  let n = 2;
  while (taken.has(`${wanted}-${n}`)) n++;
  return `${wanted}-${n}`;
}

/**
 * The estimate that generating this document makes a new version of, or null when it is a new estimate.
 *
 * A new version is a re-pricing of the same job. The same job is: the same object, the
 * same task (or, both without a task, none), and the same work kinds (documentKinds: a station, a well, a
 * water pipe …). A different station model or other figures are the same job priced again (the surveyor
 * changes the model an alert suggests); another kind of work on the same object is another job, with its
 * own estimate and number, as are the separate estimates of one task (one per work type).
 */
export async function estimateToRegenerate(
  db: Db,
  scope: Scope,
  of: { objectId: number; taskId: number | null; workType?: string; workTypes?: readonly string[] },
  measurements: Readonly<Record<string, unknown>> = {},
): Promise<{ id: number; status: EstimateStatus; estimateNumber: string; version: number } | null> {
  const kinds = documentKinds(of, measurements).join(",");
  const rows = await db.select({
    id: estimates.id,
    status: estimates.status,
    estimateNumber: estimates.estimateNumber,
    version: estimates.version,
    measurementDocument: estimates.measurementDocument,
  }).from(estimates).where(and(
    ofScope(scope),
    eq(estimates.objectId, of.objectId),
    of.taskId !== null ? eq(estimates.taskId, of.taskId) : isNull(estimates.taskId),
    isNotNull(estimates.measurementDocument),
  )).orderBy(desc(estimates.createdAt), desc(estimates.id));
  const same = rows.find((r) => {
    const doc = (r.measurementDocument ?? {}) as {
      workType?: string;
      workTypes?: string[];
      measurements?: Record<string, unknown>;
    };
    return documentKinds(doc, doc.measurements ?? {}).join(",") === kinds;
  });
  if (!same) return null;
  const { measurementDocument: _, ...found } = same;
  return found;
}

/**
 * The estimates a generate request with this client id already made (a phone repeating a request whose answer
 * it lost), oldest first; empty for a new request. A version since replaced by generating again answers its
 * estimate as it is now.
 */
export async function estimatesOfRequest(db: Db, scope: Scope, clientId: string): Promise<EstimateDetail[]> {
  const company = (column: typeof estimates.companyId | typeof estimateVersions.companyId) =>
    scope === null ? undefined : eq(column, scope);
  const current = await db.select({ id: estimates.id }).from(estimates)
    .where(and(eq(estimates.clientId, clientId), company(estimates.companyId)));
  const replaced = await db.select({ id: estimateVersions.estimateId }).from(estimateVersions)
    .where(and(eq(estimateVersions.clientId, clientId), company(estimateVersions.companyId)));
  const ids = [...new Set([...current, ...replaced].map((r) => r.id))].sort((a, b) => a - b);
  const found = await Promise.all(ids.map((id) => getEstimate(db, scope, id)));
  return found.filter((e) => e !== null);
}

const versionSuffix = /-v\d+$/;

/**
 * Stores a generated estimate as a draft with its items, moves the object to estimation_done, records
 * the activity and tells the chief engineers, in one transaction. With `replaces` (see estimateToRegenerate)
 * it becomes the next version of that estimate: the earlier one is kept in estimate_versions, the number
 * becomes `<number>-vN`, and the chief engineers hear «Смета обновлена» once, not «Создана смета» again.
 * Otherwise the number is the company's next in the year («С-2026-0017»), or, when the
 * request named one (`ownNumber`), that number or the first free `<number>-N` (N from 2) when taken.
 */
export async function storeGeneratedEstimate(
  db: Db,
  input: {
    companyId: number;
    objectId: number;
    taskId: number | null;
    estimate: GeneratedEstimate;
    measurementDocument: unknown;
    address: string;
    replaces?: { id: number } | null;
    /** The phone's id of the request (see estimatesOfRequest). */
    clientId?: string | null;
    /** The request named the number itself (the document's estimateNumber); otherwise a new estimate takes
     * the company's next «С-2026-0001» (allocateNumber). */
    ownNumber?: boolean;
  },
  by: { id: number; now: Date },
): Promise<{ id: number; estimateNumber: string; version: number }> {
  const e = input.estimate;
  const fields = {
    templateName: e.templateName,
    status: "draft" as const,
    sections: e.sections,
    ...vatColumns(e.vat.mode),
    vatAmount: e.vat.amount,
    totalAmount: e.totalAmount,
    discountKind: null,
    discountValue: 0,
    discountAmount: 0,
    notes: e.notes,
    warnings: e.warnings,
    alerts: e.alerts,
    // A new version is priced again: its alerts are confirmed anew.
    alertsConfirmed: null,
    alertsConfirmedBy: null,
    alertsConfirmedAt: null,
    measurementDocument: input.measurementDocument,
    clientId: input.clientId ?? null,
    updatedAt: by.now,
  };
  return await db.transaction(async (tx) => {
    let id: number;
    let estimateNumber: string;
    let version = 1;
    const previous = input.replaces
      ? await getEstimate(tx, scopeOf(input.companyId), input.replaces.id)
      : null;
    if (previous) {
      version = previous.version + 1;
      estimateNumber = await freeNumber(
        tx,
        input.companyId,
        `${previous.estimateNumber.replace(versionSuffix, "")}-v${version}`,
      );
      await tx.insert(estimateVersions).values({
        estimateId: previous.id,
        companyId: input.companyId,
        version: previous.version,
        estimateNumber: previous.estimateNumber,
        status: previous.status,
        totalAmount: previous.totalAmount,
        snapshot: snapshotOf(previous),
        createdAt: previous.createdAt,
        replacedAt: by.now,
        clientId: previous.clientId,
      });
      await tx.delete(estimateItems).where(eq(estimateItems.estimateId, previous.id));
      await tx.update(estimates).set({
        ...fields,
        estimateNumber,
        version,
        createdBy: by.id,
        createdAt: by.now,
      })
        .where(eq(estimates.id, previous.id));
      id = previous.id;
    } else {
      estimateNumber = input.ownNumber
        ? await freeNumber(tx, input.companyId, e.estimateNumber)
        : await allocateNumber(tx, input.companyId, "estimate", by.now);
      if (input.ownNumber) await claimTypedNumber(tx, input.companyId, "estimate", estimateNumber, by.now);
      const [row] = await tx.insert(estimates).values({
        ...fields,
        companyId: input.companyId,
        objectId: input.objectId,
        taskId: input.taskId,
        createdBy: by.id,
        estimateNumber,
        createdAt: by.now,
      }).returning({ id: estimates.id });
      id = row.id;
    }
    if (e.items.length > 0) {
      await tx.insert(estimateItems).values(e.items.map((it, position) => ({
        estimateId: id,
        position,
        section: it.section,
        articleCode: it.articleCode,
        name: it.name,
        unit: it.unit,
        quantity: it.quantity,
        pricePerUnit: it.pricePerUnit,
        equipmentCost: it.equipmentCost,
        workCost: it.workCost,
        totalPrice: it.totalPrice,
        isRequired: it.isRequired,
      })));
    }
    await refreshJobState(tx, input.objectId, by.now, by.id);
    await recordActivity(tx, {
      at: by.now,
      companyId: input.companyId,
      userId: by.id,
      type: "other",
      title: previous ? `Смета ${estimateNumber}: версия ${version}` : `Создана смета ${estimateNumber}`,
      status: "draft",
      objectId: input.objectId,
      taskId: input.taskId,
    });
    const notice = {
      at: by.now,
      companyId: input.companyId,
      estimateId: id,
      objectId: input.objectId,
      estimateNumber,
      address: input.address,
      byUserId: by.id,
    };
    if (previous) await notifyEstimateUpdated(tx, notice);
    else await notifyEstimateCreated(tx, notice);
    return { id, estimateNumber, version };
  });
}
