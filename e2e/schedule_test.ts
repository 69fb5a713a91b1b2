// deno-lint-ignore-file no-explicit-any
// Issue 28: a week of twenty tasks of four people in four directions is planned in a browser — a task dragged
// to another day and person at 1366 px, the conflict confirmed — and at 390 px the day's list acts through its
// menu.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { browserTest, hydrated, screenshot } from "./harness.ts";
import { expectJson, type TestApp } from "../server/testing.ts";
import { objects, users } from "../db/schema/mod.ts";
import { addDays, weekOf } from "../domain/schedule.ts";
import { moscowDate } from "../domain/dates.ts";

const ENGINEER = "engineer@demo.local";
const PEOPLE = ["surveyor@demo.local", "surveyor2@demo.local", "foreman@demo.local", "manager@demo.local"];
const DIRECTIONS = [
  { settlement: "Истра", direction: "Северо-запад", distanceFromMKAD: 35 },
  { settlement: "Раменское", direction: "Юго-восток", distanceFromMKAD: 26 },
  { settlement: "Дмитров", direction: "Север", distanceFromMKAD: 45 },
  { settlement: "Наро-Фоминск", direction: "Юго-запад", distanceFromMKAD: 50 },
];

/** Four sites, one per direction, and twenty tasks: each person five days in their own direction. */
async function seedWeek(t: TestApp, week: string[]) {
  const sites = await t.deps.db.select({ id: objects.id }).from(objects)
    .where(eq(objects.companyId, (await expectJson<any>(t.as(ENGINEER).get("/api/user"))).companyId))
    .limit(4);
  for (const [i, s] of sites.entries()) {
    await t.deps.db.update(objects).set({ ...DIRECTIONS[i], latitude: null, longitude: null })
      .where(eq(objects.id, s.id));
  }
  const tasks: { id: number; person: number; day: string; start: number }[] = [];
  for (const [p, email] of PEOPLE.entries()) {
    const [u] = await t.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    for (let d = 0; d < 5; d++) {
      const task = await expectJson<any>(
        t.as(ENGINEER).post("/api/tasks", {
          title: `Выезд ${p + 1}.${d + 1}`,
          objectId: sites[p].id,
          dueDate: week[6],
          assignedTo: u.id,
        }),
        201,
      );
      const start = d % 2 === 0 ? 540 : 780;
      await expectJson(
        t.as(ENGINEER).patch(`/api/tasks/${task.id}`, {
          scheduledDate: week[d],
          windowStart: start,
          windowEnd: start + 180,
          confirm: true,
        }),
      );
      tasks.push({ id: task.id, person: u.id, day: week[d], start });
    }
  }
  return tasks;
}

browserTest(
  "[e2e] the schedule: a week of twenty tasks, a task dragged to another day and person with the conflict confirmed, a phone's day list acts through its menu",
  async (h) => {
    const week = weekOf(addDays(moscowDate(h.t.deps.now()), 7));
    const tasks = await seedWeek(h.t, week);
    const page = await h.signedIn(ENGINEER, "desktop");
    await page.goto(`/schedule?date=${week[0]}`);
    await hydrated(page, "ScheduleBoard");
    assert.equal(await page.locator(".sched-grid .sched-task").count(), 20);
    await page.getByText("Северо-запад").first().waitFor();
    await screenshot(page, "schedule-week-desktop");

    // Person 1's Monday task (9–12) onto person 2's Wednesday, where person 2 is booked 9–12: a conflict.
    const moved = tasks.find((x) => x.person === tasks[0].person && x.day === week[0])!;
    const target = tasks.find((x) => x.person === tasks[5].person && x.day === week[2])!;
    // HTML5 drag and drop, event by event: playwright's mouse drag aims at a point computed before it scrolls
    // the long grid, and picks up the task above.
    const cell = `.sched-grid td[data-drop-day="${week[2]}"][data-drop-person="${target.person}"]`;
    const transfer = await page.evaluateHandle(() => new DataTransfer());
    await page.locator(`.sched-grid [data-task-id="${moved.id}"]`).dispatchEvent("dragstart", {
      dataTransfer: transfer,
    });
    await page.locator(cell).dispatchEvent("dragover", { dataTransfer: transfer });
    await page.locator(cell).dispatchEvent("drop", { dataTransfer: transfer });
    const dialog = page.getByRole("dialog", { name: "Пересечение по времени" });
    await dialog.getByText(/Выезд 2\.3/).waitFor();
    await screenshot(page, "schedule-conflict-desktop");
    await dialog.getByRole("button", { name: "Назначить всё равно" }).click();
    await page.locator(`${cell} [data-task-id="${moved.id}"]`).waitFor();
    const after = await expectJson<any>(h.t.as(ENGINEER).get(`/api/tasks/${moved.id}`));
    assert.equal(after.scheduledDate, week[2]);
    assert.equal(after.assignedTo, target.person);

    // The phone: person 1's day list, «Перенести на завтра» through the menu.
    const phone = await h.signedIn(PEOPLE[0], "phone");
    const day = week[4];
    const own = tasks.find((x) => x.person === tasks[0].person && x.day === day)!;
    await phone.goto(`/schedule?view=day&date=${day}`);
    await hydrated(phone, "ScheduleBoard");
    const item = phone.locator(`.sched-list [data-task-id="${own.id}"]`);
    await item.getByText("Действия").click();
    await screenshot(phone, "schedule-day-phone");
    const box = await item.getByRole("button", { name: "Перенести на завтра" }).boundingBox();
    assert.ok(box && box.height >= 44, "a tap target of 44 px");
    await item.getByRole("button", { name: "Перенести на завтра" }).click();
    await phone.getByText("Нет задач").waitFor();
    const next = await expectJson<any>(h.t.as(ENGINEER).get(`/api/tasks/${own.id}`));
    assert.equal(next.scheduledDate, addDays(day, 1));
  },
);
