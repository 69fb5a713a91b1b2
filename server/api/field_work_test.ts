// The measuring path's statuses on the server: a measurement starts the task, the generate call refuses
// unconfirmed defaults, 'Отправить инженеру' completes the task.
import assert from "node:assert/strict";
import { expectJson, expectOk, type TestApp, withTestApp } from "../testing.ts";
import { suggestedDefaultFields } from "../../estimating/mod.ts";

/** The demo surveyor's task in a waiting status (assigned or pending), with an object. */
async function waitingTask(t: TestApp) {
  const tasks = await expectOk(t.as("surveyor@demo.local").api.tasks.$get({ query: {} }));
  const task = tasks.find((x): x is typeof x & { objectId: number } =>
    (x.storedStatus === "assigned" || x.storedStatus === "pending") && !!x.objectId
  );
  assert.ok(task, "the demo surveyor has a waiting task");
  return task;
}

async function storedStatus(t: TestApp, id: number): Promise<string> {
  const tasks = await expectOk(t.as("surveyor@demo.local").api.tasks.$get({ query: {} }));
  return tasks.find((x) => x.id === id)!.storedStatus;
}

Deno.test("[api] the measuring path moves the task: saved measurement → in_progress, report → completed", () =>
  withTestApp(async (t) => {
    const task = await waitingTask(t);
    const as = "surveyor@demo.local";
    const onlyModel = { septic_model: "topas-5", confirmed: [] };
    const saved = await expectOk(
      t.as(as).api.measurements.$post({ json: { taskId: task.id, measurements: onlyModel } }),
      201,
    );
    assert.equal(saved.taskStatus, "in_progress");
    assert.equal(await storedStatus(t, task.id), "in_progress");
    assert.deepEqual(saved.measurements.confirmed, []);

    // A report before an estimate cannot complete the task.
    await expectJson(
      t.as(as).api["field-work"].report.$post({ json: { objectId: task.objectId, taskId: task.id } }),
      422,
    );

    // Only a model chosen: the defaults are not priced.
    const generate = (measurements: Record<string, unknown>) =>
      t.as(as).api.estimates.generate.$post({
        json: { objectId: task.objectId, taskId: task.id, measurements },
      });
    const refused = await expectJson(generate(onlyModel), 422);
    for (const field of ["installation_depth", "groundwater_level", "inlet_pipe_length"]) {
      assert.ok(refused.errors[`measurements.${field}`], JSON.stringify(refused.errors));
    }

    const confirmed = { ...onlyModel, confirmed: Object.keys(suggestedDefaultFields) };
    const estimate = await expectOk(generate(confirmed), 201);
    assert.ok(!("estimates" in estimate), "one estimate, not several");
    assert.ok(
      estimate.notes.some((n) => n.startsWith("Принято по умолчанию: количество проживающих 4")),
    );

    const report = await expectOk(
      t.as(as).api["field-work"].report.$post({
        json: {
          objectId: task.objectId,
          taskId: task.id,
          estimateId: estimate.id,
          comment: "Готово",
        },
      }),
    );
    assert.equal(report.taskStatus, "completed");
    assert.equal(await storedStatus(t, task.id), "completed");
    const notes = await expectOk(t.as("engineer@demo.local").api.notifications.$get({ query: {} }));
    assert.ok(notes.some((n) => n.relatedEstimateId === estimate.id && n.title.startsWith("Отчет о выезде")));
  }));

Deno.test("[api] POST /api/field-work/report answers 404 for another surveyor's task", () =>
  withTestApp(async (t) => {
    const task = await waitingTask(t);
    await expectJson(
      t.as("surveyor2@demo.local").api["field-work"].report.$post({
        json: { objectId: task.objectId, taskId: task.id },
      }),
      404,
    );
  }));

Deno.test("[api] a report names every estimate sent with it (one per work type), each of the same object", () =>
  withTestApp(async (t) => {
    const task = await waitingTask(t);
    const as = "surveyor@demo.local";
    await expectOk(
      t.as("engineer@demo.local").api.tasks[":id"].$patch({
        param: { id: String(task.id) },
        json: { separateEstimates: true },
      }),
    );
    const made = await expectOk(
      t.as(as).api.estimates.generate.$post({
        json: {
          workTypes: ["well_equipment", "water_supply"],
          objectId: task.objectId,
          taskId: task.id,
          object: { distanceFromMKAD: 20 },
          measurements: { well_depth: 30, ws_length: 12, ws_depth: 1.8 },
        },
      }),
      201,
    );
    assert.ok("estimates" in made, "an estimate per work type");
    const [well, water] = made.estimates;
    // An estimate of another object is refused, and nothing is sent.
    const all = await expectOk(t.as("engineer@demo.local").api.estimates.$get({ query: {} }));
    const elsewhere = all.find((e) => e.objectId !== task.objectId);
    assert.ok(elsewhere, "the demo has an estimate of another object");
    const reports = t.as(as).api["field-work"].report;
    await expectJson(
      reports.$post({
        json: { objectId: task.objectId, estimateId: well.id, estimateIds: [well.id, elsewhere.id] },
      }),
      404,
    );
    await expectOk(
      reports.$post({
        json: {
          objectId: task.objectId,
          taskId: task.id,
          estimateId: well.id,
          estimateIds: [well.id, water.id],
        },
      }),
    );
    const notes = await expectOk(t.as("engineer@demo.local").api.notifications.$get({ query: {} }));
    const report = notes.find((n) => n.title.startsWith("Отчет о выезде"))!;
    assert.equal(report.relatedEstimateId, well.id);
    assert.ok(report.message.includes(`смета ${well.estimateNumber} на `), report.message);
    assert.ok(report.message.includes(`смета ${water.estimateNumber} на `), report.message);
  }));
