// Analytics of the objects and shop spec's «Screens and routes»: objects, tasks, money and team of the
// period, with recommendations.
import { and, count, eq, inArray, isNotNull, ne, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "./client.ts";
import { companyDayTallies, objects, openTaskTallies, tasks, users } from "./schema/mod.ts";
import { inRange, openTallyWhere, splitPeriod, TALLY_DAY_MS, tallyDay, tallyWhere } from "./tallies.ts";
import { type Placeholders, preparedQuery } from "./prepared.ts";
import { companyCondition, type Scope } from "./scope.ts";
import { figures } from "./figures.ts";
import { openTaskStatuses, teamRoleExcluded } from "../domain/figures.ts";
import { type Period, periodRange } from "../domain/periods.ts";
import { countOf, displayName, taskForms } from "../domain/format.ts";
import type { Analytics } from "../domain/analytics.ts";

export type { Analytics };

/** The values the period's statements take (db/prepared.ts placeholders; a period's are absent for 'all'). */
type PeriodPlaceholders = Placeholders<{
  companyId: number | undefined;
  from: number | undefined;
  wholeFrom: number | undefined;
  firstDay: number | undefined;
  today: number;
  todayStart: number;
  now: number;
}>;

const t = companyDayTallies;

/** The period's first, partial day (before its first whole day) in a table's rows of the company. */
const firstPart = (p: PeriodPlaceholders, companyColumn: SQLiteColumn, column: SQLiteColumn) =>
  p.from && and(companyCondition(companyColumn, p.companyId), inRange(column, p.from, p.wholeFrom));

/** The period's objects by status and work type: the tallies of its whole days plus its first day's rows. */
function objectGroupsQuery(db: Db, p: PeriodPlaceholders) {
  const groups = sql`select ${t.status} as status, ${t.variant} as workType, sum(${t.n}) as count,
    sum(${t.amount}) as est from ${t} where ${tallyWhere("object", p.companyId, p.firstDay)} group by 1, 2${
    p.from
      ? sql` union all select ${objects.status}, ${objects.workType}, count(*), sum(${objects.estimatedCost})
        from ${objects} where ${firstPart(p, objects.companyId, objects.createdAt)} group by 1, 2`
      : sql``
  }`;
  return db.select({
    status: sql<string>`status`,
    workType: sql<string>`workType`,
    count: sql<number>`count`,
    est: sql<number | null>`est`,
  }).from(sql`(${groups})`);
}

/**
 * One statement: the period's tasks by status, priority and assignee — the tallies, the first day's rows —
 * and (late = 1) what the minute decides: the period's open tasks past their due date, shown as overdue
 * (db/tasks.ts overdueCondition; those marked overdue are counted so already), with each assignee's name.
 * The late ones: the open-task tally's due days before today of the tasks created in the period's whole
 * days, the rows of those due today up to now (along the (company, status, due date) index) and of those
 * created in its first, partial day.
 */
function taskGroupsQuery(db: Db, p: PeriodPlaceholders) {
  const taskScope = companyCondition(tasks.companyId, p.companyId);
  const done = sql`${tasks.status} = 'completed' and ${tasks.completedAt} is not null`;
  const open = openTaskTallies;
  const openRows = (where: SQL | undefined) =>
    sql`select ${tasks.status}, ${tasks.priority}, coalesce(${tasks.assignedTo}, 0), count(*), 0, 0, 1
      from ${tasks} where ${and(taskScope, inArray(tasks.status, openTaskStatuses), where)} group by 1, 2, 3`;
  const late = sql`select ${open.status}, ${open.priority}, ${open.userId}, sum(${open.n}), 0, 0, 1
      from ${open} where ${openTallyWhere(p.companyId, p.today, p.firstDay)} group by 1, 2, 3
    union all ${
    openRows(and(
      inRange(tasks.dueDate, p.todayStart, p.now),
      // `+`: the due-today stretch of the (company, status, due date) index, not the period's created ones.
      p.from && sql`+${tasks.createdAt} >= ${p.from}`,
    ))
  }${
    p.from
      ? sql` union all ${
        openRows(and(
          inRange(tasks.createdAt, p.from, p.wholeFrom),
          // `+`: the first day's stretch of the created index, not every late task's due date.
          sql`+${tasks.dueDate} < ${p.todayStart}`,
        ))
      }`
      : sql``
  }`;
  const groups = sql`select ${t.status} as status, ${t.variant} as priority, ${t.userId} as user_id,
      sum(${t.n}) as n, sum(${t.amount}) as done_ms, sum(${t.timed}) as done_timed, 0 as late from ${t}
      where ${tallyWhere("task", p.companyId, p.firstDay)} group by 1, 2, 3${
    p.from
      ? sql` union all select ${tasks.status}, ${tasks.priority}, coalesce(${tasks.assignedTo}, 0), count(*),
        sum(case when ${done} then ${tasks.completedAt} - ${tasks.createdAt} else 0 end), sum(${done}), 0
        from ${tasks} where ${firstPart(p, tasks.companyId, tasks.createdAt)} group by 1, 2, 3`
      : sql``
  } union all ${late}`;
  return db.select({
    status: sql<string>`g.status`,
    priority: sql<string>`g.priority`,
    userId: sql<number>`g.user_id`,
    count: sql<number | null>`g.n`,
    doneMs: sql<number | null>`g.done_ms`,
    doneTimed: sql<number | null>`g.done_timed`,
    late: sql<number>`g.late`,
    firstName: users.firstName,
    lastName: users.lastName,
    email: users.email,
    role: users.role,
  }).from(sql`(${groups}) g`).leftJoin(users, sql`${users.id} = g.user_id`);
}

/**
 * The KPI cards and the money are the shared figures of db/figures.ts (the same numbers as the dashboard);
 * the breakdowns are of the objects and tasks created within the period (everything for 'all'); the team
 * as it is now.
 */
export async function analytics(db: Db, scope: Scope, period: Period, now: Date): Promise<Analytics> {
  const { from } = periodRange(period, now);
  const cut = from ? splitPeriod(from) : undefined;
  const today = tallyDay(now.getTime());
  // The shape of each statement follows from which values are present (a company, a period): it is built
  // once per shape and prepared (db/prepared.ts).
  const values = {
    companyId: scope ?? undefined,
    from: cut?.from,
    wholeFrom: cut?.wholeFrom,
    firstDay: cut?.firstDay,
    today,
    todayStart: today * TALLY_DAY_MS,
    now: now.getTime(),
  };
  const [headline, objectRows, taskRows, team] = await Promise.all([
    figures(db, scope, period, now),
    preparedQuery(db, "analyticsObjectGroups", values, (p) => objectGroupsQuery(db, p)).all(),
    preparedQuery(db, "analyticsTaskGroups", values, (p) => taskGroupsQuery(db, p)).all(),
    preparedQuery(
      db,
      "analyticsTeam",
      { companyId: values.companyId },
      (p) =>
        db.select({ role: users.role, count: count() }).from(users)
          .where(and(
            p.companyId ? eq(users.companyId, p.companyId) : isNotNull(users.companyId),
            eq(users.isActive, true),
            ne(users.role, teamRoleExcluded),
          ))
          .groupBy(users.role),
    ).all(),
  ]);
  const objectGroups = objectRows.map((r) => ({ ...r, count: Number(r.count ?? 0) }));
  const taskGroups = shownTaskGroups(taskRows);
  const taskRowsNamed = taskGroups.map((r) => ({ ...r, userId: r.userId === 0 ? null : r.userId }));

  const byStatus = sumBy(objectGroups, (r) => r.status, (r) => ({ status: r.status, count: 0 }), (t, r) => {
    t.count += r.count;
  });
  const byWork = sumBy(
    objectGroups,
    (r) => r.workType,
    (r) => ({ workType: r.workType, count: 0, est: 0 }),
    (t, r) => {
      t.count += r.count;
      t.est += Number(r.est ?? 0);
    },
  );
  const money = objectGroups.reduce((t, r) => ({ est: t.est + Number(r.est ?? 0), n: t.n + r.count }), {
    est: 0,
    n: 0,
  });
  const taskStatus = sumBy(
    taskRowsNamed,
    (r) => r.status,
    (r) => ({ status: r.status, count: 0 }),
    (t, r) => {
      t.count += r.count;
    },
  );
  const taskPriority = sumBy(
    taskRowsNamed,
    (r) => r.priority,
    (r) => ({ priority: r.priority, count: 0 }),
    (t, r) => {
      t.count += r.count;
    },
  ).sort((a, b) => a.priority < b.priority ? -1 : 1);
  const perPerson = sumBy(
    taskRowsNamed,
    (r) => r.userId,
    (r) => ({ ...r, total: 0, completed: 0, active: 0, overdue: 0 }),
    (t, r) => {
      t.total += r.count;
      t.completed += Number(r.completed ?? 0);
      t.active += Number(r.active ?? 0);
      if (r.status === "overdue") t.overdue += r.count;
    },
  ).sort((a, b) => (a.userId ?? 0) - (b.userId ?? 0));
  const doneTimed = taskGroups.reduce((n, r) => n + r.doneTimed, 0);
  const doneMs = taskGroups.reduce((n, r) => n + r.doneMs, 0);
  const avgMs = doneTimed ? doneMs / doneTimed : null;

  const statusCount = (s: string) => byStatus.find((r) => r.status === s)?.count ?? 0;
  const taskCount = (s: string) => taskStatus.find((r) => r.status === s)?.count ?? 0;
  const objectCount = money.n;
  const estimatedKopecks = money.est;
  const totalTasks = taskStatus.reduce((s, r) => s + r.count, 0);
  const completedTasks = taskCount("completed");

  const result: Analytics = {
    period,
    kpi: {
      activeObjects: headline.activeObjects,
      completedObjects: headline.completedObjects,
      activeTasks: headline.tasksInWork,
      overdueTasks: headline.overdueTasks,
    },
    finance: {
      revenueKopecks: headline.revenueKopecks,
      contractedKopecks: headline.contractedKopecks,
      owedKopecks: headline.owedKopecks,
      estimatedKopecks,
      // Average project cost = total estimated cost / number of objects, rounded (the objects and shop spec's
      // «Business constants and limits»).
      averageKopecks: objectCount ? Math.round(estimatedKopecks / objectCount) : 0,
      objectCount,
    },
    team: team.map((r) => ({ role: r.role, count: r.count })).sort((a, b) => b.count - a.count),
    objectsByStatus: byStatus.map((r) => ({ status: r.status, count: r.count })),
    workTypes: byWork.map((r) => ({
      workType: r.workType,
      count: r.count,
      estimatedKopecks: Number(r.est ?? 0),
    }))
      .sort((a, b) => b.count - a.count),
    tasksByStatus: taskStatus.map((r) => ({ status: r.status, count: r.count })),
    tasksByPriority: taskPriority.map((r) => ({ priority: r.priority, count: r.count })),
    performance: {
      totalTasks,
      completedTasks,
      // Completion percentage = completed / total (the objects and shop spec's «Business constants and
      // limits»).
      completionPercent: totalTasks ? Math.round((completedTasks / totalTasks) * 100) : 0,
      averageDays: avgMs === null || avgMs === undefined
        ? null
        : Math.round((Number(avgMs) / 86_400_000) * 10) / 10,
      people: perPerson.map((p) => ({
        userId: p.userId,
        name: p.userId === null ? "Не назначено" : displayName(p),
        role: p.role,
        total: p.total,
        completed: Number(p.completed ?? 0),
        active: Number(p.active ?? 0),
        overdue: Number(p.overdue ?? 0),
      })).sort((a, b) => b.total - a.total),
    },
    recommendations: [],
  };
  result.recommendations = recommend(result, statusCount("new"));
  return result;
}

/** A row of the period's task groups: counted (late = 0) or the late ones among them (late = 1). */
interface TaskRow {
  status: string;
  priority: string;
  /** The assignee, 0 for none. */
  userId: number;
  count: number | null;
  doneMs: number | null;
  doneTimed: number | null;
  late: number;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  role: string | null;
}

interface TaskGroup extends Omit<TaskRow, "count" | "doneMs" | "doneTimed" | "late"> {
  count: number;
  completed: number;
  active: number;
  doneMs: number;
  doneTimed: number;
}

/**
 * The period's tasks by the status people see: the stored status, but overdue for an open task past its
 * due date (db/tasks.ts overdueCondition), so each group's late tasks move to an «overdue» group. In the
 * order SQLite groups them (status, priority, assignee).
 */
function shownTaskGroups(rows: TaskRow[]): TaskGroup[] {
  const key = (r: { status: string; priority: string; userId: number }) =>
    `${r.status}\u0000${r.priority}\u0000${r.userId}`;
  const groups = new Map<string, TaskGroup>();
  const add = (g: TaskGroup) => {
    const t = groups.get(key(g));
    if (!t) return void groups.set(key(g), g);
    for (const f of ["count", "completed", "active", "doneMs", "doneTimed"] as const) t[f] += g[f];
  };
  const openStatuses: readonly string[] = openTaskStatuses;
  for (const { late, count, doneMs, doneTimed, ...r } of rows) {
    const n = Number(count ?? 0);
    const userId = Number(r.userId);
    if (late) {
      // Counted already under their stored status: moved from it to «overdue».
      const open = openStatuses.includes(r.status) ? n : 0;
      add({ ...r, userId, count: -n, completed: 0, active: -open, doneMs: 0, doneTimed: 0 });
      add({ ...r, userId, status: "overdue", count: n, completed: 0, active: 0, doneMs: 0, doneTimed: 0 });
      continue;
    }
    add({
      ...r,
      userId,
      count: n,
      completed: r.status === "completed" ? n : 0,
      active: openStatuses.includes(r.status) ? n : 0,
      doneMs: Number(doneMs ?? 0),
      doneTimed: Number(doneTimed ?? 0),
    });
  }
  const cmp = (a: string | number, b: string | number) => a < b ? -1 : a > b ? 1 : 0;
  return [...groups.values()].filter((g) => g.count !== 0)
    .sort((a, b) => cmp(a.status, b.status) || cmp(a.priority, b.priority) || cmp(a.userId, b.userId));
}

/** Rows summed into one total per key, in the order the keys first appear. */
function sumBy<R, K, T>(rows: R[], key: (r: R) => K, start: (r: R) => T, add: (total: T, r: R) => void): T[] {
  const totals = new Map<K, T>();
  for (const r of rows) {
    const k = key(r);
    let t = totals.get(k);
    if (!t) totals.set(k, t = start(r));
    add(t, r);
  }
  return [...totals.values()];
}

/** The performance tab's advice: high workload above 10 active tasks, and the others worth having. */
export function recommend(
  a: Omit<Analytics, "recommendations">,
  newObjects: number,
): Analytics["recommendations"] {
  const out: Analytics["recommendations"] = [];
  if (a.kpi.activeTasks > 10) {
    out.push({
      tone: "warning",
      title: "Высокая загрузка",
      text: `В работе ${
        countOf(a.kpi.activeTasks, taskForms)
      }. Распределите их между сотрудниками или добавьте исполнителей.`,
    });
  }
  if (a.kpi.overdueTasks > 0) {
    out.push({
      tone: "danger",
      title: "Есть просроченные задачи",
      text:
        `Просрочено задач: ${a.kpi.overdueTasks}. Свяжитесь с исполнителями и перенесите сроки или переназначьте задачи.`,
    });
  }
  if (a.performance.totalTasks >= 5 && a.performance.completionPercent < 50) {
    out.push({
      tone: "warning",
      title: "Низкий процент выполнения",
      text:
        `Выполнено ${a.performance.completionPercent}% задач периода. Проверьте, не застряли ли задачи в работе.`,
    });
  }
  if (newObjects > 0) {
    out.push({
      tone: "info",
      title: "Новые объекты ждут замера",
      text: `Объектов в статусе «Новый»: ${newObjects}. Назначьте замерщиков в кабинете инженера.`,
    });
  }
  const unassigned = a.performance.people.find((p) => p.userId === null && p.active + p.overdue > 0);
  if (unassigned) {
    out.push({
      tone: "info",
      title: "Задачи без исполнителя",
      text: `Открытых задач без исполнителя: ${
        unassigned.active + unassigned.overdue
      }. Назначьте ответственных.`,
    });
  }
  const surveyors = a.team.find((t) => t.role === "measurement_engineer")?.count ?? 0;
  if (surveyors === 0) {
    out.push({
      tone: "warning",
      title: "Нет замерщиков",
      text: "В компании нет активных инженеров-замерщиков: добавьте сотрудников с ролью «Инженер-замерщик».",
    });
  }
  if (out.length === 0) {
    out.push({
      tone: "success",
      title: "Показатели в норме",
      text: "Просроченных задач нет, загрузка в пределах нормы.",
    });
  }
  return out;
}
