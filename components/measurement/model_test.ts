import assert from "node:assert/strict";
import {
  catalogue,
  defaultMeasurements,
  formConfig,
  missingItems,
  progressPercent,
  suggestedDefaultFields,
} from "../../estimating/mod.ts";
import {
  configForKinds,
  confirmedOfRecord,
  defaultValues,
  type FormValues,
  fromMeasurements,
  missingOf,
  modelOf,
  pricedByLengthsOf,
  progressOf,
  toMeasurements,
  unconfirmedOf,
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
  const all = Object.keys(suggestedDefaultFields);
  for (const values of cases) {
    for (const confirmed of [[], ["installation_depth"], all]) {
      const label = JSON.stringify({ values, confirmed });
      assert.deepEqual(
        missingOf(config, toMeasurements(values, confirmed)).map((m) => m.label),
        missingItems({ ...values, confirmed }),
        label,
      );
      assert.equal(progressOf(config, values, confirmed), progressPercent({ ...values, confirmed }), label);
    }
  }
  // A whole count typed as "2,5" reads as 0, as on the server.
  assert.deepEqual(missingOf(config, toMeasurements(cases[3], all)).map((m) => m.field), [
    "demolition_description",
    "electrical_work_needed",
  ]);
});

Deno.test("a form with only a model chosen is not complete until its defaults are confirmed", () => {
  const values: FormValues = { ...defaultValues(), septic_model: "topas-5" };
  assert.equal(values.installation_depth, "2,5");
  assert.equal(values.groundwater_level, "1,5");
  const fresh = toMeasurements(values, []);
  assert.ok(progressOf(config, values, []) < 100);
  assert.ok(missingOf(config, fresh).some((m) => m.field === "groundwater_level"));
  assert.ok(unconfirmedOf(fresh).has("installation_depth"));
  // Typing another value measures it; confirming the rest completes the form.
  const typed = toMeasurements({ ...values, installation_depth: "2,2" }, []);
  assert.ok(!unconfirmedOf(typed).has("installation_depth"));
  const all = Object.keys(suggestedDefaultFields);
  assert.equal(progressOf(config, values, all), 100);
  assert.deepEqual(missingOf(config, toMeasurements(values, all)), []);
  // A record saved before the list existed keeps its old meaning: every suggestion confirmed.
  assert.deepEqual(confirmedOfRecord({ septic_model: "topas-5" }), all);
  assert.deepEqual(confirmedOfRecord({ confirmed: ["soil_type"] }), ["soil_type"]);
});

Deno.test("the form starts from the engine's defaults, and values survive stored measurements", () => {
  assert.deepEqual(toMeasurements(defaultValues(), []), { ...defaultMeasurements(), confirmed: [] });
  const values: FormValues = { ...defaultValues(), septic_model: "topas-5", residents_count: "6" };
  values.need_drainage = true;
  values.drainage_length = "12,5";
  const m = toMeasurements(values, ["residents_count"]);
  assert.equal(m.drainage_length, 12.5);
  assert.equal(m.residents_count, 6);
  const back = fromMeasurements(m);
  assert.equal(back.drainage_length, "12,5");
  assert.equal(back.need_drainage, true);
  assert.deepEqual(toMeasurements(back, ["residents_count"]), m);
});

Deno.test("the form of a well reads the well's fields, lists its missing items and leaves the station out", () => {
  const config = configForKinds({ version: "1", sections: [], models: [] }, ["well"]);
  assert.deepEqual(config.sections.map((s) => s.id), ["well_drilling", "well_equipment", "season"]);
  const values: FormValues = { ...defaultValues(), well_depth: "0" };
  const m = toMeasurements(values, [], ["well"]) as unknown as Record<string, unknown>;
  assert.equal(m.well_depth, 0);
  assert.equal(m.ws_length, undefined);
  assert.deepEqual(missingOf(config, toMeasurements(values, [], ["well"])).map((i) => i.field), [
    "well_depth",
  ]);
  values.well_depth = "42,5";
  assert.deepEqual(missingOf(config, toMeasurements(values, [], ["well"])), []);
  assert.equal(progressOf(config, values, []), 100);
});

Deno.test("the form lists what the pipe lengths already price, as the engine prices them", () => {
  const values: FormValues = {
    ...defaultValues(),
    septic_model: "Топас 5",
    inlet_pipe_length: "35",
    inlet_turns: "2",
    outlet_pipe_length: "6,5",
  };
  const priced = pricedByLengthsOf(config, values);
  // The inlet's 30 m beyond the turnkey 5 m and the outlet's 6,5 m; the wells on the whole 35 m inlet.
  assert.deepEqual(priced.map((p) => [p.code, p.quantity, p.unit]), [
    ["А001", 36.5, "м"],
    ["А002", 36.5, "м"],
    ["А012", 2, "шт"],
  ]);
  assert.match(priced[0].label, /^Труба ПВХ 110 мм/);
  // A forced-discharge model's outlet is the pressure pipe А007.
  const pr = pricedByLengthsOf(config, { ...values, septic_model: "topas-5-pr" });
  assert.deepEqual(pr.map((p) => p.code), ["А001", "А002", "А012", "А007"]);
  // With the external sewer in the same form, the sewer is the inlet: only the outlet is priced.
  const both = pricedByLengthsOf(configForKinds(config, ["sewage", "septic"]), values);
  assert.deepEqual(both.map((p) => [p.code, p.quantity]), [["А001", 6.5], ["А002", 6.5]]);
});
