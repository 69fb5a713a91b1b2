import assert from "node:assert/strict";
import { missingItems, progressPercent } from "./missing_catalogue.ts";
import * as light from "./missing.ts";
import { EstimateInputError, generateEstimate } from "./estimate.ts";
import { suggestedDefaultFields } from "./missing.ts";

const complete = { septic_model: "topas-5" };

Deno.test("missingItems() is empty for a complete form", () => {
  assert.deepEqual(missingItems(complete), []);
});

Deno.test("missingItems() lists the core fields of the estimating spec's «Validation rules»", () => {
  assert.deepEqual(
    missingItems({
      septic_model: "",
      residents_count: 0,
      installation_depth: 0,
      inlet_pipe_length: 0,
      outlet_pipe_length: 0,
    }),
    [
      "Количество проживающих",
      "Модель септика",
      "Глубина установки",
      "Длина подводящей трубы",
      "Длина отводящей трубы",
    ],
  );
});

Deno.test("missingItems() treats the legacy placeholder С1 and unknown models as no model", () => {
  assert.deepEqual(missingItems({ septic_model: "С1" }), ["Модель септика"]);
  assert.deepEqual(missingItems({ septic_model: "topas-999" }), ["Модель септика"]);
});

Deno.test("missingItems() requires the amount of each ticked group", () => {
  const cases: [Record<string, unknown>, string][] = [
    [{ foundation_drilling: true }, "Количество отверстий для бурения"],
    [{ need_insulation: true, insulation_length: 0 }, "Длина утепления"],
    [{ need_drainage: true }, "Длина дренажа"],
    [{ demolition_work: true, demolition_description: "  " }, "Описание демонтажных работ"],
    [{ demolition_old_septic: true }, "Объем старого септика"],
    [
      { electrical_work_needed: true, elect_a038: true, elect_a038_quantity: 0 },
      "Хотя бы одна позиция электромонтажных работ",
    ],
    [{ stump_removal: true, stump_removal_count: 0 }, "Количество пней"],
    [{ demolition_pavement: true }, "Длина демонтажа тротуарной плитки"],
    [{ concrete_demolition: true }, "Площадь демонтажа бетона"],
  ];
  for (const [fields, label] of cases) {
    assert.deepEqual(missingItems({ ...complete, ...fields }), [label], label);
  }
});

Deno.test("missingItems() is satisfied once the amounts are given", () => {
  assert.deepEqual(
    missingItems({
      ...complete,
      foundation_drilling: true,
      drilling_holes_160: 1,
      need_insulation: true,
      insulation_length: 3,
      need_drainage: true,
      drainage_length: 10,
      demolition_work: true,
      demolition_description: "Старый септик из колец",
      demolition_old_septic: true,
      demolition_septic_volume: 2.5,
      electrical_work_needed: true,
      elect_a040: true,
      elect_a040_length: 15,
      stump_removal: true,
      stump_removal_count: 2,
      demolition_pavement: true,
      demolition_pavement_length: 4,
      concrete_demolition: true,
      concrete_demolition_area: 3.5,
    }),
    [],
  );
});

Deno.test("missingItems() reads invalid input as 0, as the form does", () => {
  assert.deepEqual(missingItems({ ...complete, residents_count: "abc" }), ["Количество проживающих"]);
  assert.deepEqual(missingItems(null), ["Модель септика"]);
});

Deno.test("progressPercent() is the share of the three required fields filled", () => {
  assert.equal(progressPercent({}), 0);
  assert.equal(progressPercent({ septic_model: "topas-5" }), 33);
  assert.equal(progressPercent({ residents_count: 4, installation_depth: 2.5 }), 67);
  assert.equal(
    progressPercent({ septic_model: "topas-5", residents_count: 0, installation_depth: "2,5" }),
    100,
  );
  assert.equal(progressPercent({ septic_model: "С1", residents_count: "", installation_depth: null }), 0);
});

Deno.test("the light checks of missing.ts take the model check as an input", () => {
  const onlyMine = { knownModel: (v: string) => v === "my-station" };
  assert.deepEqual(light.missingItems({ septic_model: "my-station" }, onlyMine), []);
  assert.deepEqual(light.missingItems({ septic_model: "topas-5" }, onlyMine), ["Модель септика"]);
  // An empty value is no model whatever the check says.
  assert.deepEqual(light.missingItems({ septic_model: "" }, { knownModel: () => true }), ["Модель септика"]);
  assert.equal(light.progressPercent({ septic_model: "my-station" }, onlyMine), 33);
  assert.deepEqual(missingItems({ septic_model: "my-station" }, onlyMine), []);
});

Deno.test("generateEstimate() refuses a form document whose price-changing defaults are not confirmed", () => {
  const doc = {
    object: { address: "д. Ивановка" },
    measurements: { septic_model: "topas-5", confirmed: [] },
  };
  assert.throws(() => generateEstimate(doc, { date: "2026-05-20" }), (error: unknown) => {
    assert.ok(error instanceof EstimateInputError);
    assert.ok(error.missing.includes("Глубина установки (не подтверждено)"), error.missing.join());
    assert.ok(error.missing.includes("Уровень грунтовых вод (не подтверждено)"));
    return true;
  });
  assert.notEqual(progressPercent(doc.measurements), 100);
});

Deno.test("generateEstimate() prices confirmed defaults as the CLI's document without `confirmed` and notes them", () => {
  const confirmed = Object.keys(suggestedDefaultFields);
  const base = { septic_model: "topas-5", installation_depth: "2,2" };
  const cli = generateEstimate({ object: { address: "д. Ивановка" }, measurements: base }, {
    date: "2026-05-20",
  });
  const form = generateEstimate(
    { object: { address: "д. Ивановка" }, measurements: { ...base, confirmed } },
    { date: "2026-05-20" },
  );
  assert.equal(form.totalAmount, cli.totalAmount);
  assert.equal(progressPercent({ ...base, confirmed }), 100);
  const note = form.notes.find((n) => n.startsWith("Принято по умолчанию:"));
  assert.ok(note?.includes("уровень грунтовых вод 1,5\u00a0м"), String(note));
  assert.ok(!note?.includes("глубина установки"), String(note));
  assert.ok(!cli.notes.some((n) => n.startsWith("Принято по умолчанию:")));
});

Deno.test("missingItems() counts the station's power cable as electrical work", () => {
  const cableOnly = { ...complete, electrical_work_needed: true, cable_length: 18 };
  assert.deepEqual(missingItems(cableOnly), []);
  // Neither the cable nor an item: still refused with the label of the estimating spec's «Validation rules».
  assert.deepEqual(missingItems({ ...cableOnly, cable_length: 0 }), [
    "Хотя бы одна позиция электромонтажных работ",
  ]);
  // The API and the CLI price it: 18 м × (180 + 160) ₽ = 6 120 ₽ = 612 000 коп. of А040.
  const e = generateEstimate({ measurements: cableOnly }, { date: "2026-05-20" });
  const cable = e.items.find((i) => i.articleCode === "А040");
  assert.equal(cable?.totalPrice, 612_000);
});
