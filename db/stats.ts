// Dashboard statistics (the platform spec's «Entities and their fields» 'Dashboard statistics') and the
// activity feed.
import { and, count, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "./client.ts";
import { activities, companyDayTallies, documents, estimates, objects, tasks, users } from "./schema/mod.ts";
import type { Period } from "../domain/periods.ts";
import { companyCondition, type Scope } from "./scope.ts";
import { preparedQuery } from "./prepared.ts";
import { newestObjects } from "./objects.ts";
import { type Figures, figures } from "./figures.ts";
import { newCountNote, newForms, newTaskForms, openTaskStatuses, revenueChange } from "../domain/figures.ts";
import { openTallyCount, openTallyWhere, TALLY_DAY_MS, tallyDay } from "./tallies.ts";

const companyOf = (column: SQLiteColumn, scope: Scope) => scope === null ? undefined : eq(column, scope);

/**
 * The dashboard's figures (the platform spec's «Entities and their fields» 'Dashboard statistics'): the
 * shared figures of db/figures.ts under the names of the API, with notes under the cards. Change strings are
 * counts of what the period added ('+3 новых за 30 дней') and, for revenue, the change against the period
 * before (null: nothing to compare).
 */
export interface DashboardStats extends Figures {
  activeProjects: number;
  projectsChange: string;
  /** Tasks in work (domain/figures.ts): the card 'Задачи в работе'. */
  tasksInProgress: number;
  tasksChange: string;
  teamSize: number;
  teamChange: string;
  /** Roubles of revenueKopecks. */
  revenue: number;
  revenueChange: string | null;
}

export async function dashboardStats(
  db: Db,
  scope: Scope,
  period: Period,
  now: Date,
): Promise<DashboardStats> {
  const f = await figures(db, scope, period, now);
  return {
    ...f,
    activeProjects: f.activeObjects,
    projectsChange: newCountNote(f.newObjects, period, newForms),
    tasksInProgress: f.tasksInWork,
    tasksChange: newCountNote(f.newTasks, period, newTaskForms),
    teamSize: f.team,
    teamChange: newCountNote(f.newTeam, period, newForms),
    revenue: f.revenueKopecks / 100,
    revenueChange: revenueChange(f.revenueKopecks, f.previousRevenueKopecks),
  };
}

export interface ActivityItem {
  id: string;
  type: "task" | "document" | "other";
  title: string;
  status: string | null;
  fileName: string | null;
  objectId: number | null;
  taskId: number | null;
  createdAt: Date;
}

/**
 * The activity feed: recorded events merged with document uploads (an upload that was also recorded
 * as an activity appears once), newest first.
 */
export async function activityFeed(db: Db, scope: Scope, limit = 20): Promise<ActivityItem[]> {
  const values = { companyId: scope ?? undefined, limit };
  const [events, uploads] = await Promise.all([
    preparedQuery(
      db,
      "stats.activities",
      values,
      (p) =>
        db.select().from(activities).where(p.companyId && eq(activities.companyId, p.companyId))
          .orderBy(desc(activities.createdAt), desc(activities.id)).limit(p.limit),
    ).all(),
    preparedQuery(db, "stats.uploads", values, (p) =>
      db.select({
        id: documents.id,
        fileName: documents.fileName,
        objectId: documents.objectId,
        taskId: documents.taskId,
        uploadedAt: documents.uploadedAt,
      }).from(documents).where(p.companyId && eq(documents.companyId, p.companyId))
        .orderBy(desc(documents.uploadedAt), desc(documents.id)).limit(p.limit)).all(),
  ]);
  const recorded = new Set(events.filter((e) => e.fileName).map((e) => `${e.fileName}:${e.objectId}`));
  const items: ActivityItem[] = [
    ...events.map((e) => ({
      id: `a${e.id}`,
      type: e.type,
      title: e.title,
      status: e.status,
      fileName: e.fileName,
      objectId: e.objectId,
      taskId: e.taskId,
      createdAt: e.createdAt,
    })),
    ...uploads.filter((d) => !recorded.has(`${d.fileName}:${d.objectId}`)).map((d) => ({
      id: `d${d.id}`,
      type: "document" as const,
      title: `Загружен документ: ${d.fileName}`,
      status: null,
      fileName: d.fileName,
      objectId: d.objectId,
      taskId: d.taskId,
      createdAt: d.uploadedAt,
    })),
  ];
  return items.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).slice(0, limit);
}

/** How many documents the company has (the foreman's card). */
export async function documentCount(db: Db, scope: Scope): Promise<number> {
  const [row] = await db.select({ n: count() }).from(documents).where(companyOf(documents.companyId, scope));
  return row.n;
}

/** Document counts per object and kind (photos are image files). */
export async function documentsByObject(db: Db, scope: Scope, objectIds: number[]) {
  if (objectIds.length === 0) return new Map<number, { photos: number; files: number }>();
  const rows = await db.select({
    objectId: documents.objectId,
    isPhoto: sql<number>`${documents.fileType} like 'image/%'`,
    n: count(),
  }).from(documents)
    .where(and(companyOf(documents.companyId, scope), inArray(documents.objectId, objectIds)))
    .groupBy(documents.objectId, sql`${documents.fileType} like 'image/%'`);
  const out = new Map<number, { photos: number; files: number }>();
  for (const r of rows) {
    if (r.objectId === null) continue;
    const e = out.get(r.objectId) ?? { photos: 0, files: 0 };
    if (r.isPhoto) e.photos += r.n;
    else e.files += r.n;
    out.set(r.objectId, e);
  }
  return out;
}

