import assert from "node:assert/strict";
import { type ApiClient, expectJson, expectOk, type TestApp, withTestApp } from "../testing.ts";
import type { JsonOf } from "../../components/api.ts";
import { toDateInput } from "../../domain/tasks.ts";
import { eq } from "drizzle-orm";
import { activities, notifications } from "../../db/schema/mod.ts";
import { newObject } from "../testing_objects.ts";

const DAY = 86_400_000;

type TaskPatch = JsonOf<ApiClient["tasks"][":id"]["$patch"]>;

async function idOf(t: TestApp, email: string): Promise<number> {
  return (await expectOk(t.as(email).api.user.$get())).id;
}

async function firstObject(t: TestApp, as = "engineer@demo.local"): Promise<number> {
  const tasks = await expectOk(t.as(as).api.tasks.$get({ query: {} }));
  return tasks.find((x) => x.objectId)!.objectId!;
}

Deno.test("[api] POST /api/tasks notifies the surveyor, who alone sees, changes and starts it", () =>
  withTestApp(async (t) => {
    const surveyorId = await idOf(t, "surveyor@demo.local");
    const objectId = await firstObject(t);
    const due = toDateInput(new Date(t.deps.now().getTime() + 3 * DAY));
    const task = (await expectOk(
      t.as("engineer@demo.local").api.tasks.$post({
        json: {
          measurement: true,
          title: "Замер под станцию",
          description: "Проверить грунт",
          dueDate: due,
          objectId,
          assignedTo: surveyorId,
        },
      }),
      201,
    ))!;
    assert.equal(task.status, "assigned");
    assert.equal(task.priority, "high");
    assert.equal(task.assignedUser?.id, surveyorId);
    assert.equal(task.object?.id, objectId);

    const notes = await expectOk(t.as("surveyor@demo.local").api.notifications.$get({ query: {} }));
    const note = notes.find((n) => n.relatedTaskId === task.id);
    assert.ok(note, "the surveyor has a notification about the task");
    assert.equal(note.type, "task_assigned");
    assert.equal(note.isRead, false);

    const mine = await expectOk(t.as("surveyor@demo.local").api.tasks.$get({ query: {} }));
    assert.ok(mine.some((x) => x.id === task.id));
    assert.ok(mine.every((x) => x.assignedTo === surveyorId), "a surveyor sees only their own tasks");
    const theirs = await expectOk(t.as("surveyor2@demo.local").api.tasks.$get({ query: {} }));
    assert.ok(!theirs.some((x) => x.id === task.id));

    const other = t.as("surveyor2@demo.local").api.tasks[":id"].$patch({
      param: { id: String(task.id) },
      json: { status: "in_progress" },
    });
    await expectJson(other, 404);
    await expectJson(
      t.as("surveyor2@demo.local").api.tasks[":id"].$get({ param: { id: String(task.id) } }),
      404,
    );

    const started = await expectOk(
      t.as("surveyor@demo.local").api.tasks[":id"].$patch({
        param: { id: String(task.id) },
        json: { status: "in_progress" },
      }),
    );
    assert.equal(started.status, "in_progress");

    // The assignee may change only the status and description.
    await expectJson(
      t.as("surveyor@demo.local").api.tasks[":id"].$patch({
        param: { id: String(task.id) },
        json: { priority: "low" },
      }),
      403,
    );
    // Another company gets 404 for reading and for changing.
    await expectJson(
      t.as("admin@other.local").api.tasks[":id"].$get({ param: { id: String(task.id) } }),
      404,
    );
    await expectJson(
      t.as("admin@other.local").api.tasks[":id"].$patch({
        param: { id: String(task.id) },
        json: { status: "cancelled" },
      }),
      404,
    );
    const otherList = await expectOk(t.as("admin@other.local").api.tasks.$get({ query: {} }));
    assert.ok(!otherList.some((x) => x.id === task.id));
  }));

