// Static files (island bundles, the stylesheet, icons) from memory: each read once, with its brotli and
// gzip variants (made by the build for the bundles, at first use for the rest), chosen by Accept-Encoding.
import { extname, join, normalize } from "node:path";
import { sha256Hex } from "../domain/hash.ts";
import type { Context } from "hono";
import { LRUCache } from "lru-cache";
import { matchesEtag, MIN_COMPRESS_BYTES, negotiateStatic } from "./compression.ts";
import { compress, type Encoding } from "./compress.ts";
import type { AppEnv } from "./types.ts";
import type { Stylesheet } from "./styles.ts";

export interface StaticAsset {
  type: string;
  /** Identity bytes, and the encoded variants worth sending. */
  variants: { identity: Uint8Array } & Partial<Record<Encoding, Uint8Array>>;
  /** Content hash; each variant's ETag adds its encoding, since its bytes differ. */
  hash: string;
}

const types: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".webp": "image/webp",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
};
const compressible = new Set([".js", ".css", ".svg", ".json", ".webmanifest", ".txt", ".ico"]);

/** The precompressed files the build writes next to a bundle: `x.js.br` and `x.js.gz`. */
export const encodedSuffix: Record<Encoding, string> = { br: ".br", gzip: ".gz" };

/**
 * The asset from its bytes; brotli and gzip variants are read from `precompressed` when given, else made
 * here, and dropped when they would not be smaller.
 */
export function assetOf(
  type: string,
  identity: Uint8Array,
  precompressed: Partial<Record<Encoding, Uint8Array>> | null,
): StaticAsset {
  const variants: StaticAsset["variants"] = { identity };
  if (precompressed !== null && identity.length >= MIN_COMPRESS_BYTES) {
    for (const encoding of ["br", "gzip"] as const) {
      const bytes = precompressed[encoding] ?? compress(identity, encoding, true);
      if (bytes.length < identity.length) variants[encoding] = bytes;
    }
  }
  return { type, variants, hash: sha256Hex(identity).slice(0, 16) };
}

async function readIfExists(path: string): Promise<Uint8Array | undefined> {
  try {
    return await Deno.readFile(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    throw error;
  }
}

/** Reads the file under `root` at `relativePath` (refusing paths that leave it) with its precompressed variants. */
export async function readAsset(root: string, relativePath: string): Promise<StaticAsset | null> {
  const path = normalize(join(root, relativePath));
  if (!path.startsWith(root + "/") || relativePath.includes("\0")) return null;
  const ext = extname(path);
  const type = types[ext];
  if (!type) return null;
  const identity = await readIfExists(path);
  if (!identity) return null;
  if (!compressible.has(ext)) return assetOf(type, identity, null);
  const [br, gzip] = await Promise.all([readIfExists(path + ".br"), readIfExists(path + ".gz")]);
  return assetOf(type, identity, { br, gzip });
}

/** Answers the asset in the encoding the client prefers, with Vary and a per-variant ETag (304 when it matches). */
export function answerAsset(c: Context<AppEnv>, asset: StaticAsset, cacheControl: string): Response {
  const wanted = negotiateStatic(c.req.header("Accept-Encoding"));
  const encoding = wanted && asset.variants[wanted] ? wanted : null;
  const body = encoding ? asset.variants[encoding]! : asset.variants.identity;
  const headers = new Headers({
    "Content-Type": asset.type,
    "Cache-Control": cacheControl,
    ETag: `"${asset.hash}${encoding ? `-${encoding}` : ""}"`,
  });
  if (asset.variants.br || asset.variants.gzip) headers.set("Vary", "Accept-Encoding");
  if (matchesEtag(c.req.header("If-None-Match"), headers.get("ETag")!)) {
    return new Response(null, { status: 304, headers });
  }
  if (encoding) headers.set("Content-Encoding", encoding);
  headers.set("Content-Length", String(body.length));
  return new Response(body as Uint8Array<ArrayBuffer>, { status: 200, headers });
}

// One entry per stylesheet version: a process builds its stylesheet once, so this holds one or two.
const stylesheets = new Map<string, StaticAsset>();

/** The stylesheet as an asset, compressed once per process and version. */
export function stylesheetAsset(styles: Stylesheet): StaticAsset {
  let asset = stylesheets.get(styles.version);
  if (!asset) {
    asset = assetOf(types[".css"], new TextEncoder().encode(styles.css), styles.compressed);
    stylesheets.set(styles.version, asset);
  }
  return asset;
}

/** The most files of one static folder cached read and compressed; past it the least used is read again. */
const STATIC_FILES_CACHED = 1_000;

/** Serves files under `root` for URLs under `prefix`, each read (and compressed) once while cached. */
export function staticFiles(root: string, prefix: string, cacheControl: string) {
  const cache = new LRUCache<string, Promise<StaticAsset | null>>({ max: STATIC_FILES_CACHED });
  return async (c: Context<AppEnv>, next: () => Promise<void>) => {
    let relative: string;
    try {
      relative = decodeURIComponent(c.req.path.slice(prefix.length));
    } catch {
      return next();
    }
    if (relative.endsWith(".br") || relative.endsWith(".gz")) return next();
    let pending = cache.get(relative);
    if (!pending) {
      pending = readAsset(root, relative);
      cache.set(relative, pending);
    }
    const asset = await pending;
    if (!asset) {
      cache.delete(relative);
      return next();
    }
    return answerAsset(c, asset, cacheControl);
  };
}
