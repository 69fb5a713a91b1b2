/**
 * The fields of the measurement document (the estimating spec's «Measurement form fields») and how their
 * values are read. One table of field descriptors drives the validator of `measurement.ts`, the JSON Schema
 * printed by `estimate schema`, the form description and the lenient reading the live missing-items list
 * uses.
 *
 * Light on purpose: no zod, no price list, no catalogue data, so the measurement form (an island with a
 * 90 KB budget) reads values with this very code. `form.ts` is the entry islands import.
 *
 * Names of the fields the spec leaves unnamed (`{hash}`) are chosen here:
 * - wood drilling: `drilling_wood_sewer_count`, `drilling_wood_cable_count`, `drilling_wood_water_count`;
 * - foundation drilling by thickness: `drilling_foundation_20_count`, `_40_`, `_60_`, `_80_count`;
 * - slab and screed: `drilling_slab_30_count`, `drilling_screed_20_count`;
 * - tile: `drilling_tile_50_count`, `drilling_tile_100_count`; sewer pipes: `drilling_pvc_sewer_count`,
 *   `drilling_asbestos_sewer_count`, `drilling_metal_sewer_count`;
 * - demolition flags: `stump_removal`, `demolition_pavement`, `concrete_demolition` (with `stump_removal_count`,
 *   `demolition_pavement_length`, `concrete_demolition_area`), rings `demolition_ring_1000_count` (1500, 2000),
 *   `demolition_rings_reinforced`, `demolition_asphalt_area`, concrete wells `demolition_well_ring_count`,
 *   `demolition_well_cover_count`, `demolition_well_piercing_count`;
 * - the manufacturer select: `septic_brand`.
 *
 * Input is lenient the way a form is: numeric strings (`"2,5"`) become numbers, `"true"`/`"on"`/`1`
 * become booleans, `null` and `""` take the default, the field-work screen's soil type `sand` means `sandy`.
 * An item's checkbox that is absent from the input is implied by a positive amount (`elect_a038_quantity: 2`
 * alone ticks `elect_a038`; `insulation_length` ticks `need_insulation`, `pump_type` ticks `need_pumping`);
 * a checkbox given as `false` is respected and the amount ignored (the estimate warns).
 *
 * @module
 */

import {
  accessDifficultyValues,
  manualDistanceValues,
  pipeExitDiameterValues,
  pumpTypeValues,
  seasonValues,
  soilTypeValues,
} from "./enums.ts";
import { brandIds } from "./catalogue/names.ts";

// ---------------------------------------------------------------------------------------------
// Field descriptors

/** A numeric field: whole (`int`) or decimal (`dec`), with its default and bounds. */
export interface NumberSpec {
  /** Whole or decimal. */
  kind: "int" | "dec";
  /** Default value. */
  def: number;
  /** Smallest value allowed. */
  min: number;
  /** Largest value allowed. */
  max: number;
}
/** A checkbox. */
export interface BoolSpec {
  /** Checkbox. */
  kind: "bool";
  /** Default value. */
  def: boolean;
}
/** One of a list of values (`allowEmpty`: the empty string means "not chosen"). */
export interface EnumSpec<V extends string = string> {
  /** Select. */
  kind: "enum";
  /** Default value. */
  def: V;
  /** Allowed values. */
  values: readonly string[];
  /** Other spellings accepted on input (lower-case), e.g. `sand` → `sandy`. */
  aliases?: Readonly<Record<string, string>>;
  /** Whether the empty string is a value. */
  allowEmpty?: boolean;
  /** Phantom: the value type. */
  _v?: V;
}
/** Free text. */
export interface TextSpec {
  /** Text. */
  kind: "text";
  /** Default value. */
  def: string;
  /** Maximum length. */
  max: number;
}
/** A value carried along unchanged (photos, notes, task id …), optional. */
export interface PassSpec {
  /** Carried along. */
  kind: "pass";
}
/** Any field descriptor. */
export type FieldSpec = NumberSpec | BoolSpec | EnumSpec | TextSpec | PassSpec;