Deno.test("[api] a status change answers the task as read afresh, with the state its object moved to", () =>
  withTestApp(async (t) => {
    const engineer = t.as("engineer@demo.local");
    const object = await expectOk(engineer.api.objects.$post({ json: newObject("Клиент отмены") }), 201);
    const task = await expectOk(
      engineer.api.tasks.$post({
        json: {
          title: "Замер",
          description: "Замер под станцию",
          objectId: object.id,
          measurement: true,
          dueDate: toDateInput(new Date(t.deps.now().getTime() + 3 * DAY)),
          assignedTo: await idOf(t, "surveyor@demo.local"),
        },
      }),
      201,
    ) ?? assert.fail("no task");
    assert.equal(task.object?.status, "in_progress", "a task on a new object begins its survey");
    const read = () => expectOk(engineer.api.tasks[":id"].$get({ param: { id: String(task.id) } }));
    const change = (status: "cancelled" | "assigned" | "in_progress") =>
      expectOk(engineer.api.tasks[":id"].$patch({ param: { id: String(task.id) }, json: { status } }));

    const cancelled = await change("cancelled");
    assert.equal(cancelled.object?.status, "new", "its only task cancelled, the object is new again");
    assert.deepEqual(cancelled, await read());
    const restored = await change("assigned");
    assert.equal(restored.object?.status, "in_progress");
    assert.deepEqual(restored, await read());
    const started = await change("in_progress");
    assert.equal(started.object?.status, "in_progress", "a change that keeps the object's state");
    assert.deepEqual(started, await read());
  }));

Deno.test("[api] completing a task tells the one who assigned it (task_completed)", () =>
  withTestApp(async (t) => {
    const mine = await expectOk(
      t.as("surveyor@demo.local").api.tasks.$get({ query: { status: "in_progress" } }),
    );
    const task = mine.find((x) => x.objectId !== null);
    assert.ok(task?.objectId);
    await expectOk(
      t.as("surveyor@demo.local").api.estimates.generate.$post({
        json: {
          objectId: task.objectId,
          taskId: task.id,
          measurements: { septic_model: "topas-5" },
        },
      }),
      201,
    );
    const done = await expectOk(
      t.as("surveyor@demo.local").api.tasks[":id"].$patch({
        param: { id: String(task.id) },
        json: { status: "completed" },
      }),
    );
    assert.equal(done.status, "completed");
    assert.ok(done.completedAt);
    const notes = await expectOk(t.as("engineer@demo.local").api.notifications.$get({ query: {} }));
    const note = notes.find((n) => n.type === "task_completed" && n.relatedTaskId === task.id);
    assert.ok(note && !note.isRead);
    assert.equal(note.message, `${task.title} — ${task.object?.address}`);
  }));

Deno.test("[api] a description edit is stored and tells nobody; a status change is recorded in the feed", () =>
  withTestApp(async (t) => {
    const [task] = await expectOk(
      t.as("surveyor@demo.local").api.tasks.$get({ query: { status: "in_progress" } }),
    );
    const { db } = t.deps;
    const notesBefore = (await db.select().from(notifications)).length;
    const feedBefore = (await db.select().from(activities)).length;
    const edited = await expectOk(
      t.as("surveyor@demo.local").api.tasks[":id"].$patch({
        param: { id: String(task.id) },
        json: { description: "Новое описание" },
      }),
    );
    assert.equal(edited.description, "Новое описание");
    assert.equal(edited.object?.address, task.object?.address, "answered with the joined task");
    assert.equal((await db.select().from(notifications)).length, notesBefore);
    assert.equal((await db.select().from(activities)).length, feedBefore);

    await expectOk(
      t.as("surveyor@demo.local").api.tasks[":id"].$patch({
        param: { id: String(task.id) },
        json: { status: "pending" },
      }),
    );
    const feed = await db.select().from(activities).where(eq(activities.taskId, task.id));
    assert.ok(feed.some((a) => a.status === "pending"));
  }));

Deno.test("[api] POST /api/tasks refuses an assignee of another company and a missing field with 422", () =>
  withTestApp(async (t) => {
    const foreignId = await idOf(t, "admin@other.local");
    const objectId = await firstObject(t);
    const due = toDateInput(new Date(t.deps.now().getTime() + DAY));
    const res = t.as("engineer@demo.local").api.tasks.$post({
      json: {
        title: "Чужой исполнитель",
        dueDate: due,
        objectId,
        assignedTo: foreignId,
      },
    });
    const body = await expectJson(res, 422);
    assert.ok(body.errors.assignedTo);

    const missing = await expectJson(
      t.as("engineer@demo.local").api.tasks.$post({ json: { title: "", objectId } }),
      422,
    );
    assert.deepEqual(missing.errors.title, ["Название обязательно"]);
    assert.deepEqual(missing.errors.dueDate, ["Срок выполнения обязателен"]);

    const noSurveyor = await expectJson(
      t.as("engineer@demo.local").api.tasks.$post({
        json: {
          measurement: true,
          title: "Замер",
          description: "",
          dueDate: due,
          objectId,
        },
      }),
      422,
    );
    assert.deepEqual(noSurveyor.errors.description, ["Описание обязательно"]);
    assert.deepEqual(noSurveyor.errors.assignedTo, ["Замерщик обязателен"]);

    const past = await expectJson(
      t.as("engineer@demo.local").api.tasks.$post({
        json: {
          title: "Вчера",
          dueDate: toDateInput(new Date(t.deps.now().getTime() - 2 * DAY)),
          objectId,
        },
      }),
      422,
    );
    assert.ok(past.errors.dueDate);

    // A foreign object is not the company's: the object is 'not chosen'.
    const otherTasks = await expectOk(t.as("admin@other.local").api.tasks.$get({ query: {} }));
    assert.equal(otherTasks.length, 0);

    // A surveyor may not create tasks.
    await expectJson(
      t.as("surveyor@demo.local").api.tasks.$post({ json: { title: "Сам себе", dueDate: due, objectId } }),
      403,
    );
  }));

