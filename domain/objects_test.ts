import assert from "node:assert/strict";
import { cleanCost, normalizeObjectInput, objectCreateSchema, objectPatchSchema } from "./objects.ts";

Deno.test("cleanCost() strips everything but digits and the dot", () => {
  assert.equal(cleanCost("1 250 000 ₽"), 1250000);
  assert.equal(cleanCost("285000.50"), 285000.5);
  assert.equal(cleanCost("12 345,67"), 12345.67);
  assert.equal(cleanCost(1500), 1500);
  assert.equal(cleanCost(""), null);
  assert.equal(cleanCost(null), null);
  assert.ok(Number.isNaN(cleanCost("много")!));
});

Deno.test("objectCreateSchema gives the spec's messages and defaults", () => {
  const bad = objectCreateSchema.safeParse(
    normalizeObjectInput({ address: "ул", settlement: "И", region: "" }),
  );
  assert.equal(bad.success, false);
  const errors = Object.fromEntries(bad.error!.issues.map((i) => [i.path[0], i.message]));
  assert.equal(errors.settlement, "Минимум 2 символа");
  assert.equal(errors.region, "Минимум 2 символа");
  assert.equal(errors.clientPhone, "Телефон обязателен");
  assert.equal(errors.estimatedCost, "Примерная стоимость обязательна");
  const ok = objectCreateSchema.parse(normalizeObjectInput({
    address: "Московская обл, г Истра, ул Ленина, 5",
    settlement: "Истра",
    region: "Московская область",
    clientPhone: "+7 916 000-00-00",
    estimatedCost: "250 000 ₽",
    description: "  ",
    distanceFromMKAD: "31",
  }));
  assert.equal(ok.workType, "construction");
  assert.equal(ok.status, "new");
  assert.equal(ok.estimatedCost, 250000);
  assert.equal(ok.description, null);
  assert.equal(ok.distanceFromMKAD, 31);
});

Deno.test("objectPatchSchema accepts a status alone and keeps required fields required", () => {
  assert.deepEqual(objectPatchSchema.parse(normalizeObjectInput({ status: "approved" })), {
    status: "approved",
  });
  assert.equal(objectPatchSchema.safeParse(normalizeObjectInput({ address: "" })).success, false);
  assert.equal(objectPatchSchema.safeParse(normalizeObjectInput({ status: "bogus" })).success, false);
  assert.deepEqual(objectPatchSchema.parse(normalizeObjectInput({ estimatedCost: "" })), {
    estimatedCost: null,
  });
});

Deno.test("normalizeObjectInput() reads «31 км» and «31,5» as distances and 1e400 as no number, not 1400", () => {
  assert.equal(normalizeObjectInput({ distanceFromMKAD: "31 км" }).distanceFromMKAD, 31);
  assert.equal(normalizeObjectInput({ distanceFromMKAD: "31,5" }).distanceFromMKAD, 32);
  assert.ok(Number.isNaN(normalizeObjectInput({ distanceFromMKAD: "1e400" }).distanceFromMKAD));
  assert.ok(Number.isNaN(normalizeObjectInput({ companyId: "abc" }).companyId));
});

Deno.test("normalizeObjectInput() rounds a distance to whole km by the engine's rule, a number as a text", () => {
  assert.equal(normalizeObjectInput({ distanceFromMKAD: 41.5 }).distanceFromMKAD, 42);
  assert.equal(normalizeObjectInput({ distanceFromMKAD: "41,4 км" }).distanceFromMKAD, 41);
});
