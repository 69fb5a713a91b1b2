// Works done with changes: what the foreman records against the approved estimate — a
// quantity changed, an item not done, an item added from the price list — which changes count at once
// (decreases) and which wait for the client's supplementary agreement (increases, and any change flagged
// «требует согласия клиента»), and the agreement's content and text. db/job_changes.ts stores them; the act,
// the invoice, КС-2/КС-3 and the ledger read the lines through db/completed_works.ts completedWorkLines.
import * as z from "zod/mini";
import { clientRefusalSchema, clientSignatureSchema, type SignatureState } from "./client_signature.ts";
import { formatKopecks } from "./format.ts";
import { amountInWords } from "./amount_words.ts";
import { contractDay } from "./contract_text.ts";
import { formatQuantity } from "./acts.ts";
import { isRecordId } from "./bounds.ts";
import { vatLine } from "../estimating/enums.ts";
import { lineAmount } from "../estimating/money.ts";
import type { Role } from "./roles.ts";

export const changeKinds = ["qty", "removed", "added"] as const;
export type ChangeKind = typeof changeKinds[number];

export const changeKindLabels: Record<ChangeKind, string> = {
  qty: "Изменено количество",
  removed: "Не выполнено",
  added: "Добавлено",
};

/** Who records changes: the foreman on the phone, and the engineers on the object page. */
export const changeRecorderRoles: readonly Role[] = [
  "foreman",
  "chief_engineer",
  "manager",
  "company_admin",
  "system_admin",
];
/** Who sends changes to the client as a supplementary agreement. */
export const agreementMakerRoles: readonly Role[] = [
  "chief_engineer",
  "manager",
  "company_admin",
  "system_admin",
];

/** What the money rules read of a change, kopecks. */
export interface ChangeMoney {
  kind: ChangeKind;
  oldQuantity: number;
  newQuantity: number;
  pricePerUnit: number;
  requiresConsent: boolean;
}

/** How much a change moves the lines' sum (before discount and VAT), kopecks; negative for a decrease. */
export function changeDelta(c: ChangeMoney): number {
  return lineAmount(c.pricePerUnit, c.newQuantity) - lineAmount(c.pricePerUnit, c.oldQuantity);
}

/** A change the client must agree to: it raises the total, or staff flagged it. Decreases need no signature. */
export function needsConsent(c: ChangeMoney): boolean {
  return c.requiresConsent || changeDelta(c) > 0;
}

/** A line of the works, as the act prints it. */
export interface WorkLine {
  section: string;
  name: string;
  unit: string;
  quantity: number;
  pricePerUnit: number;
  totalPrice: number;
}

/** A change as the lines take it: the estimate line it changes (by index) or an added item. */
export interface LineChange extends ChangeMoney {
  lineIndex: number | null;
  section: string;
  name: string;
  unit: string;
}

/**
 * The estimate's lines with the changes applied: a changed quantity replaces the line's quantity and total,
 * an item not done leaves the list, an added item comes after the estimate's lines.
 *
 * @example
 * ```ts
 * import { applyChanges } from "./job_changes.ts";
 * const lines = [{ section: "Работы", name: "Траншея", unit: "м", quantity: 10, pricePerUnit: 100_00, totalPrice: 1000_00 }];
 * const out = applyChanges(lines, [{ kind: "qty", lineIndex: 0, section: "Работы", name: "Траншея", unit: "м",
 *   oldQuantity: 10, newQuantity: 12, pricePerUnit: 100_00, requiresConsent: false }]);
 * if (out[0].totalPrice !== 1200_00) throw new Error("qty");
 * ```
 */
