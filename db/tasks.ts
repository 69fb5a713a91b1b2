// Task queries. Every function takes the company scope (null = every company, system_admin only).
import {
  and,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  lt,
  notInArray,
  or,
  type Placeholder,
  type SQL,
  sql,
} from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db, Executor } from "./client.ts";
import { type Scope } from "./scope.ts";
import { idInScope, type Placeholders, preparedQuery, updateRow } from "./prepared.ts";
import { companyDayTallies, estimates, notifications, objects, tasks, users } from "./schema/mod.ts";
import { tallyWhere } from "./tallies.ts";
import { objectSearchValues, ofObjectsFound } from "./objects.ts";
import {
  closedTaskStatuses,
  effectiveStatus,
  isOverdue,
  type TaskPriority,
  type TaskStatus,
} from "../domain/tasks.ts";
import { displayName, formatDateTime } from "../domain/format.ts";
import { openTaskStatuses } from "../domain/figures.ts";
import { notifyUsers, recordActivity } from "./notifications.ts";
import { refreshJobState } from "./job_status.ts";
import { enqueueClientMessage } from "./outbox.ts";
import { peopleOfTask } from "./schedule.ts";
import { formatVisit } from "../domain/schedule.ts";

const assignee = alias(users, "assignee");

/**
 * SQL twin of domain/tasks.ts isOverdue(): late and not closed, or stored as overdue. `now` is a date or
 * the placeholder of its milliseconds.
 */
export function overdueCondition(now: Date | Placeholder): SQL {
  return or(
    eq(tasks.status, "overdue"),
    and(lt(tasks.dueDate, now), notInArray(tasks.status, [...closedTaskStatuses])),
  )!;
}

/** A status filter on the status people see (overdue is derived). */
export function statusCondition(status: TaskStatus, now: Date | Placeholder): SQL {
  if (status === "overdue") return overdueCondition(now);
  if (status === "completed" || status === "cancelled") return eq(tasks.status, status);
  return and(eq(tasks.status, status), sql`not (${overdueCondition(now)})`)!;
}

export function scopeCondition(scope: Scope): SQL | undefined {
  return scope === null ? undefined : eq(tasks.companyId, scope);
}

const selection = {
  task: tasks,
  object: {
    id: objects.id,
    address: objects.address,
    settlement: objects.settlement,
    city: objects.city,
    status: objects.status,
    workType: objects.workType,
    clientName: objects.clientName,
    clientPhone: objects.clientPhone,
    clientEmail: objects.clientEmail,
  },
  assignee: {
    id: assignee.id,
    firstName: assignee.firstName,
    lastName: assignee.lastName,
    email: assignee.email,
    role: assignee.role,
  },
};

/**
 * What a task card shows (routes/_tasks/TaskCard.tsx) and the list needs to tell who may edit it: 13 of the
 * 34 columns of `selection`, whose other 21 the lists of cards read and mapped for nothing (/tasks made afresh
 * with 48 cards: p50 about 0.1 ms less, docs/performance.md).
 */
const cardSelection = {
  task: {
    id: tasks.id,
    title: tasks.title,
    description: tasks.description,
    status: tasks.status,
    priority: tasks.priority,
    dueDate: tasks.dueDate,
    assignedTo: tasks.assignedTo,
  },
  object: { id: objects.id, address: objects.address },
  assignee: {
    id: assignee.id,
    firstName: assignee.firstName,
    lastName: assignee.lastName,
    email: assignee.email,
  },
};

type CardRow = {
  task: Pick<typeof tasks.$inferSelect, keyof typeof cardSelection.task>;
  object: { id: number | null; address: string | null } | null;
  assignee: Omit<NonNullable<Row["assignee"]>, "role"> | null;
};

/** A task as its card shows it: TaskView's fields that cardSelection reads. */
export type TaskCardView =
  & Pick<
    TaskView,
    | "id"
    | "title"
    | "description"
    | "status"
    | "isOverdue"
    | "priority"
    | "dueDate"
    | "assignedTo"
    | "assignedUser"
  >
  & { object: { id: number; address: string } | null };