/** The value type of a field descriptor. */
export type ValueOf<S> = S extends NumberSpec ? number
  : S extends BoolSpec ? boolean
  : S extends EnumSpec<infer V> ? V
  : S extends TextSpec ? string
  : unknown;

const LENGTH_MAX = 1000;
const COUNT_MAX = 1000;

const int = (def = 0, max = COUNT_MAX): NumberSpec => ({ kind: "int", def, min: 0, max });
const dec = (def = 0, max = LENGTH_MAX): NumberSpec => ({ kind: "dec", def, min: 0, max });
const bool = (def = false): BoolSpec => ({ kind: "bool", def });
const text = (max: number): TextSpec => ({ kind: "text", def: "", max });
const pass = (): PassSpec => ({ kind: "pass" });
function oneOf<const V extends string>(
  values: readonly V[],
  def: V,
  aliases?: Record<string, V>,
): EnumSpec<V> {
  return { kind: "enum", def, values, aliases };
}
function oneOfOrEmpty<const V extends string>(values: readonly V[]): EnumSpec<V | ""> {
  return { kind: "enum", def: "", values, allowEmpty: true };
}

// ---------------------------------------------------------------------------------------------
// Item families: a flag and its length or quantity, each bound to a price-list article.

/** Which form section an item field belongs to. */
export type ItemGroup = "pipes" | "electrical" | "misc" | "drilling" | "demolition" | "foundation";

/** A measurement field bound to one price-list article: an optional flag and the amount field. */
export interface ItemField {
  /** The checkbox that makes the item count (absent for counters that count when positive). */
  flag?: string;
  /** The length, quantity, area or count field. */
  amount: string;
  /** Article code of the price list. */
  code: string;
  /** Which form section the item belongs to. */
  group: ItemGroup;
  /** Whether the amount is whole (pieces). */
  integer: boolean;
}

const pipeCodes = ["001", "002", "003", "004", "005", "006", "007", "008", "009", "010", "011"] as const;
const electQuantityCodes = ["038", "041", "042", "043", "046", "165", "167"] as const;
const electLengthCodes = ["039", "040", "044", "045", "047", "166"] as const;
const miscCodes = [
  "107",
  "108",
  "109",
  "110",
  "111",
  "112",
  "113",
  "114",
  "115",
  "116",
  "117",
  "118",
  "119",
  "120",
  "121",
  "123",
  "124",
  "125",
  "126",
  "132",
  "141",
] as const;

/** Misc articles priced per m²; the other misc articles and the electrical quantities are pieces. */
const miscAreaCodes: readonly string[] = ["120", "124"];

/** Whether an item's amount is whole: its article is priced per piece (a test checks the price list's units). */
const isPieces = (c: string) =>
  (electQuantityCodes as readonly string[]).includes(c) ||
  ((miscCodes as readonly string[]).includes(c) && !miscAreaCodes.includes(c));

function flagAmountSpecs<const P extends string, const C extends string, const S extends string>(
  prefix: P,
  codes: readonly C[],
  suffix: S,
): { [K in `${P}_a${C}`]: BoolSpec } & { [K in `${P}_a${C}_${S}`]: NumberSpec } {
  const specs: Record<string, FieldSpec> = {};
  for (const c of codes) {
    specs[`${prefix}_a${c}`] = bool();
    specs[`${prefix}_a${c}_${suffix}`] = isPieces(c) ? int() : dec();
  }
  return specs as { [K in `${P}_a${C}`]: BoolSpec } & { [K in `${P}_a${C}_${S}`]: NumberSpec };
}