/** The latest objects of the scope (the cabinets show 5). */
export function latestObjects(db: Db, scope: Scope, limit = 5) {
  const columns = {
    id: objects.id,
    address: objects.address,
    settlement: objects.settlement,
    status: objects.status,
    workType: objects.workType,
    clientName: objects.clientName,
    clientPhone: objects.clientPhone,
    estimatedCost: objects.estimatedCost,
    stage: objects.stage,
    contractTotal: objects.contractTotal,
    receivedTotal: objects.receivedTotal,
    createdAt: objects.createdAt,
  };
  return newestObjects(db, scope, { name: "latest", columns, limit });
}

/** Estimates of these objects with one of the statuses (the surveyor's ready estimates). */
export async function estimatesOfObjects(
  db: Db,
  scope: Scope,
  objectIds: number[],
  statuses: string[] = ["approved"],
) {
  if (objectIds.length === 0) return [];
  // The ids as one JSON array: one prepared statement whatever their number.
  const values = { companyId: scope ?? undefined, objectIds: JSON.stringify(objectIds) };
  return await preparedQuery(db, `estimates.ofObjects.${statuses.join(",")}`, values, (p) =>
    db.select({
      id: estimates.id,
      objectId: estimates.objectId,
      estimateNumber: estimates.estimateNumber,
      status: estimates.status,
      totalAmount: estimates.totalAmount,
    }).from(estimates)
      .where(and(
        // `+`: the objects' estimates by estimates_object_idx, not every estimate of the company.
        p.companyId && sql`+${estimates.companyId} = ${p.companyId}`,
        sql`${estimates.objectId} in (select value from json_each(${p.objectIds}))`,
        inArray(estimates.status, statuses as (typeof estimates.$inferSelect.status)[]),
      ))
      .orderBy(desc(estimates.createdAt))).all();
}

/** How many estimates the user made (everyone's for an administrator without a company scope). */
export async function estimateCount(db: Db, scope: Scope, createdBy?: number): Promise<number> {
  const [row] = await preparedQuery(
    db,
    "stats.estimateCount",
    { companyId: scope ?? undefined, createdBy },
    (p) =>
      db.select({ n: count() }).from(estimates).where(and(
        p.companyId && eq(estimates.companyId, p.companyId),
        p.createdBy && eq(estimates.createdBy, p.createdBy),
      )),
  ).all();
  return row.n;
}

/** A person's (or a role's) tasks counted as the surveyor's cabinet shows them (spec/3 §2.1). */
export interface AssigneeTaskCounts {
  /** Assigned, pending or in progress and not late (domain/tasks.ts isActiveStatus). */
  active: number;
  completed: number;
  /** Marked overdue, or open and past the due date (domain/tasks.ts isOverdue). */
  overdue: number;
  total: number;
}

/**
 * The task counts of one assignee, or of every assignee with a role, as of `now`: summed from the day
 * tallies by status and the open-task tally by due day (db/tallies.ts), plus the open tasks due today up to
 * now counted from the rows — a few rows per day, however many tasks the person has.
 */
export async function assigneeTaskCounts(
  db: Db,
  scope: Scope,
  who: { assignedTo: number } | { assigneeRole: string },
  now: Date,
): Promise<AssigneeTaskCounts> {
  const today = tallyDay(now.getTime());
  const values = {
    companyId: scope ?? undefined,
    assignedTo: "assignedTo" in who ? who.assignedTo : undefined,
    assigneeRole: "assigneeRole" in who ? who.assigneeRole : undefined,
    today,
    todayStart: today * TALLY_DAY_MS,
    now: now.getTime(),
  };
  const [row] = await preparedQuery(db, "stats.assigneeTaskCounts", values, (p) => {
    const day = companyDayTallies;
    const people = p.assignedTo
      ? sql`(${p.assignedTo})`
      : sql`(select ${users.id} from ${users} where ${users.role} = ${p.assigneeRole})`;
    const byStatus = (statuses?: readonly string[]) =>
      sql<number>`(select coalesce(sum(${day.n}), 0) from ${day} where ${
        and(
          p.companyId && eq(day.companyId, p.companyId),
          eq(day.kind, "task"),
          statuses && inArray(day.status, [...statuses]),
          inArray(day.userId, people),
        )
      })`;
    const lateOpen = sql<number>`${
      openTallyCount(openTallyWhere(p.companyId, p.today, undefined, people))
    } + (select count(*) from ${tasks} where ${
      and(
        companyCondition(tasks.companyId, p.companyId),
        inArray(tasks.status, [...openTaskStatuses]),
        inArray(tasks.assignedTo, people),
        gte(tasks.dueDate, p.todayStart),
        lt(tasks.dueDate, p.now),
      )
    })`;
    return db.select({
      total: byStatus(),
      completed: byStatus(["completed"]),
      marked: byStatus(["overdue"]),
      open: byStatus(openTaskStatuses),
      late: lateOpen,
    }).from(sql`(select 1)`);
  }).all();
  const n = (v: number | null) => Number(v ?? 0);
  return {
    active: n(row.open) - n(row.late),
    completed: n(row.completed),
    overdue: n(row.marked) + n(row.late),
    total: n(row.total),
  };
}
