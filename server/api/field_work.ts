import { Hono } from "hono";
import { z } from "zod";
import { getEstimate, objectForEstimate } from "../../db/estimates.ts";
import { sendFieldReport } from "../../db/notifications.ts";
import { displayName, formatKopecks } from "../../domain/format.ts";
import { staffRoles } from "../../domain/roles.ts";
import { invalid, notFound } from "../errors.ts";
import { updateTask } from "../../usecases/task_changes.ts";
import { seesOnlyOwnTasks } from "../../domain/tasks.ts";
import { measurableTask } from "./measurements.ts";
import { validate } from "../validate.ts";
import { jsonNumber } from "../query.ts";
import { companyScope, currentUser, requireApi } from "../middleware/guard.ts";
import type { AppEnv } from "../types.ts";

const reportBody = z.object({
  objectId: jsonNumber({ error: "Выберите объект для работы" }).int().positive(
    "Выберите объект для работы",
  ),
  estimateId: jsonNumber().int().positive().nullable().optional(),
  /** The other estimates of the same measuring, when the chief engineer asked for one per work type. */
  estimateIds: z.array(jsonNumber().int().positive()).max(20).optional(),
  taskId: jsonNumber().int().positive().nullable().optional(),
  comment: z.string().trim().max(5000, "Не длиннее 5000 символов").nullable().optional(),
});

/**
 * The measuring screen's 'Отправить инженеру' (the estimating spec's «Site-work dialog» 'Завершить задачу'
 * and «Field-work screen» 'Сохранить отчет' in one): sends the report on the object (and its estimate, or
 * each of its estimates when there is one per work type) to the company's chief engineers as a notification
 * and records the activity; with a task, completes it first (which needs its estimate), so the task's status
 * follows the report.
 */
export const fieldWorkApi = new Hono<AppEnv>()
  .use(requireApi(staffRoles))
  .post("/report", validate("json", reportBody), async (c) => {
    const user = currentUser(c);
    const body = c.req.valid("json");
    const { db, now } = c.get("deps");
    const scope = companyScope(user);
    const object = await objectForEstimate(db, scope, body.objectId);
    if (!object) throw notFound("Объект не найден");
    const estimates: NonNullable<Awaited<ReturnType<typeof getEstimate>>>[] = [];
    for (const id of new Set([body.estimateId, ...body.estimateIds ?? []])) {
      if (!id) continue;
      const estimate = await getEstimate(db, scope, id);
      if (!estimate || estimate.objectId !== object.id) throw notFound("Смета не найдена");
      estimates.push(estimate);
    }
    let taskStatus: string | null = null;
    if (body.taskId) {
      const task = await measurableTask(c, user, body.taskId);
      if (task.objectId !== object.id) throw invalid({ taskId: ["Задача относится к другому объекту"] });
      const done = await updateTask(db, scope, task.id, { status: "completed" }, {
        id: user.id,
        now: now(),
        assignedTo: seesOnlyOwnTasks(user) ? user.id : undefined,
      });
      if (!done) throw notFound("Задача не найдена");
      taskStatus = done.status;
    }
    const parts = [object.address];
    for (const e of estimates) parts.push(`смета ${e.estimateNumber} на ${formatKopecks(e.totalAmount)}`);
    if (body.comment) parts.push(body.comment);
    await sendFieldReport(db, {
      object,
      estimateId: estimates[0]?.id ?? null,
      message: parts.join(" — "),
      by: { id: user.id, name: displayName(user), now: now() },
    });
    return c.json({ ok: true, sentAt: now(), taskStatus });
  });
