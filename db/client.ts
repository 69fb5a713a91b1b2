import { type Client, createClient } from "@libsql/client";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import type { Logger } from "drizzle-orm";
import { fileURLToPath } from "node:url";
import * as schema from "./schema/mod.ts";
import { queuedClient, WriteQueue } from "./write_queue.ts";
import { type DbObserver, observedClient } from "./observed_client.ts";
import { lenientIntegers } from "./lenient_integers.ts";
import { keepPreparedStatements } from "./statement_cache.ts";
import { openPageReader, type PageReader, type StatementHearer } from "./page_reader.ts";

export type Db = LibSQLDatabase<typeof schema> & { $client: Client };
/** The database or an open transaction of it: what a query that may run inside a transaction takes. */
export type Executor = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface OpenOptions {
  authToken?: string;
  /** Drizzle's logger: hears every query drizzle builds (the page cache's declaration test listens here). */
  logger?: Logger;
  /** How long a connection waits for a lock another process holds, ms (BUSY_TIMEOUT_MS). */
  busyTimeoutMs?: number;
  /** How long a write waits for its turn in the process's write queue (db/write_queue.ts), ms. */
  writeWaitMs?: number;
  /** Hears each statement's time and each write's wait for its turn (the server's metrics). */
  observer?: DbObserver;
}

/** Per database of a local file: the reader its cached pages are made through (db/page_reader.ts), opened at the first page. */
const pageReaders = new WeakMap<Db, { open(): PageReader<Db>; opened?: PageReader<Db> }>();

/** How long a connection waits for a lock another process holds (the CLI beside the server), ms. */
const BUSY_TIMEOUT_MS = 5000;
/** How long a write waits for the writes of this process ahead of it; far past any real queue. */
const WRITE_WAIT_MS = 60_000;

/**
 * Opens the database through drizzle's libSQL driver (`@libsql/client`), the same path for a `file:` URL
 * and a server (`libsql://`, `https://`), creating the folder of a `file:` URL. Every write (transaction,
 * batch or single statement) takes its turn in one queue per database (db/write_queue.ts); a local file's
 * writes go through one connection of their own, set up once (setUpWriter()).
 */
export async function openDb(url: string, options: OpenOptions = {}): Promise<Db> {
  keepPreparedStatements();
  const local = url.startsWith("file:") && !url.includes(":memory:");
  if (local) {
    const path = url.slice("file:".length);
    const dir = path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : "";
    if (dir) await Deno.mkdir(dir, { recursive: true });
  }
  const config = { url, authToken: options.authToken, timeout: options.busyTimeoutMs ?? BUSY_TIMEOUT_MS };
  const open = (concurrency?: number, timeout = config.timeout) => {
    const direct = lenientIntegers(
      createClient({ ...config, timeout, concurrency }),
      () => createClient({ ...config, intMode: "bigint", concurrency }),
    );
    return options.observer ? observedClient(direct, options.observer) : direct;
  };
  const reader = open();
  // The writer meets another process's lock at once; the queue waits for it without holding the thread.
  const writer = local ? open(1, 0) : reader;
  if (local) await setUpWriter(writer);
  const client = queuedClient(reader, options.writeWaitMs ?? WRITE_WAIT_MS, {
    writer,
    busyWaitMs: config.timeout,
    queue: new WriteQueue(options.observer?.queueWait),
    renewWriter: local
      ? async () => {
        await writer.reconnect();
        await setUpWriter(writer);
      }
      : undefined,
  });
  if (local) {
    // WAL lets readers go on while a write commits; it is kept in the file, for every connection.
    await client.execute("PRAGMA journal_mode = WAL");
  }
  await client.execute("PRAGMA foreign_keys = ON");
  const db = drizzle(client, { schema, logger: options.logger }) as Db;
  const path = localPath(url);
  if (path !== null) {
    pageReaders.set(db, {
      open: () =>
        openPageReader(path, schema, {
          logger: options.logger,
          observer: options.observer,
          busyTimeoutMs: options.busyTimeoutMs ?? BUSY_TIMEOUT_MS,
        }),
    });
  }
  return db;
}

