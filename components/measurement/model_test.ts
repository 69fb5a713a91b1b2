import assert from "node:assert/strict";
import {
  catalogue,
  defaultMeasurements,
  formConfig,
  missingItems,
  progressPercent,
} from "../../estimating/mod.ts";
import {
  defaultValues,
  type FormValues,
  fromMeasurements,
  missingOf,
  modelOf,
  progressOf,
  toMeasurements,
} from "./model.ts";

// The reading, the missing items and the progress are the engine's own code (estimating/form.ts); these
// tests check the glue: the form's strings, and the models the server sends in place of the catalogue.
const config = formConfig();

Deno.test("the form knows a model by the same ids and names as the server's catalogue", () => {
  assert.equal(config.models.length, catalogue.length);
  for (const m of catalogue) {
    for (const value of [m.id, m.model, m.model.toUpperCase(), m.id.toUpperCase()]) {
      assert.equal(modelOf(config, value)?.id, m.id, value);
    }
  }
  assert.equal(modelOf(config, "С1"), undefined);
  assert.equal(modelOf(config, ""), undefined);
});

Deno.test("the form lists the missing items and the progress the server computes for the same values", () => {
  const cases: FormValues[] = [
    defaultValues(),
    { ...defaultValues(), septic_model: "Топас 5", residents_count: "abc", installation_depth: "" },
    { ...defaultValues(), septic_model: "С1", need_drainage: true, drainage_length: "0" },
    {
      ...defaultValues(),
      septic_model: "topas-5",
      electrical_work_needed: true,
      elect_a038: true,
      elect_a038_quantity: "2,5",
      demolition_work: true,
      demolition_description: "  ",
    },
    { ...defaultValues(), septic_model: "topas-5", foundation_drilling: true, drilling_holes_300: "1" },
  ];
  for (const values of cases) {
    const label = JSON.stringify(values);
    assert.deepEqual(
      missingOf(config, toMeasurements(values)).map((m) => m.label),
      missingItems(values),
      label,
    );
    assert.equal(progressOf(config, values), progressPercent(values), label);
  }
  // A whole count typed as "2,5" reads as 0, as on the server.
  assert.deepEqual(missingOf(config, toMeasurements(cases[3])).map((m) => m.field), [
    "demolition_description",
    "electrical_work_needed",
  ]);
});

Deno.test("the form starts from the engine's defaults, and values survive stored measurements", () => {
  assert.deepEqual(toMeasurements(defaultValues()), { ...defaultMeasurements() });
  const values: FormValues = { ...defaultValues(), septic_model: "topas-5", residents_count: "6" };
  values.need_drainage = true;
  values.drainage_length = "12,5";
  const m = toMeasurements(values);
  assert.equal(m.drainage_length, 12.5);
  assert.equal(m.residents_count, 6);
  const back = fromMeasurements(m);
  assert.equal(back.drainage_length, "12.5");
  assert.equal(back.need_drainage, true);
  assert.deepEqual(toMeasurements(back), m);
});
