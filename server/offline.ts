// Field work with no signal, the server's part: the service worker at /sw.js (root scope), versioned
// with the build, and the account header that lets the worker keep each account's data apart.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Context, MiddlewareHandler } from "hono";
import { encodeHexLowerCase } from "@oslojs/encoding";
import { sha256 } from "@oslojs/crypto/sha2";
import { ACCOUNT_HEADER } from "../components/offline/urls.ts";
import type { AppDeps, AppEnv } from "./types.ts";

const staticRoot = fileURLToPath(new URL("../static", import.meta.url));

/** What the worker keeps for every page: the bundles, the stylesheet, the manifest and the icons. */
function shellUrls(deps: AppDeps): string[] {
  return [
    ...(deps.islands.files ?? []),
    `/static/styles.css?v=${deps.styles.version}`,
    "/static/manifest.webmanifest",
    "/static/favicon.svg",
    "/static/icons/icon-192.png",
    "/static/icons/icon-512.png",
    "/static/icons/maskable-512.png",
    "/static/icons/apple-touch-icon.png",
  ];
}

/**
 * The worker's script: its build (the version and the shell to keep) followed by the bundled worker. The
 * version is a hash of both, so a new build installs a new worker, which drops the old caches.
 */
export async function serviceWorkerScript(deps: AppDeps): Promise<string> {
  const src = deps.islands.serviceWorker;
  if (!src) throw new Error("The island manifest has no service worker; run the build");
  const code = await Deno.readTextFile(join(staticRoot, src));
  const shell = shellUrls(deps);
  const version = encodeHexLowerCase(sha256(new TextEncoder().encode(JSON.stringify(shell) + code)))
    .slice(0, 16);
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
 * Names the signed-in account on every answer, so the worker files what it keeps under that account and
 * drops another account's data when someone else signs in; an answer without it is a signed-out one.
 */
export const accountHeader: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const user = c.var.user;
  if (user && !c.res.headers.has(ACCOUNT_HEADER)) {
    try {
      c.res.headers.set(ACCOUNT_HEADER, String(user.id));
    } catch {
      // A response with fixed headers (a file stream): nothing the worker keeps.
    }
  }
};
