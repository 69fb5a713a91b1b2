import assert from "node:assert/strict";
import { join } from "node:path";
import { boot } from "./boot.ts";
import { readEnv } from "./env.ts";
import { documents } from "../db/schema/mod.ts";
import { ORPHAN_MIN_AGE_MS } from "./upload_sweep.ts";

const exists = (path: string) => Deno.stat(path).then(() => true, () => false);

Deno.test("boot() sweeps an unfinished upload and a row-less document file left by a crash; files with a row stay", async () => {
  const dir = await Deno.makeTempDir({ prefix: "polesmeta-sweep-" });
  const env = readEnv({ DATABASE_URL: `file:${dir}/app.db`, DATA_DIR: dir, SEED: "demo" });
  try {
    const first = await boot(env);
    const rows = await first.deps.db.select({ key: documents.storageKey }).from(documents);
    first.close();
    assert.ok(rows.length > 0, "the demo has document files");
    const uploads = join(dir, "uploads");
    const folder = join(uploads, rows[0].key, "..");
    // What kill -9 mid-upload leaves: a partial file, and a complete one whose row was never written.
    const partial = join(folder, "abc123.1f2e3d4c.part");
    const orphan = join(folder, "def456");
    const fresh = join(folder, "being-uploaded-now");
    for (const path of [partial, orphan, fresh]) await Deno.writeFile(path, new Uint8Array([1, 2, 3]));
    const old = new Date(Date.now() - ORPHAN_MIN_AGE_MS - 60_000);
    for (const path of [partial, orphan]) await Deno.utime(path, old, old);
    // An old file that has a row is kept however old it is.
    await Deno.utime(join(uploads, rows[0].key), old, old);

    const second = await boot(env);
    second.close();
    assert.equal(await exists(partial), false, "the partial file is swept");
    assert.equal(await exists(orphan), false, "the file with no row is swept");
    assert.equal(await exists(fresh), true, "a file younger than the grace period may still get its row");
    for (const { key } of rows) assert.equal(await exists(join(uploads, key)), true, key);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("localStorage().write() leaves no file at the key when the upload stops half-way", async () => {
  const { localStorage, TooLargeError } = await import("./storage.ts");
  const dir = await Deno.makeTempDir({ prefix: "polesmeta-storage-" });
  try {
    const storage = localStorage(dir);
    const body = new Blob([new Uint8Array(100)]).stream();
    await assert.rejects(storage.write("documents/1/x", body, { maxBytes: 10 }), TooLargeError);
    assert.deepEqual([...Deno.readDirSync(join(dir, "documents/1"))], [], "neither the key nor a .part file");
    assert.equal(await storage.write("documents/1/y", new Blob(["abc"]).stream(), { maxBytes: 10 }), 3);
    assert.deepEqual([...Deno.readDirSync(join(dir, "documents/1"))].map((e) => e.name), ["y"]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
