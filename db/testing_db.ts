// A database of its own for a test: a migrated file in a temporary folder, removed after the test.
import { type Db, migrateDb, openDb, type OpenOptions } from "./client.ts";

/** Runs `fn` on a freshly migrated database file (its path given too), then closes and removes it. */
export async function withMigratedDb<T>(
  fn: (db: Db, path: string) => Promise<T>,
  options?: OpenOptions,
): Promise<T> {
  const dir = await Deno.makeTempDir({ prefix: "polesmeta-db-" });
  const path = `${dir}/app.db`;
  const db = await openDb(`file:${path}`, options);
  try {
    await migrateDb(db);
    return await fn(db, path);
  } finally {
    db.$client.close();
    await Deno.remove(dir, { recursive: true });
  }
}
