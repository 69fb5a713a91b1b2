// Compressing bytes (brotli or gzip), apart from the answers' negotiation (compression.ts), so that what only
// compresses (the stylesheet cached on disk, the build) needs none of the app's types.
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

export type Encoding = "br" | "gzip";

/**
 * Fast levels for answers made per request (brotli 4, gzip 4): on a 27 KB list page brotli 5 took longer
 * than rendering it, for 11 % fewer bytes than 4 (docs/performance.md). Static files are compressed
 * hardest, once, at build.
 */
export function compress(bytes: Uint8Array, encoding: Encoding, hard = false): Uint8Array {
  if (encoding === "br") {
    return brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: hard ? 11 : 4,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
  }
  return gzipSync(bytes, { level: hard ? 9 : 4 });
}
