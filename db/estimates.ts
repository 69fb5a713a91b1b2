// One estimate as stored: its row and items (getEstimate), the object it prices, and the stored columns of the
// engine's VAT mode and discount. Lists, generation, versions, manual estimates, status and edits have modules
// of their own (db/estimate_*.ts, db/manual_estimates.ts). Every function takes the company scope (null = every
// company, system_admin only); a record of another company is simply not found. Money is integer kopecks.
import { and, eq, type SQL } from "drizzle-orm";
import type { Db } from "./client.ts";
import { estimateItems, estimates, objects, users } from "./schema/mod.ts";
import { type Discount, type VatMode, vatModes } from "../estimating/mod.ts";
import { alias } from "drizzle-orm/sqlite-core";
import { type Scope } from "./scope.ts";
import { idInScope, preparedQuery } from "./prepared.ts";

export type { Scope };
export type EstimateStatus = typeof estimates.$inferSelect.status;

type StoredVatMode = typeof estimates.$inferSelect.vatMode;

/** The engine's VAT mode of the stored columns: vat_mode keeps the rate, vat_included whether prices include it
 * (a column of its own, so the table's CHECK on vat_mode stays). */
export function engineVatMode(mode: StoredVatMode, included: boolean): VatMode {
  return mode !== "none" && included ? `incl-${mode}` : mode;
}

/** The stored columns of an engine's VAT mode. */
export function vatColumns(mode: VatMode): { vatMode: StoredVatMode; vatIncluded: boolean } {
  const vat = vatModes.find((v) => v.value === mode) ?? vatModes[0];
  return { vatMode: vat.rate === 0 ? "none" : String(vat.rate) as StoredVatMode, vatIncluded: vat.included };
}

export const ofScope = (scope: Scope): SQL | undefined =>
  scope === null ? undefined : eq(estimates.companyId, scope);

export const estimateRowColumns = {
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

/** One estimate of the scope with its items (in position order), or null. */
export async function getEstimate(db: Db | Tx, scope: Scope, id: number) {
  const [row] = await preparedQuery(
    db as Db,
    "estimates.one",
    { id, companyId: scope ?? undefined },
    (p) =>
      db.select({
        ...estimateRowColumns,
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
        .where(idInScope(estimates, p)),
  ).all();
  if (!row) return null;
  const items = await preparedQuery(
    db as Db,
    "estimates.items",
    { id },
    (p) =>
      db.select().from(estimateItems).where(eq(estimateItems.estimateId, p.id))
        .orderBy(estimateItems.position, estimateItems.id),
  ).all();
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

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

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
