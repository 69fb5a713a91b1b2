// The measurement form's glue to the estimating engine. What the form holds is typed strings and checkboxes;
// reading them, the live missing-items list and the progress percent are the engine's own code, from its
// light entry estimating/form.ts (no zod, price list or catalogue data in the bundle). The sections (labels
// and units from the price list) and the compact catalogue come from the server: GET /api/measurements/form.
import {
  type FieldSpec,
  type FormConfig,
  lenientMeasurements,
  measurementFieldSpecs,
  type Measurements,
  type MissingItem,
  missingItemsDetailed,
  type MissingOptions,
  type ModelInfo,
  modelLookup,
  parseField,
  pricedByLengths,
  progressPercent,
  readWorkFields,
  suggestedDefaultFields,
  type SuggestedField,
  unconfirmedDefaults,
  withoutCoveredItems,
  workFieldSpecs,
  workFormSections,
  type WorkKind,
  workMissingItems,
} from "../../estimating/form.ts";

export type { FormConfig, ModelInfo };

/** What the form holds: numbers as typed (strings), checkboxes as booleans, selects and texts as strings. */
export type FormValues = Record<string, string | boolean>;

/** One missing item: its label and the field to fill. */
export type Missing = MissingItem;

const specs: Record<string, FieldSpec> = { ...measurementFieldSpecs, ...workFieldSpecs };
/** The fields the form holds: every field but the ones carried along unchanged (photos, notes …). */
const formSpecs = Object.entries(specs).filter(([, spec]) => spec.kind !== "pass");

/** The engine's descriptor of a field (kind, default, bounds), or undefined. */
export function fieldSpec(name: string): FieldSpec | undefined {
  return Object.hasOwn(specs, name) ? specs[name] : undefined;
}

/** The engine's problem with a typed number, as the surveyor reads it under the input; or undefined. */
export function valueProblem(spec: FieldSpec | undefined, raw: unknown): string | undefined {
  if (!spec || (spec.kind !== "int" && spec.kind !== "dec") || typeof raw !== "string") return undefined;
  const r = parseField(spec, raw);
  if (r.ok) return undefined;
  if (r.problem === "integer") return "Введите целое число";
  if (r.problem === "min") return `Не меньше ${spec.min}`;
  if (r.problem === "max") return `Не больше ${spec.max}`;
  return "Введите число";
}

/**
 * The measurements the form's values mean, read by the engine as the server reads them (invalid numbers as
 * 0), with the suggested defaults the surveyor measured or confirmed: the form always sends `confirmed`, so
 * a default nobody looked at is missing, not priced.
 */
export function toMeasurements(
  values: FormValues,
  confirmed: readonly string[],
  kinds: readonly WorkKind[] = ["septic"],
): Measurements {
  const m = { ...lenientMeasurements(values), confirmed: [...confirmed] };
  // Only the fields of the work types measured go along, so a station's record stays as it was.
  const own: Record<string, unknown> = {};
  for (const s of workFormSections(kinds)) for (const f of s.fields) own[f.name] = values[f.name];
  readWorkFields(own, m as unknown as Record<string, unknown>, null);
  return m;
}

/** The form for these work types: the station's sections when it is among them, then each work type's. */
export function configForKinds(config: FormConfig, kinds: readonly WorkKind[]): FormConfig {
  if (kinds.length === 1 && kinds[0] === "septic") return config;
  const septic = kinds.includes("septic") ? config.sections : [];
  return { ...config, kinds: [...kinds], sections: [...workFormSections(kinds), ...septic] };
}

/** The work types a form is for. */
export const kindsOf = (config: FormConfig): readonly WorkKind[] => config.kinds ?? ["septic"];

/** Whether a field is one of the price-changing suggested defaults. */
export function isSuggested(name: string): name is SuggestedField {
  return Object.hasOwn(suggestedDefaultFields, name);
}

/** The suggested defaults still unconfirmed in these measurements. */
export function unconfirmedOf(m: Measurements): Set<string> {
  return new Set(unconfirmedDefaults(m));
}

/** The confirmed list of a stored record: its own, or every suggestion for a record made before the list. */
export function confirmedOfRecord(m: Record<string, unknown>): string[] {
  return Array.isArray(m.confirmed)
    ? m.confirmed.filter((v): v is string => typeof v === "string")
    : Object.keys(suggestedDefaultFields);
}

/** A number as the surveyor types it in Russian: the decimal comma («2,5», not «2.5»). */
export function ruNumber(v: number | string): string {
  return String(v).replace(".", ",");
}