export function applyChanges(lines: readonly WorkLine[], changes: readonly LineChange[]): WorkLine[] {
  const out: (WorkLine | null)[] = lines.map((l) => ({ ...l }));
  const added: WorkLine[] = [];
  for (const c of changes) {
    const line = c.kind === "added" ? { section: c.section, name: c.name, unit: c.unit } : null;
    if (line) {
      added.push({
        ...line,
        quantity: c.newQuantity,
        pricePerUnit: c.pricePerUnit,
        totalPrice: lineAmount(c.pricePerUnit, c.newQuantity),
      });
      continue;
    }
    const at = c.lineIndex ?? -1;
    const current = out[at];
    if (!current) continue;
    out[at] = c.kind === "removed" || c.newQuantity === 0 ? null : {
      ...current,
      quantity: c.newQuantity,
      totalPrice: lineAmount(current.pricePerUnit, c.newQuantity),
    };
  }
  return [...out.filter((l): l is WorkLine => l !== null), ...added];
}

/** One line of a supplementary agreement: what changed, from what to what, why. */
export interface AgreementLine {
  kind: ChangeKind;
  name: string;
  unit: string;
  oldQuantity: number;
  newQuantity: number;
  pricePerUnit: number;
  oldTotal: number;
  newTotal: number;
  reason: string;
}

/** What a supplementary agreement states, as issued; kopecks. */
export interface AgreementContent {
  number: number;
  contractNumber: string;
  contractDate: string;
  date: string;
  contractor: { name: string; inn: string | null; address: string | null; director: string | null };
  customer: string;
  address: string;
  estimateNumber: string;
  lines: AgreementLine[];
  vatMode: string;
  /** The works' total before this agreement (the estimate with the changes in force), and with it. */
  oldTotal: number;
  newTotal: number;
  newVatAmount: number;
}

export const AGREEMENT_TITLE = "Дополнительное соглашение";

/**
 * The number N of the contract's next agreement, given how many it has. The one place agreements are
 * numbered (the company's document numbering can replace it).
 */
export function agreementNumber(existing: number): number {
  return existing + 1;
}

/** «Дополнительное соглашение № 2 к договору № Д-15». */
export function agreementTitle(a: Pick<AgreementContent, "number" | "contractNumber">): string {
  return `${AGREEMENT_TITLE} № ${a.number} к договору № ${a.contractNumber}`;
}

/** A line's change in words: «12,5 → 15 м», «не выполнено», «добавлено: 2 шт». */
export function agreementLineChange(l: Pick<AgreementLine, "kind" | "oldQuantity" | "newQuantity" | "unit">) {
  if (l.kind === "removed") return `не выполняется (было ${formatQuantity(l.oldQuantity)} ${l.unit})`;
  if (l.kind === "added") return `добавляется: ${formatQuantity(l.newQuantity)} ${l.unit}`;
  return `${formatQuantity(l.oldQuantity)} → ${formatQuantity(l.newQuantity)} ${l.unit}`;
}

/** The agreement as text, line by line: what the client reads, the PDF prints and the signature's SHA-256 covers. */
export function agreementText(a: AgreementContent): string {
  const out = [
    agreementTitle(a),
    `от ${contractDay(new Date(a.contractDate))}`,
    `Дата соглашения: ${contractDay(new Date(a.date))}`,
    `Исполнитель: ${a.contractor.name}${a.contractor.inn ? `, ИНН ${a.contractor.inn}` : ""}`,
    `Заказчик: ${a.customer}`,
    `Объект: ${a.address}`,
    "",
    `Стороны договорились изменить состав и объём работ по смете № ${a.estimateNumber}:`,
  ];
  a.lines.forEach((l, i) =>
    out.push(
      `${i + 1}. ${l.name}: ${agreementLineChange(l)}, цена ${formatKopecks(l.pricePerUnit)}, сумма ${
        formatKopecks(l.oldTotal)
      } → ${formatKopecks(l.newTotal)}. Причина: ${l.reason}`,
    )
  );
  out.push("", ...agreementClosingLines(a));
  return out.join("\n");
}

