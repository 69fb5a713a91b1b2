// A task can be changed — reassigned, rescheduled, described anew — with the former and the
// new assignee told, and what the former one recorded staying with the task.
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { demoSurveyorTask, expectJson, expectOk, type TestApp, withTestApp } from "../testing.ts";
import { notifications, users } from "../../db/schema/mod.ts";
import { moscowDate } from "../../domain/dates.ts";

const ENGINEER = "engineer@demo.local";

/** A task of the typed client (the PATCH of /api/tasks/:id), by id. */
const taskApi = (t: TestApp, as: string) => t.as(as).api.tasks[":id"];
/** The measurements of a task, by the task's id. */
const measurementsOf = (t: TestApp, as: string) => t.as(as).api.measurements[":taskId{[0-9]+}"];

async function idOf(t: TestApp, email: string): Promise<number> {
  const [u] = await t.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return u.id;
}

async function titlesOf(t: TestApp, email: string): Promise<string[]> {
  const rows = await t.deps.db.select({ title: notifications.title }).from(notifications)
    .where(eq(notifications.userId, await idOf(t, email)));
  return rows.map((r) => r.title);
}

/** Tomorrow in Moscow at 14:30, as the edit form sends a due date with a time. */
function tomorrowAt(time: string): string {
  return `${moscowDate(Date.now() + 86_400_000)}T${time}:00+03:00`;
}

Deno.test("[api] PATCH /api/tasks/:id reassigns: both assignees told, the measurement stays with the task", () =>
  withTestApp(async (t) => {
    const task = await demoSurveyorTask(t);
    const param = { id: String(task.id) };
    const saved = await expectOk(
      t.as("surveyor@demo.local").api.measurements.$post({
        json: {
          taskId: task.id,
          measurements: { septic_model: "topas-6", residents_count: 5 },
          photos: [],
          notes: "Грунт глинистый",
        },
      }),
      201,
    );
    const surveyor2 = await idOf(t, "surveyor2@demo.local");
    const moved = await expectOk(taskApi(t, ENGINEER).$patch({ param, json: { assignedTo: surveyor2 } }));
    assert.equal(moved.assignedTo, surveyor2);
    assert.ok((await titlesOf(t, "surveyor@demo.local")).includes("Задача передана другому исполнителю"));
    assert.ok((await titlesOf(t, "surveyor2@demo.local")).includes("Новая задача"));
    const [kept] = await expectOk(
      measurementsOf(t, "surveyor2@demo.local").$get({ param: { taskId: param.id } }),
    );
    assert.equal(kept.id, saved.id, "the new assignee sees what the former one recorded");
    await expectJson(measurementsOf(t, "surveyor@demo.local").$get({ param: { taskId: param.id } }), 404);
  }));

Deno.test("[api] PATCH /api/tasks/:id changes the due date and time and the description, telling the assignee", () =>
  withTestApp(async (t) => {
    const task = await demoSurveyorTask(t);
    const due = tomorrowAt("14:30");
    const changed = await expectOk(
      taskApi(t, ENGINEER).$patch({
        param: { id: String(task.id) },
        json: { dueDate: due, description: "Взять щуп и рулетку 50 м" },
      }),
    );
    assert.equal(new Date(changed.dueDate!).getTime(), new Date(due).getTime(), "the time of day is kept");
    assert.equal(changed.description, "Взять щуп и рулетку 50 м");
    const [n] = await t.deps.db.select().from(notifications).where(and(
      eq(notifications.userId, await idOf(t, "surveyor@demo.local")),
      eq(notifications.title, "Задача изменена"),
    ));
    assert.ok(n?.message.includes("14:30"), n?.message);
  }));

Deno.test("[api] PATCH /api/tasks/:id refuses with Russian field messages, by role, and another company's task is 404", () =>
  withTestApp(async (t) => {
    const task = await demoSurveyorTask(t);
    const param = { id: String(task.id) };
    const past = await expectJson(
      taskApi(t, ENGINEER).$patch({ param, json: { dueDate: "2020-01-01" } }),
      422,
    );
    assert.deepEqual(past.errors.dueDate, ["Срок не может быть раньше сегодняшнего дня"]);
    const foreigner = await idOf(t, "admin@other.local");
    const stranger = await expectJson(
      taskApi(t, ENGINEER).$patch({ param, json: { assignedTo: foreigner } }),
      422,
    );
    assert.ok(stranger.errors.assignedTo[0].length > 0);
    const self = await expectJson(
      taskApi(t, "surveyor@demo.local").$patch({
        param,
        json: { assignedTo: await idOf(t, "surveyor2@demo.local") },
      }),
      403,
    );
    assert.equal(self.message, "Исполнитель может менять только статус, описание и время своей задачи");
    await expectJson(taskApi(t, "admin@other.local").$patch({ param, json: { description: "x" } }), 404);
  }));
