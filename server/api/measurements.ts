import { type Context, Hono } from "hono";
import { z } from "zod";
import { formConfig, parseMeasurementDocument } from "../../estimating/mod.ts";
import { latestMeasurement, saveMeasurement, taskForMeasurement } from "../../db/measurements.ts";
import { staffRoles } from "../../domain/roles.ts";
import { invalid, notFound } from "../errors.ts";
import { validate } from "../validate.ts";
import { companyScope, currentUser, requireApi } from "../middleware/guard.ts";
import { idText, jsonNumber } from "../query.ts";
import type { AppEnv, CurrentUser } from "../types.ts";
import { seesOnlyOwnTasks } from "../../domain/tasks.ts";
import { clientIdSchema, requestKey } from "../../domain/offline.ts";

const taskParam = z.object({ taskId: idText });

const saveBody = z.object({
  taskId: jsonNumber({ error: "Выберите задачу" }).int().positive("Выберите задачу"),
  measurements: z.record(z.string(), z.unknown(), { error: "Ожидается объект с полями замера" }),
  photos: z.array(jsonNumber().int().positive()).max(100).optional().default([]),
  notes: z.string().max(5000, "Не длиннее 5000 символов").nullable().optional(),
  /** The phone's id of this save: a retry with the same id answers the first record. */
  clientId: clientIdSchema.optional(),
});

/** The task the user may measure: in their company, and their own when they are a surveyor or foreman. */
export async function measurableTask(c: Pick<Context<AppEnv>, "get">, user: CurrentUser, taskId: number) {
  const task = await taskForMeasurement(c.get("deps").db, companyScope(user), taskId, {
    assignedTo: seesOnlyOwnTasks(user) ? user.id : undefined,
  });
  if (!task) throw notFound("Задача не найдена");
  return task;
}

/**
 * Measurement records (the estimating spec's «Calls»): GET /api/measurements/form (the form as data), GET
 * /api/measurements/:taskId (records of the task, newest first), POST /api/measurements (save).
 * A surveyor reaches only the tasks assigned to them; another task answers 404.
 */
export const measurementsApi = new Hono<AppEnv>()
  .use(requireApi(staffRoles))
  .get("/form", (c) => {
    const config = formConfig();
    c.header("Cache-Control", "private, max-age=3600");
    c.header("ETag", `"${config.version}"`);
    if (c.req.header("If-None-Match") === `"${config.version}"`) return c.body(null, 304);
    return c.json(config);
  })
  .get("/:taskId{[0-9]+}", validate("param", taskParam), async (c) => {
    const user = currentUser(c);
    const task = await measurableTask(c, user, c.req.valid("param").taskId);
    const latest = await latestMeasurement(c.get("deps").db, task.id);
    return c.json(latest ? [latest] : []);
  })
  .post("/", validate("json", saveBody), async (c) => {
    const user = currentUser(c);
    const body = c.req.valid("json");
    const task = await measurableTask(c, user, body.taskId);
    const parsed = parseMeasurementDocument({ measurements: body.measurements });
    if (!parsed.ok) {
      const errors: Record<string, string[]> = {};
      for (const issue of parsed.issues) (errors[issue.path] ??= []).push(issue.message);
      throw invalid(errors, "Проверьте значения замеров");
    }
    const measurements: Record<string, unknown> = { ...parsed.value.measurements };
    if (body.notes !== undefined) measurements.notes = body.notes;
    const { db, now } = c.get("deps");
    const record = await saveMeasurement(db, task, {
      measurements,
      photos: body.photos,
      notes: body.notes ?? null,
      clientId: body.clientId ? requestKey(body.clientId, { user: user.id, task: task.id }) : null,
    }, { id: user.id, now: now() });
    return c.json(record, 201);
  });
