import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { sha256Hex } from "../domain/hash.ts";
import { compress, type Encoding } from "./compress.ts";

const cssDir = fileURLToPath(new URL("../static/css", import.meta.url));
/** Where the compressed variants are cached between starts: outside static/, which is served. */
const compressedDir = fileURLToPath(new URL("../node_modules/.cache/polesmeta", import.meta.url));

export interface Stylesheet {
  css: string;
  /** Content hash, used in the URL so browsers may cache it for good. */
  version: string;
  /** Brotli 11 and gzip 9 of `css`. */
  compressed: Record<Encoding, Uint8Array>;
}

/**
 * The one stylesheet: static/css/*.css joined in name order (tokens first). Each area keeps its own
 * file, and the page still loads a single stylesheet.
 */
export async function loadStylesheet(): Promise<Stylesheet> {
  const names: string[] = [];
  for await (const entry of Deno.readDir(cssDir)) {
    if (entry.isFile && entry.name.endsWith(".css")) names.push(entry.name);
  }
  names.sort();
  const parts = await Promise.all(names.map((n) => Deno.readTextFile(join(cssDir, n))));
  const css = parts.join("\n");
  const version = sha256Hex(css).slice(0, 12);
  return { css, version, compressed: await compressedOnce(css, version) };
}

/**
 * The variants made once per version and cached on disk: brotli 11 of the 94 KB stylesheet takes about a
 * CPU-second, which every start (and every test file booting the app) paid before. Where the folder cannot be
 * written (a compiled binary) they are made in memory. Each file is written whole, then renamed, so processes
 * starting at once never read half of one.
 */
async function compressedOnce(css: string, version: string): Promise<Record<Encoding, Uint8Array>> {
  const bytes = new TextEncoder().encode(css);
  const variant = async (encoding: Encoding) => {
    const path = join(compressedDir, `styles-${version}.css.${encoding}`);
    const cached = await Deno.readFile(path).catch(() => null);
    if (cached) return cached;
    const made = compress(bytes, encoding, true);
    const temp = `${path}.${crypto.randomUUID()}.tmp`;
    await Deno.mkdir(compressedDir, { recursive: true })
      .then(() => Deno.writeFile(temp, made))
      .then(() => Deno.rename(temp, path))
      .catch(() => Deno.remove(temp).catch(() => {}));
    return made;
  };
  const [br, gzip] = await Promise.all([variant("br"), variant("gzip")]);
  return { br, gzip };
}
