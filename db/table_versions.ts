// Change counters kept by the database itself: a trigger on every insert, update and delete adds one to the
// table's row in `table_versions`, in the same transaction as the change (migration 0018_page_cache_counters),
// and, for a table whose rows belong to a company, to that company's row of the table in
// `company_table_versions` (migration 0028_company_table_versions). Whoever writes (this process, the CLI
// beside it, a foreign-key cascade) moves the counters, so a page made from some tables can be cached until
// one of their counters moves (server/page_cache.ts) and never outlives a change; a company's page follows
// its company's counters, so another company's writes leave it cached.
// @ts-types="./libsql.d.ts"
import Database from "libsql";

const VERSIONS_TABLE = "table_versions";
const COMPANY_VERSIONS_TABLE = "company_table_versions";
/** The table of the bell: the only one an unread count reads. */
const BELL_COUNTER = "notifications";
/** Rows of a table with no company (a user without one, a shop product of no company) count as company 0. */
const NO_COMPANY = 0;

/**
 * Columns counted apart from their table (migration 0038_object_notes_counters): a write that changes only
 * them moves their counter and not the table's, so a page that reads none of them stays cached. A cached
 * page that reads one declares its counter beside the table (checked by server/page_cache_test.ts).
 */
export const columnCounters = {
  /** An object's note and the moment of its last change, which every note moves. */
  object_notes: { table: "objects", columns: ["description", "updated_at"] },
} as const;

/** Counters by table name, as one read saw them. */
export type Versions = ReadonlyMap<string, number>;

/** Reads the counters of a local database file. */
export interface VersionReader {
  /** Each table's counter: moved by every write to it. */
  current(): Versions;
  /**
   * The counters a page of company `companyId` depends on: for a table whose rows belong to a company, the
   * company's own counter plus that of rows without a company; for any other table, the table's counter.
   * `seen` is what current() answered this request: the database is then not asked again whether anything
   * was committed since (a page cached under counters older than its reads is only made again sooner).
   */
  ofCompany(companyId: number, seen?: Versions): Versions;
  /**
   * The user's unread notifications: all a signed-in page shows of the notifications table (the bell), so a
   * page is cached under this number instead of the table's counter, which every notification of anyone moves.
   * `seen` as for ofCompany().
   */
  unreadOf(userId: number, seen?: Versions): number;
}

/** "name 1 name 2" as one string (one row: the driver crosses into native code once per row). */
function parsePairs(text: unknown, into: Map<string, number>): Map<string, number> {
  const pairs = String(text ?? "").split(" ");
  for (let i = 0; i + 1 < pairs.length; i += 2) into.set(pairs[i], Number(pairs[i + 1]));
  return into;
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
  // Table names have no spaces.
  const counters = connection.prepare(
    `SELECT group_concat(name || ' ' || version, ' ') FROM ${VERSIONS_TABLE}`,
  );
  counters.raw(true);
  const companyCounters = connection.prepare(
    `SELECT group_concat(name || ' ' || total, ' ') FROM (SELECT name, sum(version) AS total
      FROM ${COMPANY_VERSIONS_TABLE} WHERE company_id IN (?, ${NO_COMPANY}) GROUP BY name)`,
  );
  companyCounters.raw(true);
  const unread = connection.prepare("SELECT count(*) FROM notifications WHERE user_id = ? AND is_read = 0");
  unread.raw(true);
  // A table follows its company's counter only while its triggers keep it (a table rebuilt without them
  // falls back to the table's counter, which its own triggers keep).
  const perCompany = (connection.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%\\_delete\\_company\\_version' ESCAPE '\\'",
  ).all() as { name: string }[]).map((row) => row.name.slice(0, -"_delete_company_version".length));
  let seen: unknown = null;
  let versionsText: unknown = null;
  let versions: Versions = new Map();
  /** Each company's own counters of the tables in perCompany, as last read. */
  let ownOfCompanies = new Map<number, Versions>();
  /** ofCompany()'s answers for `versions`. */
  let ofCompanies = new Map<number, Versions>();
  let unreadOfUsers = new Map<number, number>();
  const current = (): Versions => {
    const now = (dataVersion.get() as unknown[])[0];
    if (now === seen) return versions;
    seen = now;
    const text = (counters.get() as unknown[])[0];
    // A commit that moved no counter (an uncounted write) leaves every answer standing.
    if (text === versionsText) return versions;
    const next = parsePairs(text, new Map());
    // A company's counter of a table moves only with the table's own (every company trigger has its twin
    // with the same event and condition, db/table_versions_test.ts), and the unread counts only with the
    // notifications: what none of these moved is not read again.
    if (perCompany.some((table) => next.get(table) !== versions.get(table))) ownOfCompanies = new Map();
    if (next.get(BELL_COUNTER) !== versions.get(BELL_COUNTER)) unreadOfUsers = new Map();
    ofCompanies = new Map();
    versionsText = text;
    versions = next;
    return versions;
  };
  return {
    current,
    ofCompany(companyId, seen) {
      const tables = seen ?? current();
      // What is cached belongs to the counters last read; older ones seen by a request are merged afresh.
      const latest = tables === versions;
      let read = latest ? ofCompanies.get(companyId) : undefined;
      if (!read) {
        let own = latest ? ownOfCompanies.get(companyId) : undefined;
        if (!own) {
          own = parsePairs((companyCounters.get(companyId) as unknown[])[0], new Map());
          if (latest) ownOfCompanies.set(companyId, own);
        }
        const merged = new Map(tables);
        for (const table of perCompany) merged.set(table, own.get(table) ?? 0);
        read = merged;
        if (latest) ofCompanies.set(companyId, read);
      }
      return read;
    },
    unreadOf(userId, seen) {
      if (seen === undefined) current();
      let n = unreadOfUsers.get(userId);
      if (n === undefined) unreadOfUsers.set(userId, n = Number((unread.get(userId) as unknown[])[0]));
      return n;
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
