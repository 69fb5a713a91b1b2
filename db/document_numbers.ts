// Allocates the next number of a kind of document for a company and year (domain/document_numbers.ts).
// Called inside the transaction that writes the document, so a rolled-back document gives its number back;
// the unique (company, kind, year, seq) index stops two writers that read the same last number.
import { and, eq, max } from "drizzle-orm";
import type { Db } from "./client.ts";
import { documentNumbers } from "./schema/mod.ts";
import { preparedQuery } from "./prepared.ts";
import { documentNumber, type DocumentNumberKind, parseDocumentNumber } from "../domain/document_numbers.ts";
import { moscowCalendar } from "../domain/dates.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The next number, «СЧ-2026-0003», of `kind` for the company in the Moscow year of `date`. */
export async function allocateNumber(
  tx: Tx | Db,
  companyId: number,
  kind: DocumentNumberKind,
  date: Date,
): Promise<string> {
  return await takeNext(tx, companyId, kind, date, (year, seq) => documentNumber(kind, year, seq));
}

/**
 * Gives a document that already carries a number of its own (the demo's «СМ-2026-001», written before the
 * company numbering) the next place in the sequence, so allocateNumber continues after it; as migration 0023
 * does for the documents that existed then.
 */
export async function registerNumber(
  tx: Tx | Db,
  companyId: number,
  kind: DocumentNumberKind,
  label: string,
  date: Date,
): Promise<void> {
  await takeNext(tx, companyId, kind, date, () => label);
}

/**
 * A number a person typed (a manual estimate's) that has the shape of the company's series takes its place in
 * it, so allocateNumber never gives it again: the series continues after the highest number taken, in the
 * order documents are made. A place taken already (a number given before) stays as it is; a number of
 * another shape is none of the series' business.
 */
export async function claimTypedNumber(
  tx: Tx | Db,
  companyId: number,
  kind: DocumentNumberKind,
  label: string,
  date: Date,
): Promise<void> {
  const place = parseDocumentNumber(kind, label);
  if (!place) return;
  await tx.insert(documentNumbers).values({ companyId, kind, ...place, label, createdAt: date })
    .onConflictDoNothing();
}

/**
 * The number allocateNumber would give next, without taking it: a form's suggestion, which the person keeps
 * (claimTypedNumber then takes its place) or replaces.
 */
export async function nextNumber(
  db: Db,
  companyId: number,
  kind: DocumentNumberKind,
  date: Date,
): Promise<string> {
  const { year, seq } = await nextPlace(db, companyId, kind, date);
  return documentNumber(kind, year, seq);
}

/** The Moscow year of `date` and the sequence after the last number of that year's series. */
async function nextPlace(tx: Tx | Db, companyId: number, kind: DocumentNumberKind, date: Date) {
  const { year } = moscowCalendar(date);
  const [last] = await preparedQuery(
    tx,
    "documentNumbers.last",
    { companyId, kind, year },
    (p) =>
      tx.select({ seq: max(documentNumbers.seq) }).from(documentNumbers).where(and(
        eq(documentNumbers.companyId, p.companyId),
        eq(documentNumbers.kind, p.kind),
        eq(documentNumbers.year, p.year),
      )),
  ).all();
  return { year, seq: (last?.seq ?? 0) + 1 };
}

async function takeNext(
  tx: Tx | Db,
  companyId: number,
  kind: DocumentNumberKind,
  date: Date,
  labelOf: (year: number, seq: number) => string,
): Promise<string> {
  const { year, seq } = await nextPlace(tx, companyId, kind, date);
  const label = labelOf(year, seq);
  await tx.insert(documentNumbers).values({ companyId, kind, year, seq, label, createdAt: date });
  return label;
}
