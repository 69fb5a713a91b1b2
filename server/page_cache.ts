// The page cache. A cached route declares what its page is made of (routes/mod.ts `cache`): the tables and
// counted columns it reads (server/page_cache_test.ts checks the declaration against what SQLite says the
// page's statements read) and the request headers it reads. Its answer is cached under everything else it
// reads — the user, company and role (or, for a page every signed-out visitor gets alike, nobody), the
// address with its query and those headers — with the minute (overdue marks, "today") and the change counters
// of its tables and of the counted columns it reads (db/table_versions.ts, moved by triggers from migrations
// 0018, 0028 and 0038): a company's page takes its company's counters of the tables whose rows belong to a
// company, so only that company's writes (and those to rows of no company) move them; a shared page takes the
// tables' counters. A new minute or any commit to one of them, by this process or another, makes the next
// request read the page afresh; if what it read is the element tree the cached copy was rendered from
// (server/page_fingerprint.ts), the copy stays, ETag and all, and nothing is rendered. The app's settings
// (env, build) are fixed for the life of a cache, which is one per app. The session is still checked on every
// request before anything is looked up (server/app.ts), and a reload with the ETag it holds answers 304
// without a render.
import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { LRUCache } from "lru-cache";
import { pageVersions, unreadStamp } from "./versions.ts";
import { pageReader } from "../db/client.ts";
import { matchesEtag, MIN_COMPRESS_BYTES, negotiateDynamic } from "./compression.ts";
import { compress, type DynamicEncoding } from "./compress.ts";
import { SESSION_COOKIE } from "./auth/sessions.ts";
import { pageCacheLookups } from "./metrics.ts";
import { PAGE_MINUTE } from "./page_fingerprint.ts";
import type { AppEnv, PageMaking } from "./types.ts";

/** What a cached route's page is made of, besides the address and the minute. */
export interface CacheRule {
  /**
   * Every table the page reads but the bell's, and the counter of each counted column it reads
   * (db/table_versions.ts columnCounters); checked by server/page_cache_test.ts.
   */
  tables: readonly string[];
  /** Request headers the page reads: their values are part of the key. */
  headers?: readonly string[];
  /**
   * The page is the same for every signed-out visitor without any of these cookies (the storefront, whose
   * only per-visitor part is the guest cart's badge): one copy serves them all. A signed-in visitor or one
   * carrying such a cookie gets a page made for them and not cached.
   */
  sharedUnless?: readonly string[];
}

/**
 * What every signed-in page reads without its route's statements: the user's and the company's rows (names,
 * the company's tier). Not the session's own row: the session is checked before any page is looked up, and a
 * sign-in or a renewal changes nothing a page shows.
 */
const SESSION_TABLES = ["users", "companies"];

/**
 * The table of the bell, on every signed-in page (routes/_page.tsx): a page is cached under the user's unread
 * count (db/table_versions.ts `unreadOf`) rather than the table's counter, which a notification to anyone in
 * the company moves. Routes do not declare it; server/page_cache_test.ts tells the bell's read from the rest.
 */
export const BELL_TABLE = "notifications";

/** Bytes the cache may hold per app (pages and their compressed copies); the least recently used go first. */
const CACHE_BYTES = 32 * 1024 * 1024;

interface Cached {
  /** The declared tables' counters when the page began. */
  stamp: number[];
  /** What the page was rendered from (server/page_fingerprint.ts); none for a page not rendered by renderPage. */
  fingerprint?: string;
  contentType: string;
  bytes: Uint8Array<ArrayBuffer>;
  encoded: Partial<Record<DynamicEncoding, Uint8Array<ArrayBuffer>>>;
  etag: string;
}

const sizeOf = (page: Cached) =>
  page.bytes.length + 2 * (page.fingerprint?.length ?? 0) +
  Object.values(page.encoded).reduce((sum, encoded) => sum + encoded.length, 0);

/** Cached pages of one app (one database); none when the database is not a local file (server/versions.ts). */
export class PageCache {
  readonly #pages = new LRUCache<string, Cached>({ maxSize: CACHE_BYTES, sizeCalculation: sizeOf });
  #serial = 0;
  /** Tells this process's ETags from those of an earlier one, whose counters started elsewhere. */
  readonly #boot = crypto.randomUUID().slice(0, 8);

