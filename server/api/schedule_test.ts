// deno-lint-ignore-file no-explicit-any
// Time windows in Moscow time, conflicts refused then confirmed, who may move a task, crews, the
// «Подобрать день» suggestion and the private calendar feed read back by an iCalendar parser.
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import ical from "node-ical";
import {
  type ApiClient,
  demoSurveyorTask,
  expectJson,
  expectOk,
  type TestApp,
  withTestApp,
} from "../testing.ts";
import type { JsonOf } from "../../components/api.ts";
import { objects, outboxMessages, users } from "../../db/schema/mod.ts";
import { addDays } from "../../domain/schedule.ts";
import { moscowDate } from "../../domain/dates.ts";
import { calendarTasks } from "../../db/schedule.ts";
import { scopeOf } from "../../db/scope.ts";

const ENGINEER = "engineer@demo.local";

async function idOf(t: TestApp, email: string): Promise<number> {
  const [u] = await t.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return u.id;
}

const tomorrow = (t: TestApp) => addDays(moscowDate(t.deps.now()), 1);

type TaskPatch = JsonOf<ApiClient["tasks"][":id"]["$patch"]>;

/** The task `id` changed by `email` through the typed client. */
const patchTask = (t: TestApp, id: number, json: TaskPatch, email = ENGINEER) =>
  t.as(email).api.tasks[":id"].$patch({ param: { id: String(id) }, json });

/** The task `id` as `email` reads it through the typed client. */
const getTask = (t: TestApp, id: number, email = ENGINEER) =>
  t.as(email).api.tasks[":id"].$get({ param: { id: String(id) } });

/** A new task of the engineer's for `email` on the object. */
async function newTask(t: TestApp, objectId: number, email: string | null, title: string) {
  return (await expectOk(
    t.as(ENGINEER).api.tasks.$post({
      json: {
        title,
        objectId,
        dueDate: addDays(moscowDate(t.deps.now()), 10),
        assignedTo: email ? await idOf(t, email) : null,
      },
    }),
    201,
  ))!;
}

Deno.test("[api] PATCH /api/tasks/:id books a day and a window in Moscow time and tells the client the window", () =>
  withTestApp(async (t) => {
    const task = await demoSurveyorTask(t);
    await t.deps.db.update(objects).set({ clientEmail: "client@example.ru" }).where(
      eq(objects.id, task.objectId),
    );
    const day = tomorrow(t);
    const booked = await expectOk(
      patchTask(t, task.id, { scheduledDate: day, windowStart: 540, windowEnd: 720 }),
    );
    assert.equal(booked.scheduledDate, day);
    assert.deepEqual([booked.windowStart, booked.windowEnd], [540, 720]);
    // The due date follows the window's end: 12:00 in Moscow is 09:00 UTC.
    assert.equal(new Date(booked.dueDate!).toISOString(), `${day}T09:00:00.000Z`);
    const [message] = await t.deps.db.select().from(outboxMessages).where(and(
      eq(outboxMessages.objectId, task.objectId),
      eq(outboxMessages.event, "visit_scheduled"),
    ));
    const [y, m, d] = day.split("-");
    assert.ok(message?.textBody.includes(`${d}.${m}.${y}, 9:00–12:00`), message?.textBody);
    assert.equal(message.recipient, "client@example.ru");

    const bad = await expectJson(patchTask(t, task.id, { windowStart: 720, windowEnd: 600 }), 422);
    assert.deepEqual(bad.errors.windowEnd, ["Конец окна должен быть позже начала"]);
    const past = await expectJson(patchTask(t, task.id, { scheduledDate: "2020-01-01" }), 422);
    assert.deepEqual(past.errors.scheduledDate, ["Дата не может быть раньше сегодняшнего дня"]);
  }));

