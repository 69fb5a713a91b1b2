import assert from "node:assert/strict";
import { workFieldSpecs } from "./work_types/mod.ts";
import {
  defaultMeasurements,
  itemFields,
  lenientMeasurements,
  measurementFieldNames,
  passThroughFields,
} from "./fields.ts";
import { measurementDocumentSchema } from "./measurement_schema.ts";
import { measurementFormSections } from "./measurement_form_sections.ts";
import { measurementJsonSchema } from "./measurement_json_schema.ts";
import { parseMeasurementDocument } from "./measurement.ts";

Deno.test("measurement document defaults follow the estimating spec's «Measurement form fields»", () => {
  const doc = measurementDocumentSchema.parse({});
  assert.equal(doc.workType, "autonomous_sewage");
  const m = doc.measurements;
  assert.equal(m.septic_model, "");
  assert.equal(m.residents_count, 4);
  assert.equal(m.installation_depth, 2.5);
  assert.equal(m.groundwater_level, 1.5);
  assert.equal(m.soil_type, "mixed");
  assert.equal(m.access_difficulty, "medium");
  assert.equal(m.distance_to_house, 10);
  assert.equal(m.inlet_pipe_length, 5);
  assert.equal(m.outlet_pipe_length, 5);
  assert.equal(m.has_basement, false);
  assert.equal(m.has_electricity, true);
  assert.equal(m.foundation_depth, 150);
  assert.equal(m.foundation_width, 40);
  assert.equal(m.ceiling_height, 200);
  assert.equal(m.pipe_exit_diameter, "110");
  assert.equal(m.pump_type, "kp150");
  assert.equal(m.need_insulation, false);
  assert.equal(m.pipe_a001, false);
  assert.equal(m.pipe_a001_length, 0);
  assert.equal(m.winter_conditions, false);
  assert.equal(m.additional_notes, "");
  assert.deepEqual({ ...defaultMeasurements() }, { ...m });
});

Deno.test("measurement document accepts form-style values: numeric strings, 'on', sand, null", () => {
  const doc = measurementDocumentSchema.parse({
    objectId: 17,
    measurements: {
      residents_count: "6",
      installation_depth: "3,5",
      soil_type: "sand",
      pipe_a002: "on",
      pipe_a002_length: " 12.5 ",
      need_pumping: "true",
      pump_type: "KP250",
      pipe_exit_diameter: 160,
      groundwater_level: null,
      elect_a038: 1,
    },
  });
  const m = doc.measurements;
  assert.equal(doc.objectId, 17);
  assert.equal(m.residents_count, 6);
  assert.equal(m.installation_depth, 3.5);
  assert.equal(m.soil_type, "sandy");
  assert.equal(m.pipe_a002, true);
  assert.equal(m.pipe_a002_length, 12.5);
  assert.equal(m.need_pumping, true);
  assert.equal(m.pump_type, "kp250");
  assert.equal(m.pipe_exit_diameter, "160");
  assert.equal(m.groundwater_level, 1.5);
  assert.equal(m.elect_a038, true);
});

Deno.test("measurement document rejects invalid values and names each field", () => {
  const r = parseMeasurementDocument({
    workType: "spaceship",
    object: { distanceFromMKAD: "далеко" },
    measurements: {
      residents_count: 25,
      installation_depth: "abc",
      soil_type: "lava",
      elect_a038_quantity: 1.5,
      need_drainage: "maybe",
      inlet_pipe_length: -3,
    },
  });
  assert.equal(r.ok, false);
  if (r.ok) return;
  const paths = r.issues.map((i) => i.path);
  assert.deepEqual(paths, [
    "workType",
    "object.distanceFromMKAD",
    "measurements.residents_count",
    "measurements.installation_depth",
    "measurements.soil_type",
    "measurements.inlet_pipe_length",
    "measurements.need_drainage",
    "measurements.elect_a038_quantity",
  ]);
  assert.match(r.issues[2].message, /не больше 20/);
  assert.match(r.issues[3].message, /ожидается число, получено "abc"/);
  assert.match(r.issues[4].message, /sandy, clay, loam, rocky, mixed, peat, landfill/);
  const z = measurementDocumentSchema.safeParse({ measurements: { residents_count: "x" } });
  assert.equal(z.success, false);
  assert.deepEqual(z.error?.issues[0].path, ["measurements", "residents_count"]);
  assert.equal(parseMeasurementDocument([]).ok, false);
  assert.equal(parseMeasurementDocument({ measurements: 5 }).ok, false);
});

