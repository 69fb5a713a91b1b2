import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, id } from "./_columns.ts";
import { companies } from "./companies.ts";
import { users } from "./users.ts";
import { objects } from "./objects.ts";
import { tasks } from "./tasks.ts";

/** A stored file; `storageKey` names it inside the storage (a path below DATA_DIR by default). */
export const documents = sqliteTable("documents", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  objectId: integer("object_id").references(() => objects.id, { onDelete: "cascade" }),
  taskId: integer("task_id").references(() => tasks.id, { onDelete: "cascade" }),
  uploadedBy: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
  fileName: text("file_name").notNull(),
  storageKey: text("storage_key").notNull(),
  fileSize: integer("file_size").notNull(),
  fileType: text("file_type").notNull(),
  documentType: text("document_type"),
  description: text("description"),
  uploadedAt: createdAt(),
  /** The phone's id of a queued upload: a repeated upload answers this document. */
  clientId: text("client_id"),
}, (t) => [
  uniqueIndex("documents_client_idx").on(t.companyId, t.clientId),
  index("documents_company_idx").on(t.companyId, t.uploadedAt),
  index("documents_object_idx").on(t.objectId),
  index("documents_task_idx").on(t.taskId),
]);

export const videos = sqliteTable(
  "videos",
  {
    id: id(),
    companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
    objectId: integer("object_id").notNull().references(() => objects.id, { onDelete: "cascade" }),
    uploadedBy: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    fileName: text("file_name").notNull(),
    storageKey: text("storage_key").notNull(),
    fileSize: integer("file_size").notNull(),
    mimeType: text("mime_type").notNull(),
    description: text("description"),
    createdAt: createdAt(),
  },
  (
    t,
  ) => [index("videos_object_idx").on(t.objectId, t.createdAt), index("videos_company_idx").on(t.companyId)],
);
