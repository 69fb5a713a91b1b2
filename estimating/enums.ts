/**
 * Enumerations of the measurement form and the estimate, with their Russian labels (spec/3 §3, §3.1).
 * The web UI imports them from `estimating/mod.ts`.
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

function labelOf<V extends string>(options: readonly Option<V>[], value: string): string | undefined {
  return options.find((o) => o.value === value)?.label;
}

/** Work types of an object (spec/3 §3), including the two extra ones one screen knows. */
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
export const workTypeValues = workTypes.map((o) => o.value) as [WorkType, ...WorkType[]];

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

/** Soil types (spec/3 §3.1). The field-work screen's `sand` is accepted as `sandy`. */
export const soilTypes = [
  { value: "sandy", label: "Песчаный" },
  { value: "clay", label: "Глина" },
  { value: "loam", label: "Суглинок" },
  { value: "rocky", label: "Скальный / каменистый" },
  { value: "mixed", label: "Смешанный" },
  { value: "peat", label: "Торф" },
  { value: "landfill", label: "Насыпной" },
] as const satisfies readonly Option[];

/** A soil-type code. */
export type SoilType = (typeof soilTypes)[number]["value"];

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

/** Access difficulty of the site (spec/3 §3.1). */
export const accessDifficulties = [
  { value: "easy", label: "Легкий" },
  { value: "medium", label: "Средний" },
  { value: "difficult", label: "Сложный" },
  { value: "very_difficult", label: "Очень сложный" },
] as const satisfies readonly Option[];

/** An access-difficulty code. */
export type AccessDifficulty = (typeof accessDifficulties)[number]["value"];

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

/** The two drainage pumps of the form (spec/3 §3.1). */
export const pumpTypes = [
  { value: "kp150", label: "Grundfos Unilift KP150" },
  { value: "kp250", label: "Grundfos Unilift KP250" },
] as const satisfies readonly Option[];

/** A pump-type code. */
export type PumpType = (typeof pumpTypes)[number]["value"];

/** Diameters of the sewer pipe leaving the house, mm. */
export const pipeExitDiameters = [
  { value: "50", label: "50 мм" },
  { value: "110", label: "110 мм" },
  { value: "160", label: "160 мм" },
] as const satisfies readonly Option[];

/** A pipe-exit diameter. */
export type PipeExitDiameter = (typeof pipeExitDiameters)[number]["value"];

/** Distance over which the station is carried by hand from the unloading point (spec/3 §3.1). */
export const manualDistances = [
  { value: "10-20", label: "10–20 м" },
  { value: "20-50", label: "20–50 м" },
  { value: "до-20", label: "до 20 м" },
  { value: "до-50", label: "до 50 м" },
] as const satisfies readonly Option[];

/** A manual-distance option, or empty for none. */
export type ManualDistance = (typeof manualDistances)[number]["value"];

/** Installation depths offered by the field-work screen, m (any value from 0.5 to 6 is accepted). */
export const installationDepthOptions = [1.5, 2.0, 2.5, 3.0, 3.5, 4.0] as const;

/** VAT modes of an estimate: without VAT (default) or 5, 7 or 22 % added on top of the lines. */
export const vatModes = [
  { value: "none", label: "без НДС", rate: 0 },
  { value: "5", label: "НДС 5 %", rate: 5 },
  { value: "7", label: "НДС 7 %", rate: 7 },
  { value: "22", label: "НДС 22 %", rate: 22 },
] as const;

/** A VAT mode. */
export type VatMode = (typeof vatModes)[number]["value"];

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

/** Estimate statuses with their labels (spec/3 §3). */
export const estimateStatuses = [
  { value: "draft", label: "Черновик" },
  { value: "sent", label: "Отправлено" },
  { value: "approved", label: "Утверждено" },
  { value: "rejected", label: "Отклонено" },
] as const satisfies readonly Option[];

/** Units of a manual estimate line (spec/3 §5); price-list items may use other units too (смена, рейс, км …). */
export const manualUnits = ["шт", "м", "м²", "м³", "кг", "т"] as const;
