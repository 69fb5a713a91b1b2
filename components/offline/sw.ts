// The service worker, bundled by server/build.ts and served at /sw.js with its build prepended
// (`self.__BUILD__`: the version and the shell's URLs). The shell (bundles, stylesheet, icons) is kept per
// build, first from the cache; the field-work pages and data are asked from the network first and kept, per
// account, for when there is no signal; any other page offline says it needs a connection. Data is kept only
// from answers naming the signed-in account, and dropped at sign-out, at sign-in and when another account
// answers.
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
  SHELL_CACHE_PREFIX,
} from "./urls.ts";
import { offlinePageHtml } from "./offline_page.ts";

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Response | Promise<Response>): void;
}
interface WorkerScope {
  __BUILD__: { version: string; shell: string[] };
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
}

const worker = globalThis as unknown as WorkerScope;
const { version, shell } = worker.__BUILD__;
const SHELL_CACHE = SHELL_CACHE_PREFIX + version;
const ACCOUNT_KEY = "/__account";
const CABINET = new URL("/surveyor", worker.location.origin).href;

worker.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(SHELL_CACHE).then((cache) => cache.addAll(shell)).then(() => worker.skipWaiting()),
  );
});

// A new build: the old shells go, and so do the kept pages, which name the old build's bundles (the next
// visit with a signal keeps them again).
worker.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(SHELL_CACHE_PREFIX) && name !== SHELL_CACHE) await caches.delete(name);
    }
    await dropData();
    await worker.clients.claim();
  })());
});

worker.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin) return;
  if (endsSession(request.method, url)) {
    event.respondWith(forgetAccount().then(() => fetch(request)));
    return;
  }
  if (request.method !== "GET") return;
  if (isShellAsset(url)) event.respondWith(fromShell(request));
  else if (isFieldWorkPage(url) || isFieldWorkData(url)) event.respondWith(networkFirst(request, url));
  else if (request.mode === "navigate") event.respondWith(onlineOnly(request));
});

async function currentAccount(): Promise<string | null> {
  const kept = await (await caches.open(META_CACHE)).match(ACCOUNT_KEY);
  return kept ? await kept.text() : null;
}

/** Changes of the kept account, one at a time: answers arrive together, and none may undo another. */
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

/** The account an answer names becomes the one whose data is kept; another account's data goes first. */
function rememberAccount(account: string): Promise<void> {
  return oneAtATime(async () => {
    if (await currentAccount() === account) return;
    await dropData();
    await (await caches.open(META_CACHE)).put(ACCOUNT_KEY, new Response(account));
  });
}

async function fromShell(request: Request): Promise<Response> {
  const cache = await caches.open(SHELL_CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  // Bundles are content-hashed; a chunk missed at install is kept now.
  if (response.ok && new URL(request.url).pathname.startsWith("/_islands/")) {
    await cache.put(request, response.clone());
  }
  return response;
}

async function networkFirst(request: Request, url: URL): Promise<Response> {
  let response: Response;
  try {
    // Past the HTTP cache: a copy kept there may name the account that was signed in before.
    response = await fetch(request, { cache: "no-store" });
  } catch {
    return await keptAnswer(request, url) ?? offlineAnswer(request);
  }
  const account = response.headers.get(ACCOUNT_HEADER);
  if (!account) {
    // Signed out (the sign-in page, a 401): nothing of the last account may be served any more.
    await forgetAccount();
  } else if (response.ok && !response.redirected) {
    await rememberAccount(account);
    await (await caches.open(dataCacheName(account))).put(request, response.clone());
  }
  return response;
}

async function keptAnswer(request: Request, url: URL): Promise<Response | undefined> {
  const account = await currentAccount();
  if (!account) return undefined;
  const cache = await caches.open(dataCacheName(account));
  return await cache.match(request) ??
    (fallbackIgnoringQuery(url) ? await cache.match(request, { ignoreSearch: true }) : undefined);
}

async function onlineOnly(request: Request): Promise<Response> {
  try {
    const response = await fetch(request);
    if (!response.headers.get(ACCOUNT_HEADER)) await forgetAccount();
    return response;
  } catch {
    // The installed app starts at "/" (the user's home page): with no signal, the kept cabinet is that page.
    if (new URL(request.url).pathname === "/" && await keptAnswer(new Request(CABINET), new URL(CABINET))) {
      return Response.redirect(CABINET, 302);
    }
    return offlineAnswer(request);
  }
}

/** A page with no signal and nothing kept: says so; data: a network error, as fetch() gives it. */
function offlineAnswer(request: Request): Response {
  if (request.mode !== "navigate") return Response.error();
  return new Response(offlinePageHtml, {
    status: 503,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}
