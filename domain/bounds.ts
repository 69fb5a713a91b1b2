// The bounds of every number a user can write, and the one check of a calendar date: every number a user
// can write has a bound that keeps every sum and product inside the safe integer range. Shared by the server's route schemas, the islands and the CLI (zod/mini keeps islands small).
//
// The arithmetic, in kopecks, against Number.MAX_SAFE_INTEGER = 9 007 199 254 740 991 ≈ 9.0 × 10^15, which
// is also where the database's 64-bit integers stop reading back as exact JavaScript numbers:
// - one amount a person types (a unit price, a payment, a discount, a threshold): ≤ 10^11 (1 млрд ₽);
// - a quantity ≤ 10^6, and a line's quantity × unit price ≤ 10^11 as well (checked on the line);
// - an estimate's total ≤ MAX_ESTIMATE_TOTAL_KOPECKS = 10^13 (100 млрд ₽) with VAT: a manual estimate's
//   lines may sum to half of it (room for 22 % VAT), the editor refuses a change past it; 10^13 kopecks
//   are also well below what a contract writes in words (< 10^12 ₽, domain/amount_words.ts);
// - a shop product ≤ 10^10 (100 млн ₽) × at most 999 per cart line ≈ 10^13 per line, so a cart reaches
//   the safe range only past 700 distinct products; a company's sums over many records stay well below it.
// A value past the range that is already stored (an old install) is read back inexactly, never thrown on
// (db/lenient_integers.ts).
import * as z from "zod/mini";
import "./zod_messages.ts";
import { isCalendarDate } from "./calendar_date.ts";

export { isCalendarDate };

/** The largest single amount a person may type, in kopecks: 1 млрд ₽. */
export const MAX_AMOUNT_KOPECKS = 100_000_000_000;
/** The largest quantity of a line (2 decimals are kept). */
export const MAX_QUANTITY = 1_000_000;
/** The largest total of one estimate with VAT, in kopecks (100 млрд ₽): past it a change is refused. */
export const MAX_ESTIMATE_TOTAL_KOPECKS = 10_000_000_000_000;

/** Whether the lines of a new estimate, before VAT, leave room for any VAT within the total's bound. */
export const linesWithinBound = (lines: readonly { quantity: number; pricePerUnit: number }[]): boolean =>
  lines.reduce((sum, l) => sum + l.quantity * l.pricePerUnit, 0) <= MAX_ESTIMATE_TOTAL_KOPECKS / 2;

/** The message of an estimate whose total would pass its bound. */
export const ESTIMATE_TOO_LARGE = "Сумма сметы больше 100 млрд ₽: уменьшите количество или цены";
/** The largest price of a shop product, in roubles (100 млн ₽). */
export const MAX_PRODUCT_PRICE_ROUBLES = 100_000_000;
/** The largest page number a list or the catalogue reads. */
export const MAX_PAGE = 100_000;

/** Whether quantity × unit price (kopecks) stays within one amount. */
export const lineWithinBound = (quantity: number, pricePerUnit: number): boolean =>
  quantity * pricePerUnit <= MAX_AMOUNT_KOPECKS;

/** The message of a line whose quantity × price is past the bound. */
export const LINE_TOO_LARGE = "Сумма строки больше 1 млрд ₽: уменьшите количество или цену";

/** Whether a value is a positive safe integer, an id that may name a record. */
export const isRecordId = (value: unknown): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value > 0;

/** An id in a body: a positive safe integer (a text of digits too, as forms send them). */
export const recordId = (message: string) =>
  z.pipe(
    z.union([z.number({ error: message }), z.string({ error: message })], { error: message }),
    z.transform((v: number | string) =>
      typeof v === "number" ? v : /^\d{1,16}$/.test(v.trim()) ? Number(v) : NaN
    ),
  ).check(z.refine(isRecordId, message));

const CALENDAR_DATE_MESSAGE = "Укажите дату в формате ГГГГ-ММ-ДД";

/** A calendar date 'YYYY-MM-DD' that exists. */
export const calendarDate = (message = CALENDAR_DATE_MESSAGE) =>
  z.string({ error: message }).check(z.refine(isCalendarDate, message));

/** A calendar date from a date input, or empty or null for none (stored as null). */
export const optionalCalendarDate = (message = CALENDAR_DATE_MESSAGE) =>
  z.optional(z.nullable(z.pipe(
    z.string({ error: message }).check(z.refine((v) => v === "" || isCalendarDate(v), message)),
    z.transform((v: string) => (v === "" ? null : v)),
  )));

/**
 * A whole number read from a query leniently: the number when it is a whole number from `min` to `max`,
 * else `fallback` (a list's page of '1.5', '1e400' or 2^63 reads its default rather than failing).
 */
export function boundedInt(text: string | undefined, min: number, max: number, fallback: number): number {
  if (text === undefined || !/^\s*\d{1,16}\s*$/.test(text)) return fallback;
  const n = Number(text);
  return n >= min && n <= max ? n : fallback;
}