/** Diamond drilling and punctures (section 7 of the form): amount field and article, in form order. */
const drillingItems = [
  ["drilling_pvc_sewer_count", "А066"],
  ["drilling_asbestos_sewer_count", "А067"],
  ["drilling_metal_sewer_count", "А068"],
  ["drilling_wood_sewer_count", "А069"],
  ["drilling_wood_cable_count", "А070"],
  ["drilling_wood_water_count", "А071"],
  ["drilling_tile_50_count", "А072"],
  ["drilling_tile_100_count", "А073"],
  ["drilling_foundation_20_count", "А074"],
  ["drilling_foundation_40_count", "А075"],
  ["drilling_foundation_60_count", "А076"],
  ["drilling_foundation_80_count", "А077"],
  ["drilling_slab_30_count", "А078"],
  ["drilling_screed_20_count", "А079"],
  ["mining_tunnel_length", "А080"],
  ["digging_06m_count", "А081"],
  ["digging_12m_count", "А082"],
] as const;

/** The drilling amounts' descriptors: whole counts, and the tunnel length in metres. */
function drillingSpecs(): { [K in (typeof drillingItems)[number][0]]: NumberSpec } {
  const specs: Record<string, NumberSpec> = {};
  for (const [amount] of drillingItems) specs[amount] = amount.endsWith("_count") ? int() : dec();
  return specs as { [K in (typeof drillingItems)[number][0]]: NumberSpec };
}

/** Every item field, bound to its article code (the rules of `rules.ts` price them). */
export const itemFields: readonly ItemField[] = [
  ...pipeCodes.map((c) => ({
    flag: `pipe_a${c}`,
    amount: `pipe_a${c}_length`,
    code: `А${c}`,
    group: "pipes" as const,
    integer: false,
  })),
  ...[...electQuantityCodes, ...electLengthCodes].sort().map((c) => ({
    flag: `elect_a${c}`,
    amount: `elect_a${c}_${(electQuantityCodes as readonly string[]).includes(c) ? "quantity" : "length"}`,
    code: `А${c}`,
    group: "electrical" as const,
    integer: isPieces(c),
  })),
  ...miscCodes.map((c) => ({
    flag: `misc_a${c}`,
    amount: `misc_a${c}_quantity`,
    code: `А${c}`,
    group: "misc" as const,
    integer: isPieces(c),
  })),
  // Foundation drilling: holes × foundation thickness in cm (see rules.ts).
  ...(["110", "160", "200", "250", "300"] as const).map((d, i) => ({
    flag: "foundation_drilling",
    amount: `drilling_holes_${d}`,
    code: `А06${i + 1}`,
    group: "foundation" as const,
    integer: true,
  })),
  // Diamond drilling and punctures: counters without their own flag, they count when positive.
  ...drillingItems.map(([amount, code]) => ({
    amount,
    code,
    group: "drilling" as const,
    integer: amount.endsWith("_count"),
  })),
  // Demolition: flagged items and counters.
  ...([
    ["demolition_old_septic", "demolition_septic_volume", "А048"],
    ["stump_removal", "stump_removal_count", "А050"],
    ["demolition_pavement", "demolition_pavement_length", "А051"],
    ["concrete_demolition", "concrete_demolition_area", "А052"],
    [undefined, "demolition_asphalt_area", "А053"],
    [undefined, "demolition_ring_1000_count", "А054"],
    [undefined, "demolition_ring_1500_count", "А055"],
    [undefined, "demolition_ring_2000_count", "А056"],
    [undefined, "demolition_well_cover_count", "А058"],
    [undefined, "demolition_well_piercing_count", "А059"],
    [undefined, "demolition_well_ring_count", "А060"],
  ] as const).map(([flag, amount, code]) => ({
    ...(flag ? { flag } : {}),
    amount,
    code,
    group: "demolition" as const,
    integer: amount.endsWith("_count"),
  })),
];

/**
 * Descriptors of every measurement field of the estimating spec's «Measurement form fields», in form order.
 */
