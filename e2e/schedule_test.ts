// deno-lint-ignore-file no-explicit-any
// A week of twenty tasks of four people in four directions is planned in a browser — a task dragged
// to another day and person at 1366 px, the conflict confirmed — and at 390 px the day's list acts through its
// menu; in the day view a window is dragged, stretched, refused and put back, and changed by keyboard. A crew is
// made in the settings, given a task, shown on the schedule and in a member's calendar feed from the profile.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import ical from "node-ical";
import type { Locator, Page } from "playwright-core";
import { browserTest, hydrated, screenshot, toast } from "./harness.ts";
import { expectJson, type TestApp } from "../server/testing.ts";
import { objects, users } from "../db/schema/mod.ts";
import { assignableUsers } from "../db/tasks.ts";
import { scopeOf } from "../db/scope.ts";
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

/** A pointer drag of `handle` by `dy` pixels (the day view's window handle or its lower edge). */
async function dragBy(page: Page, handle: Locator, dy: number) {
  await handle.scrollIntoViewIfNeeded();
  const box = (await handle.boundingBox())!;
  const x = box.x + box.width / 2, y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + dy, { steps: 4 });
  await page.mouse.up();
}

/** Runs `act`, which saves and reloads the schedule, and waits for the reloaded board. */
async function reloaded(page: Page, act: () => Promise<void>) {
  await Promise.all([page.waitForEvent("load"), act()]);
  await hydrated(page, "ScheduleBoard");
}

const windowOf = async (t: TestApp, id: number) => {
  const task = await expectJson<any>(t.as(ENGINEER).get(`/api/tasks/${id}`));
  return [task.windowStart, task.windowEnd];
};

browserTest(
  "[e2e] the schedule: a week of twenty tasks, a task dragged to another day and person with the conflict confirmed, a phone's day list acts through its menu",
  async (h) => {
    const week = weekOf(addDays(moscowDate(h.t.deps.now()), 7));
    const tasks = await seedWeek(h.t, week);
    const page = await h.signedIn(ENGINEER, "desktop", `/schedule?date=${week[0]}`);
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

    // The day view's time: the foreman's Tuesday window (13:00–16:00) dragged down two quarters of an hour, its
    // lower edge up three quarters, then its start set through «Время» by keyboard.
    const timed = tasks.find((x) => x.person === tasks[10].person && x.day === week[1])!;
    await page.goto(`/schedule?view=day&date=${week[1]}`);
    await hydrated(page, "ScheduleBoard");
    const chip = page.locator(`.sched-grid [data-task-id="${timed.id}"]`);
    await screenshot(page, "schedule-day-desktop");
    await reloaded(page, () => dragBy(page, chip.locator(".sched-time"), 24));
    assert.deepEqual(await windowOf(h.t, timed.id), [810, 990]);
    await chip.locator(".sched-time").getByText("13:30–16:30").waitFor();
    await reloaded(page, () => dragBy(page, chip.locator(".sched-resize"), -36));
    assert.deepEqual(await windowOf(h.t, timed.id), [810, 945]);
    await chip.locator(".sched-time").focus();
    await page.keyboard.press("Enter");
    const timeDialog = page.getByRole("dialog", { name: /^Время:/ });
    await timeDialog.getByLabel("Начало").selectOption({ label: "8:00" });
    assert.equal(await timeDialog.getByLabel("Конец").inputValue(), "615", "the length is kept");
    await screenshot(page, "schedule-time-dialog-desktop");
    await reloaded(page, () => timeDialog.getByRole("button", { name: "Сохранить" }).click());
    assert.deepEqual(await windowOf(h.t, timed.id), [480, 615]);

    // Person 2's Wednesday holds two tasks at 9–12 now: a failed save and a cancelled conflict put it back.
    await page.goto(`/schedule?view=day&date=${week[2]}`);
    await hydrated(page, "ScheduleBoard");
    const handle = page.locator(`.sched-grid [data-task-id="${moved.id}"] .sched-time`);
    await page.route(`**/api/tasks/${moved.id}`, (route) => route.abort());
    await dragBy(page, handle, 24);
    await toast(page, "Время не изменено: Нет связи с сервером. Проверьте подключение и повторите.");
    await handle.getByText("9:00–12:00").waitFor();
    await page.unroute(`**/api/tasks/${moved.id}`);
    await dragBy(page, handle, 24);
    const overlap = page.getByRole("dialog", { name: "Пересечение по времени" });
    await overlap.getByText(/Выезд 2\.3/).waitFor();
    await overlap.getByRole("button", { name: "Отмена" }).click();
    await handle.getByText("9:00–12:00").waitFor();
    assert.deepEqual(await windowOf(h.t, moved.id), [540, 720]);

    // The week on a phone, as the engineer sees it (every person, the crews' filter): a list per day, nothing
    // wider than the screen.
    const week390 = await h.signedIn(ENGINEER, "phone", `/schedule?date=${week[0]}`);
    await hydrated(week390, "ScheduleBoard");
    assert.equal(await week390.locator(".sched-list .sched-item").count(), 20);
    const widths = await week390.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
    assert.ok(widths[0] <= widths[1], `the week fits 390 px: ${widths}`);
    await screenshot(week390, "schedule-week-phone");

    // The phone: person 1's day list, «Перенести на завтра» through the menu.
    // The same phone, the engineer done with: person 1 signs in there.
    const phone = await h.switchAccount(week390, PEOPLE[0]);
    const day = week[4];
    const own = tasks.find((x) => x.person === tasks[0].person && x.day === day)!;
    await phone.goto(`/schedule?view=day&date=${day}`);
    await hydrated(phone, "ScheduleBoard");
    const item = phone.locator(`.sched-list [data-task-id="${own.id}"]`);
    await item.getByText("Действия").click();
    await screenshot(phone, "schedule-day-phone");
    for (const name of ["Перенести на завтра", "Время…"]) {
      const box = await item.getByRole("button", { name }).boundingBox();
      assert.ok(box && box.height >= 44, `«${name}»: a tap target of 44 px`);
    }
    await item.getByRole("button", { name: "Перенести на завтра" }).click();
    await phone.getByText("Нет задач").waitFor();
    const next = await expectJson<any>(h.t.as(ENGINEER).get(`/api/tasks/${own.id}`));
    assert.equal(next.scheduledDate, addDays(day, 1));
  },
);

