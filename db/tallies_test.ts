// The per-day tallies (migration 0023_day_tallies) against a recount from the rows after a run of writes,
// and the analytics read from them against the same figures counted from the rows.
import assert from "node:assert/strict";
import { eq, inArray, sql } from "drizzle-orm";
import { type Db, migrateDb, openDb } from "./client.ts";
import {
  companies,
  companyDayTallies,
  objects,
  openTaskTallies,
  payments,
  tasks,
  users,
} from "./schema/mod.ts";
import { analytics } from "./analytics.ts";
import { figures } from "./figures.ts";
import { periods } from "../domain/periods.ts";
import { scopeOf } from "./scope.ts";
import { objectStatuses, taskPriorities, taskStatuses, workTypes } from "../domain/enums.ts";

const DAY = 86_400_000;
const now = new Date("2026-11-23T12:00:00Z");
const at = (hours: number) => new Date(now.getTime() + hours * 3_600_000);

/** What the tallies should hold, counted from the rows (zero rows left out). */
async function recount(db: Db) {
  const { rows } = await db.$client.execute(`
    select company_id, 'object' kind, created_at / ${DAY} day, status, work_type variant, 0 user_id, count(*) n,
      sum(coalesce(estimated_cost, 0)) amount, 0 timed from objects group by 1, 3, 4, 5
    union all select company_id, 'object_completed', completed_at / ${DAY}, 'completed', '', 0, count(*), 0, 0
      from objects where status = 'completed' and completed_at is not null group by 1, 3
    union all select company_id, 'task', created_at / ${DAY}, status, priority, coalesce(assigned_to, 0), count(*),
      sum(case when status = 'completed' and completed_at is not null then completed_at - created_at else 0 end),
      sum(status = 'completed' and completed_at is not null) from tasks group by 1, 3, 4, 5, 6
    union all select company_id, 'task_completed', coalesce(completed_at / ${DAY}, -1), 'completed', '', 0, count(*),
      0, 0 from tasks where status = 'completed' group by 1, 3
    union all select company_id, 'payment', coalesce(received_at / ${DAY}, -1), 'paid', '', 0, count(*),
      sum(coalesce(received_amount, 0)), 0 from payments where status = 'paid' group by 1, 3`);
  return rows.map((r) => Object.values(r).join("|")).sort();
}

/** What the open-task tally should hold, counted from the rows. */
async function recountOpen(db: Db) {
  const { rows } = await db.$client.execute(`
    select company_id, due_date / ${DAY} due_day, created_at / ${DAY} created_day, status, priority,
      coalesce(assigned_to, 0) user_id, count(*) n from tasks
    where status in ('assigned', 'pending', 'in_progress') and due_date is not null group by 1, 2, 3, 4, 5, 6`);
  return rows.map((r) => Object.values(r).join("|")).sort();
}

async function talliedOpen(db: Db) {
  const rows = await db.select().from(openTaskTallies);
  // A row that falls to 0 is deleted by its trigger: none is left.
  assert.ok(rows.every((r) => r.n > 0), "no empty rows in the open-task tally");
  return rows.map((r) => [r.companyId, r.dueDay, r.createdDay, r.status, r.priority, r.userId, r.n].join("|"))
    .sort();
}

async function tallied(db: Db) {
  const rows = await db.select().from(companyDayTallies).where(sql`${companyDayTallies.n} <> 0`);
  return rows.map((r) =>
    [r.companyId, r.kind, r.day, r.status, r.variant, r.userId, r.n, r.amount, r.timed].join("|")
  ).sort();
}

