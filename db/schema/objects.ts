import { check, index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";
import { createdAt, id, inList, kopecks, updatedAt } from "./_columns.ts";
import { objectStatuses, workTypes } from "../../domain/enums.ts";
import { companies } from "./companies.ts";
import { users } from "./users.ts";

/** A client site. */
export const objects = sqliteTable("objects", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  address: text("address").notNull(),
  settlement: text("settlement"),
  region: text("region"),
  city: text("city"),
  district: text("district", { length: 100 }),
  direction: text("direction", { length: 50 }),
  coordinates: text("coordinates"),
  latitude: real("latitude"),
  longitude: real("longitude"),
  distanceFromMKAD: integer("distance_from_mkad"),
  clientName: text("client_name"),
  clientPhone: text("client_phone", { length: 50 }),
  clientEmail: text("client_email"),
  workType: text("work_type", { enum: workTypes }).notNull().default("construction"),
  status: text("status", { enum: objectStatuses }).notNull().default("new"),
  description: text("description"),
  estimatedCost: kopecks("estimated_cost"),
  actualCost: kopecks("actual_cost"),
  createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  index("objects_company_created_idx").on(t.companyId, t.createdAt),
  index("objects_company_status_idx").on(t.companyId, t.status, t.createdAt),
  // Completed objects of a period (the revenue figures) are read from this index alone.
  index("objects_company_status_updated_idx").on(t.companyId, t.status, t.updatedAt),
  index("objects_company_work_type_idx").on(t.companyId, t.workType, t.createdAt),
  index("objects_company_district_idx").on(t.companyId, t.district, t.createdAt),
  check("objects_status_check", sql.raw(`status IN (${inList(objectStatuses)})`)),
  check("objects_work_type_check", sql.raw(`work_type IN (${inList(workTypes)})`)),
]);
