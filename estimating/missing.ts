/**
 * The live missing-items list of the estimating spec's «Validation rules» and the progress percent of the
 * estimating spec's «States and transitions».
 *
 * Every check is effective, including the three the old client never enforced (stumps, pavement,
 * concrete). A document whose list is not empty cannot be generated.
 *
 * Light, like `fields.ts`: the model check is an input ({@link MissingOptions}), so the measurement form
 * runs this very code with the models the server sent. `missing_catalogue.ts` binds it to the built-in
 * catalogue for the server and the CLI (`mod.ts` exports those).
 *
 * @module
 */

import { itemFields, lenientMeasurements, type Measurements } from "./fields.ts";

/** One missing item: the Russian label and the field it points at. */
export interface MissingItem {
  /** Russian label, as listed under the generate button. */
  label: string;
  /** Field name in the measurements (the first field to fill). */
  field: string;
}

/** The Russian labels of the missing-items list, in the order the form shows them. */
export const missingItemLabels = {
  residents: "Количество проживающих",
  model: "Модель септика",
  depth: "Глубина установки",
  inlet: "Длина подводящей трубы",
  outlet: "Длина отводящей трубы",
  holes: "Количество отверстий для бурения",
  insulation: "Длина утепления",
  drainage: "Длина дренажа",
  demolitionDescription: "Описание демонтажных работ",
  oldSeptic: "Объем старого септика",
  electrical: "Хотя бы одна позиция электромонтажных работ",
  stumps: "Количество пней",
  pavement: "Длина демонтажа тротуарной плитки",
  concrete: "Площадь демонтажа бетона",
} as const;

const L = missingItemLabels;

/**
 * The prefilled fields that change the price (the estimating spec's «Measurement form fields» defaults):
 * depth 2,5 m, groundwater 1,5 m, pipe lengths 5/5 m …, with the words the form and the estimate use. A
 * document that carries `confirmed` (the form always does) treats each of them as a suggestion: still missing
 * while it holds its default and is not listed in `confirmed`. A document without `confirmed` (the CLI's
 * examples) takes the defaults as before, so one document prices the same in the CLI and the API.
 */
export const suggestedDefaultFields = {
  residents_count: { label: "Количество проживающих", unit: "" },
  installation_depth: { label: "Глубина установки", unit: "м" },
  groundwater_level: { label: "Уровень грунтовых вод", unit: "м" },
  soil_type: { label: "Тип грунта", unit: "" },
  access_difficulty: { label: "Сложность подъезда", unit: "" },
  inlet_pipe_length: { label: "Длина подводящей трубы", unit: "м" },
  outlet_pipe_length: { label: "Длина отводящей трубы", unit: "м" },
  pipe_exit_diameter: { label: "Диаметр выхода трубы", unit: "мм" },
} as const;

/** A field of {@link suggestedDefaultFields}. */
export type SuggestedField = keyof typeof suggestedDefaultFields;

const suggestedNames = Object.keys(suggestedDefaultFields) as SuggestedField[];

/**
 * The suggested defaults a document leaves unconfirmed: fields of {@link suggestedDefaultFields} that hold
 * their default and are not in `confirmed`. Empty for a document without `confirmed`. A value other than
 * the default counts as measured.
 *
 * @example
 * ```ts
 * import { unconfirmedDefaults } from "./missing.ts";
 * import { lenientMeasurements } from "./fields.ts";
 * const m = lenientMeasurements({ septic_model: "С1", installation_depth: 2.2, confirmed: ["residents_count"] });
 * const left = unconfirmedDefaults(m);
 * if (left.includes("installation_depth") || left.includes("residents_count")) throw new Error("measured");
 * if (!left.includes("groundwater_level")) throw new Error("default");
 * if (unconfirmedDefaults(lenientMeasurements({ septic_model: "С1" })).length !== 0) throw new Error("no list");
 * ```
 */
