import assert from "node:assert/strict";
// @ts-types="./libsql.d.ts"
import Database from "libsql";
import { keepPreparedStatements } from "./statement_cache.ts";

keepPreparedStatements();

function withConnection(run: (db: Database) => void) {
  const db = new Database(":memory:");
  try {
    db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, big INTEGER, name TEXT)");
    db.prepare("INSERT INTO t (big, name) VALUES (?, ?)").run(9007199254740993n, "один");
    run(db);
  } finally {
    db.close();
  }
}

Deno.test("a connection hands back the statement it prepared for the same text", () => {
  withConnection((db) => {
    assert.equal(db.prepare("SELECT name FROM t"), db.prepare("SELECT name FROM t"));
    assert.notEqual(db.prepare("SELECT name FROM t"), db.prepare("SELECT id FROM t"));
  });
});

Deno.test("a cached statement answers in the raw mode last asked, however often it is asked", () => {
  withConnection((db) => {
    const statement = db.prepare("SELECT id, name FROM t");
    assert.deepEqual(statement.raw().all(), [[1, "один"]]);
    assert.deepEqual(statement.raw(true).all(), [[1, "один"]]);
    assert.deepEqual(statement.raw(false).all(), [{ id: 1, name: "один" }]);
    const row = statement.raw(false).get() as Record<string, unknown>;
    assert.deepEqual([row.id, row.name], [1, "один"]);
    assert.deepEqual(db.prepare("SELECT id, name FROM t").raw().get(), [1, "один"]);
  });
});

Deno.test("a cached statement reads integers as asked: exact bigints with safe integers, numbers without", () => {
  withConnection((db) => {
    const statement = db.prepare("SELECT big FROM t").raw();
    assert.deepEqual(statement.safeIntegers().get(), [9007199254740993n]);
    assert.deepEqual(statement.safeIntegers(true).get(), [9007199254740993n]);
    assert.deepEqual(statement.safeIntegers(false).get(), [9007199254740992]);
    assert.deepEqual(statement.safeIntegers(false).get(), [9007199254740992]);
  });
});

Deno.test("a change of the schema prepares the statements again, with their new columns", () => {
  withConnection((db) => {
    const before = db.prepare("SELECT * FROM t");
    assert.deepEqual(before.columns().map((c) => c.name), ["id", "big", "name"]);
    db.prepare("ALTER TABLE t ADD COLUMN note TEXT").run();
    const after = db.prepare("SELECT * FROM t");
    assert.notEqual(after, before);
    assert.deepEqual(after.columns().map((c) => c.name), ["id", "big", "name", "note"]);
  });
});

Deno.test("a statement that returns no rows refuses raw mode on every asking, and still runs", () => {
  withConnection((db) => {
    const insert = db.prepare("INSERT INTO t (big, name) VALUES (1, 'два')");
    const first = (() => {
      try {
        insert.raw(true);
      } catch (error) {
        return error;
      }
    })();
    assert.ok(first instanceof Error);
    assert.throws(() => insert.raw(true), (error) => error === first);
    assert.throws(() => insert.raw(false), (error) => error === first);
    assert.equal(insert.run().changes, 1);
    assert.deepEqual(db.prepare("SELECT count(*) FROM t").raw().get(), [2]);
  });
});
