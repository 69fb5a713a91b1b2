import { dirname, join, normalize, relative, sep } from "node:path";

/** Thrown while streaming when the upload passes its limit; the partial file is already gone. */
export class TooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`Upload exceeds ${limit} bytes`);
  }
}

/**
 * Where uploaded files live. The local-disk default keeps them below DATA_DIR; an S3-compatible
 * implementation can replace it when several app servers run behind a load balancer.
 */
export interface Storage {
  /** Streams `body` to `key`, stopping with TooLargeError past `maxBytes`. Returns the byte count. */
  write(key: string, body: ReadableStream<Uint8Array>, options: { maxBytes: number }): Promise<number>;
  /** Opens the file for reading; `null` when it does not exist. */
  open(key: string): Promise<{ file: Deno.FsFile; size: number } | null>;
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
    async open(key) {
      try {
        const file = await Deno.open(pathOf(key), { read: true });
        const { size } = await file.stat();
        return { file, size };
      } catch (error) {
        if (error instanceof Deno.errors.NotFound) return null;
        throw error;
      }
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
