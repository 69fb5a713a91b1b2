// A streaming multipart/form-data parser: file parts are handed out as streams read straight from the
// request body, so an upload of hundreds of megabytes never sits in memory (c.req.parseBody() buffers).

import { TooLargeError } from "./storage.ts";
import { concatBytes } from "../domain/bytes.ts";

export class MultipartError extends Error {}

export interface MultipartPart {
  /** The form field name. */
  name: string;
  /** The file name for a file part (decoded from UTF-8, `filename*` preferred), else null. */
  filename: string | null;
  contentType: string | null;
  /** The part's bytes; read it (or cancel it) before asking for the next part. */
  body: ReadableStream<Uint8Array>;
  /** Reads a small field as UTF-8 text; refuses past `maxBytes` (64 KB). */
  text(maxBytes?: number): Promise<string>;
}

const enc = new TextEncoder();
const dec = new TextDecoder();
const HEADER_LIMIT = 16 * 1024;
const READ_SIZE = 64 * 1024;

/** The boundary of a `multipart/form-data; boundary=…` content type, or null. */
export function boundaryOf(contentType: string | null | undefined): string | null {
  if (!contentType || !/^multipart\/form-data/i.test(contentType)) return null;
  const m = contentType.match(/boundary=(?:"([^"]+)"|([^;\s]+))/i);
  return m ? (m[1] ?? m[2]) : null;
}

