/**
 * Enumerations of the measurement form and the estimate, with their Russian labels (the estimating spec's
 * «Entities and their fields» and «Measurement form fields»). The web UI imports them from
 * `estimating/mod.ts`. The form's enumerations also have a list of bare values (`soilTypeValues` …): the
 * field descriptors of `fields.ts` use those, so the measurement form's bundle carries no labels (the
 * labelled lists are marked pure and drop out of a bundle that does not use them).
 *
 * @module
 */

/** An option of an enumeration: the stored value and its Russian label. */
export interface Option<V extends string = string> {
  /** The stored value. */
  value: V;
  /** Russian label. */
  label: string;
}

/** Options from the values, in their order, and a label for each value. */
function withLabels<const V extends string>(
  values: readonly V[],
  labels: { readonly [K in V]: string },
): Option<V>[] {
  return values.map((value) => ({ value, label: labels[value] }));
}

function labelOf<V extends string>(options: readonly Option<V>[], value: string): string | undefined {
  return options.find((o) => o.value === value)?.label;
}

/**
 * Work types of an object (the estimating spec's «Entities and their fields»), including the two extra ones
 * one screen knows.
 */
export const workTypes = [
  { value: "well_drilling", label: "Бурение скважины" },
  { value: "well_equipment", label: "Обустройство скважины" },
  { value: "water_supply", label: "Водоснабжение" },
  { value: "drainage", label: "Дренаж" },
  { value: "sewage_system", label: "Канализация" },
  { value: "autonomous_sewage", label: "Автономная канализация" },
  { value: "septic", label: "Септик" },
  { value: "plastic_cellar", label: "Пластиковый погреб" },
  { value: "construction", label: "Строительство" },
  { value: "installation", label: "Монтаж" },
  { value: "other", label: "Другое" },
  { value: "drilling", label: "Бурение" },
  { value: "water_treatment", label: "Водоподготовка" },
] as const satisfies readonly Option[];

/** A work-type code such as `autonomous_sewage`. */
export type WorkType = (typeof workTypes)[number]["value"];

/** The work-type codes in order. */
export const workTypeValues = /* @__PURE__ */ workTypes.map((o) => o.value) as [WorkType, ...WorkType[]];

/**
 * The Russian label of a work type, or the code itself when unknown.
 *
 * @example
 * ```ts
 * import { workTypeLabel } from "./enums.ts";
 * if (workTypeLabel("autonomous_sewage") !== "Автономная канализация") throw new Error("label");
 * ```
 */
export function workTypeLabel(value: string): string {
  return labelOf(workTypes, value) ?? value;
}

/** Soil-type codes (the estimating spec's «Measurement form fields»). */
export const soilTypeValues = ["sandy", "clay", "loam", "rocky", "mixed", "peat", "landfill"] as const;

/** A soil-type code. */
export type SoilType = (typeof soilTypeValues)[number];

/** Soil types with their labels. The field-work screen's `sand` is accepted as `sandy`. */
export const soilTypes: readonly Option<SoilType>[] = /* @__PURE__ */ withLabels(soilTypeValues, {
  sandy: "Песчаный",
  clay: "Глина",
  loam: "Суглинок",
  rocky: "Скальный / каменистый",
  mixed: "Смешанный",
  peat: "Торф",
  landfill: "Насыпной",
});

/**
 * The Russian label of a soil type.
 *
 * @example
 * ```ts
 * import { soilTypeLabel } from "./enums.ts";
 * if (soilTypeLabel("clay") !== "Глина") throw new Error("label");
 * ```
 */
export function soilTypeLabel(value: string): string {
  return labelOf(soilTypes, value) ?? value;
}

/** Access-difficulty codes of the site (the estimating spec's «Measurement form fields»). */
export const accessDifficultyValues = ["easy", "medium", "difficult", "very_difficult"] as const;

/** An access-difficulty code. */
export type AccessDifficulty = (typeof accessDifficultyValues)[number];

/** Access difficulties with their labels. */
export const accessDifficulties: readonly Option<AccessDifficulty>[] = /* @__PURE__ */ withLabels(
  accessDifficultyValues,
  { easy: "Лёгкий", medium: "Средний", difficult: "Сложный", very_difficult: "Очень сложный" },
);

/**
 * The Russian label of an access difficulty.
 *
 * @example
 * ```ts
 * import { accessDifficultyLabel } from "./enums.ts";
 * if (accessDifficultyLabel("very_difficult") !== "Очень сложный") throw new Error("label");
 * ```
 */
export function accessDifficultyLabel(value: string): string {
  return labelOf(accessDifficulties, value) ?? value;
}

/**
 * The access difficulty as a phrase of a client's document («подъезд средней сложности»): the labels are
 * adjectives of «подъезд», which «сложность подъезда средний» would not agree with.
 *
 * @example
 * ```ts
 * import { accessDifficultyPhrase } from "./enums.ts";
 * if (accessDifficultyPhrase("medium") !== "подъезд средней сложности") throw new Error("phrase");
 * ```
 */
export function accessDifficultyPhrase(value: string): string {
  const phrases: Record<AccessDifficulty, string> = {
    easy: "подъезд лёгкий",
    medium: "подъезд средней сложности",
    difficult: "подъезд сложный",
    very_difficult: "подъезд очень сложный",
  };
  return phrases[value as AccessDifficulty] ?? `подъезд ${accessDifficultyLabel(value).toLowerCase()}`;
}

/** Codes of the two drainage pumps of the form (the estimating spec's «Measurement form fields»). */
export const pumpTypeValues = ["kp150", "kp250"] as const;

/** A pump-type code. */
export type PumpType = (typeof pumpTypeValues)[number];