/** Form values from stored measurements (numbers become the strings an input shows). */
export function fromMeasurements(m: Record<string, unknown>): FormValues {
  const out = defaultValues();
  for (const [name, spec] of formSpecs) {
    const v = m[name];
    if (v === undefined || v === null) continue;
    if (spec.kind === "bool") out[name] = v === true || v === "true";
    else if (spec.kind === "dec" && typeof v === "number") out[name] = ruNumber(v);
    else out[name] = String(v);
  }
  return out;
}

/** The form's defaults (the estimating spec's «Measurement form fields»). */
export function defaultValues(): FormValues {
  const out: FormValues = {};
  for (const [name, spec] of formSpecs) {
    if (spec.kind === "bool") out[name] = spec.def;
    else if (spec.kind === "dec") out[name] = ruNumber(spec.def);
    else if (spec.kind !== "pass") out[name] = String(spec.def);
  }
  return out;
}

interface ModelIndex {
  find: (idOrName: string | undefined | null) => ModelInfo | undefined;
  options: MissingOptions;
}
const indexCache = new WeakMap<FormConfig, ModelIndex>();

/** The engine's model lookup (by id or display name) over the models the server sent. */
function modelIndex(config: FormConfig): ModelIndex {
  let index = indexCache.get(config);
  if (!index) {
    const find = modelLookup(config.models, (m) => m.name);
    index = { find, options: { knownModel: (v) => find(v) !== undefined } };
    indexCache.set(config, index);
  }
  return index;
}

/** The model of the form's value, or undefined. */
export function modelOf(config: FormConfig, value: unknown): ModelInfo | undefined {
  return typeof value === "string" ? modelIndex(config).find(value) : undefined;
}

/**
 * The live missing-items list of the estimating spec's «Validation rules»: the engine's, with the models the
 * server sent.
 */
export function missingOf(config: FormConfig, m: Measurements): Missing[] {
  const kinds = kindsOf(config);
  const septic = kinds.includes("septic")
    ? withoutCoveredItems(kinds, missingItemsDetailed(m, modelIndex(config).options))
    : [];
  return [...septic, ...workMissingItems(kinds, m as unknown as Record<string, unknown>)];
}

/**
 * Progress in percent (the estimating spec's «States and transitions»): the engine's, for the form's values.
 */
export function progressOf(config: FormConfig, values: FormValues, confirmed: readonly string[]): number {
  const kinds = kindsOf(config);
  if (kinds.length === 1 && kinds[0] === "septic") {
    return progressPercent({ ...values, confirmed }, modelIndex(config).options);
  }
  // Several work types: the share of required fields filled, the missing items counting as empty.
  const required = config.sections.flatMap((s) => s.fields.filter((f) => f.required)).length;
  const missing = missingOf(config, toMeasurements(values, confirmed, kinds)).length;
  return required === 0 ? 100 : Math.max(0, Math.round(100 * (1 - Math.min(missing, required) / required)));
}

/** Whether a field is shown: every flag up its reveal chain is ticked. */
export function isRevealed(
  byName: Map<string, { revealedBy?: string }>,
  values: FormValues,
  name: string,
): boolean {
  let f = byName.get(name);
  let guard = 0;
  while (f?.revealedBy && guard++ < 5) {
    if (values[f.revealedBy] !== true) return false;
    f = byName.get(f.revealedBy);
  }
  return true;
}

/** One article the station's length fields already price, as the «Прокладка труб» section lists it. */
export interface PricedByLength {
  code: string;
  /** The article's name as the form labels it (the price list's), or the code alone. */
  label: string;
  quantity: number;
  unit: string;
}

/**
 * What the inlet and outlet lengths already price, with the form's labels: the engine's
 * own `pricedByLengths`, for the model's discharge, a separate pump and an external sewer of the same form.
 */
export function pricedByLengthsOf(config: FormConfig, values: FormValues): PricedByLength[] {
  const m = lenientMeasurements(values);
  const forced = modelOf(config, m.septic_model)?.discharge === "forced";
  const sewerIsInlet = kindsOf(config).includes("sewage");
  const fields = config.sections.flatMap((s) => s.fields);
  return pricedByLengths(m, { forced, sewerIsInlet }).map(({ code, quantity }) => {
    const amount = fields.find((f) => f.code === code && f.kind !== "boolean");
    const flag = fields.find((f) => f.code === code && f.kind === "boolean");
    return {
      code,
      label: flag?.label ?? (code === "А012" ? "Колодец ревизионный ПНД 315 мм" : code),
      quantity,
      unit: amount?.unit ?? "шт",
    };
  });
}
