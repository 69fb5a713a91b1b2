// A change counter per table, kept by the database itself: a trigger on every insert, update and delete adds
// one to the table's row in `table_versions`, in the same transaction as the change (the triggers are made by
// migration 0015_page_cache_counters). Whoever writes (this process, the CLI beside it, a foreign-key
// cascade) moves the counter, so a page made from some tables can be cached until one of their counters
// moves (server/page_cache.ts) and never outlives a change.
// @ts-types="./libsql.d.ts"
import Database from "libsql";

const VERSIONS_TABLE = "table_versions";

/** Counters by table name, as one read saw them. */
export type Versions = ReadonlyMap<string, number>;

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

/** The one reader of the database file at `path` in this process, shared by the session check and the page cache. */
export function versionReaderOf(path: string): VersionReader {
  let reader = readers.get(path);
  if (!reader) readers.set(path, reader = localVersionReader(path));
  return reader;
}
