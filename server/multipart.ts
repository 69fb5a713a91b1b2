// Multipart uploads through @fastify/busboy (the streaming parser fastify and undici use): the file part
// streams to storage with back-pressure, so an upload of hundreds of megabytes never sits in memory
// (c.req.parseBody() buffers). This module adds only what the upload routes share: the byte limits,
// the field checks and the clean-up of a refused upload.

import { Busboy } from "@fastify/busboy";
import { Buffer } from "node:buffer";
import { once } from "node:events";
import type { Readable } from "node:stream";
import { TooLargeError } from "./storage.ts";
import { concatBytes } from "../domain/bytes.ts";

class MultipartError extends Error {}

/** Room beside the file for the multipart envelope and the small text fields of an upload form. */
export const ENVELOPE_BYTES = 64 * 1024;
/** The largest text field an upload form carries (a description, a client id). */
const FIELD_BYTES = 64 * 1024;
/** The largest header block of one part. */
const PART_HEADER_BYTES = 16 * 1024;

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
  file: F & { fileName: string; size: number };
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
  if (!request.body) throw o.noFile();
  let parser: ReturnType<typeof Busboy>;
  try {
    parser = Busboy({
      headers: { "content-type": request.headers.get("content-type") ?? "" },
      preservePath: true,
      limits: { fieldSize: FIELD_BYTES, headerSize: PART_HEADER_BYTES, fileSize: o.maxBytes },
    });
  } catch {
    // Not multipart, or no boundary.
    await request.body.cancel().catch(() => {});
    throw o.noFile();
  }

  // The first failure, from whichever side (the parser, the field checks, the storage): it stops the read.
  let failure: unknown = null;
  let rejectFailed!: (error: unknown) => void;
  const failed = new Promise<never>((_, reject) => (rejectFailed = reject));
  failed.catch(() => {});
  const fail = (error: unknown) => {
    if (failure) return;
    failure = error;
    rejectFailed(error);
  };

  const fields: Record<string, string> = {};
  let file: Received<F>["file"] | null = null;
  let fileStream: Readable | null = null;
  let taking: Promise<void> = Promise.resolve();
  parser.on("field", (name: string, value: string, _nameTruncated: boolean, valueTruncated: boolean) => {
    if (valueTruncated) fail(new MultipartError(`Field "${name}" is too long`));
    else fields[name] = value;
  });
  parser.on("file", (name: string, stream: Readable, fileName: string | undefined) => {
    // Only the first non-empty file of the form's field is kept; any other part is read past.
    if (name !== o.field || fileStream || !fileName) return void stream.resume();
    fileStream = stream;
    stream.on("limit", () => stream.destroy(new TooLargeError(o.maxBytes)));
    // The parser reports a body cut short inside the file on the file's stream.
    stream.on("error", (error) => {
      if (!(error instanceof TooLargeError)) fail(new MultipartError(error.message));
    });
    taking = (async () => {
      await o.checkFields?.(fields);
      const taken = await sink.take(ReadableStream.from<Uint8Array>(stream), o.maxBytes);
      file = { ...taken, fileName };
    })().catch(fail);
  });
  parser.on("error", (error: Error) => fail(new MultipartError(error.message)));
  const finished = once(parser, "finish");

  const reader = request.body.getReader();
  try {
    // Every byte read counts against the limit, whatever Content-Length said.
    let total = 0;
    while (true) {
      const { value, done } = await reader.read();
      if (failure) throw failure;
      if (done) break;
      total += value.length;
      if (total > bodyLimit) throw new TooLargeError(bodyLimit);
      // A Buffer over the same bytes: the parser copies anything else into one.
      const bytes = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
      if (!parser.write(bytes)) await Promise.race([once(parser, "drain"), failed]);
    }
    parser.end();
    await Promise.race([finished, failed]);
    await taking;
    if (failure) throw failure;
    if (!file || (file as Received<F>["file"]).size === 0) throw o.noFile();
    await o.checkFields?.(fields);
    return { fields, file };
  } catch (error) {
    // Read no more of a refused body: the connection is dropped instead of reading the rest.
    await reader.cancel().catch(() => {});
    (fileStream as Readable | null)?.destroy(error instanceof Error ? error : undefined);
    await taking;
    if (file) await sink.drop(file);
    const cause = failure ?? error;
    if (cause instanceof TooLargeError) throw o.tooLarge();
    // A field too long, a body cut short, a malformed envelope.
    if (cause instanceof MultipartError) throw o.noFile();
    throw cause;
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
        chunks.push(chunk);
      }
      return { bytes: concatBytes(chunks), size };
    },
    drop: async () => {},
  });
}
