// The measurement form's client-side model: the form description sent by the server (built from the
// estimating engine), reading the typed values the way the engine reads them, the live missing-items list
// and the progress percent. It imports only types from estimating/: the engine's modules pull full zod and
// the catalogue (117 KB gzip), far over an island's budget; measurement/model_test.ts checks that this
// list equals the engine's for the same input.
import type { FieldSpec, FormSection } from "../../estimating/mod.ts";

/** A catalogue model as the form shows it (dealer price in roubles, dimensions in mm). */
export interface ModelInfo {
  id: string;
  brand: string;
  name: string;
  capacity: number;
  peakDischarge: number;
  length: number;
  width: number;
  height: number;
  dealerPrice: number;
}

/** Everything the form needs, served by GET /api/measurements/form. */
export interface FormConfig {
  version: string;
  sections: FormSection[];
  /** Field descriptors (kind, default, bounds) of every form field. */
  specs: Record<string, FieldSpec>;
  models: ModelInfo[];
  /** The electrical items: a flag and its amount field. */
  electrical: { flag: string; amount: string }[];
}

/** What the form holds: numbers as typed (strings), checkboxes as booleans, selects and texts as strings. */
export type FormValues = Record<string, string | boolean>;

const TRUE_WORDS = new Set(["true", "1", "on", "yes", "да"]);

/** Reads one typed value the way the engine's lenient reader does; an invalid value becomes 0 (spec/3 §5). */
export function readValue(spec: FieldSpec, raw: unknown): unknown {
  switch (spec.kind) {
    case "int":
    case "dec": {
      if (raw === undefined || raw === null) return spec.def;
      let v: unknown = raw;
      if (typeof v === "string") {
        const t = v.trim().replace(/\s+/g, "").replace(",", ".");
        if (t === "") return spec.def;
        v = Number(t);
      }
      if (typeof v !== "number" || !Number.isFinite(v)) return 0;
      if (spec.kind === "int" && !Number.isInteger(v)) return 0;
      if (v < spec.min || v > spec.max) return 0;
      return v;
    }
    case "bool":
      if (raw === undefined || raw === null || raw === "") return spec.def;
      if (typeof raw === "boolean") return raw;
      if (raw === 1) return true;
      if (typeof raw === "string") return TRUE_WORDS.has(raw.trim().toLowerCase());
      return false;
    case "enum": {
      if (raw === undefined || raw === null) return spec.def;
      const s = typeof raw === "number" ? String(raw) : typeof raw === "string" ? raw.trim() : undefined;
      if (s === "" || s === undefined) return spec.def;
      if (spec.values.includes(s)) return s;
      const alias = spec.aliases?.[s.toLowerCase()];
      if (alias) return alias;
      return spec.values.includes(s.toLowerCase()) ? s.toLowerCase() : spec.def;
    }
    case "text": {
      const s = typeof raw === "number" ? String(raw) : raw;
      return typeof s === "string" && s.length <= spec.max ? s.trim() : spec.def;
    }
    default:
      return raw;
  }
}

/** A problem with a typed number the surveyor should see (out of range, not a number), or undefined. */
export function valueProblem(spec: FieldSpec | undefined, raw: unknown): string | undefined {
  if (!spec || (spec.kind !== "int" && spec.kind !== "dec") || typeof raw !== "string") return undefined;
  const t = raw.trim().replace(/\s+/g, "").replace(",", ".");
  if (t === "") return undefined;
  const n = Number(t);
  if (!Number.isFinite(n)) return "Введите число";
  if (spec.kind === "int" && !Number.isInteger(n)) return "Введите целое число";
  if (n < spec.min) return `Не меньше ${spec.min}`;
  if (n > spec.max) return `Не больше ${spec.max}`;
  return undefined;
}

/** The measurements as sent to the server: every form field read, invalid numbers as 0. */
export function toMeasurements(config: FormConfig, values: FormValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(config.specs)) out[name] = readValue(spec, values[name]);
  return out;
}

/** Form values from stored measurements (numbers become the strings an input shows). */
export function fromMeasurements(config: FormConfig, m: Record<string, unknown>): FormValues {
  const out = defaultValues(config);
  for (const [name, spec] of Object.entries(config.specs)) {
    const v = m[name];
    if (v === undefined || v === null) continue;
    if (spec.kind === "bool") out[name] = v === true || v === "true";
    else out[name] = String(v);
  }
  return out;
}

