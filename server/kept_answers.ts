// Answers kept until their data changes. A list page or a cabinet is a function of the user, the address,
// the minute (overdue marks, "today") and the tables its statements read; the answer made once is kept under
// the first three with the change counters of those tables (db/table_versions.ts) and given again while no
// counter has moved. Any commit to one of them, by this process or another, makes the next request render
// afresh. The session is still checked on every request before anything is looked up (server/app.ts).
import type { Context, MiddlewareHandler } from "hono";
import { trackReads, type Versions } from "../db/table_versions.ts";
import { requestVersions } from "./versions.ts";
import { compress, type Encoding, matchesEtag, MIN_COMPRESS_BYTES, negotiateDynamic } from "./compression.ts";
import type { AppEnv } from "./types.ts";

/** What every signed-in answer depends on without reading it through the app's client: the session's rows. */
const SESSION_TABLES = ["users", "companies"];

/** Bytes of kept answers per process; the least recently used go first. */
const KEPT_BYTES = 32 * 1024 * 1024;

const MINUTE = 60_000;

interface Kept {
  /** The tables read and their counters when the answer began. */
  versions: [string, number][];
  contentType: string;
  bytes: Uint8Array<ArrayBuffer>;
  encoded: Partial<Record<Encoding, Uint8Array<ArrayBuffer>>>;
  etag: string;
}

/** Answers kept by one app (one database); none when the database is not a local file (server/versions.ts). */
export class KeptAnswers {
  readonly #answers = new Map<string, Kept>();
  #bytes = 0;
  #serial = 0;
  /** Tells this process's ETags from those of an earlier one, whose counters started elsewhere. */
  readonly #boot = crypto.randomUUID().slice(0, 8);

  /** Middleware for GET routes whose answer is a function of the user, the address, the minute and the database. */
  readonly middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const user = c.var.user;
    const versions = user && c.req.method === "GET" ? requestVersions(c) : null;
    if (!user || !versions) return next();
    const key = `${user.id} ${Math.floor(c.var.deps.now().getTime() / MINUTE)} ${c.req.url}`;
    const kept = this.#answers.get(key);
    if (kept && isCurrent(kept, versions)) {
      this.#answers.delete(key); // to the end of the order: most recently used
      this.#answers.set(key, kept);
      return this.#answer(c, kept);
    }
    const words = await trackReads(versions, next);
    const res = c.res;
    // A renewed session's cookie or an answer other than a page is not kept.
    if (res.status !== 200 || res.headers.has("Set-Cookie") || res.headers.has("Cache-Control")) return;
    const contentType = res.headers.get("Content-Type");
    if (!contentType) return;
    const bytes = new Uint8Array(await res.arrayBuffer());
    const read = new Set([...SESSION_TABLES, ...[...words].filter((w) => versions.has(w))]);
    const entry: Kept = {
      versions: [...read].map((table) => [table, versions.get(table)!]),
      contentType,
      bytes,
      encoded: {},
      etag: `W/"${this.#boot}-${++this.#serial}"`,
    };
    if (kept) this.#forget(key);
    this.#keep(key, entry);
    c.res = undefined as unknown as Response; // Hono would copy the old answer's headers onto the new one
    c.res = new Response(bytes, { headers: res.headers });
    c.res.headers.set("ETag", entry.etag);
  };

  #keep(key: string, entry: Kept): void {
    this.#answers.set(key, entry);
    this.#bytes += entry.bytes.length;
    for (const oldest of this.#answers.keys()) {
      if (this.#bytes <= KEPT_BYTES) break;
      this.#forget(oldest);
    }
  }

  #forget(key: string): void {
    const entry = this.#answers.get(key);
    if (!entry) return;
    this.#bytes -= entry.bytes.length + (entry.encoded.gzip?.length ?? 0) + (entry.encoded.br?.length ?? 0);
    this.#answers.delete(key);
  }

  /** The kept answer, compressed once per encoding, or 304 when the browser holds it already. */
  #answer(c: Context<AppEnv>, kept: Kept): Response {
    const headers: Record<string, string> = { "Content-Type": kept.contentType, ETag: kept.etag };
    if (matchesEtag(c.req.header("If-None-Match"), kept.etag)) return c.body(null, 304, headers);
    const encoding = negotiateDynamic(c.req.header("Accept-Encoding"));
    if (!encoding || kept.bytes.length < MIN_COMPRESS_BYTES) return c.body(kept.bytes, 200, headers);
    let body = kept.encoded[encoding];
    if (!body) {
      body = kept.encoded[encoding] = compress(kept.bytes, encoding) as Uint8Array<ArrayBuffer>;
      this.#bytes += body.length;
    }
    return c.body(body, 200, { ...headers, "Content-Encoding": encoding, Vary: "Accept-Encoding" });
  }
}

function isCurrent(kept: Kept, versions: Versions): boolean {
  for (const [table, version] of kept.versions) if (versions.get(table) !== version) return false;
  return true;
}
