// A libSQL client for a local database file that prepares each statement once. `@libsql/client` prepares
// every statement again and describes its columns on every run, which cost more than the read itself on
// this app's pages (profile in README "Performance"). This client answers the same `Client` interface, on
// the same native `libsql` driver, with the same values, rows and errors; only the statements are kept,
// per connection, keyed by their SQL text (bounded, least recently used dropped first). One difference:
// an integer past the safe range is read as the nearest number and logged, not thrown on (valueFromSql).
// @ts-types="./libsql.d.ts"
import Database from "libsql";
import type { Statement } from "./libsql.d.ts";
import { Buffer } from "node:buffer";
import { noteStatement } from "./table_versions.ts";
import {
  type Client,
  type InArgs,
  type InStatement,
  LibsqlBatchError,
  LibsqlError,
  type Replicated,
  type ResultSet,
  type Row,
  type Transaction,
  type TransactionMode,
} from "@libsql/client";

/** Statements kept per connection; the app sends a few hundred distinct ones. */
const STATEMENTS_PER_CONNECTION = 1000;

/** Per-connection settings every connection gets (a second one opens while a transaction holds the first). */
const CONNECTION_SETUP = ["PRAGMA foreign_keys = ON", "PRAGMA synchronous = NORMAL"];

/** Statements that change the schema: the kept statements may then describe columns that are gone. */
const CHANGES_SCHEMA = /^\s*(create|alter|drop)\b/i;

const VALUES = Symbol("values");

/** A statement prepared once, with what its result rows look like. */
interface Prepared {
  statement: Statement;
  /** null when the statement returns no rows. */
  columns: string[] | null;
  columnTypes: string[];
  /** Rows inherit index access and `length` from here; their own, enumerable keys are the column names. */
  rowPrototype: object;
  /** Index of the first column of each name (a join may repeat a name; the first wins, as in the client). */
  named: [number, string][];
}

function describe(statement: Statement): Prepared {
  statement.safeIntegers(true);
  let reader = true;
  try {
    statement.raw(true);
  } catch {
    reader = false; // raw() refuses a statement that returns no rows
  }
  if (!reader) return { statement, columns: null, columnTypes: [], rowPrototype: {}, named: [] };
  const described = statement.columns();
  const columns = described.map((c) => c.name);
  const rowPrototype: Record<string | number, unknown> = {};
  Object.defineProperty(rowPrototype, "length", { value: columns.length });
  columns.forEach((_, i) => {
    Object.defineProperty(rowPrototype, i, {
      get(this: { [VALUES]: unknown[] }) {
        return this[VALUES][i];
      },
    });
  });
  const named: [number, string][] = [];
  const seen = new Set<string>();
  columns.forEach((name, i) => {
    if (!seen.has(name)) named.push([i, name]);
    seen.add(name);
  });
  return { statement, columns, columnTypes: described.map((c) => c.type ?? ""), rowPrototype, named };
}

const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const MIN_INTEGER = -9223372036854775808n;
const MAX_INTEGER = 9223372036854775807n;

/** The column index of the last integer past the safe range that valueFromSql() read, else -1. */
let inexact = -1;

/**
 * A value as JavaScript reads it. An integer past the safe range (written before the bounds of issue 23,
 * or by hand) becomes the nearest number rather than a RangeError, so that one stored row does not take
 * every list that reads it down («a read never throws on a stored value»); #run() logs the row.
 */
function valueFromSql(value: unknown, column: number): unknown {
  if (typeof value === "bigint") {
    if (value < MIN_SAFE || value > MAX_SAFE) inexact = column;
    return Number(value);
  }
  if (value instanceof Buffer) return value.buffer;
  return value;
}

function valueToSql(value: unknown): unknown {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) {
      throw new RangeError("Only finite numbers (not Infinity or NaN) can be passed as arguments");
    }
    return value;
  }
  if (typeof value === "bigint") {
    if (value < MIN_INTEGER || value > MAX_INTEGER) {
      throw new RangeError(
        "bigint is too large to be represented as a 64-bit integer and passed as argument",
      );
    }
    return value;
  }
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof ArrayBuffer) return Buffer.from(value);
  if (value instanceof Date) return value.valueOf();
  if (value === undefined) throw new TypeError("undefined cannot be passed as argument to the database");
  return value;
}

