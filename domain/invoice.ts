// The invoice («Счёт на оплату») as a document: the contractor's and the buyer's requisites,
// the estimate's lines with its discount and VAT, the amount asked now (prepayment or remainder, from the
// ledger), in figures and in words, and the payment purpose the ГОСТ Р 56042 QR carries. Pure: db/invoices.ts
// reads the data and stores the result as issued.
import { vatLine } from "../estimating/enums.ts";
import { amountInWords } from "./amount_words.ts";
import { bankLine, type ContractClient, contractDay, requisitesLine } from "./contract_text.ts";
import type { CompanyRequisites } from "./payment_qr.ts";
import type { Ledger } from "./ledger.ts";

/** One line of the invoice: the estimate's item as priced there (kopecks). */
export interface DocumentLine {
  name: string;
  unit: string;
  quantity: number;
  price: number;
  total: number;
}

/** The estimate a document is made from, its totals exactly as stored. */
export interface DocumentEstimate {
  estimateNumber: string;
  vatMode: string;
  lines: DocumentLine[];
  itemsTotal: number;
  discountAmount: number;
  vatAmount: number;
  totalAmount: number;
}

/** What an invoice asks for now: the rest of the prepayment, then the remainder; null when nothing is owed. */
export function invoiceAmount(
  ledger: Ledger,
  prepayment: number,
): { kind: "prepayment" | "final"; amount: number } | null {
  if (ledger.due <= 0 || ledger.owed <= 0) return null;
  if (ledger.received < prepayment) return { kind: "prepayment", amount: prepayment - ledger.received };
  return { kind: "final", amount: ledger.owed };
}

/** The VAT inside an amount that includes it at `rate` % (НК РФ ст. 164 п. 4: rate / (100 + rate)). */
export function vatInside(amount: number, rate: number): number {
  return rate ? Math.round(amount * rate / (100 + rate)) : 0;
}

export interface InvoiceDocument {
  number: string;
  /** dd.mm.yyyy, Moscow. */
  date: string;
  kind: "prepayment" | "final";
  seller: { name: string; requisites: string; address: string; bank: string; director: string };
  buyer: { name: string; requisites: string; address: string; bank: string };
  basis: string;
  estimate: DocumentEstimate;
  /** The VAT sentence of the whole («в т.ч. НДС 22 % — …» or «Без НДС»). */
  vatLabel: string;
  received: number;
  amount: number;
  amountVat: number;
  amountWords: string;
  purpose: string;
}

/** The invoice of one amount asked for one contract. */
export function invoiceDocument(input: {
  number: string;
  date: Date;
  asked: { kind: "prepayment" | "final"; amount: number };
  received: number;
  seller: CompanyRequisites;
  buyer: { name: string; address: string; client: ContractClient };
  contract: { number: string; date: Date };
  estimate: DocumentEstimate;
}): InvoiceDocument {
  const { seller: s, buyer: b, estimate: e, asked } = input;
  const vat = vatLine(e.vatMode);
  const amountVat = vatInside(asked.amount, vat.rate);
  const basis = `Договор подряда № ${input.contract.number} от ${contractDay(input.contract.date)}`;
  const vatPart = vat.rate
    ? `в т.ч. НДС ${vat.rate} % ${(amountVat / 100).toFixed(2)} руб.`
    : "НДС не облагается";
  const what = asked.kind === "prepayment" ? "Предоплата" : "Окончательный расчёт";
  return {
    number: input.number,
    date: contractDay(input.date),
    kind: asked.kind,
    seller: {
      name: s.name,
      requisites: requisitesLine(s),
      address: s.legalAddress ?? "",
      bank: bankLine(s),
      director: s.directorName ?? "",
    },
    buyer: {
      name: b.name,
      requisites: b.client.kind === "organisation" ? requisitesLine(b.client) : "",
      address: b.address,
      bank: b.client.kind === "organisation" ? bankLine(b.client) : "",
    },
    basis,
    estimate: e,
    vatLabel: vat.rate ? `${vat.included ? "В том числе НДС" : "НДС"} ${vat.rate} %` : "Без НДС",
    received: input.received,
    amount: asked.amount,
    amountVat,
    amountWords: amountInWords(asked.amount),
    purpose: `${what} по счёту № ${input.number} от ${
      contractDay(input.date)
    }, ${basis.toLowerCase()}, ${vatPart}`,
  };
}
