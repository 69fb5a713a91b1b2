// The estimate a job's closing documents (the invoice, КС-2, КС-3) list, in their shape (DocumentEstimate).
// The works performed are the act's (completedWorkLines of db/acts.ts): one definition for every document.
import type { Db } from "./client.ts";
import type { Scope } from "./scope.ts";
import { getEstimate } from "./estimates.ts";
import { getEstimateVersion } from "./estimate_versions.ts";
import { completedWorkLines } from "./acts.ts";
import type { DocumentEstimate } from "../domain/invoice.ts";

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