/**
 * What a cached page reads through: the reader of a local file's database, or `db` itself (a server, a file
 * opened with URL options). Only reads may go through it. It is typed as the app's database: its queries
 * answer the same rows, synchronously, which `await` takes alike; it has no `$client.execute`, no `batch`
 * and no transaction of async work, which no page's read uses (the page cache's tests read every cached page
 * through it). A write's own reads outside its transaction go through it too where they run on every such
 * write (a task's edit reads the task first, the guest cart reads the shop and the products): each commit
 * is seen by its next statement, as through the client, at a fraction of the client's cost per statement.
 */
export function pageReader(db: Db): Db {
  return openedReader(db)?.db ?? db;
}

function openedReader(db: Db): PageReader<Db> | undefined {
  const reader = pageReaders.get(db);
  if (reader) reader.opened ??= reader.open();
  return reader?.opened;
}

/** Makes `hearer` hear each statement of `db`'s page reader until the returned function is called. */
export function hearPageReads(db: Db, hearer: StatementHearer): () => void {
  return openedReader(db)?.hear(hearer) ?? (() => {});
}

/** Closes `db` and its page reader. */
export function closeDb(db: Db): void {
  pageReaders.get(db)?.opened?.close();
  db.$client.close();
}

/**
 * The writer of a local file: a client of one connection, which the write queue lends to one writer at a
 * time. `synchronous` is a setting of a connection, not of the file, and @libsql/client opens the
 * connections of its pool without a hook, so the writes get a connection of their own where it is set
 * once: NORMAL syncs the WAL at each checkpoint instead of at each commit (SQLite's advice for WAL; a
 * power cut may lose the last commits, never corrupts the file). Measured here: 1.1–1.6 ms per write
 * transaction against 14 ms with the default FULL. Other processes on the same file write through their
 * own writer: BEGIN IMMEDIATE (the driver's "write" transactions) takes the file's write lock at once, and
 * a lock another process holds is waited for up to the busy timeout, by the write queue between tries
 * (db/write_queue.ts), not by SQLite's busy handler, which sleeps on the thread.
 */
async function setUpWriter(writer: Client): Promise<void> {
  await writer.execute("PRAGMA synchronous = NORMAL");
  await writer.execute("PRAGMA foreign_keys = ON");
}

/** The path of a database file, or null for a remote or in-memory database (or one with URL options). */
export function localPath(url: string): string | null {
  if (!url.startsWith("file:") || url.includes("?") || url.includes(":memory:")) return null;
  const path = url.slice("file:".length);
  return path.startsWith("//") ? path.slice(2) : path;
}

/**
 * Moves everything the WAL holds into the database file and empties the WAL, so that a copy of the file
 * alone is the whole database. The writer does not wait for a lock (db/write_queue.ts), so a checkpoint that
 * met a reader or a writer (its `busy` column) is tried again, up to `waitMs`.
 */
export async function checkpointWholly(db: Db, waitMs = BUSY_TIMEOUT_MS): Promise<void> {
  const deadline = performance.now() + waitMs;
  while (true) {
    const { rows: [result] } = await db.$client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
    if (Number(result.busy) === 0) return;
    if (performance.now() > deadline) {
      throw new Error("The WAL could not be checkpointed: the database stayed busy");
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** Applies the drizzle-kit migrations that have not run yet. */
export async function migrateDb(db: Db): Promise<void> {
  // The migrator runs each migration in a transaction; foreign keys must be off while tables are rebuilt.
  await db.$client.execute("PRAGMA foreign_keys = OFF");
  await migrate(db, { migrationsFolder });
  await db.$client.execute("PRAGMA foreign_keys = ON");
}

export { schema };
