/**
 * The measurement document (spec/3 §3): the object block, the work type and the measurements of
 * `fields.ts`. Here are the strict validator (also wrapped as a zod 4 schema for the server), the JSON Schema
 * printed by `estimate schema`, and the data-driven form description, whose labels and units come from
 * the price list.
 *
 * Input is lenient the way a form is (see `fields.ts`); anything else that is not valid is an issue naming
 * the field (`measurements.residents_count`). Unknown fields are ignored (the estimate lists them in its
 * warnings).
 *
 * This module imports zod and the price list: islands import `form.ts` instead.
 *
 * @module
 */

import { z } from "zod";
import {
  accessDifficulties,
  manualDistances,
  pipeExitDiameters,
  pumpTypes,
  seasons,
  soilTypes,
  workTypeValues,
} from "./enums.ts";
import { distanceFromMkadRule, wholeKm, type WorkType } from "./enums.ts";
import { brands } from "./catalogue/names.ts";
import { defaultPriceList } from "./price_list.ts";
import {
  buildMeasurements,
  type EnumSpec,
  type FieldProblem,
  type FieldSpec,
  type FormField,
  type FormSection,
  itemFields,
  type ItemGroup,
  measurementFieldNames,
  measurementFieldSpecs,
  type Measurements,
  type MeasurementsInput,
  type NumberSpec,
  parseField,
  type Problem,
  type TextSpec,
} from "./fields.ts";
import { fastReader } from "./fast.ts";
import { readWorkFields, workFieldSpecs, workTypeModules } from "./work_types/mod.ts";

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
  /** Several work types priced together (one section per work type), when given; else `workType` alone. */
  workTypes?: WorkType[];
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
  /** Several work-type codes priced together. */
  workTypes?: (WorkType | string)[] | null;
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

/** The result of {@link parseMeasurementDocument}. */
export type ParseResult =
  | { ok: true; value: MeasurementDocument; unknownFields: string[] }
  | { ok: false; issues: InputIssue[] };

/** A validation problem: the dotted field path and a Russian message. */
export interface InputIssue {
  /** Dotted field path, e.g. `measurements.residents_count`. */
  path: string;
  /** Russian message. */
  message: string;
}

/**
 * A value quoted for a message, cut to 60 characters.
 *
 * @example
 * ```ts
 * import { quote } from "./measurement.ts";
 * if (quote("abc") !== '"abc"' || quote(5) !== "5") throw new Error("quote");
 * ```
 */
export const quote = (v: unknown): string => {
  if (typeof v === "string") return `"${v.length > 60 ? v.slice(0, 60) + "…" : v}"`;
  if (v === undefined) return "undefined";
  // JSON.parse reads a number too large for a double (1e400) as Infinity, which JSON.stringify writes as null.
  if (typeof v === "number" && !Number.isFinite(v)) return String(v);
  try {
    const s = JSON.stringify(v);
    return s.length > 60 ? s.slice(0, 60) + "…" : s;
  } catch {
    return String(v);
  }
};

/** A number JSON.parse could not hold (1e400 reads as Infinity). */
const isOutOfRange = (v: unknown) => typeof v === "number" && !Number.isFinite(v);
const OUT_OF_RANGE = "число вне допустимого диапазона";

/**
 * The Russian message of a field's problem, as the validator reports it.
 *
 * @example
 * ```ts
 * import { problemMessage } from "./measurement.ts";
 * import { measurementFieldSpecs } from "./fields.ts";
 * const text = problemMessage(measurementFieldSpecs.residents_count, 25, "max");
 * if (text !== "должно быть не больше 20, получено 25") throw new Error(text);
 * ```
 */
