// The company's requisites as a contract and a payment need them, and the ГОСТ Р 56042-2014 payment string
// that Russian bank apps read from a QR code. Pure; the server refuses a contract or a QR with the messages.
import { cleanRequisite, requisiteErrors } from "./requisites.ts";

export interface CompanyRequisites {
  name: string;
  inn: string | null;
  kpp: string | null;
  ogrn: string | null;
  legalAddress: string | null;
  directorName: string | null;
  bankName: string | null;
  bankBik: string | null;
  bankAccount: string | null;
  bankCorAccount: string | null;
}

/** The requisites a contract and a payment order cannot do without, with the settings field's label. */
const requiredLabels: Record<Exclude<keyof CompanyRequisites, "kpp">, string> = {
  name: "Название компании",
  inn: "ИНН",
  ogrn: "ОГРН",
  legalAddress: "Юридический адрес",
  directorName: "Руководитель",
  bankName: "Банк",
  bankBik: "БИК",
  bankAccount: "Расчётный счёт",
  bankCorAccount: "Корреспондентский счёт",
};

export interface RequisitesProblem {
  message: string;
  errors: Record<string, string[]>;
}

/**
 * What keeps the requisites from going into a contract or a QR: empty fields and numbers that fail their
 * check digits. Null when they are complete and right. An organisation (10-digit ИНН) needs a КПП too.
 */
export function requisitesProblem(r: CompanyRequisites): RequisitesProblem | null {
  const errors: Record<string, string[]> = {};
  const missing: string[] = [];
  for (const [field, label] of Object.entries(requiredLabels)) {
    if (!String(r[field as keyof CompanyRequisites] ?? "").trim()) {
      missing.push(label);
      errors[field] = [`Заполните поле «${label}» в настройках компании`];
    }
  }
  if (cleanRequisite(r.inn).length === 10 && !cleanRequisite(r.kpp)) {
    missing.push("КПП");
    errors.kpp = ["Заполните поле «КПП» в настройках компании"];
  }
  const wrong = requisiteErrors(r);
  for (const [field, message] of Object.entries(wrong)) errors[field] ??= [message];
  if (missing.length === 0 && Object.keys(wrong).length === 0) return null;
  const parts: string[] = [];
  if (missing.length) parts.push(`заполните в настройках компании: ${missing.join(", ")}`);
  if (Object.keys(wrong).length) parts.push(`исправьте: ${Object.values(wrong).join("; ")}`);
  const text = parts.join("; ");
  return { message: `Реквизиты компании не готовы — ${text}`, errors };
}

export interface PaymentOrder {
  /** Prepayment in kopecks. */
  sum: number;
  purpose: string;
}

/** A value of the string: the separator `|` cannot appear inside, and line breaks become spaces. */
function field(value: string): string {
  return value.replace(/[|\r\n]+/g, " ").replace(/\s+/g, " ").trim();
}

/**
 * The ГОСТ Р 56042-2014 string (format ST0001, encoding 2 = UTF-8) for checked requisites:
 * `ST00012|Name=…|PersonalAcc=…|BankName=…|BIC=…|CorrespAcc=…|Sum=…|Purpose=…|PayeeINN=…|KPP=…`.
 * Sum is in kopecks. Throws when the requisites are not ready (see `requisitesProblem`).
 */
export function gostPaymentString(r: CompanyRequisites, order: PaymentOrder): string {
  const problem = requisitesProblem(r);
  if (problem) throw new Error(problem.message);
  if (!Number.isSafeInteger(order.sum) || order.sum <= 0) {
    throw new RangeError(`Sum "${order.sum}" is not positive`);
  }
  const parts = [
    `Name=${field(r.name)}`,
    `PersonalAcc=${cleanRequisite(r.bankAccount)}`,
    `BankName=${field(r.bankName!)}`,
    `BIC=${cleanRequisite(r.bankBik)}`,
    `CorrespAcc=${cleanRequisite(r.bankCorAccount)}`,
    `Sum=${order.sum}`,
    `Purpose=${field(order.purpose)}`,
    `PayeeINN=${cleanRequisite(r.inn)}`,
  ];
  const kpp = cleanRequisite(r.kpp);
  if (kpp) parts.push(`KPP=${kpp}`);
  return ["ST00012", ...parts].join("|");
}

/** The requisites field by field, as the client copies them into a bank app by hand (one copy button each). */
export function requisitesFields(
  r: CompanyRequisites,
  order: PaymentOrder,
): { label: string; value: string; copy?: string }[] {
  const rub = new Intl.NumberFormat("ru-RU", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return [
    { label: "Получатель", value: r.name },
    { label: "ИНН", value: cleanRequisite(r.inn) },
    ...(r.kpp ? [{ label: "КПП", value: cleanRequisite(r.kpp) }] : []),
    { label: "Расчётный счёт", value: cleanRequisite(r.bankAccount) },
    { label: "Банк", value: r.bankName ?? "" },
    { label: "БИК", value: cleanRequisite(r.bankBik) },
    { label: "Корр. счёт", value: cleanRequisite(r.bankCorAccount) },
    // A bank app's amount field takes the figure alone, without grouping spaces.
    {
      label: "Сумма",
      value: `${rub.format(order.sum / 100)} руб.`,
      copy: (order.sum / 100).toFixed(2).replace(".", ","),
    },
    { label: "Назначение платежа", value: order.purpose },
  ];
}

/** The requisites as one text, for copying all of them at once. */
export function requisitesText(r: CompanyRequisites, order: PaymentOrder): string {
  return requisitesFields(r, order).map((f) => `${f.label}: ${f.value}`).join("\n");
}
