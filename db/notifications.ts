import { and, count, desc, eq, gt, inArray, like, lt, or, type SQL } from "drizzle-orm";
import type { Db, Executor } from "./client.ts";
import { insertRow, preparedQuery } from "./prepared.ts";
import { activities, notifications, users } from "./schema/mod.ts";
import type { notificationTypes } from "../domain/enums.ts";
import type { Role } from "../domain/roles.ts";

export interface NewNotification {
  /** When, by the app's clock (deps.now): what the bell orders by and a page may show. */
  at: Date;
  companyId: number | null;
  type: typeof notificationTypes[number];
  title: string;
  message: string;
  relatedObjectId?: number | null;
  relatedTaskId?: number | null;
  relatedEstimateId?: number | null;
}

/**
 * Notifications of one kind that come in bursts (shop orders) are grouped: a user who has an unread one of
 * this title, or its group «{plural}: N», since `since` gets that one updated to «{plural}: N+1» with the
 * newest message instead of another row.
 */
export interface NotificationGroup {
  plural: string;
  since: Date;
}

/** Sends one notification to each of the users (grouped with their unread ones when `group` is given). */
export async function notifyUsers(
  db: Executor,
  userIds: number[],
  n: NewNotification,
  group?: NotificationGroup,
): Promise<void> {
  let unique = [...new Set(userIds)];
  if (unique.length === 0) return;
  if (group) {
    const open = await db.select({
      id: notifications.id,
      userId: notifications.userId,
      title: notifications.title,
    })
      .from(notifications).where(and(
        inArray(notifications.userId, unique),
        eq(notifications.type, n.type),
        eq(notifications.isRead, false),
        gt(notifications.createdAt, group.since),
        or(eq(notifications.title, n.title), like(notifications.title, `${group.plural}: %`)),
      )).orderBy(desc(notifications.id));
    const newest = new Map<number, (typeof open)[number]>();
    for (const row of open) if (!newest.has(row.userId)) newest.set(row.userId, row);
    for (const row of newest.values()) {
      const count = row.title === n.title ? 1 : Number(row.title.slice(group.plural.length + 2)) || 1;
      await db.update(notifications).set({
        title: `${group.plural}: ${count + 1}`,
        message: n.message,
        relatedObjectId: n.relatedObjectId ?? null,
        createdAt: n.at,
      }).where(eq(notifications.id, row.id));
    }
    unique = unique.filter((id) => !newest.has(id));
    if (unique.length === 0) return;
  }
  for (const userId of unique) {
    await insertRow(db, "notifications.insert", notifications, {
      companyId: n.companyId,
      userId,
      type: n.type,
      title: n.title,
      message: n.message,
      relatedObjectId: n.relatedObjectId ?? null,
      relatedTaskId: n.relatedTaskId ?? null,
      relatedEstimateId: n.relatedEstimateId ?? null,
      createdAt: n.at.getTime(),
    });
  }
}

/** Sends a notification to the account with this e-mail, when there is one (about the account itself). */
export async function notifyAccountHolder(
  db: Executor,
  email: string,
  n: Omit<NewNotification, "companyId">,
): Promise<boolean> {
  const [user] = await db.select({ id: users.id, companyId: users.companyId }).from(users)
    .where(eq(users.email, email.toLowerCase()));
  if (!user) return false;
  await notifyUsers(db, [user.id], { ...n, companyId: user.companyId });
  return true;
}

/** Sends a notification to every active user of the company with one of the roles, except one user. */
export async function notifyRoles(
  db: Executor,
  roles: Role[],
  n: NewNotification & { companyId: number },
  exceptUserId?: number | null,
  group?: NotificationGroup,
) {
  const rows = await db.select({ id: users.id }).from(users)
    .where(and(eq(users.companyId, n.companyId), inArray(users.role, roles), eq(users.isActive, true)));
  await notifyUsers(db, rows.map((r) => r.id).filter((id) => id !== exceptUserId), n, group);
}

export interface NewActivity {
  /** When, by the app's clock (deps.now): the activity feed shows its age. */
  at: Date;
  companyId: number;
  userId?: number | null;
  type: "task" | "document" | "other";
  title: string;
  status?: string | null;
  fileName?: string | null;
  objectId?: number | null;
  taskId?: number | null;
}

export async function recordActivity(db: Executor, a: NewActivity): Promise<void> {
  await insertRow(db, "activities.insert", activities, {
    companyId: a.companyId,
    userId: a.userId ?? null,
    type: a.type,
    title: a.title,
    status: a.status ?? null,
    fileName: a.fileName ?? null,
    objectId: a.objectId ?? null,
    taskId: a.taskId ?? null,
    createdAt: a.at.getTime(),
  });
}

/** Notifications a list shows at a time: the bell's, and each page of /notifications. */
export const NOTIFICATIONS_PAGE = 50;

/**
 * The user's notifications newest first, `limit` of them: the newest, or those older than notification
 * `before` (the last one a page shows). Null when `before` is not one of the user's.
 */
