// The connection the cached pages (server/page_cache.ts) are made through: drizzle's better-sqlite3 driver over
// the `libsql` package's own connection (its API is better-sqlite3's), synchronous and without
// @libsql/client's conversion of each row into an object of named and numbered properties. Measured on the
// demo data: ten tasks with their objects, prepared, 655 µs through drizzle's libSQL driver against 267 µs
// here; a count 41 against 28 µs. A page is made only of reads (a cached page is given again without running
// its handler), so its reads may go this way; `PRAGMA query_only` makes a write here fail at once
// instead of bypassing the write queue (db/write_queue.ts). An integer past the safe range is read as the
// nearest number, as db/lenient_integers.ts does for the client, but without its log line.
import { createTableRelationsHelpers, extractTablesRelationalConfig, type Logger } from "drizzle-orm";
import { BetterSQLiteSession } from "drizzle-orm/better-sqlite3/session";
import { BaseSQLiteDatabase, SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
// @ts-types="./libsql.d.ts"
import Database, { type Statement } from "libsql";
import type { DbObserver } from "./observed_client.ts";

/** Who hears each statement the reader runs (server/query_count.ts counts a page's statements). */
export type StatementHearer = (sql: string, args: unknown[]) => void;

export interface PageReader<D> {
  db: D;
  /** Adds `hearer` until the returned function is called. */
  hear(hearer: StatementHearer): () => void;
  close(): void;
}

/**
 * A reader of the database file at `path` with the schema, `logger` (hears every query drizzle builds) and
 * `observer` (each statement's time, as the client's are told) of the app's database.
 */
export function openPageReader<D>(
  path: string,
  schema: Record<string, unknown>,
  options: { logger?: Logger; observer?: DbObserver; busyTimeoutMs: number },
): PageReader<D> {
  const connection = new Database(path, { timeout: options.busyTimeoutMs });
  connection.exec("PRAGMA query_only = ON");
  const hearers = new Set<StatementHearer>();
  const heard = new WeakSet<Statement>();
  const prepare = connection.prepare.bind(connection);
  // The statement cache (db/statement_cache.ts) hands the same statement back for the same text: it is
  // made to report its runs once.
  connection.prepare = (sql: string): Statement => {
    const statement = prepare(sql);
    if (heard.has(statement)) return statement;
    heard.add(statement);
    readRowsAsJson(statement, sql, prepare);
    for (const method of ["all", "get", "run"] as const) {
      const run = statement[method] as (...params: unknown[]) => unknown;
      statement[method] = ((...params: unknown[]) => {
        for (const hearer of hearers) hearer(sql, params);
        const started = performance.now();
        try {
          return run.apply(statement, params);
        } finally {
          options.observer?.statement("read", performance.now() - started);
        }
      }) as never;
    }
    return statement;
  };
  const dialect = new SQLiteSyncDialect();
  const tables = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
  const relational = { fullSchema: schema, schema: tables.tables, tableNamesMap: tables.tableNamesMap };
  // What drizzle-orm/better-sqlite3's drizzle() builds; that module imports the better-sqlite3 package itself.
  const session = new BetterSQLiteSession(connection as never, dialect, relational, {
    logger: options.logger,
  });
  const db = new BaseSQLiteDatabase("sync", dialect, session as never, relational);
  return {
    db: db as D,
    hear(hearer) {
      hearers.add(hearer);
      return () => hearers.delete(hearer);
    },
    close: () => connection.close(),
  };
}

/**
 * Makes `statement`'s raw `all()` (drizzle's `values()`, every select the query builder makes) read its rows
 * as one JSON text made by SQLite instead of through the driver's row iterator, which every `all()` makes
 * in native memory that only the garbage collector frees (docs/performance.md «Memory under sustained
 * load»). A real is written with 17 significant digits, which read back as the same number; an integer past
 * the safe range is read as the nearest number, as the driver reads it here. A statement SQLite cannot wrap
 * or whose rows JSON cannot hold (a BLOB, an infinite real) fails once and then reads as the driver does.
 */
function readRowsAsJson(statement: Statement, sql: string, prepare: (sql: string) => Statement) {
  if (!statement.reader) return;
  const toggle = statement.raw.bind(statement);
  const all = statement.all.bind(statement);
  let raw = false;
  let asJson: Statement | null | undefined;
  statement.raw = (on = true) => {
    raw = on;
    return toggle(on);
  };
  statement.all = (...params: unknown[]) => {
    if (raw && asJson !== null) {
      try {
        asJson ??= prepare(jsonRowsSql(sql, statement.columns().length)).raw(true);
        return JSON.parse((asJson.get(...params) as [string])[0]);
      } catch {
        asJson = null;
      }
    }
    return all(...params);
  };
}

/** `sql`'s rows, in their order, as one JSON array of arrays. */
export function jsonRowsSql(sql: string, columnCount: number): string {
  const names = Array.from({ length: columnCount }, (_, i) => `c${i}`);
  const values = names.map((c) =>
    `CASE WHEN typeof(${c}) = 'real' THEN json(printf('%!.17g', ${c})) ELSE ${c} END`
  );
  // An aggregate over a subquery with ORDER BY is not flattened into it: the rows reach json_group_array in order.
  return `WITH q(${names.join(", ")}) AS (${sql}) SELECT json_group_array(json_array(${
    values.join(", ")
  })) FROM q`;
}