function toCardView({ task: t, object, assignee }: CardRow, now: Date): TaskCardView {
  return {
    id: t.id,
    title: t.title,
    description: t.description,
    status: effectiveStatus(t, now),
    isOverdue: isOverdue(t, now),
    priority: t.priority,
    dueDate: t.dueDate,
    assignedTo: t.assignedTo,
    object: object?.id == null ? null : { id: object.id, address: object.address! },
    assignedUser: assignedUserOf(assignee),
  };
}

/** The left-joined assignee as a task shows it, or null for a task without one. */
function assignedUserOf(assignee: CardRow["assignee"]): TaskView["assignedUser"] {
  return assignee?.id == null ? null : {
    id: assignee.id,
    firstName: assignee.firstName,
    lastName: assignee.lastName,
    email: assignee.email!,
    name: displayName(assignee),
  };
}

// A left-joined table without a matching row comes back as null, not as an object of nulls
// (a task without an assignee or object).
type Row = {
  task: typeof tasks.$inferSelect;
  object: ({ id: number | null; address: string | null } & Record<string, unknown>) | null;
  assignee: {
    id: number | null;
    firstName: string | null;
    lastName: string | null;
    email: string | null;
    role: string | null;
  } | null;
};

export interface TaskView {
  id: number;
  companyId: number;
  objectId: number | null;
  assignedTo: number | null;
  assignedBy: number | null;
  title: string;
  description: string | null;
  /** What people see: 'overdue' when late (domain/tasks.ts), else the stored status. */
  status: TaskStatus;
  /** The stored working status. */
  storedStatus: TaskStatus;
  isOverdue: boolean;
  priority: TaskPriority;
  /** «Сметы по видам работ»: a separate estimate per work type, or (false) one estimate. */
  separateEstimates: boolean;
  dueDate: Date | null;
  /** The visit's Moscow day and window in minutes (domain/schedule.ts); null when not scheduled. */
  scheduledDate: string | null;
  windowStart: number | null;
  windowEnd: number | null;
  crewId: number | null;
  completedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  object: {
    id: number;
    address: string;
    settlement: string | null;
    city: string | null;
    status: string;
    workType: string;
    clientName: string | null;
    clientPhone: string | null;
    clientEmail: string | null;
  } | null;
  assignedUser:
    | { id: number; firstName: string | null; lastName: string | null; email: string; name: string }
    | null;
}

function toView(row: Row, now: Date): TaskView {
  const t = row.task;
  return {
    id: t.id,
    companyId: t.companyId,
    objectId: t.objectId,
    assignedTo: t.assignedTo,
    assignedBy: t.assignedBy,
    title: t.title,
    description: t.description,
    status: effectiveStatus(t, now),
    storedStatus: t.status,
    isOverdue: isOverdue(t, now),
    priority: t.priority,
    separateEstimates: t.separateEstimates,
    dueDate: t.dueDate,
    scheduledDate: t.scheduledDate,
    windowStart: t.windowStart,
    windowEnd: t.windowEnd,
    crewId: t.crewId,
    completedAt: t.completedAt,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
    object: row.object?.id == null ? null : row.object as TaskView["object"],
    assignedUser: assignedUserOf(row.assignee),
  };
}

export interface TaskFilter {
  status?: TaskStatus;
  /** A user id, or "none" for unassigned tasks. */
  assignedTo?: number | "none";
  objectId?: number;
  /** Only tasks of the objects whose address, client name or phone contains it (db/objects.ts's search). */
  objectQuery?: string;
  /** Only tasks assigned to users with this role (the admin's view of the surveyor cabinet). */
  assigneeRole?: string;
  /** Only tasks not completed or cancelled. */
  open?: boolean;
  /** Only active work (domain/tasks.ts isActiveStatus): assigned, pending or in progress and not late. */
  active?: boolean;
  /** Only tasks whose stored status is assigned, pending or in progress, late or not (the field work's). */
  inWork?: boolean;
  limit?: number;
  offset?: number;
}

