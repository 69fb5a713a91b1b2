// Invoices («Счёт на оплату»): issued for the amount the ledger says is asked now, numbered in the same
// transaction (db/document_numbers.ts) and stored as issued (domain/invoice.ts InvoiceDocument).
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "./client.ts";
import type { Scope } from "./scope.ts";
import { contracts, invoices } from "./schema/mod.ts";
import { companyRequisites, contractClient, contractObject } from "./contracts.ts";
import { objectLedger } from "./ledger.ts";
import { contractEstimate } from "./completed_works.ts";
import { allocateNumber } from "./document_numbers.ts";
import { invoiceAmount, type InvoiceDocument, invoiceDocument } from "../domain/invoice.ts";
import { requisitesProblem } from "../domain/payment_qr.ts";

const inScope = (scope: Scope) => scope === null ? undefined : eq(invoices.companyId, scope);

/** Why an invoice cannot be issued, in Russian, or the issued invoice. */
export type IssueResult =
  | { problem: "not_found" }
  | { problem: string; errors?: Record<string, string[]> }
  | { invoice: typeof invoices.$inferSelect & { document: InvoiceDocument } };

/** Issues the invoice of the object's current contract for the amount asked now (prepayment or remainder). */
export async function issueInvoice(
  db: Db,
  scope: Scope,
  objectId: number,
  by: { id: number; now: Date },
): Promise<IssueResult> {
  const object = await contractObject(db, scope, objectId);
  if (!object) return { problem: "not_found" };
  const [contract] = await db.select().from(contracts).where(eq(contracts.objectId, objectId))
    .orderBy(desc(contracts.createdAt), desc(contracts.id)).limit(1);
  if (!contract) return { problem: "У объекта нет договора: счёт выставляется по договору" };
  const [estimate, money, seller] = await Promise.all([
    contractEstimate(db, scope, contract),
    objectLedger(db, scope, objectId),
    companyRequisites(db, object.companyId),
  ]);
  if (!estimate) return { problem: "Смета договора не найдена" };
  const problem = seller ? requisitesProblem(seller) : { message: "Компания не найдена", errors: {} };
  if (problem) return { problem: problem.message, errors: problem.errors };
  const asked = invoiceAmount(money!.ledger, contract.prepaymentAmount);
  if (!asked) return { problem: "По договору всё оплачено: выставлять нечего" };
  const client = contractClient(object);
  return await db.transaction(async (tx) => {
    const number = await allocateNumber(tx, object.companyId, "invoice", by.now);
    const document = invoiceDocument({
      number,
      date: by.now,
      asked,
      received: money!.ledger.received,
      seller: seller!,
      buyer: {
        name: contract.contractData.CLIENT_NAME || object.clientName || "",
        address: contract.contractData.CLIENT_ADDRESS || object.legalAddress || "",
        client,
      },
      contract: { number: contract.contractNumber, date: contract.createdAt },
      estimate,
    });
    const [row] = await tx.insert(invoices).values({
      companyId: object.companyId,
      objectId,
      contractId: contract.id,
      number,
      kind: asked.kind,
      amount: asked.amount,
      document,
      createdBy: by.id,
      createdAt: by.now,
    }).returning();
    return { invoice: { ...row, document } };
  });
}

/** The object's invoices, newest first (without their documents); null when the object is not in the scope. */
export async function objectInvoices(db: Db, scope: Scope, objectId: number) {
  if (!await contractObject(db, scope, objectId)) return null;
  return await db.select({
    id: invoices.id,
    number: invoices.number,
    kind: invoices.kind,
    amount: invoices.amount,
    createdAt: invoices.createdAt,
  }).from(invoices).where(and(eq(invoices.objectId, objectId), inScope(scope)))
    .orderBy(desc(invoices.createdAt), desc(invoices.id));
}

/** One invoice of the scope with its document as issued, or null. */
export async function getInvoice(db: Db, scope: Scope, id: number) {
  const [row] = await db.select().from(invoices).where(and(eq(invoices.id, id), inScope(scope)));
  return row ? { ...row, document: row.document as InvoiceDocument } : null;
}
