// The statement-keeping client must answer exactly as `@libsql/client` does: the same rows (by index and by
// name), the same result metadata and the same errors, for each kind of statement drizzle sends.
import assert from "node:assert/strict";
import { type Client, createClient, LibsqlBatchError, LibsqlError, type ResultSet } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { eq, sql } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { localClient } from "./local_client.ts";

const SCHEMA = `
create table owners (id integer primary key, name text not null unique);
create table items (
  id integer primary key, owner_id integer not null references owners(id), title text not null,
  done integer not null default 0, due integer, price real, data blob,
  check (price is null or price >= 0)
);`;

/** Two databases built alike: one through the plain client, one through the local one. */
async function twins(): Promise<{ plain: Client; local: Client; done: () => Promise<void> }> {
  const dir = await Deno.makeTempDir();
  const plain = createClient({ url: `file:${dir}/plain.db` });
  await plain.execute("PRAGMA foreign_keys = ON");
  await plain.executeMultiple(SCHEMA);
  const local = localClient(`${dir}/local.db`, 5000);
  await local.executeMultiple(SCHEMA);
  return closing(dir, plain, local);
}

/** The two clients with a `done()` that closes them and removes their folder. */
function closing(dir: string, plain: Client, local: Client) {
  return {
    plain,
    local,
    done: async () => {
      plain.close();
      local.close();
      await Deno.remove(dir, { recursive: true });
    },
  };
}

/** The same database file opened twice: through the plain client and through the local one. */
async function both(): Promise<{ plain: Client; local: Client; done: () => Promise<void> }> {
  const dir = await Deno.makeTempDir();
  const plain = createClient({ url: `file:${dir}/t.db` });
  await plain.execute("PRAGMA journal_mode = WAL");
  await plain.execute("PRAGMA foreign_keys = ON");
  await plain.executeMultiple(SCHEMA);
  const local = localClient(`${dir}/t.db`, 5000);
  return closing(dir, plain, local);
}

/** What a result says, in plain values: rows by index and by name, and the metadata. */
function shape(result: ResultSet) {
  return {
    columns: result.columns,
    columnTypes: result.columnTypes,
    byIndex: result.rows.map((row) => Array.prototype.slice.call(row)),
    byName: result.rows.map((row) => ({ ...Object.fromEntries(Object.keys(row).map((k) => [k, row[k]])) })),
    lengths: result.rows.map((row) => row.length),
    rowsAffected: result.rowsAffected,
    lastInsertRowid: result.lastInsertRowid,
    json: result.toJSON(),
  };
}

async function failure(work: () => Promise<unknown>) {
  try {
    await work();
  } catch (error) {
    const e = error as LibsqlError & { statementIndex?: number };
    return {
      type: e.constructor.name,
      code: e.code,
      extendedCode: e.extendedCode,
      rawCode: e.rawCode,
      message: e.message,
      statementIndex: e.statementIndex,
      isLibsql: e instanceof LibsqlError,
      isBatch: e instanceof LibsqlBatchError,
    };
  }
  throw new Error("expected a failure");
}

Deno.test("local client: statements answer as the plain client's, run after run", async () => {
  const { plain, local, done } = await twins();
  try {
    const statements = [
      { sql: "insert into owners (name) values (?) returning id, name", args: ["Иванов"] },
      { sql: "insert into owners (name) values (:name)", args: { ":name": "Петров" } },
      {
        sql: "insert into items (owner_id, title, done, due, price, data) values (?, ?, ?, ?, ?, ?)",
        args: [1, "септик", true, new Date(Date.UTC(2026, 10, 23)), 12.5, new Uint8Array([1, 2, 250]).buffer],
      },
      {
        sql: "insert into items (owner_id, title, done, due, price, data) values (?, ?, ?, ?, ?, ?)",
        args: [2, "скважина", false, null, null, null],
      },
      { sql: "select * from items order by id", args: [] },
      {
        sql:
          "select i.id, o.id, o.name, i.title from items i join owners o on o.id = i.owner_id order by i.id",
      },
      { sql: "select count(*) as n, sum(price) as s, max(due) from items where done = ?", args: [1] },
      { sql: "select id from items where id = ?", args: [99] },
      { sql: "update items set price = price * 2 where owner_id = ?", args: [1] },
      { sql: "update items set title = ? where id = ? returning id, title", args: ["ремонт", 2] },
      { sql: "delete from items where owner_id = ?", args: [2] },
      { sql: "select * from items order by id" },
    ];
    // The second round runs every statement again from the cache (and its inserts meet the UNIQUE name).
    for (let round = 0; round < 2; round++) {
      for (const stmt of statements) {
        const outcome = (client: Client) =>
          client.execute(stmt as never).then(shape, (e) => failure(() => Promise.reject(e)));
        assert.deepEqual(await outcome(local), await outcome(plain), `${round}: ${stmt.sql}`);
      }
    }
    const blob = (await local.execute("select data from items where id = 1")).rows[0].data;
    assert.ok(blob instanceof ArrayBuffer);
    assert.deepEqual([...new Uint8Array(blob)], [1, 2, 250]);
  } finally {
    await done();
  }
});