/** The values of a filter, each bound to a placeholder of the prepared list queries. */
function filterValues(scope: Scope, f: TaskFilter, now: Date) {
  const late = f.active || (f.status !== undefined && f.status !== "completed" && f.status !== "cancelled");
  return {
    companyId: scope ?? undefined,
    now: late ? now.getTime() : undefined,
    assignedTo: f.assignedTo === "none" ? undefined : f.assignedTo,
    objectId: f.objectId,
    assigneeRole: f.assigneeRole,
    ...objectSearchValues(f.objectQuery),
  };
}

/** What shapes a filter's query besides the values present: the status, "unassigned", "open", "active", "in work". */
const shapeOf = (f: TaskFilter) =>
  `${f.status ?? ""}${f.assignedTo === "none" ? "-unassigned" : ""}${f.open ? "-open" : ""}${
    f.active ? "-active" : ""
  }${f.inWork ? "-in-work" : ""}`;

function filterConditions(p: Placeholders<ReturnType<typeof filterValues>>, f: TaskFilter): SQL | undefined {
  const searched = ofObjectsFound(tasks.objectId, p);
  const inWork = inArray(tasks.status, [...openTaskStatuses]);
  return and(
    // `+`: a search's tasks are found by their objects (the object index), not by walking every task of
    // the company and asking whether its object matched (370 against 166 ms at 500 000 tasks).
    p.companyId && (searched ? sql`+${tasks.companyId} = ${p.companyId}` : eq(tasks.companyId, p.companyId)),
    f.status && statusCondition(f.status, p.now ?? new Date(0)),
    f.assignedTo === "none" ? isNull(tasks.assignedTo) : undefined,
    f.open ? notInArray(tasks.status, [...closedTaskStatuses]) : undefined,
    f.active ? and(inWork, sql`not (${overdueCondition(p.now!)})`) : undefined,
    f.inWork ? inWork : undefined,
    p.assignedTo && eq(tasks.assignedTo, p.assignedTo),
    p.objectId && eq(tasks.objectId, p.objectId),
    p.assigneeRole && eq(assignee.role, p.assigneeRole),
    searched,
  );
}

/** Tasks of the scope, newest first, with their object and assignee. */
export async function listTasks(
  db: Db,
  scope: Scope,
  options: TaskFilter & { now: Date },
): Promise<TaskView[]> {
  const rows = await listedRows(db, scope, options, "page", selection);
  return rows.map((r) => toView(r as Row, options.now));
}

/** The filter's tasks as their cards show them, newest first (listTasks, but only cardSelection's columns). */
export async function listTaskCards(
  db: Db,
  scope: Scope,
  options: TaskFilter & { now: Date },
): Promise<TaskCardView[]> {
  const rows = await listedRows(db, scope, options, "cards", cardSelection);
  return rows.map((r) => toCardView(r as CardRow, options.now));
}

/** The rows of the filter's page with the columns `selected`; `name` tells the prepared shapes apart. */
async function listedRows(
  db: Db,
  scope: Scope,
  options: TaskFilter & { now: Date },
  name: string,
  selected: typeof selection | typeof cardSelection,
): Promise<unknown[]> {
  const values = {
    ...filterValues(scope, options, options.now),
    limit: options.limit ?? 200,
    offset: options.offset ?? 0,
  };
  return await preparedQuery(
    db,
    `tasks.${name}${shapeOf(options)}`,
    values,
    (p) => {
      const listed = db.select(selected as typeof selection).from(tasks)
        .leftJoin(objects, eq(objects.id, tasks.objectId))
        .leftJoin(assignee, eq(assignee.id, tasks.assignedTo));
      const newestFirst = [desc(tasks.createdAt), desc(tasks.id)];
      if (!p.match && !p.q0) {
        return listed.where(filterConditions(p, options)).orderBy(...newestFirst).limit(p.limit).offset(
          p.offset,
        );
      }
      // A search's tasks are ordered by their ids and times from tasks_object_idx, and only the page's rows
      // are read and joined (0.64 against 0.29 ms at 10×, 6.6 against 1.7 ms at 100×, after a write).
      const page = db.select({ id: tasks.id }).from(tasks)
        .leftJoin(assignee, eq(assignee.id, tasks.assignedTo))
        .where(filterConditions(p, options)).orderBy(...newestFirst).limit(p.limit).offset(p.offset);
      return listed.where(inArray(tasks.id, page)).orderBy(...newestFirst);
    },
  ).all();
}