export async function listNotifications(
  db: Db,
  userId: number,
  { limit = NOTIFICATIONS_PAGE, before }: { limit?: number; before?: number } = {},
) {
  let older: SQL | undefined;
  if (before !== undefined) {
    const [last] = await db.select({ createdAt: notifications.createdAt }).from(notifications)
      .where(and(eq(notifications.id, before), eq(notifications.userId, userId)));
    if (!last) return null;
    older = or(
      lt(notifications.createdAt, last.createdAt),
      and(eq(notifications.createdAt, last.createdAt), lt(notifications.id, before)),
    );
  }
  if (older) {
    return await db.select().from(notifications).where(and(eq(notifications.userId, userId), older))
      .orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(limit);
  }
  // The first page, which /notifications shows, prepared once (a later page's condition is built per call).
  return await preparedQuery(
    db,
    "notifications.newest",
    { userId, limit },
    (p) =>
      db.select().from(notifications).where(eq(notifications.userId, p.userId))
        .orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(p.limit),
  ).all();
}

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const [row] = await preparedQuery(
    db,
    "notifications.unread",
    { userId },
    (p) =>
      db.select({ n: count() }).from(notifications)
        .where(and(eq(notifications.userId, p.userId), eq(notifications.isRead, false))),
  ).all();
  return row.n;
}

/** Marks one of the user's notifications read; false when it is not theirs. */
export async function markRead(db: Db, userId: number, id: number): Promise<boolean> {
  const res = await db.update(notifications).set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId))).returning({
      id: notifications.id,
    });
  return res.length > 0;
}

export async function markAllRead(db: Db, userId: number): Promise<number> {
  const res = await db.update(notifications).set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false))).returning({
      id: notifications.id,
    });
  return res.length;
}

export async function deleteNotification(db: Db, userId: number, id: number): Promise<boolean> {
  const res = await db.delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId))).returning({
      id: notifications.id,
    });
  return res.length > 0;
}

// ---- Event notifications for the company's chief engineers (the notification types of the platform spec's
// «Entities and their fields»). ----
// The objects, measurement and estimate APIs call these inside their write transaction.

/** Sends `n` to the company's active chief engineers, except the one who caused the event. */
export async function notifyChiefEngineers(
  db: Executor,
  n: NewNotification & { companyId: number },
  exceptUserId?: number | null,
  group?: NotificationGroup,
): Promise<void> {
  await notifyRoles(db, ["chief_engineer"], n, exceptUserId, group);
}

/** measurement_updated: a surveyor saved measurements of a task. */
export async function notifyMeasurementUpdated(
  db: Executor,
  m: {
    at: Date;
    companyId: number;
    taskId: number;
    objectId?: number | null;
    title: string;
    byUserId?: number | null;
  },
): Promise<void> {
  await notifyChiefEngineers(db, {
    at: m.at,
    companyId: m.companyId,
    type: "measurement_updated",
    title: "Замеры обновлены",
    message: m.title,
    relatedTaskId: m.taskId,
    relatedObjectId: m.objectId ?? null,
  }, m.byUserId);
}

/** estimate_created / estimate_updated for the chief engineers. */
export async function notifyEstimate(
  db: Executor,
  e: {
    at: Date;
    companyId: number;
    estimateId: number;
    objectId?: number | null;
    estimateNumber: string;
    address?: string | null;
    updated?: boolean;
    byUserId?: number | null;
  },
): Promise<void> {
  await notifyChiefEngineers(db, {
    at: e.at,
    companyId: e.companyId,
    type: e.updated ? "estimate_updated" : "estimate_created",
    title: e.updated ? "Смета обновлена" : "Создана смета",
    message: e.address ? `${e.estimateNumber} — ${e.address}` : e.estimateNumber,
    relatedEstimateId: e.estimateId,
    relatedObjectId: e.objectId ?? null,
  }, e.byUserId);
}

export const notifyEstimateCreated = (
  db: Executor,
  e: Omit<Parameters<typeof notifyEstimate>[1], "updated">,
) => notifyEstimate(db, { ...e, updated: false });
export const notifyEstimateUpdated = (
  db: Executor,
  e: Omit<Parameters<typeof notifyEstimate>[1], "updated">,
) => notifyEstimate(db, { ...e, updated: true });

/**
 * The measuring screen's report on an object (the estimating spec's «Field-work screen» 'Сохранить отчет'):
 * tells the company's chief engineers and records the activity, in one transaction.
 */
export async function sendFieldReport(
  db: Db,
  report: {
    object: { id: number; companyId: number; address: string };
    estimateId: number | null;
    message: string;
    by: { id: number; name: string; now: Date };
  },
): Promise<void> {
  const { object, by } = report;
  await db.transaction(async (tx) => {
    await notifyChiefEngineers(tx, {
      at: by.now,
      companyId: object.companyId,
      type: "other",
      title: `Отчет о выезде: ${by.name}`,
      message: report.message.slice(0, 1000),
      relatedObjectId: object.id,
      relatedEstimateId: report.estimateId,
    }, by.id);
    await recordActivity(tx, {
      at: by.now,
      companyId: object.companyId,
      userId: by.id,
      type: "other",
      title: `Отчет о выезде отправлен: ${object.address}`,
      objectId: object.id,
    });
  });
}
