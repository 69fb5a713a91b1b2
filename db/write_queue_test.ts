import assert from "node:assert/strict";
import { eq, sql } from "drizzle-orm";
import type { Db } from "./client.ts";
import { withMigratedDb } from "./testing_db.ts";
import { companies } from "./schema/mod.ts";
import { WriteQueue } from "./write_queue.ts";
// @ts-types="./libsql.d.ts"
import Database from "libsql";

const withDb = (test: (db: Db) => Promise<void>, writeWaitMs?: number) =>
  withMigratedDb(test, { writeWaitMs });

/** Drizzle wraps a failed query's error; the cause is what the queue threw: SQLite's own "busy". */
const busy = (error: Error) =>
  [error, error.cause].some((e) => (e as { code?: string } | undefined)?.code === "SQLITE_BUSY");

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const tick = () => pause(5);

/**
 * `other`, another process's connection (the native driver, outside this client and its queue), takes the
 * write lock and writes a company, uncommitted.
 */
function lockWithCompany(other: Database, name: string): void {
  other.exec("BEGIN IMMEDIATE");
  other.prepare("INSERT INTO companies (name, created_at, updated_at) VALUES (?, 0, 0)").run(name);
}

/** The companies' names as `connection` reads them: what is committed, not what the app's writer holds. */
const committedNames = (connection: Database) =>
  (connection.prepare("SELECT name FROM companies").all() as { name: string }[]).map((r) => r.name);

Deno.test("WriteQueue runs holders one at a time, in arrival order, and goes on after a failure", async () => {
  const queue = new WriteQueue();
  const log: string[] = [];
  const holder = (name: string, fail = false) =>
    queue.run(async () => {
      log.push(`${name} in`);
      await tick();
      log.push(`${name} out`);
      if (fail) throw new Error(name);
    });
  const results = await Promise.allSettled([holder("a"), holder("b", true), holder("c")]);
  assert.deepEqual(log, ["a in", "a out", "b in", "b out", "c in", "c out"]);
  assert.deepEqual(results.map((r) => r.status), ["fulfilled", "rejected", "fulfilled"]);
});

Deno.test("db: parallel write transactions and single writes take turns instead of failing with SQLITE_BUSY", async () => {
  await withDb(async (db) => {
    const names = Array.from({ length: 30 }, (_, i) => `Компания ${i}`);
    await Promise.all(
      names.map((name, i) =>
        i % 2 ? db.insert(companies).values({ name }) : db.transaction(async (tx) => {
          await tx.insert(companies).values({ name });
          await tick(); // hold the write lock across a turn of the event loop
        })
      ),
    );
    const rows = await db.select({ name: companies.name }).from(companies);
    assert.deepEqual(rows.map((r) => r.name).sort(), [...names].sort());
  });
});

Deno.test("db: a transaction that throws is rolled back and gives its turn to the next writer", async () => {
  await withDb(async (db) => {
    const failed = db.transaction(async (tx) => {
      await tx.insert(companies).values({ name: "Откатится" });
      await tick();
      throw new Error("in the callback");
    });
    const next = db.insert(companies).values({ name: "Следующая" });
    await assert.rejects(failed, /in the callback/);
    await next;
    const rows = await db.select({ name: companies.name }).from(companies);
    assert.deepEqual(rows.map((r) => r.name), ["Следующая"]);
  });
});

Deno.test("db: reads go on while a write transaction holds the lock", async () => {
  await withDb(async (db) => {
    await db.insert(companies).values({ name: "Видна" });
    let read: string[] = [];
    await db.transaction(async (tx) => {
      await tx.insert(companies).values({ name: "Ещё не видна" });
      read = (await db.select({ name: companies.name }).from(companies)).map((r) => r.name);
    });
    assert.deepEqual(read, ["Видна"]);
  });
});

