// deno-lint-ignore-file no-explicit-any
// «Изменить» on /tasks opens the schedule's task-edit dialog (ScheduleBoard) and comes back to the list
// with its filters; only a task the viewer may change is offered.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { users } from "../db/schema/mod.ts";
import { demoSurveyorTask, islandProps, type TestApp, withTestApp } from "../server/testing.ts";

const page = async (t: TestApp, url: string, as: string) => {
  const res = await t.request(url, { as });
  assert.equal(res.status, 200, url);
  return await res.text();
};

Deno.test("[pages] /tasks: «Изменить» keeps the list's filters and opens the schedule's task-edit dialog, which returns to them; another's or another company's task is not opened", () =>
  withTestApp(async (t) => {
    const task = await demoSurveyorTask(t);
    const [surveyor] = await t.deps.db.select({ id: users.id }).from(users)
      .where(eq(users.email, "surveyor@demo.local"));
    const list = `/tasks?assignedTo=${surveyor.id}`;
    const html = await page(t, list, "engineer@demo.local");
    assert.ok(html.includes(`href="${list}&amp;edit=${task.id}"`), "the card's «Изменить» keeps the filter");

    const edit = islandProps(
      await page(t, `${list}&edit=${task.id}`, "engineer@demo.local"),
      "ScheduleBoard",
    );
    assert.deepEqual(edit.editOnLoad, { taskId: task.id, returnTo: list });
    assert.equal(edit.canAssign, true);
    assert.deepEqual(edit.tasks.map((x: any) => x.id), [task.id]);
    assert.ok(edit.people.some((p: any) => p.id === surveyor.id));

    // The assignee changes the time of their own task: the link is theirs too, without reassigning.
    const own = await page(t, "/tasks", "surveyor@demo.local");
    assert.ok(own.includes(`href="/tasks?edit=${task.id}"`));
    assert.equal(
      islandProps(await page(t, `/tasks?edit=${task.id}`, "surveyor@demo.local"), "ScheduleBoard")
        .canAssign,
      false,
    );

    for (const stranger of ["surveyor2@demo.local", "admin@other.local"]) {
      const refused = await page(t, `/tasks?edit=${task.id}`, stranger);
      assert.equal(islandProps(refused, "ScheduleBoard"), null, stranger);
      assert.ok(refused.includes("Задача не найдена или недоступна вам."), stranger);
    }
  }));
