import assert from "node:assert/strict";
import { missingItems, progressPercent } from "../../estimating/mod.ts";
import { formConfig } from "../../server/api/measurements.ts";
import {
  defaultValues,
  type FormValues,
  fromMeasurements,
  missingOf,
  progressOf,
  toMeasurements,
} from "./model.ts";

const config = formConfig();

// A small deterministic generator (mulberry32).
function rng(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const fields = [
  "septic_model",
  "residents_count",
  "installation_depth",
  "inlet_pipe_length",
  "outlet_pipe_length",
  "foundation_drilling",
  "drilling_holes_110",
  "drilling_holes_300",
  "need_insulation",
  "insulation_length",
  "need_drainage",
  "drainage_length",
  "demolition_work",
  "demolition_description",
  "demolition_old_septic",
  "demolition_septic_volume",
  "electrical_work_needed",
  "elect_a038",
  "elect_a038_quantity",
  "elect_a039",
  "elect_a039_length",
  "stump_removal",
  "stump_removal_count",
  "demolition_pavement",
  "demolition_pavement_length",
  "concrete_demolition",
  "concrete_demolition_area",
];
// What the form holds: strings as typed, booleans from checkboxes (and numbers, as stored records give).
const pool: unknown[] = [
  "",
  "0",
  "abc",
  "3",
  "2,5",
  " 7 ",
  0,
  1,
  4.5,
  25,
  -1,
  1e9,
  true,
  false,
  "true",
  "on",
  "нет",
  "topas-5",
  "Топас 5",
  "С1",
  "описание",
];

Deno.test("missingOf() lists what the engine's missingItems() lists, for anything typed into the form", () => {
  const next = rng(42);
  for (let n = 0; n < 3000; n++) {
    // The form holds every field (its defaults until changed), whatever was typed into each.
    const raw: Record<string, unknown> = { ...defaultValues(config) };
    for (const f of fields) if (next() < 0.6) raw[f] = pool[Math.floor(next() * pool.length)];
    const mine = missingOf(config, toMeasurements(config, raw as FormValues)).map((m) => m.label);
    assert.deepEqual(mine, missingItems(raw), JSON.stringify(raw));
  }
});

Deno.test("progressOf() equals the engine's progressPercent() for the form's values", () => {
  const values = defaultValues(config);
  assert.equal(progressOf(config, values), progressPercent(values));
  values.septic_model = "topas-5";
  assert.equal(progressOf(config, values), 100);
  values.residents_count = "";
  assert.equal(progressOf(config, values), progressPercent(values));
  values.installation_depth = "abc";
  assert.equal(progressOf(config, values), progressPercent(values));
});

Deno.test("form values survive the round trip through stored measurements", () => {
  const values: FormValues = { ...defaultValues(config), septic_model: "topas-5", residents_count: "6" };
  values.need_drainage = true;
  values.drainage_length = "12,5";
  const m = toMeasurements(config, values);
  assert.equal(m.drainage_length, 12.5);
  assert.equal(m.residents_count, 6);
  const back = fromMeasurements(config, m);
  assert.equal(back.drainage_length, "12.5");
  assert.equal(back.need_drainage, true);
  assert.deepEqual(toMeasurements(config, back), m);
});
