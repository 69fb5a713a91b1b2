// The headline figures of domain/figures.ts, counted in one statement. Every page that prints active
// objects, tasks in work, the team, users or revenue takes them from figures() and nothing else. Objects,
// tasks and revenue are summed from the per-day tallies (db/tallies.ts) with the first, partial day of a
// period counted from the rows; what depends on the minute (overdue tasks) from the rows by their index.
import { and, count, eq, inArray, isNotNull, ne, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "./client.ts";
import { contracts, contractSignatures, objects, payments, tasks, users } from "./schema/mod.ts";
import { jobOwedSql } from "./job_money.ts";
import { companyCondition, type Scope } from "./scope.ts";
import { preparedQuery } from "./prepared.ts";
import {
  inRange,
  openTallyCount,
  openTallyWhere,
  splitPeriod,
  TALLY_DAY_MS,
  tallyAmount,
  tallyCount,
  tallyDay,
  tallyWhere,
} from "./tallies.ts";
import {
  activeObjectStatuses,
  type Figures,
  openTaskStatuses,
  tasksInWorkStatuses,
  teamRoleExcluded,
} from "../domain/figures.ts";
import { type Period, periodRange } from "../domain/periods.ts";

export type { Figures };

/** The figures of the scope: states as of `now`, flows of the period ending at `now`. */
export async function figures(db: Db, scope: Scope, period: Period, now: Date): Promise<Figures> {
  const { from, prevFrom } = periodRange(period, now);
  const cut = from ? splitPeriod(from) : undefined;
  const prevCut = prevFrom ? splitPeriod(prevFrom) : undefined;
  const values = {
    companyId: scope ?? undefined,
    now: now.getTime(),
    from: cut?.from,
    wholeFrom: cut?.wholeFrom,
    firstDay: cut?.firstDay,
    // The period before: [prevFrom, from) is its partial first day, whole days, and the day of `from` up to it.
    prevFrom: prevCut?.from,
    prevWholeFrom: prevCut?.wholeFrom,
    prevFirstDay: prevCut?.firstDay,
    fromDay: from ? tallyDay(from.getTime()) : undefined,
    fromDayStart: from ? tallyDay(from.getTime()) * TALLY_DAY_MS : undefined,
    // Late open tasks: the tally's due days before today, today's rows up to now.
    today: tallyDay(now.getTime()),
    todayStart: tallyDay(now.getTime()) * TALLY_DAY_MS,
  };
  const [row] = await preparedQuery(db, "figures", values, (p) => {
    const objectScope = companyCondition(objects.companyId, p.companyId);
    const taskScope = companyCondition(tasks.companyId, p.companyId);
    const accountScope = p.companyId ? eq(users.companyId, p.companyId) : isNotNull(users.companyId);
    const teamScope = and(accountScope, ne(users.role, teamRoleExcluded), eq(users.isActive, true));
    const countObjects = (where?: SQL) =>
      db.select({ n: count() }).from(objects).where(and(objectScope, where));
    const countTasks = (where?: SQL) => db.select({ n: count() }).from(tasks).where(and(taskScope, where));
    const countUsers = (where?: SQL) => db.select({ n: count() }).from(users).where(where);
    const paymentScope = companyCondition(payments.companyId, p.companyId);
    // Выручка is money received (domain/job_money.ts): the payments staff marked received in the period.
    const receivedIn = (a?: Placeholder, b?: Placeholder) =>
      sql`(select coalesce(sum(${payments.receivedAmount}), 0) from ${payments} where ${
        and(paymentScope, eq(payments.status, "paid"), inRange(payments.receivedAt, a, b)) ?? sql`1`
      })`;
    // Rows of the period's first, partial day plus the tallies of its whole days; everything without a period.
    const sinceFrom = (kind: Parameters<typeof tallyWhere>[0], rows: SQL, statuses?: readonly string[]) =>
      p.from
        ? sql`${rows} + ${tallyCount(tallyWhere(kind, p.companyId, p.firstDay, undefined, statuses))}`
        : tallyCount(tallyWhere(kind, p.companyId, undefined, undefined, statuses));
    const firstPart = (column: SQLiteColumn) => inRange(column, p.from, p.wholeFrom);
    // Contracted: the totals of the contracts the clients signed in the period.
    const contractedIn = (a?: Placeholder) =>
      db.select({ v: sql`coalesce(sum(${contracts.totalAmount}), 0)` }).from(contractSignatures)
        .innerJoin(contracts, eq(contracts.id, contractSignatures.contractId))
        .where(and(
          p.companyId && eq(contractSignatures.companyId, p.companyId),
          inRange(contractSignatures.signedAt, a),
        ));
    const revenue = p.from
      ? sql`${receivedIn(p.from, p.wholeFrom)} + ${
        tallyAmount(tallyWhere("payment", p.companyId, p.firstDay))
      }`
      : tallyAmount(tallyWhere("payment", p.companyId));
    // Each figure is a subquery its own index answers, all in one statement: the per-statement cost of
    // the driver, not the counting, is most of the time.
    const parts = {
      allObjects: tallyCount(tallyWhere("object", p.companyId)),
      activeObjects: tallyCount(
        tallyWhere("object", p.companyId, undefined, undefined, activeObjectStatuses),
      ),
      newObjects: sinceFrom("object", sql`(${countObjects(firstPart(objects.createdAt))})`),
      completedObjects: sinceFrom(
        "object_completed",
        sql`(${countObjects(and(eq(objects.status, "completed"), firstPart(objects.completedAt)))})`,
      ),
      tasksInWork: tallyCount(tallyWhere("task", p.companyId, undefined, undefined, tasksInWorkStatuses)),
      // In work and overdue (db/tasks.ts overdueCondition): marked overdue (the day tallies), or open and
      // past the due date: the open-task tally's due days before today and today's rows up to now, along the
      // (company, status, due date) index.
      overdueTasks: sql`${tallyCount(tallyWhere("task", p.companyId, undefined, undefined, ["overdue"]))} + ${
        openTallyCount(openTallyWhere(p.companyId, p.today))
      } + (${
        countTasks(and(inArray(tasks.status, openTaskStatuses), inRange(tasks.dueDate, p.todayStart, p.now)))
      })`,
      newTasks: sinceFrom("task", sql`(${countTasks(firstPart(tasks.createdAt))})`),
      completedTasks: sinceFrom(
        "task_completed",
        sql`(${countTasks(and(eq(tasks.status, "completed"), firstPart(tasks.completedAt)))})`,
      ),
      team: countUsers(teamScope),
      newTeam: countUsers(and(teamScope, inRange(users.createdAt, p.from))),
      accounts: countUsers(accountScope),
      revenue,
      contracted: contractedIn(p.from),
      // Owed, now: what the clients of the objects still owe under their contracts.
      // The condition written as the partial index objects_company_contracted_idx has it (a literal, not a
      // bound value), so SQLite reads that index instead of every object of the company.
      owed: db.select({ v: sql`coalesce(sum(${jobOwedSql}), 0)` }).from(objects)
        .where(and(objectScope, isNotNull(objects.contractTotal), sql`${objects.status} <> 'cancelled'`)),
      previousRevenue: p.prevFrom
        ? sql`${receivedIn(p.prevFrom, p.prevWholeFrom)} + ${
          tallyAmount(tallyWhere("payment", p.companyId, p.prevFirstDay, p.fromDay))
        } + ${receivedIn(p.fromDayStart, p.from)}`
        : sql`null`,
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
