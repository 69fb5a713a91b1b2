// Estimate alerts (stored, shown, approving over them confirmed and recorded) and versions (a new
// version is a re-pricing of the same job; a different job is a new estimate).
import assert from "node:assert/strict";
import {
  demoSurveyorTask,
  expectJson,
  expectOk,
  type GenerateBody,
  generateOneEstimate,
  type TestApp,
  withTestApp,
} from "../testing.ts";
import { generateEstimate } from "../../estimating/mod.ts";

const chief = "engineer@demo.local";

/** POST /api/estimates/generate as the surveyor; checks the status (201) and answers the one estimate made. */
const generate = (t: TestApp, json: GenerateBody) => generateOneEstimate(t, "surveyor@demo.local", json);

/** The same, refused with `status`: answers the error's body. */
function refusedGenerate(t: TestApp, json: GenerateBody, status: number) {
  return expectJson(t.as("surveyor@demo.local").api.estimates.generate.$post({ json }), status);
}

/** An estimate of the typed client, by id. */
const estimate = (t: TestApp, as: string) => t.as(as).api.estimates[":id{[0-9]+}"];

/** 10 residents need 10 × 200 = 2 000 l/day; a Топас 6 cleans 1 200: the station is undersized. */
const undersized = { septic_model: "topas-6", residents_count: 10, installation_depth: 2 };

Deno.test("[api] an undersized station's alert is stored with the estimate and answered by generate, GET and the list", () =>
  withTestApp(async (t) => {
    const task = await demoSurveyorTask(t);
    const made = await generate(t, { objectId: task.objectId, taskId: task.id, measurements: undersized });
    assert.equal(made.alerts.length, 1, JSON.stringify(made.alerts));
    assert.match(made.alerts[0], /^Производительность станции Топас 6 \(1\u00A0200 л\/сут\)/);
    assert.ok(!made.notes.some((n) => n.startsWith("Производительность")), "not among the notes");
    const param = { id: String(made.id) };
    const read = await expectOk(estimate(t, chief).$get({ param }));
    assert.deepEqual(read.alerts, made.alerts);
    assert.equal(read.alertsConfirmation, null);
    const list = await expectOk(
      t.as(chief).api.estimates.$get({ query: { objectId: String(task.objectId) } }),
    );
    assert.deepEqual(list.find((e) => e.id === made.id)?.alerts, made.alerts);
    // The same job priced with a station that fits: a new version without the alert.
    const fixed = await generate(t, {
      objectId: task.objectId,
      taskId: task.id,
      measurements: { ...undersized, septic_model: "topas-10" },
    });
    assert.equal(fixed.id, made.id);
    assert.deepEqual(fixed.alerts, []);
    assert.deepEqual((await expectOk(estimate(t, chief).$get({ param }))).alerts, []);
  }));

Deno.test("[api] PATCH approved refuses an estimate with alerts without a confirmation, and records the one given", () =>
  withTestApp({ now: () => new Date("2026-02-10T09:30:00Z") }, async (t) => {
    const task = await demoSurveyorTask(t);
    const made = await generate(t, { objectId: task.objectId, taskId: task.id, measurements: undersized });
    const param = { id: String(made.id) };
    const refused = await expectJson(estimate(t, chief).$patch({ param, json: { status: "approved" } }), 409);
    assert.match(refused.message, /^Смета содержит предупреждения: Производительность станции Топас 6/);
    assert.match(refused.message, /Утвердить всё равно\?/);
    assert.deepEqual(refused.errors.confirmAlerts, made.alerts);
    assert.equal((await expectOk(estimate(t, chief).$get({ param }))).status, "draft", "nothing changed");
    // `false` is no confirmation either.
    await expectJson(
      estimate(t, chief).$patch({ param, json: { status: "approved", confirmAlerts: false } }),
      409,
    );
    // A surveyor still may not approve, confirmation or not.
    await expectJson(
      estimate(t, "surveyor@demo.local").$patch({ param, json: { status: "approved", confirmAlerts: true } }),
      403,
    );
    const approved = await expectOk(
      estimate(t, chief).$patch({ param, json: { status: "approved", confirmAlerts: true } }),
    );
    assert.equal(approved.status, "approved");
    assert.deepEqual(approved.alertsConfirmation!.alerts, made.alerts);
    assert.equal(approved.alertsConfirmation!.at, "2026-02-10T09:30:00.000Z");
    assert.ok(approved.alertsConfirmation!.byUserId! > 0);
    assert.ok(approved.alertsConfirmation!.byName, "the confirmer's name");
    const changes = await expectOk(estimate(t, chief).changes.$get({ param }));
    assert.match(changes[0].summary, /^Утверждена с предупреждениями: Производительность станции Топас 6/);
    // The estimate page shows the alert and the confirmation.
    const page = await (await t.request(`/estimates/${made.id}`, { as: chief })).text();
    assert.match(page, /data-testid="estimate-alerts"/);
    assert.match(page, /Утверждение при этих предупреждениях подтвердил/);
  }));

Deno.test("[api] an estimate without alerts is approved without a confirmation", () =>
  withTestApp(async (t) => {
    const task = await demoSurveyorTask(t);
    const made = await generate(t, {
      objectId: task.objectId,
      taskId: task.id,
      measurements: { ...undersized, residents_count: 4 },
    });
    assert.deepEqual(made.alerts, []);
    const approved = await expectOk(
      estimate(t, chief).$patch({ param: { id: String(made.id) }, json: { status: "approved" } }),
    );
    assert.equal(approved.status, "approved");
    assert.equal(approved.alertsConfirmation, null);
  }));

