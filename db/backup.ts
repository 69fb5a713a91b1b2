// The database side of backups and readiness: a consistent snapshot of a live database, the figures a
// backup's manifest records (row counts, the last migration), and the checks run on a restored copy.
import { type Client, createClient } from "@libsql/client";
import { join } from "node:path";
import type { Db } from "./client.ts";
import { migrationsFolder } from "./client.ts";

/** The last migration applied to a database: drizzle-kit's tag and the `when` its journal gives it. */
export interface MigrationId {
  tag: string;
  when: number;
}

interface JournalEntry {
  tag: string;
  when: number;
}

/** The migrations this code ships, oldest first (drizzle-kit's journal). */
export async function shippedMigrations(): Promise<JournalEntry[]> {
  const journal = JSON.parse(await Deno.readTextFile(join(migrationsFolder, "meta", "_journal.json")));
  return journal.entries.map((e: JournalEntry) => ({ tag: e.tag, when: e.when }));
}

/**
 * Writes a consistent copy of the live database to `path` with `VACUUM INTO`: it reads in one transaction, so
 * writes committed by this or another process while it runs are either wholly in the copy or not at all,
 * and it never blocks them (WAL). A file copy of a database being written could be torn.
 */
export async function snapshotInto(db: Db | Client, path: string): Promise<void> {
  const client = "$client" in db ? db.$client : db;
  await client.execute({ sql: "VACUUM INTO ?", args: [path] });
}

/** Opens a database file (a snapshot, a restored copy) on its own connection. */
export function openFile(path: string): Client {
  return createClient({ url: `file:${path}` });
}

/** Every table's row count, by name (SQLite's own tables aside). */
export async function tableRowCounts(client: Client): Promise<Record<string, number>> {
  const tables = await client.execute(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
  );
  const counts: Record<string, number> = {};
  for (const row of tables.rows) {
    const name = String(row.name);
    const result = await client.execute(`SELECT count(*) AS n FROM "${name.replaceAll('"', '""')}"`);
    counts[name] = Number(result.rows[0].n);
  }
  return counts;
}

/** The last migration applied (null on a database never migrated), named by the shipped journal. */
export async function lastAppliedMigration(client: Client): Promise<MigrationId | null> {
  const exists = await client.execute(
    "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'",
  );
  if (exists.rows.length === 0) return null;
  const last = await client.execute(
    "SELECT created_at FROM __drizzle_migrations ORDER BY created_at DESC LIMIT 1",
  );
  if (last.rows.length === 0) return null;
  const when = Number(last.rows[0].created_at);
  const shipped = (await shippedMigrations()).find((m) => m.when === when);
  return { tag: shipped?.tag ?? `unknown-${when}`, when };
}

/** SQLite's `PRAGMA integrity_check`: an empty list when the file is sound, otherwise its complaints. */
export async function integrityProblems(client: Client): Promise<string[]> {
  const result = await client.execute("PRAGMA integrity_check");
  const lines = result.rows.map((row) => String(Object.values(row)[0]));
  return lines.length === 1 && lines[0] === "ok" ? [] : lines;
}

/** Whether the database answers a trivial query. */
export async function answers(db: Db): Promise<boolean> {
  const result = await db.$client.execute("SELECT 1 AS one");
  return Number(result.rows[0].one) === 1;
}
