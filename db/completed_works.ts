// The works performed on a job, one definition for every document that lists them (the act, the invoice,
// КС-2, КС-3, the supplementary agreement's totals): completedWorkLines, the contract's estimate with the
// changes in force; and the estimate the closing documents list, in their shape (DocumentEstimate).
import { desc, eq } from "drizzle-orm";
import type { Db, Executor } from "./client.ts";
import { type Scope, scopeOf } from "./scope.ts";
import { contracts, jobChanges, supplementaryAgreements } from "./schema/mod.ts";
import { discountOf, getEstimate } from "./estimates.ts";
import { getEstimateVersion } from "./estimate_versions.ts";
import { clientLines } from "../estimating/client_view.ts";
import { discountLabel, estimateTotals } from "../estimating/mod.ts";
import { applyChanges, needsConsent } from "../domain/job_changes.ts";
import type { ActLine } from "../domain/acts.ts";
import type { DocumentEstimate } from "../domain/invoice.ts";

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

/** The estimate version a contract was made from, as a document lists it: lines and the stored totals. */
export async function contractEstimate(
  db: Db,
  scope: Scope,
  contract: { estimateId: number | null; estimateVersion: number | null },
): Promise<DocumentEstimate | null> {
  if (contract.estimateId === null) return null;
  // A contract made before its estimate version was recorded lists the estimate as it is now.
  const e = contract.estimateVersion === null
    ? await getEstimate(db, scope, contract.estimateId)
    : await getEstimateVersion(db, scope, contract.estimateId, contract.estimateVersion);
  if (!e) return null;
  return {
    estimateNumber: e.estimateNumber,
    vatMode: e.vatMode,
    lines: e.items.map((i) => ({
      name: i.name,
      unit: i.unit,
      quantity: i.quantity,
      price: i.pricePerUnit,
      total: i.totalPrice,
    })),
    itemsTotal: e.itemsTotal,
    discountAmount: e.discountAmount,
    vatAmount: e.vatAmount,
    totalAmount: e.totalAmount,
  };
}

/** The object's works performed, as the act lists them (db/acts.ts), in the closing documents' shape. */
export async function performedWorks(db: Db, objectId: number): Promise<DocumentEstimate | null> {
  const work = await completedWorkLines(db, objectId);
  if (!work) return null;
  return {
    estimateNumber: work.estimate.estimateNumber,
    vatMode: work.vatMode,
    lines: work.lines.map((l) => ({
      name: l.name,
      unit: l.unit,
      quantity: l.quantity,
      price: l.pricePerUnit,
      total: l.totalPrice,
    })),
    itemsTotal: work.itemsTotal,
    discountAmount: work.discount?.amount ?? 0,
    vatAmount: work.vatAmount,
    totalAmount: work.totalAmount,
  };
}