export async function countTasks(db: Db, scope: Scope, options: TaskFilter & { now: Date }): Promise<number> {
  const { status, assignedTo, objectId, objectQuery, assigneeRole, open, active, inWork } = options;
  const filtered = status || assignedTo !== undefined || objectId || objectQuery || assigneeRole || open ||
    active || inWork;
  if (scope !== null && !filtered) {
    // Every task of a company: the sum of its per-day tallies (db/tallies.ts), not a count of its rows.
    const [all] = await preparedQuery(
      db,
      "tasks.count.tallies",
      { companyId: scope },
      (p) =>
        db.select({ n: sql<number>`coalesce(sum(${companyDayTallies.n}), 0)` }).from(companyDayTallies)
          .where(tallyWhere("task", p.companyId)),
    ).all();
    return Number(all.n);
  }
  const [row] = await preparedQuery(
    db,
    `tasks.count${shapeOf(options)}`,
    filterValues(scope, options, options.now),
    // The assignee is joined only to filter by role: a join per task kept the count off the covering
    // index (21 ms against 3 ms at 50 000 tasks).
    (p) =>
      p.assigneeRole
        ? db.select({ n: count() }).from(tasks)
          .leftJoin(assignee, eq(assignee.id, tasks.assignedTo))
          .where(filterConditions(p, options))
        : db.select({ n: count() }).from(tasks).where(filterConditions(p, options)),
  ).all();
  return row.n;
}

/** A page of the filter's task cards (`limit`, `offset`) and how many tasks the filter holds: the /tasks list. */
export async function taskPage(db: Db, scope: Scope, options: TaskFilter & { now: Date }) {
  const [tasks, total] = await Promise.all([
    listTaskCards(db, scope, options),
    countTasks(db, scope, options),
  ]);
  return { tasks, total };
}

/** One task of the scope; `assignedTo` restricts it to that assignee (a surveyor's own). */
export async function getTask(
  db: Db,
  scope: Scope,
  id: number,
  options: { now: Date; assignedTo?: number },
): Promise<TaskView | null> {
  const [row] = await preparedQuery(
    db,
    "tasks.one",
    { id, companyId: scope ?? undefined, assignedTo: options.assignedTo },
    (p) =>
      db.select(selection).from(tasks)
        .leftJoin(objects, eq(objects.id, tasks.objectId))
        .leftJoin(assignee, eq(assignee.id, tasks.assignedTo))
        .where(and(
          eq(tasks.id, p.id),
          p.companyId && eq(tasks.companyId, p.companyId),
          p.assignedTo && eq(tasks.assignedTo, p.assignedTo),
        )),
  ).all();
  return row ? toView(row as Row, options.now) : null;
}

/** Active users of the scope who can be given a task; `role` narrows it (surveyors). */
export async function assignableUsers(
  db: Db,
  scope: Scope,
  role?: typeof users.$inferSelect.role,
) {
  const rows = await preparedQuery(
    db,
    "tasks.assignable",
    { companyId: scope ?? undefined, role },
    (p) =>
      db.select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        role: users.role,
        companyId: users.companyId,
      }).from(users).where(and(
        eq(users.isActive, true),
        notInArray(users.role, ["user"]),
        p.companyId && eq(users.companyId, p.companyId),
        p.role && eq(users.role, p.role),
      )).orderBy(users.lastName, users.firstName).limit(ASSIGNABLE_USERS),
  ).all();
  return rows.map((u) => ({ ...u, name: displayName(u) }));
}

