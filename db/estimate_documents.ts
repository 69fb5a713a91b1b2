// What an estimate's documents (the workbook and the print page) print besides the lines.
import { eq } from "drizzle-orm";
import type { Db } from "./client.ts";
import { companies } from "./schema/mod.ts";
import { discountLabel } from "../estimating/mod.ts";
import { moscowDate } from "../domain/dates.ts";
import { type EstimateDetail } from "./estimates.ts";

/**
 * What an estimate's documents (the workbook and the print page) print besides the lines: the company's
 * requisites, object and client, date, discount and the notes.
 */
export async function estimateDocumentParts(db: Db, e: EstimateDetail) {
  const [company] = await db.select().from(companies).where(eq(companies.id, e.companyId));
  return {
    date: moscowDate(e.createdAt),
    company: company
      ? {
        name: company.name,
        inn: company.inn ?? undefined,
        kpp: company.kpp ?? undefined,
        ogrn: company.ogrn ?? undefined,
        address: company.legalAddress ?? company.actualAddress ?? undefined,
        phone: company.phone ?? undefined,
        email: company.email ?? undefined,
        bankName: company.bankName ?? undefined,
        account: company.bankAccount ?? undefined,
        bik: company.bankBik ?? undefined,
        correspondentAccount: company.bankCorAccount ?? undefined,
      }
      : undefined,
    object: {
      address: e.objectAddress,
      clientName: e.objectClientName ?? undefined,
      clientPhone: e.objectClientPhone ?? undefined,
    },
    discount: e.discountAmount > 0 && e.discountKind
      ? {
        label: discountLabel({ kind: e.discountKind, value: e.discountValue }),
        amount: e.discountAmount,
        ...(e.discountKind === "percent" ? { percent: e.discountValue / 100 } : {}),
      }
      : undefined,
    clientNote: e.clientNote ?? undefined,
    internalNote: e.internalNote ?? undefined,
  };
}

export type EstimateDocumentParts = Awaited<ReturnType<typeof estimateDocumentParts>>;
