// Estimate queries. Every function takes the company scope (null = every company, system_admin only);
// a record of another company is simply not found. Money is integer kopecks.
import { and, count, desc, eq, inArray, like, or, type SQL, sql, sum } from "drizzle-orm";
import type { Db } from "./client.ts";
import { estimateItems, estimates, objects, users } from "./schema/mod.ts";
import { notifyEstimateCreated, notifyEstimateUpdated, recordActivity } from "./notifications.ts";
import type { Estimate as GeneratedEstimate } from "../estimating/mod.ts";

export type Scope = number | null;
export type EstimateStatus = typeof estimates.$inferSelect.status;

const scoped = (scope: Scope): SQL | undefined => scope === null ? undefined : eq(estimates.companyId, scope);

export interface EstimateFilter {
  objectId?: number;
  status?: EstimateStatus;
  /** Searches the number and the object's address. */
  q?: string;
  limit?: number;
  offset?: number;
}

function filterConditions(scope: Scope, f: EstimateFilter): SQL | undefined {
  const conds: (SQL | undefined)[] = [scoped(scope)];
  if (f.objectId !== undefined) conds.push(eq(estimates.objectId, f.objectId));
  if (f.status) conds.push(eq(estimates.status, f.status));
  if (f.q && f.q.trim()) {
    const pattern = `%${f.q.trim().replace(/[%_]/g, "")}%`;
    conds.push(or(like(estimates.estimateNumber, pattern), like(objects.address, pattern)));
  }
  return and(...conds);
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
  vatAmount: estimates.vatAmount,
  totalAmount: estimates.totalAmount,
  createdAt: estimates.createdAt,
  updatedAt: estimates.updatedAt,
  createdBy: estimates.createdBy,
  objectAddress: objects.address,
};

export type EstimateRow = Awaited<ReturnType<typeof listEstimates>>[number];

/** Estimates of the scope, newest first, with the object's address. */
export async function listEstimates(db: Db, scope: Scope, f: EstimateFilter = {}) {
  const rows = await db.select(listSelection).from(estimates)
    .innerJoin(objects, eq(objects.id, estimates.objectId))
    .where(filterConditions(scope, f))
    .orderBy(desc(estimates.createdAt), desc(estimates.id))
    .limit(f.limit ?? 200)
    .offset(f.offset ?? 0);
  return rows.map((r) => ({ ...r, totalCost: r.totalAmount }));
}

/** The four cards of /estimates: count, drafts, approved, total sum (kopecks), for the filter. */
export async function estimateSummary(db: Db, scope: Scope, f: EstimateFilter = {}) {
  const [row] = await db.select({
    total: count(),
    drafts: sum(sql`case when ${estimates.status} = 'draft' then 1 else 0 end`),
    approved: sum(sql`case when ${estimates.status} = 'approved' then 1 else 0 end`),
    amount: sum(estimates.totalAmount),
  }).from(estimates).innerJoin(objects, eq(objects.id, estimates.objectId))
    .where(filterConditions(scope, { ...f, limit: undefined, offset: undefined }));
  return {
    total: row.total,
    drafts: Number(row.drafts ?? 0),
    approved: Number(row.approved ?? 0),
    amount: Number(row.amount ?? 0),
  };
}

export async function countEstimates(db: Db, scope: Scope, f: EstimateFilter = {}): Promise<number> {
  const [row] = await db.select({ n: count() }).from(estimates)
    .innerJoin(objects, eq(objects.id, estimates.objectId)).where(filterConditions(scope, f));
  return row.n;
}

/** One estimate of the scope with its items (in position order), or null. */
export async function getEstimate(db: Db, scope: Scope, id: number) {
  const [row] = await db.select({
    ...listSelection,
    notes: estimates.notes,
    warnings: estimates.warnings,
    measurementDocument: estimates.measurementDocument,
    objectClientName: objects.clientName,
    objectClientPhone: objects.clientPhone,
    objectDistanceFromMKAD: objects.distanceFromMKAD,
    objectWorkType: objects.workType,
    authorFirstName: users.firstName,
    authorLastName: users.lastName,
  }).from(estimates)
    .innerJoin(objects, eq(objects.id, estimates.objectId))
    .leftJoin(users, eq(users.id, estimates.createdBy))
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
  return { ...row, totalCost: row.totalAmount, items, subtotals, itemsTotal };
}

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