export function problemMessage(spec: FieldSpec, raw: unknown, problem: Problem): string {
  switch (problem) {
    case "number":
      if (isOutOfRange(raw)) {
        if (spec.kind !== "int" && spec.kind !== "dec") return OUT_OF_RANGE;
        return `${OUT_OF_RANGE} (допустимо от ${spec.min} до ${spec.max})`;
      }
      return `ожидается число, получено ${quote(raw)}`;
    case "integer":
      return `ожидается целое число, получено ${quote(raw)}`;
    case "min":
      return `должно быть не меньше ${(spec as NumberSpec).min}, получено ${quote(raw)}`;
    case "max":
      return `должно быть не больше ${(spec as NumberSpec).max}, получено ${quote(raw)}`;
    case "boolean":
      return `ожидается true или false, получено ${quote(raw)}`;
    case "choice":
      return `допустимые значения: ${(spec as EnumSpec).values.join(", ")}; получено ${quote(raw)}`;
    case "text":
      return `ожидается строка, получено ${quote(raw)}`;
    case "length":
      return `не длиннее ${(spec as TextSpec).max} символов`;
  }
}

const knownFields = new Set([...measurementFieldNames, ...Object.keys(workFieldSpecs)]);
/** How many work types one document may price together. */
const MAX_WORK_TYPES = 5;
const specEntries = Object.entries(measurementFieldSpecs) as [string, FieldSpec][];

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** The object's text fields and the distance, read the way the measurement fields are (built once). */
const objectTextSpecs: readonly (readonly ["address" | "clientName" | "clientPhone", TextSpec])[] = [
  ["address", { kind: "text", def: "", max: 500 }],
  ["clientName", { kind: "text", def: "", max: 200 }],
  ["clientPhone", { kind: "text", def: "", max: 50 }],
];
const distanceSpec: NumberSpec = { kind: "dec", def: 0, ...distanceFromMkadRule };

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
        message: isOutOfRange(objectId)
          ? OUT_OF_RANGE
          : `ожидается id объекта (строка или целое число), получено ${quote(objectId)}`,
      });
    }
  }
  const workType = parseField(workTypeSpec, input.workType);
  if (workType.ok) doc.workType = workType.value as WorkType;
  else {issues.push({
      path: "workType",
      message: problemMessage(workTypeSpec, input.workType, workType.problem),
    });}

  const many = input.workTypes;
  if (many !== undefined && many !== null) {
    if (!Array.isArray(many) || many.length > MAX_WORK_TYPES) {
      issues.push({
        path: "workTypes",
        message: `ожидается список до ${MAX_WORK_TYPES} видов работ, получено ${quote(many)}`,
      });
    } else {
      const list: WorkType[] = [];
      many.forEach((w, i) => {
        const r = parseField(workTypeSpec, w);
        if (!r.ok || w === "" || w === null) {
          issues.push({ path: `workTypes.${i}`, message: problemMessage(workTypeSpec, w, "choice") });
        } else if (!list.includes(r.value as WorkType)) list.push(r.value as WorkType);
      });
      if (list.length > 0) doc.workTypes = list;
    }
  }

  const number = input.estimateNumber;
  if (number !== undefined && number !== null && number !== "") {
    if ((typeof number === "string" && number.trim().length <= 50) || Number.isFinite(number)) {
      doc.estimateNumber = String(number).trim();
    } else {
      issues.push({
        path: "estimateNumber",
        message: isOutOfRange(number)
          ? OUT_OF_RANGE
          : `ожидается строка до 50 символов, получено ${quote(number)}`,
      });
    }
  }

  const object = input.object;
  if (object !== undefined && object !== null) {
    if (!isPlainObject(object)) {
      issues.push({ path: "object", message: `ожидается объект, получено ${quote(object)}` });
    } else {
      const info: Partial<ObjectInfo> = {};
      for (const [key, spec] of objectTextSpecs) {
        const r = parseField(spec, object[key]);
        if (r.ok) info[key] = r.value as string;
        else issues.push({ path: `object.${key}`, message: problemMessage(spec, object[key], r.problem) });
      }
      const d = object.distanceFromMKAD;
      if (d !== undefined && d !== null && d !== "") {
        const spec = distanceSpec;
        const r = parseField(spec, d);
        if (r.ok) info.distanceFromMKAD = wholeKm(r.value as number);
        else issues.push({ path: "object.distanceFromMKAD", message: problemMessage(spec, d, r.problem) });
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
    const problems: FieldProblem[] = [];
    const out = buildMeasurements(m, problems, fastReader());
    readWorkFields(m, out as unknown as Record<string, unknown>, problems);
    for (const key in m) if (!knownFields.has(key)) unknownFields.push(key);
    for (const p of problems) {
      issues.push({ path: `measurements.${p.field}`, message: problemMessage(p.spec, p.raw, p.problem) });
    }
    if (problems.length === 0) doc.measurements = out;
  }
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, value: doc as MeasurementDocument, unknownFields };
}

