// Estimate queries. Every function takes the company scope (null = every company, system_admin only);
// a record of another company is simply not found. Money is integer kopecks.
import { and, count, desc, eq, isNotNull, isNull, like, or, type SQL, sql, sum } from "drizzle-orm";
import type { Db } from "./client.ts";
import {
  companies,
  estimateChanges,
  estimateItems,
  estimates,
  estimateVersions,
  objects,
  users,
} from "./schema/mod.ts";
import { notifyEstimateCreated, notifyEstimateUpdated, recordActivity } from "./notifications.ts";
import { refreshJobState } from "./job_status.ts";
import { recordStaffApproval } from "./quotes.ts";
import { allocateNumber, claimTypedNumber } from "./document_numbers.ts";
import {
  type Discount,
  discountLabel,
  documentKinds,
  type Estimate as GeneratedEstimate,
  estimateTotals,
  isVatNote,
  materialsPerUnit,
  priceLine,
  type VatMode,
  vatModes,
  vatNote,
} from "../estimating/mod.ts";
import { alias } from "drizzle-orm/sqlite-core";
import { type Scope, scopeOf } from "./scope.ts";
import { lineWithinBound, MAX_ESTIMATE_TOTAL_KOPECKS } from "../domain/bounds.ts";
import { moscowDate } from "../domain/dates.ts";
import { type Placeholders, preparedQuery } from "./prepared.ts";
import type { Columns, RowOf, Shown } from "./columns.ts";

export type { Scope };
export type EstimateStatus = typeof estimates.$inferSelect.status;

type StoredVatMode = typeof estimates.$inferSelect.vatMode;

/** The engine's VAT mode of the stored columns: vat_mode keeps the rate, vat_included whether prices include it
 * (a column of its own, so the table's CHECK on vat_mode stays). */
function engineVatMode(mode: StoredVatMode, included: boolean): VatMode {
  return mode !== "none" && included ? `incl-${mode}` : mode;
}

/** The stored columns of an engine's VAT mode. */
export function vatColumns(mode: VatMode): { vatMode: StoredVatMode; vatIncluded: boolean } {
  const vat = vatModes.find((v) => v.value === mode) ?? vatModes[0];
  return { vatMode: vat.rate === 0 ? "none" : String(vat.rate) as StoredVatMode, vatIncluded: vat.included };
}

const scoped = (scope: Scope): SQL | undefined => scope === null ? undefined : eq(estimates.companyId, scope);

export interface EstimateFilter {
  objectId?: number;
  status?: EstimateStatus;
  /** Searches the number and the object's address. */
  q?: string;
  limit?: number;
  offset?: number;
}

/** The values of a filter, each bound to a placeholder of the prepared list queries. */
function filterValues(scope: Scope, f: EstimateFilter) {
  const q = f.q?.trim().replace(/[%_]/g, "");
  return {
    companyId: scope ?? undefined,
    objectId: f.objectId,
    status: f.status,
    q: q ? `%${q}%` : undefined,
  };
}

function filterConditions(p: Placeholders<ReturnType<typeof filterValues>>): SQL | undefined {
  return and(
    p.companyId && eq(estimates.companyId, p.companyId),
    p.objectId && eq(estimates.objectId, p.objectId),
    p.status && eq(estimates.status, p.status),
    p.q && or(like(estimates.estimateNumber, p.q), like(objects.address, p.q)),
  );
}

const listSelection = {
  id: estimates.id,
  companyId: estimates.companyId,
  objectId: estimates.objectId,
  taskId: estimates.taskId,
  estimateNumber: estimates.estimateNumber,
  templateName: estimates.templateName,
  status: estimates.status,
  sections: estimates.sections,
  vatMode: estimates.vatMode,
  vatIncluded: estimates.vatIncluded,
  vatAmount: estimates.vatAmount,
  totalAmount: estimates.totalAmount,
  createdAt: estimates.createdAt,
  updatedAt: estimates.updatedAt,
  createdBy: estimates.createdBy,
  objectAddress: objects.address,
  alerts: estimates.alerts,
};

export type EstimateRow = Awaited<ReturnType<typeof listEstimates>>[number];

/** What a row of the /estimates table shows (not the sections, a whole estimate's items as JSON). */
export const estimateTableColumns = {
  id: estimates.id,
  estimateNumber: estimates.estimateNumber,
  objectId: estimates.objectId,
  objectAddress: objects.address,
  totalAmount: estimates.totalAmount,
  status: estimates.status,
  createdAt: estimates.createdAt,
  /** Warnings that change what should be installed: the row is marked. */
  alerts: estimates.alerts,
};