function indexOf(haystack: Uint8Array, needle: Uint8Array, from = 0): number {
  const first = needle[0];
  const last = haystack.length - needle.length;
  for (let i = haystack.indexOf(first, from); i !== -1 && i <= last; i = haystack.indexOf(first, i + 1)) {
    let j = 1;
    while (j < needle.length && haystack[i + j] === needle[j]) j++;
    if (j === needle.length) return i;
  }
  return -1;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** Parses `Content-Disposition` parameters: name, filename, filename* (RFC 5987). */
export function parseDisposition(value: string): { name: string | null; filename: string | null } {
  const params: Record<string, string> = {};
  const re = /;\s*([\w*]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g;
  for (const m of value.matchAll(re)) {
    params[m[1].toLowerCase()] = m[2] !== undefined ? m[2].replace(/\\(.)/g, "$1") : m[3].trim();
  }
  let filename = params["filename"] ?? null;
  const star = params["filename*"];
  if (star) {
    const m = star.match(/^([\w-]+)'[^']*'(.*)$/);
    try {
      if (m) filename = decodeURIComponent(m[2]);
    } catch { /* keep the plain filename */ }
  }
  return { name: params["name"] ?? null, filename };
}

/**
 * Yields the parts of a multipart body one at a time. Each part's body streams from the request with
 * back-pressure; a part not read is skipped when the next one is asked for. Every byte read from the
 * stream counts against `maxBytes` (whatever Content-Length says): past it, TooLargeError stops the read.
 */
export async function* parseMultipart(
  stream: ReadableStream<Uint8Array>,
  boundary: string,
  options: { maxBytes?: number } = {},
): AsyncGenerator<MultipartPart> {
  const maxBytes = options.maxBytes ?? Infinity;
  let total = 0;
  // A byte stream (a request body) is read into two buffers used in turn, so a long upload allocates
  // nothing per chunk; the bytes handed out are written before the buffer they sit in is reused.
  let byob: ReadableStreamBYOBReader | null = null;
  let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  try {
    byob = stream.getReader({ mode: "byob" });
  } catch {
    reader = stream.getReader();
  }
  const buffers = [new ArrayBuffer(READ_SIZE), new ArrayBuffer(READ_SIZE)];
  let turn = 0;
  async function read(): Promise<{ value?: Uint8Array; done: boolean }> {
    const result = await readRaw();
    total += result.value?.length ?? 0;
    if (total > maxBytes) throw new TooLargeError(maxBytes);
    return result;
  }
  async function readRaw(): Promise<{ value?: Uint8Array; done: boolean }> {
    if (!byob) return await reader!.read();
    const { value, done } = await byob.read(new Uint8Array(buffers[turn]));
    if (done || !value) return { done: true };
    buffers[turn] = value.buffer as ArrayBuffer;
    turn ^= 1;
    return { value, done: false };
  }
  const dash = enc.encode(`--${boundary}`);
  const delimiter = enc.encode(`\r\n--${boundary}`);
  let buf: Uint8Array = new Uint8Array(0);
  let eof = false;

  async function fill(): Promise<boolean> {
    if (eof) return false;
    const { value, done } = await read();
    if (done || !value) {
      eof = true;
      return false;
    }
    buf = concat(buf, value);
    return true;
  }

  try {
    // Preamble up to the first boundary.
    let start: number;
    while ((start = indexOf(buf, dash)) === -1) {
      if (buf.length > dash.length) buf = buf.subarray(buf.length - dash.length);
      if (!(await fill())) throw new MultipartError("Multipart body has no boundary");
    }
    buf = buf.subarray(start + dash.length);

    while (true) {
      // After a boundary: '--' ends the body, else CRLF and the part headers.
      while (buf.length < 2) if (!(await fill())) throw new MultipartError("Multipart body ended early");
      if (buf[0] === 45 && buf[1] === 45) return;
      let headerEnd: number;
      while ((headerEnd = indexOf(buf, enc.encode("\r\n\r\n"))) === -1) {
        if (buf.length > HEADER_LIMIT) throw new MultipartError("Multipart part headers are too long");
        if (!(await fill())) throw new MultipartError("Multipart body ended in part headers");
      }
      const headerText = dec.decode(buf.subarray(0, headerEnd)).replace(/^[ \t]*\r\n/, "");
      buf = buf.subarray(headerEnd + 4);
      const headers = new Map<string, string>();
      for (const line of headerText.split("\r\n")) {
        const colon = line.indexOf(":");
        if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
      }
      const disposition = parseDisposition(headers.get("content-disposition") ?? "");
      if (!disposition.name) throw new MultipartError("Multipart part has no name");

      let finished = false;
      const finish = () => (finished = true);
      // Emits the part's bytes up to the next delimiter, keeping back a tail that could start one.
      const next = async (): Promise<Uint8Array | null> => {
        while (true) {
          const at = indexOf(buf, delimiter);
          if (at !== -1) {
            const chunk = buf.subarray(0, at);
            buf = buf.subarray(at + delimiter.length);
            finish();
            return chunk.length ? chunk : null;
          }
          const safe = buf.length - (delimiter.length - 1);
          if (safe > 0) {
            const chunk = buf.subarray(0, safe);
            buf = buf.subarray(safe);
            return chunk;
          }
          // A short tail is left: read on without copying the new chunk onto it (an upload of hundreds of
          // megabytes would otherwise allocate every byte twice), unless a delimiter straddles the two.
          const { value, done } = eof ? { value: undefined, done: true } : await read();
          if (done || !value) {
            eof = true;
            throw new MultipartError("Multipart body ended inside a part");
          }
          if (buf.length === 0) {
            buf = value;
            continue;
          }
          if (value.length < delimiter.length) {
            buf = concat(buf, value);
            continue;
          }
          const window = concat(buf, value.subarray(0, delimiter.length));
          const straddles = indexOf(window, delimiter);
          if (straddles !== -1 && straddles < buf.length) {
            buf = concat(buf, value);
            continue;
          }
          const tail = buf;
          buf = value;
          return tail;
        }
      };
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          try {
            if (finished) return controller.close();
            const chunk = await next();
            if (chunk) controller.enqueue(chunk);
            if (finished) controller.close();
          } catch (error) {
            controller.error(error);
          }
        },
        // Cancelling reads nothing more now; the generator skips the rest if asked for the next part.
      }, { highWaterMark: 0 });

      yield {
        name: disposition.name,
        filename: disposition.filename,
        contentType: headers.get("content-type") ?? null,
        body,
        async text(maxBytes = 64 * 1024) {
          const parts: Uint8Array[] = [];
          let size = 0;
          for await (const chunk of body) {
            size += chunk.length;
            if (size > maxBytes) throw new MultipartError(`Field "${disposition.name}" is too long`);
            parts.push(chunk.slice());
          }
          return dec.decode(parts.reduce(concat, new Uint8Array(0)));
        },
      };
      // Skip whatever the consumer left of this part.
      while (!finished) await next();
    }
  } finally {
    (byob ?? reader)!.releaseLock();
  }
}

/** Room beside the file for the multipart envelope and the small text fields of an upload form. */
export const ENVELOPE_BYTES = 64 * 1024;

