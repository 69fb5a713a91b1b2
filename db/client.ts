import { type Client, createClient } from "@libsql/client";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { fileURLToPath } from "node:url";
import * as schema from "./schema/mod.ts";

export type Db = LibSQLDatabase<typeof schema> & { $client: Client };

export interface OpenOptions {
  authToken?: string;
}

/** Opens the database, creating the folder of a `file:` URL, and switches on foreign keys. */
export async function openDb(url: string, options: OpenOptions = {}): Promise<Db> {
  if (url.startsWith("file:")) {
    const path = url.slice("file:".length);
    const dir = path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : "";
    if (dir) await Deno.mkdir(dir, { recursive: true });
  }
  const client = createClient({ url, authToken: options.authToken });
  if (url.startsWith("file:")) {
    // WAL lets readers go on while a write commits; busy_timeout waits instead of failing on a lock.
    await client.execute("PRAGMA journal_mode = WAL");
    await client.execute("PRAGMA busy_timeout = 5000");
    await client.execute("PRAGMA synchronous = NORMAL");
  }
  await client.execute("PRAGMA foreign_keys = ON");
  return drizzle(client, { schema }) as Db;
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
