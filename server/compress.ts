// Compressing bytes (zstd, brotli or gzip), apart from the answers' negotiation (compression.ts), so that what only
// compresses (the stylesheet cached on disk, the build) needs none of the app's types.
import * as zlib from "node:zlib";

/** The encodings of static files, compressed once and hardest. */
export type Encoding = "br" | "gzip";
/** The encodings of answers made per request: zstd too, where the runtime has it. */
export type DynamicEncoding = Encoding | "zstd";

type ZstdCompress = (bytes: Uint8Array, options: { params: Record<number, number> }) => Uint8Array;
const zstdCompressSync = (zlib as unknown as { zstdCompressSync?: ZstdCompress }).zstdCompressSync;
const zstdParams = zlib.constants as unknown as Partial<Record<string, number>>;

/** Whether this runtime compresses zstd (node:zlib's zstdCompressSync, which older runtimes lack). */
export const hasZstd = typeof zstdCompressSync === "function" &&
  zstdParams.ZSTD_c_compressionLevel !== undefined;

/**
 * zstd 3 with tables for a page rather than for megabytes: its default tables (a 2 MB window, 512 KB of hash)
 * are made afresh per answer, and making them cost as much as compressing a 30–60 KB page did (0.14 against
 * 0.07 ms a page with the CPU's caches cold, for the same bytes); a 128 KB window holds a whole page.
 */
const ZSTD_PAGE = hasZstd
  ? {
    [zstdParams.ZSTD_c_compressionLevel!]: 3,
    [zstdParams.ZSTD_c_windowLog!]: 17,
    [zstdParams.ZSTD_c_hashLog!]: 15,
    [zstdParams.ZSTD_c_chainLog!]: 15,
  }
  : {};

/**
 * Fast levels for answers made per request (zstd 3, gzip 4, brotli 4): on the demo's staff pages (26–60 KB)
 * zstd takes 0.07 ms a page, gzip 4 0.19–0.26 ms and brotli 4 about 0.3 ms, for 6.0, 6.0 and 5.7 KB; brotli 5
 * took longer than rendering the page (docs/performance.md). Static files are compressed hardest, once, at build.
 */
export function compress(bytes: Uint8Array, encoding: DynamicEncoding, hard = false): Uint8Array {
  if (encoding === "zstd") {
    if (!hasZstd) throw new Error("zstd is not available in this runtime");
    return zstdCompressSync!(bytes, { params: ZSTD_PAGE });
  }
  if (encoding === "br") {
    return zlib.brotliCompressSync(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: hard ? 11 : 4,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
  }
  return zlib.gzipSync(bytes, { level: hard ? 9 : 4 });
}