const workTypeSpec: EnumSpec = { kind: "enum", def: "autonomous_sewage", values: workTypeValues };

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
  for (const w of Object.values(workTypeModules)) {
    for (const section of w.sections) {
      for (const f of section.fields) {
        labels.set(f.name, `${w.title}: ${f.unit ? `${f.label}, ${f.unit}` : f.label}`);
      }
    }
  }
  const props: Record<string, unknown> = {};
  for (const [name, spec] of [...specEntries, ...Object.entries(workFieldSpecs)]) {
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
      "Тело POST /api/estimates/generate и входной файл CLI `estimate generate`. Поля measurements — spec/3 §3.1 " +
      "(станция; модель септика — id из `catalogue list --json`, например topas-5) и поля видов работ с " +
      "приставками well_ (скважина), ws_ (водопровод), dr_ (дренаж), sw_ (наружная канализация).",
    type: "object",
    properties: {
      objectId: {
        anyOf: [{ type: "string", maxLength: 100 }, { type: "integer" }],
        description: "id объекта",
      },
      workType: {
        ...specJsonSchema(workTypeSpec),
        description:
          "Вид работ: скважина (well_drilling, well_equipment, drilling), водопровод (water_supply), дренаж " +
          "(drainage), наружная канализация (sewage_system), иначе станция (autonomous_sewage и прочие)",
      },
      workTypes: {
        type: "array",
        maxItems: MAX_WORK_TYPES,
        items: { type: "string", enum: [...workTypeSpec.values] },
        description: "Несколько видов работ одной сметой, по разделу на вид работ (иначе — только workType)",
      },
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
          distanceFromMKAD: {
            type: "number",
            minimum: distanceFromMkadRule.min,
            maximum: distanceFromMkadRule.max,
            description: "Расстояние от МКАД, км; дробное округляется до целого (41,5 → 42)",
          },
          clientName: { type: "string", maxLength: 200, description: "Клиент" },
          clientPhone: { type: "string", maxLength: 50, description: "Телефон клиента" },
        },
      },
      measurements: { type: "object", description: "Замеры (spec/3 §3.1)", properties: props },
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The form description (its types are in fields.ts)

const unitOf = (code: string) => defaultPriceList.find((i) => i.code === code)?.unit ?? "шт";
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
 * A form field of a checkbox or a measured number, its kind, default and minimum read from its descriptor
 * in `measurementFieldSpecs` (fields.ts), so the form never restates them; `extra` adds the unit, a step
 * other than the kind's (1 for a count, 0.1 for a measure), a maximum, the flag that reveals the field and
 * the article it is priced by.
 */
