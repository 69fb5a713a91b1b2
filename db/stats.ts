// Dashboard statistics (spec/1 §3 'Dashboard statistics') and the activity feed.
import {
  and,
  count,
  desc,
  eq,
  gte,
  inArray,
  lt,
  notInArray,
  type SQL,
  sql,
  type SQLWrapper,
} from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "./client.ts";
import { activities, documents, estimates, objects, tasks, users } from "./schema/mod.ts";
import { changeString, type Period, periodRange } from "../domain/periods.ts";
import type { Scope } from "./scope.ts";
import { objectStatuses, taskStatuses } from "../domain/enums.ts";

function inRange(column: SQLiteColumn, from: Date | null, to: Date | null): SQL | undefined {
  return and(from ? gte(column, from) : undefined, to ? lt(column, to) : undefined);
}

// The open statuses listed rather than the closed ones excluded: SQLite counts an IN list by seeking the
// (company, status) index, while NOT IN tests every index entry (five times slower at 50 000 tasks).
const openObjectStatuses = objectStatuses.filter((s) => s !== "completed" && s !== "cancelled");
const openTaskStatuses = taskStatuses.filter((s) => s !== "completed" && s !== "cancelled");

const companyOf = (column: SQLiteColumn, scope: Scope) => scope === null ? undefined : eq(column, scope);

export interface DashboardStats {
  period: Period;
  activeProjects: number;
  projectsChange: string;
  /** Open tasks (assigned, pending, in progress or late): the card 'Задачи в работе'. */
  tasksInProgress: number;
  /** Tasks completed within the period. */
  completedTasks: number;
  tasksChange: string;
  teamSize: number;
  teamChange: string;
  /** Roubles: completed objects of the period at their actual cost (else the estimated one). */
  revenue: number;
  revenueKopecks: number;
  revenueChange: string;
}

/**
 * The four dashboard figures with real changes: new objects, new tasks, new staff and revenue of the
 * period against the period just before it.
 */
export async function dashboardStats(
  db: Db,
  scope: Scope,
  period: Period,
  now: Date,
): Promise<DashboardStats> {
  const { from, prevFrom } = periodRange(period, now);
  const objectScope = companyOf(objects.companyId, scope);
  const taskScope = companyOf(tasks.companyId, scope);
  const userScope = and(companyOf(users.companyId, scope), notInArray(users.role, ["user"]));

  // Each figure is a subquery its own index answers, and all twelve go to the database as one statement:
  // the per-statement cost of the driver, not the counting, was most of the time.
  const countObjects = (where?: SQL) =>
    db.select({ n: count() }).from(objects).where(and(objectScope, where));
  const countTasks = (where?: SQL) => db.select({ n: count() }).from(tasks).where(and(taskScope, where));
  const countUsers = (where?: SQL) => db.select({ n: count() }).from(users).where(and(userScope, where));
  const revenueIn = (a: Date | null, b: Date | null) =>
    db.select({ v: sql`coalesce(sum(coalesce(${objects.actualCost}, ${objects.estimatedCost}, 0)), 0)` })
      .from(objects)
      .where(and(objectScope, eq(objects.status, "completed"), inRange(objects.updatedAt, a, b)));
  const hasPrev = from !== null;
  const figures: SQLWrapper[] = [
    countObjects(inArray(objects.status, openObjectStatuses)),
    countObjects(inRange(objects.createdAt, from, null)),
    hasPrev ? countObjects(inRange(objects.createdAt, prevFrom, from)) : sql`null`,
    countTasks(inArray(tasks.status, openTaskStatuses)),
    countTasks(and(eq(tasks.status, "completed"), inRange(tasks.completedAt, from, null))),
    countTasks(inRange(tasks.createdAt, from, null)),
    hasPrev ? countTasks(inRange(tasks.createdAt, prevFrom, from)) : sql`null`,
    countUsers(eq(users.isActive, true)),
    countUsers(inRange(users.createdAt, from, null)),
    hasPrev ? countUsers(inRange(users.createdAt, prevFrom, from)) : sql`null`,
    revenueIn(from, null),
    hasPrev ? revenueIn(prevFrom, from) : sql`null`,
  ];
  // The driver's row is array-like, not an array.
  const [row] = await db.values<(number | null)[]>(
    sql`select ${sql.join(figures.map((f) => sql`(${f})`), sql`, `)}`,
  );
  const [
    activeProjects,
    newObjects,
    prevObjects,
    tasksInProgress,
    completedTasks,
    newTasks,
    prevTasks,
    teamSize,
    newUsers,
    prevUsers,
    revenue,
    prevRevenue,
  ] = Array.from(row, (v) => v === null ? null : Number(v));
  const revenueKopecks = revenue ?? 0;

  return {
    period,
    activeProjects: activeProjects ?? 0,
    projectsChange: changeString(newObjects ?? 0, prevObjects),
    tasksInProgress: tasksInProgress ?? 0,
    completedTasks: completedTasks ?? 0,
    tasksChange: changeString(newTasks ?? 0, prevTasks),
    teamSize: teamSize ?? 0,
    teamChange: changeString(newUsers ?? 0, prevUsers),
    revenue: revenueKopecks / 100,
    revenueKopecks,
    revenueChange: changeString(revenueKopecks, prevRevenue),
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
  const [events, uploads] = await Promise.all([
    db.select().from(activities).where(companyOf(activities.companyId, scope))
      .orderBy(desc(activities.createdAt), desc(activities.id)).limit(limit),
    db.select({
      id: documents.id,
      fileName: documents.fileName,
      objectId: documents.objectId,
      taskId: documents.taskId,
      uploadedAt: documents.uploadedAt,
    }).from(documents).where(companyOf(documents.companyId, scope))
      .orderBy(desc(documents.uploadedAt), desc(documents.id)).limit(limit),
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
export async function latestObjects(db: Db, scope: Scope, limit = 5) {
  return await db.select({
    id: objects.id,
    address: objects.address,
    settlement: objects.settlement,
    status: objects.status,
    workType: objects.workType,
    clientName: objects.clientName,
    clientPhone: objects.clientPhone,
    estimatedCost: objects.estimatedCost,
    createdAt: objects.createdAt,
  }).from(objects).where(companyOf(objects.companyId, scope))
    .orderBy(desc(objects.createdAt), desc(objects.id)).limit(limit);
}

/** Estimates of these objects with one of the statuses (the surveyor's ready estimates). */
export async function estimatesOfObjects(
  db: Db,
  scope: Scope,
  objectIds: number[],
  statuses: string[] = ["approved"],
) {
  if (objectIds.length === 0) return [];
  return await db.select({
    id: estimates.id,
    objectId: estimates.objectId,
    estimateNumber: estimates.estimateNumber,
    status: estimates.status,
    totalAmount: estimates.totalAmount,
  }).from(estimates)
    .where(and(
      companyOf(estimates.companyId, scope),
      inArray(estimates.objectId, objectIds),
      inArray(estimates.status, statuses as (typeof estimates.$inferSelect.status)[]),
    ))
    .orderBy(desc(estimates.createdAt));
}

/** How many estimates the user made (everyone's for an administrator without a company scope). */
export async function estimateCount(db: Db, scope: Scope, createdBy?: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(estimates)
    .where(
      and(
        companyOf(estimates.companyId, scope),
        createdBy === undefined ? undefined : eq(estimates.createdBy, createdBy),
      ),
    );
  return row.n;
}
