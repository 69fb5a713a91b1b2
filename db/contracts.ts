// Contract queries: the object and client a contract names, the company's requisites, the estimate it is made
// from, its versions with signature and payment state. Payments, client links, customers' access to objects and
// contract templates have modules of their own. Staff functions take the company scope (null = every company,
// system_admin only): another company's record is simply not found. Money is integer kopecks.
import { and, desc, eq, max, ne, type SQL } from "drizzle-orm";
import type { Db } from "./client.ts";
import { type Scope } from "./scope.ts";
import { findRow, preparedQuery } from "./prepared.ts";
import { companies, contracts, contractSignatures, estimates, objects, payments } from "./schema/mod.ts";
import { recordActivity } from "./notifications.ts";
import { refreshJobState } from "./job_status.ts";
import { carryChangesToContract } from "./job_changes.ts";
import { allocateNumber } from "./document_numbers.ts";
import { getEstimate } from "./estimates.ts";
import type { CompanyRequisites } from "../domain/payment_qr.ts";
import type { ContractClient } from "../domain/contract_text.ts";

export const inScope = (
  column: typeof contracts.companyId | typeof objects.companyId,
  scope: Scope,
): SQL | undefined => scope === null ? undefined : eq(column, scope);

/** The object of the scope with what a contract needs, or null. */
export async function contractObject(db: Db, scope: Scope, objectId: number) {
  const [row] = await preparedQuery(
    db,
    "contracts.object",
    { objectId, companyId: scope ?? undefined },
    (p) =>
      db.select({
        id: objects.id,
        companyId: objects.companyId,
        address: objects.address,
        city: objects.city,
        settlement: objects.settlement,
        clientName: objects.clientName,
        clientPhone: objects.clientPhone,
        clientEmail: objects.clientEmail,
        workType: objects.workType,
        status: objects.status,
        clientKind: objects.clientKind,
        inn: objects.clientInn,
        kpp: objects.clientKpp,
        ogrn: objects.clientOgrn,
        legalAddress: objects.clientLegalAddress,
        signer: objects.clientSigner,
        bankName: objects.clientBankName,
        bankBik: objects.clientBankBik,
        bankAccount: objects.clientBankAccount,
        bankCorAccount: objects.clientBankCorAccount,
      }).from(objects).where(
        and(eq(objects.id, p.objectId), p.companyId && eq(objects.companyId, p.companyId)),
      ),
  ).all();
  return row ?? null;
}

/** Who the object's client is, as a contract, an invoice and КС-2/КС-3 name it. */
export function contractClient(o: NonNullable<Awaited<ReturnType<typeof contractObject>>>): ContractClient {
  if (o.clientKind === "person") return { kind: "person" };
  const { inn, kpp, ogrn, legalAddress, signer, bankName, bankBik, bankAccount, bankCorAccount } = o;
  return {
    kind: "organisation",
    inn,
    kpp,
    ogrn,
    legalAddress,
    signer,
    bankName,
    bankBik,
    bankAccount,
    bankCorAccount,
  };
}

/** The company's requisites as a contract and a payment order print them. */
export async function companyRequisites(db: Db, companyId: number): Promise<CompanyRequisites | null> {
  const [row] = await db.select({
    name: companies.name,
    inn: companies.inn,
    kpp: companies.kpp,
    ogrn: companies.ogrn,
    legalAddress: companies.legalAddress,
    directorName: companies.directorName,
    bankName: companies.bankName,
    bankBik: companies.bankBik,
    bankAccount: companies.bankAccount,
    bankCorAccount: companies.bankCorAccount,
  }).from(companies).where(eq(companies.id, companyId));
  return row ?? null;
}

/** The estimate a contract is made from: the named one of the object, or the object's newest. */
export async function estimateForContract(db: Db, scope: Scope, objectId: number, estimateId?: number) {
  let id = estimateId;
  if (id === undefined) {
    const [latest] = await preparedQuery(
      db,
      "contracts.newestEstimate",
      { objectId, companyId: scope ?? undefined },
      (p) =>
        db.select({ id: estimates.id }).from(estimates)
          .where(and(eq(estimates.objectId, p.objectId), p.companyId && eq(estimates.companyId, p.companyId)))
          .orderBy(desc(estimates.createdAt), desc(estimates.id)).limit(1),
    ).all();
    if (!latest) return null;
    id = latest.id;
  }
  const e = await getEstimate(db, scope, id);
  return e && e.objectId === objectId ? e : null;
}

export interface NewContractVersion {
  companyId: number;
  objectId: number;
  estimateId: number;
  /** The estimate's version it was made from. */
  estimateVersion: number;
  templateId: string;
  /** The number typed in the wizard; null: the object's contract number, or the company's next one. */
  contractNumber: string | null;
  /** The text and data of the contract with its number (the text prints it, so it is written after the
   * number is known). */
  write: (contractNumber: string) => {
    contractData: Record<string, string>;
    contractText: string;
    /** SHA-256 (hex) of contractText. */
    textSha256: string;
  };
  prepaymentPercent: number;
  totalAmount: number;
  prepaymentAmount: number;
}