export function unconfirmedDefaults(m: Measurements): SuggestedField[] {
  const confirmed = (m as { confirmed?: unknown }).confirmed;
  if (!Array.isArray(confirmed)) return [];
  const fields = m as unknown as Record<string, unknown>;
  const defaults = defaultsOf();
  return suggestedNames.filter((name) => !confirmed.includes(name) && fields[name] === defaults[name]);
}

/**
 * The suggested defaults a document kept (confirmed or not): fields of {@link suggestedDefaultFields} that
 * hold their default. Empty for a document without `confirmed`, as the estimate's note follows that rule.
 */
export function keptDefaults(m: Measurements): SuggestedField[] {
  if (!Array.isArray((m as { confirmed?: unknown }).confirmed)) return [];
  const fields = m as unknown as Record<string, unknown>;
  const defaults = defaultsOf();
  return suggestedNames.filter((name) => fields[name] === defaults[name]);
}

let defaultsCache: Record<string, unknown> | null = null;
function defaultsOf(): Record<string, unknown> {
  return defaultsCache ??= lenientMeasurements({}) as unknown as Record<string, unknown>;
}

/** What the checks need to know from outside: which station models exist. */
export interface MissingOptions {
  /** Whether a non-empty `septic_model` value (an id or a display name) names a model of the catalogue. */
  knownModel: (idOrName: string) => boolean;
}

const hasModel = (v: unknown, options: MissingOptions) =>
  typeof v === "string" && v !== "" && options.knownModel(v);

const positive = (v: unknown) => typeof v === "number" && v > 0;

const electricalItems = itemFields.filter((i) => i.group === "electrical");

/** Whether the electrical section has work to price: the station's power cable (А040) or a ticked item. */
function electricalItemsPositive(m: Measurements): boolean {
  if (positive(m.cable_length)) return true;
  const fields = m as unknown as Record<string, unknown>;
  for (const item of electricalItems) {
    if (fields[item.flag!] === true && positive(fields[item.amount])) return true;
  }
  return false;
}

/**
 * The missing items with the field each points at, for already parsed (or leniently read) measurements.
 *
 * @example
 * ```ts
 * import { missingItemsDetailed } from "./missing.ts";
 * import { defaultMeasurements } from "./fields.ts";
 * const items = missingItemsDetailed(defaultMeasurements(), { knownModel: (id) => id === "topas-5" });
 * if (items[0].field !== "septic_model") throw new Error("model first");
 * ```
 */
export function missingItemsDetailed(m: Measurements, options: MissingOptions): MissingItem[] {
  const out: MissingItem[] = [];
  if (!(m.residents_count >= 1)) out.push({ label: L.residents, field: "residents_count" });
  if (!hasModel(m.septic_model, options)) out.push({ label: L.model, field: "septic_model" });
  if (!(m.installation_depth > 0)) out.push({ label: L.depth, field: "installation_depth" });
  if (!(m.inlet_pipe_length > 0)) out.push({ label: L.inlet, field: "inlet_pipe_length" });
  if (!(m.outlet_pipe_length > 0)) out.push({ label: L.outlet, field: "outlet_pipe_length" });
  if (
    m.foundation_drilling &&
    !(m.drilling_holes_110 > 0 || m.drilling_holes_160 > 0 || m.drilling_holes_200 > 0 ||
      m.drilling_holes_250 > 0 || m.drilling_holes_300 > 0)
  ) {
    out.push({ label: L.holes, field: "drilling_holes_110" });
  }
  if (m.need_insulation && !(m.insulation_length > 0)) {
    out.push({ label: L.insulation, field: "insulation_length" });
  }
  if (m.need_drainage && !(m.drainage_length > 0)) out.push({ label: L.drainage, field: "drainage_length" });
  if (m.demolition_work && m.demolition_description.trim() === "") {
    out.push({ label: L.demolitionDescription, field: "demolition_description" });
  }
  if (m.demolition_old_septic && !(m.demolition_septic_volume > 0)) {
    out.push({ label: L.oldSeptic, field: "demolition_septic_volume" });
  }
  if (m.electrical_work_needed && !electricalItemsPositive(m)) {
    out.push({ label: L.electrical, field: "electrical_work_needed" });
  }
  if (m.stump_removal && !(m.stump_removal_count > 0)) {
    out.push({ label: L.stumps, field: "stump_removal_count" });
  }
  if (m.demolition_pavement && !(m.demolition_pavement_length > 0)) {
    out.push({ label: L.pavement, field: "demolition_pavement_length" });
  }
  if (m.concrete_demolition && !(m.concrete_demolition_area > 0)) {
    out.push({ label: L.concrete, field: "concrete_demolition_area" });
  }
  for (const name of unconfirmedDefaults(m)) {
    if (!out.some((i) => i.field === name)) {
      out.push({ label: `${suggestedDefaultFields[name].label} (не подтверждено)`, field: name });
    }
  }
  return out;
}

