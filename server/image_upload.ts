// Image uploads (company logos, avatars): the type is recognised by the file's bytes, never by its
// name or the browser's claim; the body is counted while it streams and refused past the limit.
import type { Context } from "hono";
import { ApiError, invalid, uploadTooLarge } from "./errors.ts";
import { sniffImage } from "./filetype.ts";
import { receiveUploadBytes } from "./multipart.ts";
import type { AppEnv } from "./types.ts";

export interface ImageKind {
  ext: "png" | "jpg" | "gif" | "webp";
  mime: string;
}

export const mimeOfExt: Record<ImageKind["ext"], string> = {
  png: "image/png",
  jpg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
};

/** PNG, JPEG, GIF or WebP by signature (server/filetype.ts); SVG is refused: it can carry script. */
function imageKind(bytes: Uint8Array): ImageKind | null {
  const kind = sniffImage(bytes);
  return kind ? { ext: kind.type as ImageKind["ext"], mime: kind.mime } : null;
}

export const MB = 1024 * 1024;

/**
 * Reads the `file` field of a multipart upload as an image of at most `maxBytes`: 413 as soon as the
 * body passes the limit (counted while streaming, whatever Content-Length says), 422 when it is not an image.
 */
export async function readImageUpload(
  c: Context<AppEnv>,
  maxBytes: number,
): Promise<{ bytes: Uint8Array; kind: ImageKind }> {
  const { file } = await receiveUploadBytes(c.req.raw, {
    field: "file",
    maxBytes,
    tooLarge: uploadTooLarge(c, `Файл слишком большой: не более ${Math.round(maxBytes / MB)} MB`),
    noFile: () => invalid({ file: ["Выберите файл изображения"] }),
  });
  const kind = imageKind(file.bytes);
  if (!kind) throw invalid({ file: ["Загрузите изображение: PNG, JPEG, GIF или WebP"] });
  return { bytes: file.bytes, kind };
}

/** A stream over bytes already in memory, for Storage.write. */
export function streamOf(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

/** Answers a stored image with its type and a long private cache (the name changes with each upload). */
export async function serveStoredImage(c: Context<AppEnv>, key: string, ext: string): Promise<Response> {
  const { storage } = c.get("deps");
  const found = await storage.stat(key);
  const body = found && await storage.read(key);
  if (!found || !body) throw new ApiError(404, "Файл не найден");
  return new Response(body, {
    headers: {
      "Content-Type": mimeOfExt[ext as ImageKind["ext"]] ?? "application/octet-stream",
      "Content-Length": String(found.size),
      "Cache-Control": "private, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
