import assert from "node:assert/strict";
import { withTestApp } from "../testing.ts";
import { catalogue, measurementFormSections } from "../../estimating/mod.ts";
import type { FormConfig } from "../../estimating/mod.ts";

Deno.test("[api] GET /api/measurements/form sends the sections and the catalogue, cached by version", () =>
  withTestApp(async (t) => {
    const res = await t.request("/api/measurements/form", { as: "surveyor@demo.local" });
    assert.equal(res.status, 200);
    const config = await res.json() as FormConfig;
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
    assert.equal(res.headers.get("etag"), `"${config.version}"`);
    const again = await t.request("/api/measurements/form", {
      as: "surveyor@demo.local",
      headers: { "If-None-Match": `"${config.version}"` },
    });
    assert.equal(again.status, 304);
    const client = await t.request("/api/measurements/form", { as: "client@demo.local" });
    assert.equal(client.status, 403);
    await client.body?.cancel();
  }));