export const measurementFieldSpecs = {
  // 1. Основные параметры объекта
  septic_brand: oneOfOrEmpty(brandIds),
  septic_model: { kind: "text", def: "", max: 100 } as TextSpec,
  residents_count: int(4, 20),
  // 2. Данные участка
  installation_depth: dec(2.5, 6),
  groundwater_level: dec(1.5, 30),
  soil_type: oneOf(soilTypeValues, "mixed", { sand: "sandy" }),
  access_difficulty: oneOf(accessDifficultyValues, "medium"),
  distance_to_house: dec(10),
  inlet_pipe_length: dec(5),
  outlet_pipe_length: dec(5),
  pipe_exit_diameter: oneOf(pipeExitDiameterValues, "110"),
  // Depth of the sewer pipe leaving the house, m; 0 — not measured (with a basement the foundation depth).
  pipe_exit_depth: dec(0, 6),
  // Turns of the routes: each needs an inspection well (sewer_line.ts, СП 32.13330.2018 п. 6.3.1).
  inlet_turns: int(0, 20),
  outlet_turns: int(0, 20),
  has_basement: bool(false),
  has_electricity: bool(true),
  winter_conditions: bool(false),
  season: oneOf(seasonValues, "auto"),
  // 3. Дополнительные замеры
  foundation_depth: int(150),
  foundation_width: int(40, 300),
  ceiling_height: int(200),
  need_insulation: bool(),
  insulation_length: dec(),
  need_drainage: bool(),
  drainage_length: dec(),
  need_pumping: bool(),
  pump_type: oneOf(pumpTypeValues, "kp150", {
    "unilift kp150": "kp150",
    "unilift kp250": "kp250",
    "kp 150": "kp150",
    "kp 250": "kp250",
  }),
  foundation_drilling: bool(),
  drilling_holes_110: int(),
  drilling_holes_160: int(),
  drilling_holes_200: int(),
  drilling_holes_250: int(),
  drilling_holes_300: int(),
  // 4. Прокладка труб
  ...flagAmountSpecs("pipe", pipeCodes, "length"),
  // 5. Электромонтажные работы
  electrical_work_needed: bool(),
  cable_length: dec(),
  ...flagAmountSpecs("elect", electQuantityCodes, "quantity"),
  ...flagAmountSpecs("elect", electLengthCodes, "length"),
  // 6. Демонтаж
  demolition_work: bool(),
  demolition_description: text(2000),
  demolition_old_septic: bool(),
  demolition_septic_volume: dec(),
  stump_removal: bool(),
  stump_removal_count: int(),
  demolition_pavement: bool(),
  demolition_pavement_length: dec(),
  concrete_demolition: bool(),
  concrete_demolition_area: dec(),
  demolition_asphalt_area: dec(),
  demolition_ring_1000_count: int(),
  demolition_ring_1500_count: int(),
  demolition_ring_2000_count: int(),
  demolition_rings_reinforced: bool(),
  demolition_well_ring_count: int(),
  demolition_well_cover_count: int(),
  demolition_well_piercing_count: int(),
  // 7. Алмазное бурение и проколы
  drilling_holes: bool(),
  ...drillingSpecs(),
  // 8. Прочие работы и оборудование
  miscellaneous_work: bool(),
  ...flagAmountSpecs("misc", miscCodes, "quantity"),
  misc_a122_quantity: dec(),
  // 9. Спецтехника и транспорт
  machinery_work: bool(),
  need_excavator: bool(),
  need_crane: bool(),
  soil_removal: bool(),
  soil_volume: dec(),
  sand_delivery: bool(),
  sand_volume: dec(),
  water_delivery: bool(),
  manual_distance: oneOfOrEmpty(manualDistanceValues),
  winter_work: bool(),
  // Заметки
  additional_notes: text(5000),
  // Carried along by the app, not used by the rules (the estimating spec's «Entities and their fields»:
  // photos, notes, task and surveyor, date; field-work extras: client_phone, pipe_diameter, the read-only
  // computed excavation_volume).
  photos: pass(),
  notes: pass(),
  task_id: pass(),
  surveyor_id: pass(),
  measurement_date: pass(),
  client_phone: pass(),
  pipe_diameter: pass(),
  excavation_volume: pass(),
  // The suggested defaults the surveyor measured or confirmed (missing.ts: `suggestedDefaultFields`).
  confirmed: pass(),
} satisfies Record<string, FieldSpec>;