  /** Middleware caching a GET route's page by `rule`. */
  middleware(rule: CacheRule): MiddlewareHandler<AppEnv> {
    const tables = rule.sharedUnless ? rule.tables : [...new Set([...SESSION_TABLES, ...rule.tables])];
    return async (c, next) => {
      const key = c.req.method === "GET" ? this.#keyOf(c, rule) : null;
      const versions = key === null
        ? null
        : pageVersions(c, rule.sharedUnless ? null : c.get("user")!.companyId);
      if (key === null || !versions) return next();
      const stamp = tables.map((table) => versions.get(table) ?? -1);
      // The minute is in the stamp, not the key: a page that shows nothing of the time keeps its ETag past it.
      stamp.push(Math.floor(c.get("deps").now().getTime() / PAGE_MINUTE));
      if (!rule.sharedUnless) {
        const unread = unreadStamp(c, c.get("user")!.id);
        stamp.push(unread ?? -1);
        // The bell of the page made afresh shows the count it is cached under (routes/_page.tsx).
        if (unread !== null) c.set("unread", unread);
      }
      const cached = this.#pages.get(key);
      if (cached && sameStamp(cached.stamp, stamp)) {
        pageCacheLookups.inc({ result: "hit" });
        return this.#answer(c, key, cached);
      }
      pageCacheLookups.inc({ result: "miss" });
      const deps = c.get("deps");
      const making: PageMaking = { now: deps.now().getTime(), previous: cached };
      c.set("pageMaking", making);
      // A cached page is made only of reads: they go through the reader made for them (db/page_reader.ts).
      // Its handler sees one instant, so that a page made again from the same rows is the same tree.
      c.set("deps", { ...deps, db: pageReader(deps.db), now: () => new Date(making.now) });
      await next();
      const res = c.res;
      // A renewed session's cookie or an answer other than a page is not cached.
      if (res.status !== 200 || res.headers.has("Set-Cookie") || res.headers.has("Cache-Control")) return;
      const contentType = res.headers.get("Content-Type");
      if (!contentType) return;
      // The same tree as the cached copy's: the copy stays, with its compressed copies and its ETag.
      if (making.reused) pageCacheLookups.inc({ result: "same" });
      const page: Cached = making.reused && cached ? { ...cached, stamp } : {
        stamp,
        fingerprint: making.fingerprint ?? undefined,
        contentType,
        bytes: making.bytes ?? new Uint8Array(await res.arrayBuffer()),
        encoded: {},
        etag: `W/"${this.#boot}-${++this.#serial}"`,
      };
      this.#pages.set(key, page);
      c.res = undefined as unknown as Response; // Hono would copy the old answer's headers onto the new one
      // Answered as a cached copy is: compressed here once and cached so, not again at the next hit.
      c.res = this.#answer(c, key, page);
    };
  }

  /** The key of everything the page reads besides its tables; null when it is not to be cached. */
  #keyOf(c: Context<AppEnv>, rule: CacheRule): string | null {
    const user = c.get("user");
    let who: string;
    if (rule.sharedUnless) {
      if (user || getCookie(c, SESSION_COOKIE) || rule.sharedUnless.some((name) => getCookie(c, name))) {
        return null;
      }
      who = "signed out";
    } else {
      if (!user) return null;
      who = `${user.id} ${user.companyId} ${user.role}`;
    }
    const headers = (rule.headers ?? []).map((name) => c.req.header(name) ?? "");
    return JSON.stringify([who, c.req.url, headers]);
  }

  /** The cached page, compressed once per encoding, or 304 when the browser holds it already. */
  #answer(c: Context<AppEnv>, key: string, page: Cached): Response {
    const headers: Record<string, string> = { "Content-Type": page.contentType, ETag: page.etag };
    if (matchesEtag(c.req.header("If-None-Match"), page.etag)) return c.body(null, 304, headers);
    const encoding = negotiateDynamic(c.req.header("Accept-Encoding"));
    if (!encoding || page.bytes.length < MIN_COMPRESS_BYTES) return c.body(page.bytes, 200, headers);
    let body = page.encoded[encoding];
    if (!body) {
      body = page.encoded[encoding] = compress(page.bytes, encoding) as Uint8Array<ArrayBuffer>;
      this.#pages.set(key, page); // again, so that the bound counts the compressed copy
    }
    return c.body(body, 200, { ...headers, "Content-Encoding": encoding, Vary: "Accept-Encoding" });
  }
}

function sameStamp(a: number[], b: number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