Deno.test("measurement document reports unknown fields and keeps pass-through fields", () => {
  const r = parseMeasurementDocument({
    measurements: { septic_model: "topas-5", colour: "green", photos: ["a.jpg"] },
  });
  assert.ok(r.ok);
  if (!r.ok) return;
  assert.deepEqual(r.unknownFields, ["colour"]);
  assert.deepEqual(r.value.measurements.photos, ["a.jpg"]);
  assert.equal("colour" in r.value.measurements, false);
});

Deno.test("lenientMeasurements() reads invalid values as the form does: 0, false or the default", () => {
  const m = lenientMeasurements({
    residents_count: "abc",
    need_drainage: "x",
    soil_type: "lava",
    installation_depth: -1,
  });
  assert.equal(m.residents_count, 0);
  assert.equal(m.need_drainage, false);
  assert.equal(m.soil_type, "mixed");
  assert.equal(m.installation_depth, 0);
});

Deno.test("JSON Schema describes every field with its type, default and label", () => {
  const schema = measurementJsonSchema() as {
    properties: { measurements: { properties: Record<string, Record<string, unknown>> } };
  };
  const props = schema.properties.measurements.properties;
  assert.deepEqual(Object.keys(props), [...measurementFieldNames, ...Object.keys(workFieldSpecs)]);
  assert.deepEqual(props.well_type, {
    type: "string",
    enum: ["sand", "artesian"],
    default: "sand",
    description: "Скважина: Тип скважины",
  });
  assert.deepEqual(props.residents_count, {
    type: "integer",
    minimum: 0,
    maximum: 20,
    default: 4,
    description: "Количество проживающих, чел.",
  });
  assert.deepEqual(props.soil_type.enum, ["sandy", "clay", "loam", "rocky", "mixed", "peat", "landfill"]);
  assert.deepEqual(props.access_difficulty.enum, ["easy", "medium", "difficult", "very_difficult"]);
  assert.deepEqual(props.pump_type.enum, ["kp150", "kp250"]);
  assert.deepEqual(props.manual_distance.enum, ["", "10-20", "20-50", "до-20", "до-50"]);
  JSON.stringify(schema);
});

Deno.test("form sections list every field once, in the nine sections of the estimating spec's «Site-work dialog», with valid reveal flags", () => {
  const titles = measurementFormSections.map((s) => s.title);
  assert.deepEqual(titles.slice(0, 9), [
    "Основные параметры объекта",
    "Данные участка",
    "Дополнительные замеры",
    "Прокладка труб",
    "Электромонтажные работы",
    "Демонтаж",
    "Алмазное бурение и проколы",
    "Прочие работы и оборудование",
    "Спецтехника и транспорт",
  ]);
  const names = measurementFormSections.flatMap((s) => s.fields.map((f) => f.name));
  assert.equal(new Set(names).size, names.length);
  assert.deepEqual(
    new Set(names),
    new Set(measurementFieldNames.filter((n) => !passThroughFields.includes(n))),
  );
  const defaults = defaultMeasurements() as unknown as Record<string, unknown>;
  for (const section of measurementFormSections) {
    for (const f of section.fields) {
      if (f.revealedBy) assert.equal(typeof defaults[f.revealedBy], "boolean", `${f.name} ← ${f.revealedBy}`);
      assert.deepEqual(f.default, defaults[f.name], f.name);
    }
  }
  // An item's amount is revealed by its own checkbox.
  for (const item of itemFields) {
    const field = measurementFormSections.flatMap((s) => s.fields).find((f) => f.name === item.amount)!;
    if (item.flag) assert.equal(field.revealedBy, item.flag, item.amount);
  }
});

Deno.test("an item's absent checkbox is implied by a positive amount; an explicit false is kept", () => {
  const r = parseMeasurementDocument({
    measurements: {
      elect_a038_quantity: 2,
      insulation_length: 5,
      pump_type: "kp250",
      pipe_a001: false,
      pipe_a001_length: 7,
      drainage_length: 0,
    },
  });
  assert.ok(r.ok);
  if (!r.ok) return;
  const m = r.value.measurements;
  assert.equal(m.elect_a038, true);
  assert.equal(m.need_insulation, true);
  assert.equal(m.need_pumping, true);
  assert.equal(m.pipe_a001, false);
  assert.equal(m.need_drainage, false);
  assert.equal(defaultMeasurements().need_pumping, false);
});
