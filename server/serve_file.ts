// Answers a stored file: Content-Disposition with the Russian name (RFC 5987/6266), HTTP Range (206) for
// seeking in videos, streamed from storage without reading it into memory.
import type { Context } from "hono";
import { ApiError } from "./errors.ts";
import type { AppEnv } from "./types.ts";
import type { ByteRange } from "./storage.ts";
import { contentDisposition, type Disposition } from "./content_disposition.ts";

/** The one byte range of a `Range: bytes=…` header, null for none or several, "invalid" when unsatisfiable. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | "invalid" {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return header.includes(",") ? null : "invalid";
  let start: number;
  let end: number;
  if (m[1] === "") {
    if (m[2] === "") return "invalid";
    const suffix = Number(m[2]);
    if (suffix === 0) return "invalid";
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return "invalid";
  return { start, end };
}

export interface ServeOptions {
  mime: string;
  fileName: string;
  disposition: Disposition;
  /** Honour Range requests (videos). */
  ranges?: boolean;
}

export async function serveStoredFile(c: Context<AppEnv>, key: string, o: ServeOptions): Promise<Response> {
  const { storage } = c.get("deps");
  const found = await storage.stat(key);
  if (!found) throw new ApiError(404, "Файл не найден");
  const { size } = found;
  const headers = new Headers({
    "Content-Type": o.mime,
    "Content-Disposition": contentDisposition(o.fileName, { type: o.disposition }),
    "Cache-Control": "private, no-cache",
    "X-Content-Type-Options": "nosniff",
  });
  // A stored upload never runs as a page of this site, even if a browser guessed HTML.
  headers.set(
    "Content-Security-Policy",
    "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox",
  );
  if (o.ranges) headers.set("Accept-Ranges", "bytes");
  const range = o.ranges ? parseRange(c.req.header("range"), size) : null;
  if (range === "invalid") {
    headers.set("Content-Range", `bytes */${size}`);
    return new Response(null, { status: 416, headers });
  }
  if (range) {
    const length = range.end - range.start + 1;
    headers.set("Content-Range", `bytes ${range.start}-${range.end}/${size}`);
    headers.set("Content-Length", String(length));
    return new Response(await bodyOf(c, key, range), { status: 206, headers });
  }
  headers.set("Content-Length", String(size));
  return new Response(await bodyOf(c, key), { status: 200, headers });
}

/** The bytes to send (none for HEAD); 404 when the file went away since it was looked up. */
async function bodyOf(c: Context<AppEnv>, key: string, range?: ByteRange) {
  if (c.req.method === "HEAD") return null;
  const body = await c.get("deps").storage.read(key, range);
  if (!body) throw new ApiError(404, "Файл не найден");
  return body;
}
