// Videos of objects: upload streamed to disk (at most 500 MB, enforced while streaming, checked by content),
// list, playback with HTTP Range, download, delete.
import { Hono } from "hono";
import { z } from "zod";
import { deleteVideo, findVideo, insertVideo, listVideos, videoJson } from "../../db/documents.ts";
import { findObject } from "../../db/objects.ts";
import { adminRoles, objectEditorRoles, staffRoles } from "../../domain/roles.ts";
import { ApiError, invalid, notFound, uploadTooLarge } from "../errors.ts";
import { safeFileName, sniffVideo } from "../filetype.ts";
import { companyScope, currentUser, requireApi } from "../middleware/guard.ts";
import { receiveUpload } from "../multipart.ts";
import { serveStoredFile } from "../serve_file.ts";
import type { AppEnv } from "../types.ts";
import { validate } from "../validate.ts";
import { queryText, validIdParam } from "../query.ts";

export const VIDEO_MAX_BYTES = 500 * 1024 * 1024;

/** Mounted under /api/objects/:id/videos. */
export const objectVideosApi = new Hono<AppEnv>()
  .get("/", requireApi(staffRoles), validIdParam, async (c) => {
    const user = currentUser(c);
    const { db } = c.get("deps");
    const object = await findObject(db, companyScope(user), c.req.valid("param").id);
    if (!object) throw notFound("Объект не найден");
    return c.json(await listVideos(db, companyScope(user), object.id));
  })
  .post("/", requireApi(staffRoles), validIdParam, async (c) => {
    const user = currentUser(c);
    const { db, storage, now } = c.get("deps");
    const object = await findObject(db, companyScope(user), c.req.valid("param").id);
    if (!object) throw notFound("Объект не найден");
    const key = `videos/${object.companyId}/${crypto.randomUUID().replaceAll("-", "")}`;
    const { fields, file } = await receiveUpload(c.req.raw, {
      field: "video",
      key,
      maxBytes: VIDEO_MAX_BYTES,
      storage,
      tooLarge: uploadTooLarge(c, "Размер файла не должен превышать 500MB"),
      noFile: () => invalid({ video: ["Файл не выбран"] }),
    });
    // From here on the file is stored: any refusal or failure removes it.
    try {
      const kind = sniffVideo(file.head);
      if (!kind) {
        throw invalid(
          { video: ["Неверный формат файла: пожалуйста, выберите видеофайл"] },
          "Неверный формат файла",
        );
      }
      const row = await insertVideo(db, {
        companyId: object.companyId,
        objectId: object.id,
        uploadedBy: user.id,
        fileName: safeFileName(file.fileName) || `video.${kind.type}`,
        storageKey: key,
        fileSize: file.size,
        mimeType: kind.mime,
        description: fields.description?.trim().slice(0, 2000) || null,
        createdAt: now(),
      });
      return c.json(videoJson(row), 201);
    } catch (error) {
      await storage.delete(key);
      throw error;
    }
  });

/** ?download=1: save the video rather than play it. */
const asFile = validate("query", z.object({ download: queryText }));

/** Mounted at /api/videos. */
export const videosApi = new Hono<AppEnv>()
  .on(["GET", "HEAD"], "/:id{[0-9]+}/file", requireApi(staffRoles), validIdParam, asFile, async (c) => {
    const video = await findVideo(c.get("deps").db, companyScope(currentUser(c)), c.req.valid("param").id);
    if (!video) throw notFound("Видео не найдено");
    return serveStoredFile(c, video.storageKey, {
      mime: video.mimeType,
      fileName: video.fileName,
      disposition: c.req.valid("query").download === "1" ? "attachment" : "inline",
      ranges: true,
    });
  })
  .get("/:id{[0-9]+}", requireApi(staffRoles), validIdParam, async (c) => {
    const video = await findVideo(c.get("deps").db, companyScope(currentUser(c)), c.req.valid("param").id);
    if (!video) throw notFound("Видео не найдено");
    return c.json(videoJson(video));
  })
  .delete("/:id{[0-9]+}", requireApi(staffRoles), validIdParam, async (c) => {
    const user = currentUser(c);
    const { db, storage } = c.get("deps");
    const video = await findVideo(db, companyScope(user), c.req.valid("param").id);
    if (!video) throw notFound("Видео не найдено");
    if (
      video.uploadedBy !== user.id && !adminRoles.includes(user.role) &&
      !objectEditorRoles.includes(user.role)
    ) {
      throw new ApiError(403, "Удалить видео может только тот, кто его загрузил, или администратор");
    }
    await deleteVideo(db, video.id);
    await storage.delete(video.storageKey);
    return c.json({ message: "Видео удалено" });
  });
