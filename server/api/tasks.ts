import { Hono } from "hono";
import { z } from "zod";
import { assignableUsers, getTask, listTasks, type TaskView } from "../../db/tasks.ts";
import { createTask, updateTask } from "../../usecases/task_changes.ts";
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
import { ApiError, forbidden, invalid, notFound } from "../errors.ts";
import { fieldErrors } from "../../domain/field_errors.ts";
import { crewInCompany, scheduleConflicts } from "../../db/schedule.ts";
import { formatVisit, windowInstants } from "../../domain/schedule.ts";
import { moscowDate, moscowTime } from "../../domain/dates.ts";
import { isCalendarDate } from "../../domain/calendar_date.ts";
import { type Db, pageReader } from "../../db/client.ts";
import { validate } from "../validate.ts";
import { companyScope, currentUser, requireApi } from "../middleware/guard.ts";
import { jsonNumber, queryText, validIdParam } from "../query.ts";
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
  assignedTo: jsonNumber().int().positive().nullable().optional(),
  objectId: jsonNumber().int().positive().optional(),
  separateEstimates: z.boolean({ error: ESTIMATE_SPLIT_MESSAGE }).optional(),
  // The schedule: the Moscow day, the window in minutes after midnight, the crew; `confirm` books
  // it despite the conflicts a 409 listed.
  scheduledDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Некорректная дата").nullable().optional(),
  windowStart: z.number().int().min(0).max(1440).nullable().optional(),
  windowEnd: z.number().int().min(0).max(1440).nullable().optional(),
  crewId: z.number().int().positive().nullable().optional(),
  confirm: z.boolean().optional(),
}).strict();

/** What the assignee may change of their own task: its status, description and when they go. */
const ownTaskFields = ["status", "description", "scheduledDate", "windowStart", "windowEnd", "confirm"];

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

type Patch = z.infer<typeof patchBody>;

/**
 * Checks a change of the schedule: a day not in the past, a window of start < end (both or neither), a crew of
 * the company; then the conflicts with the people's and the crew's other tasks, which answer 409 with the
 * conflicting tasks unless `confirm`. A new day moves the due date to the window's end (the end of the day
 * without a window), so «просрочено» follows the visit.
 */
async function scheduleOrError(
  db: Db,
  current: TaskView,
  patch: Patch,
  now: Date,
  confirm: boolean,
): Promise<{ dueDate?: Date | null }> {
  const touches = patch.scheduledDate !== undefined || patch.windowStart !== undefined ||
    patch.windowEnd !== undefined || patch.crewId !== undefined || patch.assignedTo !== undefined;
  if (!touches) return {};
  const next = {
    id: current.id,
    scheduledDate: patch.scheduledDate !== undefined ? patch.scheduledDate : current.scheduledDate,
    windowStart: patch.windowStart !== undefined ? patch.windowStart : current.windowStart,
    windowEnd: patch.windowEnd !== undefined ? patch.windowEnd : current.windowEnd,
    crewId: patch.crewId !== undefined ? patch.crewId : current.crewId,
    assignedTo: patch.assignedTo !== undefined ? patch.assignedTo : current.assignedTo,
  };
  if (next.scheduledDate && !isCalendarDate(next.scheduledDate)) {
    throw invalid({ scheduledDate: ["Некорректная дата"] });
  }
  if (patch.scheduledDate && patch.scheduledDate < moscowDate(now)) {
    throw invalid({ scheduledDate: ["Дата не может быть раньше сегодняшнего дня"] });
  }
  if ((next.windowStart === null) !== (next.windowEnd === null)) {
    throw invalid({ windowEnd: ["Укажите начало и конец времени визита"] });
  }
  if (next.windowStart !== null && next.windowEnd !== null && next.windowStart >= next.windowEnd) {
    throw invalid({ windowEnd: ["Конец окна должен быть позже начала"] });
  }
  if (next.crewId && !(await crewInCompany(db, current.companyId, next.crewId))) {
    throw invalid({ crewId: ["Бригада не найдена"] });
  }
  const conflicts = await scheduleConflicts(db, current.companyId, next, now);
  if (conflicts.length > 0 && !confirm) {
    throw new ApiError(409, "Время пересекается с другими задачами. Подтвердите, чтобы назначить всё равно", {
      conflicts: conflicts.map((t) =>
        `${t.title} — ${t.assigneeName ?? t.crewName ?? "без исполнителя"}, ${
          formatVisit(t.scheduledDate!, t.windowStart, t.windowEnd)
        }${t.address ? `, ${t.address}` : ""}`
      ),
    });
  }
  if (patch.scheduledDate === undefined && patch.windowEnd === undefined) return {};
  if (!next.scheduledDate) return {};
  return {
    dueDate: next.windowEnd !== null
      ? windowInstants(next.scheduledDate, { start: next.windowStart!, end: next.windowEnd }).end
      : moscowTime(next.scheduledDate, 23, 59, 59, 999),
  };
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
    const { db, now } = c.get("deps");
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
    return c.json(await assignableUsers(c.get("deps").db, companyScope(user), role));
  })
  .get("/:id", validIdParam, async (c) => {
    const user = currentUser(c);
    const { db, now } = c.get("deps");
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
    const { db, now } = c.get("deps");
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
    }, { id: user.id, now: at });
    return c.json(await getTask(db, scopeOf(null), task.id, { now: at }), 201);
  })
  .patch("/:id", validIdParam, validate("json", patchBody), async (c) => {
    const user = currentUser(c);
    const body = c.req.valid("json");
    const own = seesOnlyOwnTasks(user);
    if (!own && !hasRole(user.role, taskManagerRoles)) throw forbidden();
    if (own) {
      const extra = Object.keys(body).filter((k) => !ownTaskFields.includes(k));
      if (extra.length > 0) {
        throw forbidden("Исполнитель может менять только статус, описание и время своей задачи");
      }
    }
    checkEstimateSplit(user.role, body.separateEstimates);
    const { db, now } = c.get("deps");
    const at = now();
    const id = c.req.valid("param").id;
    const { confirm, ...patch } = body;
    const scope = companyScope(user);
    const current = await getTask(pageReader(db), scope, id, {
      now: at,
      assignedTo: own ? user.id : undefined,
    });
    if (!current) throw notFound("Задача не найдена");
    const schedule = await scheduleOrError(db, current, patch, at, confirm === true);
    const updated = await updateTask(db, scope, id, {
      ...patch,
      ...schedule,
      dueDate: body.dueDate === undefined
        ? schedule.dueDate
        : body.dueDate === null
        ? null
        : dueDateOrError(body.dueDate, at),
    }, {
      id: user.id,
      now: at,
      assignedTo: own ? user.id : undefined,
      origin: c.get("deps").env.PUBLIC_URL ?? new URL(c.req.url).origin,
    }, current);
    if (!updated) throw notFound("Задача не найдена");
    return c.json(updated);
  });
