import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { createTestApp } from "./testing.ts";
import { notifyOverdueTasks } from "./jobs.ts";
import { notifications, tasks, users } from "../db/schema/mod.ts";

Deno.test("notifyOverdueTasks() sends task_overdue once per late task, and again only for a newly late one", async () => {
  let now = new Date();
  const t = await createTestApp({ now: () => now });
  try {
    const { db } = t.deps;
    const [surveyor] = await db.select().from(users).where(eq(users.email, "surveyor@demo.local"));
    const overdueOf = async (userId: number) =>
      await db.select().from(notifications).where(
        and(eq(notifications.userId, userId), eq(notifications.type, "task_overdue")),
      );
    const before = (await overdueOf(surveyor.id)).length;
    const handled = await notifyOverdueTasks(t.deps);
    assert.equal(handled, 2, "the two late demo tasks");
    const after = await overdueOf(surveyor.id);
    // The demo already told the surveyor about one of them; the other is new.
    assert.equal(after.length, before + 1);
    assert.equal(await notifyOverdueTasks(t.deps), 0, "nothing is sent twice");
    assert.equal((await overdueOf(surveyor.id)).length, after.length);

    // Two and a half days later the tasks due in one and two days are late too.
    now = new Date(now.getTime() + 2.5 * 86_400_000);
    assert.equal(await notifyOverdueTasks(t.deps), 2);
    const stamped = await db.select().from(tasks).where(eq(tasks.assignedTo, surveyor.id));
    assert.ok(stamped.filter((x) => x.overdueNotifiedAt).length >= 3);
  } finally {
    await t.close();
  }
});