Deno.test("[api] PATCH /api/tasks/:id answers 409 with a person's overlapping task and a crew booked twice, then books when confirmed", () =>
  withTestApp(async (t) => {
    const first = await demoSurveyorTask(t);
    const day = tomorrow(t);
    await expectOk(patchTask(t, first.id, { scheduledDate: day, windowStart: 540, windowEnd: 720 }));
    const second = await newTask(t, first.objectId, "surveyor@demo.local", "Повторный замер");
    const move = { scheduledDate: day, windowStart: 660, windowEnd: 780 };
    const refused = await expectJson(patchTask(t, second.id, move), 409);
    assert.equal(refused.errors.conflicts.length, 1);
    assert.ok(refused.errors.conflicts[0].startsWith(first.title), refused.errors.conflicts[0]);
    const unchanged = await expectOk(getTask(t, second.id));
    assert.equal(unchanged.scheduledDate, null, "a refused move changes nothing");
    const confirmed = await expectOk(patchTask(t, second.id, { ...move, confirm: true }));
    assert.equal(confirmed.windowStart, 660);
    // Touching windows (12:00–13:00 after 9:00–12:00) do not collide.
    await expectOk(patchTask(t, second.id, { windowStart: 720, windowEnd: 780 }));

    const crew = (await expectOk(
      t.as(ENGINEER).api.crews.$post({
        json: {
          name: "Бригада Петрова",
          foremanId: await idOf(t, "foreman@demo.local"),
          memberIds: [],
        },
      }),
      201,
    ))!;
    const a = await newTask(t, first.objectId, null, "Монтаж септика");
    const b = await newTask(t, first.objectId, null, "Прокладка трубы");
    const slot = { scheduledDate: addDays(day, 1), windowStart: 540, windowEnd: 1020, crewId: crew.id };
    await expectOk(patchTask(t, a.id, slot));
    const twice = await expectJson(patchTask(t, b.id, { ...slot, windowStart: 600, windowEnd: 660 }), 409);
    assert.ok(twice.errors.conflicts[0].includes("Бригада Петрова"), twice.errors.conflicts[0]);
  }));

Deno.test("[api] PATCH /api/tasks/:id changes a booked task's time: the window moved keeping its length, its length changed, 409 on an overlap, 404 for another company", () =>
  withTestApp(async (t) => {
    const task = await demoSurveyorTask(t);
    const day = tomorrow(t);
    const book = (id: number, body: TaskPatch, email = ENGINEER) => patchTask(t, id, body, email);
    await expectOk(book(task.id, { scheduledDate: day, windowStart: 540, windowEnd: 720 }));
    // Dragged down by an hour and a half (the day view sends only the window): 10:30–13:30, due at its end.
    const moved = await expectOk(
      book(task.id, { windowStart: 630, windowEnd: 810 }, "surveyor@demo.local"),
    );
    assert.deepEqual([moved.scheduledDate, moved.windowStart, moved.windowEnd], [day, 630, 810]);
    assert.equal(new Date(moved.dueDate!).toISOString(), `${day}T10:30:00.000Z`);
    // Its lower edge dragged up: 10:30–11:15.
    const shorter = await expectOk(book(task.id, { windowStart: 630, windowEnd: 675 }));
    assert.deepEqual([shorter.windowStart, shorter.windowEnd], [630, 675]);

    const other = await newTask(t, task.objectId, "surveyor@demo.local", "Повторный замер");
    await expectOk(book(other.id, { scheduledDate: day, windowStart: 720, windowEnd: 840 }));
    const longer = await expectJson(book(task.id, { windowStart: 630, windowEnd: 780 }), 409);
    assert.equal(
      longer.message,
      "Время пересекается с другими задачами. Подтвердите, чтобы назначить всё равно",
    );
    assert.ok(longer.errors.conflicts[0].startsWith("Повторный замер"), longer.errors.conflicts[0]);
    const kept = await expectOk(getTask(t, task.id));
    assert.deepEqual([kept.windowStart, kept.windowEnd], [630, 675], "a refused change keeps the window");
    const inverted = await expectJson(book(task.id, { windowStart: 675, windowEnd: 675 }), 422);
    assert.deepEqual(inverted.errors.windowEnd, ["Конец окна должен быть позже начала"]);
    await expectJson(book(task.id, { windowStart: 540, windowEnd: 600 }, "admin@other.local"), 404);
    const still = await expectOk(getTask(t, task.id));
    assert.deepEqual([still.windowStart, still.windowEnd], [630, 675]);
  }));

