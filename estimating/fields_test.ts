import assert from "node:assert/strict";
import { defaultPriceList } from "./price_list.ts";
import {
  buildMeasurements,
  type FieldProblem,
  itemFields,
  lenientMeasurements,
  measurementFieldSpecs,
  parseField,
} from "./fields.ts";
import { fastReader } from "./fast.ts";

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

Deno.test("parseField() reads form strings strictly and names the problem", () => {
  assert.deepEqual(parseField(measurementFieldSpecs.drainage_length, " 1 200,5 "), {
    ok: false,
    problem: "max",
  });
  assert.deepEqual(parseField(measurementFieldSpecs.drainage_length, "12,5"), { ok: true, value: 12.5 });
  assert.deepEqual(parseField(measurementFieldSpecs.soil_type, "Sand"), { ok: true, value: "sandy" });
  assert.deepEqual(parseField(measurementFieldSpecs.need_drainage, "да"), { ok: true, value: true });
  assert.deepEqual(parseField(measurementFieldSpecs.residents_count, "2.5"), {
    ok: false,
    problem: "integer",
  });
  assert.deepEqual(parseField(measurementFieldSpecs.residents_count, "x"), { ok: false, problem: "number" });
});

Deno.test("the server's generated reader reads every field as the plain reader the form uses", () => {
  const inputs: Record<string, unknown>[] = [
    {},
    {
      septic_model: " topas-5 ",
      residents_count: "abc",
      installation_depth: "2,5",
      elect_a038_quantity: 2,
      need_drainage: "on",
      soil_type: "lava",
      demolition_description: 5,
      photos: [1],
    },
    // Problems out of the fields' order in the input, a pass-through field, an unknown one, an explicit
    // undefined: the generated reader reads only what is given and reports in the fields' order.
    {
      soil_type: "lava",
      confirmed: ["installation_depth"],
      residents_count: -1,
      no_such_field: 1,
      installation_depth: undefined,
      need_drainage: "maybe",
    },
  ];
  for (const input of inputs) {
    const plain: FieldProblem[] = [];
    const fast: FieldProblem[] = [];
    const a = buildMeasurements(input, plain);
    const b = buildMeasurements(input, fast, fastReader());
    assert.notEqual(Object.getPrototypeOf(b), Object.prototype, "generated constructor");
    assert.deepEqual({ ...b }, { ...a });
    assert.deepEqual(fast, plain);
    assert.deepEqual({ ...lenientMeasurements(input) }, { ...a });
  }
});
