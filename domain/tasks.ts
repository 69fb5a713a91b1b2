// Task rules shared by the server, the pages and the islands: overdue, active, due dates.
// No zod here: islands that only show statuses stay small (the form schemas are in task_forms.ts).
import { taskPriorities, taskStatuses } from "./enums.ts";
import { hasRole, objectEditorRoles, type Role } from "./roles.ts";
import { isCalendarDate } from "./calendar_date.ts";
import { moscowDate, moscowTime } from "./dates.ts";

export type TaskStatus = typeof taskStatuses[number];
export type TaskPriority = typeof taskPriorities[number];
export { taskPriorities, taskStatuses };

/** Who creates tasks and changes any task of the company (the others change only their own). */
export const taskManagerRoles: readonly Role[] = objectEditorRoles;

/** Statuses after which a task can no longer be late. */
export const closedTaskStatuses: readonly TaskStatus[] = ["completed", "cancelled"];

/** The statuses a person may pick in the status menu ('overdue' is derived from the due date). */
export const settableTaskStatuses: readonly TaskStatus[] = [
  "assigned",
  "pending",
  "in_progress",
  "completed",
  "cancelled",
];

interface TaskLike {
  status: string;
  dueDate: Date | string | number | null;
}

function time(value: Date | string | number | null): number | null {
  if (value === null || value === undefined || value === "") return null;
  const t = value instanceof Date ? value.getTime() : new Date(value).getTime();
  return Number.isNaN(t) ? null : t;
}

/**
 * Overdue: the due date has passed and the task is neither completed nor cancelled
 * (a task stored as 'overdue' stays overdue). The one rule used by every screen and API answer.
 */
export function isOverdue(task: TaskLike, now: Date): boolean {
  if (task.status === "overdue") return true;
  if ((closedTaskStatuses as readonly string[]).includes(task.status)) return false;
  const due = time(task.dueDate);
  return due !== null && due < now.getTime();
}

/** The status a person sees: 'overdue' when the task is late, else the stored one. */
export function effectiveStatus(task: TaskLike, now: Date): TaskStatus {
  return isOverdue(task, now) ? "overdue" : task.status as TaskStatus;
}

/** Active work (the surveyor's counters): not late and not closed, i.e. assigned, pending or in progress. */
export function isActiveStatus(status: string): boolean {
  return status === "assigned" || status === "pending" || status === "in_progress";
}

/** 'Начать работу' is offered for these; 'Работать на объекте' for in_progress. */
export function canStart(status: string): boolean {
  return status === "assigned" || status === "pending";
}

/** The Moscow calendar day of a moment as 'YYYY-MM-DD' (the value of a date input). */
export function toDateInput(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? "" : moscowDate(d);
}

const dateOnly = /^\d{4}-\d{2}-\d{2}$/;

/** A due date from a form: a bare day means the end of that day in Moscow; a full timestamp is kept. */
export function parseDueDate(value: string): Date | null {
  if (dateOnly.test(value) && !isCalendarDate(value)) return null; // '2026-02-30' would roll over
  const d = dateOnly.test(value) ? moscowTime(value, 23, 59, 59, 999) : new Date(value);
  const year = d.getUTCFullYear();
  return Number.isNaN(d.getTime()) || year < 1900 || year > 2999 ? null : d;
}

/** A due date must not be before today (Moscow); the date input's minimum is today as well. */
export function isPastDay(value: string, now: Date): boolean {
  const d = parseDueDate(value);
  return d !== null && toDateInput(d) < toDateInput(now);
}

/** Roles that see and change only the tasks assigned to them. */
const ownTasksOnly: readonly Role[] = ["measurement_engineer", "foreman"];

export function seesOnlyOwnTasks(user: { role: Role }): boolean {
  return hasRole(user.role, ownTasksOnly);
}
