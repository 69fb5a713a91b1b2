// Two server processes on one database file, as WEB_CONCURRENCY runs them (server/cluster.ts): a session
// made in one is honoured and ended in the other, a page the second caches follows a write made through the
// first, and parallel writes through both are all kept. The second process is started as the primary starts
// its serving processes (POLESMETA_SERVE_ONLY, its stdin a pipe), on a port of its own so that each request
// reaches the process the test means.
import assert from "node:assert/strict";
import { like } from "drizzle-orm";
import { answering, freePort } from "../bench/_server.ts";
import { openDb } from "../db/client.ts";
import { objects } from "../db/schema/mod.ts";
import { WORKER_ENV } from "./cluster.ts";
import { DEFAULT_PROCESSES_AT_MOST, readEnv } from "./env.ts";

Deno.test("readEnv() runs one process per core unless told otherwise, and refuses several on PORT=0", () => {
  assert.equal(
    readEnv({}).WEB_CONCURRENCY,
    Math.min(navigator.hardwareConcurrency, DEFAULT_PROCESSES_AT_MOST),
  );
  assert.equal(readEnv({ WEB_CONCURRENCY: "auto" }).WEB_CONCURRENCY, navigator.hardwareConcurrency);
  assert.equal(readEnv({ WEB_CONCURRENCY: "1" }).WEB_CONCURRENCY, 1);
  assert.equal(readEnv({ PORT: "0" }).WEB_CONCURRENCY, 1);
  assert.throws(() => readEnv({ WEB_CONCURRENCY: "2", PORT: "0" }), /WEB_CONCURRENCY/);
  assert.throws(() => readEnv({ WEB_CONCURRENCY: "0" }), /WEB_CONCURRENCY/);
});

function startProcess(dir: string, serveOnly: boolean) {
  const port = freePort();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "main.ts"],
    env: {
      PORT: String(port),
      DATABASE_URL: `file:${dir}/app.db`,
      DATA_DIR: dir,
      SEED: "demo",
      NODE_ENV: "production",
      WEB_CONCURRENCY: "1",
      ...(serveOnly ? { [WORKER_ENV]: "1" } : {}),
    },
    stdin: "piped",
    stdout: "null",
    stderr: "inherit",
  }).spawn();
  return { child, base: `http://127.0.0.1:${port}` };
}

const objectBody = (address: string) => ({
  address,
  settlement: "Истра",
  region: "Московская область",
  clientPhone: "+7 916 000-00-00",
  workType: "septic",
  estimatedCost: 100_000,
  distanceFromMKAD: 30,
});

async function send(base: string, path: string, cookie: string, init: RequestInit = {}) {
  const res = await fetch(base + path, {
    ...init,
    headers: { Cookie: cookie, "Content-Type": "application/json", ...init.headers },
  });
  return { status: res.status, etag: res.headers.get("ETag"), text: await res.text() };
}

Deno.test({
  name: "[cluster] two processes on one database: sessions, cached pages and parallel writes stay right",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    const dir = await Deno.makeTempDir({ prefix: "polesmeta-cluster-" });
    const primary = startProcess(dir, false);
    let second: ReturnType<typeof startProcess> | null = null;
    try {
      await answering(`${primary.base}/login`);
      second = startProcess(dir, true);
      await answering(`${second.base}/login`);
      const login = await fetch(`${primary.base}/api/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: "engineer@demo.local", password: "demo12345" }),
      });
      await login.body?.cancel();
      const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
      const a = primary.base, b = second.base;

      await t.step("a page cached by the second process follows a write made through the first", async () => {
        const word = `Кластерная${crypto.randomUUID().slice(0, 6)}`;
        const search = `/objects?q=${encodeURIComponent(word)}`;
        const before = await send(b, search, cookie);
        assert.equal(before.status, 200, "the session made through the first process is honoured");
        assert.equal(before.text.includes(word + " 1"), false);
        const cached = await send(b, search, cookie);
        assert.equal(cached.etag, before.etag, "asked again, the page is the cached one");
        const created = await send(a, "/api/objects", cookie, {
          method: "POST",
          body: JSON.stringify(objectBody(`ул. ${word} 1`)),
        });
        assert.equal(created.status, 201, created.text);
        const after = await send(b, search, cookie);
        assert.notEqual(after.etag, before.etag);
        assert.ok(after.text.includes(`${word} 1`), "the new object is on the page");
      });

      await t.step("parallel writes through both processes are all kept", async () => {
        const word = `Параллельная${crypto.randomUUID().slice(0, 6)}`;
        const results = await Promise.all(
          Array.from({ length: 60 }, (_, i) =>
            send(i % 2 ? a : b, "/api/objects", cookie, {
              method: "POST",
              body: JSON.stringify(objectBody(`ул. ${word} ${i}`)),
            })),
        );
        assert.deepEqual(
          results.map((r) => r.status),
          results.map(() => 201),
          results.find((r) => r.status !== 201)?.text ?? "",
        );
        const db = await openDb(`file:${dir}/app.db`);
        try {
          const rows = await db.select({ address: objects.address }).from(objects)
            .where(like(objects.address, `%${word}%`));
          assert.equal(new Set(rows.map((r) => r.address)).size, 60);
        } finally {
          db.$client.close();
        }
      });

      await t.step("a session ended through the first process is refused by the second", async () => {
        assert.equal((await send(b, "/api/user", cookie)).status, 200);
        const out = await send(a, "/api/logout", cookie, { method: "POST" });
        assert.ok(out.status < 400, `logout answered ${out.status}`);
        assert.equal((await send(b, "/api/user", cookie)).status, 401);
      });

      await t.step("the serving process stops when the primary's pipe closes", async () => {
        second!.child.stdin.close();
        await second!.child.status;
        second = null;
      });
    } finally {
      if (second) {
        second.child.kill();
        await second.child.status;
      }
      primary.child.stdin.close();
      primary.child.kill();
      await primary.child.status;
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  },
});
