import { dirname, join, normalize, relative, sep } from "node:path";

/** Thrown while streaming when the upload passes its limit; the partial file is already gone. */
export class TooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`Upload exceeds ${limit} bytes`);
  }
}

/** Bytes `start` to `end` of a file, both included (as in an HTTP Range). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where uploaded files live: below DATA_DIR by default (localStorage), or in an S3-compatible bucket
 * (server/s3_storage.ts) when several machines serve one company's files. Every upload and download goes
 * through it, streamed both ways.
 */
export interface Storage {
  /** Streams `body` to `key`, stopping with TooLargeError past `maxBytes`. Returns the byte count. */
  write(key: string, body: ReadableStream<Uint8Array>, options: { maxBytes: number }): Promise<number>;
  /** The file's size and when it was written; `null` when it does not exist. */
  stat(key: string): Promise<{ size: number; modifiedAt: Date } | null>;
  /** The file's bytes (those of `range` only, when given) as a stream; `null` when it does not exist. */
  read(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array> | null>;
  /** Reads the first bytes, enough to recognise a type by its signature. */
  head(key: string, bytes: number): Promise<Uint8Array>;
  delete(key: string): Promise<void>;
  /**
   * Every file below `prefix` with when it was last written; `temporary` marks the partial file of a write
   * that never finished (a crash mid-upload). Its key is what delete() takes.
   */
  list(prefix: string): AsyncIterable<{ key: string; modifiedAt: Date; temporary: boolean }>;
}

/** The ending of a file being written: renamed to its key only once every byte is on disk. */
export const TEMPORARY_SUFFIX = ".part";

export function localStorage(root: string): Storage {
  const pathOf = (key: string) => {
    const path = normalize(join(root, key));
    if (!path.startsWith(normalize(root))) throw new Error(`Storage key escapes the root: "${key}"`);
    return path;
  };
  return {
    // Written under a temporary name in the same folder and renamed when complete, so a
    // crash mid-upload leaves a `.part` file that sweepUploads() removes, never a truncated file at the key.
    async write(key, body, { maxBytes }) {
      const final = pathOf(key);
      await Deno.mkdir(dirname(final), { recursive: true });
      const path = `${final}.${crypto.randomUUID().slice(0, 8)}${TEMPORARY_SUFFIX}`;
      const file = await Deno.open(path, { write: true, createNew: true });
      let size = 0;
      try {
        for await (const chunk of body) {
          size += chunk.byteLength;
          if (size > maxBytes) throw new TooLargeError(maxBytes);
          let written = 0;
          while (written < chunk.byteLength) written += await file.write(chunk.subarray(written));
        }
      } catch (error) {
        file.close();
        await Deno.remove(path).catch(() => {});
        throw error;
      }
      file.close();
      await Deno.rename(path, final);
      return size;
    },
    async stat(key) {
      try {
        const { size, mtime } = await Deno.stat(pathOf(key));
        return { size, modifiedAt: mtime ?? new Date(0) };
      } catch (error) {
        if (error instanceof Deno.errors.NotFound) return null;
        throw error;
      }
    },
    async read(key, range) {
      let file: Deno.FsFile;
      try {
        file = await Deno.open(pathOf(key), { read: true });
      } catch (error) {
        if (error instanceof Deno.errors.NotFound) return null;
        throw error;
      }
      if (!range) return file.readable;
      return rangeStream(file, range.start, range.end - range.start + 1);
    },
    async head(key, bytes) {
      const file = await Deno.open(pathOf(key), { read: true });
      try {
        const buf = new Uint8Array(bytes);
        const n = (await file.read(buf)) ?? 0;
        return buf.subarray(0, n);
      } finally {
        file.close();
      }
    },
    async *list(prefix) {
      const base = pathOf(prefix);
      const walk = async function* (dir: string): AsyncGenerator<string> {
        try {
          for await (const entry of Deno.readDir(dir)) {
            const path = join(dir, entry.name);
            if (entry.isDirectory) yield* walk(path);
            else if (entry.isFile) yield path;
          }
        } catch (error) {
          if (!(error instanceof Deno.errors.NotFound)) throw error;
        }
      };
      for await (const path of walk(base)) {
        const { mtime } = await Deno.stat(path);
        yield {
          key: relative(normalize(root), path).split(sep).join("/"),
          modifiedAt: mtime ?? new Date(0),
          temporary: path.endsWith(TEMPORARY_SUFFIX),
        };
      }
    },
    async delete(key) {
      await Deno.remove(pathOf(key)).catch((e) => {
        if (!(e instanceof Deno.errors.NotFound)) throw e;
      });
    },
  };
}

/** A stream of `length` bytes of the file from `start`; the file is closed at the end or on cancel. */
function rangeStream(file: Deno.FsFile, start: number, length: number): ReadableStream<Uint8Array> {
  let left = length;
  let positioned = false;
  const close = () => {
    try {
      file.close();
    } catch { /* closed */ }
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!positioned) {
          await file.seek(start, Deno.SeekMode.Start);
          positioned = true;
        }
        if (left <= 0) {
          close();
          return controller.close();
        }
        const buf = new Uint8Array(Math.min(64 * 1024, left));
        const n = await file.read(buf);
        if (n === null) {
          close();
          return controller.close();
        }
        left -= n;
        controller.enqueue(buf.subarray(0, n));
      } catch (error) {
        close();
        controller.error(error);
      }
    },
    cancel: close,
  }, { highWaterMark: 0 });
}

/**
 * `body` passed on, failing with TooLargeError once more than `maxBytes` went through; counts the bytes
 * into `counted`. Each chunk is passed on as a copy: the multipart parser (server/multipart.ts) reuses the
 * buffers of the request body, and a consumer that keeps chunks to gather a part (the S3 multipart upload)
 * would find them detached.
 */
export function limited(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
  counted: { bytes: number },
): ReadableStream<Uint8Array> {
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        counted.bytes += chunk.byteLength;
        if (counted.bytes > maxBytes) return controller.error(new TooLargeError(maxBytes));
        controller.enqueue(chunk.slice());
      },
    }),
  );
}