Deno.test("[api] PATCH /api/tasks/:id: the assignee moves only their own task, the roles that assign move others', another company gets 404", () =>
  withTestApp(async (t) => {
    const task = await demoSurveyorTask(t);
    const day = tomorrow(t);
    await expectOk(
      patchTask(t, task.id, { scheduledDate: day, windowStart: 600, windowEnd: 660 }, "surveyor@demo.local"),
    );
    await expectJson(patchTask(t, task.id, { scheduledDate: day }, "surveyor2@demo.local"), 404);
    const crew = await expectJson(patchTask(t, task.id, { crewId: 1 }, "surveyor@demo.local"), 403);
    assert.equal(crew.message, "Исполнитель может менять только статус, описание и время своей задачи");
    await expectJson(patchTask(t, task.id, { scheduledDate: day }, "admin@other.local"), 404);
    const foreign = (await expectOk(
      t.as("admin@other.local").api.crews.$post({ json: { name: "Чужая", memberIds: [] } }),
      201,
    ))!;
    const wrong = await expectJson(patchTask(t, task.id, { crewId: foreign.id }), 422);
    assert.deepEqual(wrong.errors.crewId, ["Бригада не найдена"]);
    await expectJson(t.as(ENGINEER).api.crews[":id"].$delete({ param: { id: String(foreign.id) } }), 404);
    await expectJson(
      t.as("foreman@demo.local").api.crews.$post({ json: { name: "Своя", memberIds: [] } }),
      403,
    );
  }));

Deno.test("[api] the calendar feed: a crew's task is in each member's feed, node-ical reads what the calendar shows, a revoked link is 404", () =>
  withTestApp(async (t) => {
    const task = await demoSurveyorTask(t);
    const foreman = await idOf(t, "foreman@demo.local");
    const crew = (await expectOk(
      t.as(ENGINEER).api.crews.$post({ json: { name: "Бригада 1", memberIds: [foreman] } }),
      201,
    ))!;
    const day = tomorrow(t);
    await expectOk(
      patchTask(t, task.id, {
        scheduledDate: day,
        windowStart: 540,
        windowEnd: 720,
        crewId: crew.id,
        confirm: true,
      }),
    );
    const { url } = await expectOk(t.as("foreman@demo.local").api["calendar-feed"].$post(), 201);
    const path = new URL(url).pathname;
    // The feed itself: read signed out, as a phone's calendar reads it, and answered as text/calendar.
    const res = await t.request(path);
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type") ?? "", /text\/calendar/);
    const events = Object.values(ical.sync.parseICS(await res.text())).filter((e: any) =>
      e.type === "VEVENT"
    ) as any[];
    const shown = await calendarTasks(t.deps.db, scopeOf(task.companyId), {
      from: moscowDate(t.deps.now()),
      to: addDays(day, 30),
      personId: foreman,
      now: t.deps.now(),
    });
    assert.deepEqual(events.map((e) => e.uid).sort(), shown.map((s) => `task-${s.id}@polesmeta`).sort());
    const event = events.find((e) => e.uid === `task-${task.id}@polesmeta`);
    assert.equal(new Date(event.start).toISOString(), `${day}T06:00:00.000Z`, "9:00 in Moscow");
    assert.equal(new Date(event.end).toISOString(), `${day}T09:00:00.000Z`);
    assert.equal(event.location, task.object.address);
    assert.ok(event.description.includes(task.object.clientPhone), event.description);
    assert.ok(event.description.includes(`/tasks?taskId=${task.id}`));

    await expectOk(t.as("foreman@demo.local").api["calendar-feed"].$delete());
    assert.equal((await t.request(path)).status, 404);
  }));

Deno.test("[api] GET /api/schedule/suggest offers the day the person already goes the site's way", () =>
  withTestApp(async (t) => {
    const task = await demoSurveyorTask(t);
    const [site] = await t.deps.db.select().from(objects).where(eq(objects.id, task.objectId));
    assert.ok(site.direction, "the demo site has a direction");
    const day = addDays(moscowDate(t.deps.now()), 3);
    await expectOk(patchTask(t, task.id, { scheduledDate: day }));
    const surveyor = await idOf(t, "surveyor@demo.local");
    const query = { objectId: String(site.id), personId: String(surveyor) };
    const days = await expectOk(t.as(ENGINEER).api.schedule.suggest.$get({ query }));
    assert.deepEqual(days.map((d) => d.day), [day]);
    await expectJson(t.as("admin@other.local").api.schedule.suggest.$get({ query }), 404);
  }));