export interface UploadOptions {
  /** The form field of the file. */
  field: string;
  /** The file's limit; the whole body may pass it by ENVELOPE_BYTES at most. */
  maxBytes: number;
  /** Raised for a body past the limit (counted while streaming; a larger Content-Length is refused unread). */
  tooLarge: () => Error;
  /** Raised when the body is not multipart or has no (or an empty) file. */
  noFile: () => Error;
  /**
   * Checks the text fields: those sent before the file, before a byte of it is stored, and all of them
   * once the body is read. Throw to refuse the upload; a file already stored is then removed.
   */
  checkFields?: (fields: Record<string, string>) => void | Promise<void>;
}

/** What an upload form carried: its small fields and its file. */
export interface Received<F> {
  fields: Record<string, string>;
  file: F & { fileName: string; contentType: string | null; size: number };
}

/** Where the file part goes: `take` consumes its stream (at most maxBytes), `drop` undoes it. */
interface Sink<F> {
  take(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<F & { size: number }>;
  drop(file: F): Promise<void>;
}

async function receive<F>(request: Request, o: UploadOptions, sink: Sink<F>): Promise<Received<F>> {
  const bodyLimit = o.maxBytes + ENVELOPE_BYTES;
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > bodyLimit) {
    await request.body?.cancel().catch(() => {});
    throw o.tooLarge();
  }
  const boundary = boundaryOf(request.headers.get("content-type"));
  if (!boundary || !request.body) throw o.noFile();
  const fields: Record<string, string> = {};
  let file: Received<F>["file"] | null = null;
  try {
    for await (const part of parseMultipart(request.body, boundary, { maxBytes: bodyLimit })) {
      if (part.filename === null) {
        fields[part.name] = await part.text();
      } else if (part.name === o.field && !file && part.filename !== "") {
        await o.checkFields?.(fields);
        const taken = await sink.take(part.body, o.maxBytes);
        file = { ...taken, fileName: part.filename, contentType: part.contentType };
      }
    }
    if (!file || file.size === 0) throw o.noFile();
    await o.checkFields?.(fields);
    return { fields, file };
  } catch (error) {
    // Read no more of a refused body: the connection is dropped instead of reading the rest.
    await request.body.cancel().catch(() => {});
    if (file) await sink.drop(file);
    if (error instanceof TooLargeError) throw o.tooLarge();
    if (error instanceof MultipartError) throw o.noFile();
    throw error;
  }
}

export interface ReceiveOptions extends UploadOptions {
  /** The storage key to stream the file to. */
  key: string;
  storage: {
    write(key: string, body: ReadableStream<Uint8Array>, options: { maxBytes: number }): Promise<number>;
    head(key: string, bytes: number): Promise<Uint8Array>;
    delete(key: string): Promise<void>;
  };
  /** Bytes of the file's start to return for recognition. */
  headBytes?: number;
}

/**
 * Streams a multipart upload: the file part goes straight to storage, the other fields are kept as text.
 * Every byte of the body is counted as it arrives, so memory stays bounded whatever the body's size or
 * Content-Length; on any refusal the stored file is removed. Returns the file's first bytes for recognition.
 */
export function receiveUpload(
  request: Request,
  o: ReceiveOptions,
): Promise<Received<{ key: string; head: Uint8Array }>> {
  return receive(request, o, {
    async take(body, maxBytes) {
      try {
        const size = await o.storage.write(o.key, body, { maxBytes });
        return {
          key: o.key,
          size,
          head: size ? await o.storage.head(o.key, o.headBytes ?? 4096) : new Uint8Array(),
        };
      } catch (error) {
        await o.storage.delete(o.key);
        throw error;
      }
    },
    drop: () => o.storage.delete(o.key),
  });
}

/**
 * Reads a multipart upload whose file is small enough to hold (an image, a price list) into memory,
 * counting while streaming exactly as receiveUpload() does.
 */
export function receiveUploadBytes(
  request: Request,
  o: UploadOptions,
): Promise<Received<{ bytes: Uint8Array }>> {
  return receive(request, o, {
    async take(body, maxBytes) {
      const chunks: Uint8Array[] = [];
      let size = 0;
      for await (const chunk of body) {
        size += chunk.length;
        if (size > maxBytes) throw new TooLargeError(maxBytes);
        // The parser reuses its buffers: keep a copy.
        chunks.push(chunk.slice());
      }
      return { bytes: concatBytes(chunks), size };
    },
    drop: async () => {},
  });
}
