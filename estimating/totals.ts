/**
 * The totals of an estimate, shared by the generator and by editing a stored estimate, so an unedited
 * estimate keeps the generator's total and an edit changes it by exactly what the edit changed.
 *
 * Money is integer kopecks. `itemsTotal` is the sum of the lines; the discount is taken from it
 * (a percentage is rounded half-up once, a sum is taken as is; neither beyond the lines); VAT is
 * `round(base × rate / 100)` on the base after the discount and `totalAmount = base + vat`; with VAT included
(«в т.ч. НДС») the base is the total and the VAT in it is `round(base × rate / (100 + rate))`.
 *
 * @module
 */

import { type VatMode, vatModes } from "./enums.ts";
import { divRound, formatRub, toHundredths } from "./money.ts";

/** A discount: a percentage in hundredths of a percent (10 % = 1000), or a sum in kopecks. */
export type Discount = { kind: "percent"; value: number } | { kind: "sum"; value: number };

/** What the totals read of a line. */
export interface TotalsLine {
  section: string;
  totalPrice: number;
  equipmentCost: number;
}

/** The totals of an estimate, kopecks. */
export interface EstimateTotals {
  /** Section names in the order of the lines. */
  sections: string[];
  /** Sum of the lines of each section. */
  subtotals: { section: string; amount: number }[];
  /** Sum of all lines. */
  itemsTotal: number;
  /** Materials (equipment) part of the lines. */
  materialsTotal: number;
  /** Works part of the lines. */
  worksTotal: number;
  /** The discount taken from the lines (0 without one). */
  discountAmount: number;
  /** VAT added on top of the lines after the discount, or (`included`) the VAT the prices include. */
  vat: { mode: VatMode; rate: number; label: string; amount: number; included: boolean };
  /** `itemsTotal − discountAmount + vat.amount`; with VAT included `itemsTotal − discountAmount`. */
  totalAmount: number;
}

/**
 * The discount in kopecks that `discount` takes from `itemsTotal`.
 *
 * @example
 * ```ts
 * import { discountAmount } from "./totals.ts";
 * if (discountAmount(100_005, { kind: "percent", value: 1000 }) !== 10_001) throw new Error("percent");
 * if (discountAmount(5_000, { kind: "sum", value: 9_000 }) !== 5_000) throw new Error("capped");
 * ```
 */
export function discountAmount(itemsTotal: number, discount: Discount | null | undefined): number {
  if (!discount || itemsTotal <= 0) return 0;
  const amount = discount.kind === "percent"
    ? divRound(itemsTotal * Math.min(Math.max(discount.value, 0), 10_000), 10_000)
    : Math.max(Math.round(discount.value), 0);
  return Math.min(amount, itemsTotal);
}

/**
 * Sections, subtotals, discount, VAT and total of the lines (in their order).
 *
 * @example
 * ```ts
 * import { estimateTotals } from "./totals.ts";
 * const t = estimateTotals([
 *   { section: "Работы", totalPrice: 100_000, equipmentCost: 0 },
 *   { section: "Работы", totalPrice: 50_000, equipmentCost: 20_000 },
 * ], { vatMode: "22", discount: { kind: "sum", value: 10_000 } });
 * if (t.itemsTotal !== 150_000 || t.vat.amount !== 30_800 || t.totalAmount !== 170_800) throw new Error("totals");
 * // VAT included: 140 000 × 22 / 122 = 25 245,9… → 25 246 kopecks in a total of 140 000.
 * const incl = estimateTotals([{ section: "Работы", totalPrice: 140_000, equipmentCost: 0 }], { vatMode: "incl-22" });
 * if (incl.vat.amount !== 25_246 || incl.totalAmount !== 140_000) throw new Error("included");
 * ```
 */
export function estimateTotals(
  lines: readonly TotalsLine[],
  options: { vatMode?: VatMode; discount?: Discount | null } = {},
): EstimateTotals {
  const vat = vatModes.find((v) => v.value === (options.vatMode ?? "none"));
  if (!vat) {
    throw new TypeError(
      `Expected a VAT mode ${vatModes.map((v) => v.value).join(", ")}, got "${options.vatMode}"`,
    );
  }
  const sections: string[] = [];
  const subtotals: { section: string; amount: number }[] = [];
  let itemsTotal = 0;
  let materialsTotal = 0;
  for (const line of lines) {
    if (sections[sections.length - 1] !== line.section) {
      sections.push(line.section);
      subtotals.push({ section: line.section, amount: 0 });
    }
    subtotals[subtotals.length - 1].amount += line.totalPrice;
    itemsTotal += line.totalPrice;
    materialsTotal += line.equipmentCost;
  }
  const discount = discountAmount(itemsTotal, options.discount);
  const base = itemsTotal - discount;
  const vatAmount = vat.included ? divRound(base * vat.rate, 100 + vat.rate) : divRound(base * vat.rate, 100);
  return {
    sections,
    subtotals,
    itemsTotal,
    materialsTotal,
    worksTotal: itemsTotal - materialsTotal,
    discountAmount: discount,
    vat: { mode: vat.value, rate: vat.rate, label: vat.label, amount: vatAmount, included: vat.included },
    totalAmount: vat.included ? base : base + vatAmount,
  };
}