/** Estimates of the scope, newest first, with the object's address. */
export async function listEstimates(db: Db, scope: Scope, f: EstimateFilter = {}) {
  const rows = await listEstimateColumns(db, scope, f, { name: "all", columns: listSelection });
  return rows.map((r) => ({
    ...r,
    vatMode: engineVatMode(r.vatMode, r.vatIncluded),
    totalCost: r.totalAmount,
  }));
}

/** Estimates of the scope, newest first, with the columns `shown` (the object's among them, if asked). */
export async function listEstimateColumns<C extends Columns>(
  db: Db,
  scope: Scope,
  f: EstimateFilter,
  shown: Shown<C>,
): Promise<RowOf<C>[]> {
  const columns: Columns = shown.columns;
  const values = { ...filterValues(scope, f), limit: f.limit ?? 200, offset: f.offset ?? 0 };
  const rows = await preparedQuery(
    db,
    `estimates.page.${shown.name}`,
    values,
    (p) =>
      db.select(columns).from(estimates)
        .innerJoin(objects, eq(objects.id, estimates.objectId))
        .where(filterConditions(p))
        .orderBy(desc(estimates.createdAt), desc(estimates.id))
        .limit(p.limit)
        .offset(p.offset),
  ).all();
  return rows as RowOf<C>[];
}

/** The four cards of /estimates: count, drafts, approved, total sum (kopecks), for the filter. */
export async function estimateSummary(db: Db, scope: Scope, f: EstimateFilter = {}) {
  const [row] = await preparedQuery(db, "estimates.summary", filterValues(scope, f), (p) =>
    db.select({
      total: count(),
      drafts: sum(sql`case when ${estimates.status} = 'draft' then 1 else 0 end`),
      approved: sum(sql`case when ${estimates.status} = 'approved' then 1 else 0 end`),
      amount: sum(estimates.totalAmount),
    }).from(estimates).innerJoin(objects, eq(objects.id, estimates.objectId)).where(filterConditions(p)))
    .all();
  return {
    total: row.total,
    drafts: Number(row.drafts ?? 0),
    approved: Number(row.approved ?? 0),
    amount: Number(row.amount ?? 0),
  };
}

/** One estimate of the scope with its items (in position order), or null. */
export async function getEstimate(db: Db | Tx, scope: Scope, id: number) {
  const [row] = await db.select({
    ...listSelection,
    notes: estimates.notes,
    warnings: estimates.warnings,
    measurementDocument: estimates.measurementDocument,
    version: estimates.version,
    discountKind: estimates.discountKind,
    discountValue: estimates.discountValue,
    discountAmount: estimates.discountAmount,
    clientNote: estimates.clientNote,
    internalNote: estimates.internalNote,
    clientId: estimates.clientId,
    alertsConfirmed: estimates.alertsConfirmed,
    alertsConfirmedAt: estimates.alertsConfirmedAt,
    alertsConfirmedBy: estimates.alertsConfirmedBy,
    confirmerFirstName: confirmer.firstName,
    confirmerLastName: confirmer.lastName,
    objectClientName: objects.clientName,
    objectClientPhone: objects.clientPhone,
    objectDistanceFromMKAD: objects.distanceFromMKAD,
    objectWorkType: objects.workType,
    authorFirstName: users.firstName,
    authorLastName: users.lastName,
  }).from(estimates)
    .innerJoin(objects, eq(objects.id, estimates.objectId))
    .leftJoin(users, eq(users.id, estimates.createdBy))
    .leftJoin(confirmer, eq(confirmer.id, estimates.alertsConfirmedBy))
    .where(and(eq(estimates.id, id), scoped(scope)));
  if (!row) return null;
  const items = await db.select().from(estimateItems).where(eq(estimateItems.estimateId, id))
    .orderBy(estimateItems.position, estimateItems.id);
  const subtotals: { section: string; amount: number }[] = [];
  for (const item of items) {
    const last = subtotals[subtotals.length - 1];
    if (last && last.section === item.section) last.amount += item.totalPrice;
    else subtotals.push({ section: item.section, amount: item.totalPrice });
  }
  const itemsTotal = items.reduce((s, i) => s + i.totalPrice, 0);
  const vatMode = engineVatMode(row.vatMode, row.vatIncluded);
  return { ...row, vatMode, totalCost: row.totalAmount, items, subtotals, itemsTotal };
}

