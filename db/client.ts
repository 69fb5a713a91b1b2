import { type Client, createClient } from "@libsql/client";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { fileURLToPath } from "node:url";
import * as schema from "./schema/mod.ts";
import { localClient } from "./local_client.ts";
import { queueWrites } from "./write_queue.ts";
import { installTableVersions } from "./table_versions.ts";

export type Db = LibSQLDatabase<typeof schema> & { $client: Client };
/** The database or an open transaction of it: what a query that may run inside a transaction takes. */
export type Executor = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface OpenOptions {
  authToken?: string;
}

/** How long a connection waits for a lock another process holds (the CLI beside the server), ms. */
const BUSY_TIMEOUT_MS = 5000;

/**
 * Opens the database, creating the folder of a `file:` URL, and switches on foreign keys. Every write
 * (transaction, batch or single statement) takes its turn in one queue per database (db/write_queue.ts).
 */
export async function openDb(url: string, options: OpenOptions = {}): Promise<Db> {
  if (url.startsWith("file:")) {
    const path = url.slice("file:".length);
    const dir = path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : "";
    if (dir) await Deno.mkdir(dir, { recursive: true });
  }
  const { client, marked } = queueWrites(connect(url, options));
  if (url.startsWith("file:")) {
    // WAL lets readers go on while a write commits.
    await client.execute("PRAGMA journal_mode = WAL");
    await client.execute("PRAGMA synchronous = NORMAL");
  }
  await client.execute("PRAGMA foreign_keys = ON");
  const db = drizzle(client, { schema }) as Db;
  const transaction = db.transaction.bind(db);
  db.transaction = (work, config) => transaction((tx) => marked(() => work(tx)), config);
  return db;
}

/** The path of a database file, or null for a remote or in-memory database (or one with URL options). */
export function localPath(url: string): string | null {
  if (!url.startsWith("file:") || url.includes("?") || url.includes(":memory:")) return null;
  const path = url.slice("file:".length);
  return path.startsWith("//") ? path.slice(2) : path;
}

/**
 * A database file gets the client that prepares each statement once (db/local_client.ts); a remote one
 * the plain client. `timeout` is the busy timeout of every connection, not only of the first.
 */
function connect(url: string, options: OpenOptions): Client {
  const path = localPath(url);
  if (path !== null) return localClient(path, BUSY_TIMEOUT_MS);
  return createClient({ url, authToken: options.authToken, timeout: BUSY_TIMEOUT_MS });
}

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** Applies the drizzle-kit migrations that have not run yet. */
export async function migrateDb(db: Db): Promise<void> {
  // The migrator runs each migration in a transaction; foreign keys must be off while tables are rebuilt.
  await db.$client.execute("PRAGMA foreign_keys = OFF");
  await migrate(db, { migrationsFolder });
  await db.$client.execute("PRAGMA foreign_keys = ON");
  await installTableVersions(db.$client);
}

export { schema };