/** The drainage pumps with their labels. */
export const pumpTypes: readonly Option<PumpType>[] = /* @__PURE__ */ withLabels(pumpTypeValues, {
  kp150: "Grundfos Unilift KP150",
  kp250: "Grundfos Unilift KP250",
});

/** Diameters of the sewer pipe leaving the house, mm. */
export const pipeExitDiameterValues = ["50", "110", "160"] as const;

/** A pipe-exit diameter. */
export type PipeExitDiameter = (typeof pipeExitDiameterValues)[number];

/** Pipe-exit diameters with their labels. */
export const pipeExitDiameters: readonly Option<PipeExitDiameter>[] = /* @__PURE__ */ withLabels(
  pipeExitDiameterValues,
  { "50": "50 мм", "110": "110 мм", "160": "160 мм" },
);

/**
 * Distances over which the station is carried by hand from the unloading point (the estimating spec's
 * «Measurement form fields»).
 */
export const manualDistanceValues = ["10-20", "20-50", "до-20", "до-50"] as const;

/** A manual-distance option, or empty for none. */
export type ManualDistance = (typeof manualDistanceValues)[number];

/** Manual distances with their labels. */
export const manualDistances: readonly Option<ManualDistance>[] = /* @__PURE__ */ withLabels(
  manualDistanceValues,
  { "10-20": "10–20 м", "20-50": "20–50 м", "до-20": "до 20 м", "до-50": "до 50 м" },
);

/**
 * Season of the works for the winter surcharges: by the estimate's date (`auto`: December to March, see
 * `WINTER_MONTHS` in rules.ts), or set by the surveyor.
 */
export const seasonValues = ["auto", "winter", "summer"] as const;

/** A season option. */
export type Season = (typeof seasonValues)[number];

/** Season options with their labels. */
export const seasons: readonly Option<Season>[] = /* @__PURE__ */ withLabels(seasonValues, {
  auto: "По дате сметы (декабрь–март — зима)",
  winter: "Зима: мёрзлый грунт",
  summer: "Без зимнего удорожания",
});

/** Installation depths offered by the field-work screen, m (any value from 0.5 to 6 is accepted). */
export const installationDepthOptions = [1.5, 2.0, 2.5, 3.0, 3.5, 4.0] as const;

/**
 * The distance of an object from МКАД, one rule for the object's card, the API, the CLI's measurement document
 * and the engine: kilometres from 0 to 1 000 (the distance prices travel, so it is bounded), kept and priced in
 * whole km. A surveyor may type 41,5: it is accepted and rounded to the nearest whole km (41,5 → 42), as the
 * object's card always did, since the object stores whole km and delivery is charged per whole km.
 */
export const distanceFromMkadRule = { min: 0, max: 1000 } as const;

/**
 * A distance from МКАД as kept and priced: rounded to the nearest whole km.
 *
 * @example
 * ```ts
 * import { wholeKm } from "./enums.ts";
 * if (wholeKm(41.5) !== 42 || wholeKm(41.4) !== 41 || wholeKm(72) !== 72) throw new Error("km");
 * ```
 */
export function wholeKm(km: number): number {
  return Math.round(km);
}

/**
 * VAT modes of an estimate: without VAT (default), 5, 7 or 22 % added on top of the lines, or the prices
 * include VAT («в т.ч. НДС»: the total stays, the VAT in it is shown).
 */
export const vatModes = [
  { value: "none", label: "без НДС", rate: 0, included: false },
  { value: "5", label: "НДС 5 %", rate: 5, included: false },
  { value: "7", label: "НДС 7 %", rate: 7, included: false },
  { value: "22", label: "НДС 22 %", rate: 22, included: false },
  { value: "incl-5", label: "в т.ч. НДС 5 %", rate: 5, included: true },
  { value: "incl-7", label: "в т.ч. НДС 7 %", rate: 7, included: true },
  { value: "incl-22", label: "в т.ч. НДС 22 %", rate: 22, included: true },
] as const;

/** A VAT mode. */
export type VatMode = (typeof vatModes)[number]["value"];

/**
 * The line that shows an estimate's VAT: «Без НДС», «НДС 22 %» (on top) or «в т.ч. НДС 22 %» (included); and
 * whether it is included (shown under the total rather than added before it). An unknown mode reads as none.
 *
 * @example
 * ```ts
 * import { vatLine } from "./enums.ts";
 * if (vatLine("incl-22").label !== "в т.ч. НДС 22 %" || !vatLine("incl-22").included) throw new Error("incl");
 * if (vatLine("22").label !== "НДС 22 %" || vatLine("none").label !== "Без НДС") throw new Error("top");
 * ```
 */
export function vatLine(mode: string): { label: string; rate: number; included: boolean } {
  const vat = vatModes.find((v) => v.value === mode) ?? vatModes[0];
  return { label: vat.rate === 0 ? "Без НДС" : vat.label, rate: vat.rate, included: vat.included };
}

/**
 * The VAT rate in percent of a mode.
 *
 * @example
 * ```ts
 * import { vatRate } from "./enums.ts";
 * if (vatRate("22") !== 22 || vatRate("none") !== 0) throw new Error("rate");
 * ```
 */
export function vatRate(mode: VatMode): number {
  return vatModes.find((m) => m.value === mode)?.rate ?? 0;
}

/** Estimate statuses with their labels (the estimating spec's «Entities and their fields»). */
export const estimateStatuses = [
  { value: "draft", label: "Черновик" },
  { value: "sent", label: "Отправлено" },
  { value: "approved", label: "Утверждено" },
  { value: "rejected", label: "Отклонено" },
] as const satisfies readonly Option[];

/**
 * Units of a manual estimate line (the estimating spec's «Validation rules»); price-list items may use other
 * units too (смена, рейс, км …).
 */
export const manualUnits = ["шт", "м", "м²", "м³", "кг", "т"] as const;
