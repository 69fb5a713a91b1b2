// The service worker, bundled by server/build.ts and served at /sw.js with its build prepended
// (`self.__BUILD__`: the version and the shell's URLs with their revisions). Workbox does the caching: the shell
// (bundles, stylesheet, icons) is precached and served from the cache; the field-work pages and data are asked
// from the network first and cached, per account, for when there is no signal. Written here is what Workbox does
// not do: which account's cache an answer goes to (account_plugin.ts), dropping the data at sign-out, at
// sign-in and when another account answers, the page that says a page needs a connection, and the cleanup of a
// new build. The offline write queue (queue.ts, store.ts, sync.ts: IndexedDB, sent strictly in order when the
// signal returns) is not Workbox's background sync, on purpose: that replays only when the browser fires `sync`
// (Safari has none), counts any answer, a refusal too, as sent and drops requests after a retention time, where
// the queue retries after 2 s … 5 min, sets aside what the server refuses and shows both to the surveyor.
import { PrecacheController, type PrecacheEntry, PrecacheRoute } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst, NetworkOnly } from "workbox-strategies";
import type { RouteHandlerCallbackOptions, WorkboxPlugin } from "workbox-core/types.js";
import { accountPlugin, type CachedAccount } from "./account_plugin.ts";
import {
  ACCOUNT_HEADER,
  DATA_CACHE_PREFIX,
  dataCacheName,
  endsSession,
  fallbackIgnoringQuery,
  isFieldWorkData,
  isFieldWorkPage,
  isShellAsset,
  META_CACHE,
  SHELL_CACHE,
  SHELL_CACHE_PREFIX,
} from "./urls.ts";
import { offlinePageHtml } from "./offline_page.ts";

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface WorkerScope {
  __BUILD__: { version: string; shell: PrecacheEntry[] };
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
}

const worker = globalThis as unknown as WorkerScope;
const { version, shell } = worker.__BUILD__;
/** Bundles asked for after the install (a newer build's chunk): cached for this build only. */
const BUILD_CACHE = SHELL_CACHE_PREFIX + version;
const ACCOUNT_KEY = "/__account";
const CABINET = new URL("/surveyor", worker.location.origin).href;

// The shell: Workbox fetches at install only what changed since the last build (the bundles' names are their
// revision, the other files carry a hash of their bytes) and removes what the build no longer has at activate.
// It fetches one file at a time (its choice, GoogleChrome/workbox#2880); the bundles the page already loaded
// come from the HTTP cache (immutable), so the wait is for those it did not.
const precache = new PrecacheController({ cacheName: SHELL_CACHE });
precache.precache(shell);

worker.addEventListener("install", (event) => event.waitUntil(worker.skipWaiting()));

// A new build: the old build's bundles go, and so do the cached pages, which name the old build's bundles (the
// next visit with a signal caches them again).
worker.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(SHELL_CACHE_PREFIX) && name !== BUILD_CACHE) await caches.delete(name);
    }
    await dropData();
    await worker.clients.claim();
  })());
});

// Routes in order; a request none matches (another origin, a write) goes to the network untouched.
for (const method of ["POST", "GET"] as const) {
  registerRoute(
    ({ url, sameOrigin }) => sameOrigin && endsSession(method, url),
    ({ request }) => forgetAccount().then(() => fetch(request)),
    method,
  );
}
registerRoute(new PrecacheRoute(precache, { ignoreURLParametersMatching: [], cleanURLs: false }));
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && isShellAsset(url),
  new CacheFirst({ cacheName: BUILD_CACHE, plugins: [{ cacheWillUpdate: keepBundle }] }),
);
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && (isFieldWorkPage(url) || isFieldWorkData(url)),
  fieldWork,
);
registerRoute(
  ({ request, sameOrigin }) => sameOrigin && request.mode === "navigate",
  new NetworkOnly({ plugins: [{ fetchDidSucceed: forgetIfSignedOut, handlerDidError: pageWithNoSignal }] }),
);

/** Bundles are content-hashed: one missed at install is cached; any other static file is not. */
function keepBundle({ request, response }: { request: Request; response: Response }) {
  return Promise.resolve(
    response.ok && new URL(request.url).pathname.startsWith("/_islands/") ? response : null,
  );
}

async function currentAccount(): Promise<string | null> {
  const cached = await (await caches.open(META_CACHE)).match(ACCOUNT_KEY);
  return cached ? await cached.text() : null;
}

/** Changes of the cached account, one at a time: answers arrive together, and none may undo another. */
let accountChange: Promise<unknown> = Promise.resolve();
function oneAtATime(change: () => Promise<void>): Promise<void> {
  const next = accountChange.then(change);
  accountChange = next.catch(() => {});
  return next;
}

async function dropData(): Promise<void> {
  for (const name of await caches.keys()) {
    if (name.startsWith(DATA_CACHE_PREFIX)) await caches.delete(name);
  }
}

/** Drops every account's data (sign-out, sign-in, an answer for nobody). */
function forgetAccount(): Promise<void> {
  return oneAtATime(async () => {
    await dropData();
    await caches.delete(META_CACHE);
  });
}

const cachedAccount: CachedAccount = {
  forget: forgetAccount,
  remember: (account) =>
    oneAtATime(async () => {
      if (await currentAccount() === account) return;
      await dropData();
      await (await caches.open(META_CACHE)).put(ACCOUNT_KEY, new Response(account));
    }),
};

/** The cabinet's `?siteWork=` dialog opens from the cabinet's page cached under another query. */
const cachedUnderAnotherQuery: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cacheName, request, cachedResponse }) =>
    cachedResponse ??
      (fallbackIgnoringQuery(new URL(request.url))
        ? await caches.match(request, { cacheName, ignoreSearch: true })
        : undefined),
};

const nothingCached: WorkboxPlugin = {
  handlerDidError: ({ request }) => Promise.resolve(offlinePage(request)),
};

/**
 * A field-work page or data, from the network first. Workbox reads the strategy's cache when it looks up or
 * caches an answer, so the strategy is made per request: with no answer it looks in the current account's cache,
 * an answer goes into the cache of the account it names. The page gets the answer once it is cached: it may
 * lose the signal next.
 */
async function fieldWork({ event, request }: RouteHandlerCallbackOptions): Promise<Response> {
  const account = await currentAccount();
  const keepIn = (answered: string) => void (strategy.cacheName = dataCacheName(answered));
  const strategy = new NetworkFirst({
    cacheName: dataCacheName(account ?? "none"),
    plugins: [accountPlugin(cachedAccount, keepIn), cachedUnderAnotherQuery, nothingCached],
  });
  const [response, cached] = strategy.handleAll({ event, request });
  await cached.catch(() => {});
  return response;
}

async function forgetIfSignedOut({ response }: { response: Response }): Promise<Response> {
  if (!response.headers.get(ACCOUNT_HEADER)) await forgetAccount();
  return response;
}

/** Any other page with no signal; the installed app's start "/" (the user's home page) is the cached cabinet. */
async function pageWithNoSignal({ request }: { request: Request }): Promise<Response | undefined> {
  const account = await currentAccount();
  if (new URL(request.url).pathname === "/" && account) {
    const cacheName = dataCacheName(account);
    if (await caches.match(CABINET, { cacheName, ignoreSearch: true })) {
      return Response.redirect(CABINET, 302);
    }
  }
  return offlinePage(request);
}

/** A page with no signal and nothing cached: says so; data: a network error, as fetch() gives it. */
function offlinePage(request: Request): Response | undefined {
  if (request.mode !== "navigate") return undefined;
  return new Response(offlinePageHtml, {
    status: 503,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}