/** The form's defaults (spec/3 §3.1). */
export function defaultValues(config: FormConfig): FormValues {
  const out: FormValues = {};
  for (const [name, spec] of Object.entries(config.specs)) {
    if (spec.kind === "bool") out[name] = spec.def;
    else if (spec.kind === "pass") continue;
    else out[name] = String(spec.def);
  }
  return out;
}

const L = {
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
};

/** One missing item: its label and the field to fill. */
export interface Missing {
  label: string;
  field: string;
}

const pos = (v: unknown) => typeof v === "number" && v > 0;

/** The live missing-items list of spec/3 §5, as the engine computes it (estimating/missing.ts). */
export function missingOf(config: FormConfig, m: Record<string, unknown>): Missing[] {
  const out: Missing[] = [];
  const modelIds = modelIndex(config);
  if (!((m.residents_count as number) >= 1)) out.push({ label: L.residents, field: "residents_count" });
  if (!findModelId(modelIds, m.septic_model)) out.push({ label: L.model, field: "septic_model" });
  if (!pos(m.installation_depth)) out.push({ label: L.depth, field: "installation_depth" });
  if (!pos(m.inlet_pipe_length)) out.push({ label: L.inlet, field: "inlet_pipe_length" });
  if (!pos(m.outlet_pipe_length)) out.push({ label: L.outlet, field: "outlet_pipe_length" });
  if (
    m.foundation_drilling &&
    !["110", "160", "200", "250", "300"].some((d) => pos(m[`drilling_holes_${d}`]))
  ) out.push({ label: L.holes, field: "drilling_holes_110" });
  if (m.need_insulation && !pos(m.insulation_length)) {
    out.push({ label: L.insulation, field: "insulation_length" });
  }
  if (m.need_drainage && !pos(m.drainage_length)) out.push({ label: L.drainage, field: "drainage_length" });
  if (m.demolition_work && String(m.demolition_description ?? "").trim() === "") {
    out.push({ label: L.demolitionDescription, field: "demolition_description" });
  }
  if (m.demolition_old_septic && !pos(m.demolition_septic_volume)) {
    out.push({ label: L.oldSeptic, field: "demolition_septic_volume" });
  }
  if (m.electrical_work_needed && !config.electrical.some((i) => m[i.flag] === true && pos(m[i.amount]))) {
    out.push({ label: L.electrical, field: "electrical_work_needed" });
  }
  if (m.stump_removal && !pos(m.stump_removal_count)) {
    out.push({ label: L.stumps, field: "stump_removal_count" });
  }
  if (m.demolition_pavement && !pos(m.demolition_pavement_length)) {
    out.push({ label: L.pavement, field: "demolition_pavement_length" });
  }
  if (m.concrete_demolition && !pos(m.concrete_demolition_area)) {
    out.push({ label: L.concrete, field: "concrete_demolition_area" });
  }
  return out;
}

/** Progress in percent (spec/3 §4): the share of the three required fields filled. */
export function progressOf(config: FormConfig, values: FormValues): number {
  const filledNumber = (v: unknown) =>
    typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v.trim().replace(",", ".")));
  let filled = 0;
  if (findModelId(modelIndex(config), values.septic_model)) filled++;
  if (filledNumber(values.residents_count)) filled++;
  if (filledNumber(values.installation_depth)) filled++;
  return Math.round((filled * 100) / 3);
}

const indexCache = new WeakMap<FormConfig, Map<string, string>>();
function modelIndex(config: FormConfig): Map<string, string> {
  let index = indexCache.get(config);
  if (!index) {
    index = new Map();
    for (const m of config.models) {
      index.set(m.id, m.id);
      index.set(normalizeName(m.name), m.id);
    }
    indexCache.set(config, index);
  }
  return index;
}

function normalizeName(s: string): string {
  return s.trim().toLowerCase().replaceAll("ё", "е").replace(/[\s_]+/g, " ").replace(/\s*-\s*/g, "-");
}

function findModelId(index: Map<string, string>, v: unknown): string | undefined {
  if (typeof v !== "string" || !v) return undefined;
  return index.get(v) ?? index.get(v.trim().toLowerCase()) ?? index.get(normalizeName(v));
}

/** The model of the form's value, or undefined. */
export function modelOf(config: FormConfig, value: unknown): ModelInfo | undefined {
  const id = findModelId(modelIndex(config), value);
  return id ? config.models.find((m) => m.id === id) : undefined;
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
