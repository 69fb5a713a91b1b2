// Documents: upload to an object (or one of its tasks), the company's list, download with the Russian
// name, delete by the uploader or an administrator. Uploads stream to storage, at most 50 MB, checked by content.
import { Hono } from "hono";
import * as z from "zod";
import {
  deleteDocument,
  documentByClientId,
  documentJson,
  findDocument,
  findTaskOf,
  insertDocument,
  listDocuments,
} from "../../db/documents.ts";
import type { Db } from "../../db/client.ts";
import { findObject } from "../../db/objects.ts";
import { adminRoles, staffRoles } from "../../domain/roles.ts";
import { ApiError, invalid, notFound, uploadTooLarge } from "../errors.ts";
import { documentMime, safeFileName, sniffDocument } from "../filetype.ts";
import { companyScope, currentUser, requireApi } from "../middleware/guard.ts";
import { scopeOf } from "../../db/scope.ts";
import { receiveUpload } from "../multipart.ts";
import { serveStoredFile } from "../serve_file.ts";
import { validate } from "../validate.ts";
import { positiveInt, queryText, validIdParam } from "../query.ts";
import type { AppEnv } from "../types.ts";
import { isClientId, requestKey } from "../../domain/offline.ts";

export const DOCUMENT_MAX_BYTES = 50 * 1024 * 1024;

const randomName = () => crypto.randomUUID().replaceAll("-", "");

/** Mounted under /api/objects/:id/documents. */
export const objectDocumentsApi = new Hono<AppEnv>()
  .get("/", requireApi(staffRoles), validIdParam, async (c) => {
    const user = currentUser(c);
    const { db } = c.get("deps");
    const object = await findObject(db, companyScope(user), c.req.valid("param").id);
    if (!object) throw notFound("Объект не найден");
    const { items } = await listDocuments(db, companyScope(user), { objectId: object.id, pageSize: 200 });
    return c.json(items);
  })
  .post("/", requireApi(staffRoles), validIdParam, async (c) => {
    const user = currentUser(c);
    const { db, storage, now } = c.get("deps");
    const object = await findObject(db, companyScope(user), c.req.valid("param").id);
    if (!object) throw notFound("Объект не найден");
    const key = `documents/${object.companyId}/${randomName()}`;
    // The task is checked from the fields sent before the file, before a byte of it is stored.
    let taskId: number | null = null;
    let clientId: string | null = null;
    const { fields, file } = await receiveUpload(c.req.raw, {
      field: "file",
      key,
      maxBytes: DOCUMENT_MAX_BYTES,
      storage,
      tooLarge: uploadTooLarge(c, "Файл слишком большой: размер документа не должен превышать 50MB"),
      noFile: () => invalid({ file: ["Файл не выбран"] }),
      checkFields: async (fields) => {
        taskId = await taskOfField(db, object, fields.taskId);
        clientId = clientIdOfField(fields.clientId);
      },
    });
    // A phone repeating a queued upload whose answer it lost: the document it already made, once.
    const requestId = clientId
      ? requestKey(clientId, { user: user.id, object: object.id, task: taskId })
      : null;
    const repeated = requestId ? await documentByClientId(db, object.companyId, requestId) : null;
    if (repeated) {
      await storage.delete(key);
      return c.json(documentJson(repeated), 200);
    }
    // From here on the file is stored: any refusal or failure removes it.
    try {
      const kind = sniffDocument(file.head, file.fileName);
      if (!kind) {
        throw invalid({
          file: [
            "Неверный формат файла: допустимы PDF, изображения (JPG, PNG, GIF, WebP, HEIC), DOC, DOCX, XLS, XLSX, TXT, CSV",
          ],
        });
      }
      const row = await insertDocument(db, {
        companyId: object.companyId,
        objectId: object.id,
        taskId,
        uploadedBy: user.id,
        fileName: safeFileName(file.fileName) || "document",
        storageKey: key,
        fileSize: file.size,
        fileType: kind.type,
        documentType: fields.documentType?.trim().slice(0, 100) || null,
        description: fields.description?.trim().slice(0, 2000) || null,
        clientId: requestId,
        uploadedAt: now(),
      });
      const found = await findDocument(db, scopeOf(null), row.id);
      return c.json(documentJson(found!), 201);
    } catch (error) {
      await storage.delete(key);
      throw error;
    }
  });

/** The optional `taskId` field: a task of this object, or 422 (a number that is no task id, or no such task). */
async function taskOfField(
  db: Db,
  object: { id: number; companyId: number },
  value: string | undefined,
): Promise<number | null> {
  const text = value?.trim();
  if (!text) return null;
  const id = positiveInt(text);
  if (id === undefined) throw invalid({ taskId: ["Некорректный номер задачи"] });
  const task = await findTaskOf(db, object.companyId, id, object.id);
  if (!task) throw invalid({ taskId: ["Задача не найдена"] });
  return task.id;
}

/** The optional `clientId` field of a queued upload, or 422. */
function clientIdOfField(value: string | undefined): string | null {
  if (!value) return null;
  if (!isClientId(value)) throw invalid({ clientId: ["Некорректный идентификатор запроса"] });
  return value;
}

const listQuery = z.object({
  objectId: z.coerce.number().int().positive().optional().catch(undefined),
  taskId: z.coerce.number().int().positive().optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  pageSize: z.coerce.number().int().min(1).max(200).optional().catch(undefined),
});

/** ?inline=1: show a PDF or picture in the browser rather than download it. */
const inlineQuery = validate("query", z.object({ inline: queryText }));

const inlineTypes = new Set(["pdf", "jpg", "png", "gif", "webp"]);

/** Mounted at /api/documents. */
export const documentsApi = new Hono<AppEnv>()
  .get("/", requireApi(staffRoles), validate("query", listQuery), async (c) => {
    const user = currentUser(c);
    const result = await listDocuments(c.get("deps").db, companyScope(user), c.req.valid("query"));
    c.header("X-Total-Count", String(result.total));
    return c.json(result.items);
  })
  .get("/:id{[0-9]+}", requireApi(staffRoles), validIdParam, async (c) => {
    const found = await findDocument(c.get("deps").db, companyScope(currentUser(c)), c.req.valid("param").id);
    if (!found) throw notFound("Документ не найден");
    return c.json(documentJson(found));
  })
  .get("/:id{[0-9]+}/download", requireApi(staffRoles), validIdParam, inlineQuery, async (c) => {
    const found = await findDocument(c.get("deps").db, companyScope(currentUser(c)), c.req.valid("param").id);
    if (!found) throw notFound("Документ не найден");
    const d = found.doc;
    const inline = c.req.valid("query").inline === "1" && inlineTypes.has(d.fileType);
    return serveStoredFile(c, d.storageKey, {
      mime: documentMime[d.fileType] ?? "application/octet-stream",
      fileName: d.fileName,
      disposition: inline ? "inline" : "attachment",
    });
  })
  .delete("/:id{[0-9]+}", requireApi(staffRoles), validIdParam, async (c) => {
    const user = currentUser(c);
    const { db, storage } = c.get("deps");
    const found = await findDocument(db, companyScope(user), c.req.valid("param").id);
    if (!found) throw notFound("Документ не найден");
    if (found.doc.uploadedBy !== user.id && !adminRoles.includes(user.role)) {
      throw new ApiError(403, "Удалить документ может только тот, кто его загрузил, или администратор");
    }
    await deleteDocument(db, found.doc.id);
    await storage.delete(found.doc.storageKey);
    return c.json({ message: "Документ удален" });
  });
