import assert from "node:assert/strict";
import { expectJson, expectOk, withTestApp } from "../testing.ts";
import { catalogue, measurementFormSections } from "../../estimating/mod.ts";

Deno.test("[api] GET /api/measurements/form sends the sections and the catalogue, cached by version", () =>
  withTestApp(async (t) => {
    const res = t.as("surveyor@demo.local").api.measurements.form.$get();
    const config = await expectOk(res);
    // The field descriptors are not sent: the form reads values with the engine's own code (estimating/form.ts).
    assert.deepEqual(Object.keys(config).sort(), ["models", "sections", "version"]);
    assert.deepEqual(config.sections.map((s) => s.id), measurementFormSections.map((s) => s.id));
    assert.equal(config.models.length, catalogue.length);
    const topas = catalogue.find((m) => m.id === "topas-5")!;
    assert.deepEqual(config.models.find((m) => m.id === "topas-5"), {
      id: "topas-5",
      brand: "topas",
      name: "Топас 5",
      capacity: 1000,
      peakDischarge: topas.peakDischarge,
      ...topas.dimensions,
      dealerPrice: topas.dealerPrice,
      discharge: "gravity",
    });
    assert.equal((await res).headers.get("etag"), `"${config.version}"`);
    // A custom header (If-None-Match): the raw request.
    const again = await t.request("/api/measurements/form", {
      as: "surveyor@demo.local",
      headers: { "If-None-Match": `"${config.version}"` },
    });
    assert.equal(again.status, 304);
    await expectJson(t.as("client@demo.local").api.measurements.form.$get(), 403);
  }));
