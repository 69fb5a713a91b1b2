// The unified forms КС-2 («Акт о приёмке выполненных работ») and КС-3 («Справка о стоимости выполненных работ
// и затрат») of Постановление Госкомстата России от 11.11.1999 № 100, as data: the header (инвестор,
// заказчик, подрядчик, стройка, объект, договор, отчётный период), the КС-2 lines and the КС-3 sums. Pure;
// server/ks_documents.ts lays them out as PDF and as an .xlsx with formulas.
import { vatLine } from "../estimating/enums.ts";
import { contractDay } from "./contract_text.ts";
import type { DocumentEstimate } from "./invoice.ts";

export interface KsParty {
  name: string;
  details: string;
}

export interface KsDocument {
  number: string;
  /** dd.mm.yyyy. */
  date: string;
  period: { from: string; to: string };
  investor: KsParty;
  customer: KsParty;
  contractor: KsParty;
  construction: string;
  object: string;
  contract: { number: string; date: string };
  works: DocumentEstimate;
  vat: { rate: number; included: boolean; label: string };
  /** КС-3 column sums: since the start of works, since the start of the year, for the period (kopecks). */
  sinceStart: number;
  sinceYearStart: number;
  forPeriod: number;
}

/** The КС-2 and КС-3 of one reporting period; all of the works are in this period (one act per contract). */
export function ksDocument(input: {
  number: string;
  date: Date;
  periodFrom: Date;
  customer: KsParty;
  contractor: KsParty;
  construction: string;
  object: string;
  contract: { number: string; date: Date };
  works: DocumentEstimate;
}): KsDocument {
  const vat = vatLine(input.works.vatMode);
  const total = input.works.totalAmount;
  return {
    number: input.number,
    date: contractDay(input.date),
    period: { from: contractDay(input.periodFrom), to: contractDay(input.date) },
    investor: input.customer,
    customer: input.customer,
    contractor: input.contractor,
    construction: input.construction,
    object: input.object,
    contract: { number: input.contract.number, date: contractDay(input.contract.date) },
    works: input.works,
    vat: { rate: vat.rate, included: vat.included, label: vat.rate ? `НДС ${vat.rate} %` : "Без НДС" },
    sinceStart: total,
    sinceYearStart: total,
    forPeriod: total,
  };
}

/** The works' cost without VAT: the lines less the discount, VAT taken out when the prices include it. */
export function ksNet(d: KsDocument): number {
  const base = d.works.itemsTotal - d.works.discountAmount;
  return d.vat.included ? base - d.works.vatAmount : base;
}