/** The most users a task's assignee field lists. */
export const ASSIGNABLE_USERS = 500;

/** The object of the scope a task may be given, or null. */
export async function taskObjectInScope(db: Db, scope: Scope, objectId: number) {
  const [row] = await preparedQuery(
    db,
    "tasks.objectInScope",
    { id: objectId, companyId: scope ?? undefined },
    (p) =>
      db.select({ id: objects.id, companyId: objects.companyId, address: objects.address })
        .from(objects).where(idInScope(objects, p)),
  )
    .all();
  return row ?? null;
}

/** A user's company, role and whether active (who may be given a task), or null. */
export async function userStanding(db: Db, userId: number) {
  const [u] = await db.select({
    id: users.id,
    companyId: users.companyId,
    isActive: users.isActive,
    role: users.role,
  })
    .from(users).where(eq(users.id, userId));
  return u ?? null;
}

/** Whether an estimate was generated for the task. */
export async function taskHasEstimate(db: Db, taskId: number): Promise<boolean> {
  const [estimate] = await db.select({ id: estimates.id }).from(estimates).where(eq(estimates.taskId, taskId))
    .limit(1);
  return estimate !== undefined;
}

/** A new task's columns (usecases/task_changes.ts checks them first). */
export interface NewTaskRow {
  companyId: number;
  objectId: number;
  assignedTo: number | null;
  title: string;
  description: string | null;
  dueDate: Date | null;
  status: TaskStatus;
  priority: TaskPriority;
  separateEstimates: boolean;
}

/**
 * Inserts a task, tells the assignee (task_assigned) when `tellAssignee`, records the activity and refreshes
 * the object's state, all in one transaction.
 */
export async function insertTask(
  db: Db,
  input: NewTaskRow,
  o: { address: string; tellAssignee: boolean; by: { id: number; now: Date } },
) {
  const { by } = o;
  return await db.transaction(async (tx) => {
    const [task] = await tx.insert(tasks).values({
      ...input,
      assignedBy: by.id,
      completedAt: input.status === "completed" ? by.now : null,
      createdAt: by.now,
      updatedAt: by.now,
    }).returning();
    if (o.tellAssignee && task.assignedTo) {
      await notifyUsers(tx, [task.assignedTo], {
        at: by.now,
        companyId: task.companyId,
        type: "task_assigned",
        title: "Новая задача",
        message: `${task.title} — ${o.address}`,
        relatedTaskId: task.id,
        relatedObjectId: input.objectId,
      });
    }
    await recordActivity(tx, {
      at: by.now,
      companyId: task.companyId,
      userId: by.id,
      type: "task",
      title: `Создана задача: ${task.title}`,
      status: task.status,
      objectId: input.objectId,
      taskId: task.id,
    });
    await refreshJobState(tx, input.objectId, by.now, by.id);
    return task;
  });
}

export interface TaskPatch {
  status?: TaskStatus;
  description?: string | null;
  title?: string;
  priority?: TaskPriority;
  dueDate?: Date | null;
  assignedTo?: number | null;
  objectId?: number;
  separateEstimates?: boolean;
  /** The visit's day ('YYYY-MM-DD', Moscow) and window (minutes); null unschedules. */
  scheduledDate?: string | null;
  windowStart?: number | null;
  windowEnd?: number | null;
  crewId?: number | null;
}

/** One UPDATE of a task's columns (the description edit the mixed load repeats, prepared once: updateRow()). */
export function updateTaskRow(db: Executor, id: number, values: Partial<typeof tasks.$inferInsert>) {
  return updateRow(db, "tasks", tasks, id, values);
}

/** The columns a change of a task sets. */
export type TaskColumns = Partial<typeof tasks.$inferInsert>;

/**
 * A task as it stands after a change that kept its object and assignee (read before the change);
 * `objectStatus` is the object's status when the change moved it (updateTaskTelling).
 */
