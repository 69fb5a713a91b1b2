import assert from "node:assert/strict";
import { asc, desc, eq } from "drizzle-orm";
import { blob, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { BaseSQLiteDatabase } from "drizzle-orm/sqlite-core";
// @ts-types="./libsql.d.ts"
import Database from "libsql";
import { jsonRowsSql, openPageReader } from "./page_reader.ts";

const things = sqliteTable("things", {
  id: integer("id").primaryKey(),
  name: text("name"),
  amount: real("amount"),
  big: integer("big"),
  done: integer("done", { mode: "boolean" }),
  at: integer("at", { mode: "timestamp_ms" }),
  doc: text("doc", { mode: "json" }),
});
const files = sqliteTable("files", { id: integer("id").primaryKey(), bytes: blob("bytes") });

const rows = [
  [1, "один", 0.1 + 0.2, 9007199254740993n, 1, 1764000000000, '{"a":[1,2]}'],
  [2, 'кавычки " и \\ и\nперевод строки 😀', 1.1, -5, 0, null, "[]"],
  [3, null, 3.141592653589793, 0, null, 0, null],
  [4, "", 1e-7, 123, 1, 1, '"строка"'],
  [5, "целое", 2, 1, 0, 2, "null"],
];

async function withReader(
  run: (db: BaseSQLiteDatabase<"sync", unknown>, plain: Database) => void | Promise<void>,
) {
  const dir = await Deno.makeTempDir({ prefix: "polesmeta-reader-" });
  const path = `${dir}/app.db`;
  const plain = new Database(path);
  plain.exec(
    "CREATE TABLE things (id INTEGER PRIMARY KEY, name TEXT, amount REAL, big INTEGER, done INTEGER, at INTEGER, doc TEXT);" +
      "CREATE TABLE files (id INTEGER PRIMARY KEY, bytes BLOB);",
  );
  const insert = plain.prepare("INSERT INTO things VALUES (?, ?, ?, ?, ?, ?, ?)");
  for (const row of rows) insert.run(...row);
  plain.prepare("INSERT INTO files VALUES (?, ?)").run(1, new Uint8Array([0, 255, 7]));
  const reader = openPageReader<BaseSQLiteDatabase<"sync", unknown>>(path, { things, files }, {
    busyTimeoutMs: 100,
  });
  try {
    await run(reader.db, plain);
  } finally {
    reader.close();
    plain.close();
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("the page reader reads the rows the driver reads, in their order, values and types alike", async () => {
  await withReader((db, plain) => {
    const byDriver = plain.prepare("SELECT * FROM things ORDER BY id DESC").raw().all();
    const read = db.select().from(things).orderBy(desc(things.id)).all();
    assert.equal(read.length, 5);
    assert.deepEqual(
      read.map((r) => [r.id, r.name, r.amount, r.big, r.done, r.at?.getTime() ?? null, r.doc]),
      byDriver.map((r) => {
        const [id, name, amount, big, done, at, doc] = r as unknown[];
        return [
          id,
          name,
          amount,
          big,
          done === null ? null : Boolean(done),
          at,
          doc === null ? null : JSON.parse(doc as string),
        ];
      }),
    );
    // A real comes back as the very same number, an integer past the safe range as the nearest one.
    const first = read.find((r) => r.id === 1)!;
    assert.equal(first.amount, 0.30000000000000004);
    assert.equal(first.big, 9007199254740992);
    assert.equal(read.find((r) => r.id === 3)!.amount, Math.PI);
    assert.equal(read.find((r) => r.id === 5)!.amount, 2);
    assert.deepEqual(first.doc, { a: [1, 2] });
  });
});

Deno.test("the page reader keeps a query's order, limit and offset, and reads no rows as none", async () => {
  await withReader((db) => {
    const byName = db.select({ id: things.id }).from(things).orderBy(asc(things.name), asc(things.id));
    const page = (offset: number) => byName.limit(2).offset(offset).all().map((r) => r.id);
    // SQLite sorts NULL first, then the empty text, then by code point.
    assert.deepEqual([page(0), page(2), page(4)], [[3, 4], [2, 1], [5]]);
    assert.deepEqual(db.select().from(things).where(eq(things.id, 99)).all(), []);
  });
});

Deno.test("the page reader reads a BLOB, which JSON cannot hold, through the driver, every time", async () => {
  await withReader((db) => {
    for (let i = 0; i < 2; i++) {
      const [file] = db.select().from(files).all();
      assert.deepEqual([...new Uint8Array(file.bytes as ArrayBuffer)], [0, 255, 7]);
    }
  });
});

Deno.test("rows as JSON: the same rows as the statement's own, for compound, nested and JSON-making selects", () => {
  const db = new Database(":memory:");
  try {
    db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT, x REAL)");
    db.exec("INSERT INTO t VALUES (1, 'a', 0.5), (2, 'b', NULL), (3, 'c', -0.1)");
    for (
      const sql of [
        "SELECT id, v FROM t UNION ALL SELECT id * 10, v FROM t ORDER BY 1 DESC LIMIT 4 OFFSET 1",
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5) SELECT i, i * 0.1 FROM n ORDER BY i DESC",
        "SELECT id, json_array(id, v), (SELECT json_group_array(v) FROM t u WHERE u.id <= t.id) FROM t ORDER BY id",
        "SELECT t.id, u.id, t.x FROM t JOIN t u ON u.id <> t.id ORDER BY t.id, u.id",
        "SELECT count(*), sum(x), max(v) FROM t WHERE id > ?",
      ]
    ) {
      const statement = db.prepare(sql).raw();
      const asJson = db.prepare(jsonRowsSql(sql, statement.columns().length)).raw();
      const params = sql.includes("?") ? [1] : [];
      assert.deepEqual(JSON.parse((asJson.get(...params) as [string])[0]), statement.all(...params), sql);
    }
  } finally {
    db.close();
  }
});
