import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
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
  // The schedule. A visit is a Moscow calendar day plus a time window in minutes after Moscow's
  // midnight of that day (540–720 is 9:00–12:00): what the dispatcher and the client mean, unambiguous
  // because the company's zone is Europe/Moscow; instants are derived by domain/schedule.ts through
  // domain/dates.ts (@date-fns/tz). Null: not scheduled (the side list of the calendar).
  /** 'YYYY-MM-DD' in Europe/Moscow. */
  scheduledDate: text("scheduled_date"),
  windowStart: integer("window_start"),
  windowEnd: integer("window_end"),
  /** A crew doing the task: it shows in every member's calendar and feed. */
  crewId: integer("crew_id"),
}, (t) => [
  // The calendar's days in order, and its side list (no day: scheduled_date is null) in its own order (due
  // date, id) with what its filters ask (status, assignee, crew), so the list stops at its 100th row instead
  // of sorting every open task without a day: at 10× data 13 ms → 0.15 ms, a surveyor's 10 → 0.7 ms.
  index("tasks_company_scheduled_idx").on(
    t.companyId,
    t.scheduledDate,
    t.dueDate,
    t.id,
    t.status,
    t.assignedTo,
    t.crewId,
  ),
  // With status, priority, assignee and completion: the first, partial day of an /analytics period (the
  // rows before the per-day tallies take over) is counted from the index alone.
  index("tasks_company_created_idx").on(
    t.companyId,
    t.createdAt,
    t.status,
    t.priority,
    t.assignedTo,
    t.completedAt,
  ),
  // The company's tasks newest first (the task list, the cabinets' latest), ties by id: the index ends in
  // the rowid, so SQLite reads them in order instead of sorting the rows of equal created_at.
  index("tasks_company_newest_idx").on(t.companyId, t.createdAt),
  // Every company's tasks newest first (the system administrator's list and dashboard): 16 → 0.5 ms at 10×.
  index("tasks_newest_idx").on(t.createdAt),
  // One person's tasks, newest first (the surveyor's cabinet): the person's rows, not the company's.
  index("tasks_company_assignee_created_idx").on(t.companyId, t.assignedTo, t.createdAt),
  // With completed_at, "completed in the period" (the dashboard) is counted from the index alone.
  index("tasks_company_status_completed_idx").on(t.companyId, t.status, t.completedAt),
  // With due_date, the overdue count (tasks in work and late) is read from the index alone: 38 ms → 2 ms
  // at 50 000 tasks (docs/performance.md).
  // Also the open tasks past their due date that /analytics shows as overdue, by created day, priority and
  // assignee: read from the index alone (db/analytics.ts).
  index("tasks_company_status_due_idx").on(
    t.companyId,
    t.status,
    t.dueDate,
    t.createdAt,
    t.priority,
    t.assignedTo,
  ),
  index("tasks_assignee_idx").on(t.assignedTo, t.status),
  // An object's tasks; with the company and the created time, a search's tasks (db/tasks.ts) are checked,
  // counted and ordered from the index alone, and only the page's rows are read.
  index("tasks_object_idx").on(t.objectId, t.companyId, t.createdAt),
  index("tasks_due_idx").on(t.dueDate),
  check("tasks_status_check", sql.raw(`status IN (${inList(taskStatuses)})`)),
  check("tasks_priority_check", sql.raw(`priority IN (${inList(taskPriorities)})`)),
]);

/** A named group of a foreman and workers, managed in the settings. */
export const crews = sqliteTable("crews", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  foremanId: integer("foreman_id").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
}, (t) => [uniqueIndex("crews_company_name_idx").on(t.companyId, t.name)]);

export const crewMembers = sqliteTable("crew_members", {
  crewId: integer("crew_id").notNull().references(() => crews.id, { onDelete: "cascade" }),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
}, (t) => [primaryKey({ columns: [t.crewId, t.userId] }), index("crew_members_user_idx").on(t.userId)]);

/**
 * A person's private calendar feed (iCalendar): only the SHA-256 of the link's token is kept; revoking
 * deletes the row, and the link answers 404.
 */
export const calendarFeeds = sqliteTable(
  "calendar_feeds",
  {
    id: id(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
  },
  (
    t,
  ) => [
    uniqueIndex("calendar_feeds_user_idx").on(t.userId),
    uniqueIndex("calendar_feeds_token_idx").on(t.tokenHash),
  ],
);
