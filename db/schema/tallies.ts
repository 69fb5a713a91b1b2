import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** What a row of company_day_tallies counts (see docs/performance.md, «Per-day tallies»). */
export const tallyKinds = ["object", "object_completed", "task", "task_completed", "payment"] as const;

/**
 * Per-company, per-day tallies of objects, tasks and payments, kept by triggers of migration
 * 0023_day_tallies in the same transaction as each insert, update and delete of those rows (whoever
 * writes: the app, the CLI, a cascade), so the dashboard and analytics sum a few rows per day instead of
 * counting the period's rows on every view. `day` is the UTC day of the row's timestamp (ms / 86 400 000):
 * only a way to cut time into buckets, the figures' own bounds are instants (db/figures.ts).
 *
 * - object: objects by created day, status and work type (`variant`); `amount` sums estimated_cost;
 * - object_completed: completed objects by the day of their completed_at (migration 0037);
 * - task: tasks by created day, status, priority (`variant`) and assignee (`userId`, 0 for none); `amount`
 *   sums completed_at − created_at of completed tasks, `timed` counts them;
 * - task_completed: completed tasks by the day of completed_at;
 * - payment: paid payments by the day of received_at; `amount` sums received_amount.
 */
export const companyDayTallies = sqliteTable("company_day_tallies", {
  companyId: integer("company_id").notNull(),
  kind: text("kind", { enum: tallyKinds }).notNull(),
  day: integer("day").notNull(),
  status: text("status").notNull().default(""),
  variant: text("variant").notNull().default(""),
  userId: integer("user_id").notNull().default(0),
  n: integer("n").notNull().default(0),
  amount: integer("amount").notNull().default(0),
  timed: integer("timed").notNull().default(0),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.kind, t.day, t.status, t.variant, t.userId] }),
  index("company_day_tallies_kind_day_idx").on(t.kind, t.day),
]);

/**
 * The open tasks with a due date (assigned, pending, in progress: db/figures.ts openTaskStatuses) by due day
 * and created day, status, priority and assignee (`userId`, 0 for none), kept by triggers of migration
 * 0030_open_task_tallies like the day tallies. Which of them are late is a sum over the due days before
 * today (the rest of today from the rows): «Просрочено» costs a few rows per day, not a walk over every
 * late task; the created day cuts them to an analytics period. Days are UTC days of ms, as above.
 */
export const openTaskTallies = sqliteTable("open_task_tallies", {
  companyId: integer("company_id").notNull(),
  dueDay: integer("due_day").notNull(),
  createdDay: integer("created_day").notNull(),
  status: text("status").notNull(),
  priority: text("priority").notNull(),
  userId: integer("user_id").notNull().default(0),
  n: integer("n").notNull().default(0),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.dueDay, t.createdDay, t.status, t.priority, t.userId] }),
]);
