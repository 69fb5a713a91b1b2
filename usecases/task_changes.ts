// The task rules (the objects and shop spec's «States and transitions», the estimating spec's «States and
// transitions»): who may be given a task, which status a person may set, when a measurement task may be
// completed, and who hears of a change. The API's task routes (server/api/tasks.ts, server/api/field_work.ts)
// call these; the writes and their notices are db/tasks.ts's.
import {
  changedTaskView,
  getTask,
  insertTask,
  type TaskColumns,
  taskHasEstimate,
  taskObjectInScope,
  type TaskPatch,
  type TaskView,
  updateTaskRow,
  updateTaskTelling,
  userStanding,
} from "../db/tasks.ts";
import type { Db } from "../db/client.ts";
import { type Scope, scopeOf } from "../db/scope.ts";
import { settableTaskStatuses, type TaskPriority, type TaskStatus } from "../domain/tasks.ts";
import { RuleError } from "./rule_error.ts";

export type { TaskPatch };

/** A task rule's refusal of one field (422). */
export class TaskRuleError extends RuleError {
  constructor(readonly field: string, message: string) {
    super(422, message, { [field]: [message] });
  }
}

export interface NewTask {
  objectId: number;
  title: string;
  description?: string | null;
  dueDate: Date | null;
  assignedTo?: number | null;
  status?: TaskStatus;
  priority?: TaskPriority;
  /** A separate estimate per work type (the chief engineer's choice); one estimate by default. */
  separateEstimates?: boolean;
}

/** The assignee must be an active staff member of the task's company. */
async function checkAssignee(db: Db, companyId: number, userId: number) {
  const u = await userStanding(db, userId);
  if (!u || u.companyId !== companyId || u.role === "user") {
    throw new TaskRuleError("assignedTo", "Исполнитель должен быть сотрудником компании задачи");
  }
  if (!u.isActive) throw new TaskRuleError("assignedTo", "Исполнитель деактивирован");
}

/**
 * 'Просрочено' follows from the due date; nobody sets it by hand (the objects and shop spec's «States and
 * transitions»).
 */
function checkSettableStatus(status: TaskStatus | undefined) {
  if (status !== undefined && !settableTaskStatuses.includes(status)) {
    throw new TaskRuleError("status", "Статус «Просрочено» ставится автоматически по сроку выполнения");
  }
}

/**
 * A measurement task (one given to a surveyor) is completed only once an estimate has been generated
 * for it (the estimating spec's «States and transitions» 'Завершить задачу' needs a generated estimate); the
 * browser disables the button, the server refuses too.
 */
async function checkCompletion(db: Db, taskId: number | null, assignedTo: number | null) {
  if (assignedTo === null) return;
  const u = await userStanding(db, assignedTo);
  if (u?.role !== "measurement_engineer") return;
  if (taskId === null || !await taskHasEstimate(db, taskId)) {
    throw new TaskRuleError("status", "Чтобы завершить задачу на замер, сгенерируйте смету");
  }
}

/**
 * Creates a task in the company of its object, tells the assignee (task_assigned) unless they made it, and
 * records the activity, all in one transaction.
 */
export async function createTask(db: Db, scope: Scope, input: NewTask, by: { id: number; now: Date }) {
  const object = await taskObjectInScope(db, scope, input.objectId);
  if (!object) throw new TaskRuleError("objectId", "Необходимо выбрать объект");
  checkSettableStatus(input.status);
  if (input.assignedTo) await checkAssignee(db, object.companyId, input.assignedTo);
  // A new task has no estimate yet, so a measurement task cannot start out completed.
  if (input.status === "completed") await checkCompletion(db, null, input.assignedTo ?? null);
  const assignedTo = input.assignedTo ?? null;
  return await insertTask(db, {
    companyId: object.companyId,
    objectId: object.id,
    assignedTo,
    title: input.title,
    description: input.description || null,
    dueDate: input.dueDate,
    status: input.status ?? "assigned",
    priority: input.priority ?? "medium",
    separateEstimates: input.separateEstimates ?? false,
  }, { address: object.address, tellAssignee: assignedTo !== null && assignedTo !== by.id, by });
}

/**
 * Changes a task of the scope (`assignedTo` limits it to the assignee's own tasks) and answers it as
 * it now stands. Completing it tells the one who assigned it (task_completed); a new assignee gets
 * task_assigned. Null when the task is not visible. `read` is the task as the caller has just read it
 * with the same scope and `assignedTo` (the API checks it before the change): it is not read again.
 */
