import assert from "node:assert/strict";
import { effectiveStatus, isOverdue, isPastDay, parseDueDate, toDateInput } from "./tasks.ts";
import { taskFormSchema } from "./task_forms.ts";
import { parsePeriod, periodRange } from "./periods.ts";

const now = new Date("2026-05-20T12:00:00+03:00");

Deno.test("isOverdue() is true once the due date passed, unless the task is completed or cancelled", () => {
  const past = new Date("2026-05-19T10:00:00+03:00");
  assert.equal(isOverdue({ status: "assigned", dueDate: past }, now), true);
  assert.equal(isOverdue({ status: "in_progress", dueDate: past.toISOString() }, now), true);
  assert.equal(isOverdue({ status: "completed", dueDate: past }, now), false);
  assert.equal(isOverdue({ status: "cancelled", dueDate: past }, now), false);
  assert.equal(isOverdue({ status: "assigned", dueDate: null }, now), false);
  assert.equal(isOverdue({ status: "overdue", dueDate: null }, now), true);
  assert.equal(effectiveStatus({ status: "pending", dueDate: past }, now), "overdue");
  assert.equal(effectiveStatus({ status: "pending", dueDate: new Date("2026-05-21") }, now), "pending");
});

Deno.test("parseDueDate() takes a bare day as the end of that day in Moscow", () => {
  const d = parseDueDate("2026-05-20")!;
  assert.equal(d.toISOString(), "2026-05-20T20:59:59.999Z");
  assert.equal(isOverdue({ status: "assigned", dueDate: d }, now), false, "due today is not late yet");
  assert.equal(toDateInput(d), "2026-05-20");
  assert.equal(isPastDay("2026-05-19", now), true);
  assert.equal(isPastDay("2026-05-20", now), false);
});

Deno.test("taskFormSchema gives the spec's messages", () => {
  const r = taskFormSchema.safeParse({ title: " " });
  assert.equal(r.success, false);
  const messages = Object.fromEntries(r.error!.issues.map((i) => [i.path[0], i.message]));
  assert.equal(messages.title, "Название обязательно");
  assert.equal(messages.dueDate, "Срок выполнения обязателен");
  assert.equal(messages.objectId, "Необходимо выбрать объект");
});

Deno.test("parsePeriod() falls back to 30 days and periodRange() opens the range for «all»", () => {
  assert.equal(parsePeriod("bogus"), "30d");
  assert.equal(periodRange("all", now).from, null);
  assert.equal(periodRange("7d", now).from!.getTime(), now.getTime() - 7 * 86_400_000);
});
