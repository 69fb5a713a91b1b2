// The act of completed works («Акт сдачи-приёмки выполненных работ»): what it lists, its figures, the text
// the client signs, and the client's answers. db/acts.ts makes it from the approved estimate (through
// completedWorkLines) and the ledger's definition of money received (domain/ledger.ts); the PDF
// (server/act_documents.ts), the client's page and the staff's card print the same content.
import { clientRefusalSchema, clientSignatureSchema, type SignatureState } from "./client_signature.ts";
import { formatKopecks } from "./format.ts";
import { amountInWords } from "./amount_words.ts";
import { contractDay } from "./contract_text.ts";
import { vatLine } from "../estimating/enums.ts";
import type { Role } from "./roles.ts";

/** One line of the act: works or equipment as the approved estimate (and agreed changes) priced it. */
export interface ActLine {
  section: string;
  name: string;
  unit: string;
  quantity: number;
  /** Kopecks. */
  pricePerUnit: number;
  /** Kopecks. */
  totalPrice: number;
}

/** What an act lists and sums, as issued; kopecks. */
export interface ActContent {
  actNumber: string;
  contractNumber: string;
  /** ISO time of the contract. */
  contractDate: string;
  estimateNumber: string;
  estimateVersion: number;
  /** ISO time the act was made. */
  date: string;
  contractor: { name: string; inn: string | null; address: string | null; director: string | null };
  customer: string;
  address: string;
  lines: ActLine[];
  itemsTotal: number;
  discount: { label: string; amount: number } | null;
  /** The estimate's VAT mode (estimating/enums.ts vatModes). */
  vatMode: string;
  vatAmount: number;
  totalAmount: number;
  /** Money received before the act (domain/ledger.ts «Получено»). */
  receivedAmount: number;
  /** totalAmount − receivedAmount (negative: overpaid). */
  dueAmount: number;
}

/** Who finishes the works and issues the act: the foreman and the engineers of the company. */
export const actMakerRoles: readonly Role[] = [
  "foreman",
  "chief_engineer",
  "manager",
  "company_admin",
  "system_admin",
];

/** The act's title as every document prints it. */
export const ACT_TITLE = "Акт сдачи-приёмки выполненных работ";

/** A later version of an act keeps the number of the one it follows with «-v2», «-v3» …;
 * the first takes the company's next «А-2026-0001» (db/document_numbers.ts). */
export const actVersionNumber = (earlier: string, version: number) =>
  `${earlier.replace(/-v\d+$/, "")}-v${version}`;

/**
 * The act as text, line by line: what the client reads, what the PDF prints above the signatures and
 * what the signature's SHA-256 is taken over.
 */
export function actText(a: ActContent): string {
  const out = [
    `${ACT_TITLE} № ${a.actNumber}`,
    `к договору № ${a.contractNumber} от ${contractDay(new Date(a.contractDate))}`,
    `Дата акта: ${contractDay(new Date(a.date))}`,
    `Исполнитель: ${a.contractor.name}${a.contractor.inn ? `, ИНН ${a.contractor.inn}` : ""}`,
    `Заказчик: ${a.customer}`,
    `Объект: ${a.address}`,
    `Основание: смета № ${a.estimateNumber}, версия ${a.estimateVersion}`,
    "",
    "Исполнитель выполнил, а Заказчик принял следующие работы и оборудование:",
  ];
  a.lines.forEach((l, i) =>
    out.push(
      `${i + 1}. ${l.name} — ${formatQuantity(l.quantity)} ${l.unit} × ${formatKopecks(l.pricePerUnit)} = ${
        formatKopecks(l.totalPrice)
      }`,
    )
  );
  out.push("", `Итого по позициям: ${formatKopecks(a.itemsTotal)}`);
  if (a.discount) out.push(`${a.discount.label}: −${formatKopecks(a.discount.amount)}`);
  const vat = vatLine(a.vatMode);
  out.push(
    `${vat.label}${vat.rate === 0 ? "" : `: ${formatKopecks(a.vatAmount)}`}`,
    `Всего выполнено работ на сумму: ${formatKopecks(a.totalAmount)} (${amountInWords(a.totalAmount)})`,
    `Получено от Заказчика: ${formatKopecks(a.receivedAmount)}`,
    a.dueAmount >= 0
      ? `К оплате по акту: ${formatKopecks(a.dueAmount)} (${amountInWords(a.dueAmount)})`
      : `Переплата Заказчика: ${formatKopecks(-a.dueAmount)}`,
    "",
    "Работы выполнены полностью и в срок. Заказчик претензий по объёму, качеству и срокам работ не имеет.",
  );
  return out.join("\n");
}

/** A quantity as Russian text: «2», «12,5». */
export function formatQuantity(q: number): string {
  return String(Math.round(q * 1000) / 1000).replace(".", ",");
}

/** Where an act version stands, in words. */
export const actStateLabels: Record<SignatureState, string> = {
  awaiting: "ждёт подписи клиента",
  signed: "подписан клиентом",
  refused: "клиент отказался подписать",
};

/** POST /api/client-links/:token/act/sign: the same fields and checks as the contract's signature. */
export const actSignSchema = clientSignatureSchema("Подтвердите, что работы приняты");

/** POST /api/client-links/:token/act/refuse: why the client does not sign. */
export const actRefusalSchema = clientRefusalSchema("акт");

/** What the confirmation of «Завершить работы» states, kopecks. */
export interface ActPreview {
  totalAmount: number;
  receivedAmount: number;
  dueAmount: number;
}
