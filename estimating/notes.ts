/**
 * Which notes of an estimate are the company's own and stay out of the client's documents.
 *
 * @module
 */

/**
 * Whether a note of an estimate is for the company only: the surveyor's note and the price-list codes.
 *
 * @example
 * ```ts
 * import { isInternalNote } from "./notes.ts";
 * if (!isInternalNote("Примечание замерщика: яблоня") || isInternalNote("Цены указаны без НДС.")) {
 *   throw new Error("notes");
 * }
 * ```
 */
export function isInternalNote(note: string): boolean {
  return /^Примечание замерщика/i.test(note) || /артикул/i.test(note);
}
