import assert from "node:assert/strict";
import { demoSurveyorTask, type TestApp, withTestApp } from "../server/testing.ts";
import { findUserByEmail } from "../db/users.ts";
import { getEstimate } from "../db/estimates.ts";
import { scopeOf } from "../db/scope.ts";
import { generateEstimates } from "./generate_estimate.ts";
import { RuleError } from "./rule_error.ts";

const now = new Date("2026-03-02T08:00:00Z");

async function surveyor(t: TestApp) {
  const user = await findUserByEmail(t.deps.db, "surveyor@demo.local");
  assert.ok(user?.companyId);
  return { user, scope: scopeOf(user.companyId), now };
}

Deno.test("generateEstimates() stores a draft priced by the engine and answers a repeated request with it", () =>
  withTestApp(async (t) => {
    const by = await surveyor(t);
    const task = await demoSurveyorTask(t);
    const body = {
      objectId: task.objectId,
      taskId: task.id,
      clientId: "6f1c2a4e-0b9d-4a53-8f2e-1d7c9b3a5e60",
      measurements: { septic_model: "topas-5", residents_count: 4 },
    };
    const first = await generateEstimates(t.deps.db, by, body);
    assert.ok("made" in first);
    assert.equal(first.made.length, 1);
    const [made] = first.made;
    const stored = await getEstimate(t.deps.db, by.scope, made.id);
    assert.equal(stored?.status, "draft");
    assert.equal(stored?.estimateNumber, made.estimateNumber);
    assert.equal(stored?.totalAmount, made.totalAmount);
    assert.equal(stored?.taskId, task.id);
    const again = await generateEstimates(t.deps.db, by, body);
    assert.ok("repeated" in again);
    assert.deepEqual(again.repeated.map((e) => e.id), [made.id]);
  }));

Deno.test("generateEstimates() refuses another company's object (404) and measurements by field (422)", () =>
  withTestApp(async (t) => {
    const by = await surveyor(t);
    const task = await demoSurveyorTask(t);
    await assert.rejects(
      generateEstimates(t.deps.db, { ...by, scope: scopeOf(-1) }, {
        objectId: task.objectId,
        measurements: {},
      }),
      (e: unknown) => e instanceof RuleError && e.status === 404 && e.message === "Объект не найден",
    );
    await assert.rejects(
      generateEstimates(t.deps.db, by, {
        objectId: task.objectId,
        taskId: task.id,
        measurements: { septic_model: "topas-5", residents_count: "abc" },
      }),
      (e: unknown) =>
        e instanceof RuleError && e.status === 422 &&
        e.errors?.["measurements.residents_count"] !== undefined,
    );
  }));