Deno.test("the per-day and open-task tallies equal a recount from the rows after tasks, objects and payments are written, moved, done, their due dates moved and deleted", async () => {
  const dir = await Deno.makeTempDir({ prefix: "tallies-test-" });
  const db = await openDb(`file:${dir}/t.db`);
  try {
    await migrateDb(db);
    const [a] = await db.insert(companies).values({ name: "A" }).returning();
    const [b] = await db.insert(companies).values({ name: "B" }).returning();
    const staff = await db.insert(users).values([
      { email: "eng@a", role: "chief_engineer", companyId: a.id, firstName: "Иван", lastName: "Петров" },
      { email: "surv@a", role: "measurement_engineer", companyId: a.id },
      { email: "boss@b", role: "company_admin", companyId: b.id },
    ]).returning();
    // Objects over 400 days, on both sides of midnight and of the periods' bounds.
    const objs = await db.insert(objects).values(Array.from({ length: 60 }, (_, i) => ({
      companyId: i % 5 === 0 ? b.id : a.id,
      address: `Адрес ${i}`,
      status: objectStatuses[i % objectStatuses.length],
      workType: workTypes[i % workTypes.length],
      estimatedCost: i % 7 === 0 ? null : 100_000 + i * 1000,
      createdAt: at(-i * 161 - 1),
      updatedAt: at(-i * 50 - 1),
    }))).returning({ id: objects.id, companyId: objects.companyId });
    const taskRows = await db.insert(tasks).values(Array.from({ length: 150 }, (_, i) => {
      const status = taskStatuses[i % taskStatuses.length];
      return {
        companyId: objs[i % objs.length].companyId,
        objectId: objs[i % objs.length].id,
        assignedTo: i % 4 === 0 ? null : staff[i % 2].id,
        title: `Задача ${i}`,
        status,
        priority: taskPriorities[i % taskPriorities.length],
        dueDate: i % 3 === 0 ? null : at((i % 40 - 25) * 24),
        completedAt: status === "completed" && i % 5 !== 0 ? at(-i * 30) : null,
        createdAt: at(-i * 61 - 2),
        updatedAt: at(-i * 61 - 2),
      };
    })).returning({ id: tasks.id });
    await db.insert(payments).values(Array.from({ length: 20 }, (_, i) => ({
      companyId: objs[i].companyId,
      objectId: objs[i].id,
      amount: 50_000 + i,
      description: "Предоплата",
      paymentLink: "",
      qrPayload: "",
      status: (["pending", "paid", "cancelled"] as const)[i % 3],
      receivedAmount: i % 3 === 1 ? 40_000 + i : null,
      receivedAt: i % 3 === 1 && i % 2 === 0 ? at(-i * 200) : null,
    })));
    assert.deepEqual(await tallied(db), await recount(db));
    assert.deepEqual(await talliedOpen(db), await recountOpen(db));

    // Tasks moved, reassigned, done and reopened; objects completed and moved; payments received; deletes.
    const ids = taskRows.map((t) => t.id);
    await db.update(tasks).set({ status: "in_progress" }).where(inArray(tasks.id, ids.slice(0, 20)));
    await db.update(tasks).set({ status: "completed", completedAt: at(-1) }).where(
      inArray(tasks.id, ids.slice(10, 40)),
    );
    await db.update(tasks).set({ assignedTo: staff[1].id, priority: "urgent" }).where(
      inArray(tasks.id, ids.slice(30, 60)),
    );
    await db.update(tasks).set({ status: "assigned", completedAt: null }).where(
      inArray(tasks.id, ids.slice(35, 45)),
    );
    await db.update(tasks).set({ dueDate: at(-3) }).where(inArray(tasks.id, ids.slice(60, 80)));
    // Due dates moved across today's midnight and away, one taken off; a task handed to another company.
    await db.update(tasks).set({ dueDate: at(-13) }).where(inArray(tasks.id, ids.slice(95, 105)));
    await db.update(tasks).set({ dueDate: at(30) }).where(inArray(tasks.id, ids.slice(105, 110)));
    await db.update(tasks).set({ dueDate: null }).where(eq(tasks.id, ids[111]));
    await db.update(tasks).set({ status: "overdue" }).where(inArray(tasks.id, ids.slice(112, 116)));
    await db.update(tasks).set({ companyId: b.id }).where(eq(tasks.id, ids[117]));
    await db.delete(tasks).where(inArray(tasks.id, ids.slice(80, 90)));
    await db.update(objects).set({ status: "completed", updatedAt: at(-2) }).where(
      inArray(objects.id, objs.slice(0, 15).map((o) => o.id)),
    );
    await db.update(objects).set({ workType: "septic", estimatedCost: 777_00 }).where(
      inArray(objects.id, objs.slice(10, 20).map((o) => o.id)),
    );
    // A note on a completed job changes it later; it stays completed when it was. One job reopened.
    await db.update(objects).set({ description: "Заметка", updatedAt: at(0) }).where(
      inArray(objects.id, objs.slice(0, 5).map((o) => o.id)),
    );
    await db.update(objects).set({ status: "work_in_progress", updatedAt: at(0) }).where(
      eq(objects.id, objs[5].id),
    );
    await db.update(payments).set({ status: "paid", receivedAmount: 12_345, receivedAt: at(-30) }).where(
      eq(payments.status, "pending"),
    );
    // An object's deletion takes its tasks and payments with it (ON DELETE CASCADE).
    await db.delete(objects).where(eq(objects.id, objs[1].id));
    assert.deepEqual(await tallied(db), await recount(db));
    assert.deepEqual(await talliedOpen(db), await recountOpen(db));

    // The same figures read from the tallies and counted from the rows, for every period and scope.
    for (const scope of [a.id, b.id, null]) {
      for (const period of periods) {
        const read = await analytics(db, scopeOf(scope), period, now);
        const f = await figures(db, scopeOf(scope), period, now);
        const from = period === "all"
          ? 0
          : now.getTime() - { "7d": 7, "30d": 30, "90d": 90, "1y": 365 }[period] * DAY;
        const where = scope === null ? "" : `and company_id = ${scope}`;
        const count = async (q: string) => Number((await db.$client.execute(q)).rows[0][0]);
        assert.equal(
          f.newTasks,
          await count(`select count(*) from tasks where created_at >= ${from} ${where}`),
        );
        assert.equal(
          read.performance.totalTasks,
          await count(`select count(*) from tasks where created_at >= ${from} ${where}`),
        );
        assert.equal(
          read.performance.people.reduce((n, p) => n + p.overdue, 0),
          await count(`select count(*) from tasks where created_at >= ${from} ${where} and (status = 'overdue'
            or (due_date < ${now.getTime()} and status not in ('completed', 'cancelled')))`),
          `${scope} ${period}`,
        );
        assert.equal(
          f.overdueTasks,
          await count(`select count(*) from tasks where (status = 'overdue' or (due_date < ${now.getTime()}
            and status not in ('completed', 'cancelled'))) ${where}`),
          `overdue ${scope} ${period}`,
        );
        assert.equal(
          read.finance.estimatedKopecks,
          await count(
            `select coalesce(sum(estimated_cost), 0) from objects where created_at >= ${from} ${where}`,
          ),
        );
        assert.equal(
          read.finance.objectCount,
          await count(`select count(*) from objects where created_at >= ${from} ${where}`),
        );
        assert.equal(
          f.revenueKopecks,
          await count(
            `select coalesce(sum(received_amount), 0) from payments where status = 'paid' ${
              period === "all" ? "" : `and received_at >= ${from}`
            } ${where}`,
          ),
        );
      }
    }

    // Every task closed: the open-task tally is empty again (its rows at 0 deleted).
    assert.ok((await db.select().from(openTaskTallies)).length > 0);
    await db.update(tasks).set({ status: "cancelled" });
    assert.deepEqual(await db.select().from(openTaskTallies), []);
  } finally {
    db.$client.close();
    await Deno.remove(dir, { recursive: true });
  }
});