Deno.test("local client: errors are the plain client's, constraint errors included", async () => {
  const { plain, local, done } = await both();
  try {
    await plain.execute({ sql: "insert into owners (name) values (?)", args: ["Иванов"] });
    const failing = [
      { sql: "insert into owners (name) values (?)", args: ["Иванов"] },
      { sql: "insert into items (owner_id, title) values (?, ?)", args: [42, "x"] },
      { sql: "insert into items (owner_id, title) values (?, ?)", args: [1, null] },
      { sql: "insert into items (owner_id, title, price) values (?, ?, ?)", args: [1, "x", -1] },
      { sql: "select nope from items" },
      { sql: "select ?", args: [undefined] },
      { sql: "select ?", args: [Number.NaN] },
    ];
    for (const stmt of failing) {
      for (let round = 0; round < 2; round++) {
        assert.deepEqual(
          await failure(() => local.execute(stmt as never)),
          await failure(() => plain.execute(stmt as never)),
          stmt.sql,
        );
      }
    }
    const unique = await failure(() => local.execute(failing[0] as never));
    assert.equal(unique.code, "SQLITE_CONSTRAINT");
  } finally {
    await done();
  }
});

Deno.test("local client: batches and transactions commit, roll back and fail as the plain client's", async () => {
  const { plain, local, done } = await both();
  try {
    for (const client of [local, plain]) {
      const name = client === local ? "local" : "plain";
      const results = await client.batch([
        { sql: "insert into owners (name) values (?)", args: [`${name}-1`] },
        { sql: "select name from owners where name = ?", args: [`${name}-1`] },
      ], "write");
      assert.deepEqual(results.map((r) => r.rows.length), [0, 1]);
    }
    const badBatch = (name: string) => [
      { sql: "insert into owners (name) values (?)", args: [name] },
      { sql: "insert into owners (name) values (?)", args: ["local-1"] },
    ];
    assert.deepEqual(
      await failure(() => local.batch(badBatch("a"), "write")),
      await failure(() => plain.batch(badBatch("b"), "write")),
    );
    const names = async () =>
      (await plain.execute("select name from owners order by name")).rows.map((r) => r.name);
    assert.deepEqual(await names(), ["local-1", "plain-1"]);

    const tx = await local.transaction("write");
    await tx.execute({ sql: "insert into owners (name) values (?)", args: ["в транзакции"] });
    // Outside the transaction nothing is seen yet, on either client.
    assert.equal((await local.execute("select count(*) as n from owners")).rows[0].n, 2);
    await tx.rollback();
    assert.equal(tx.closed, true);
    assert.deepEqual(await names(), ["local-1", "plain-1"]);

    const kept = await local.transaction("write");
    await kept.batch([{ sql: "insert into owners (name) values (?)", args: ["сохранён"] }]);
    await kept.commit();
    assert.deepEqual(await names(), ["local-1", "plain-1", "сохранён"]);
    assert.deepEqual(
      await failure(() => kept.execute("select 1")),
      { ...(await failure(() => kept.execute("select 1"))), type: "LibsqlError", code: "TRANSACTION_CLOSED" },
    );
  } finally {
    await done();
  }
});

Deno.test("local client: a change by another connection is seen on the next run of a kept statement", async () => {
  const { plain, local, done } = await both();
  try {
    await plain.execute("insert into owners (name) values ('до')");
    const read = () => local.execute({ sql: "select name from owners where id = ?", args: [1] });
    assert.equal((await read()).rows[0].name, "до");
    await plain.execute("update owners set name = 'после' where id = 1");
    assert.equal((await read()).rows[0].name, "после");
    await plain.execute("alter table owners add column phone text");
    assert.deepEqual((await local.execute("select * from owners")).columns, ["id", "name", "phone"]);
  } finally {
    await done();
  }
});

const notes = sqliteTable("notes", {
  id: integer("id").primaryKey(),
  title: text("title").notNull(),
  pinned: integer("pinned", { mode: "boolean" }).notNull(),
  at: integer("at", { mode: "timestamp_ms" }),
});

Deno.test("local client: drizzle reads booleans, dates and nulls back as it wrote them", async () => {
  const { plain, local, done } = await both();
  try {
    await plain.execute(
      "create table notes (id integer primary key, title text not null, pinned integer not null, at integer)",
    );
    const at = new Date(Date.UTC(2026, 10, 23, 14, 0));
    const viaLocal = drizzle(local);
    const viaPlain = drizzle(plain);
    const inserted = await viaLocal.insert(notes).values([
      { title: "а", pinned: true, at },
      { title: "б", pinned: false, at: null },
    ]).returning();
    assert.deepEqual(inserted, [
      { id: 1, title: "а", pinned: true, at },
      { id: 2, title: "б", pinned: false, at: null },
    ]);
    assert.deepEqual(await viaLocal.select().from(notes), await viaPlain.select().from(notes));
    assert.deepEqual(
      await viaLocal.all(sql`select id, title from notes order by id`),
      await viaPlain.all(sql`select id, title from notes order by id`),
    );
    await viaLocal.transaction(async (tx) => {
      await tx.update(notes).set({ pinned: true }).where(eq(notes.id, 2));
    });
    assert.equal((await viaPlain.select().from(notes).where(eq(notes.id, 2)))[0].pinned, true);
  } finally {
    await done();
  }
});