function argsToSql(args: InArgs | undefined): unknown[] | Record<string, unknown> {
  if (args === undefined) return [];
  if (Array.isArray(args)) return args.map(valueToSql);
  const named: Record<string, unknown> = {};
  for (const name in args) {
    const bare = name[0] === "@" || name[0] === "$" || name[0] === ":" ? name.substring(1) : name;
    named[bare] = valueToSql(args[name]);
  }
  return named;
}

/** Names the table, the column and the row's id of an inexact integer (no values: they may be personal). */
function logInexact(sql: string, columns: string[], values: unknown[], column: number): void {
  inexact = -1;
  const table = /\bfrom\s+["`]?(\w+)/i.exec(sql)?.[1] ?? "?";
  const id = columns.indexOf("id");
  console.error(
    `Integer past the safe range read inexactly: table "${table}", column "${columns[column]}", id ${
      id >= 0 ? values[id] : "?"
    }`,
  );
}

const BASE_CODES = [
  "",
  "SQLITE_ERROR",
  "SQLITE_INTERNAL",
  "SQLITE_PERM",
  "SQLITE_ABORT",
  "SQLITE_BUSY",
  "SQLITE_LOCKED",
  "SQLITE_NOMEM",
  "SQLITE_READONLY",
  "SQLITE_INTERRUPT",
  "SQLITE_IOERR",
  "SQLITE_CORRUPT",
  "SQLITE_NOTFOUND",
  "SQLITE_FULL",
  "SQLITE_CANTOPEN",
  "SQLITE_PROTOCOL",
  "SQLITE_EMPTY",
  "SQLITE_SCHEMA",
  "SQLITE_TOOBIG",
  "SQLITE_CONSTRAINT",
  "SQLITE_MISMATCH",
  "SQLITE_MISUSE",
  "SQLITE_NOLFS",
  "SQLITE_AUTH",
  "SQLITE_FORMAT",
  "SQLITE_RANGE",
  "SQLITE_NOTADB",
  "SQLITE_NOTICE",
  "SQLITE_WARNING",
];

/** The driver's error as the client gives it: a LibsqlError with the base and the extended code. */
function mapError(error: unknown): unknown {
  if (!(error instanceof Database.SqliteError)) return error;
  const raw = error.rawCode;
  const code = raw === undefined
    ? "SQLITE_UNKNOWN"
    : BASE_CODES[raw & 0xff] ?? `SQLITE_UNKNOWN_${raw & 0xff}`;
  return new LibsqlError(error.message, code, error.code, raw, error);
}

function inBatch(error: unknown, index: number): unknown {
  if (error instanceof LibsqlBatchError || !(error instanceof LibsqlError)) return error;
  const cause = error.cause instanceof Error ? error.cause : undefined;
  return new LibsqlBatchError(error.message, index, error.code, error.extendedCode, error.rawCode, cause);
}

function valueToJson(value: unknown): unknown {
  if (typeof value === "bigint") return String(value);
  if (value instanceof ArrayBuffer) return Buffer.from(value).toString("base64");
  return value;
}

function resultSet(
  columns: string[],
  columnTypes: string[],
  rows: Row[],
  rowsAffected: number,
  lastInsertRowid: bigint | undefined,
): ResultSet {
  return {
    columns,
    columnTypes,
    rows,
    rowsAffected,
    lastInsertRowid,
    toJSON: () => ({
      columns,
      columnTypes,
      rows: rows.map((row) => Array.prototype.map.call(row, valueToJson)),
      rowsAffected,
      lastInsertRowid: lastInsertRowid === undefined ? null : String(lastInsertRowid),
    }),
  };
}

const normalize = (stmt: InStatement | [string, InArgs?]): { sql: string; args?: InArgs } =>
  typeof stmt === "string" ? { sql: stmt } : Array.isArray(stmt) ? { sql: stmt[0], args: stmt[1] } : stmt;

/** One connection with its kept statements. */
class Connection {
  readonly db: Database;
  #statements = new Map<string, Prepared>();

  constructor(path: string, timeout: number) {
    this.db = new Database(path, { timeout });
    for (const sql of CONNECTION_SETUP) this.db.exec(sql);
  }

  #prepared(sql: string): Prepared {
    const kept = this.#statements.get(sql);
    if (kept) {
      // Least recently used goes first: a hit moves to the end.
      this.#statements.delete(sql);
      this.#statements.set(sql, kept);
      return kept;
    }
    const prepared = describe(this.db.prepare(sql));
    if (this.#statements.size >= STATEMENTS_PER_CONNECTION) {
      this.#statements.delete(this.#statements.keys().next().value!);
    }
    this.#statements.set(sql, prepared);
    return prepared;
  }

  forget(): void {
    this.#statements.clear();
  }

  run(stmt: InStatement | [string, InArgs?], args?: InArgs): ResultSet {
    const { sql, args: own } = normalize(stmt);
    noteStatement(sql);
    try {
      return this.#run(sql, argsToSql(own ?? args));
    } catch (error) {
      throw mapError(error);
    }
  }

  #run(sql: string, bound: unknown[] | Record<string, unknown>): ResultSet {
    const prepared = this.#prepared(sql);
    if (prepared.columns === null) {
      const info = prepared.statement.run(bound);
      if (CHANGES_SCHEMA.test(sql)) this.forget();
      return resultSet([], [], [], info.changes, BigInt(info.lastInsertRowid));
    }
    const { rowPrototype, named, columns } = prepared;
    const cells = prepared.statement.all(bound) as unknown[][];
    if (cells.length > 0 && cells[0].length !== columns.length) {
      // Another connection changed the schema (`select *` after `alter table`): describe it again.
      this.#statements.delete(sql);
      return this.#run(sql, bound);
    }
    const rows = cells.map((row) => {
      const values = row.map(valueFromSql);
      if (inexact >= 0) logInexact(sql, columns, values, inexact);
      const shaped = Object.create(rowPrototype);
      shaped[VALUES] = values;
      for (const [i, name] of named) shaped[name] = values[i];
      return shaped as Row;
    });
    return resultSet(columns, prepared.columnTypes, rows, 0, undefined);
  }

  exec(sql: string): void {
    try {
      this.db.exec(sql);
    } catch (error) {
      throw mapError(error);
    } finally {
      this.forget();
    }
  }

  /** Rolls back what a statement or a batch left open, so the next borrower does not inherit it. */
  settle(): boolean {
    if (!this.db.open) return false;
    if (!this.db.inTransaction) return true;
    try {
      this.db.prepare("ROLLBACK").run();
      return true;
    } catch {
      this.db.close();
      return false;
    }
  }
}

