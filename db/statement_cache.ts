// Statements prepared once per connection. @libsql/client prepares every statement it runs afresh and asks
// the native driver for its columns each time (its sqlite3.js `executeStmt`), which in the realistic mix
// (bench/mix.ts) cost 12 % of the server's CPU for `prepare` and 5 % for `columns` — more than stepping the
// rows. The driver has no statement cache of its own, and its connections are private to the client, so
// the `libsql` package's `prepare` is wrapped for every connection of the process: a connection caches its
// most recently used statements by their SQL text (SQLite statements are reusable: each run resets the
// statement first; a schema change makes SQLite prepare it again by itself). Written by hand because
// no library does this for this driver; the bound comes from lru-cache.
// @ts-types="./libsql.d.ts"
import Database, { type Statement } from "libsql";
import { LRUCache } from "lru-cache";

/** Statements cached per connection: more than the distinct statements the app runs (about 300). */
const CACHED_PER_CONNECTION = 1000;

/** Statements that change the schema: a cached statement's columns may no longer be what it returns. */
const CHANGES_SCHEMA = /^\s*(create|alter|drop)\b/i;

const cached = new WeakMap<Database, LRUCache<string, Statement>>();
let installed = false;

/** Makes every connection of the `libsql` package cache the statements it prepares (once per process). */
export function keepPreparedStatements(): void {
  if (installed) return;
  installed = true;
  const proto = Database.prototype;
  const prepare = proto.prepare;
  const exec = proto.exec;
  proto.prepare = function (this: Database, sql: string): Statement {
    if (CHANGES_SCHEMA.test(sql)) {
      cached.get(this)?.clear();
      return prepare.call(this, sql);
    }
    let statements = cached.get(this);
    if (!statements) cached.set(this, statements = new LRUCache({ max: CACHED_PER_CONNECTION }));
    let statement = statements.get(sql);
    if (!statement) {
      statement = withTogglesRemembered(withColumnsRead(prepare.call(this, sql)));
      statements.set(sql, statement);
    }
    return statement;
  };
  // Several statements in one string (a migration, a test's schema): any of them may change the schema.
  proto.exec = function (this: Database, sql: string): void {
    cached.get(this)?.clear();
    return exec.call(this, sql);
  };
}

/**
 * `statement`, whose raw and safe-integer modes are set in the native driver only when they change: both
 * drivers set them before every run (@libsql/client's `executeStmt`, drizzle's `values()`), and each such call
 * crosses into native code — 3–5 % of the server's CPU under the mix and under a run of task edits.
 */
function withTogglesRemembered(statement: Statement): Statement {
  for (const name of ["raw", "safeIntegers"] as const) {
    const toggle = statement[name];
    let mode: boolean | undefined; // unknown until set: a statement starts as its connection says
    // raw() refuses a statement that returns no rows (BEGIN, COMMIT, an INSERT), in either mode:
    // @libsql/client tries it on every run to learn that. What a statement returns does not change, so the
    // refusal is thrown again without asking the driver, whose error (a native call and a stack) cost 5 % of
    // a task edit's CPU.
    let refusal: unknown;
    statement[name] = (on = true) => {
      if (refusal !== undefined) throw refusal;
      if (on !== mode) {
        try {
          toggle.call(statement, on);
        } catch (error) {
          if (name === "raw") refusal = error;
          throw error;
        }
        mode = on;
      }
      return statement;
    };
  }
  return statement;
}

/** `statement`, whose columns are asked of the native driver once. */
function withColumnsRead(statement: Statement): Statement {
  const columns = statement.columns;
  let read: ReturnType<Statement["columns"]> | undefined;
  statement.columns = () => read ??= columns.call(statement);
  return statement;
}
