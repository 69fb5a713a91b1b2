import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";
import { bool, createdAt, id, inList, timestamp, updatedAt } from "./_columns.ts";
import { taskPriorities, taskStatuses } from "../../domain/enums.ts";
import { companies } from "./companies.ts";
import { users } from "./users.ts";
import { objects } from "./objects.ts";

export const tasks = sqliteTable("tasks", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  objectId: integer("object_id").references(() => objects.id, { onDelete: "cascade" }),
  assignedTo: integer("assigned_to").references(() => users.id, { onDelete: "set null" }),
  assignedBy: integer("assigned_by").references(() => users.id, { onDelete: "set null" }),
  title: text("title").notNull(),
  description: text("description"),
  status: text("status", { enum: taskStatuses }).notNull().default("assigned"),
  priority: text("priority", { enum: taskPriorities }).notNull().default("medium"),
  dueDate: timestamp("due_date"),
  completedAt: timestamp("completed_at"),
  /** Set once the periodic job has sent task_overdue, so it is sent once per task. */
  overdueNotifiedAt: timestamp("overdue_notified_at"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  /** The chief engineer's choice for a task of several work types: false, one estimate with a section
   * per work type; true, a separate estimate per work type. */
  separateEstimates: bool("separate_estimates").notNull().default(false),
}, (t) => [
  index("tasks_company_created_idx").on(t.companyId, t.createdAt),
  // With completed_at, "completed in the period" (the dashboard) is counted from the index alone.
  index("tasks_company_status_completed_idx").on(t.companyId, t.status, t.completedAt),
  // With due_date, the overdue count (tasks in work and late) is read from the index alone: 38 ms → 2 ms
  // at 50 000 tasks (docs/performance.md).
  index("tasks_company_status_due_idx").on(t.companyId, t.status, t.dueDate),
  index("tasks_assignee_idx").on(t.assignedTo, t.status),
  index("tasks_object_idx").on(t.objectId),
  index("tasks_due_idx").on(t.dueDate),
  check("tasks_status_check", sql.raw(`status IN (${inList(taskStatuses)})`)),
  check("tasks_priority_check", sql.raw(`priority IN (${inList(taskPriorities)})`)),
]);