export function changedTaskView(
  task: typeof tasks.$inferSelect,
  before: TaskView,
  now: Date,
  objectStatus?: string,
): TaskView {
  const object = before.object && objectStatus ? { ...before.object, status: objectStatus } : before.object;
  return toView({ task, object, assignee: before.assignedUser } as Row, now);
}

/**
 * The change of a task that notifies someone or records an activity: one transaction. Answers the task as
 * written and, when the change moved the state of the task's object, the object's new status.
 */
export function updateTaskTelling(
  db: Db,
  id: number,
  values: Partial<typeof tasks.$inferInsert>,
  {
    objectAddress,
    tellsAssigner,
    tellsAssignee,
    previous,
    keeper,
    reassigned,
    records,
    scheduled,
    before,
    client,
    patch,
    by,
  }: {
    objectAddress: string | null;
    tellsAssigner: boolean;
    tellsAssignee: boolean;
    /** The former assignee to tell of the reassignment. */
    previous: number | null;
    /** The assignee to tell that the due date or description changed. */
    keeper: number | null;
    reassigned: boolean;
    records: boolean;
    scheduled: boolean;
    before: { objectId: number | null; assignedTo: number | null; crewId: number | null };
    client: TaskView["object"];
    patch: TaskPatch;
    by: { id: number; now: Date; origin?: string };
  },
) {
  return db.transaction(async (tx) => {
    const task = await updateTaskRow(tx, id, values);
    if (!task) return { task, objectStatus: undefined };
    let objectStatus: string | undefined;
    if (!objectAddress && task.objectId) {
      const [o] = await preparedQuery(
        tx,
        "objects.address",
        { id: task.objectId },
        (p) => tx.select({ address: objects.address }).from(objects).where(eq(objects.id, p.id)),
      ).all();
      objectAddress = o?.address ?? null;
    }
    const where = objectAddress ? ` — ${objectAddress}` : "";
    if (tellsAssigner) {
      await notifyUsers(tx, [task.assignedBy!], {
        at: by.now,
        companyId: task.companyId,
        type: "task_completed",
        title: "Задача выполнена",
        message: `${task.title}${where}`,
        relatedTaskId: task.id,
        relatedObjectId: task.objectId,
      });
    }
    if (tellsAssignee) {
      await notifyUsers(tx, [patch.assignedTo!], {
        at: by.now,
        companyId: task.companyId,
        type: "task_assigned",
        title: "Новая задача",
        message: `${task.title}${where}`,
        relatedTaskId: task.id,
        relatedObjectId: task.objectId,
      });
    }
    if (previous !== null) {
      await notifyUsers(tx, [previous], {
        at: by.now,
        companyId: task.companyId,
        type: "other",
        title: "Задача передана другому исполнителю",
        message: `${task.title}${where}`,
        relatedTaskId: task.id,
        relatedObjectId: task.objectId,
      });
    }
    if (keeper !== null) {
      await notifyUsers(tx, [keeper], {
        at: by.now,
        companyId: task.companyId,
        type: "other",
        title: "Задача изменена",
        message: `${task.title}${where}${task.dueDate ? `. Срок: ${formatDateTime(task.dueDate)}` : ""}`,
        relatedTaskId: task.id,
        relatedObjectId: task.objectId,
      });
    }
    if (scheduled) await tellScheduled(tx, task, before, { where, keeper, previous, patch, client, by });
    if (reassigned) {
      await recordActivity(tx, {
        at: by.now,
        companyId: task.companyId,
        userId: by.id,
        type: "task",
        title: `Задача передана другому исполнителю: ${task.title}`,
        objectId: task.objectId,
        taskId: task.id,
      });
    }
    // The survey of an object may have started or stopped: its status follows.
    if (records || before.objectId !== task.objectId) {
      for (const objectId of new Set([before.objectId, task.objectId])) {
        if (objectId === null) continue;
        const change = await refreshJobState(tx, objectId, by.now, by.id);
        if (change && objectId === task.objectId) objectStatus = change.to.status;
      }
    }
    if (records) {
      await recordActivity(tx, {
        at: by.now,
        companyId: task.companyId,
        userId: by.id,
        type: "task",
        title: `${statusVerb(patch.status!)}: ${task.title}`,
        status: patch.status!,
        objectId: task.objectId,
        taskId: task.id,
      });
    }
    return { task, objectStatus };
  });
}

