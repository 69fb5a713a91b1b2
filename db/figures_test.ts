// figures() against a hand-built company whose every figure is known, and against a second company
// that must not leak into it.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { migrateDb, openDb } from "./client.ts";
import { companies, contracts, contractSignatures, objects, payments, tasks, users } from "./schema/mod.ts";
import { figures } from "./figures.ts";
import { scopeOf } from "./scope.ts";
import type { objectStatuses, Role, taskStatuses } from "../domain/enums.ts";

const DAY = 86_400_000;
const now = new Date("2026-11-23T12:00:00Z");
const at = (days: number) => new Date(now.getTime() + days * DAY);

async function fixture() {
  const dir = await Deno.makeTempDir({ prefix: "figures-test-" });
  const db = await openDb(`file:${dir}/f.db`);
  await migrateDb(db);
  const [a] = await db.insert(companies).values({ name: "A" }).returning();
  const [b] = await db.insert(companies).values({ name: "B" }).returning();
  const person = (
    email: string,
    role: Role,
    companyId: number | null,
    isActive = true,
    createdAt = at(-100),
  ) => ({
    email,
    role,
    companyId,
    isActive,
    createdAt,
  });
  await db.insert(users).values([
    person("boss@a", "company_admin", a.id),
    person("eng@a", "chief_engineer", a.id, true, at(-5)), // new in the last 30 days
    person("surv@a", "measurement_engineer", a.id, false), // blocked: an account, not the team
    person("client@a", "user", a.id), // a shop customer: an account, not the team
    person("root", "system_admin", null), // no company: not counted anywhere
    person("boss@b", "company_admin", b.id),
  ]);
  type ObjectStatus = typeof objectStatuses[number];
  const object = (
    companyId: number,
    status: ObjectStatus,
    createdDaysAgo: number,
    cost: [number, number | null],
    updatedDaysAgo = createdDaysAgo,
  ) => ({
    companyId,
    address: `${status} ${createdDaysAgo}`,
    status,
    estimatedCost: cost[0],
    actualCost: cost[1],
    createdAt: at(-createdDaysAgo),
    updatedAt: at(-updatedDaysAgo),
  });
  const objs = await db.insert(objects).values([
    object(a.id, "new", 2, [100_00, null]),
    object(a.id, "measurement_done", 40, [200_00, null]),
    object(a.id, "work_in_progress", 70, [300_00, null]),
    object(a.id, "completed", 90, [400_00, 450_00], 10), // completed 10 days ago at its actual cost
    object(a.id, "completed", 90, [500_00, null], 20), // completed 20 days ago, no actual cost: the estimate
    object(a.id, "completed", 90, [600_00, 700_00], 45), // completed in the previous 30 days
    object(a.id, "cancelled", 5, [800_00, null]),
    object(b.id, "new", 1, [900_00, 900_00]),
    object(b.id, "completed", 1, [1000_00, 1000_00]),
  ]).returning({ id: objects.id });
  // Revenue is money received, by the day it was received; a finished job that was not paid
  // adds nothing. The job in works has a contract of 1 200 ₽ signed 3 days ago, 450 ₽ of it received.
  const [contract] = await db.insert(contracts).values({
    companyId: a.id,
    objectId: objs[2].id,
    contractNumber: "1",
    templateId: "septic_contract",
    contractData: {},
    contractText: "…",
    totalAmount: 1200_00,
  }).returning();
  await db.insert(contractSignatures).values({
    contractId: contract.id,
    companyId: a.id,
    signerName: "Клиент",
    signatureImage: "data:image/png;base64,",
    textSha256: "",
    signedAt: at(-3),
  });
  await db.update(objects).set({ contractTotal: 1200_00, receivedTotal: 450_00 }).where(
    eq(objects.id, objs[2].id),
  );
  const payment = (companyId: number, objectId: number, amount: number, receivedDaysAgo: number | null) => ({
    companyId,
    objectId,
    amount,
    description: "Оплата",
    paymentLink: "",
    qrPayload: "",
    status: receivedDaysAgo === null ? "pending" as const : "paid" as const,
    receivedAmount: receivedDaysAgo === null ? null : amount,
    receivedAt: receivedDaysAgo === null ? null : at(-receivedDaysAgo),
  });
  await db.insert(payments).values([
    payment(a.id, objs[2].id, 450_00, 10),
    payment(a.id, objs[3].id, 500_00, 20),
    payment(a.id, objs[5].id, 700_00, 45), // received in the previous 30 days
    payment(a.id, objs[4].id, 999_00, null), // asked for, not received: not revenue
    payment(b.id, objs[8].id, 1000_00, 1),
  ]);
  type TaskStatus = typeof taskStatuses[number];
  const task = (
    companyId: number,
    status: TaskStatus,
    createdDaysAgo: number,
    dueInDays: number,
    completedDaysAgo?: number,
  ) => ({
    companyId,
    objectId: companyId === a.id ? objs[0].id : objs[7].id,
    title: status,
    status,
    dueDate: at(dueInDays),
    createdAt: at(-createdDaysAgo),
    completedAt: completedDaysAgo === undefined ? null : at(-completedDaysAgo),
  });
  await db.insert(tasks).values([
    task(a.id, "assigned", 3, 2),
    task(a.id, "pending", 50, 2),
    task(a.id, "in_progress", 10, -1), // late: in work and overdue
    task(a.id, "assigned", 60, -3), // late
    task(a.id, "completed", 40, -5, 5), // completed in the period
    task(a.id, "completed", 80, -50, 50), // completed before it
    task(a.id, "cancelled", 1, 3),
    task(b.id, "assigned", 1, 3),
  ]);
  return {
    db,
    a,
    b,
    close: async () => {
      db.$client.close();
      await Deno.remove(dir, { recursive: true });
    },
  };
}

