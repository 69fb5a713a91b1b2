// Versions of an estimate: the snapshot kept when generating again replaces it, the list of versions, one
// earlier version read as it was, and whether an earlier version carries a number.
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "./client.ts";
import { estimateVersions } from "./schema/mod.ts";
import { estimateTotals } from "../estimating/mod.ts";
import { type Scope } from "./scope.ts";
import { preparedQuery } from "./prepared.ts";
import { discountOf, type EstimateDetail, type EstimateStatus, getEstimate, type Tx } from "./estimates.ts";

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

export function snapshotOf(e: EstimateDetail): EstimateSnapshot {
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
  const earlier = await preparedQuery(
    db,
    "estimateVersions.list",
    { estimateId: current.id, companyId: scope ?? undefined },
    (p) =>
      db.select({
        version: estimateVersions.version,
        estimateNumber: estimateVersions.estimateNumber,
        status: estimateVersions.status,
        totalAmount: estimateVersions.totalAmount,
        createdAt: estimateVersions.createdAt,
      }).from(estimateVersions).where(and(
        eq(estimateVersions.estimateId, p.estimateId),
        p.companyId && eq(estimateVersions.companyId, p.companyId),
      )).orderBy(desc(estimateVersions.version)),
  ).all();
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
