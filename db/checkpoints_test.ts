import assert from "node:assert/strict";
import { join } from "node:path";
// @ts-types="./libsql.d.ts"
import Database from "libsql";
import { checkpointEvery } from "./checkpoints.ts";

/** A writer of a new WAL database in `dir` that never checkpoints by itself: its writes stay in the log. */
function writerWithoutCheckpoints(dir: string) {
  const path = join(dir, "app.db");
  const writer = new Database(path);
  writer.exec("PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0; CREATE TABLE notes (text TEXT)");
  return { path, writer };
}

/** Fills about 2 MB of pages, all in the log. */
function writeTwoMegabytes(writer: Database) {
  const insert = writer.prepare("INSERT INTO notes (text) VALUES (?)");
  for (let i = 0; i < 500; i++) insert.run(`${i} ${"заметка ".repeat(250)}`);
}

async function waitUntil(condition: () => boolean, ms: number) {
  const until = Date.now() + ms;
  while (!condition() && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
  return condition();
}

Deno.test("checkpointEvery() copies what the log holds into the database file on its own connection, until stopped", async () => {
  const dir = await Deno.makeTempDir();
  const { path, writer } = writerWithoutCheckpoints(dir);
  try {
    writeTwoMegabytes(writer);
    const before = Deno.statSync(path).size;
    assert.ok(before < 100_000, `the writes are in the log, not in the file (${before} bytes)`);
    const stop = checkpointEvery(path, { everyMs: 10 });
    const copied = await waitUntil(() => Deno.statSync(path).size > 2_000_000, 2000);
    stop();
    assert.ok(copied, "the file holds the log's pages");

    // Stopped: the next writes stay in the log.
    const size = Deno.statSync(path).size;
    writeTwoMegabytes(writer);
    await new Promise((r) => setTimeout(r, 100));
    assert.equal(Deno.statSync(path).size, size);
  } finally {
    writer.close();
    await Deno.remove(dir, { recursive: true });
  }
});
