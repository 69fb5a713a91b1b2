// Field work with no signal, the server's part: the service worker at /sw.js (root scope), versioned
// with the build, and the account header that lets the worker keep each account's data apart.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Context, MiddlewareHandler } from "hono";
import { sha256Hex } from "../domain/hash.ts";
import { ACCOUNT_HEADER } from "../components/offline/urls.ts";
import type { AppDeps, AppEnv } from "./types.ts";

const staticRoot = fileURLToPath(new URL("../static", import.meta.url));

/** The static files every page uses besides the bundles and the stylesheet. */
const staticShell = [
  "/static/manifest.webmanifest",
  "/static/favicon.svg",
  "/static/icons/icon-192.png",
  "/static/icons/icon-512.png",
  "/static/icons/maskable-512.png",
  "/static/icons/apple-touch-icon.png",
];

/** A file the worker precaches and its revision (Workbox's `PrecacheEntry`); null: the URL names the version. */
interface ShellEntry {
  url: string;
  revision: string | null;
}

const hashOf = (bytes: Uint8Array) => sha256Hex(bytes).slice(0, 16);

/**
 * What the worker caches for every page, as Workbox's precache entries: a bundle's name and the stylesheet's
 * `?v=` are their revision (null), the other files carry a hash of their bytes, so a new build downloads only
 * what changed.
 */
async function shellEntries(deps: AppDeps): Promise<ShellEntry[]> {
  const files = await Promise.all(staticShell.map(async (url) => ({
    url,
    revision: hashOf(await Deno.readFile(join(staticRoot, url.slice("/static/".length)))),
  })));
  return [
    ...(deps.islands.files ?? []).map((url) => ({ url, revision: null })),
    { url: `/static/styles.css?v=${deps.styles.version}`, revision: null },
    ...files,
  ];
}

/**
 * The worker's script: its build (the version and the shell to cache) followed by the bundled worker. The
 * version is a hash of both, so a new build installs a new worker, which drops the old build's caches.
 */
export async function serviceWorkerScript(deps: AppDeps): Promise<string> {
  const src = deps.islands.serviceWorker;
  if (!src) throw new Error("The island manifest has no service worker; run the build");
  const code = await Deno.readTextFile(join(staticRoot, src));
  const shell = await shellEntries(deps);
  const version = hashOf(new TextEncoder().encode(JSON.stringify(shell) + code));
  return `self.__BUILD__=${JSON.stringify({ version, shell })};\n${code}`;
}

/** GET /sw.js: never cached by the HTTP cache, so the browser sees a new build at its next check. */
export function serviceWorkerRoute(deps: AppDeps) {
  let script: Promise<string> | null = null;
  return async (c: Context<AppEnv>) => {
    script ??= serviceWorkerScript(deps);
    return c.body(await script, 200, {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "no-cache",
      "Service-Worker-Allowed": "/",
    });
  };
}

/**
 * Names the signed-in account on every answer, so the worker files what it caches under that account and
 * drops another account's data when someone else signs in; an answer without it is a signed-out one.
 */
export const accountHeader: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const user = c.get("user");
  if (user && !c.res.headers.has(ACCOUNT_HEADER)) {
    try {
      c.res.headers.set(ACCOUNT_HEADER, String(user.id));
    } catch {
      // A response with fixed headers (a file stream): nothing the worker caches.
    }
  }
};
