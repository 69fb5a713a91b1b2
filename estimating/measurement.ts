/**
 * The measurement document (the estimating spec's «Entities and their fields»): the object block, the work
 * type and the measurements of
 * `fields.ts`, and its strict validator. The validator's zod 4 wrapper is in `measurement_schema.ts`, the JSON
 * Schema printed by `estimate schema` in `measurement_json_schema.ts`, the data-driven form description in
 * `measurement_form_sections.ts`.
 *
 * Input is lenient the way a form is (see `fields.ts`); anything else that is not valid is an issue naming
 * the field (`measurements.residents_count`). Unknown fields are ignored (the estimate lists them in its
 * warnings).
 *
 * @module
 */
import { workTypeValues } from "./enums.ts";
import { distanceFromMkadRule, wholeKm, type WorkType } from "./enums.ts";
import {
  buildMeasurements,
  type EnumSpec,
  type FieldProblem,
  type FieldSpec,
  measurementFieldNames,
  type Measurements,
  type MeasurementsInput,
  type NumberSpec,
  parseField,
  type Problem,
  type TextSpec,
} from "./fields.ts";
import { fastReader } from "./fast.ts";
import { readWorkFields, workFieldSpecs } from "./work_types/mod.ts";

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
  /** The measurements of the estimating spec's «Measurement form fields». */
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
  /** The measurements of the estimating spec's «Measurement form fields». */
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
/**
 * How many work types one document may price together.
 *
 * @example
 * ```ts
 * import { MAX_WORK_TYPES, parseMeasurementDocument } from "./measurement.ts";
 * const workTypes = ["well", "water_supply", "drainage", "sewage_external", "autonomous_sewage", "well"];
 * if (workTypes.length <= MAX_WORK_TYPES) throw new Error("the example needs one too many");
 * if (parseMeasurementDocument({ workTypes, measurements: {} }).ok) throw new Error("accepted");
 * ```
 */
export const MAX_WORK_TYPES = 5;

/**
 * The work type field of a document: one of the work types, autonomous sewage when absent.
 *
 * @example
 * ```ts
 * import { workTypeSpec } from "./measurement.ts";
 * if (workTypeSpec.def !== "autonomous_sewage") throw new Error(workTypeSpec.def);
 * ```
 */
export const workTypeSpec: EnumSpec = { kind: "enum", def: "autonomous_sewage", values: workTypeValues };

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
 * `unknownFields` lists measurement fields that are not in the estimating spec's «Measurement form fields»
 * (they are ignored).
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