/**
 * A task moved to another day, window or crew: everyone it concerns now or concerned before (assignee and crew
 * members; not the one who moved it, nor whom another notice of this change already reached) hears
 * «Задача перенесена», and the client is told the new day and window through the outbox (works_scheduled for
 * a foreman's or crew's task, visit_scheduled for a visit).
 */
async function tellScheduled(
  tx: Executor,
  task: typeof tasks.$inferSelect,
  before: { assignedTo: number | null; crewId: number | null },
  o: {
    where: string;
    keeper: number | null;
    previous: number | null;
    patch: TaskPatch;
    client: TaskView["object"];
    by: { id: number; now: Date; origin?: string };
  },
) {
  const told = new Set([o.by.id, o.keeper, o.previous, o.patch.assignedTo ?? null]);
  const people = [...new Set([...await peopleOfTask(tx, task), ...await peopleOfTask(tx, before)])]
    .filter((id) => !told.has(id));
  const when = task.scheduledDate ? formatVisit(task.scheduledDate, task.windowStart, task.windowEnd) : null;
  await notifyUsers(tx, people, {
    at: o.by.now,
    companyId: task.companyId,
    type: "other",
    title: "Задача перенесена",
    message: `${task.title}${o.where}. ${when ? `Когда: ${when}` : "Дата снята"}`,
    relatedTaskId: task.id,
    relatedObjectId: task.objectId,
  });
  if (!when || !task.objectId || !o.by.origin) return;
  const [role] = task.assignedTo
    ? await tx.select({ role: users.role }).from(users).where(eq(users.id, task.assignedTo))
    : [];
  const works = task.crewId !== null || role?.role === "foreman";
  await enqueueClientMessage(tx, {
    companyId: task.companyId,
    objectId: task.objectId,
    event: works ? "works_scheduled" : "visit_scheduled",
    recipient: o.client?.clientEmail,
    key: `task:${task.id}:${when}`,
    facts: { clientName: o.client?.clientName, address: o.client?.address, when, link: "" },
    origin: o.by.origin,
    now: o.by.now,
  });
}

function statusVerb(status: TaskStatus): string {
  switch (status) {
    case "in_progress":
      return "Задача в работе";
    case "completed":
      return "Выполнена задача";
    case "cancelled":
      return "Отменена задача";
    default:
      return "Изменён статус задачи";
  }
}

/** The tasks of these objects (the foreman's measurer comments), with their assignee's name. */
export async function tasksOfObjects(db: Db, scope: Scope, objectIds: number[]) {
  if (objectIds.length === 0) return [];
  return await db.select({
    id: tasks.id,
    objectId: tasks.objectId,
    title: tasks.title,
    description: tasks.description,
    status: tasks.status,
    firstName: assignee.firstName,
    lastName: assignee.lastName,
    role: assignee.role,
  }).from(tasks)
    .leftJoin(assignee, eq(assignee.id, tasks.assignedTo))
    // `+`: the objects' tasks by tasks_object_idx, not every task of the company.
    .where(
      and(
        inArray(tasks.objectId, objectIds),
        scope === null ? undefined : sql`+${tasks.companyId} = ${scope}`,
      ),
    )
    .orderBy(desc(tasks.createdAt));
}

/** Objects to choose from in the task dialogs and filters, newest first. */

/**
 * Sends task_overdue to the assignee and to the one who assigned each task that has just become
 * late, and stamps the task so that it is sent only once. A recipient who already has a
 * task_overdue for the task (the demo data) is not told twice. Returns how many tasks were handled.
 */
export async function notifyNewlyOverdueTasks(db: Db, now: Date): Promise<number> {
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
        at: now,
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
