import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";
import { bool, createdAt, id, inList } from "./_columns.ts";
import { activityTypes, notificationTypes } from "../../domain/enums.ts";
import { companies } from "./companies.ts";
import { users } from "./users.ts";
import { objects } from "./objects.ts";
import { tasks } from "./tasks.ts";

export const notifications = sqliteTable("notifications", {
  id: id(),
  companyId: integer("company_id").references(() => companies.id, { onDelete: "cascade" }),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  type: text("type", { enum: notificationTypes }).notNull().default("other"),
  title: text("title").notNull(),
  message: text("message").notNull(),
  isRead: bool("is_read").notNull().default(false),
  relatedObjectId: integer("related_object_id").references(() => objects.id, { onDelete: "set null" }),
  relatedTaskId: integer("related_task_id").references(() => tasks.id, { onDelete: "set null" }),
  relatedEstimateId: integer("related_estimate_id"),
  createdAt: createdAt(),
}, (t) => [
  index("notifications_user_idx").on(t.userId, t.isRead, t.createdAt),
  // A user's list newest first, a page at a time (/notifications): read in order, not sorted whole.
  index("notifications_user_newest_idx").on(t.userId, t.createdAt, t.id),
  check("notifications_type_check", sql.raw(`type IN (${inList(notificationTypes)})`)),
]);

/** The company's activity feed. */
export const activities = sqliteTable("activities", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  type: text("type", { enum: activityTypes }).notNull().default("other"),
  title: text("title").notNull(),
  status: text("status"),
  fileName: text("file_name"),
  objectId: integer("object_id").references(() => objects.id, { onDelete: "set null" }),
  taskId: integer("task_id").references(() => tasks.id, { onDelete: "set null" }),
  createdAt: createdAt(),
}, (t) => [
  index("activities_company_idx").on(t.companyId, t.createdAt),
  check("activities_type_check", sql.raw(`type IN (${inList(activityTypes)})`)),
]);