/** Who confirmed approving an estimate over its alerts (the users table a second time in getEstimate). */
const confirmer = alias(users, "confirmer");

export type EstimateDetail = NonNullable<Awaited<ReturnType<typeof getEstimate>>>;

/** The object of the scope with what an estimate needs, or null. */
export async function objectForEstimate(db: Db, scope: Scope, objectId: number) {
  const [row] = await db.select({
    id: objects.id,
    companyId: objects.companyId,
    address: objects.address,
    clientName: objects.clientName,
    clientPhone: objects.clientPhone,
    distanceFromMKAD: objects.distanceFromMKAD,
    workType: objects.workType,
    status: objects.status,
  }).from(objects).where(
    and(eq(objects.id, objectId), scope === null ? undefined : eq(objects.companyId, scope)),
  );
  return row ?? null;
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

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

/** Whether an earlier version of an estimate of the company carries this number (the current ones are kept
 * unique by the estimates_company_number_idx index). */
export async function numberOfEarlierVersion(
  db: Db,
  companyId: number,
  estimateNumber: string,
): Promise<boolean> {
  const [row] = await db.select({ id: estimateVersions.id }).from(estimateVersions).where(and(
    eq(estimateVersions.companyId, companyId),
    eq(estimateVersions.estimateNumber, estimateNumber),
  )).limit(1);
  return row !== undefined;
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
    scoped(scope),
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

/** An estimate as it was, kept in estimate_versions when generating again replaces it. */
export interface EstimateSnapshot {
  estimateNumber: string;
  templateName: string | null;
  status: EstimateStatus;
  sections: string[];
  vatMode: EstimateDetail["vatMode"];
  vatAmount: number;
  discountKind: EstimateDetail["discountKind"];
  discountValue: number;
  discountAmount: number;
  totalAmount: number;
  notes: string[];
  warnings: string[];
  /** Absent in versions kept before alerts were stored. */
  alerts?: string[];
  alertsConfirmed?: string[] | null;
  alertsConfirmedAt?: string | null;
  alertsConfirmedBy?: number | null;
  clientNote: string | null;
  internalNote: string | null;
  createdAt: string;
  items: EstimateDetail["items"];
}

const versionSuffix = /-v\d+$/;

/**
 * Stores a generated estimate as a draft with its items, moves the object to estimation_done, records
 * the activity and tells the chief engineers, in one transaction. With `replaces` (see estimateToRegenerate)
 * it becomes the next version of that estimate: the earlier one is kept in estimate_versions, the number
 * becomes `<number>-vN`, and the chief engineers hear «Смета обновлена» once, not «Создана смета» again.
 * Otherwise the number is the company's next in the year («С-2026-0017», issue 25 item 10), or, when the
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
      companyId: input.companyId,
      userId: by.id,
      type: "other",
      title: previous ? `Смета ${estimateNumber}: версия ${version}` : `Создана смета ${estimateNumber}`,
      status: "draft",
      objectId: input.objectId,
      taskId: input.taskId,
    });
    const notice = {
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

function snapshotOf(e: EstimateDetail): EstimateSnapshot {
  return {
    estimateNumber: e.estimateNumber,
    templateName: e.templateName,
    status: e.status,
    sections: e.sections,
    vatMode: e.vatMode,
    vatAmount: e.vatAmount,
    discountKind: e.discountKind,
    discountValue: e.discountValue,
    discountAmount: e.discountAmount,
    totalAmount: e.totalAmount,
    notes: e.notes,
    warnings: e.warnings,
    alerts: e.alerts,
    alertsConfirmed: e.alertsConfirmed,
    alertsConfirmedAt: e.alertsConfirmedAt?.toISOString() ?? null,
    alertsConfirmedBy: e.alertsConfirmedBy,
    clientNote: e.clientNote,
    internalNote: e.internalNote,
    createdAt: e.createdAt.toISOString(),
    items: e.items,
  };
}

/** The versions of an estimate: the earlier ones (from estimate_versions) and the current one, newest first. */
export async function listEstimateVersions(db: Db, scope: Scope, current: EstimateDetail) {
  const earlier = await db.select({
    version: estimateVersions.version,
    estimateNumber: estimateVersions.estimateNumber,
    status: estimateVersions.status,
    totalAmount: estimateVersions.totalAmount,
    createdAt: estimateVersions.createdAt,
  }).from(estimateVersions).where(and(
    eq(estimateVersions.estimateId, current.id),
    scope === null ? undefined : eq(estimateVersions.companyId, scope),
  )).orderBy(desc(estimateVersions.version));
  return [
    {
      version: current.version,
      estimateNumber: current.estimateNumber,
      status: current.status,
      totalAmount: current.totalAmount,
      createdAt: current.createdAt,
      current: true,
    },
    ...earlier.map((v) => ({ ...v, current: false })),
  ];
}

/** An earlier version of an estimate of the scope, read as the estimate was then (object data as now), or null. */
export async function getEstimateVersion(
  db: Db | Tx,
  scope: Scope,
  id: number,
  version: number,
): Promise<EstimateDetail | null> {
  const current = await getEstimate(db, scope, id);
  if (!current) return null;
  if (version === current.version) return current;
  const [row] = await db.select({ snapshot: estimateVersions.snapshot }).from(estimateVersions)
    .where(and(eq(estimateVersions.estimateId, id), eq(estimateVersions.version, version)));
  if (!row) return null;
  const snap = row.snapshot as EstimateSnapshot;
  const totals = estimateTotals(snap.items, {
    vatMode: snap.vatMode,
    discount: discountOf(snap.discountKind, snap.discountValue),
  });
  return {
    ...current,
    ...snap,
    alerts: snap.alerts ?? [],
    alertsConfirmed: snap.alertsConfirmed ?? null,
    alertsConfirmedAt: snap.alertsConfirmedAt ? new Date(snap.alertsConfirmedAt) : null,
    alertsConfirmedBy: snap.alertsConfirmedBy ?? null,
    // The confirmer's name is read for the current version only.
    confirmerFirstName: snap.alertsConfirmedBy === current.alertsConfirmedBy
      ? current.confirmerFirstName
      : null,
    confirmerLastName: snap.alertsConfirmedBy === current.alertsConfirmedBy
      ? current.confirmerLastName
      : null,
    version,
    createdAt: new Date(snap.createdAt),
    totalCost: snap.totalAmount,
    subtotals: totals.subtotals,
    itemsTotal: totals.itemsTotal,
  };
}

/** The estimate's discount as the API and the pages show it: a percent in percent (stored in hundredths). */
export function discountJson(
  e: Pick<EstimateDetail, "discountKind" | "discountValue">,
): { kind: NonNullable<EstimateDetail["discountKind"]>; value: number } | null {
  if (!e.discountKind) return null;
  return {
    kind: e.discountKind,
    value: e.discountKind === "percent" ? e.discountValue / 100 : e.discountValue,
  };
}

/** The stored discount columns as the engine's Discount. */
export function discountOf(kind: EstimateDetail["discountKind"], value: number): Discount | null {
  return kind ? { kind, value } : null;
}

export interface ManualItem {
  section?: string;
  articleCode?: string | null;
  name: string;
  unit: string;
  quantity: number;
  /** Kopecks per unit. */
  pricePerUnit: number;
  equipmentCost?: number;
  workCost?: number;
  isRequired?: boolean;
}

/** Stores a hand-made estimate (spec/3 §5) with its items, activity and estimate_created. Returns the id. */
export async function storeManualEstimate(
  db: Db,
  input: {
    companyId: number;
    objectId: number;
    address: string;
    estimateNumber: string;
    status: EstimateStatus;
    templateName?: string | null;
    items: ManualItem[];
  },
  by: { id: number; now: Date },
): Promise<number> {
  const lines = input.items.map((it, position) => {
    const totalPrice = Math.round(it.pricePerUnit * it.quantity);
    const equipment = it.equipmentCost !== undefined ? Math.round(it.equipmentCost) : 0;
    return {
      position,
      section: it.section?.trim() || "Работы и материалы",
      articleCode: it.articleCode || null,
      name: it.name,
      unit: it.unit,
      quantity: it.quantity,
      pricePerUnit: it.pricePerUnit,
      equipmentCost: Math.min(equipment, totalPrice),
      workCost: totalPrice - Math.min(equipment, totalPrice),
      totalPrice,
      isRequired: it.isRequired ?? true,
    };
  });
  const total = lines.reduce((s, l) => s + l.totalPrice, 0);
  const sections = [...new Set(lines.map((l) => l.section))];
  return await db.transaction(async (tx) => {
    await claimTypedNumber(tx, input.companyId, "estimate", input.estimateNumber, by.now);
    const [row] = await tx.insert(estimates).values({
      companyId: input.companyId,
      objectId: input.objectId,
      createdBy: by.id,
      estimateNumber: input.estimateNumber,
      templateName: input.templateName ?? "Смета вручную",
      status: input.status,
      sections,
      totalAmount: total,
      notes: [],
      createdAt: by.now,
      updatedAt: by.now,
    }).returning({ id: estimates.id });
    if (lines.length > 0) {
      await tx.insert(estimateItems).values(lines.map((l) => ({ ...l, estimateId: row.id })));
    }
    await refreshJobState(tx, input.objectId, by.now, by.id);
    await recordActivity(tx, {
      companyId: input.companyId,
      userId: by.id,
      type: "other",
      title: `Создана смета ${input.estimateNumber}`,
      status: input.status,
      objectId: input.objectId,
    });
    await notifyEstimateCreated(tx, {
      companyId: input.companyId,
      estimateId: row.id,
      objectId: input.objectId,
      estimateNumber: input.estimateNumber,
      address: input.address,
      byUserId: by.id,
    });
    return row.id;
  });
}

/** Changes the status of an estimate of the scope and tells the chief engineers (estimate_updated). */
export async function setEstimateStatus(
  db: Db,
  current: {
    id: number;
    companyId: number;
    objectId: number;
    version: number;
    estimateNumber: string;
    address: string | null;
  },
  status: EstimateStatus,
  by: { id: number; now: Date; label: string },
  /** Approving over alerts: the alerts the approver confirmed, recorded with who and when, and logged. */
  confirmedAlerts?: readonly string[],
): Promise<void> {
  await db.transaction(async (tx) => {
    const confirmation = confirmedAlerts?.length
      ? { alertsConfirmed: [...confirmedAlerts], alertsConfirmedBy: by.id, alertsConfirmedAt: by.now }
      : {};
    await tx.update(estimates).set({ status, updatedAt: by.now, ...confirmation })
      .where(eq(estimates.id, current.id));
    if (confirmedAlerts?.length) {
      await tx.insert(estimateChanges).values({
        estimateId: current.id,
        companyId: current.companyId,
        userId: by.id,
        summary: `Утверждена с предупреждениями: ${confirmedAlerts.join(" ")}`,
        totalDelta: 0,
        createdAt: by.now,
      });
    }
    await recordActivity(tx, {
      companyId: current.companyId,
      userId: by.id,
      type: "other",
      title: `Смета ${current.estimateNumber}: ${by.label}`,
      status,
      objectId: current.objectId,
    });
    if (status === "approved") await recordStaffApproval(tx, current, by);
    await refreshJobState(tx, current.objectId, by.now, by.id);
    await notifyEstimateUpdated(tx, {
      companyId: current.companyId,
      estimateId: current.id,
      objectId: current.objectId,
      estimateNumber: current.estimateNumber,
      address: current.address,
      byUserId: by.id,
    });
  });
}

/** A change of the editor as the database applies it (a price-list item already looked up). Money in kopecks. */
export type ResolvedEdit =
  | { action: "update_item"; itemId: number; quantity?: number; pricePerUnit?: number; name?: string }
  | {
    action: "add_line";
    line: {
      section: string;
      articleCode: string | null;
      name: string;
      unit: string;
      quantity: number;
      pricePerUnit: number;
      materialsPerUnit: number;
    };
  }
  | { action: "remove_item"; itemId: number }
  | {
    action: "set_terms";
    vatMode?: EstimateDetail["vatMode"];
    /** Percent in hundredths of a percent, sum in kopecks; null removes the discount. */
    discount?: Discount | null;
    clientNote?: string | null;
    internalNote?: string | null;
  };

export type EditOutcome =
  | { ok: true; totalDelta: number; summary: string }
  | {
    ok: false;
    reason: "not_found" | "item_not_found" | "locked" | "unchanged" | "line_too_large" | "total_too_large";
  };

/** Thrown inside the edit's transaction so that nothing of an edit past the bounds is written. */
class PastBounds extends Error {}

const qty = (q: number) => String(q).replace(".", ",");
const rubText = (k: number) => `${(k / 100).toLocaleString("ru-RU", { minimumFractionDigits: 2 })} ₽`;

/**
 * Applies one editor change to an estimate of the scope in one write transaction: the line is priced
 * by the engine's rule, the totals recomputed by the engine's estimateTotals, the VAT note follows the
 * VAT mode, and the change is logged (who, when, what, by how much the total moved). An approved
 * estimate is refused (locked).
 */
export async function applyEstimateEdit(
  db: Db,
  scope: Scope,
  id: number,
  edit: ResolvedEdit,
  by: { id: number; now: Date },
): Promise<EditOutcome> {
  return await db.transaction(async (tx): Promise<EditOutcome> => {
    const e = await getEstimate(tx, scope, id);
    if (edit.action === "add_line" && !lineWithinBound(edit.line.quantity, edit.line.pricePerUnit)) {
      return { ok: false, reason: "line_too_large" };
    }
    if (!e) return { ok: false, reason: "not_found" };
    if (e.status === "approved") return { ok: false, reason: "locked" };
    const terms = {
      vatMode: e.vatMode,
      discount: discountOf(e.discountKind, e.discountValue),
      clientNote: e.clientNote,
      internalNote: e.internalNote,
    };
    let summary: string;
    if (edit.action === "update_item" || edit.action === "remove_item") {
      const item = e.items.find((i) => i.id === edit.itemId);
      if (!item) return { ok: false, reason: "item_not_found" };
      if (edit.action === "remove_item") {
        await tx.delete(estimateItems).where(eq(estimateItems.id, item.id));
        summary = `Удалена позиция «${item.name}» (${rubText(item.totalPrice)})`;
      } else {
        const quantity = edit.quantity ?? item.quantity;
        const pricePerUnit = edit.pricePerUnit ?? item.pricePerUnit;
        if (!lineWithinBound(quantity, pricePerUnit)) return { ok: false, reason: "line_too_large" };
        const line = priceLine({ quantity, pricePerUnit, materialsPerUnit: materialsPerUnit(item) });
        const name = edit.name ?? item.name;
        const parts: string[] = [];
        if (line.quantity !== item.quantity) {
          parts.push(`количество ${qty(item.quantity)} → ${qty(line.quantity)} ${item.unit}`);
        }
        if (pricePerUnit !== item.pricePerUnit) {
          parts.push(`цена ${rubText(item.pricePerUnit)} → ${rubText(pricePerUnit)}`);
        }
        if (name !== item.name) parts.push(`название → «${name}»`);
        if (parts.length === 0) return { ok: false, reason: "unchanged" };
        await tx.update(estimateItems).set({ ...line, pricePerUnit, name }).where(
          eq(estimateItems.id, item.id),
        );
        summary = `«${item.name}»: ${parts.join(", ")}`;
      }
    } else if (edit.action === "add_line") {
      const l = edit.line;
      const priced = priceLine(l);
      const sameSection = e.items.filter((i) => i.section === l.section);
      const last = e.items.length ? Math.max(...e.items.map((i) => i.position)) : -1;
      const position = sameSection.length ? Math.max(...sameSection.map((i) => i.position)) + 1 : last + 1;
      // Room after the section's last line, so the new line is printed within its section.
      await tx.update(estimateItems).set({ position: sql`${estimateItems.position} + 1` })
        .where(and(eq(estimateItems.estimateId, e.id), sql`${estimateItems.position} >= ${position}`));
      await tx.insert(estimateItems).values({
        estimateId: e.id,
        position,
        section: l.section,
        articleCode: l.articleCode,
        name: l.name,
        unit: l.unit,
        pricePerUnit: l.pricePerUnit,
        ...priced,
        isRequired: true,
      });
      summary = `Добавлена позиция «${l.name}»: ${qty(priced.quantity)} ${l.unit} × ${
        rubText(l.pricePerUnit)
      }`;
    } else {
      const parts: string[] = [];
      if (edit.vatMode !== undefined && edit.vatMode !== terms.vatMode) {
        terms.vatMode = edit.vatMode;
        parts.push(`НДС: ${vatModes.find((v) => v.value === edit.vatMode)?.label ?? edit.vatMode}`);
      }
      if (edit.discount !== undefined && JSON.stringify(edit.discount) !== JSON.stringify(terms.discount)) {
        terms.discount = edit.discount && edit.discount.value > 0 ? edit.discount : null;
        parts.push(
          !terms.discount
            ? "скидка снята"
            : terms.discount.kind === "percent"
            ? `скидка ${qty(terms.discount.value / 100)} %`
            : `скидка ${rubText(terms.discount.value)}`,
        );
      }
      for (const key of ["clientNote", "internalNote"] as const) {
        const value = edit[key] === undefined ? undefined : edit[key] || null;
        if (value !== undefined && value !== terms[key]) {
          terms[key] = value;
          parts.push(key === "clientNote" ? "примечание для клиента" : "внутреннее примечание");
        }
      }
      if (parts.length === 0) return { ok: false, reason: "unchanged" };
      summary = `Условия: ${parts.join(", ")}`;
    }
    const items = await tx.select().from(estimateItems).where(eq(estimateItems.estimateId, e.id))
      .orderBy(estimateItems.position, estimateItems.id);
    const totals = estimateTotals(items, { vatMode: terms.vatMode, discount: terms.discount });
    if (totals.totalAmount > MAX_ESTIMATE_TOTAL_KOPECKS) throw new PastBounds();
    const totalDelta = totals.totalAmount - e.totalAmount;
    await tx.update(estimates).set({
      sections: totals.sections,
      ...vatColumns(terms.vatMode),
      vatAmount: totals.vat.amount,
      discountKind: terms.discount?.kind ?? null,
      discountValue: terms.discount?.value ?? 0,
      discountAmount: totals.discountAmount,
      totalAmount: totals.totalAmount,
      clientNote: terms.clientNote,
      internalNote: terms.internalNote,
      notes: e.notes.map((n) => isVatNote(n) ? vatNote(totals.vat) : n),
      updatedAt: by.now,
    }).where(eq(estimates.id, e.id));
    await tx.insert(estimateChanges).values({
      estimateId: e.id,
      companyId: e.companyId,
      userId: by.id,
      summary,
      totalDelta,
      createdAt: by.now,
    });
    return { ok: true, totalDelta, summary };
  }).catch((error) => {
    if (error instanceof PastBounds) return { ok: false, reason: "total_too_large" } as const;
    throw error;
  });
}

/** The change log of an estimate of the scope, newest first, with the author's name. */
export async function listEstimateChanges(db: Db, scope: Scope, estimateId: number, limit = 200) {
  return await db.select({
    id: estimateChanges.id,
    summary: estimateChanges.summary,
    totalDelta: estimateChanges.totalDelta,
    createdAt: estimateChanges.createdAt,
    userFirstName: users.firstName,
    userLastName: users.lastName,
  }).from(estimateChanges).leftJoin(users, eq(users.id, estimateChanges.userId))
    .where(and(
      eq(estimateChanges.estimateId, estimateId),
      scope === null ? undefined : eq(estimateChanges.companyId, scope),
    ))
    .orderBy(desc(estimateChanges.createdAt), desc(estimateChanges.id)).limit(limit);
}

/**
 * What an estimate's documents (the workbook and the print page) print besides the lines: the company's
 * requisites, object and client, date, discount and the notes.
 */
export async function estimateDocumentParts(db: Db, e: EstimateDetail) {
  const [company] = await db.select().from(companies).where(eq(companies.id, e.companyId));
  return {
    date: moscowDate(e.createdAt),
    company: company
      ? {
        name: company.name,
        inn: company.inn ?? undefined,
        kpp: company.kpp ?? undefined,
        ogrn: company.ogrn ?? undefined,
        address: company.legalAddress ?? company.actualAddress ?? undefined,
        phone: company.phone ?? undefined,
        email: company.email ?? undefined,
        bankName: company.bankName ?? undefined,
        account: company.bankAccount ?? undefined,
        bik: company.bankBik ?? undefined,
        correspondentAccount: company.bankCorAccount ?? undefined,
      }
      : undefined,
    object: {
      address: e.objectAddress,
      clientName: e.objectClientName ?? undefined,
      clientPhone: e.objectClientPhone ?? undefined,
    },
    discount: e.discountAmount > 0 && e.discountKind
      ? {
        label: discountLabel({ kind: e.discountKind, value: e.discountValue }),
        amount: e.discountAmount,
        ...(e.discountKind === "percent" ? { percent: e.discountValue / 100 } : {}),
      }
      : undefined,
    clientNote: e.clientNote ?? undefined,
    internalNote: e.internalNote ?? undefined,
  };
}

export type EstimateDocumentParts = Awaited<ReturnType<typeof estimateDocumentParts>>;
