// The works a job's closing documents (КС-2, КС-3, the invoice) list. For now the works of the approved
// estimate the current contract was made from, as performed in full: engineer job-act records the changes
// made on site and will give this function their lines (issue 25 items 5 and 6), with the same name and meaning.
import { desc, eq } from "drizzle-orm";
import type { Db } from "./client.ts";
import { type Scope, scopeOf } from "./scope.ts";
import { contracts, objects } from "./schema/mod.ts";
import { getEstimate, getEstimateVersion } from "./estimates.ts";
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

/** The object's works performed: today the current contract's estimate in full; null without a contract. */
export async function completedWorkLines(db: Db, objectId: number): Promise<DocumentEstimate | null> {
  const [row] = await db.select({
    estimateId: contracts.estimateId,
    estimateVersion: contracts.estimateVersion,
    companyId: objects.companyId,
  }).from(contracts).innerJoin(objects, eq(objects.id, contracts.objectId))
    .where(eq(contracts.objectId, objectId))
    .orderBy(desc(contracts.createdAt), desc(contracts.id)).limit(1);
  if (!row) return null;
  return await contractEstimate(db, scopeOf(row.companyId), row);
}