/**
 * The live list of missing items (the estimating spec's «Validation rules») as Russian labels. Accepts the
 * form's raw values: a value that is not valid counts as 0, as the form reads it. The generate button stays
 * disabled while the list is not empty.
 *
 * @example
 * ```ts
 * import { missingItems } from "./missing.ts";
 * const models = { knownModel: (id: string) => id === "topas-5" };
 * const labels = missingItems({ septic_model: "", residents_count: 0, need_drainage: true }, models);
 * // ["Количество проживающих", "Модель септика", "Длина дренажа"]
 * if (labels.length !== 3 || labels[1] !== "Модель септика") throw new Error(labels.join());
 * if (missingItems({ septic_model: "topas-5" }, models).length !== 0) throw new Error("complete");
 * ```
 */
export function missingItems(measurements: unknown, options: MissingOptions): string[] {
  return missingItemsDetailed(lenientMeasurements(measurements), options).map((i) => i.label);
}

/**
 * Progress of the form in percent (the estimating spec's «States and transitions»): the share of the three
 * required fields filled — septic_model (a known model), residents_count and installation_depth (zero
 * allowed) — with equal weights, rounded to a whole percent. A document that carries `confirmed` counts
 * instead the model and each suggested default ({@link suggestedDefaultFields}) measured or confirmed, so a
 * form with only a model chosen is not 100 %.
 *
 * @example
 * ```ts
 * import { progressPercent } from "./missing.ts";
 * const models = { knownModel: (id: string) => id === "topas-5" };
 * if (progressPercent({}, models) !== 0) throw new Error("empty");
 * if (progressPercent({ residents_count: 4, installation_depth: 2.5 }, models) !== 67) throw new Error("two of three");
 * const all = { septic_model: "topas-5", residents_count: 0, installation_depth: 2.5 };
 * if (progressPercent(all, models) !== 100) throw new Error("all");
 * if (progressPercent({ septic_model: "topas-5", confirmed: [] }, models) !== 11) throw new Error("model only");
 * ```
 */
export function progressPercent(measurements: unknown, options: MissingOptions): number {
  const m = (typeof measurements === "object" && measurements !== null ? measurements : {}) as Record<
    string,
    unknown
  >;
  if (Array.isArray(m.confirmed)) {
    const left = unconfirmedDefaults(lenientMeasurements(m)).length;
    const done = (hasModel(m.septic_model, options) ? 1 : 0) + suggestedNames.length - left;
    return Math.round((done * 100) / (suggestedNames.length + 1));
  }
  const filledNumber = (v: unknown) =>
    (typeof v === "number" && Number.isFinite(v)) ||
    (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v.trim().replace(",", "."))));
  let filled = 0;
  if (hasModel(m.septic_model, options)) filled++;
  if (filledNumber(m.residents_count)) filled++;
  if (filledNumber(m.installation_depth)) filled++;
  return Math.round((filled * 100) / 3);
}
