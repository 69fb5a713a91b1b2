import assert from "node:assert/strict";
import { expectOk, type TestApp, withTestApp } from "../testing.ts";
import {
  QUICK_READ_MS,
  type Reads,
  runsInPlace,
  STAY_IN_PLACE_MS,
  workerReads,
} from "../../db/read_worker.ts";
import { analytics } from "../../db/analytics.ts";
import { dashboardStats } from "../../db/stats.ts";
import { periods } from "../../domain/periods.ts";
import { scopeOf } from "../../db/scope.ts";
import { localPath } from "../../db/client.ts";
// @ts-types="../../db/libsql.d.ts"
import Database from "libsql";

const DIRECTOR = "director@demo.local";
const at = new Date("2026-11-20T09:30:00Z");

async function companyOf(t: TestApp) {
  const user = await expectOk(t.as(DIRECTOR).api.user.$get());
  return scopeOf(user.companyId);
}

Deno.test("[api] GET /api/analytics and /api/stats answer from the read worker what the same reads give on the main thread, after a write too", async () => {
  await withTestApp({ now: () => at, readWorker: true }, async (t) => {
    await t.deps.reads!.start();
    const scope = await companyOf(t);
    const director = t.as(DIRECTOR).api;
    const mainThread = async () => ({
      analytics: await Promise.all(periods.map((p) => analytics(t.deps.db, scope, p, at))),
      stats: await Promise.all(periods.map((p) => dashboardStats(t.deps.db, scope, p, at))),
    });
    const fromApi = async () => ({
      analytics: await Promise.all(
        periods.map((p) => expectOk(director.analytics.$get({ query: { period: p } }))),
      ),
      stats: await Promise.all(periods.map((p) => expectOk(director.stats.$get({ query: { period: p } })))),
    });
    // JSON on both sides: the API's answer is the worker's value as JSON.
    const json = (v: unknown) => JSON.parse(JSON.stringify(v));
    assert.deepEqual(await fromApi(), json(await mainThread()));

    // A write on the app's connection is seen by the worker's at its next read.
    const tasks = await expectOk(director.tasks.$get({ query: { limit: "5" } }));
    const task = tasks[0];
    const all = periods.indexOf("all");
    const earlier = (await mainThread()).analytics[all];
    await expectOk(
      director.tasks[":id"].$patch({
        param: { id: String(task.id) },
        json: { priority: task.priority === "high" ? "low" : "high" },
      }),
    );
    const later = (await mainThread()).analytics;
    assert.notDeepEqual(later[all].tasksByPriority, earlier.tasksByPriority);
    assert.deepEqual((await fromApi()).analytics, json(later));
    const direct = await t.deps.reads!.read("analytics", { scope, period: "all", now: at.getTime() });
    assert.deepEqual(direct, later[all]);
  });
});

Deno.test("[api] the read worker is stopped with the app: a read after close is refused, and nothing is left running", async () => {
  let reads: Reads | undefined;
  await withTestApp({ readWorker: true }, async (t) => {
    reads = t.deps.reads!;
    assert.equal(reads.running, false, "started by the first read, not by the app");
    await expectOk(t.as(DIRECTOR).api.analytics.$get({ query: { period: "1y" } }));
    assert.equal(reads.running, true);
  });
  assert.equal(reads!.running, false);
  await assert.rejects(
    () => reads!.read("analytics", { scope: null, period: "all", now: Date.now() }),
    /the app is stopping/,
  );
});

Deno.test("[api] a read asked while the worker loads is answered on the request thread, the same as the worker's", async () => {
  await withTestApp({ now: () => at, readWorker: true }, async (t) => {
    const reads = t.deps.reads!;
    const scope = await companyOf(t);
    const loading = reads.start();
    assert.equal(reads.running, true, "started before any read");
    const meanwhile = await reads.read("analytics", { scope, period: "all", now: at.getTime() });
    await loading;
    const fromWorker = await reads.read("analytics", { scope, period: "all", now: at.getTime() });
    assert.deepEqual(meanwhile, fromWorker);
    assert.deepEqual(fromWorker, await analytics(t.deps.db, scope, "all", at));
  });
});

Deno.test("[api] a kind of read seen to be quick in the worker runs on the request thread next, with the same answer; one not seen yet, or slow, in the worker", async () => {
  await withTestApp({ now: () => at, readWorker: true }, async (t) => {
    const scope = await companyOf(t);
    const where: string[] = [];
    const reads = workerReads(t.deps.env.DATABASE_URL, t.deps.db, (name, w) => where.push(`${name} ${w}`));
    try {
      await reads.start();
      const args = { scope, period: "30d" as const, now: at.getTime() };
      const first = await reads.read("analytics", args);
      assert.deepEqual(where, ["analytics worker"], "not seen yet: in the worker");
      // The demo's analytics take well under QUICK_READ_MS once the worker has prepared its statements: a
      // later one of the kind runs here.
      let later = first;
      for (let i = 1; i <= 30 && !where.includes("analytics request thread"); i++) {
        later = await reads.read("analytics", args);
      }
      assert.equal(where.at(-1), "analytics request thread");
      assert.deepEqual(later, first);
      assert.deepEqual(later, await analytics(t.deps.db, scope, "30d", at));
      await reads.read("analytics", { ...args, period: "1y" });
      assert.equal(where.at(-1), "analytics worker", "another kind: not seen yet");
    } finally {
      reads.close();
    }
  });
});

Deno.test("where a read runs: in the worker until it was seen quick there, then here while it stays quick here", () => {
  assert.equal(runsInPlace(undefined), false, "not seen yet");
  assert.equal(runsInPlace({ ms: QUICK_READ_MS, inPlace: false }), true);
  assert.equal(runsInPlace({ ms: QUICK_READ_MS + 0.1, inPlace: false }), false);
  // Here, the other requests' work between its awaits counts too: it stays up to STAY_IN_PLACE_MS.
  assert.equal(runsInPlace({ ms: STAY_IN_PLACE_MS, inPlace: true }), true);
  assert.equal(runsInPlace({ ms: STAY_IN_PLACE_MS + 0.1, inPlace: true }), false);
  assert.ok(STAY_IN_PLACE_MS < 50, "far below a stall");
});

Deno.test("[api] the read worker copies the log into the database file while the app's writers do not", async () => {
  await withTestApp({ readWorker: true }, async (t) => {
    await t.deps.reads!.start();
    const path = localPath(t.deps.env.DATABASE_URL)!;
    // A writer beside the app (as the CLI is) that never checkpoints by itself: its pages stay in the log
    // unless someone else copies them.
    const writer = new Database(path);
    try {
      writer.exec("PRAGMA wal_autocheckpoint = 0; CREATE TABLE bulk_notes (text TEXT)");
      const before = Deno.statSync(path).size;
      const insert = writer.prepare("INSERT INTO bulk_notes (text) VALUES (?)");
      for (let i = 0; i < 500; i++) insert.run(`${i} ${"заметка ".repeat(250)}`);
      const until = Date.now() + 3000;
      while (Deno.statSync(path).size < before + 2_000_000 && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 20));
      }
      assert.ok(Deno.statSync(path).size >= before + 2_000_000, "the file holds the log's pages");
    } finally {
      writer.close();
    }
  });
});
