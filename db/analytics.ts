// Analytics of spec/2 §2: objects, tasks, money and team of the period, with recommendations.
import { and, count, eq, gte, isNotNull, ne, type SQL, sql, sum } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db } from "./client.ts";
import { objects, tasks, users } from "./schema/mod.ts";
import { overdueCondition } from "./tasks.ts";
import type { Scope } from "./scope.ts";
import { figures } from "./figures.ts";
import { teamRoleExcluded } from "../domain/figures.ts";
import { type Period, periodRange } from "../domain/periods.ts";
import { countOf, displayName, taskForms } from "../domain/format.ts";
import type { Analytics } from "../domain/analytics.ts";

export type { Analytics };

const assignee = alias(users, "assignee");

/**
 * The KPI cards and the money are the shared figures of db/figures.ts (the same numbers as the dashboard);
 * the breakdowns are of the objects and tasks created within the period (everything for 'all'); the team
 * as it is now.
 */
export async function analytics(db: Db, scope: Scope, period: Period, now: Date): Promise<Analytics> {
  const { from } = periodRange(period, now);
  const objectWhere: SQL | undefined = and(
    scope === null ? undefined : eq(objects.companyId, scope),
    from ? gte(objects.createdAt, from) : undefined,
  );
  const taskWhere: SQL | undefined = and(
    scope === null ? undefined : eq(tasks.companyId, scope),
    from ? gte(tasks.createdAt, from) : undefined,
  );
  const late = overdueCondition(now);
  const shownStatus = sql<string>`case when ${late} then 'overdue' else ${tasks.status} end`;

  // The tasks are grouped first and the few groups joined to their assignee: joined before grouping, every
  // task of the period cost a user lookup.
  const taskGroups = db.select({
    status: shownStatus.as("status"),
    priority: tasks.priority,
    userId: tasks.assignedTo,
    count: count().as("count"),
    completed: sql<number>`sum(case when ${tasks.status} = 'completed' then 1 else 0 end)`.as("completed"),
    active: sql<
      number
    >`sum(case when ${tasks.status} in ('assigned','pending','in_progress') and not (${late}) then 1 else 0 end)`
      .as("active"),
    doneMs: sql<
      number | null
    >`sum(case when ${tasks.status} = 'completed' then ${tasks.completedAt} - ${tasks.createdAt} end)`.as(
      "done_ms",
    ),
    doneTimed: sql<
      number
    >`count(case when ${tasks.status} = 'completed' then ${tasks.completedAt} - ${tasks.createdAt} end)`
      .as("done_timed"),
  }).from(tasks).where(taskWhere).groupBy(shownStatus, tasks.priority, tasks.assignedTo).as("task_groups");

  // One pass over the period's objects and one over its tasks, grouped finely enough that every breakdown
  // below is a sum of their rows: a big company costs two scans, not seven.
  const [headline, objectGroups, taskRows, team] = await Promise.all([
    figures(db, scope, period, now),
    db.select({
      status: objects.status,
      workType: objects.workType,
      count: count(),
      est: sum(objects.estimatedCost),
    }).from(objects).where(objectWhere).groupBy(objects.status, objects.workType),
    db.select({
      status: taskGroups.status,
      priority: taskGroups.priority,
      userId: taskGroups.userId,
      firstName: assignee.firstName,
      lastName: assignee.lastName,
      email: assignee.email,
      role: assignee.role,
      count: taskGroups.count,
      completed: taskGroups.completed,
      active: taskGroups.active,
      doneMs: taskGroups.doneMs,
      doneTimed: taskGroups.doneTimed,
    }).from(taskGroups).leftJoin(assignee, eq(assignee.id, taskGroups.userId)),
    db.select({ role: users.role, count: count() }).from(users)
      .where(and(
        scope === null ? isNotNull(users.companyId) : eq(users.companyId, scope),
        eq(users.isActive, true),
        ne(users.role, teamRoleExcluded),
      ))
      .groupBy(users.role),
  ]);

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
  const taskStatus = sumBy(taskRows, (r) => r.status, (r) => ({ status: r.status, count: 0 }), (t, r) => {
    t.count += r.count;
  });
  const taskPriority = sumBy(
    taskRows,
    (r) => r.priority,
    (r) => ({ priority: r.priority, count: 0 }),
    (t, r) => {
      t.count += r.count;
    },
  ).sort((a, b) => a.priority < b.priority ? -1 : 1);
  const people = sumBy(
    taskRows,
    (r) => r.userId,
    (r) => ({ ...r, total: 0, completed: 0, active: 0, overdue: 0 }),
    (t, r) => {
      t.total += r.count;
      t.completed += Number(r.completed ?? 0);
      t.active += Number(r.active ?? 0);
      if (r.status === "overdue") t.overdue += r.count;
    },
  ).sort((a, b) => (a.userId ?? 0) - (b.userId ?? 0));
  const doneTimed = taskRows.reduce((n, r) => n + Number(r.doneTimed ?? 0), 0);
  const doneMs = taskRows.reduce((n, r) => n + Number(r.doneMs ?? 0), 0);
  const done = [{ avgMs: doneTimed ? doneMs / doneTimed : null }];

  const statusCount = (s: string) => byStatus.find((r) => r.status === s)?.count ?? 0;
  const taskCount = (s: string) => taskStatus.find((r) => r.status === s)?.count ?? 0;
  const objectCount = money.n;
  const estimatedKopecks = money.est;
  const totalTasks = taskStatus.reduce((s, r) => s + r.count, 0);
  const completedTasks = taskCount("completed");
  const avgMs = done[0]?.avgMs;

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
      // Average project cost = total estimated cost / number of objects, rounded (spec/2 §9).
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
      // Completion percentage = completed / total (spec/2 §9).
      completionPercent: totalTasks ? Math.round((completedTasks / totalTasks) * 100) : 0,
      averageDays: avgMs === null || avgMs === undefined
        ? null
        : Math.round((Number(avgMs) / 86_400_000) * 10) / 10,
      people: people.map((p) => ({
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
