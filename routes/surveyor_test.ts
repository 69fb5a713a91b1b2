// The surveyor's cabinet at a large company: counters of every task, the newest of each section listed.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { tasks, users } from "../db/schema/mod.ts";
import { withTestApp } from "../server/testing.ts";
import { SECTION_SIZE } from "./surveyor.tsx";

const SURVEYOR = "surveyor@demo.local";
const DAY = 86_400_000;

/** The figure of a counter card, by its label. */
const card = (html: string, label: string) =>
  Number(html.match(new RegExp(`${label}</[^>]+>[\\s\\S]*?stat-value[^>]*>(\\d+)<`))?.[1]);

Deno.test("[pages] /surveyor counts every task of the surveyor and lists the newest of a long section with a link to the task list", () =>
  withTestApp(async (t) => {
    const { db } = t.deps;
    const [me] = await db.select().from(users).where(eq(users.email, SURVEYOR));
    const before = await (await t.request("/surveyor", { as: SURVEYOR })).text();
    const was = {
      overdue: card(before, "Просрочено"),
      active: card(before, "Активные"),
      all: card(before, "Всего задач"),
    };
    assert.ok(was.all > 0 && !before.includes("Все просроченные задачи"));

    // Past due yesterday and earlier (the tally) and an hour ago (today's rows), open; and some not late.
    const now = t.deps.now().getTime();
    const late = SECTION_SIZE + 5;
    await db.insert(tasks).values([
      ...Array.from({ length: late }, (_, i) => ({
        companyId: me.companyId!,
        assignedTo: me.id,
        title: `Просроченный замер ${i}`,
        status: (["assigned", "pending", "in_progress"] as const)[i % 3],
        dueDate: new Date(i === 0 ? now - 3_600_000 : now - i * DAY),
        createdAt: new Date(now - (i + 1) * 60_000),
      })),
      ...Array.from({ length: 3 }, (_, i) => ({
        companyId: me.companyId!,
        assignedTo: me.id,
        title: `Будущий замер ${i}`,
        status: "assigned" as const,
        dueDate: new Date(now + (i + 1) * DAY),
      })),
    ]);

    const html = await (await t.request("/surveyor", { as: SURVEYOR })).text();
    assert.equal(card(html, "Просрочено"), was.overdue + late);
    assert.equal(card(html, "Активные"), was.active + 3);
    assert.equal(card(html, "Всего задач"), was.all + late + 3);
    assert.match(html, new RegExp(`Просроченные · (<!-- -->)?${was.overdue + late}<`));
    // The newest of the section: the late task due an hour ago is the newest of them, the oldest is not shown.
    assert.ok(html.includes("Просроченный замер 0<"));
    assert.ok(!html.includes(`Просроченный замер ${late - 1}<`));
    assert.equal(html.match(/Просроченный замер \d+</g)?.length, Math.min(late, SECTION_SIZE));
    assert.match(
      html,
      new RegExp(`href="/tasks\\?status=overdue"[^>]*>Все просроченные задачи \\(${was.overdue + late}\\)`),
    );
    assert.ok(!html.includes("Все задачи ("), "the active section shows all of its few tasks");
  }));
