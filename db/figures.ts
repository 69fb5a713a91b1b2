// The headline figures of domain/figures.ts, counted in one statement. Every page that prints active
// objects, tasks in work, the team, users or revenue takes them from figures() and nothing else.
import { and, count, eq, gte, inArray, isNotNull, lt, ne, type SQL, sql, type SQLWrapper } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "./client.ts";
import { objects, tasks, users } from "./schema/mod.ts";
import type { Scope } from "./scope.ts";
import { overdueCondition } from "./tasks.ts";
import {
  activeObjectStatuses,
  type Figures,
  tasksInWorkStatuses,
  teamRoleExcluded,
} from "../domain/figures.ts";
import { type Period, periodRange } from "../domain/periods.ts";

export type { Figures };

function inRange(column: SQLiteColumn, from: Date | null, to: Date | null): SQL | undefined {
  return and(from ? gte(column, from) : undefined, to ? lt(column, to) : undefined);
}

const companyOf = (column: SQLiteColumn, scope: Scope) => scope === null ? undefined : eq(column, scope);

/** The figures of the scope: states as of `now`, flows of the period ending at `now`. */
export async function figures(db: Db, scope: Scope, period: Period, now: Date): Promise<Figures> {
  const { from, prevFrom } = periodRange(period, now);
  const objectScope = companyOf(objects.companyId, scope);
  const taskScope = companyOf(tasks.companyId, scope);
  const accountScope = scope === null ? isNotNull(users.companyId) : eq(users.companyId, scope);
  const teamScope = and(accountScope, ne(users.role, teamRoleExcluded), eq(users.isActive, true));

  const countObjects = (where?: SQL) =>
    db.select({ n: count() }).from(objects).where(and(objectScope, where));
  const countTasks = (where?: SQL) => db.select({ n: count() }).from(tasks).where(and(taskScope, where));
  const countUsers = (where?: SQL) => db.select({ n: count() }).from(users).where(where);
  const revenueIn = (a: Date | null, b: Date | null) =>
    db.select({ v: sql`coalesce(sum(coalesce(${objects.actualCost}, ${objects.estimatedCost}, 0)), 0)` })
      .from(objects)
      .where(and(objectScope, eq(objects.status, "completed"), inRange(objects.updatedAt, a, b)));
  const inWork = inArray(tasks.status, tasksInWorkStatuses);

  // Each figure is a subquery its own index answers, all sent as one statement: the per-statement cost
  // of the driver, not the counting, is most of the time.
  const parts: SQLWrapper[] = [
    countObjects(),
    countObjects(inArray(objects.status, activeObjectStatuses)),
    countObjects(inRange(objects.createdAt, from, null)),
    countObjects(and(eq(objects.status, "completed"), inRange(objects.updatedAt, from, null))),
    countTasks(inWork),
    countTasks(and(inWork, overdueCondition(now))),
    countTasks(inRange(tasks.createdAt, from, null)),
    countTasks(and(eq(tasks.status, "completed"), inRange(tasks.completedAt, from, null))),
    countUsers(teamScope),
    countUsers(and(teamScope, inRange(users.createdAt, from, null))),
    countUsers(accountScope),
    revenueIn(from, null),
    from === null ? sql`null` : revenueIn(prevFrom, from),
  ];
  // The driver's row is array-like, not an array.
  const [row] = await db.values<(number | null)[]>(
    sql`select ${sql.join(parts.map((f) => sql`(${f})`), sql`, `)}`,
  );
  const [
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
    previousRevenue,
  ] = Array.from(row, (v) => v === null ? null : Number(v));
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
    previousRevenueKopecks: previousRevenue,
  };
}