/** The type of the field descriptors table. */
export type Specs = typeof measurementFieldSpecs;
/** Names of the pass-through fields. */
export type PassKeys = { [K in keyof Specs]: Specs[K] extends PassSpec ? K : never }[keyof Specs];

/** Parsed measurements: every field present with its default applied (pass-through fields optional). */
export type Measurements =
  & { [K in Exclude<keyof Specs, PassKeys>]: ValueOf<Specs[K]> }
  & { [K in PassKeys]?: unknown };

/** Measurements as accepted on input: every field optional; strings and `null` are accepted as a form sends them. */
export type MeasurementsInput = { [K in keyof Specs]?: ValueOf<Specs[K]> | string | null };

/** The names of every measurement field, in form order. */
export const measurementFieldNames: readonly string[] = /* @__PURE__ */ Object.keys(measurementFieldSpecs);

// ---------------------------------------------------------------------------------------------
// Reading values: strict (the validator of measurement.ts) and lenient (the form, the missing items)

/** Why a value is not valid for its field. */
export type Problem =
  /** Not a number. */
  | "number"
  /** Not a whole number where one is expected. */
  | "integer"
  /** Below the minimum. */
  | "min"
  /** Above the maximum. */
  | "max"
  /** Not a checkbox value. */
  | "boolean"
  /** Not one of the allowed values. */
  | "choice"
  /** Not text. */
  | "text"
  /** Text longer than allowed. */
  | "length";

/** The result of {@link parseField}: the value, or why the value is not valid. */
export type FieldRead = { ok: true; value: unknown } | { ok: false; problem: Problem };

/** A field whose value is not valid, as {@link buildMeasurements} records it. */
export interface FieldProblem {
  /** The field's name. */
  field: string;
  /** The field's descriptor. */
  spec: FieldSpec;
  /** The value given. */
  raw: unknown;
  /** Why it is not valid. */
  problem: Problem;
}

const TRUE_WORDS = new Set(["true", "1", "on", "yes", "да"]);
const FALSE_WORDS = new Set(["false", "0", "off", "no", "нет"]);

/**
 * Parses one field value strictly: the value (the default for an absent or empty one), or the problem.
 * Numbers may come as strings with a comma and spaces (`"1 200,5"`), checkboxes as `"on"`, `"да"`, `1`.
 *
 * @example
 * ```ts
 * import { measurementFieldSpecs, parseField } from "./fields.ts";
 * const r = parseField(measurementFieldSpecs.installation_depth, "2,5");
 * if (!r.ok || r.value !== 2.5) throw new Error("2,5");
 * const bad = parseField(measurementFieldSpecs.residents_count, "2.5");
 * if (bad.ok || bad.problem !== "integer") throw new Error("2.5");
 * ```
 */