/**
 * The name of a discount's line: «Скидка 5 %» for a percentage, «Скидка» for a sum.
 *
 * @example
 * ```ts
 * import { discountLabel } from "./totals.ts";
 * if (discountLabel({ kind: "percent", value: 550 }) !== "Скидка 5,5 %") throw new Error("percent");
 * if (discountLabel({ kind: "sum", value: 1_000_000 }) !== "Скидка") throw new Error("sum");
 * ```
 */
export function discountLabel(discount: Discount): string {
  return discount.kind === "percent"
    ? `Скидка ${String(discount.value / 100).replace(".", ",")} %`
    : "Скидка";
}

/**
 * The note on VAT printed under an estimate, for its VAT and amount.
 *
 * @example
 * ```ts
 * import { vatNote } from "./totals.ts";
 * if (vatNote({ rate: 0, amount: 0, included: false }) !== "Цены указаны без НДС.") throw new Error("none");
 * const incl = vatNote({ rate: 22, amount: 2_524_590, included: true });
 * if (incl !== "Цены указаны с НДС; в т.ч. НДС 22 %: 25\u00A0245,90\u00A0₽.") throw new Error(incl);
 * ```
 */
export function vatNote(vat: { rate: number; amount: number; included: boolean }): string {
  if (vat.rate === 0) return "Цены указаны без НДС.";
  return vat.included
    ? `Цены указаны с НДС; в т.ч. НДС ${vat.rate} %: ${formatRub(vat.amount)}.`
    : `Цены указаны без НДС; НДС ${vat.rate} % начислен сверху: ${formatRub(vat.amount)}.`;
}

/** Whether a note is the VAT note of {@link vatNote} (replaced when the VAT mode is edited). */
export function isVatNote(note: string): boolean {
  return note.startsWith("Цены указаны без НДС") || note.startsWith("Цены указаны с НДС");
}

/**
 * One priced line by the rule of `money.ts`: `totalPrice = round(price × qty)`, `equipmentCost =
 * round(materials × qty)`, `workCost = totalPrice − equipmentCost`. Materials above the price count as the price.
 *
 * @example
 * ```ts
 * import { priceLine } from "./totals.ts";
 * const l = priceLine({ quantity: 2.5, pricePerUnit: 123_457, materialsPerUnit: 100_000 });
 * if (l.totalPrice !== 308_643 || l.equipmentCost !== 250_000 || l.workCost !== 58_643) throw new Error("line");
 * ```
 */
export function priceLine(
  line: { quantity: number; pricePerUnit: number; materialsPerUnit: number },
): { quantity: number; equipmentCost: number; workCost: number; totalPrice: number } {
  const qH = toHundredths(line.quantity);
  const materials = Math.min(Math.max(line.materialsPerUnit, 0), line.pricePerUnit);
  const totalPrice = divRound(line.pricePerUnit * qH, 100);
  const equipmentCost = divRound(materials * qH, 100);
  return { quantity: qH / 100, equipmentCost, workCost: totalPrice - equipmentCost, totalPrice };
}

/**
 * Materials price per unit in kopecks, recovered from a stored line (which keeps only the the estimating
 * spec's «Entities and their fields» fields): the value k with `round(k × qty) = equipmentCost`.
 *
 * @example
 * ```ts
 * import { materialsPerUnit } from "./totals.ts";
 * if (materialsPerUnit({ quantity: 3, pricePerUnit: 900, equipmentCost: 1_500 }) !== 500) throw new Error("unit");
 * ```
 */
export function materialsPerUnit(
  line: { quantity: number; pricePerUnit: number; equipmentCost: number },
): number {
  const qH = toHundredths(line.quantity);
  if (qH === 0) return 0;
  const guess = Math.round((line.equipmentCost * 100) / qH);
  for (const k of [guess, guess - 1, guess + 1, guess - 2, guess + 2]) {
    if (k >= 0 && k <= line.pricePerUnit && divRound(k * qH, 100) === line.equipmentCost) return k;
  }
  return Math.min(Math.max(guess, 0), line.pricePerUnit);
}
