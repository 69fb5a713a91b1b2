import assert from "node:assert/strict";
import { defaultPriceList } from "./price_list.ts";
import { itemFields, lenientMeasurements, measurementFieldSpecs, parseField } from "./fields.ts";

Deno.test("an item's amount is whole exactly when its price-list article is counted in pieces", () => {
  const pieces = ["шт", "компл", "рейс", "смена"];
  const specs = measurementFieldSpecs as Record<string, { kind: string }>;
  for (const item of itemFields) {
    if (item.group !== "pipes" && item.group !== "electrical" && item.group !== "misc") continue;
    const unit = defaultPriceList.find((i) => i.code === item.code)?.unit;
    assert.equal(item.integer, pieces.includes(unit!), `${item.amount}: ${unit}`);
    assert.equal(specs[item.amount].kind, item.integer ? "int" : "dec", item.amount);
  }
});

Deno.test("parseField() reads form strings strictly and names the problem in Russian", () => {
  assert.deepEqual(parseField(measurementFieldSpecs.drainage_length, " 1 200,5 "), {
    ok: false,
    message: 'должно быть не больше 1000, получено " 1 200,5 "',
  });
  assert.deepEqual(parseField(measurementFieldSpecs.drainage_length, "12,5"), { ok: true, value: 12.5 });
  assert.deepEqual(parseField(measurementFieldSpecs.soil_type, "Sand"), { ok: true, value: "sandy" });
  assert.deepEqual(parseField(measurementFieldSpecs.need_drainage, "да"), { ok: true, value: true });
  assert.equal(parseField(measurementFieldSpecs.residents_count, "2.5").ok, false);
});

Deno.test("without code generation (a browser page under the CSP) values are read the same way", async () => {
  const input = {
    septic_model: " topas-5 ",
    residents_count: "abc",
    installation_depth: "2,5",
    elect_a038_quantity: 2,
    need_drainage: "on",
    soil_type: "lava",
    photos: [1],
  };
  const g = globalThis as Record<string, unknown>;
  g.document = {};
  try {
    // A fresh instance of the module, which decides on its first use that it runs in a browser page.
    const browser: typeof import("./fields.ts") = await import("./fields.ts?browser");
    const m = browser.lenientMeasurements(input);
    assert.equal(Object.getPrototypeOf(m), Object.prototype);
    assert.deepEqual({ ...m }, { ...lenientMeasurements(input) });
    assert.equal(browser.fieldGetter("residents_count")(m), 0);
    assert.doesNotMatch(String(browser.fieldGetter("residents_count")), /return m\.residents_count/);
  } finally {
    delete g.document;
  }
});
