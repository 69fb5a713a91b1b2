/**
 * Money and quantity arithmetic of the estimating package.
 *
 * All money is integer kopecks. Quantities are decimals with at most two fraction digits; inside
 * the package they are carried as integer hundredths so that no floating-point drift can occur.
 *
 * The rounding rule of an estimate line (stated once, used everywhere):
 *
 * - `totalPrice    = round(pricePerUnit × quantity)`
 * - `equipmentCost = round(materialsPrice × quantity)`
 * - `workCost      = totalPrice − equipmentCost`
 *
 * where `round` is half-up to a whole kopeck. Both identities `totalPrice = equipmentCost + workCost`
 * and `totalPrice = round(pricePerUnit × quantity)` therefore hold exactly, and `workCost` differs
 * from `round(worksPrice × quantity)` by at most one kopeck. The same rule is written as
 * spreadsheet formulas in the exported workbook.
 *
 * @module
 */

/** The space used by {@link formatRub} for digit grouping and before the ₽ sign: U+00A0 (no-break space), the same as `Intl.NumberFormat("ru-RU")`. */
export const NBSP = "\u00A0";

/**
 * Integer division of a non-negative or negative integer by a positive integer, rounded half away from zero.
 *
 * @example
 * ```ts
 * import { divRound } from "./money.ts";
 * if (divRound(250, 100) !== 3 || divRound(249, 100) !== 2) throw new Error("rounding");
 * ```
 */
export function divRound(numerator: number, denominator: number): number {
  if (numerator < 0) return -divRound(-numerator, denominator);
  const q = Math.floor(numerator / denominator);
  const r = numerator - q * denominator;
  return r * 2 >= denominator ? q + 1 : q;
}

/**
 * A decimal quantity as integer hundredths (2.5 → 250), rounded half-up to two fraction digits.
 *
 * @example
 * ```ts
 * import { toHundredths } from "./money.ts";
 * if (toHundredths(2.5) !== 250 || toHundredths(0.125) !== 13) throw new Error("hundredths");
 * ```
 */
export function toHundredths(quantity: number): number {
  // Scaling by 100 of a decimal like 0.29 gives 28.999999999999996; a small epsilon fixes it.
  const scaled = quantity * 100;
  const sign = scaled < 0 ? -1 : 1;
  return sign * Math.floor(Math.abs(scaled) + 0.5 + 1e-9);
}

/**
 * A quantity rounded to two fraction digits (half-up).
 *
 * @example
 * ```ts
 * import { roundQuantity } from "./money.ts";
 * if (roundQuantity(8.262) !== 8.26) throw new Error("round");
 * ```
 */
export function roundQuantity(quantity: number): number {
  return toHundredths(quantity) / 100;
}

/**
 * Roubles (a decimal with at most two fraction digits) to integer kopecks.
 *
 * @example
 * ```ts
 * import { rubToKopecks } from "./money.ts";
 * if (rubToKopecks(1234.56) !== 123456) throw new Error("kopecks");
 * ```
 */
export function rubToKopecks(roubles: number): number {
  return toHundredths(roubles);
}

/**
 * Price × quantity in kopecks, rounded half-up once: `round(priceKopecks × quantity)`.
 *
 * @example
 * ```ts
 * import { lineAmount } from "./money.ts";
 * // 1 234,57 ₽ × 2,5 = 3 086,425 ₽ → 3 086,43 ₽
 * if (lineAmount(123457, 2.5) !== 308643) throw new Error("amount");
 * ```
 */
export function lineAmount(priceKopecks: number, quantity: number): number {
  return divRound(priceKopecks * toHundredths(quantity), 100);
}

/**
 * Kopecks as Russian roubles: `1 234 567,89 ₽`, grouped with U+00A0 (no-break space) and a U+00A0 before ₽.
 * The output equals `Intl.NumberFormat("ru-RU", { minimumFractionDigits: 2 })` followed by `"\u00A0₽"`.
 *
 * @example
 * ```ts
 * import { formatRub } from "./money.ts";
 * if (formatRub(123456789) !== "1\u00A0234\u00A0567,89\u00A0₽") throw new Error("format");
 * ```
 */
export function formatRub(kopecks: number): string {
  return `${formatRubNumber(kopecks)}${NBSP}₽`;
}

/**
 * Kopecks as a grouped number without the currency sign: `1 234 567,89`.
 *
 * @example
 * ```ts
 * import { formatRubNumber } from "./money.ts";
 * if (formatRubNumber(-5) !== "-0,05") throw new Error("format");
 * ```
 */
export function formatRubNumber(kopecks: number): string {
  const k = Math.round(kopecks);
  const negative = k < 0;
  const abs = Math.abs(k);
  const rub = Math.floor(abs / 100);
  const kop = abs - rub * 100;
  return `${negative ? "-" : ""}${groupDigits(rub)},${kop < 10 ? "0" : ""}${kop}`;
}

/**
 * A decimal number in Russian notation with up to two fraction digits: `1 234,5`.
 *
 * @example
 * ```ts
 * import { formatQuantity } from "./money.ts";
 * if (formatQuantity(2.5) !== "2,5" || formatQuantity(1500) !== "1\u00A0500") throw new Error("format");
 * ```
 */
export function formatQuantity(quantity: number): string {
  const h = toHundredths(quantity);
  const negative = h < 0;
  const abs = Math.abs(h);
  const whole = Math.floor(abs / 100);
  const frac = abs - whole * 100;
  let fraction = "";
  if (frac !== 0) fraction = "," + (frac % 10 === 0 ? String(frac / 10) : String(frac).padStart(2, "0"));
  return `${negative ? "-" : ""}${groupDigits(whole)}${fraction}`;
}

function groupDigits(n: number): string {
  const s = String(n);
  if (s.length <= 3) return s;
  let out = "";
  for (let i = 0; i < s.length; i++) {
    if (i > 0 && (s.length - i) % 3 === 0) out += NBSP;
    out += s[i];
  }
  return out;
}