Deno.test("[api] GET /api/tasks shows the demo's late tasks as overdue, and filters by status", () =>
  withTestApp(async (t) => {
    const all = await expectOk(t.as("engineer@demo.local").api.tasks.$get({ query: {} }));
    const now = t.deps.now().getTime();
    const late = all.filter((x) =>
      x.dueDate && new Date(x.dueDate).getTime() < now && !["completed", "cancelled"].includes(x.storedStatus)
    );
    assert.ok(late.length >= 2, "the demo has late tasks");
    for (const x of late) {
      assert.equal(x.status, "overdue");
      assert.equal(x.isOverdue, true);
    }
    const cancelledLate = all.find((x) => x.storedStatus === "cancelled");
    assert.equal(cancelledLate?.status, "cancelled", "a cancelled task is never overdue");

    const overdue = await expectOk(
      t.as("engineer@demo.local").api.tasks.$get({ query: { status: "overdue" } }),
    );
    assert.deepEqual(overdue.map((x) => x.id).sort(), late.map((x) => x.id).sort());
    const assigned = await expectOk(
      t.as("engineer@demo.local").api.tasks.$get({ query: { status: "assigned" } }),
    );
    assert.ok(assigned.every((x) => x.status === "assigned"));
  }));

Deno.test("[api] tasks: a customer without a company gets 403, signed out 401", () =>
  withTestApp(async (t) => {
    await expectJson(t.as("client@demo.local").api.tasks.$get({ query: {} }), 403);
    // Signed out: the typed client always signs in.
    await expectJson(await t.request("/api/tasks"), 401);
  }));

Deno.test("[api] a measurement task without a generated estimate cannot be completed (422), nor set overdue", () =>
  withTestApp(async (t) => {
    const [task] = await expectOk(
      t.as("surveyor@demo.local").api.tasks.$get({ query: { status: "in_progress" } }),
    );
    for (const as of ["surveyor@demo.local", "engineer@demo.local"]) {
      const refused = await expectJson(
        t.as(as).api.tasks[":id"].$patch({ param: { id: String(task.id) }, json: { status: "completed" } }),
        422,
      );
      assert.match(refused.errors.status[0], /сгенерируйте смету/);
    }
    const overdue = await expectJson(
      t.as("engineer@demo.local").api.tasks[":id"].$patch({
        param: { id: String(task.id) },
        json: { status: "overdue" },
      }),
      422,
    );
    assert.ok(overdue.errors.status);
    const after = await expectOk(
      t.as("engineer@demo.local").api.tasks[":id"].$get({ param: { id: String(task.id) } }),
    );
    assert.equal(after.storedStatus, "in_progress");
    assert.equal(after.completedAt, null);
  }));

Deno.test("[api] a task without an assignee is created (201) and every reader of tasks still answers", () =>
  withTestApp(async (t) => {
    const objectId = await firstObject(t);
    const due = toDateInput(new Date(t.deps.now().getTime() + DAY));
    const created = (await expectOk(
      t.as("manager@demo.local").api.tasks.$post({
        json: {
          title: "Без исполнителя",
          dueDate: due,
          objectId,
        },
      }),
      201,
    ))!;
    assert.equal(created.assignedUser, null);
    const [assigned] = await expectOk(
      t.as("engineer@demo.local").api.tasks.$get({ query: { status: "assigned" } }),
    );
    const unassigned = await expectOk(
      t.as("engineer@demo.local").api.tasks[":id"].$patch({
        param: { id: String(assigned.id) },
        json: { assignedTo: null },
      }),
    );
    assert.equal(unassigned.assignedTo, null);
    const list = await expectOk(t.as("director@demo.local").api.tasks.$get({ query: {} }));
    assert.ok(list.some((x) => x.id === created.id && x.assignedUser === null));
    for (const page of ["/tasks", "/dashboard", "/engineer", "/field-work", "/surveyor", "/measurements"]) {
      const res = await t.request(page, { as: "admin@demo.local" });
      await res.body?.cancel();
      assert.equal(res.status, 200, page);
    }
  }));