const BEGIN: Record<TransactionMode, string> = {
  write: "BEGIN IMMEDIATE",
  read: "BEGIN TRANSACTION READONLY",
  deferred: "BEGIN DEFERRED",
};

function begin(mode: TransactionMode): string {
  const sql = BEGIN[mode];
  if (!sql) {
    throw new RangeError('Unknown transaction mode, supported values are "write", "read" and "deferred"');
  }
  return sql;
}

/**
 * Opens the database file at `path` (a `file:` URL without its scheme). Statements outside a transaction
 * run on an idle connection (the first one, unless transactions hold it); a transaction holds its own
 * until it settles, as in `@libsql/client`. Every call runs synchronously on the driver.
 */
export function localClient(path: string, timeout: number): Client {
  const idle: Connection[] = [];
  const all = new Set<Connection>();
  let closed = false;

  const checkOpen = () => {
    if (closed) throw new LibsqlError("The client is closed", "CLIENT_CLOSED");
  };
  const borrow = (): Connection => {
    checkOpen();
    const connection = idle.pop() ?? new Connection(path, timeout);
    all.add(connection);
    return connection;
  };
  const giveBack = (connection: Connection) => {
    if (!closed && connection.settle()) idle.push(connection);
    else {
      all.delete(connection);
      if (connection.db.open) connection.db.close();
    }
  };
  const withConnection = <T>(work: (c: Connection) => T): T => {
    const connection = borrow();
    try {
      return work(connection);
    } finally {
      giveBack(connection);
    }
  };
  const forgetEverywhere = () => all.forEach((c) => c.forget());

  function runAll(connection: Connection, stmts: Array<InStatement | [string, InArgs?]>): ResultSet[] {
    return stmts.map((stmt, i) => {
      try {
        if (!connection.db.inTransaction) {
          throw new LibsqlBatchError("The transaction has been rolled back", i, "TRANSACTION_CLOSED");
        }
        return connection.run(stmt);
      } catch (error) {
        throw inBatch(error, i);
      }
    });
  }

  // Probe at once, as the client does: a database that cannot be opened fails here, not on a page.
  withConnection((c) => c.run("SELECT 1 AS checkThatTheDatabaseCanBeOpened"));

  const client: Client = {
    protocol: "file",
    get closed() {
      return closed;
    },
    execute:
      ((stmt: InStatement | string, args?: InArgs) =>
        Promise.resolve().then(() => withConnection((c) => c.run(stmt, args)))) as Client["execute"],
    batch: (stmts, mode = "deferred") =>
      Promise.resolve().then(() =>
        withConnection((c) => {
          c.run(begin(mode));
          const results = runAll(c, stmts);
          c.run("COMMIT");
          return results;
        })
      ),
    migrate: (stmts) =>
      Promise.resolve().then(() =>
        withConnection((c) => {
          c.run("PRAGMA foreign_keys=off");
          try {
            c.run(begin("deferred"));
            const results = runAll(c, stmts);
            c.run("COMMIT");
            return results;
          } finally {
            if (c.db.inTransaction) c.run("ROLLBACK");
            c.run("PRAGMA foreign_keys=on");
            forgetEverywhere();
          }
        })
      ),
    transaction: (mode: TransactionMode = "write") =>
      Promise.resolve().then(() => {
        const connection = borrow();
        try {
          connection.run(begin(mode));
        } catch (error) {
          giveBack(connection);
          throw error;
        }
        return localTransaction(connection, giveBack);
      }),
    executeMultiple: (sql) =>
      Promise.resolve().then(() =>
        withConnection((c) => {
          try {
            c.exec(sql);
          } finally {
            forgetEverywhere();
          }
        })
      ),
    sync: (): Promise<Replicated> =>
      Promise.reject(new LibsqlError("A local database file is not a replica", "SYNC_NOT_SUPPORTED")),
    close() {
      closed = true;
      for (const connection of all) if (connection.db.open) connection.db.close();
      all.clear();
      idle.length = 0;
    },
    reconnect() {
      client.close();
      closed = false;
    },
  };
  return client;
}