Deno.test("[api] generating different jobs on one object without a task makes separate estimates; the same job a new version", () =>
  withTestApp(async (t) => {
    const task = await demoSurveyorTask(t);
    const on = { objectId: task.objectId };
    const station = await generate(t, {
      ...on,
      measurements: { septic_model: "topas-5", residents_count: 4 },
    });
    const well = await generate(t, {
      ...on,
      workType: "well_drilling",
      measurements: { well_type: "artesian", well_district: "dmitrov" },
    });
    const water = await generate(t, { ...on, workType: "water_supply", measurements: { ws_length: 20 } });
    const both = await generate(t, {
      ...on,
      workTypes: ["well_drilling", "water_supply"],
      measurements: { well_type: "sand", well_district: "dmitrov", ws_length: 20 },
    });
    // Four jobs: four estimates, each version 1 with its own number.
    const ids = [station, well, water, both].map((e) => e.id);
    assert.equal(new Set(ids).size, 4, JSON.stringify(ids));
    assert.deepEqual([station, well, water, both].map((e) => e.version), [1, 1, 1, 1]);
    assert.ok([well, water, both].every((e) => !/-v\d+$/.test(e.estimateNumber)));
    // The station priced again with another model is the same job: version 2 of the station's estimate.
    const again = await generate(t, { ...on, measurements: { septic_model: "topas-6", residents_count: 4 } });
    assert.equal(again.id, station.id);
    assert.equal(again.version, 2);
    assert.equal(again.estimateNumber, `${station.estimateNumber}-v2`);
    // And the well again: version 2 of the well's estimate, not of the latest estimate on the object.
    const wellAgain = await generate(t, {
      ...on,
      workType: "well_drilling",
      measurements: { well_type: "artesian", well_district: "dmitrov", well_depth: 70 },
    });
    assert.equal(wellAgain.id, well.id);
    assert.equal(wellAgain.version, 2);
    // A job of the task is another job than the same work without a task.
    const ofTask = await generate(t, {
      ...on,
      taskId: task.id,
      measurements: { septic_model: "topas-5", residents_count: 4 },
    });
    assert.notEqual(ofTask.id, station.id);
    assert.equal(ofTask.version, 1);
  }));

Deno.test("[api] a fractional distance from МКАД is accepted and priced in whole km, as the CLI prices it (41,5 → 42)", () =>
  withTestApp(async (t) => {
    const task = await demoSurveyorTask(t);
    const doc = {
      workType: "autonomous_sewage",
      object: { address: "д. Кузяево", distanceFromMKAD: "41,5", clientName: "Волков", clientPhone: "" },
      measurements: { septic_model: "topas-5", residents_count: 4 },
    };
    const res = await generate(t, { ...doc, objectId: task.objectId });
    // 41,5 km → 42 km; delivery beyond 30 km: (42 − 30) km × 120 ₽ = 12 × 12 000 = 144 000 kopecks.
    const delivery = res.items.find((i) => /за пределы 30 км/.test(i.name))!;
    assert.equal(delivery.quantity, 12);
    assert.equal(delivery.totalPrice, 144_000);
    const cli = generateEstimate(doc, { date: res.date });
    assert.equal(res.totalAmount, cli.totalAmount);
    // A distance that is not a number is refused with the engine's message, here as in the CLI.
    const bad = await refusedGenerate(
      t,
      { ...doc, object: { distanceFromMKAD: "далеко" }, objectId: task.objectId },
      422,
    );
    assert.match(bad.errors["object.distanceFromMKAD"][0], /ожидается число/);
  }));

Deno.test("[api] the editor's «в т.ч. НДС 22 %» keeps the total the client pays and shows the VAT in it; the note and the Excel follow", () =>
  withTestApp(async (t) => {
    const task = await demoSurveyorTask(t);
    const made = await generate(t, {
      objectId: task.objectId,
      taskId: task.id,
      measurements: { septic_model: "topas-5", residents_count: 4 },
    });
    const param = { id: String(made.id) };
    const incl = await expectOk(
      estimate(t, chief).edits.$post({
        param,
        json: { action: "set_terms", vatMode: "incl-22", discount: { kind: "sum", value: 500_000 } },
      }),
    );
    // The lines less 5 000 ₽ is the total; the VAT in it is round(total × 22 / 122).
    const base = made.itemsTotal - 500_000;
    assert.equal(incl.vatMode, "incl-22");
    assert.equal(incl.totalAmount, base);
    assert.equal(incl.vatAmount, Math.round(base * 22 / 122));
    assert.ok(
      incl.notes.some((n) => n.startsWith("Цены указаны с НДС; в т.ч. НДС 22 %:")),
      JSON.stringify(incl.notes),
    );
    const read = await expectOk(estimate(t, chief).$get({ param }));
    assert.equal(read.vatMode, "incl-22");
    // Back to VAT on top: the note says so again, the total grows by the VAT.
    const top = await expectOk(
      estimate(t, chief).edits.$post({ param, json: { action: "set_terms", vatMode: "22" } }),
    );
    assert.equal(top.totalAmount, base + Math.round(base * 0.22));
    assert.ok(top.notes.some((n) => n.startsWith("Цены указаны без НДС; НДС 22 % начислен сверху")));
    // A VAT mode the types refuse: the raw request.
    const bad = await expectJson(
      t.as(chief).post(`/api/estimates/${made.id}/edits`, { action: "set_terms", vatMode: "incl-18" }),
      422,
    );
    assert.match(JSON.stringify(bad), /НДС: без НДС, 5, 7 или 22 %/);
  }));
