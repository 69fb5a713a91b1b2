// Documents and videos of objects (and tasks). Every function takes the company scope (null = every company).
import { and, count, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { Db } from "./client.ts";
import type { Scope } from "./scope.ts";
import { type Placeholders, preparedQuery } from "./prepared.ts";
import { documents, objects, tasks, users, videos } from "./schema/mod.ts";
import { recordActivity } from "./notifications.ts";
import type { DocumentJson, VideoJson } from "../domain/documents.ts";
import { personName } from "../domain/format.ts";

export type { DocumentJson, VideoJson };

export type DocumentRow = typeof documents.$inferSelect;
export type VideoRow = typeof videos.$inferSelect;

const docScope = (
  scope: Scope,
): SQL | undefined => (scope === null ? undefined : eq(documents.companyId, scope));
const videoScope = (
  scope: Scope,
): SQL | undefined => (scope === null ? undefined : eq(videos.companyId, scope));

const documentSelection = {
  doc: documents,
  uploaderFirstName: users.firstName,
  uploaderLastName: users.lastName,
  objectAddress: objects.address,
};

type DocumentWithNames = {
  doc: DocumentRow;
  uploaderFirstName: string | null;
  uploaderLastName: string | null;
  objectAddress: string | null;
};

export function documentJson(r: DocumentWithNames): DocumentJson {
  const d = r.doc;
  return {
    id: d.id,
    companyId: d.companyId,
    objectId: d.objectId,
    objectAddress: r.objectAddress,
    taskId: d.taskId,
    uploadedBy: d.uploadedBy,
    uploaderName: personName(r.uploaderFirstName, r.uploaderLastName) || null,
    fileName: d.fileName,
    fileUrl: `/api/documents/${d.id}/download`,
    fileSize: d.fileSize,
    fileType: d.fileType,
    documentType: d.documentType,
    description: d.description,
    uploadedAt: d.uploadedAt.toISOString(),
  };
}

export interface DocumentFilter {
  objectId?: number;
  taskId?: number;
  page?: number;
  pageSize?: number;
}

export async function listDocuments(db: Db, scope: Scope, f: DocumentFilter = {}) {
  const pageSize = Math.min(Math.max(f.pageSize ?? 48, 1), 200);
  const page = Math.max(f.page ?? 1, 1);
  const values = {
    companyId: scope ?? undefined,
    objectId: f.objectId || undefined,
    taskId: f.taskId || undefined,
  };
  const where = (p: Placeholders<typeof values>) =>
    and(
      p.companyId && eq(documents.companyId, p.companyId),
      p.objectId && eq(documents.objectId, p.objectId),
      p.taskId && eq(documents.taskId, p.taskId),
    );
  const [rows, [{ total }]] = await Promise.all([
    preparedQuery(
      db,
      "documents.page",
      { ...values, limit: pageSize, offset: (page - 1) * pageSize },
      (p) =>
        db.select(documentSelection).from(documents)
          .leftJoin(users, eq(documents.uploadedBy, users.id))
          .leftJoin(objects, eq(documents.objectId, objects.id))
          .where(where(p)).orderBy(desc(documents.uploadedAt), desc(documents.id)).limit(p.limit).offset(
            p.offset,
          ),
    ).all(),
    preparedQuery(
      db,
      "documents.count",
      values,
      (p) => db.select({ total: count() }).from(documents).where(where(p)),
    ).all(),
  ]);
  return { items: rows.map(documentJson), total, page, pageSize };
}

export async function findDocument(db: Db, scope: Scope, id: number) {
  const [row] = await db.select(documentSelection).from(documents)
    .leftJoin(users, eq(documents.uploadedBy, users.id))
    .leftJoin(objects, eq(documents.objectId, objects.id))
    .where(and(eq(documents.id, id), docScope(scope)));
  return row ?? null;
}

/** The company's document a phone uploaded under this client id, or null. */
export async function documentByClientId(db: Db, companyId: number, clientId: string) {
  const [row] = await db.select(documentSelection).from(documents)
    .leftJoin(users, eq(documents.uploadedBy, users.id))
    .leftJoin(objects, eq(documents.objectId, objects.id))
    .where(and(eq(documents.companyId, companyId), eq(documents.clientId, clientId)));
  return row ?? null;
}

/** A task of the company (and of the object when given), or null. */
export async function findTaskOf(db: Db, companyId: number, taskId: number, objectId?: number) {
  const [row] = await db.select({ id: tasks.id, objectId: tasks.objectId }).from(tasks)
    .where(and(eq(tasks.id, taskId), eq(tasks.companyId, companyId)));
  if (!row || (objectId !== undefined && row.objectId !== null && row.objectId !== objectId)) return null;
  return row;
}

export async function insertDocument(db: Db, values: typeof documents.$inferInsert) {
  return await db.transaction(async (tx) => {
    const [row] = await tx.insert(documents).values(values).returning();
    await recordActivity(tx, {
      at: row.uploadedAt,
      companyId: row.companyId,
      userId: row.uploadedBy,
      type: "document",
      title: `Загружен документ: ${row.fileName}`,
      fileName: row.fileName,
      objectId: row.objectId,
      taskId: row.taskId,
    });
    return row;
  });
}

export async function deleteDocument(db: Db, id: number): Promise<void> {
  await db.delete(documents).where(eq(documents.id, id));
}

export function videoJson(v: VideoRow): VideoJson {
  return {
    id: v.id,
    objectId: v.objectId,
    uploadedBy: v.uploadedBy,
    fileName: v.fileName,
    fileUrl: `/api/videos/${v.id}/file`,
    downloadUrl: `/api/videos/${v.id}/file?download=1`,
    fileSize: v.fileSize,
    mimeType: v.mimeType,
    description: v.description,
    createdAt: v.createdAt.toISOString(),
  };
}

export async function listVideos(db: Db, scope: Scope, objectId: number) {
  const rows = await preparedQuery(
    db,
    "videos.ofObject",
    { objectId, companyId: scope ?? undefined },
    (p) =>
      db.select().from(videos)
        .where(and(eq(videos.objectId, p.objectId), p.companyId && eq(videos.companyId, p.companyId)))
        .orderBy(desc(videos.createdAt), desc(videos.id)),
  ).all();
  return rows.map(videoJson);
}

export async function findVideo(db: Db, scope: Scope, id: number): Promise<VideoRow | null> {
  const [row] = await db.select().from(videos).where(and(eq(videos.id, id), videoScope(scope)));
  return row ?? null;
}

export async function insertVideo(db: Db, values: typeof videos.$inferInsert): Promise<VideoRow> {
  const [row] = await db.insert(videos).values(values).returning();
  return row;
}

export async function deleteVideo(db: Db, id: number): Promise<void> {
  await db.delete(videos).where(eq(videos.id, id));
}

/** Which of these storage keys a document or a video row names (the upload sweep keeps those files). */
export async function keysWithRows(db: Db, keys: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < keys.length; i += 500) {
    const chunk = keys.slice(i, i + 500);
    const [docs, clips] = await Promise.all([
      db.select({ key: documents.storageKey }).from(documents).where(inArray(documents.storageKey, chunk)),
      db.select({ key: videos.storageKey }).from(videos).where(inArray(videos.storageKey, chunk)),
    ]);
    for (const row of [...docs, ...clips]) found.add(row.key);
  }
  return found;
}
