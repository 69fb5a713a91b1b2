import assert from "node:assert/strict";
import { demoSurveyorTask, withTestApp } from "../server/testing.ts";
import { findUserByEmail } from "../db/users.ts";
import { scopeOf } from "../db/scope.ts";
import { createTask, TaskRuleError, updateTask } from "./task_changes.ts";
import { generateEstimates } from "./generate_estimate.ts";

const now = new Date("2026-03-02T08:00:00Z");

const refusedOn = (field: string) => (e: unknown) =>
  e instanceof TaskRuleError && e.field === field && e.status === 422 && e.errors?.[field]?.[0] === e.message;

Deno.test("updateTask() refuses completing a measurement task until an estimate is generated for it", () =>
  withTestApp(async (t) => {
    const chief = await findUserByEmail(t.deps.db, "engineer@demo.local");
    const surveyor = await findUserByEmail(t.deps.db, "surveyor@demo.local");
    assert.ok(chief?.companyId && surveyor);
    const scope = scopeOf(chief.companyId);
    const task = await demoSurveyorTask(t);
    const by = { id: chief.id, now };
    await assert.rejects(
      updateTask(t.deps.db, scope, task.id, { status: "completed" }, by),
      refusedOn("status"),
    );
    await generateEstimates(t.deps.db, { user: surveyor, scope, now }, {
      objectId: task.objectId,
      taskId: task.id,
      measurements: { septic_model: "topas-5" },
    });
    const done = await updateTask(t.deps.db, scope, task.id, { status: "completed" }, by);
    assert.equal(done?.status, "completed");
  }));

Deno.test("createTask() refuses the overdue status, an object of another company and an unknown assignee", () =>
  withTestApp(async (t) => {
    const chief = await findUserByEmail(t.deps.db, "engineer@demo.local");
    assert.ok(chief?.companyId);
    const scope = scopeOf(chief.companyId);
    const { objectId } = await demoSurveyorTask(t);
    const by = { id: chief.id, now };
    const task = { objectId, title: "Замер", dueDate: null };
    await assert.rejects(
      createTask(t.deps.db, scope, { ...task, status: "overdue" }, by),
      refusedOn("status"),
    );
    await assert.rejects(createTask(t.deps.db, scopeOf(-1), task, by), refusedOn("objectId"));
    await assert.rejects(
      createTask(t.deps.db, scope, { ...task, assignedTo: 999_999 }, by),
      refusedOn("assignedTo"),
    );
    const made = await createTask(t.deps.db, scope, task, by);
    assert.equal(made.status, "assigned");
  }));
