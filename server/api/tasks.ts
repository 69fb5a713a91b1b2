import { Hono } from "hono";
import { z } from "zod";
import {
  assignableUsers,
  createTask,
  getTask,
  listTasks,
  TaskRuleError,
  updateTask,
} from "../../db/tasks.ts";
import {
  isPastDay,
  parseDueDate,
  seesOnlyOwnTasks,
  taskManagerRoles,
  taskPriorities,
  taskStatuses,
} from "../../domain/tasks.ts";
import { assignMeasurementSchema, ESTIMATE_SPLIT_MESSAGE, taskFormSchema } from "../../domain/task_forms.ts";
import { estimateSplitRoles, hasRole, type Role, staffRoles } from "../../domain/roles.ts";
import { fieldErrors, forbidden, invalid, notFound } from "../errors.ts";
import { validate } from "../validate.ts";
import { companyScope, currentUser, requireApi } from "../middleware/guard.ts";
import { queryText, validIdParam } from "../query.ts";
import { scopeOf } from "../../db/scope.ts";
import type { AppEnv } from "../types.ts";

const listQuery = z.object({
  status: z.enum(taskStatuses).optional(),
  assignedTo: z.union([z.literal("none"), z.coerce.number().int().positive()]).optional(),
  objectId: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});

const assigneesQuery = z.object({ role: queryText });

const createBody = z.object({ measurement: z.boolean().optional() }).passthrough();

const patchBody = z.object({
  status: z.enum(taskStatuses, { error: "Неизвестный статус" }).optional(),
  description: z.string().max(5000).nullable().optional(),
  title: z.string().trim().min(1, "Название обязательно").max(300).optional(),
  priority: z.enum(taskPriorities, { error: "Неизвестный приоритет" }).optional(),
  dueDate: z.string().min(1, "Срок выполнения обязателен").nullable().optional(),
  assignedTo: z.coerce.number().int().positive().nullable().optional(),
  objectId: z.coerce.number().int().positive().optional(),
  separateEstimates: z.boolean({ error: ESTIMATE_SPLIT_MESSAGE }).optional(),
}).strict();

/** «Сметы по видам работ» is the chief engineer's (or an administrator's) choice. */
function checkEstimateSplit(role: Role, value: boolean | undefined) {
  if (value !== undefined && !hasRole(role, estimateSplitRoles)) {
    throw forbidden(
      "Выбирать, делать ли отдельные сметы по видам работ, может главный инженер или администратор",
    );
  }
}

function dueDateOrError(value: string, now: Date): Date {
  const d = parseDueDate(value);
  if (!d) throw invalid({ dueDate: ["Некорректная дата"] });
  if (isPastDay(value, now)) throw invalid({ dueDate: ["Срок не может быть раньше сегодняшнего дня"] });
  return d;
}

function ruleError(error: unknown): never {
  if (error instanceof TaskRuleError) throw invalid({ [error.field]: [error.message] });
  throw error;
}

/**
 * Tasks. Staff read them; managers, chief engineers and administrators create and change any task of
 * their company; a surveyor or foreman sees and changes only the tasks assigned to them (status and
 * description), and someone else's task answers 404.
 */
export const tasksApi = new Hono<AppEnv>()
  .use(requireApi(staffRoles))
  .get("/", validate("query", listQuery), async (c) => {
    const user = currentUser(c);
    const q = c.req.valid("query");
    const { db, now } = c.var.deps;
    const items = await listTasks(db, companyScope(user), {
      ...q,
      assignedTo: seesOnlyOwnTasks(user) ? user.id : q.assignedTo,
      now: now(),
    });
    return c.json(items);
  })
  .get("/assignees", validate("query", assigneesQuery), async (c) => {
    const user = currentUser(c);
    const role = c.req.valid("query").role === "measurement_engineer" ? "measurement_engineer" : undefined;
    return c.json(await assignableUsers(c.var.deps.db, companyScope(user), role));
  })
  .get("/:id", validIdParam, async (c) => {
    const user = currentUser(c);
    const { db, now } = c.var.deps;
    const task = await getTask(db, companyScope(user), c.req.valid("param").id, {
      now: now(),
      assignedTo: seesOnlyOwnTasks(user) ? user.id : undefined,
    });
    if (!task) throw notFound("Задача не найдена");
    return c.json(task);
  })
  .post("/", validate("json", createBody), async (c) => {
    const user = currentUser(c);
    if (!hasRole(user.role, taskManagerRoles)) {
      throw forbidden("Создавать задачи могут менеджер, главный инженер и администратор");
    }
    const raw = c.req.valid("json");
    const schema = raw.measurement ? assignMeasurementSchema : taskFormSchema;
    const parsed = schema.safeParse(raw);
    if (!parsed.success) throw invalid(fieldErrors(parsed.error));
    const input = parsed.data;
    checkEstimateSplit(user.role, input.separateEstimates);
    const { db, now } = c.var.deps;
    const at = now();
    const dueDate = dueDateOrError(input.dueDate, at);
    const assignedTo = input.assignedTo === undefined || input.assignedTo === null || input.assignedTo === ""
      ? null
      : Number(input.assignedTo);
    if (assignedTo !== null && !(assignedTo > 0)) throw invalid({ assignedTo: ["Исполнитель не найден"] });
    const task = await createTask(db, companyScope(user), {
      objectId: Number(input.objectId),
      title: input.title,
      description: input.description ?? null,
      dueDate,
      assignedTo,
      status: input.status,
      priority: input.priority ?? (raw.measurement ? "high" : "medium"),
      separateEstimates: input.separateEstimates,
    }, { id: user.id, now: at }).catch(ruleError);
    return c.json(await getTask(db, scopeOf(null), task.id, { now: at }), 201);
  })
  .patch("/:id", validIdParam, validate("json", patchBody), async (c) => {
    const user = currentUser(c);
    const body = c.req.valid("json");
    const own = seesOnlyOwnTasks(user);
    if (!own && !hasRole(user.role, taskManagerRoles)) throw forbidden();
    if (own) {
      const extra = Object.keys(body).filter((k) => k !== "status" && k !== "description");
      if (extra.length > 0) throw forbidden("Исполнитель может менять только статус и описание задачи");
    }
    checkEstimateSplit(user.role, body.separateEstimates);
    const { db, now } = c.var.deps;
    const at = now();
    const id = c.req.valid("param").id;
    const updated = await updateTask(db, companyScope(user), id, {
      ...body,
      dueDate: body.dueDate === undefined
        ? undefined
        : body.dueDate === null
        ? null
        : dueDateOrError(body.dueDate, at),
    }, { id: user.id, now: at, assignedTo: own ? user.id : undefined }).catch(ruleError);
    if (!updated) throw notFound("Задача не найдена");
    return c.json(updated);
  });