/** Object statuses an estimate moves forward to estimation_done (later ones stay). */
const beforeEstimation = ["new", "in_progress", "measurement_done"] as const;

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * The generator's number when the company has no estimate with it yet, else the first free `<number>-N`
 * (N from 2): generating twice from one measurement gives two numbers. Runs inside the write transaction
 * that inserts, so two generations cannot take the same one.
 */
async function freeNumber(tx: Tx, companyId: number, wanted: string): Promise<string> {
  const taken = new Set(
    (await tx.select({ number: estimates.estimateNumber }).from(estimates).where(and(
      eq(estimates.companyId, companyId),
      or(
        eq(estimates.estimateNumber, wanted),
        sql`substr(${estimates.estimateNumber}, 1, ${wanted.length + 1}) = ${wanted + "-"}`,
      ),
    ))).map((r) => r.number),
  );
  if (!taken.has(wanted)) return wanted;
  let n = 2;
  while (taken.has(`${wanted}-${n}`)) n++;
  return `${wanted}-${n}`;
}

/**
 * Stores a generated estimate as a draft with its items, moves the object to estimation_done, records
 * the activity and tells the chief engineers (estimate_created), in one transaction. The number is the
 * generator's, or the next free variant of it (see freeNumber). Returns the id and the stored number.
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
  },
  by: { id: number; now: Date },
): Promise<{ id: number; estimateNumber: string }> {
  const e = input.estimate;
  return await db.transaction(async (tx) => {
    const estimateNumber = await freeNumber(tx, input.companyId, e.estimateNumber);
    const [row] = await tx.insert(estimates).values({
      companyId: input.companyId,
      objectId: input.objectId,
      taskId: input.taskId,
      createdBy: by.id,
      estimateNumber,
      templateName: e.templateName,
      status: "draft",
      sections: e.sections,
      vatMode: e.vat.mode,
      vatAmount: e.vat.amount,
      totalAmount: e.totalAmount,
      notes: e.notes,
      warnings: e.warnings,
      measurementDocument: input.measurementDocument,
      createdAt: by.now,
      updatedAt: by.now,
    }).returning({ id: estimates.id });
    if (e.items.length > 0) {
      await tx.insert(estimateItems).values(e.items.map((it, position) => ({
        estimateId: row.id,
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
    await tx.update(objects).set({ status: "estimation_done", updatedAt: by.now })
      .where(and(eq(objects.id, input.objectId), inArray(objects.status, [...beforeEstimation])));
    await recordActivity(tx, {
      companyId: input.companyId,
      userId: by.id,
      type: "other",
      title: `Создана смета ${estimateNumber}`,
      status: "draft",
      objectId: input.objectId,
      taskId: input.taskId,
    });
    await notifyEstimateCreated(tx, {
      companyId: input.companyId,
      estimateId: row.id,
      objectId: input.objectId,
      estimateNumber,
      address: input.address,
      byUserId: by.id,
    });
    return { id: row.id, estimateNumber };
  });
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
    estimateNumber: string;
    address: string | null;
  },
  status: EstimateStatus,
  by: { id: number; now: Date; label: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(estimates).set({ status, updatedAt: by.now }).where(eq(estimates.id, current.id));
    await recordActivity(tx, {
      companyId: current.companyId,
      userId: by.id,
      type: "other",
      title: `Смета ${current.estimateNumber}: ${by.label}`,
      status,
      objectId: current.objectId,
    });
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

/** Objects of the scope to choose from in the manual estimate dialog, newest first. */
export async function objectOptions(db: Db, scope: Scope, limit = 300) {
  return await db.select({ id: objects.id, address: objects.address }).from(objects)
    .where(scope === null ? undefined : eq(objects.companyId, scope))
    .orderBy(desc(objects.createdAt), desc(objects.id)).limit(limit);
}