function specField(
  name: keyof typeof measurementFieldSpecs,
  label: string,
  extra: Omit<Partial<FormField>, "name" | "label" | "kind"> = {},
): FormField {
  const spec: FieldSpec = measurementFieldSpecs[name];
  if (spec.kind === "bool") return { name, label, kind: "boolean", default: spec.def, ...extra };
  if (spec.kind !== "int" && spec.kind !== "dec") throw new Error(`${name}: not a number or a checkbox`);
  const integer = spec.kind === "int";
  const kind = integer ? "integer" : "decimal";
  return { name, label, kind, default: spec.def, min: spec.min, step: integer ? 1 : 0.1, ...extra };
}

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
      specField("residents_count", "Количество проживающих", {
        unit: "чел.",
        min: 1,
        max: 20,
        required: true,
      }),
    ],
  },
  {
    id: "site",
    title: "Данные участка",
    fields: [
      specField("installation_depth", "Глубина установки", { unit: "м", max: 6, required: true }),
      specField("groundwater_level", "Уровень грунтовых вод (глубина, 0 — не обнаружены)", { unit: "м" }),
      { name: "soil_type", label: "Тип грунта", kind: "select", default: "mixed", options: opts(soilTypes) },
      {
        name: "access_difficulty",
        label: "Сложность подъезда",
        kind: "select",
        default: "medium",
        options: opts(accessDifficulties),
      },
      specField(
        "distance_to_house",
        "Расстояние от станции до дома (подводящая труба не короче; не ближе 5 м)",
        {
          unit: "м",
          step: 1,
        },
      ),
      specField("inlet_pipe_length", "Длина подводящей трубы", { unit: "м", step: 1 }),
      specField("outlet_pipe_length", "Длина отводящей трубы", { unit: "м", step: 1 }),
      specField("inlet_turns", "Количество поворотов трассы подводящей трубы", { unit: "шт", max: 20 }),
      specField("outlet_turns", "Количество поворотов трассы отводящей трубы", { unit: "шт", max: 20 }),
      {
        name: "pipe_exit_diameter",
        label: "Диаметр выпуска из дома",
        kind: "select",
        unit: "мм",
        default: "110",
        options: opts(pipeExitDiameters),
      },
      specField("pipe_exit_depth", "Глубина выхода трубы из дома (0 — не измерена)", {
        unit: "м",
        max: 6,
        step: 0.05,
      }),
      { name: "has_basement", label: "Есть подвал", kind: "boolean", default: false },
      { name: "has_electricity", label: "Есть электричество на участке", kind: "boolean", default: true },
      { name: "winter_conditions", label: "Зимние условия работ", kind: "boolean", default: false },
      { name: "season", label: "Сезон работ", kind: "select", default: "auto", options: opts(seasons) },
    ],
  },
  {
    id: "extra",
    title: "Дополнительные замеры",
    fields: [
      specField("foundation_depth", "Глубина фундамента", { unit: "см" }),
      specField("foundation_width", "Толщина фундамента", { unit: "см" }),
      specField("ceiling_height", "Высота потолка подвала (по ней — глубина выпуска, если не измерена)", {
        unit: "см",
      }),
      { name: "need_insulation", label: "Требуется утепление трубопровода", kind: "boolean", default: false },
      specField("insulation_length", "Длина утепления", {
        unit: "м",
        step: 1,
        revealedBy: "need_insulation",
        code: "А021",
      }),
      { name: "need_drainage", label: "Требуется дренаж", kind: "boolean", default: false },
      specField("drainage_length", "Длина дренажа", {
        unit: "м",
        step: 1,
        revealedBy: "need_drainage",
        code: "А026",
      }),
      specField("need_pumping", "Требуется насос (принудительный отвод)"),
      {
        name: "pump_type",
        label: "Тип насоса",
        kind: "select",
        default: "kp150",
        options: opts(pumpTypes),
        revealedBy: "need_pumping",
      },
      specField("foundation_drilling", "Бурение отверстий в фундаменте"),
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
      specField("electrical_work_needed", "Требуются электромонтажные работы"),
      specField("cable_length", "Кабель питания от дома до станции", {
        unit: "м",
        step: 1,
        revealedBy: "electrical_work_needed",
        code: "А040",
      }),
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
      specField("demolition_old_septic", "Демонтаж старого септика", { revealedBy: "demolition_work" }),
      specField("demolition_septic_volume", "Объем старого септика", {
        unit: "м³",
        revealedBy: "demolition_old_septic",
        code: "А048",
      }),
      specField("stump_removal", "Корчевание пней", { revealedBy: "demolition_work" }),
      specField("stump_removal_count", "Количество пней", {
        unit: "шт",
        revealedBy: "stump_removal",
        code: "А050",
      }),
      specField("demolition_pavement", "Демонтаж тротуарной плитки", { revealedBy: "demolition_work" }),
      specField("demolition_pavement_length", "Длина демонтажа тротуарной плитки", {
        unit: "м",
        revealedBy: "demolition_pavement",
        code: "А051",
      }),
      specField("concrete_demolition", "Демонтаж бетонного покрытия", { revealedBy: "demolition_work" }),
      specField("concrete_demolition_area", "Площадь демонтажа бетона", {
        unit: "м²",
        revealedBy: "concrete_demolition",
        code: "А052",
      }),
      specField("demolition_asphalt_area", "Площадь демонтажа асфальта", {
        unit: "м²",
        revealedBy: "demolition_work",
        code: "А053",
      }),
      specField("demolition_ring_1000_count", "Ж/б кольца Ø1000 мм", {
        unit: "шт",
        revealedBy: "demolition_work",
        code: "А054",
      }),
      specField("demolition_ring_1500_count", "Ж/б кольца Ø1500 мм", {
        unit: "шт",
        revealedBy: "demolition_work",
        code: "А055",
      }),
      specField("demolition_ring_2000_count", "Ж/б кольца Ø2000 мм", {
        unit: "шт",
        revealedBy: "demolition_work",
        code: "А056",
      }),
      specField("demolition_rings_reinforced", "Кольца армированные", {
        revealedBy: "demolition_work",
        code: "А057",
      }),
      specField("demolition_well_ring_count", "Бетонный колодец: кольца", {
        unit: "шт",
        revealedBy: "demolition_work",
        code: "А060",
      }),
      specField("demolition_well_cover_count", "Бетонный колодец: крышки", {
        unit: "шт",
        revealedBy: "demolition_work",
        code: "А058",
      }),
      specField("demolition_well_piercing_count", "Бетонный колодец: пробивка отверстий", {
        unit: "шт",
        revealedBy: "demolition_work",
        code: "А059",
      }),
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
      specField("miscellaneous_work", "Требуются прочие работы и оборудование"),
      ...itemFormFields("misc", "miscellaneous_work"),
      specField("misc_a122_quantity", "Песок для обратной засыпки (0 — по расчёту)", {
        unit: "м³",
        code: "А122",
      }),
    ],
  },
  {
    id: "machinery",
    title: "Спецтехника и транспорт",
    flag: "machinery_work",
    fields: [
      { name: "machinery_work", label: "Требуется спецтехника и транспорт", kind: "boolean", default: false },
      specField("need_excavator", "Экскаватор-погрузчик", { revealedBy: "machinery_work", code: "А133" }),
      specField("need_crane", "Кран-манипулятор", { revealedBy: "machinery_work", code: "А135" }),
      specField("soil_removal", "Вывоз грунта", { revealedBy: "machinery_work", code: "А136" }),
      specField("soil_volume", "Объем вывоза грунта (0 — весь котлован)", {
        unit: "м³",
        revealedBy: "soil_removal",
      }),
      specField("sand_delivery", "Доставка песка", { revealedBy: "machinery_work", code: "А137" }),
      specField("sand_volume", "Объем песка (0 — по расчёту)", { unit: "м³", revealedBy: "sand_delivery" }),
      specField("water_delivery", "Доставка воды для запуска станции", {
        revealedBy: "machinery_work",
        code: "А138",
      }),
      {
        name: "manual_distance",
        label: "Ручной перенос станции",
        kind: "select",
        default: "",
        options: opts(manualDistances),
        revealedBy: "machinery_work",
      },
      specField("winter_work", "Зимние работы", { revealedBy: "machinery_work" }),
    ],
  },
  {
    id: "notes",
    title: "Заметки",
    fields: [{ name: "additional_notes", label: "Дополнительные заметки", kind: "textarea", default: "" }],
  },
];
