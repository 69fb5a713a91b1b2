// deno-lint-ignore-file no-explicit-any
// The measuring path's statuses on the server: a measurement starts the task, the generate call refuses
// unconfirmed defaults, 'Отправить инженеру' completes the task.
import assert from "node:assert/strict";
import { expectJson, type TestApp, withTestApp } from "../testing.ts";
import { suggestedDefaultFields } from "../../estimating/mod.ts";

/** The demo surveyor's task in a waiting status (assigned or pending), with an object. */
async function waitingTask(t: TestApp) {
  const tasks = await expectJson<any[]>(await t.request("/api/tasks", { as: "surveyor@demo.local" }));
  const task = tasks.find((x) =>
    (x.storedStatus === "assigned" || x.storedStatus === "pending") && x.objectId
  );
  assert.ok(task, "the demo surveyor has a waiting task");
  return task;
}

async function storedStatus(t: TestApp, id: number): Promise<string> {
  const tasks = await expectJson<any[]>(await t.request("/api/tasks", { as: "surveyor@demo.local" }));
  return tasks.find((x) => x.id === id).storedStatus;
}

Deno.test("[api] the measuring path moves the task: saved measurement → in_progress, report → completed", () =>
  withTestApp(async (t) => {
    const task = await waitingTask(t);
    const as = "surveyor@demo.local";
    const onlyModel = { septic_model: "topas-5", confirmed: [] };
    const saved = await expectJson(
      t.as(as).post("/api/measurements", { taskId: task.id, measurements: onlyModel }),
      201,
    );
    assert.equal(saved.taskStatus, "in_progress");
    assert.equal(await storedStatus(t, task.id), "in_progress");
    assert.deepEqual(saved.measurements.confirmed, []);

    // A report before an estimate cannot complete the task.
    await expectJson(
      t.as(as).post("/api/field-work/report", { objectId: task.objectId, taskId: task.id }),
      422,
    );

    // Only a model chosen: the defaults are not priced.
    const generate = (measurements: Record<string, unknown>, status: number) =>
      expectJson(
        t.as(as).post("/api/estimates/generate", { objectId: task.objectId, taskId: task.id, measurements }),
        status,
      );
    const refused = await generate(onlyModel, 422);
    for (const field of ["installation_depth", "groundwater_level", "inlet_pipe_length"]) {
      assert.ok(refused.errors[`measurements.${field}`], JSON.stringify(refused.errors));
    }

    const confirmed = { ...onlyModel, confirmed: Object.keys(suggestedDefaultFields) };
    const estimate = await generate(confirmed, 201);
    assert.ok(
      estimate.notes.some((n: string) => n.startsWith("Принято по умолчанию: количество проживающих 4")),
    );

    const report = await expectJson(
      t.as(as).post("/api/field-work/report", {
        objectId: task.objectId,
        taskId: task.id,
        estimateId: estimate.id,
        comment: "Готово",
      }),
    );
    assert.equal(report.taskStatus, "completed");
    assert.equal(await storedStatus(t, task.id), "completed");
    const notes = await expectJson<any[]>(
      await t.request("/api/notifications", { as: "engineer@demo.local" }),
    );
    assert.ok(notes.some((n) => n.relatedEstimateId === estimate.id && n.title.startsWith("Отчет о выезде")));
  }));

Deno.test("[api] POST /api/field-work/report answers 404 for another surveyor's task", () =>
  withTestApp(async (t) => {
    const task = await waitingTask(t);
    await expectJson(
      t.as("surveyor2@demo.local").post("/api/field-work/report", {
        objectId: task.objectId,
        taskId: task.id,
      }),
      404,
    );
  }));

Deno.test("[api] a report names every estimate sent with it (one per work type), each of the same object", () =>
  withTestApp(async (t) => {
    const task = await waitingTask(t);
    const as = "surveyor@demo.local";
    await expectJson(t.as("engineer@demo.local").patch(`/api/tasks/${task.id}`, { separateEstimates: true }));
    const { estimates } = await expectJson(
      t.as(as).post("/api/estimates/generate", {
        workTypes: ["well_equipment", "water_supply"],
        objectId: task.objectId,
        taskId: task.id,
        object: { distanceFromMKAD: 20 },
        measurements: { well_depth: 30, ws_length: 12, ws_depth: 1.8 },
      }),
      201,
    );
    const [well, water] = estimates;
    // An estimate of another object is refused, and nothing is sent.
    const all = await expectJson<any[]>(t.as("engineer@demo.local").get("/api/estimates"));
    const elsewhere = all.find((e) => e.objectId !== task.objectId);
    assert.ok(elsewhere, "the demo has an estimate of another object");
    await expectJson(
      t.as(as).post("/api/field-work/report", {
        objectId: task.objectId,
        estimateId: well.id,
        estimateIds: [well.id, elsewhere.id],
      }),
      404,
    );
    await expectJson(
      t.as(as).post("/api/field-work/report", {
        objectId: task.objectId,
        taskId: task.id,
        estimateId: well.id,
        estimateIds: [well.id, water.id],
      }),
    );
    const notes = await expectJson<any[]>(t.as("engineer@demo.local").get("/api/notifications"));
    const report = notes.find((n) => n.title.startsWith("Отчет о выезде"));
    assert.equal(report.relatedEstimateId, well.id);
    assert.ok(report.message.includes(`смета ${well.estimateNumber} на `), report.message);
    assert.ok(report.message.includes(`смета ${water.estimateNumber} на `), report.message);
  }));