Deno.test("figures() counts each figure by its definition for a company and for every company", async () => {
  const { db, a, close } = await fixture();
  try {
    assert.deepEqual(await figures(db, scopeOf(a.id), "30d", now), {
      period: "30d",
      objects: 7,
      activeObjects: 3, // new, measurement_done, work_in_progress
      newObjects: 2, // created 2 and 5 days ago (the cancelled one too)
      completedObjects: 2,
      tasksInWork: 4,
      overdueTasks: 2,
      newTasks: 3, // created 3, 10 and 1 days ago
      completedTasks: 1,
      team: 2, // boss and engineer: the blocked surveyor and the customer are not staff
      newTeam: 1,
      users: 4, // every account of the company
      revenueKopecks: 450_00 + 500_00,
      contractedKopecks: 1200_00,
      owedKopecks: 1200_00 - 450_00,
      previousRevenueKopecks: 700_00,
    });
    const all = await figures(db, scopeOf(null), "all", now);
    assert.equal(all.objects, 9);
    assert.equal(all.activeObjects, 4);
    assert.equal(all.tasksInWork, 5);
    assert.equal(all.users, 5, "the system administrator without a company is no company's user");
    assert.equal(all.team, 3);
    assert.equal(all.revenueKopecks, 450_00 + 500_00 + 700_00 + 1000_00);
    assert.equal(all.previousRevenueKopecks, null, "'all' has no period before it");
  } finally {
    await close();
  }
});

Deno.test("figures() counts a job as completed when it became so, not when it last changed", async () => {
  const { db, a, close } = await fixture();
  try {
    const completed = () => figures(db, scopeOf(a.id), "30d", now).then((f) => f.completedObjects);
    const [old] = await db.select({ id: objects.id }).from(objects)
      .where(eq(objects.completedAt, at(-45)));
    assert.ok(old, "the job completed 45 days ago has its completion moment");
    // A note on a job finished 45 days ago: still finished then, not in the last 30 days.
    await db.update(objects).set({ description: "Клиент просит акт повторно", updatedAt: at(-1) })
      .where(eq(objects.id, old.id));
    assert.equal(await completed(), 2);
    // Reopened and finished again: it counts at its new completion.
    await db.update(objects).set({ status: "work_in_progress", updatedAt: at(-3) }).where(
      eq(objects.id, old.id),
    );
    assert.equal(await completed(), 2);
    await db.update(objects).set({ status: "completed", updatedAt: at(-2) }).where(eq(objects.id, old.id));
    assert.equal(await completed(), 3);
    const [row] = await db.select({ completedAt: objects.completedAt }).from(objects).where(
      eq(objects.id, old.id),
    );
    assert.deepEqual(row.completedAt, at(-2));
  } finally {
    await close();
  }
});
