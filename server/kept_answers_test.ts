// Kept answers (server/kept_answers.ts): given again while the tables they read are unchanged, made afresh
// after any change to one of them (by this app or by another connection), never across users, minutes or a
// closed session.
import assert from "node:assert/strict";
import { gunzipSync } from "node:zlib";
import { expectJson, withTestApp } from "./testing.ts";
import { openDb } from "../db/client.ts";
import { boot } from "./boot.ts";
import { readEnv } from "./env.ts";

const ENGINEER = "engineer@demo.local";

async function page(res: Response | Promise<Response>) {
  const answer = await res;
  assert.equal(answer.status, 200);
  return { etag: answer.headers.get("ETag"), html: await answer.text() };
}

Deno.test("kept answers: a page is given again until a table it read changes; other writes keep it", async () => {
  await withTestApp(async (t) => {
    const engineer = t.as(ENGINEER);
    const first = await page(engineer.get("/objects"));
    const again = await page(engineer.get("/objects"));
    assert.ok(first.etag, "a kept page carries an ETag");
    assert.equal(again.etag, first.etag, "the second request is the kept answer");
    assert.equal(again.html, first.html);

    // A task edit touches no table /objects reads: still kept. /tasks reads tasks: made afresh.
    const tasks = await page(engineer.get("/tasks"));
    const [task] = await expectJson(engineer.get("/api/tasks?limit=1"));
    await expectJson(engineer.patch(`/api/tasks/${task.id}`, { description: "Описание после правки" }));
    assert.equal((await page(engineer.get("/objects"))).etag, first.etag);
    const tasksAfter = await page(engineer.get("/tasks"));
    assert.notEqual(tasksAfter.etag, tasks.etag);

    // An object edit through the API: the list shows it at once.
    const [object] = await expectJson(engineer.get("/api/objects?limit=1"));
    await expectJson(engineer.patch(`/api/objects/${object.id}`, { clientName: "Клиент После Правки" }));
    const after = await page(engineer.get("/objects"));
    assert.notEqual(after.etag, first.etag);
    assert.match(after.html, /Клиент После Правки/);
    assert.match((await engineer.get("/api/objects")).headers.get("ETag") ?? "", /^W\//);
    assert.match(await (await engineer.get("/api/objects")).text(), /Клиент После Правки/);
  });
});

Deno.test("kept answers: a commit by another connection (the CLI beside the server) is seen on the next request", async () => {
  await withTestApp(async (t) => {
    const engineer = t.as(ENGINEER);
    const before = await page(engineer.get("/api/objects"));
    const other = await openDb(t.deps.env.DATABASE_URL);
    try {
      await other.$client.execute(
        "UPDATE objects SET client_name = 'Клиент Из Другого Процесса' WHERE id = (SELECT min(id) FROM objects)",
      );
    } finally {
      other.$client.close();
    }
    const after = await page(engineer.get("/api/objects"));
    assert.notEqual(after.etag, before.etag);
    assert.match(after.html, /Клиент Из Другого Процесса/);
  });
});

Deno.test("kept answers: each user gets their own page, and a closed session is refused though its page is kept", async () => {
  await withTestApp(async (t) => {
    const engineer = await page(t.as(ENGINEER).get("/dashboard"));
    const manager = await page(t.as("manager@demo.local").get("/dashboard"));
    assert.notEqual(manager.etag, engineer.etag);
    const signedIn = (html: string) => /<div class="sidebar-user-text"><strong>([^<]+)/.exec(html)?.[1];
    assert.equal(signedIn(engineer.html), "Павел Кузнецов");
    assert.equal(signedIn(manager.html), "Ольга Морозова");

    const cookie = await t.login(ENGINEER);
    const kept = await t.request("/objects", { headers: { Cookie: cookie } });
    assert.equal(kept.status, 200);
    await kept.body?.cancel();
    await expectJson(t.request("/api/logout", { method: "POST", headers: { Cookie: cookie } }));
    const closed = await t.request("/objects", { headers: { Cookie: cookie }, redirect: "manual" });
    assert.equal(closed.status, 302);
    assert.match(closed.headers.get("Location") ?? "", /^\/login/);
  });
});

Deno.test("kept answers: a user renamed by the admin sees the new name at once (users is read by every page)", async () => {
  await withTestApp(async (t) => {
    const before = await page(t.as(ENGINEER).get("/objects"));
    const users = await expectJson(t.as("director@demo.local").get("/api/users"));
    const engineer = users.find((u: { email: string }) => u.email === ENGINEER);
    await expectJson(t.as("director@demo.local").patch(`/api/users/${engineer.id}`, { firstName: "Пётр" }));
    const after = await page(t.as(ENGINEER).get("/objects"));
    assert.notEqual(after.etag, before.etag);
    assert.match(after.html, /Пётр Кузнецов/);
  });
});

Deno.test("kept answers: If-None-Match answers 304, gzip is the same page, the next minute renders afresh", async () => {
  let now = new Date("2026-11-23T10:00:00Z").getTime();
  await withTestApp({ now: () => new Date(now) }, async (t) => {
    const cookie = await t.login(ENGINEER);
    const headers = { Cookie: cookie };
    const first = await page(t.request("/tasks", { headers }));
    const notModified = await t.request("/tasks", { headers: { ...headers, "If-None-Match": first.etag! } });
    assert.equal(notModified.status, 304);
    assert.equal(await notModified.text(), "");

    const zipped = await t.request("/tasks", { headers: { ...headers, "Accept-Encoding": "gzip" } });
    assert.equal(zipped.headers.get("Content-Encoding"), "gzip");
    assert.equal(zipped.headers.get("ETag"), first.etag);
    assert.equal(
      new TextDecoder().decode(gunzipSync(new Uint8Array(await zipped.arrayBuffer()))),
      first.html,
    );

    now += 30_000;
    const sameMinute = await page(t.request("/tasks", { headers }));
    now += 60_000;
    const nextMinute = await page(t.request("/tasks", { headers }));
    assert.equal(sameMinute.etag, first.etag);
    assert.notEqual(nextMinute.etag, first.etag);
  });
});

Deno.test("kept answers: after each of a run of random edits, every kept page is the page a fresh server makes", async () => {
  const at = new Date("2026-11-23T10:00:00Z");
  await withTestApp({ now: () => at }, async (t) => {
    const engineer = t.as(ENGINEER);
    const pages = [
      "/objects",
      "/tasks",
      "/estimates",
      "/engineer",
      "/dashboard",
      "/analytics",
      "/api/objects",
    ];
    const tasks: { id: number }[] = await expectJson(engineer.get("/api/tasks"));
    const objects: { id: number }[] = await expectJson(engineer.get("/api/objects"));
    const statuses = ["pending", "in_progress", "assigned"];
    let seed = 7;
    const random = (n: number) => (seed = (seed * 48271) % 2147483647) % n;
    const edits = [
      () =>
        engineer.patch(`/api/tasks/${tasks[random(tasks.length)].id}`, {
          description: `Правка ${random(1e6)}`,
        }),
      () => engineer.patch(`/api/tasks/${tasks[random(tasks.length)].id}`, { status: statuses[random(3)] }),
      () =>
        engineer.patch(`/api/objects/${objects[random(objects.length)].id}`, {
          clientName: `Клиент ${random(1e6)}`,
        }),
      () => t.as("director@demo.local").patch("/api/settings", { firstName: `Ирина${random(100)}` }),
    ];
    for (const path of pages) await (await engineer.get(path)).arrayBuffer(); // kept before the first edit
    for (let round = 0; round < 12; round++) {
      await expectJson(edits[random(edits.length)]());
      const fresh = await boot(
        readEnv({ DATABASE_URL: t.deps.env.DATABASE_URL, DATA_DIR: t.dir, SEED: "none" }),
        {
          now: () => at,
        },
      );
      try {
        const cookie = { Cookie: await t.login(ENGINEER) };
        for (const path of pages) {
          const kept = await (await engineer.get(path)).text();
          const made = await (await fresh.app.request(`http://localhost${path}`, { headers: cookie })).text();
          assert.equal(kept, made, `${path} after edit ${round + 1}`);
        }
      } finally {
        fresh.close();
      }
    }
  });
});
