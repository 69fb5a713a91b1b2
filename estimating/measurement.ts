/**
 * The measurement document: every field of spec/3 §3.1 with its defaults and enumerations. One table of
 * field descriptors drives the validator (wrapped as a zod 4 schema shared by the server, the web form and
 * the CLI), the JSON Schema printed by `estimate schema`, and the data-driven form description.
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
 * Anything else that is not valid is an issue naming the field (`measurements.residents_count`).
 * Unknown fields are ignored (the estimate lists them in its warnings).
 *
 * @module
 */

import { z } from "zod";
import {
  accessDifficulties,
  manualDistances,
  pipeExitDiameters,
  pumpTypes,
  soilTypes,
  workTypeValues,
} from "./enums.ts";
import type { WorkType } from "./enums.ts";
import { brands } from "./catalogue/mod.ts";
import { defaultPriceList } from "./price_list.ts";

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
  options: readonly { value: V }[],
  def: V,
  aliases?: Record<string, V>,
): EnumSpec<V> {
  return { kind: "enum", def, values: options.map((o) => o.value), aliases };
}
function oneOfOrEmpty<const V extends string>(options: readonly { value: V }[]): EnumSpec<V | ""> {
  return { kind: "enum", def: "", values: options.map((o) => o.value), allowEmpty: true };
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

function unitOf(code: string): string {
  return defaultPriceList.find((i) => i.code === code)?.unit ?? "шт";
}
const isPieces = (code: string) => ["шт", "компл", "рейс", "смена"].includes(unitOf(code));

function flagAmountSpecs<const P extends string, const C extends string, const S extends string>(
  prefix: P,
  codes: readonly C[],
  suffix: S,
): { [K in `${P}_a${C}`]: BoolSpec } & { [K in `${P}_a${C}_${S}`]: NumberSpec } {
  const specs: Record<string, FieldSpec> = {};
  for (const c of codes) {
    specs[`${prefix}_a${c}`] = bool();
    specs[`${prefix}_a${c}_${suffix}`] = isPieces(`А${c}`) ? int() : dec();
  }
  return specs as { [K in `${P}_a${C}`]: BoolSpec } & { [K in `${P}_a${C}_${S}`]: NumberSpec };
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
    integer: isPieces(`А${c}`),
  })),
  ...miscCodes.map((c) => ({
    flag: `misc_a${c}`,
    amount: `misc_a${c}_quantity`,
    code: `А${c}`,
    group: "misc" as const,
    integer: isPieces(`А${c}`),
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
  ...([
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
  ] as const).map(([amount, code]) => ({
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

const brandOptions = brands.map((b) => ({ value: b.id }));

/** Descriptors of every measurement field of spec/3 §3.1, in form order. */
export const measurementFieldSpecs = {
  // 1. Основные параметры объекта
  septic_brand: oneOfOrEmpty(brandOptions),
  septic_model: { kind: "text", def: "", max: 100 } as TextSpec,
  residents_count: int(4, 20),
  // 2. Данные участка
  installation_depth: dec(2.5, 6),
  groundwater_level: dec(1.5, 30),
  soil_type: oneOf(soilTypes, "mixed", { sand: "sandy" }),
  access_difficulty: oneOf(accessDifficulties, "medium"),
  distance_to_house: dec(10),
  inlet_pipe_length: dec(5),
  outlet_pipe_length: dec(5),
  pipe_exit_diameter: oneOf(pipeExitDiameters, "110"),
  has_basement: bool(false),
  has_electricity: bool(true),
  winter_conditions: bool(false),
  // 3. Дополнительные замеры
  foundation_depth: int(150),
  foundation_width: int(40, 300),
  ceiling_height: int(200),
  need_insulation: bool(),
  insulation_length: dec(),
  need_drainage: bool(),
  drainage_length: dec(),
  need_pumping: bool(),
  pump_type: oneOf(pumpTypes, "kp150", {
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
  drilling_pvc_sewer_count: int(),
  drilling_asbestos_sewer_count: int(),
  drilling_metal_sewer_count: int(),
  drilling_wood_sewer_count: int(),
  drilling_wood_cable_count: int(),
  drilling_wood_water_count: int(),
  drilling_tile_50_count: int(),
  drilling_tile_100_count: int(),
  drilling_foundation_20_count: int(),
  drilling_foundation_40_count: int(),
  drilling_foundation_60_count: int(),
  drilling_foundation_80_count: int(),
  drilling_slab_30_count: int(),
  drilling_screed_20_count: int(),
  mining_tunnel_length: dec(),
  digging_06m_count: int(),
  digging_12m_count: int(),
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
  manual_distance: oneOfOrEmpty(manualDistances),
  winter_work: bool(),
  // Заметки
  additional_notes: text(5000),
  // Carried along by the app, not used by the rules (spec/3 §3: photos, notes, task and surveyor,
  // date; field-work extras: client_phone, pipe_diameter, the read-only computed excavation_volume).
  photos: pass(),
  notes: pass(),
  task_id: pass(),
  surveyor_id: pass(),
  measurement_date: pass(),
  client_phone: pass(),
  pipe_diameter: pass(),
  excavation_volume: pass(),
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

/** The object (client site) block of a measurement document. */
export interface ObjectInfo {
  /** Address of the site. */
  address: string;
  /** Distance from the Moscow ring road (МКАД), km; absent when unknown. */
  distanceFromMKAD?: number;
  /** Client name. */
  clientName: string;
  /** Client phone. */
  clientPhone: string;
}

/** A parsed measurement document (defaults applied). */
export interface MeasurementDocument {
  /** Object id in the app, when the document belongs to one. */
  objectId?: string | number;
  /** Work type; `autonomous_sewage` by default. */
  workType: WorkType;
  /** Estimate number to use, when given. */
  estimateNumber?: string;
  /** The object (client site). */
  object?: ObjectInfo;
  /** The measurements of spec/3 §3.1. */
  measurements: Measurements;
}

/** A measurement document as accepted on input. */
export interface MeasurementDocumentInput {
  /** Object id in the app. */
  objectId?: string | number;
  /** Work type code. */
  workType?: WorkType | string;
  /** Estimate number to use. */
  estimateNumber?: string | number | null;
  /** The object (client site). */
  object?:
    | Partial<
      { address: string; distanceFromMKAD: number | string | null; clientName: string; clientPhone: string }
    >
    | null;
  /** The measurements of spec/3 §3.1. */
  measurements?: MeasurementsInput | null;
}

/** The names of every measurement field, in form order. */
export const measurementFieldNames: readonly string[] = Object.keys(measurementFieldSpecs);

// ---------------------------------------------------------------------------------------------
// The validator

/** A validation problem: the dotted field path and a Russian message. */
export interface InputIssue {
  /** Dotted field path, e.g. `measurements.residents_count`. */
  path: string;
  /** Russian message. */
  message: string;
}

const quote = (v: unknown): string => {
  if (typeof v === "string") return `"${v.length > 60 ? v.slice(0, 60) + "…" : v}"`;
  if (v === undefined) return "undefined";
  try {
    const s = JSON.stringify(v);
    return s.length > 60 ? s.slice(0, 60) + "…" : s;
  } catch {
    return String(v);
  }
};

const TRUE_WORDS = new Set(["true", "1", "on", "yes", "да"]);
const FALSE_WORDS = new Set(["false", "0", "off", "no", "нет"]);

/** Parses one field value; returns the value or an issue message. */
function parseField(
  spec: FieldSpec,
  raw: unknown,
): { ok: true; value: unknown } | { ok: false; message: string } {
  switch (spec.kind) {
    case "int":
    case "dec": {
      let v = raw;
      if (v === undefined || v === null) return { ok: true, value: spec.def };
      if (typeof v === "string") {
        const t = v.trim().replace(/\s+/g, "").replace(",", ".");
        if (t === "") return { ok: true, value: spec.def };
        const n = Number(t);
        if (!Number.isFinite(n)) return { ok: false, message: `ожидается число, получено ${quote(raw)}` };
        v = n;
      }
      if (typeof v !== "number" || !Number.isFinite(v)) {
        return { ok: false, message: `ожидается число, получено ${quote(raw)}` };
      }
      if (spec.kind === "int" && !Number.isInteger(v)) {
        return { ok: false, message: `ожидается целое число, получено ${quote(raw)}` };
      }
      if (v < spec.min) {
        return { ok: false, message: `должно быть не меньше ${spec.min}, получено ${quote(raw)}` };
      }
      if (v > spec.max) {
        return { ok: false, message: `должно быть не больше ${spec.max}, получено ${quote(raw)}` };
      }
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
      return { ok: false, message: `ожидается true или false, получено ${quote(raw)}` };
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
      return { ok: false, message: `допустимые значения: ${spec.values.join(", ")}; получено ${quote(raw)}` };
    }
    case "text": {
      if (raw === undefined || raw === null) return { ok: true, value: spec.def };
      const s = typeof raw === "number" ? String(raw) : raw;
      if (typeof s !== "string") return { ok: false, message: `ожидается строка, получено ${quote(raw)}` };
      if (s.length > spec.max) return { ok: false, message: `не длиннее ${spec.max} символов` };
      return { ok: true, value: spec.kind === "text" ? s.trim() : s };
    }
    case "pass":
      return { ok: true, value: raw };
  }
}

const specEntries = Object.entries(measurementFieldSpecs) as [string, FieldSpec][];
const knownFields = new Set(measurementFieldNames);

/** Reads one field: the value, or (on error) pushes an issue and returns the default; lenient when `issues` is null. */
function readField(spec: FieldSpec, raw: unknown, name: string, issues: InputIssue[] | null): unknown {
  if (raw === undefined && spec.kind !== "pass") return spec.def;
  const r = parseField(spec, raw);
  if (r.ok) return r.value;
  if (issues) issues.push({ path: `measurements.${name}`, message: r.message });
  return spec.kind === "int" || spec.kind === "dec"
    ? 0
    : spec.kind === "bool"
    ? false
    : (spec as { def?: unknown }).def;
}

type Builder = (m: Record<string, unknown>, issues: InputIssue[] | null) => Measurements;

/**
 * Builds the measurements object. A generated constructor (one named store per field) keeps the
 * 170-field object in V8's fast mode, several times faster to build and read than a dictionary;
 * where code generation is not allowed (a strict CSP in the browser) a plain loop is used.
 */
let builder: Builder | undefined;
function buildMeasurements(m: Record<string, unknown>, issues: InputIssue[] | null): Measurements {
  if (!builder) builder = compileBuilder() ?? loopBuilder;
  const out = builder(m, issues);
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

/** Amount field → the checkbox it implies when the checkbox is absent from the input. */
const impliedFlags = new Map<string, string>([
  ...itemFields.filter((i) => i.flag).map((i) => [i.amount, i.flag!] as [string, string]),
  ["insulation_length", "need_insulation"],
  ["drainage_length", "need_drainage"],
  ["pump_type", "need_pumping"],
  ["soil_volume", "soil_removal"],
  ["sand_volume", "sand_delivery"],
]);

function loopBuilder(m: Record<string, unknown>, issues: InputIssue[] | null): Measurements {
  const out: Record<string, unknown> = {};
  for (const [name, spec] of specEntries) {
    const raw = m[name];
    if (spec.kind === "pass") {
      if (raw !== undefined) out[name] = raw;
    } else out[name] = readField(spec, raw, name, issues);
  }
  return out as Measurements;
}

function compileBuilder(): Builder | undefined {
  if (!specEntries.every(([name]) => /^[a-z_][a-z0-9_]*$/.test(name))) return undefined;
  try {
    const body = specEntries.map(([name, spec], i) =>
      spec.kind === "pass"
        ? `if (m.${name} !== undefined) this.${name} = m.${name};`
        : `this.${name} = read(S[${i}], m.${name}, "${name}", issues);`
    ).join("\n");
    const Ctor = new Function("m", "issues", "read", "S", body) as unknown as new (
      m: Record<string, unknown>,
      issues: InputIssue[] | null,
      read: typeof readField,
      specs: FieldSpec[],
    ) => Measurements;
    const specs = specEntries.map(([, spec]) => spec);
    return (m, issues) => new Ctor(m, issues, readField, specs);
  } catch {
    return undefined;
  }
}

/**
 * A fast getter of one measurement field by name (a generated named load where allowed).
 *
 * @example
 * ```ts
 * import { defaultMeasurements, fieldGetter } from "./measurement.ts";
 * if (fieldGetter("residents_count")(defaultMeasurements()) !== 4) throw new Error("getter");
 * ```
 */
export function fieldGetter(name: string): (m: Measurements) => unknown {
  if (/^[a-z_][a-z0-9_]*$/.test(name)) {
    try {
      return new Function("m", `return m.${name};`) as (m: Measurements) => unknown;
    } catch {
      // Code generation not allowed: fall through.
    }
  }
  return (m) => (m as unknown as Record<string, unknown>)[name];
}

/** The result of {@link parseMeasurementDocument}. */
export type ParseResult =
  | { ok: true; value: MeasurementDocument; unknownFields: string[] }
  | { ok: false; issues: InputIssue[] };

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Validates a measurement document and applies defaults. Every problem is reported with its path.
 * `unknownFields` lists measurement fields that are not in spec/3 §3.1 (they are ignored).
 *
 * @example
 * ```ts
 * import { parseMeasurementDocument } from "./measurement.ts";
 * const r = parseMeasurementDocument({ measurements: { septic_model: "topas-5", residents_count: "abc" } });
 * if (r.ok || r.issues[0].path !== "measurements.residents_count") throw new Error("issue");
 * ```
 */
export function parseMeasurementDocument(input: unknown): ParseResult {
  if (!isPlainObject(input)) {
    return {
      ok: false,
      issues: [{ path: "(document)", message: `ожидается объект JSON, получено ${quote(input)}` }],
    };
  }
  const issues: InputIssue[] = [];
  const doc: Partial<MeasurementDocument> = {};

  const objectId = input.objectId;
  if (objectId !== undefined && objectId !== null && objectId !== "") {
    if (
      (typeof objectId === "string" && objectId.length <= 100) ||
      (typeof objectId === "number" && Number.isInteger(objectId))
    ) {
      doc.objectId = objectId;
    } else {
      issues.push({
        path: "objectId",
        message: `ожидается id объекта (строка или целое число), получено ${quote(objectId)}`,
      });
    }
  }
  const workType = parseField(workTypeSpec, input.workType);
  if (workType.ok) doc.workType = workType.value as WorkType;
  else issues.push({ path: "workType", message: workType.message });

  const number = input.estimateNumber;
  if (number !== undefined && number !== null && number !== "") {
    if ((typeof number === "string" && number.trim().length <= 50) || typeof number === "number") {
      doc.estimateNumber = String(number).trim();
    } else {
      issues.push({
        path: "estimateNumber",
        message: `ожидается строка до 50 символов, получено ${quote(number)}`,
      });
    }
  }

  const object = input.object;
  if (object !== undefined && object !== null) {
    if (!isPlainObject(object)) {
      issues.push({ path: "object", message: `ожидается объект, получено ${quote(object)}` });
    } else {
      const info: Partial<ObjectInfo> = {};
      for (const [key, max] of [["address", 500], ["clientName", 200], ["clientPhone", 50]] as const) {
        const r = parseField({ kind: "text", def: "", max }, object[key]);
        if (r.ok) info[key] = r.value as string;
        else issues.push({ path: `object.${key}`, message: r.message });
      }
      const d = object.distanceFromMKAD;
      if (d !== undefined && d !== null && d !== "") {
        const r = parseField({ kind: "dec", def: 0, min: 0, max: 5000 }, d);
        if (r.ok) info.distanceFromMKAD = r.value as number;
        else issues.push({ path: "object.distanceFromMKAD", message: r.message });
      }
      doc.object = info as ObjectInfo;
    }
  }

  const unknownFields: string[] = [];
  let m = input.measurements;
  if (m === undefined || m === null) m = {};
  if (!isPlainObject(m)) {
    issues.push({ path: "measurements", message: `ожидается объект с полями замера, получено ${quote(m)}` });
  } else {
    const before = issues.length;
    const out = buildMeasurements(m, issues);
    for (const key in m) if (!knownFields.has(key)) unknownFields.push(key);
    if (issues.length === before) doc.measurements = out;
  }
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, value: doc as MeasurementDocument, unknownFields };
}

const workTypeSpec: EnumSpec = { kind: "enum", def: "autonomous_sewage", values: workTypeValues };

/**
 * Measurements with every default applied, for a form that starts empty.
 *
 * @example
 * ```ts
 * import { defaultMeasurements } from "./measurement.ts";
 * const m = defaultMeasurements();
 * if (m.residents_count !== 4 || m.septic_model !== "" || m.soil_type !== "mixed") throw new Error("defaults");
 * ```
 */
export function defaultMeasurements(): Measurements {
  return buildMeasurements({}, null);
}

/**
 * Measurements read the way the form reads its inputs (spec/3 §5): a value that is not valid becomes 0
 * (numbers), `false` (checkboxes) or the default (selects). Never throws; used by the live missing-items list.
 *
 * @example
 * ```ts
 * import { lenientMeasurements } from "./measurement.ts";
 * if (lenientMeasurements({ residents_count: "abc" }).residents_count !== 0) throw new Error("lenient");
 * ```
 */
export function lenientMeasurements(input: unknown): Measurements {
  return buildMeasurements(isPlainObject(input) ? input : {}, null);
}

/**
 * The measurement document as a zod 4 schema (for `@hono/zod-validator` and islands): `.parse()` applies
 * the defaults; `.safeParse()` reports each problem with its path (`["measurements", "residents_count"]`).
 *
 * @example
 * ```ts
 * import { measurementDocumentSchema } from "./measurement.ts";
 * const doc = measurementDocumentSchema.parse({ measurements: { septic_model: "topas-5" } });
 * if (doc.workType !== "autonomous_sewage" || doc.measurements.residents_count !== 4) throw new Error("defaults");
 * ```
 */
export const measurementDocumentSchema: z.ZodType<MeasurementDocument, unknown> = z.unknown().transform(
  (input, ctx) => {
    const r = parseMeasurementDocument(input);
    if (r.ok) return r.value;
    for (const issue of r.issues) {
      ctx.addIssue({
        code: "custom",
        message: issue.message,
        path: issue.path === "(document)" ? [] : issue.path.split("."),
      });
    }
    return z.NEVER;
  },
);

// ---------------------------------------------------------------------------------------------
// JSON Schema

function specJsonSchema(spec: FieldSpec): Record<string, unknown> {
  switch (spec.kind) {
    case "int":
    case "dec":
      return {
        type: spec.kind === "int" ? "integer" : "number",
        minimum: spec.min,
        maximum: spec.max,
        default: spec.def,
      };
    case "bool":
      return { type: "boolean", default: spec.def };
    case "enum":
      return {
        type: "string",
        enum: spec.allowEmpty ? ["", ...spec.values] : [...spec.values],
        default: spec.def,
      };
    case "text":
      return { type: "string", maxLength: spec.max, default: spec.def };
    case "pass":
      return {};
  }
}

/**
 * The JSON Schema (draft 2020-12) of the measurement document, as printed by `estimate schema`.
 * It describes the canonical types; the validator also accepts numeric strings and `null` as a form sends them.
 *
 * @example
 * ```ts
 * import { measurementJsonSchema } from "./measurement.ts";
 * const schema = measurementJsonSchema() as { properties: { measurements: { properties: Record<string, unknown> } } };
 * if (!("septic_model" in schema.properties.measurements.properties)) throw new Error("schema");
 * ```
 */
export function measurementJsonSchema(): Record<string, unknown> {
  const labels = new Map<string, string>();
  for (const section of measurementFormSections) {
    for (const f of section.fields) labels.set(f.name, f.unit ? `${f.label}, ${f.unit}` : f.label);
  }
  const props: Record<string, unknown> = {};
  for (const [name, spec] of specEntries) {
    const s = specJsonSchema(spec);
    const label = labels.get(name);
    if (label) s.description = label;
    else if (spec.kind === "pass") s.description = "Передаётся без изменений, в расчёте не используется";
    props[name] = s;
  }
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    title: "ПолеСмета: документ замера (measurement document)",
    description:
      "Тело POST /api/estimates/generate и входной файл CLI `estimate generate`. Поля measurements — spec/3 §3.1; " +
      "модель септика — id из `catalogue list --json` (например topas-5).",
    type: "object",
    properties: {
      objectId: {
        anyOf: [{ type: "string", maxLength: 100 }, { type: "integer" }],
        description: "id объекта",
      },
      workType: { ...specJsonSchema(workTypeSpec), description: "Вид работ" },
      estimateNumber: {
        type: "string",
        maxLength: 50,
        description: "Номер сметы (иначе формируется из даты)",
      },
      object: {
        type: "object",
        description: "Объект (участок клиента)",
        properties: {
          address: { type: "string", maxLength: 500, description: "Адрес" },
          distanceFromMKAD: { type: "number", minimum: 0, description: "Расстояние от МКАД, км" },
          clientName: { type: "string", maxLength: 200, description: "Клиент" },
          clientPhone: { type: "string", maxLength: 50, description: "Телефон клиента" },
        },
      },
      measurements: { type: "object", description: "Замеры (spec/3 §3.1)", properties: props },
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The form description

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

const priceName = (code: string) => defaultPriceList.find((i) => i.code === code)?.name ?? code;

function itemFormFields(group: ItemGroup, sectionFlag: string | undefined): FormField[] {
  const out: FormField[] = [];
  for (const item of itemFields) {
    if (item.group !== group) continue;
    const unit = unitOf(item.code);
    const label = priceName(item.code);
    if (item.flag && item.flag !== sectionFlag && !out.some((f) => f.name === item.flag)) {
      out.push({
        name: item.flag,
        label,
        kind: "boolean",
        default: false,
        revealedBy: sectionFlag,
        code: item.code,
      });
    }
    out.push({
      name: item.amount,
      label: item.flag && item.flag !== sectionFlag ? `${label}: количество` : label,
      kind: item.integer ? "integer" : "decimal",
      unit: group === "foundation" ? "шт" : unit,
      default: 0,
      min: 0,
      step: item.integer ? 1 : 0.1,
      revealedBy: item.flag ?? sectionFlag,
      code: item.code,
    });
  }
  return out;
}

const opts = <T extends { value: string; label: string }>(o: readonly T[]) =>
  o.map(({ value, label }) => ({ value, label }));

/**
 * The measurement form, section by section (spec/3 §2.2): labels, units, defaults, options, and which
 * flag reveals which field, so the web form can be rendered from data. An item's amount field is
 * revealed by its own checkbox; a section's group flag reveals the section.
 *
 * @example
 * ```ts
 * import { measurementFormSections } from "./measurement.ts";
 * const pipes = measurementFormSections.find((s) => s.id === "pipes")!;
 * const len = pipes.fields.find((f) => f.name === "pipe_a001_length")!;
 * if (len.revealedBy !== "pipe_a001" || len.unit !== "м") throw new Error("form");
 * ```
 */
export const measurementFormSections: readonly FormSection[] = [
  {
    id: "main",
    title: "Основные параметры объекта",
    fields: [
      {
        name: "septic_brand",
        label: "Производитель",
        kind: "brand",
        default: "",
        options: brands.map((b) => ({ value: b.id, label: b.label })),
      },
      { name: "septic_model", label: "Модель септика", kind: "model", default: "", required: true },
      {
        name: "residents_count",
        label: "Количество проживающих",
        kind: "integer",
        unit: "чел.",
        default: 4,
        min: 1,
        max: 20,
        step: 1,
        required: true,
      },
    ],
  },
  {
    id: "site",
    title: "Данные участка",
    fields: [
      {
        name: "installation_depth",
        label: "Глубина установки",
        kind: "decimal",
        unit: "м",
        default: 2.5,
        min: 0,
        max: 6,
        step: 0.1,
        required: true,
      },
      {
        name: "groundwater_level",
        label: "Уровень грунтовых вод (глубина, 0 — не обнаружены)",
        kind: "decimal",
        unit: "м",
        default: 1.5,
        min: 0,
        step: 0.1,
      },
      { name: "soil_type", label: "Тип грунта", kind: "select", default: "mixed", options: opts(soilTypes) },
      {
        name: "access_difficulty",
        label: "Сложность подъезда",
        kind: "select",
        default: "medium",
        options: opts(accessDifficulties),
      },
      {
        name: "distance_to_house",
        label: "Расстояние до дома",
        kind: "decimal",
        unit: "м",
        default: 10,
        min: 0,
        step: 1,
      },
      {
        name: "inlet_pipe_length",
        label: "Длина подводящей трубы",
        kind: "decimal",
        unit: "м",
        default: 5,
        min: 0,
        step: 1,
      },
      {
        name: "outlet_pipe_length",
        label: "Длина отводящей трубы",
        kind: "decimal",
        unit: "м",
        default: 5,
        min: 0,
        step: 1,
      },
      {
        name: "pipe_exit_diameter",
        label: "Диаметр выпуска из дома",
        kind: "select",
        unit: "мм",
        default: "110",
        options: opts(pipeExitDiameters),
      },
      { name: "has_basement", label: "Есть подвал", kind: "boolean", default: false },
      { name: "has_electricity", label: "Есть электричество на участке", kind: "boolean", default: true },
      { name: "winter_conditions", label: "Зимние условия работ", kind: "boolean", default: false },
    ],
  },
  {
    id: "extra",
    title: "Дополнительные замеры",
    fields: [
      {
        name: "foundation_depth",
        label: "Глубина фундамента",
        kind: "integer",
        unit: "см",
        default: 150,
        min: 0,
        step: 1,
      },
      {
        name: "foundation_width",
        label: "Толщина фундамента",
        kind: "integer",
        unit: "см",
        default: 40,
        min: 0,
        step: 1,
      },
      {
        name: "ceiling_height",
        label: "Высота потолка подвала",
        kind: "integer",
        unit: "см",
        default: 200,
        min: 0,
        step: 1,
      },
      { name: "need_insulation", label: "Требуется утепление трубопровода", kind: "boolean", default: false },
      {
        name: "insulation_length",
        label: "Длина утепления",
        kind: "decimal",
        unit: "м",
        default: 0,
        min: 0,
        step: 1,
        revealedBy: "need_insulation",
        code: "А021",
      },
      { name: "need_drainage", label: "Требуется дренаж", kind: "boolean", default: false },
      {
        name: "drainage_length",
        label: "Длина дренажа",
        kind: "decimal",
        unit: "м",
        default: 0,
        min: 0,
        step: 1,
        revealedBy: "need_drainage",
        code: "А026",
      },
      {
        name: "need_pumping",
        label: "Требуется насос (принудительный отвод)",
        kind: "boolean",
        default: false,
      },
      {
        name: "pump_type",
        label: "Тип насоса",
        kind: "select",
        default: "kp150",
        options: opts(pumpTypes),
        revealedBy: "need_pumping",
      },
      {
        name: "foundation_drilling",
        label: "Бурение отверстий в фундаменте",
        kind: "boolean",
        default: false,
      },
      ...itemFormFields("foundation", "foundation_drilling").map((f) => ({
        ...f,
        label: `Отверстия Ø${f.name.slice("drilling_holes_".length)} мм`,
      })),
    ],
  },
  { id: "pipes", title: "Прокладка труб", fields: itemFormFields("pipes", undefined) },
  {
    id: "electrical",
    title: "Электромонтажные работы",
    flag: "electrical_work_needed",
    fields: [
      {
        name: "electrical_work_needed",
        label: "Требуются электромонтажные работы",
        kind: "boolean",
        default: false,
      },
      {
        name: "cable_length",
        label: "Кабель питания от дома до станции",
        kind: "decimal",
        unit: "м",
        default: 0,
        min: 0,
        step: 1,
        revealedBy: "electrical_work_needed",
        code: "А040",
      },
      ...itemFormFields("electrical", "electrical_work_needed"),
    ],
  },
  {
    id: "demolition",
    title: "Демонтаж",
    flag: "demolition_work",
    fields: [
      { name: "demolition_work", label: "Требуются демонтажные работы", kind: "boolean", default: false },
      {
        name: "demolition_description",
        label: "Описание демонтажных работ",
        kind: "textarea",
        default: "",
        revealedBy: "demolition_work",
      },
      {
        name: "demolition_old_septic",
        label: "Демонтаж старого септика",
        kind: "boolean",
        default: false,
        revealedBy: "demolition_work",
      },
      {
        name: "demolition_septic_volume",
        label: "Объем старого септика",
        kind: "decimal",
        unit: "м³",
        default: 0,
        min: 0,
        step: 0.1,
        revealedBy: "demolition_old_septic",
        code: "А048",
      },
      {
        name: "stump_removal",
        label: "Корчевание пней",
        kind: "boolean",
        default: false,
        revealedBy: "demolition_work",
      },
      {
        name: "stump_removal_count",
        label: "Количество пней",
        kind: "integer",
        unit: "шт",
        default: 0,
        min: 0,
        step: 1,
        revealedBy: "stump_removal",
        code: "А050",
      },
      {
        name: "demolition_pavement",
        label: "Демонтаж тротуарной плитки",
        kind: "boolean",
        default: false,
        revealedBy: "demolition_work",
      },
      {
        name: "demolition_pavement_length",
        label: "Длина демонтажа тротуарной плитки",
        kind: "decimal",
        unit: "м",
        default: 0,
        min: 0,
        step: 0.1,
        revealedBy: "demolition_pavement",
        code: "А051",
      },
      {
        name: "concrete_demolition",
        label: "Демонтаж бетонного покрытия",
        kind: "boolean",
        default: false,
        revealedBy: "demolition_work",
      },
      {
        name: "concrete_demolition_area",
        label: "Площадь демонтажа бетона",
        kind: "decimal",
        unit: "м²",
        default: 0,
        min: 0,
        step: 0.1,
        revealedBy: "concrete_demolition",
        code: "А052",
      },
      {
        name: "demolition_asphalt_area",
        label: "Площадь демонтажа асфальта",
        kind: "decimal",
        unit: "м²",
        default: 0,
        min: 0,
        step: 0.1,
        revealedBy: "demolition_work",
        code: "А053",
      },
      {
        name: "demolition_ring_1000_count",
        label: "Ж/б кольца Ø1000 мм",
        kind: "integer",
        unit: "шт",
        default: 0,
        min: 0,
        step: 1,
        revealedBy: "demolition_work",
        code: "А054",
      },
      {
        name: "demolition_ring_1500_count",
        label: "Ж/б кольца Ø1500 мм",
        kind: "integer",
        unit: "шт",
        default: 0,
        min: 0,
        step: 1,
        revealedBy: "demolition_work",
        code: "А055",
      },
      {
        name: "demolition_ring_2000_count",
        label: "Ж/б кольца Ø2000 мм",
        kind: "integer",
        unit: "шт",
        default: 0,
        min: 0,
        step: 1,
        revealedBy: "demolition_work",
        code: "А056",
      },
      {
        name: "demolition_rings_reinforced",
        label: "Кольца армированные",
        kind: "boolean",
        default: false,
        revealedBy: "demolition_work",
        code: "А057",
      },
      {
        name: "demolition_well_ring_count",
        label: "Бетонный колодец: кольца",
        kind: "integer",
        unit: "шт",
        default: 0,
        min: 0,
        step: 1,
        revealedBy: "demolition_work",
        code: "А060",
      },
      {
        name: "demolition_well_cover_count",
        label: "Бетонный колодец: крышки",
        kind: "integer",
        unit: "шт",
        default: 0,
        min: 0,
        step: 1,
        revealedBy: "demolition_work",
        code: "А058",
      },
      {
        name: "demolition_well_piercing_count",
        label: "Бетонный колодец: пробивка отверстий",
        kind: "integer",
        unit: "шт",
        default: 0,
        min: 0,
        step: 1,
        revealedBy: "demolition_work",
        code: "А059",
      },
    ],
  },
  {
    id: "drilling",
    title: "Алмазное бурение и проколы",
    flag: "drilling_holes",
    fields: [
      { name: "drilling_holes", label: "Требуется бурение и проколы", kind: "boolean", default: false },
      ...itemFormFields("drilling", "drilling_holes"),
    ],
  },
  {
    id: "misc",
    title: "Прочие работы и оборудование",
    flag: "miscellaneous_work",
    fields: [
      {
        name: "miscellaneous_work",
        label: "Требуются прочие работы и оборудование",
        kind: "boolean",
        default: false,
      },
      ...itemFormFields("misc", "miscellaneous_work"),
      {
        name: "misc_a122_quantity",
        label: "Песок для обратной засыпки (0 — по расчёту)",
        kind: "decimal",
        unit: "м³",
        default: 0,
        min: 0,
        step: 0.1,
        code: "А122",
      },
    ],
  },
  {
    id: "machinery",
    title: "Спецтехника и транспорт",
    flag: "machinery_work",
    fields: [
      { name: "machinery_work", label: "Требуется спецтехника и транспорт", kind: "boolean", default: false },
      {
        name: "need_excavator",
        label: "Экскаватор-погрузчик",
        kind: "boolean",
        default: false,
        revealedBy: "machinery_work",
        code: "А133",
      },
      {
        name: "need_crane",
        label: "Кран-манипулятор",
        kind: "boolean",
        default: false,
        revealedBy: "machinery_work",
        code: "А135",
      },
      {
        name: "soil_removal",
        label: "Вывоз грунта",
        kind: "boolean",
        default: false,
        revealedBy: "machinery_work",
        code: "А136",
      },
      {
        name: "soil_volume",
        label: "Объем вывоза грунта (0 — весь котлован)",
        kind: "decimal",
        unit: "м³",
        default: 0,
        min: 0,
        step: 0.1,
        revealedBy: "soil_removal",
      },
      {
        name: "sand_delivery",
        label: "Доставка песка",
        kind: "boolean",
        default: false,
        revealedBy: "machinery_work",
        code: "А137",
      },
      {
        name: "sand_volume",
        label: "Объем песка (0 — по расчёту)",
        kind: "decimal",
        unit: "м³",
        default: 0,
        min: 0,
        step: 0.1,
        revealedBy: "sand_delivery",
      },
      {
        name: "water_delivery",
        label: "Доставка воды для запуска станции",
        kind: "boolean",
        default: false,
        revealedBy: "machinery_work",
        code: "А138",
      },
      {
        name: "manual_distance",
        label: "Ручной перенос станции",
        kind: "select",
        default: "",
        options: opts(manualDistances),
        revealedBy: "machinery_work",
      },
      {
        name: "winter_work",
        label: "Зимние работы",
        kind: "boolean",
        default: false,
        revealedBy: "machinery_work",
      },
    ],
  },
  {
    id: "notes",
    title: "Заметки",
    fields: [{ name: "additional_notes", label: "Дополнительные заметки", kind: "textarea", default: "" }],
  },
];

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
];
