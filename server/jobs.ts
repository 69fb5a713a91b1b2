// Periodic work of the server: the task_overdue notification, sent once per late task, and the
// clean-up of expired sessions and of sign-in attempts that fell out of the throttle window.
import { and, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { notifications, objects, tasks } from "../db/schema/mod.ts";
import { overdueCondition } from "../db/tasks.ts";
import { notifyUsers } from "../db/notifications.ts";
import { deleteExpiredSessions } from "./auth/sessions.ts";
import { pruneAttempts } from "./auth/throttle.ts";
import type { AppDeps } from "./types.ts";

export const OVERDUE_CHECK_MS = 5 * 60_000;

/**
 * Sends task_overdue to the assignee and to the one who assigned each task that has just become
 * late, and stamps the task so that it is sent only once. A recipient who already has a
 * task_overdue for the task (the demo data) is not told twice. Returns how many tasks were handled.
 */
export async function notifyOverdueTasks(deps: Pick<AppDeps, "db" | "now">): Promise<number> {
  const { db } = deps;
  const now = deps.now();
  const late = await db.select({
    id: tasks.id,
    companyId: tasks.companyId,
    objectId: tasks.objectId,
    title: tasks.title,
    assignedTo: tasks.assignedTo,
    assignedBy: tasks.assignedBy,
    address: objects.address,
  }).from(tasks)
    .leftJoin(objects, eq(objects.id, tasks.objectId))
    .where(and(isNull(tasks.overdueNotifiedAt), isNotNull(tasks.dueDate), overdueCondition(now)))
    .limit(500);
  if (late.length === 0) return 0;

  const already = await db.select({ taskId: notifications.relatedTaskId, userId: notifications.userId })
    .from(notifications)
    .where(
      and(
        eq(notifications.type, "task_overdue"),
        inArray(notifications.relatedTaskId, late.map((t) => t.id)),
      ),
    );
  const told = new Set(already.map((n) => `${n.taskId}:${n.userId}`));

  for (const task of late) {
    const recipients = [task.assignedTo, task.assignedBy]
      .filter((id): id is number => id !== null && !told.has(`${task.id}:${id}`));
    await db.transaction(async (tx) => {
      await notifyUsers(tx, recipients, {
        companyId: task.companyId,
        type: "task_overdue",
        title: "Задача просрочена",
        message: task.address ? `${task.title} — ${task.address}` : task.title,
        relatedTaskId: task.id,
        relatedObjectId: task.objectId,
      });
      await tx.update(tasks).set({ overdueNotifiedAt: now }).where(eq(tasks.id, task.id));
    });
  }
  return late.length;
}

/** Deletes the sessions that have run out and the sign-in attempts older than the throttle window. */
export async function cleanUpSessions(deps: Pick<AppDeps, "db" | "now">) {
  const now = deps.now();
  return {
    sessions: await deleteExpiredSessions(deps.db, now),
    attempts: await pruneAttempts(deps.db, now),
  };
}

/** Runs the jobs now and then every few minutes; returns a function that stops them. */
export function startJobs(deps: Pick<AppDeps, "db" | "now">, everyMs = OVERDUE_CHECK_MS): () => void {
  // One after the other: the jobs write, and writes are not to overlap.
  const run = async () => {
    await notifyOverdueTasks(deps).catch((error) =>
      console.error("Проверка просроченных задач не удалась:", error)
    );
    await cleanUpSessions(deps).catch((error) => console.error("Очистка истекших сессий не удалась:", error));
  };
  run();
  const timer = setInterval(run, everyMs);
  return () => clearInterval(timer);
}
