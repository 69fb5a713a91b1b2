// A change counter per table, kept by the database itself: a trigger on every insert, update and delete adds
// one to the table's row in `table_versions`, in the same transaction as the change. Whoever writes (this
// process, the CLI beside it, a foreign-key cascade) moves the counter, so an answer made from some tables
// can be kept until one of their counters moves (server/kept_answers.ts) and never outlives a change.
// @ts-types="./libsql.d.ts"
import Database from "libsql";
import { AsyncLocalStorage } from "node:async_hooks";
import type { Client } from "@libsql/client";

const VERSIONS_TABLE = "table_versions";

/** Counters by table name, as one read saw them. */
export type Versions = ReadonlyMap<string, number>;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (name: string) => `'${name.replaceAll("'", "''")}'`;

/**
 * Creates the counters and the triggers that move them for every table that lacks them. It runs after the
 * migrations at every start (db/client.ts `migrateDb`), so a table a migration adds or rebuilds gets its
 * triggers before any request.
 */
export async function installTableVersions(client: Client): Promise<void> {
  await client.execute(
    `CREATE TABLE IF NOT EXISTS ${VERSIONS_TABLE} (name TEXT PRIMARY KEY NOT NULL, version INTEGER NOT NULL)`,
  );
  const tables = (await client.execute(
    `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ` +
      `AND name NOT LIKE '__drizzle%' AND name <> '${VERSIONS_TABLE}'`,
  )).rows.map((r) => String(r.name));
  const statements = tables.flatMap((table) => [
    `INSERT OR IGNORE INTO ${VERSIONS_TABLE} (name, version) VALUES (${literal(table)}, 0)`,
    ...["INSERT", "UPDATE", "DELETE"].map((event) =>
      `CREATE TRIGGER IF NOT EXISTS ${quoted(`${table}_${event.toLowerCase()}_version`)} AFTER ${event} ` +
      `ON ${quoted(table)} BEGIN UPDATE ${VERSIONS_TABLE} SET version = version + 1 ` +
      `WHERE name = ${literal(table)}; END`
    ),
  ]);
  await client.batch(statements, "write");
}

/** Reads the counters of a local database file. */
export interface VersionReader {
  current(): Versions;
}

/**
 * A reader on its own connection to the database file at `path` (db/client.ts `localPath`).
 * `PRAGMA data_version` changes on that connection whenever any other connection commits, so the counters
 * are read again only after a commit. It is read before the counters: a commit between the two reads makes
 * the next call read them again.
 */
export function localVersionReader(path: string): VersionReader {
  const connection = new Database(path);
  const dataVersion = connection.prepare("PRAGMA data_version");
  dataVersion.raw(true);
  // One row, not one per table: the driver crosses into native code once per row. Table names have no spaces.
  const counters = connection.prepare(
    `SELECT group_concat(name || ' ' || version, ' ') FROM ${VERSIONS_TABLE}`,
  );
  counters.raw(true);
  let seen: unknown = null;
  let versions: Versions = new Map();
  return {
    current() {
      const now = (dataVersion.get() as unknown[])[0];
      if (now !== seen) {
        seen = now;
        const pairs = String((counters.get() as unknown[])[0] ?? "").split(" ");
        const read = new Map<string, number>();
        for (let i = 0; i + 1 < pairs.length; i += 2) read.set(pairs[i], Number(pairs[i + 1]));
        versions = read;
      }
      return versions;
    },
  };
}

const readers = new Map<string, VersionReader>();

/** The one reader of the database file at `path` in this process, shared by the session check and the kept answers. */
export function versionReaderOf(path: string): VersionReader {
  let reader = readers.get(path);
  if (!reader) readers.set(path, reader = localVersionReader(path));
  return reader;
}

/** What a tracked request has read: the words of its statements, its counters at the start, whether it wrote. */
interface Tracked {
  words: Set<string>;
  versions: Versions;
  wrote: boolean;
}

const reads = new AsyncLocalStorage<Tracked>();

/** Words of each statement seen, by its SQL (bounded: raw SQL with values written in is never repeated). */
const wordsBySql = new Map<string, string[]>();
const WORDS_KEPT = 2000;

function wordsOf(sql: string): string[] {
  let words = wordsBySql.get(sql);
  if (!words) {
    if (wordsBySql.size >= WORDS_KEPT) wordsBySql.clear();
    words = [...new Set(sql.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? [])];
    wordsBySql.set(sql, words);
  }
  return words;
}

const READS = /^\s*select\b/i;

/**
 * Notes the words of a statement for the `trackReads` around it. Every table a statement reads is named in
 * it, so the caller intersecting these words with the table names gets every table read (and perhaps a
 * column that shares a table's name, which only keeps less). Any other statement marks the request as
 * one that wrote: it reads no kept rows after that.
 */
export function noteStatement(sql: string): void {
  const tracked = reads.getStore();
  if (!tracked) return;
  if (!READS.test(sql)) tracked.wrote = true;
  for (const word of wordsOf(sql)) tracked.words.add(word);
}

/**
 * Runs `work` with the counters `versions` read at its start and answers with the words of every statement
 * it sent (or took kept rows of), to intersect with table names.
 */
export async function trackReads(versions: Versions, work: () => Promise<void>): Promise<Set<string>> {
  const tracked: Tracked = { words: new Set(), versions, wrote: false };
  await reads.run(tracked, work);
  return tracked.words;
}

/** Rows a read gave, frozen, with the counters of its tables before it ran. */
export interface KeptRows {
  stamp: [string, number][];
  rows: unknown;
}
const KEPT_READS = 1000;

/**
 * Within a tracked request, the rows of the read `sql` as kept in `kept` under the key `keyOf` makes (its
 * statement and values), while none of the tables it names changed since they were read; else `read()` runs
 * and its rows are kept. The rows are frozen, since every later request gets the same objects. Outside a tracked request,
 * after the request wrote, or for a statement that is not a SELECT, `read()` simply runs.
 */
export async function keptRead<T>(
  kept: Map<string, KeptRows>,
  keyOf: () => string,
  sql: string,
  read: () => Promise<T>,
) {
  const tracked = reads.getStore();
  if (!tracked || tracked.wrote || !READS.test(sql)) return await read();
  const { versions } = tracked;
  const key = keyOf(); // made only here: reads outside a kept request need none
  const words = wordsOf(sql);
  const found = kept.get(key);
  if (found && found.stamp.every(([table, version]) => versions.get(table) === version)) {
    for (const word of words) tracked.words.add(word); // the answer depends on them as if it had read them
    return found.rows as T;
  }
  const stamp: [string, number][] = words.filter((w) => versions.has(w)).map((t) => [t, versions.get(t)!]);
  const rows = deepFreeze(await read());
  if (kept.size >= KEPT_READS) kept.clear();
  kept.set(key, { stamp, rows });
  return rows;
}

function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return value;
  for (const inner of Object.values(value)) deepFreeze(inner);
  return Object.freeze(value);
}
