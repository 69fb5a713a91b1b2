/**
 * Which notes of an estimate are the company's own and stay out of the client's documents.
 *
 * @module
 */

import { isEquipmentPriceNote } from "./catalogue/equipment_price.ts";

/**
 * Whether a note of an estimate is for the company only: the surveyor's note, the price-list codes and the
 * equipment price's basis and margin.
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
  return /^Примечание замерщика/i.test(note) || /артикул/i.test(note) || isEquipmentPriceNote(note);
}