/**
 * Stores the contract text as the next version of its number on its object (1, 2, …): a stored version is
 * never updated, so a signed one stays as signed. Without a typed number the object's contract keeps its
 * number, and the object's first contract takes the company's next («Д-2026-0001», allocateNumber in this
 * transaction). Records the activity. Answers the new row, or null when another object of the company has
 * the number: checked in the same transaction as the write, and the unique (company, number, version) index
 * stops a second process that checked at the same moment.
 */
export async function storeContractVersion(db: Db, c: NewContractVersion, by: { id: number; now: Date }) {
  return await db.transaction(async (tx) => {
    const { write, contractNumber: typed, ...fields } = c;
    const [earlier] = typed === null
      ? await tx.select({ number: contracts.contractNumber }).from(contracts)
        .where(and(eq(contracts.companyId, c.companyId), eq(contracts.objectId, c.objectId)))
        .orderBy(desc(contracts.createdAt), desc(contracts.id)).limit(1)
      : [];
    const contractNumber = typed ?? earlier?.number ??
      await allocateNumber(tx, c.companyId, "contract", by.now);
    const sameNumber = and(
      eq(contracts.companyId, c.companyId),
      eq(contracts.contractNumber, contractNumber),
    );
    const [other] = await tx.select({ id: contracts.id }).from(contracts)
      .where(and(sameNumber, ne(contracts.objectId, c.objectId))).limit(1);
    if (other) return null;
    const [last] = await tx.select({ v: max(contracts.version) }).from(contracts)
      .where(and(sameNumber, eq(contracts.objectId, c.objectId)));
    const document = write(contractNumber);
    const [row] = await tx.insert(contracts).values({
      ...fields,
      ...document,
      contractNumber,
      version: (last?.v ?? 0) + 1,
      createdBy: by.id,
      createdAt: by.now,
    }).returning();
    await recordActivity(tx, {
      at: by.now,
      companyId: c.companyId,
      userId: by.id,
      type: "document",
      title: `Договор №${contractNumber} (версия ${row.version})`,
      objectId: c.objectId,
    });
    await carryChangesToContract(tx, row);
    await refreshJobState(tx, c.objectId, by.now, by.id);
    return row;
  });
}

const signatureSelection = {
  signerName: contractSignatures.signerName,
  signatureImage: contractSignatures.signatureImage,
  signedAt: contractSignatures.signedAt,
  ip: contractSignatures.ip,
  userAgent: contractSignatures.userAgent,
  textSha256: contractSignatures.textSha256,
};
export type ContractSignature = {
  signerName: string;
  signatureImage: string;
  signedAt: Date;
  ip: string | null;
  userAgent: string | null;
  textSha256: string;
};

/** One contract version of the scope with its signature (if any) and its newest payment, or null. */
export async function getContract(db: Db, scope: Scope, id: number) {
  const row = await findRow(db, "contracts.one", contracts, id, scope);
  if (!row) return null;
  return await withState(db, row);
}

/** The object's current contract: its newest version, with signature and payment state; null when none. */
export async function currentContract(db: Db, scope: Scope, objectId: number) {
  const [row] = await preparedQuery(
    db,
    "contracts.current",
    { objectId, companyId: scope ?? undefined },
    (p) =>
      db.select().from(contracts)
        .where(and(eq(contracts.objectId, p.objectId), p.companyId && eq(contracts.companyId, p.companyId)))
        .orderBy(desc(contracts.createdAt), desc(contracts.id)).limit(1),
  ).all();
  return row ? await withState(db, row) : null;
}

type ContractRow = typeof contracts.$inferSelect;

async function withState(db: Db, row: ContractRow) {
  const [signature] = await preparedQuery(
    db,
    "contracts.signature",
    { contractId: row.id },
    (p) =>
      db.select(signatureSelection).from(contractSignatures).where(
        eq(contractSignatures.contractId, p.contractId),
      ),
  )
    .all();
  // The contract's state is its prepayment; the final payment is the ledger's (db/ledger.ts).
  const [payment] = await preparedQuery(
    db,
    "contracts.prepayment",
    { contractId: row.id },
    (p) =>
      db.select().from(payments)
        .where(and(eq(payments.contractId, p.contractId), eq(payments.kind, "prepayment")))
        .orderBy(desc(payments.createdAt), desc(payments.id)).limit(1),
  ).all();
  return {
    ...row,
    signature: (signature ?? null) as ContractSignature | null,
    payment: (payment ?? null) as typeof payments.$inferSelect | null,
  };
}
export type ContractWithState = NonNullable<Awaited<ReturnType<typeof getContract>>>;
