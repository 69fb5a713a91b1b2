import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { encodeHexLowerCase } from "@oslojs/encoding";
import { sha256 } from "@oslojs/crypto/sha2";

const cssDir = fileURLToPath(new URL("../static/css", import.meta.url));

export interface Stylesheet {
  css: string;
  /** Content hash, used in the URL so browsers may cache it for good. */
  version: string;
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
  return { css, version: encodeHexLowerCase(sha256(new TextEncoder().encode(css))).slice(0, 12) };
}
