// Test helper: the document numbers the demo company has taken, for tests that expect the next one.
import { and, eq } from "drizzle-orm";
import type { Db } from "./client.ts";
import { companies, documentNumbers } from "./schema/mod.ts";
import { moscowDate } from "../domain/dates.ts";

/**
 * How many numbers of a kind («estimate», «contract», «invoice» …) the demo company has taken in this Moscow
 * year: the demo's documents are dated weeks back from today, so early in a year some belong to the year
 * before. A new document of the kind takes the number after these.
 */
export async function companyNumbersThisYear(db: Db, kind: string): Promise<number> {
  const year = Number(moscowDate(new Date()).slice(0, 4));
  const [company] = await db.select({ id: companies.id }).from(companies)
    .where(eq(companies.name, "ООО «Демо Септик»"));
  const rows = await db.select({ id: documentNumbers.id }).from(documentNumbers).where(and(
    eq(documentNumbers.companyId, company.id),
    eq(documentNumbers.kind, kind),
    eq(documentNumbers.year, year),
  ));
  return rows.length;
}
