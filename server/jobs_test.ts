import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { createTestApp, withTestApp } from "./testing.ts";
import { cleanUpSessions, notifyOverdueTasks, startJobs } from "./jobs.ts";
import { loginAttempts, notifications, sessions, tasks, users } from "../db/schema/mod.ts";
import { createSession, SESSION_LIFETIME, sessionIdOf } from "./auth/sessions.ts";

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

Deno.test("cleanUpSessions() deletes expired sessions and old sign-in attempts, and keeps live ones", async () => {
  let now = new Date("2026-11-01T10:00:00Z");
  const t = await createTestApp({ now: () => now });
  try {
    const { db } = t.deps;
    const [manager] = await db.select().from(users).where(eq(users.email, "manager@demo.local"));
    await createSession(db, manager.id, new Date(now.getTime() - SESSION_LIFETIME - 1000));
    const { token } = await createSession(db, manager.id, now);
    await db.insert(loginAttempts).values([
      { email: "x@y.ru", ip: "10.0.0.1", createdAt: new Date(now.getTime() - 16 * 60_000) },
      { email: "x@y.ru", ip: "10.0.0.1", createdAt: now },
    ]);
    assert.deepEqual(await cleanUpSessions(t.deps), { sessions: 1, attempts: 1 });
    const left = await db.select().from(sessions).where(eq(sessions.userId, manager.id));
    assert.deepEqual(left.map((s) => s.id), [sessionIdOf(token)]);
    assert.equal((await db.select().from(loginAttempts)).length, 1);
    assert.deepEqual(await cleanUpSessions(t.deps), { sessions: 0, attempts: 0 });
    now = new Date(now.getTime() + SESSION_LIFETIME + 1000);
    assert.deepEqual(await cleanUpSessions(t.deps), { sessions: 1, attempts: 1 });
  } finally {
    await t.close();
  }
});

Deno.test("startJobs() runs the session clean-up with the other jobs", () =>
  withTestApp(async (t) => {
    const { db } = t.deps;
    const [manager] = await db.select().from(users).where(eq(users.email, "manager@demo.local"));
    await createSession(db, manager.id, new Date(Date.now() - SESSION_LIFETIME - 1000));
    const stop = startJobs(t.deps, 60_000);
    try {
      for (let i = 0; i < 100; i++) {
        if ((await db.select().from(sessions).where(eq(sessions.userId, manager.id))).length === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      assert.equal((await db.select().from(sessions).where(eq(sessions.userId, manager.id))).length, 0);
    } finally {
      stop();
    }
  }));