Deno.test("[api] a measurement task is refused without a surveyor (422) and nothing is saved", () =>
  withTestApp(async (t) => {
    const objectId = await firstObject(t);
    const before = (await expectOk(t.as("engineer@demo.local").api.tasks.$get({ query: {} }))).length;
    const due = toDateInput(new Date(t.deps.now().getTime() + DAY));
    const refused = await expectJson(
      t.as("engineer@demo.local").api.tasks.$post({
        json: {
          measurement: true,
          title: "Замер",
          description: "Без замерщика",
          dueDate: due,
          objectId,
        },
      }),
      422,
    );
    assert.deepEqual(refused.errors.assignedTo, ["Замерщик обязателен"]);
    const after = (await expectOk(t.as("engineer@demo.local").api.tasks.$get({ query: {} }))).length;
    assert.equal(after, before);
  }));

Deno.test("[api] «Сметы по видам работ» is set by the chief engineer and administrators, one estimate by default", () =>
  withTestApp(async (t) => {
    const objectId = await firstObject(t);
    const due = toDateInput(new Date(t.deps.now().getTime() + DAY));
    const task = { title: "Скважина и водопровод", dueDate: due, objectId };
    const plain = (await expectOk(t.as("manager@demo.local").api.tasks.$post({ json: task }), 201))!;
    assert.equal(plain.separateEstimates, false);
    const chosen = (await expectOk(
      t.as("engineer@demo.local").api.tasks.$post({ json: { ...task, separateEstimates: true } }),
      201,
    ))!;
    assert.equal(chosen.separateEstimates, true);
    // A manager and a surveyor may not choose.
    await expectJson(
      t.as("manager@demo.local").api.tasks.$post({ json: { ...task, separateEstimates: true } }),
      403,
    );
    await expectJson(
      t.as("manager@demo.local").api.tasks[":id"].$patch({
        param: { id: String(plain.id) },
        json: { separateEstimates: true },
      }),
      403,
    );
    const mine = (await expectOk(t.as("surveyor@demo.local").api.tasks.$get({ query: {} })))[0];
    await expectJson(
      t.as("surveyor@demo.local").api.tasks[":id"].$patch({
        param: { id: String(mine.id) },
        json: { separateEstimates: true },
      }),
      403,
    );
    for (const admin of ["director@demo.local", "admin@demo.local"]) {
      const set = await expectOk(
        t.as(admin).api.tasks[":id"].$patch({
          param: { id: String(plain.id) },
          json: { separateEstimates: admin === "admin@demo.local" },
        }),
      );
      assert.equal(set.separateEstimates, admin === "admin@demo.local");
    }
    const message = ["Выберите: одна общая смета или отдельная на каждый вид работ"];
    const badPatch = await expectJson(
      // a body the types refuse: a text where a boolean is due
      await t.as("engineer@demo.local").patch(`/api/tasks/${plain.id}`, { separateEstimates: "отдельная" }),
      422,
    );
    assert.deepEqual(badPatch.errors.separateEstimates, message);
    const badPost = await expectJson(
      t.as("engineer@demo.local").api.tasks.$post({ json: { ...task, separateEstimates: 1 } }),
      422,
    );
    assert.deepEqual(badPost.errors.separateEstimates, message);
  }));

Deno.test("[api] PATCH answers the task as GET shows it after the change, whatever was changed", () =>
  withTestApp(async (t) => {
    const engineer = t.as("engineer@demo.local").api;
    const tasks = await expectOk(engineer.tasks.$get({ query: {} }));
    const task = tasks.find((x) => x.objectId && x.assignedTo && x.storedStatus === "pending")!;
    const otherObject = tasks.find((x) => x.objectId && x.objectId !== task.objectId)!.objectId!;
    const surveyor2 = await idOf(t, "surveyor2@demo.local");
    const param = { id: String(task.id) };
    const changes: TaskPatch[] = [
      { description: "Новое описание" },
      { priority: "high" },
      { status: "in_progress" },
      { dueDate: toDateInput(new Date(Date.now() + 3 * DAY)) },
      { objectId: otherObject },
      { assignedTo: surveyor2 },
      { assignedTo: null },
      { title: "Новое название", description: null },
    ];
    for (const change of changes) {
      const answered = await expectOk(engineer.tasks[":id"].$patch({ param, json: change }));
      const shown = await expectOk(engineer.tasks[":id"].$get({ param }));
      assert.deepEqual(answered, shown, JSON.stringify(change));
    }
  }));