export function parseField(spec: FieldSpec, raw: unknown): FieldRead {
  switch (spec.kind) {
    case "int":
    case "dec": {
      let v = raw;
      if (v === undefined || v === null) return { ok: true, value: spec.def };
      if (typeof v === "string") {
        const t = v.trim().replace(/\s+/g, "").replace(",", ".");
        if (t === "") return { ok: true, value: spec.def };
        v = Number(t);
      }
      if (typeof v !== "number" || !Number.isFinite(v)) return { ok: false, problem: "number" };
      if (spec.kind === "int" && !Number.isInteger(v)) return { ok: false, problem: "integer" };
      if (v < spec.min) return { ok: false, problem: "min" };
      if (v > spec.max) return { ok: false, problem: "max" };
      return { ok: true, value: v };
    }
    case "bool": {
      if (raw === undefined || raw === null || raw === "") return { ok: true, value: spec.def };
      if (typeof raw === "boolean") return { ok: true, value: raw };
      if (raw === 1) return { ok: true, value: true };
      if (raw === 0) return { ok: true, value: false };
      if (typeof raw === "string") {
        const t = raw.trim().toLowerCase();
        if (TRUE_WORDS.has(t)) return { ok: true, value: true };
        if (FALSE_WORDS.has(t)) return { ok: true, value: false };
      }
      return { ok: false, problem: "boolean" };
    }
    case "enum": {
      if (raw === undefined || raw === null) return { ok: true, value: spec.def };
      const s = typeof raw === "number" ? String(raw) : typeof raw === "string" ? raw.trim() : undefined;
      if (s === "") return { ok: true, value: spec.def };
      if (s !== undefined) {
        if (spec.values.includes(s)) return { ok: true, value: s };
        const lower = s.toLowerCase();
        const alias = spec.aliases?.[lower];
        if (alias) return { ok: true, value: alias };
        if (spec.values.includes(lower)) return { ok: true, value: lower };
      }
      return { ok: false, problem: "choice" };
    }
    case "text": {
      if (raw === undefined || raw === null) return { ok: true, value: spec.def };
      // A number beyond a double (1e400, read as Infinity) is no text "Infinity".
      if (typeof raw === "number" && !Number.isFinite(raw)) return { ok: false, problem: "number" };
      const s = typeof raw === "number" ? String(raw) : raw;
      if (typeof s !== "string") return { ok: false, problem: "text" };
      if (s.length > spec.max) return { ok: false, problem: "length" };
      return { ok: true, value: s.trim() };
    }
    case "pass":
      return { ok: true, value: raw };
  }
}

/**
 * Reads one field: the value; or, when it is not valid, records the problem (strict, `problems` is an
 * array) and reads it as the form does: 0 for a number, false for a checkbox, the default otherwise.
 *
 * @example
 * ```ts
 * import { measurementFieldSpecs, readField } from "./fields.ts";
 * if (readField(measurementFieldSpecs.residents_count, "abc", "residents_count", null) !== 0) throw new Error("0");
 * ```
 */
export function readField(
  spec: FieldSpec,
  raw: unknown,
  name: string,
  problems: FieldProblem[] | null,
): unknown {
  if (raw === undefined && spec.kind !== "pass") return spec.def;
  const r = parseField(spec, raw);
  if (r.ok) return r.value;
  problems?.push({ field: name, spec, raw, problem: r.problem });
  return spec.kind === "int" || spec.kind === "dec"
    ? 0
    : spec.kind === "bool"
    ? false
    : (spec as { def?: unknown }).def;
}

/** Reads the fields of an input object into a new measurements object, with {@link readField}. */
export type FieldsReader = (m: Record<string, unknown>, problems: FieldProblem[] | null) => Measurements;

const specEntries = Object.entries(measurementFieldSpecs) as [string, FieldSpec][];

/**
 * The plain reader: one loop over the fields. (`fast.ts` generates a faster one for the server.)
 *
 * @example
 * ```ts
 * import { readFields } from "./fields.ts";
 * if (readFields({ residents_count: "6" }, null).residents_count !== 6) throw new Error("read");
 * ```
 */
export const readFields: FieldsReader = (m, problems) => {
  const out: Record<string, unknown> = {};
  for (const [name, spec] of specEntries) {
    const raw = m[name];
    if (spec.kind === "pass") {
      if (raw !== undefined) out[name] = raw;
    } else out[name] = readField(spec, raw, name, problems);
  }
  return out as Measurements;
};

/** Amount field → the checkbox it implies when the checkbox is absent from the input. */
const impliedFlags = new Map<string, string>([
  ...itemFields.filter((i) => i.flag).map((i) => [i.amount, i.flag!] as [string, string]),
  ["insulation_length", "need_insulation"],
  ["drainage_length", "need_drainage"],
  ["pump_type", "need_pumping"],
  ["soil_volume", "soil_removal"],
  ["sand_volume", "sand_delivery"],
]);