export async function updateTask(
  db: Db,
  scope: Scope,
  id: number,
  patch: TaskPatch,
  by: { id: number; now: Date; assignedTo?: number; origin?: string },
  read?: TaskView,
) {
  const current = read ?? await getTask(db, scope, id, { now: by.now, assignedTo: by.assignedTo });
  if (!current) return null;
  // The address the notices name: the object's as read with the task, unless the change moves it.
  let objectAddress = current.object?.address ?? null;
  if (patch.objectId !== undefined && patch.objectId !== current.objectId) {
    const object = await taskObjectInScope(db, scopeOf(current.companyId), patch.objectId);
    if (!object) throw new TaskRuleError("objectId", "Необходимо выбрать объект");
    objectAddress = object.address;
  }
  if (patch.assignedTo) await checkAssignee(db, current.companyId, patch.assignedTo);
  checkSettableStatus(patch.status);
  if (patch.status === "completed" && current.storedStatus !== "completed") {
    await checkCompletion(db, id, patch.assignedTo !== undefined ? patch.assignedTo : current.assignedTo);
  }

  const values: TaskColumns = { updatedAt: by.now };
  if (patch.title !== undefined) values.title = patch.title;
  if (patch.description !== undefined) values.description = patch.description || null;
  if (patch.priority !== undefined) values.priority = patch.priority;
  if (patch.objectId !== undefined) values.objectId = patch.objectId;
  if (patch.separateEstimates !== undefined) values.separateEstimates = patch.separateEstimates;
  if (patch.dueDate !== undefined) {
    values.dueDate = patch.dueDate;
    values.overdueNotifiedAt = null;
  }
  if (patch.assignedTo !== undefined) values.assignedTo = patch.assignedTo;
  if (patch.scheduledDate !== undefined) values.scheduledDate = patch.scheduledDate;
  if (patch.windowStart !== undefined) values.windowStart = patch.windowStart;
  if (patch.windowEnd !== undefined) values.windowEnd = patch.windowEnd;
  if (patch.crewId !== undefined) values.crewId = patch.crewId;
  if (patch.status !== undefined) {
    values.status = patch.status;
    if (patch.status === "completed" && current.storedStatus !== "completed") values.completedAt = by.now;
    if (patch.status !== "completed") values.completedAt = null;
  }

  const completes = patch.status === "completed" && current.storedStatus !== "completed";
  const tellsAssigner = completes && current.assignedBy !== null && current.assignedBy !== by.id;
  const reassigned = patch.assignedTo !== undefined && patch.assignedTo !== current.assignedTo;
  const tellsAssignee = reassigned && !!patch.assignedTo && patch.assignedTo !== by.id;
  // Reassigned: the one who had it hears that it was taken off them (what they recorded stays with the task).
  const tellsPrevious = reassigned && current.assignedTo !== null && current.assignedTo !== by.id;
  // The due date or the description changed under the one who keeps the task.
  const rescheduled = !reassigned && current.assignedTo !== null && current.assignedTo !== by.id &&
    ((patch.dueDate !== undefined && patch.dueDate?.getTime() !== current.dueDate?.getTime()) ||
      (patch.description !== undefined && (patch.description || null) !== current.description));
  const records = patch.status !== undefined && patch.status !== current.storedStatus;
  const moves = patch.objectId !== undefined && patch.objectId !== current.objectId;
  // Moved to another day or window, or given to another crew: the people concerned and the client are told.
  const scheduled = (patch.scheduledDate !== undefined && patch.scheduledDate !== current.scheduledDate) ||
    (patch.windowStart !== undefined && patch.windowStart !== current.windowStart) ||
    (patch.windowEnd !== undefined && patch.windowEnd !== current.windowEnd) ||
    (patch.crewId !== undefined && patch.crewId !== current.crewId);
  // An edit that tells nobody and records nothing (a description, a title) is one statement, not a transaction.
  const { task, objectStatus } =
    !tellsAssigner && !tellsAssignee && !tellsPrevious && !rescheduled && !records &&
      !moves && !reassigned && !scheduled
      ? { task: await updateTaskRow(db, id, values), objectStatus: undefined }
      : await updateTaskTelling(db, id, values, {
        objectAddress,
        tellsAssigner,
        tellsAssignee,
        previous: tellsPrevious ? current.assignedTo : null,
        keeper: rescheduled ? current.assignedTo : null,
        reassigned,
        records,
        scheduled,
        before: { objectId: current.objectId, assignedTo: current.assignedTo, crewId: current.crewId },
        client: current.object,
        patch,
        by,
      });
  if (!task) return null; // deleted meanwhile
  // The object and the assignee read before the change still stand unless the change replaced them; a status
  // change that moved the object's state answers its new status.
  if (task.objectId !== current.objectId || task.assignedTo !== current.assignedTo) {
    return await getTask(db, scope, id, { now: by.now });
  }
  return changedTaskView(task, current, by.now, objectStatus);
}
