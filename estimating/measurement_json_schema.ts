/**
 * The JSON Schema of the measurement document, printed by `estimate schema`.
 *
 * @module
 */
import { distanceFromMkadRule } from "./enums.ts";
import { type FieldSpec, measurementFieldSpecs } from "./fields.ts";
import { workFieldSpecs, workTypeModules } from "./work_types/mod.ts";
import { MAX_WORK_TYPES, workTypeSpec } from "./measurement.ts";
import { measurementFormSections } from "./measurement_form_sections.ts";

const specEntries = Object.entries(measurementFieldSpecs) as [string, FieldSpec][];

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
 * import { measurementJsonSchema } from "./measurement_json_schema.ts";
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
      "Тело POST /api/estimates/generate и входной файл CLI `estimate generate`. Поля measurements — поля формы замера " +
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
      measurements: { type: "object", description: "Замеры: поля формы замера", properties: props },
    },
  };
}