browserTest(
  "[e2e] crews: a crew made in the settings is given a task through «Изменить», shows on the schedule, and the task is in a member's calendar feed from the profile",
  async (h) => {
    const { companyId } = await expectJson<any>(h.t.as(ENGINEER).get("/api/user"));
    const people = await assignableUsers(h.t.deps.db, scopeOf(companyId));
    const [member] = await h.t.deps.db.select({ id: users.id }).from(users)
      .where(eq(users.email, "surveyor2@demo.local"));
    const memberName = people.find((p) => p.id === member.id)!.name;
    const [site] = await h.t.deps.db.select({ id: objects.id }).from(objects)
      .where(eq(objects.companyId, companyId)).limit(1);
    const task = await expectJson<any>(
      h.t.as(ENGINEER).post("/api/tasks", {
        title: "Монтаж септика бригадой",
        objectId: site.id,
        dueDate: addDays(moscowDate(h.t.deps.now()), 9),
      }),
      201,
    );
    const day = addDays(moscowDate(h.t.deps.now()), 2);

    // The phone first: the desktop's page goes on to the schedule.
    let settings;
    for (const size of ["phone", "desktop"] as const) {
      settings = await h.signedIn(ENGINEER, size, "/settings?tab=crews");
      await hydrated(settings, "CrewsManager");
      await screenshot(settings, `crews-${size}`);
      if (size === "phone") {
        const box = await settings.getByRole("button", { name: "Добавить бригаду" }).boundingBox();
        assert.ok(box && box.height >= 44, "«Добавить бригаду»: a tap target of 44 px");
        continue;
      }
      await settings.getByRole("button", { name: "Добавить бригаду" }).click();
      await settings.getByLabel("Название").fill("Бригада Петрова");
      await settings.getByLabel("Бригадир").selectOption({ index: 1 });
      await settings.getByRole("checkbox", { name: memberName }).check();
      await settings.getByRole("button", { name: "Сохранить" }).click();
      await toast(settings, "Бригада сохранена");
      await screenshot(settings, "crews-saved-desktop");
    }

    // The unscheduled task, given to the crew on a day and a window through «Изменить» on the schedule.
    const page = settings!;
    await page.goto(`/schedule?date=${day}`);
    await hydrated(page, "ScheduleBoard");
    await page.locator(`.sched-aside [data-task-id="${task.id}"]`).getByRole("button", { name: "Изменить" })
      .click();
    const edit = page.getByRole("dialog", { name: /^Изменить задачу/ });
    await edit.getByLabel("Бригада").selectOption({ label: "Бригада Петрова" });
    await edit.getByLabel("Дата").fill(day);
    await edit.getByLabel("С", { exact: true }).selectOption({ label: "9:00" });
    await edit.getByLabel("До", { exact: true }).selectOption({ label: "12:00" });
    await reloaded(page, () => edit.getByRole("button", { name: "Сохранить" }).click());
    const crewRow = page.locator(".sched-grid tr", { hasText: "Бригада «Бригада Петрова»" });
    await crewRow.locator(`td[data-drop-day="${day}"] [data-task-id="${task.id}"]`).waitFor();
    const memberRow = page.locator(".sched-grid tbody tr", {
      has: page.getByRole("rowheader", { name: memberName, exact: true }),
    });
    await memberRow.locator(`[data-task-id="${task.id}"]`).waitFor();
    await screenshot(page, "schedule-crew-desktop");

    // «Изменить» on /tasks: the same dialog, and back to the filtered list.
    const list = `/tasks?assignedTo=${member.id}`;
    await page.goto(list);
    const card = page.locator(".task-card").first();
    const title = await card.locator("h3").innerText();
    await card.getByRole("link", { name: `Изменить задачу «${title}»` }).click();
    await hydrated(page, "ScheduleBoard");
    const again = page.getByRole("dialog", { name: `Изменить задачу: ${title}` });
    await again.getByLabel("Описание").fill("Ключи от калитки у соседа");
    await screenshot(page, "tasks-edit-desktop");
    await Promise.all([
      page.waitForURL((u) => u.pathname + u.search === list),
      again.getByRole("button", { name: "Сохранить" }).click(),
    ]);
    await toast(page, "Задача изменена");
    await page.locator(".task-card", { hasText: "Ключи от калитки у соседа" }).waitFor();

    // The member's profile: a feed link, read without a session by an iCalendar parser.
    const phone = await h.signedIn("surveyor2@demo.local", "phone", "/profile");
    await hydrated(phone, "CalendarFeedLink");
    await phone.getByRole("button", { name: "Получить ссылку" }).click();
    const url = await phone.getByLabel("Ссылка для календаря").inputValue();
    await screenshot(phone, "profile-feed-phone");
    await phone.goto("/tasks");
    const editLink = phone.locator(".task-card").first().getByRole("link", { name: /^Изменить задачу/ });
    const box = await editLink.boundingBox();
    assert.ok(box && box.height >= 44, "«Изменить» on a phone: a tap target of 44 px");
    await screenshot(phone, "tasks-phone");
    const res = await fetch(`${h.baseUrl}${new URL(url).pathname}`);
    assert.equal(res.status, 200);
    const events = Object.values(ical.sync.parseICS(await res.text()))
      .filter((e: any) => e.type === "VEVENT") as any[];
    const event = events.find((e) => e.uid === `task-${task.id}@polesmeta`);
    assert.ok(event, "the crew's task is in the member's feed");
    assert.ok(String(event.summary).includes("Монтаж септика бригадой"), String(event.summary));
    assert.equal(new Date(event.start).toISOString(), `${day}T06:00:00.000Z`, "9:00 in Moscow");
    const desktop = await h.switchAccount(page, "surveyor2@demo.local", "/profile");
    await hydrated(desktop, "CalendarFeedLink");
    await screenshot(desktop, "profile-feed-desktop");
  },
);