Deno.test("db: a write through db inside its own transaction fails as busy after the write wait instead of waiting for ever", async () => {
  await withDb(async (db) => {
    await assert.rejects(
      db.transaction(async () => {
        await db.insert(companies).values({ name: "Мимо транзакции" });
      }),
      busy,
    );
    await assert.rejects(db.transaction(() => db.transaction(() => Promise.resolve())), busy);
    await db.update(companies).set({ name: "x" }).where(eq(companies.id, 1)); // the queue is free again
    const [{ n }] = await db.select({ n: sql<number>`count(*)` }).from(companies);
    assert.equal(n, 0);
  }, 200);
});

Deno.test("db: work a transaction started that runs after it ended may write", async () => {
  await withDb(async (db) => {
    let later!: Promise<unknown>;
    await db.transaction(async (tx) => {
      await tx.insert(companies).values({ name: "В транзакции" });
      later = new Promise((resolve) => setTimeout(resolve, 10))
        .then(() => db.insert(companies).values({ name: "После неё" }));
    });
    await later;
    const rows = await db.select({ name: companies.name }).from(companies);
    assert.deepEqual(rows.map((r) => r.name).sort(), ["В транзакции", "После неё"]);
  });
});

Deno.test("db: after a write fails as busy on another process's lock, the next write is committed", () =>
  withMigratedDb(async (db, path) => {
    const other = new Database(path);
    try {
      lockWithCompany(other, "Другой процесс");
      await assert.rejects(db.insert(companies).values({ name: "Не успела" }).run(), busy);
      other.exec("COMMIT");
      await db.insert(companies).values({ name: "После занятой" });
      assert.deepEqual(committedNames(other).sort(), ["Другой процесс", "После занятой"]);
    } finally {
      other.close();
    }
  }, { busyTimeoutMs: 20 }));

Deno.test("db: a write waits for another process's lock without holding the thread, and then commits", () =>
  withMigratedDb(async (db, path) => {
    const other = new Database(path);
    try {
      lockWithCompany(other, "Другой процесс");
      const order: string[] = [];
      const write = db.insert(companies).values({ name: "Дождалась" }).then(() => order.push("write"));
      // SQLite's own busy handler would sleep on this thread until the busy timeout: no timer would fire.
      await pause(30);
      order.push("timer");
      const seen = await db.select({ name: companies.name }).from(companies);
      assert.deepEqual(seen, []);
      other.exec("COMMIT");
      await write;
      assert.deepEqual(order, ["timer", "write"]);
      const names = (await db.select({ name: companies.name }).from(companies)).map((r) => r.name);
      assert.deepEqual(names.sort(), ["Дождалась", "Другой процесс"]);
    } finally {
      other.close();
    }
  }, { busyTimeoutMs: 5000 }));

Deno.test("db: writes of every kind met by another process's lock again and again are all committed", () =>
  withMigratedDb(async (db, path) => {
    // Another process holds the write lock for a few ms at a time, 150 writes long (here the writes met
    // it and were tried again 170–190 times a run). A statement that failed with SQLITE_BUSY and was left
    // unfinished on the writer's connection would keep the later writes there from being committed.
    const other = new Database(path, { timeout: 5000 });
    let writing = true;
    const holds = (async () => {
      for (let i = 0; writing; i++) {
        lockWithCompany(other, `Другой ${i}`);
        await pause(1 + (i % 3));
        other.exec("COMMIT");
        await pause(i % 2);
      }
    })();
    const names = Array.from({ length: 150 }, (_, i) => `Запись ${i}`);
    try {
      for (const [i, name] of names.entries()) {
        if (i % 3 === 0) await db.insert(companies).values({ name });
        else if (i % 3 === 1) await db.transaction((tx) => tx.insert(companies).values({ name }));
        else await db.batch([db.insert(companies).values({ name })]);
        await pause(i % 2);
      }
    } finally {
      writing = false;
      await holds;
    }
    const fresh = new Database(path);
    try {
      const kept = new Set(committedNames(fresh));
      assert.deepEqual(names.filter((name) => !kept.has(name)), []);
    } finally {
      fresh.close();
      other.close();
    }
  }, { busyTimeoutMs: 5000 }));