/**
 * Builds the measurements object from input fields: strictly when `problems` is an array (each problem is
 * recorded), leniently when it is null (an invalid value reads as 0, false or the default). Unknown fields
 * are left out; an absent checkbox is implied by a positive amount.
 *
 * @example
 * ```ts
 * import { buildMeasurements, type FieldProblem } from "./fields.ts";
 * const problems: FieldProblem[] = [];
 * const m = buildMeasurements({ residents_count: "abc", elect_a038_quantity: 2 }, problems);
 * if (problems[0].field !== "residents_count" || m.elect_a038 !== true) throw new Error("build");
 * ```
 */
export function buildMeasurements(
  m: Record<string, unknown>,
  problems: FieldProblem[] | null,
  reader: FieldsReader = readFields,
): Measurements {
  const out = reader(m, problems);
  // A checkbox left out of the input is implied by a positive amount of its item (a hand-written document
  // may give only `elect_a038_quantity: 2`); a checkbox given as false is respected.
  for (const key in m) {
    const flag = impliedFlags.get(key);
    if (flag === undefined || m[flag] !== undefined) continue;
    const o = out as unknown as Record<string, unknown>;
    const amount = o[key];
    if ((typeof amount === "number" && amount > 0) || (key === "pump_type" && m[key])) o[flag] = true;
  }
  return out;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Measurements with every default applied, for a form that starts empty.
 *
 * @example
 * ```ts
 * import { defaultMeasurements } from "./fields.ts";
 * const m = defaultMeasurements();
 * if (m.residents_count !== 4 || m.septic_model !== "" || m.soil_type !== "mixed") throw new Error("defaults");
 * ```
 */
export function defaultMeasurements(): Measurements {
  return buildMeasurements({}, null);
}

/**
 * Measurements read the way the form reads its inputs (the estimating spec's «Validation rules»): a value
 * that is not valid becomes 0 (numbers), `false` (checkboxes) or the default (selects). Never throws; used by
 * the live missing-items list.
 *
 * @example
 * ```ts
 * import { lenientMeasurements } from "./fields.ts";
 * if (lenientMeasurements({ residents_count: "abc" }).residents_count !== 0) throw new Error("lenient");
 * ```
 */
export function lenientMeasurements(input: unknown): Measurements {
  return buildMeasurements(isPlainObject(input) ? input : {}, null);
}

// ---------------------------------------------------------------------------------------------
// The form description: its types (measurement_form_sections.ts builds the sections from the price list; the server sends
// them to the form)

/** Kinds of form controls. */
export type FieldKind =
  | "model"
  | "brand"
  | "integer"
  | "decimal"
  | "boolean"
  | "select"
  | "text"
  | "textarea";

/** One field of the measurement form. */
export interface FormField {
  /** The field's name in the measurements object. */
  name: string;
  /** Russian label. */
  label: string;
  /** Control kind. */
  kind: FieldKind;
  /** Unit shown after the input (м, шт, м³ …). */
  unit?: string;
  /** Default value. */
  default: unknown;
  /** Options of a select. */
  options?: readonly { value: string; label: string }[];
  /** Minimum, maximum and step of a number. */
  min?: number;
  /** Maximum of a number. */
  max?: number;
  /** Step of a number input. */
  step?: number;
  /** The flag that reveals this field (the item's own checkbox or the section's group flag). */
  revealedBy?: string;
  /** Required for generation (part of the progress percent). */
  required?: boolean;
  /** Article code the field is priced by. */
  code?: string;
}

/** One section of the measurement form. */
export interface FormSection {
  /** Stable id of the section. */
  id: string;
  /** Russian title. */
  title: string;
  /** The group flag that reveals the section's other fields, when there is one. */
  flag?: string;
  /** Fields in display order. */
  fields: FormField[];
}

/** Fields carried along by the app that the form does not show and the rules do not use. */
export const passThroughFields: readonly string[] = [
  "photos",
  "notes",
  "task_id",
  "surveyor_id",
  "measurement_date",
  "client_phone",
  "pipe_diameter",
  "excavation_volume",
  "confirmed",
];
