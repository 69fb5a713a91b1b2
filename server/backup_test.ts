// Backups of a live server: an archive made by the CLI while a spawned server takes a burst of writes restores
// into a sound database holding every write acknowledged before the snapshot, and the restored app serves the
// same pages; a damaged, cut or foreign archive, or a restore into a non-empty folder, is refused.
import assert from "node:assert/strict";
import tar from "tar-stream";
import { createGzip } from "node:zlib";
import { Readable } from "node:stream";
import { join } from "node:path";
import { signIn, startServer } from "../bench/_server.ts";
import { runCli, spawnCli, withTempDir } from "../cli/testing.ts";
import { integrityProblems, openFile } from "../db/backup.ts";
import { copyDemoData, withTestApp } from "./testing.ts";
import { createBackup } from "./backup.ts";
import { newObject } from "./testing_objects.ts";

/** Writers sending at once, and the writes of the whole burst. */
const WRITERS = 4;
const BURST = 300;

interface Acknowledged {
  id: number;
  clientName: string;
}

/** Pages the burst of new objects does not change: they must read the same from the restored copy. */
const stablePages = (estimateId: number) => [
  `/estimates/${estimateId}/print`,
  "/employees",
  "/shop-products",
];

async function page(base: string, cookie: string, path: string): Promise<string> {
  const res = await fetch(`${base}${path}`, { headers: { Cookie: cookie } });
  assert.equal(res.status, 200, path);
  return await res.text();
}

Deno.test({
  name:
    "backup create during a burst of writes restores every acknowledged write, sound, with the same pages",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: () =>
    withTempDir(async (dir) => {
      const live = join(dir, "live");
      const restored = join(dir, "restored");
      // The demo data made once per test file rather than seeded again by the spawned server.
      await copyDemoData(live);
      const server = await startServer(live);
      let copy: Awaited<ReturnType<typeof startServer>> | null = null;
      try {
        const cookie = await signIn(server.base, "director@demo.local");
        const acknowledged: Acknowledged[] = [];
        let sent = 0;
        const writer = async (w: number) => {
          while (sent < BURST) {
            const clientName = `Клиент ${w}-${sent++}`;
            const res = await fetch(`${server.base}/api/objects`, {
              method: "POST",
              headers: { "Content-Type": "application/json", Cookie: cookie, Origin: server.base },
              body: JSON.stringify(newObject(clientName)),
            });
            const body = await res.json();
            assert.equal(res.status, 201, JSON.stringify(body));
            acknowledged.push({ id: body.id, clientName });
          }
        };
        const burst = Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
        // The snapshot starts once a third of the burst is acknowledged; the writers go on meanwhile.
        while (acknowledged.length < BURST / 3) await new Promise((r) => setTimeout(r, 5));
        const before = [...acknowledged];
        const backup = await spawnCli(["backup", "create", "--out", join(dir, "archives")], {
          env: { DATABASE_URL: `file:${live}/app.db`, DATA_DIR: live, NODE_ENV: "production" },
        });
        const writtenDuring = acknowledged.length - before.length;
        await burst;
        assert.equal(backup.code, 0, backup.stderr);
        console.log(`${before.length} writes before the snapshot, ${writtenDuring} while it was taken`);
        const archive = backup.stdout.split(":")[0].trim();

        const restore = await runCli("backup", "restore", archive, "--data", restored);
        assert.equal(restore.code, 0, restore.err.join("\n"));
        const client = openFile(join(restored, "app.db"));
        assert.deepEqual(await integrityProblems(client), []);
        client.close();

        const restoredApp = await startServer(restored);
        copy = restoredApp;
        const again = await signIn(restoredApp.base, "director@demo.local");
        for (const ack of before) {
          const res = await fetch(`${restoredApp.base}/api/objects/${ack.id}`, {
            headers: { Cookie: again },
          });
          const body = await res.json();
          assert.equal(res.status, 200, `object ${ack.id}: ${JSON.stringify(body)}`);
          assert.equal(body.clientName, ack.clientName);
        }
        const estimates = await (await fetch(`${server.base}/api/estimates`, { headers: { Cookie: cookie } }))
          .json();
        const estimateId =
          (Array.isArray(estimates) ? estimates : estimates.items ?? estimates.estimates)[0].id;
        for (const path of stablePages(estimateId)) {
          assert.equal(
            await page(restoredApp.base, again, path),
            await page(server.base, cookie, path),
            path,
          );
        }
      } finally {
        await server.stop();
        await copy?.stop();
      }
    }),
});

/** An archive of a fresh demo app, made in `dir`. */
async function demoArchive(dir: string): Promise<string> {
  let path = "";
  await withTestApp(async (t) => {
    path = (await createBackup({ db: t.deps.db, uploadsDir: join(t.dir, "uploads"), outDir: dir })).path;
  });
  return path;
}

/** A gzip-compressed tar with one file, as another program would make. */
async function foreignArchive(path: string, gzip: boolean) {
  const pack = tar.pack();
  pack.entry({ name: "notes.txt" }, "не резервная копия");
  pack.finalize();
  const chunks: Uint8Array[] = [];
  const stream = gzip ? (pack as unknown as Readable).pipe(createGzip()) : (pack as unknown as Readable);
  for await (const chunk of stream) chunks.push(chunk);
  await Deno.writeFile(path, new Uint8Array(Buffer.concat(chunks)));
}

Deno.test("backup verify and restore refuse a damaged, cut or foreign archive with a one-line message", () =>
  withTempDir(async (dir) => {
    const good = await demoArchive(dir);
    const ok = await runCli("backup", "verify", good);
    assert.equal(ok.code, 0, ok.err.join("\n"));
    assert.match(ok.out.join("\n"), /архив в порядке/);

    const bytes = await Deno.readFile(good);
    const damaged = bytes.slice();
    damaged[Math.floor(bytes.length / 2)] ^= 0x01;
    await Deno.writeFile(join(dir, "damaged.tar.gz"), damaged);
    await Deno.writeFile(join(dir, "cut.tar.gz"), bytes.slice(0, Math.floor(bytes.length * 0.8)));
    await foreignArchive(join(dir, "foreign.tar"), false);
    await foreignArchive(join(dir, "foreign.tar.gz"), true);
    const cases: [string, RegExp][] = [
      ["damaged.tar.gz", /^ошибка: архив повреждён/],
      ["cut.tar.gz", /^ошибка: архив обрезан/],
      ["foreign.tar", /^ошибка: это не архив ПолеСмета/],
      ["foreign.tar.gz", /^ошибка: это не архив ПолеСмета/],
    ];
    for (const [name, message] of cases) {
      for (const args of [["verify"], ["restore", "--data", join(dir, `into-${name}`)]]) {
        const run = await runCli("backup", args[0], join(dir, name), ...args.slice(1));
        assert.equal(run.code, 1, `${args[0]} ${name}`);
        assert.equal(run.err.length, 1, run.err.join("\n"));
        assert.match(run.err[0], message, `${args[0]} ${name}`);
      }
      // A refused restore leaves the target empty.
      const left = [...Deno.readDirSync(join(dir, `into-${name}`))];
      assert.deepEqual(left, [], name);
    }

    const target = join(dir, "busy");
    await Deno.mkdir(target);
    await Deno.writeTextFile(join(target, "app.db"), "");
    const busy = await runCli("backup", "restore", good, "--data", target);
    assert.equal(busy.code, 1);
    assert.match(busy.err[0], /^ошибка: папка для восстановления не пуста/);
  }));
