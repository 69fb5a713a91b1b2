/**
 * The price the client is quoted for a station: a company setting says whether it is the
 * maker's retail price (РРЦ, the default), the dealer price plus a markup, or the dealer price. The dealer
 * price is the contractor's own purchase price, so the basis and the margin go only to the internal view
 * (a note that {@link isEquipmentPriceNote} recognises, kept out of every client document).
 *
 * Light: no catalogue data, so the settings screen can use the labels and the limits.
 *
 * @module
 */

import { formatRub } from "../money.ts";

/** The bases of the equipment price, in the order the settings screen offers them. */
export const equipmentPriceBases = ["retail", "dealer_markup", "dealer"] as const;

/** Where the station's price comes from: РРЦ, dealer price plus a markup, or the dealer price. */
export type EquipmentPriceBasis = typeof equipmentPriceBases[number];

/** Russian labels of the bases, as the settings screen and the CLI's help show them. */
export const equipmentPriceBasisLabels: Record<EquipmentPriceBasis, string> = {
  retail: "Розничная цена производителя (РРЦ)",
  dealer_markup: "Дилерская цена + наценка",
  dealer: "Дилерская цена без наценки",
};

/**
 * Default markup on the dealer price, %: 11 % on the dealer price gives back the retail price of a brand
 * with the 90 % dealer rate of the estimating spec's «Septic-unit catalogue» (1 / 0.9 = 1.11), the rate of
 * most brands of the catalogue. Used when a company picks «Дилерская цена + наценка» without a figure and for
 * a model without a retail price.
 */
export const DEFAULT_MARKUP_PERCENT = 11;
/** The largest markup a company may set, %. */
export const MAX_MARKUP_PERCENT = 300;

/** A company's equipment-price setting. */
export interface EquipmentPriceSetting {
  basis: EquipmentPriceBasis;
  /** Markup on the dealer price, whole percent 0–300: used by `dealer_markup` and when a model has no РРЦ. */
  markupPercent: number;
}

/** The setting of a company that has chosen nothing: the maker's retail price. */
export const defaultEquipmentPrice: EquipmentPriceSetting = {
  basis: "retail",
  markupPercent: DEFAULT_MARKUP_PERCENT,
};

/** The station's price on one basis, in kopecks, with the internal note that explains it. */
export interface EquipmentPrice {
  /** The price quoted to the client, kopecks. */
  kopecks: number;
  /** The contractor's purchase (dealer) price, kopecks. */
  dealerKopecks: number;
  /** The basis applied: `dealer_markup` when `retail` was asked for a model without a retail price. */
  basis: EquipmentPriceBasis;
  /** The markup applied on the dealer price, % (0 for `retail` and `dealer`). */
  markupPercent: number;
  /** For the internal view only: the basis, the purchase price and the margin. */
  note: string;
}

const NOTE_PREFIX = "Цена оборудования (для себя):";

/**
 * The price of a station on a company's basis. A model without a retail price (0) falls back to the dealer
 * price plus the company's markup, and the note says so.
 *
 * @example
 * ```ts
 * import { equipmentPrice } from "./equipment_price.ts";
 * const topas5 = { model: "Топас 5", retailPrice: 159000, dealerPrice: 143100 };
 * // РРЦ by default: 159 000 ₽; the margin over the dealer price is 15 900 ₽.
 * if (equipmentPrice(topas5).kopecks !== 15_900_000) throw new Error("retail");
 * // Dealer + 20 %: 143 100 × 1.20 = 171 720 ₽.
 * const marked = equipmentPrice(topas5, { basis: "dealer_markup", markupPercent: 20 });
 * if (marked.kopecks !== 17_172_000) throw new Error("markup");
 * // No РРЦ: dealer + 11 % = 158 841 ₽, with a note.
 * const noRetail = equipmentPrice({ ...topas5, retailPrice: 0 });
 * if (noRetail.kopecks !== 15_884_100 || !noRetail.note.includes("нет РРЦ")) throw new Error("fallback");
 * ```
 */
export function equipmentPrice(
  model: { model: string; retailPrice: number; dealerPrice: number },
  setting: EquipmentPriceSetting = defaultEquipmentPrice,
): EquipmentPrice {
  const dealerKopecks = model.dealerPrice * 100;
  const noRetail = setting.basis === "retail" && !(model.retailPrice > 0);
  const basis: EquipmentPriceBasis = noRetail ? "dealer_markup" : setting.basis;
  const markupPercent = basis === "dealer_markup" ? setting.markupPercent : 0;
  // Whole roubles × (100 + whole percent) is a whole number of kopecks: no rounding.
  const kopecks = basis === "retail" ? model.retailPrice * 100 : model.dealerPrice * (100 + markupPercent);
  const how = basis === "retail"
    ? `РРЦ производителя ${formatRub(kopecks)}`
    : basis === "dealer"
    ? `по дилерской цене ${formatRub(kopecks)}`
    : `${
      noRetail ? "у модели нет РРЦ производителя, взята " : ""
    }дилерская цена + наценка ${markupPercent} % = ${formatRub(kopecks)}`;
  return {
    kopecks,
    dealerKopecks,
    basis,
    markupPercent,
    note: `${NOTE_PREFIX} ${model.model} — ${how}; закупка по дилерской цене ${
      formatRub(dealerKopecks)
    }, маржа ${formatRub(kopecks - dealerKopecks)}.`,
  };
}

/**
 * Whether a note is the internal equipment-price note of {@link equipmentPrice}.
 *
 * @example
 * ```ts
 * import { equipmentPrice, isEquipmentPriceNote } from "./equipment_price.ts";
 * const { note } = equipmentPrice({ model: "Топас 5", retailPrice: 159000, dealerPrice: 143100 });
 * if (!isEquipmentPriceNote(note) || isEquipmentPriceNote("Цены указаны без НДС.")) throw new Error("note");
 * ```
 */
export function isEquipmentPriceNote(note: string): boolean {
  return note.startsWith(NOTE_PREFIX);
}

/**
 * The setting's problem in Russian, or `undefined` when it is valid: a known basis and a whole markup 0–300 %.
 *
 * @example
 * ```ts
 * import { equipmentPriceProblem } from "./equipment_price.ts";
 * if (equipmentPriceProblem({ basis: "retail", markupPercent: 11 }) !== undefined) throw new Error("valid");
 * if (!equipmentPriceProblem({ basis: "dealer_markup", markupPercent: 400 })) throw new Error("too high");
 * ```
 */
export function equipmentPriceProblem(setting: { basis: string; markupPercent: number }): string | undefined {
  if (!(equipmentPriceBases as readonly string[]).includes(setting.basis)) {
    return `Основа цены оборудования: retail, dealer_markup или dealer, получено «${setting.basis}»`;
  }
  const p = setting.markupPercent;
  if (!Number.isInteger(p) || p < 0 || p > MAX_MARKUP_PERCENT) {
    return `Наценка на оборудование — целое число процентов от 0 до ${MAX_MARKUP_PERCENT}`;
  }
  return undefined;
}
