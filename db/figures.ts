// The headline figures of domain/figures.ts, counted in one statement. Every page that prints active
// objects, tasks in work, the team, users or revenue takes them from figures() and nothing else.
import {
  and,
  count,
  eq,
  gte,
  inArray,
  isNotNull,
  lt,
  ne,
  type Placeholder,
  type SQL,
  sql,
} from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "./client.ts";
import { contracts, contractSignatures, objects, payments, tasks, users } from "./schema/mod.ts";
import { jobOwedSql } from "./job_money.ts";
import type { Scope } from "./scope.ts";
import { preparedQuery } from "./prepared.ts";
import { overdueCondition } from "./tasks.ts";
import {
  activeObjectStatuses,
  type Figures,
  tasksInWorkStatuses,
  teamRoleExcluded,
} from "../domain/figures.ts";
import { type Period, periodRange } from "../domain/periods.ts";

export type { Figures };

/** `column` in [from, to), each bound left out when absent. */
function inRange(column: SQLiteColumn, from?: Placeholder, to?: Placeholder): SQL | undefined {
  return and(from && gte(column, from), to && lt(column, to));
}

/** The figures of the scope: states as of `now`, flows of the period ending at `now`. */
export async function figures(db: Db, scope: Scope, period: Period, now: Date): Promise<Figures> {
  const { from, prevFrom } = periodRange(period, now);
  const values = {
    companyId: scope ?? undefined,
    now: now.getTime(),
    from: from?.getTime(),
    prevFrom: prevFrom?.getTime(),
  };
  const [row] = await preparedQuery(db, "figures", values, (p) => {
    const objectScope = p.companyId && eq(objects.companyId, p.companyId);
    const taskScope = p.companyId && eq(tasks.companyId, p.companyId);
    const accountScope = p.companyId ? eq(users.companyId, p.companyId) : isNotNull(users.companyId);
    const teamScope = and(accountScope, ne(users.role, teamRoleExcluded), eq(users.isActive, true));
    const countObjects = (where?: SQL) =>
      db.select({ n: count() }).from(objects).where(and(objectScope, where));
    const countTasks = (where?: SQL) => db.select({ n: count() }).from(tasks).where(and(taskScope, where));
    const countUsers = (where?: SQL) => db.select({ n: count() }).from(users).where(where);
    // Выручка is money received (domain/job_money.ts): the payments staff marked received in the period.
    const paymentScope = p.companyId && eq(payments.companyId, p.companyId);
    const revenueIn = (a?: Placeholder, b?: Placeholder) =>
      db.select({ v: sql`coalesce(sum(${payments.receivedAmount}), 0)` }).from(payments)
        .where(and(paymentScope, eq(payments.status, "paid"), inRange(payments.receivedAt, a, b)));
    // Contracted: the totals of the contracts the clients signed in the period.
    const contractedIn = (a?: Placeholder) =>
      db.select({ v: sql`coalesce(sum(${contracts.totalAmount}), 0)` }).from(contractSignatures)
        .innerJoin(contracts, eq(contracts.id, contractSignatures.contractId))
        .where(and(
          p.companyId && eq(contractSignatures.companyId, p.companyId),
          inRange(contractSignatures.signedAt, a),
        ));
    const inWork = inArray(tasks.status, tasksInWorkStatuses);
    // Each figure is a subquery its own index answers, all in one statement: the per-statement cost of
    // the driver, not the counting, is most of the time.
    const parts = {
      allObjects: countObjects(),
      activeObjects: countObjects(inArray(objects.status, activeObjectStatuses)),
      newObjects: countObjects(inRange(objects.createdAt, p.from)),
      completedObjects: countObjects(
        and(eq(objects.status, "completed"), inRange(objects.updatedAt, p.from)),
      ),
      tasksInWork: countTasks(inWork),
      overdueTasks: countTasks(and(inWork, overdueCondition(p.now))),
      newTasks: countTasks(inRange(tasks.createdAt, p.from)),
      completedTasks: countTasks(and(eq(tasks.status, "completed"), inRange(tasks.completedAt, p.from))),
      team: countUsers(teamScope),
      newTeam: countUsers(and(teamScope, inRange(users.createdAt, p.from))),
      accounts: countUsers(accountScope),
      revenue: revenueIn(p.from),
      contracted: contractedIn(p.from),
      // Owed, now: what the clients of the objects still owe under their contracts.
      owed: db.select({ v: sql`coalesce(sum(${jobOwedSql}), 0)` }).from(objects)
        .where(and(objectScope, isNotNull(objects.contractTotal), ne(objects.status, "cancelled"))),
      previousRevenue: p.from ? revenueIn(p.prevFrom, p.from) : sql`null`,
    };
    return db.select(
      Object.fromEntries(Object.entries(parts).map(([k, part]) => [k, sql<number | null>`(${part})`])) as {
        [K in keyof typeof parts]: SQL<number | null>;
      },
    ).from(sql`(select 1)`);
  }).all();
  const n = (v: number | null) => v === null ? null : Number(v);
  const {
    allObjects,
    activeObjects,
    newObjects,
    completedObjects,
    tasksInWork,
    overdueTasks,
    newTasks,
    completedTasks,
    team,
    newTeam,
    accounts,
    revenue,
    contracted,
    owed,
    previousRevenue,
  } = Object.fromEntries(Object.entries(row).map(([k, v]) => [k, n(v)])) as Record<
    keyof typeof row,
    number | null
  >;
  return {
    period,
    objects: allObjects ?? 0,
    activeObjects: activeObjects ?? 0,
    newObjects: newObjects ?? 0,
    completedObjects: completedObjects ?? 0,
    tasksInWork: tasksInWork ?? 0,
    overdueTasks: overdueTasks ?? 0,
    newTasks: newTasks ?? 0,
    completedTasks: completedTasks ?? 0,
    team: team ?? 0,
    newTeam: newTeam ?? 0,
    users: accounts ?? 0,
    revenueKopecks: revenue ?? 0,
    contractedKopecks: contracted ?? 0,
    owedKopecks: owed ?? 0,
    previousRevenueKopecks: previousRevenue,
  };
}