/** A transaction on a connection it holds until commit, rollback or close, whichever comes first. */
function localTransaction(held: Connection, giveBack: (c: Connection) => void): Transaction {
  let connection: Connection | null = held;
  const settle = () => {
    if (connection === null) return;
    const done = connection;
    connection = null;
    giveBack(done);
  };
  const isClosed = () => connection === null || !connection.db.open || !connection.db.inTransaction;
  const open = (): Connection => {
    if (isClosed()) throw new LibsqlError("The transaction is closed", "TRANSACTION_CLOSED");
    return connection!;
  };
  return {
    get closed() {
      return isClosed();
    },
    execute: (stmt) => Promise.resolve().then(() => open().run(stmt)),
    batch: (stmts) =>
      Promise.resolve().then(() =>
        stmts.map((stmt, i) => {
          try {
            return open().run(stmt);
          } catch (error) {
            throw inBatch(error, i);
          }
        })
      ),
    executeMultiple: (sql) => Promise.resolve().then(() => open().exec(sql)),
    rollback: () =>
      Promise.resolve().then(() => {
        try {
          if (!isClosed()) connection!.run("ROLLBACK");
        } finally {
          settle();
        }
      }),
    commit: () =>
      Promise.resolve().then(() => {
        try {
          open().run("COMMIT");
        } finally {
          settle();
        }
      }),
    close: () => {
      try {
        if (connection?.db.open && connection.db.inTransaction) connection.run("ROLLBACK");
      } finally {
        settle();
      }
    },
  };
}
