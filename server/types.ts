import type { Reads } from "../db/read_worker.ts";
import type { Db } from "../db/client.ts";
import type { Versions } from "../db/table_versions.ts";
import type { Env } from "./env.ts";
import type { Role } from "../domain/roles.ts";
import type { IslandManifest } from "./island.tsx";
import type { Storage } from "./storage.ts";
import type { Stylesheet } from "./styles.ts";
import type { Logger } from "./log.ts";

/** The signed-in user as the server sees it on every request. */
export interface CurrentUser {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  role: Role;
  companyId: number | null;
  companyName: string | null;
  subscriptionTier: string | null;
  subscriptionExpiresAt: Date | null;
  isOwner: boolean;
}

/** Everything built once at start and shared by the handlers. */
export interface AppDeps {
  db: Db;
  env: Env;
  islands: IslandManifest;
  styles: Stylesheet;
  storage: Storage;
  /** Overridable clock, so tests can move time. */
  now: () => Date;
  /** Where request and error lines go (server/log.ts): JSON lines on stdout unless a test collects them. */
  log: Logger;
  /** The reads that may take long at a large company (db/read_queries.ts), off the request thread when
   * served (db/read_worker.ts); absent: on the main thread. */
  reads?: Reads;
}

export interface AppEnv {
  /**
   * Read with `c.get(name)`, not `c.var.name`: Hono's `c.var` copies every variable into a new object at each
   * access, and a page asks for them dozens of times (1.2 % of the server's CPU under the mix, and its garbage).
   */
  Variables: {
    deps: AppDeps;
    user: CurrentUser | null;
    sessionId: string | null;
    /** The tables' change counters as this request found them (server/versions.ts); unset until asked for. */
    versions: Versions | null | undefined;
    /** The user's unread notifications as the page cache keyed the page by them: the bell shows this number. */
    unread: number | undefined;
    /** A page being made afresh under the page cache (server/page_cache.ts); unset elsewhere. */
    pageMaking: PageMaking | undefined;
    /** The request's id (server/request_log.ts), in its log lines, X-Request-Id and the error page. */
    requestId: string;
  };
}

/**
 * A page being made afresh under the page cache (server/page_cache.ts): its instant, the copy it may turn
 * out to equal, and what renderPage (server/render.tsx) found.
 */
export interface PageMaking {
  /** The request's instant, ms: every `now()` of the page's handler answers it. */
  now: number;
  /** The copy cached under the same key, made from counters that have moved since. */
  previous?: { fingerprint?: string; contentType: string; bytes: Uint8Array<ArrayBuffer> };
  /** What the page was rendered from; null when it cannot be told. */
  fingerprint?: string | null;
  /** The page equalled `previous` and was not rendered: its bytes are the answer. */
  reused?: boolean;
  /** The rendered page's bytes, handed over as they are instead of being read back from its answer. */
  bytes?: Uint8Array<ArrayBuffer>;
}