/** The agreement's last lines (the text and the PDF alike): the price before, the new price, the rest unchanged. */
export function agreementClosingLines(
  a: Pick<AgreementContent, "oldTotal" | "newTotal" | "newVatAmount" | "vatMode">,
): [before: string, after: string, rest: string] {
  const vat = vatLine(a.vatMode);
  return [
    `Цена работ до соглашения: ${formatKopecks(a.oldTotal)}`,
    `Новая цена работ: ${formatKopecks(a.newTotal)} (${amountInWords(a.newTotal)})${
      vat.rate === 0 ? ", НДС не облагается" : `, в т.ч. ${vat.label} ${formatKopecks(a.newVatAmount)}`
    }`,
    "Остальные условия договора остаются без изменений.",
  ];
}

/** Where a supplementary agreement stands, in words. */
export const agreementStateLabels: Record<SignatureState, string> = {
  awaiting: "ждёт подписи клиента",
  signed: "подписано клиентом",
  refused: "клиент отказался подписать",
};

const reason = z.string("Укажите причину изменения").check(
  z.trim(),
  z.minLength(3, "Укажите причину изменения (не короче 3 символов)"),
  z.maxLength(1000, "Не длиннее 1000 символов"),
);
const quantity = z.number("Укажите количество").check(
  z.refine((n) => Number.isFinite(n) && n >= 0, "Количество не может быть отрицательным"),
  z.refine((n) => n <= 100_000, "Слишком большое количество"),
);
const photoIds = z._default(
  z.array(z.number().check(z.refine(isRecordId, "Неизвестное фото"))).check(
    z.maxLength(20, "Не больше 20 фото"),
  ),
  [],
);
const lineIndex = z.number("Выберите позицию сметы").check(
  z.refine((n) => Number.isInteger(n) && n >= 0 && n < 10_000, "Выберите позицию сметы"),
);
const requiresConsent = z._default(z.boolean(), false);

/** POST /api/job-changes/object/:objectId: one change. */
export const jobChangeSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("qty"), lineIndex, newQuantity: quantity, reason, requiresConsent, photoIds }),
  z.object({ kind: z.literal("removed"), lineIndex, reason, requiresConsent, photoIds }),
  z.object({
    kind: z.literal("added"),
    priceItemId: z.number("Выберите позицию прайс-листа").check(
      z.refine(isRecordId, "Выберите позицию прайс-листа"),
    ),
    newQuantity: quantity.check(z.refine((n) => n > 0, "Укажите количество больше нуля")),
    reason,
    requiresConsent,
    photoIds,
  }),
], "Выберите вид изменения");
export type JobChangeInput = z.infer<typeof jobChangeSchema>;

/**
 * PATCH /api/job-changes/:id: the foreman or staff correct a change before it is agreed; what is left out stays
 * (the photos too). `lineIndex` moves a quantity change or an item not done to another estimate line,
 * `priceItemId` an added item to another price-list item (priced again).
 */
export const jobChangeEditSchema = z.object({
  lineIndex: z.optional(lineIndex),
  priceItemId: z.optional(
    z.number("Выберите позицию прайс-листа").check(z.refine(isRecordId, "Выберите позицию прайс-листа")),
  ),
  newQuantity: z.optional(quantity),
  reason: z.optional(reason),
  requiresConsent: z.optional(z.boolean()),
  photoIds: z.optional(
    z.array(z.number().check(z.refine(isRecordId, "Неизвестное фото"))).check(
      z.maxLength(20, "Не больше 20 фото"),
    ),
  ),
});
export type JobChangeEdit = z.infer<typeof jobChangeEditSchema>;

/** POST /api/client-links/:token/agreement/sign: the contract's signature fields and checks. */
export const agreementSignSchema = clientSignatureSchema("Подтвердите согласие с условиями соглашения");

/** POST /api/client-links/:token/agreement/refuse. */
export const agreementRefusalSchema = clientRefusalSchema("соглашение");
