// The page cache (server/page_cache.ts): a page is given again while the tables it declares are unchanged,
// made afresh after any change to one of them (by this app or by another connection), never across users,
// minutes or a closed session; each declaration holds every table the page's statements open; the
// storefront signed out is one page for all, with nothing of any visitor in it.
import assert from "node:assert/strict";
import { gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import type { Client, InArgs, InStatement } from "@libsql/client";
import { commitElsewhere, expectJson, type TestApp, withTestApp } from "./testing.ts";
import { products, shopSettings, users } from "../db/schema/mod.ts";
import { pageRoutes } from "../routes/mod.ts";
import { cachedApiRoutes } from "./app.ts";
import { columnCounters } from "../db/table_versions.ts";
import { notifyUsers, unreadCount } from "../db/notifications.ts";
import { importPriceList } from "../db/price_lists.ts";
import { hearPageReads, openDb } from "../db/client.ts";
import { boot } from "./boot.ts";
import { readEnv } from "./env.ts";
import { pageCacheCounts, registry } from "./metrics.ts";
import { moscowDate } from "../domain/dates.ts";

const ENGINEER = "engineer@demo.local";
/** The administrator of the demo's second company. */
const OTHER = "admin@other.local";

/** A clock that stands still, for tests that compare ETags: only their writes move a page, never a minute. */
const ONE_INSTANT = { now: () => new Date("2026-11-23T10:00:00Z") };

async function page(res: Response | Promise<Response>) {
  const answer = await res;
  assert.equal(answer.status, 200);
  return { etag: answer.headers.get("ETag"), html: await answer.text() };
}

Deno.test("page cache: a page is given again until a table it read changes; other writes and other companies' leave it cached", async () => {
  await withTestApp(ONE_INSTANT, async (t) => {
    const engineer = t.as(ENGINEER);
    const first = await page(engineer.get("/objects"));
    const again = await page(engineer.get("/objects"));
    assert.ok(first.etag, "a cached page carries an ETag");
    assert.equal(again.etag, first.etag, "the second request is the cached page");
    assert.equal(again.html, first.html);

    // A task's priority changed touches no table /objects reads: still cached. /tasks reads tasks: made afresh.
    const tasks = await page(engineer.get("/tasks"));
    const [task] = await expectJson(engineer.get("/api/tasks?limit=1"));
    const priority = task.priority === "high" ? "low" : "high";
    await expectJson(engineer.patch(`/api/tasks/${task.id}`, { priority }));
    assert.equal((await page(engineer.get("/objects"))).etag, first.etag);
    const tasksAfter = await page(engineer.get("/tasks"));
    assert.notEqual(tasksAfter.etag, tasks.etag);

    // Another company's object and task edits leave this company's pages cached.
    const other = t.as(OTHER);
    const [foreign] = await expectJson(other.get("/api/objects?limit=1"));
    await expectJson(other.patch(`/api/objects/${foreign.id}`, { clientName: "Клиент Соседей" }));
    const task2: { id: number } = await expectJson(
      other.post("/api/tasks", { title: "Соседи", objectId: foreign.id, dueDate: "2026-12-01" }),
      201,
    );
    await expectJson(other.patch(`/api/tasks/${task2.id}`, { priority: "high" }));
    assert.equal((await page(engineer.get("/objects"))).etag, first.etag);
    assert.equal((await page(engineer.get("/tasks"))).etag, tasksAfter.etag);

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

Deno.test("page cache: a page made afresh from the same rows keeps its copy and ETag; a change it shows does not", async () => {
  await withTestApp(ONE_INSTANT, async (t) => {
    const engineer = t.as(ENGINEER);
    const same = async () => pageCacheCounts(await registry.metrics()).same;
    const first = await page(engineer.get("/documents"));
    const [object] = await expectJson(engineer.get("/api/objects?limit=1"));
    const before = await same();
    // The objects table moves, but /documents shows an object's address, not its client's name.
    await expectJson(
      engineer.patch(`/api/objects/${object.id}`, { clientName: "Клиент Без Адреса На Странице" }),
    );
    const again = await page(engineer.get("/documents"));
    assert.equal(again.etag, first.etag, "made again from the same tree: the cached copy and its ETag stay");
    assert.equal(again.html, first.html);
    assert.equal(await same(), before + 1);
    const reload = await t.request("/documents", { as: ENGINEER, headers: { "If-None-Match": first.etag! } });
    assert.equal(reload.status, 304, "a reload after a write the page does not show costs no page");

    await expectJson(
      engineer.patch(`/api/objects/${object.id}`, { address: "Московская обл., г. Руза, ул. Новая, д. 3" }),
    );
    const changed = await page(engineer.get("/documents"));
    assert.notEqual(changed.etag, first.etag);
    assert.match(changed.html, /г\. Руза, ул\. Новая, д\. 3/);
    assert.equal(await same(), before + 1);
  });
});

Deno.test("page cache: a task's field a page does not show leaves its copy: the description on the home page and the dashboard, the status on the analytics' objects tab", async () => {
  await withTestApp(ONE_INSTANT, async (t) => {
    const engineer = t.as(ENGINEER);
    const [object]: { id: number }[] = await expectJson(engineer.get("/api/objects"));
    const task: { id: number } = await expectJson(
      engineer.post("/api/tasks", { title: "Проверить колодец", objectId: object.id, dueDate: "2099-12-01" }),
      201,
    );
    const pages = ["/engineer", "/dashboard", "/analytics", "/tasks"];
    const read = async () =>
      Object.fromEntries(await Promise.all(pages.map(async (url) => [url, await page(engineer.get(url))])));
    const before = await read();
    for (const url of ["/engineer", "/dashboard", "/tasks"]) {
      assert.match(before[url].html, /Проверить колодец/, url);
    }

    await expectJson(
      engineer.patch(`/api/tasks/${task.id}`, { description: "Глубина по паспорту скважины" }),
    );
    const described = await read();
    for (const url of ["/engineer", "/dashboard", "/analytics"]) {
      assert.equal(described[url].etag, before[url].etag, `${url} shows no description: its copy stays`);
    }
    assert.notEqual(described["/tasks"].etag, before["/tasks"].etag);
    assert.match(described["/tasks"].html, /Глубина по паспорту скважины/, "the task list shows it");

    await expectJson(engineer.patch(`/api/tasks/${task.id}`, { status: "in_progress" }));
    const started = await read();
    assert.equal(
      started["/analytics"].etag,
      before["/analytics"].etag,
      "the objects tab shows no task's status",
    );
    for (const url of ["/engineer", "/dashboard", "/tasks"]) {
      assert.notEqual(started[url].etag, described[url].etag, `${url} shows the task's status`);
    }
    const tasksTab = await page(engineer.get("/analytics?tab=tasks"));
    assert.match(tasksTab.html, /Задачи по статусам/);
  });
});

Deno.test("page cache: a commit by another connection (the CLI beside the server) is seen on the next request", async () => {
  await withTestApp(async (t) => {
    const engineer = t.as(ENGINEER);
    const before = await page(engineer.get("/api/objects"));
    await commitElsewhere(
      t,
      "UPDATE objects SET client_name = 'Клиент Из Другого Процесса' WHERE id = (SELECT min(id) FROM objects)",
    );
    const after = await page(engineer.get("/api/objects"));
    assert.notEqual(after.etag, before.etag);
    assert.match(after.html, /Клиент Из Другого Процесса/);
  });
});

Deno.test("page cache: the service schedule, a visit, the notifications, the measurements and a contract follow the writes they show, as a fresh server makes them", async () => {
  await withTestApp(ONE_INSTANT, async (t) => {
    const engineer = t.as(ENGINEER);
    const surveyor = t.as("surveyor@demo.local");
    const sql = (statement: string) => commitElsewhere(t, statement);
    const steps: [who: typeof engineer, url: string, write: () => Promise<unknown>, shown: RegExp][] = [
      // Each write moves only the table the page is checked for (but the API's move, which moves the task too).
      [
        engineer,
        "/service",
        () =>
          sql("UPDATE service_visits SET moved_from = planned_on, planned_on = '2026-12-16' WHERE id = 2"),
        /перенесён с/,
      ],
      [
        engineer,
        "/service/visits/2",
        () =>
          expectJson(engineer.post("/api/service/visits/2/move", {
            plannedOn: "2026-12-17",
            reason: "Клиент просит перенести",
          })),
        /17\.12\.2026/,
      ],
      // The parts of a company with a price list of its own come from its items (none in the demo's).
      [
        engineer,
        "/service/visits/2",
        () =>
          importPriceList(t.deps.db, 1, [{
            code: "А300",
            name: "Мембраны Secoh EL-60",
            unit: "компл.",
            section: "Запчасти станций",
            materialsPrice: 4_000_00,
            worksPrice: 0,
          }]),
        /Мембраны Secoh EL-60/,
      ],
      [
        engineer,
        "/service/visits/2",
        () => sql("UPDATE price_list_items SET name = 'Мембраны из другого процесса' WHERE code = 'А300'"),
        /Мембраны из другого процесса/,
      ],
      [
        surveyor,
        "/notifications",
        () =>
          sql(
            "UPDATE notifications SET title = 'Уведомление из другого процесса' WHERE id = (SELECT max(id) FROM notifications WHERE user_id = 5)",
          ),
        /Уведомление из другого процесса/,
      ],
      [
        engineer,
        "/measurements",
        () => sql("UPDATE tasks SET title = 'Замер с подъездом со двора' WHERE id = 5"),
        /Замер с подъездом со двора/,
      ],
      [
        engineer,
        "/contracts/1",
        () =>
          sql(
            "UPDATE contract_signatures SET signer_name = 'Подписант Другого Процесса' WHERE contract_id = 1",
          ),
        /Подписант Другого Процесса/,
      ],
    ];
    for (const [who, url, write, shown] of steps) {
      const before = await page(who.get(url));
      assert.equal((await page(who.get(url))).etag, before.etag, `${url} is cached`);
      await write();
      const after = await page(who.get(url));
      assert.match(after.html, shown, url);
      const fresh = await boot(
        readEnv({ DATABASE_URL: t.deps.env.DATABASE_URL, DATA_DIR: t.dir, SEED: "none" }),
        ONE_INSTANT,
      );
      try {
        const cookie = await t.login(who === engineer ? ENGINEER : "surveyor@demo.local");
        const made = await fresh.app.request(`http://localhost${url}`, { headers: { Cookie: cookie } });
        assert.equal(after.html, await made.text(), url);
      } finally {
        fresh.close();
      }
    }
  });
});

Deno.test("page cache: each user gets their own page, and a closed session is refused though its page is cached", async () => {
  await withTestApp(async (t) => {
    const engineer = await page(t.as(ENGINEER).get("/dashboard"));
    const manager = await page(t.as("manager@demo.local").get("/dashboard"));
    assert.notEqual(manager.etag, engineer.etag);
    const signedIn = (html: string) => /<div class="sidebar-user-text"><strong>([^<]+)/.exec(html)?.[1];
    assert.equal(signedIn(engineer.html), "Павел Кузнецов");
    assert.equal(signedIn(manager.html), "Ольга Морозова");

    const cookie = await t.login(ENGINEER);
    const cached = await t.request("/objects", { headers: { Cookie: cookie } });
    assert.equal(cached.status, 200);
    await cached.body?.cancel();
    await expectJson(t.request("/api/logout", { method: "POST", headers: { Cookie: cookie } }));
    const closed = await t.request("/objects", { headers: { Cookie: cookie }, redirect: "manual" });
    assert.equal(closed.status, 302);
    assert.match(closed.headers.get("Location") ?? "", /^\/login/);
  });
});

Deno.test("page cache: a user renamed by the admin sees the new name at once (users is read by every page)", async () => {
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

Deno.test("page cache: a notification to someone else leaves a page cached; one to its user shows in the bell at once", async () => {
  await withTestApp(ONE_INSTANT, async (t) => {
    const db = t.deps.db;
    const [engineer] = await db.select().from(users).where(eq(users.email, ENGINEER));
    const [director] = await db.select().from(users).where(eq(users.email, "director@demo.local"));
    const note = {
      at: t.deps.now(),
      companyId: engineer.companyId,
      type: "other" as const,
      title: "Проверка",
      message: "Колокольчик",
    };
    const before = await page(t.as(ENGINEER).get("/objects"));
    await notifyUsers(db, [director.id], note);
    assert.equal((await page(t.as(ENGINEER).get("/objects"))).etag, before.etag, "another user's bell");
    const unread = await unreadCount(db, engineer.id);
    await notifyUsers(db, [engineer.id], note);
    const after = await page(t.as(ENGINEER).get("/objects"));
    assert.notEqual(after.etag, before.etag);
    assert.match(after.html, new RegExp(`initialUnread\\D{1,12}${unread + 1}\\b`));
  });
});

Deno.test("page cache: If-None-Match answers 304, gzip is the same page, the next minute reads afresh and keeps the ETag of a page that did not change", async () => {
  let now = new Date("2026-11-23T10:00:00Z").getTime();
  await withTestApp({ now: () => new Date(now) }, async (t) => {
    const cookie = await t.login(ENGINEER);
    const headers = { Cookie: cookie };
    const engineer = t.as(ENGINEER);
    const [object]: { id: number }[] = await expectJson(engineer.get("/api/objects"));
    const tomorrow = moscowDate(now + 24 * 3_600_000);
    await expectJson(
      engineer.post("/api/tasks", { title: "Срок завтра", objectId: object.id, dueDate: tomorrow }),
      201,
    );
    now += 1_000; // the task's own instant is not the page's (server/page_fingerprint.ts)
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

    const same = async () => pageCacheCounts(await registry.metrics()).same;
    now += 30_000;
    const sameMinute = await page(t.request("/tasks", { headers }));
    assert.equal(sameMinute.etag, first.etag);
    const sameBefore = await same();
    now += 60_000;
    const nextMinute = await page(t.request("/tasks", { headers }));
    assert.equal(await same(), sameBefore + 1, "the next minute reads the page afresh");
    assert.equal(nextMinute.etag, first.etag, "and keeps the copy: nothing on it depends on the minute");
    // A page that shows an age (the dashboard's activity: the task's creation) is made again as it grows.
    const created = /Создана задача: Срок завтра<\/a><\/p><p class="muted small">([^<]*)</;
    const recent = await page(t.request("/dashboard", { headers }));
    assert.equal(created.exec(recent.html)?.[1], "Недавно");
    now += 2 * 3_600_000;
    const later = await page(t.request("/dashboard", { headers }));
    assert.notEqual(later.etag, recent.etag);
    assert.equal(created.exec(later.html)?.[1], "2 часа назад");
    now += 2 * 24 * 3600_000;
    const overdue = await page(t.request("/tasks", { headers }));
    assert.notEqual(overdue.etag, first.etag, "two days on, the task due tomorrow is overdue");
    assert.match(overdue.html, /is-overdue"><header class="task-card-head"><h3><a [^>]*>Срок завтра</);
    assert.doesNotMatch(first.html, /is-overdue"><header class="task-card-head"><h3><a [^>]*>Срок завтра</);
  });
});

Deno.test("page cache: after each of a run of random edits and of time passing, every cached page is the page a fresh server makes", async () => {
  let now = new Date("2026-11-23T10:00:00Z").getTime();
  const clock = { now: () => new Date(now) };
  await withTestApp(clock, async (t) => {
    const engineer = t.as(ENGINEER);
    const tasks: { id: number }[] = await expectJson(engineer.get("/api/tasks"));
    const objects: { id: number }[] = await expectJson(engineer.get("/api/objects"));
    const estimates: { id: number }[] = await expectJson(engineer.get("/api/estimates"));
    const object = objects[0].id;
    // The second company's pages are cached under its own counters: its writes and the first's go in turn.
    const other = t.as(OTHER);
    const otherObjects: { id: number }[] = await expectJson(other.get("/api/objects"));
    const otherObject = otherObjects[0].id;
    const otherTask: { id: number } = await expectJson(
      other.post("/api/tasks", { title: "Замер у соседей", objectId: otherObject, dueDate: "2026-11-25" }),
      201,
    );
    const pages: [string, string][] = [
      ...[
        "/objects",
        "/tasks",
        "/estimates",
        `/estimates/${estimates[0].id}`,
        "/engineer",
        "/dashboard",
        "/analytics",
        "/schedule",
        "/field-work",
        `/objects/${object}/field-work`,
        "/documents",
        "/employees",
        "/service",
        "/service/visits/2",
        "/notifications",
        "/measurements",
        "/contracts/1",
        "/api/objects",
        `/api/objects/${object}`,
        `/api/objects/${object}/documents`,
        `/api/contracts/object/${object}`,
        // The searches: the edits below rename clients, which the search index follows.
        `/objects?q=${encodeURIComponent("клиент")}`,
        `/tasks?q=${encodeURIComponent("КЛИЕНТ")}`,
        `/estimates?q=${encodeURIComponent("Клиент")}`,
      ].map((path): [string, string] => [ENGINEER, path]),
      ["surveyor@demo.local", "/surveyor"],
      ["surveyor@demo.local", "/schedule"],
      ["surveyor@demo.local", "/field-work"],
      ["surveyor@demo.local", "/notifications"],
      ["surveyor@demo.local", "/service"],
      ["foreman@demo.local", "/foreman"],
      ...[
        "/objects",
        "/tasks",
        "/dashboard",
        "/analytics",
        "/employees",
        `/api/objects/${otherObject}`,
        `/objects?q=${encodeURIComponent("сосед")}`,
      ].map((path): [string, string] => [OTHER, path]),
    ];
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
      () =>
        t.as("director@demo.local").patch("/api/profile", {
          firstName: `Ирина${random(100)}`,
          lastName: "Волкова",
        }),
      () =>
        other.patch(`/api/objects/${otherObjects[random(otherObjects.length)].id}`, {
          clientName: `Сосед ${random(1e6)}`,
        }),
      () =>
        other.patch(`/api/tasks/${otherTask.id}`, {
          status: statuses[random(3)],
          description: `Б ${random(1e6)}`,
        }),
    ];
    // Signed in once, as a person would be.
    const cookies = new Map<string, string>();
    for (const [as] of pages) if (!cookies.has(as)) cookies.set(as, await t.login(as));
    const get = (app: { request: TestApp["app"]["request"] }, as: string, path: string) =>
      app.request(`http://localhost${path}`, { headers: { Cookie: cookies.get(as)! } });
    for (const [as, path] of pages) await (await get(t.app, as, path)).arrayBuffer(); // cached before the first edit
    // Time passes between the edits: into the next minute, to the next day (the neighbours' task due on the
    // 25th is then overdue, the activity older), within the minute, to the evening.
    const passes = [60_000, 24 * 3_600_000, 20_000, 7 * 3_600_000];
    for (let round = 0; round < 16; round++) {
      if (round % 4 === 1) now += passes[(round - 1) / 4];
      else await expectJson(edits[random(edits.length)]());
      const fresh = await boot(
        readEnv({ DATABASE_URL: t.deps.env.DATABASE_URL, DATA_DIR: t.dir, SEED: "none" }),
        clock,
      );
      try {
        for (const [as, path] of pages) {
          const cached = await get(t.app, as, path);
          const made = await get(fresh.app, as, path);
          assert.equal(cached.status, 200, path);
          assert.equal(await cached.text(), await made.text(), `${path} after step ${round + 1}`);
        }
      } finally {
        fresh.close();
      }
    }
  });
});

/** A request to each cached route, by its path pattern: every cached route must have one here. */
const examples: Record<string, { url: string; as?: string }[]> = {
  "/tasks": [
    { url: "/tasks", as: ENGINEER },
    { url: "/tasks?status=pending&page=2", as: ENGINEER },
    { url: "/tasks?status=pending&edit=1", as: ENGINEER },
    { url: `/tasks?q=${encodeURIComponent("Клин")}`, as: ENGINEER },
  ],
  "/dashboard": [{ url: "/dashboard", as: ENGINEER }, { url: "/dashboard", as: "director@demo.local" }],
  "/engineer": [{ url: "/engineer", as: ENGINEER }],
  "/field-work": [
    { url: "/field-work", as: ENGINEER },
    { url: "/field-work?taskId=3", as: "surveyor@demo.local" },
  ],
  "/objects/:id{[0-9]+}/field-work": [
    { url: "/objects/10/field-work", as: ENGINEER },
    { url: "/objects/999999/field-work", as: ENGINEER },
  ],
  "/shop-products": [
    { url: "/shop-products", as: "manager@demo.local" },
    { url: "/shop-products", as: "admin@demo.local" },
  ],
  "/schedule": [
    { url: "/schedule", as: ENGINEER },
    { url: "/schedule?view=day&personId=5&workType=septic&status=assigned", as: ENGINEER },
    { url: "/schedule?crewId=1&role=foreman", as: "manager@demo.local" },
    { url: "/schedule", as: "surveyor@demo.local" },
  ],
  "/analytics": [{ url: "/analytics", as: ENGINEER }, { url: "/analytics?period=year", as: ENGINEER }],
  "/objects": [
    { url: "/objects", as: ENGINEER },
    { url: "/objects?q=а&status=active", as: ENGINEER },
    { url: `/objects?q=${encodeURIComponent("ул Садовая")}`, as: ENGINEER },
  ],
  "/improved-objects": [{ url: "/improved-objects", as: ENGINEER }],
  "/estimates": [
    { url: "/estimates", as: ENGINEER },
    { url: "/estimates?status=draft", as: ENGINEER },
    { url: `/estimates?q=${encodeURIComponent("Клин")}`, as: ENGINEER },
  ],
  "/estimates/:id{[0-9]+}": [{ url: "/estimates/5", as: ENGINEER }, {
    url: "/estimates/999999",
    as: ENGINEER,
  }],
  "/surveyor": [{ url: "/surveyor", as: "surveyor@demo.local" }],
  "/foreman": [{ url: "/foreman", as: "foreman@demo.local" }],
  "/documents": [{ url: "/documents", as: ENGINEER }, { url: "/documents", as: "foreman@demo.local" }],
  "/employees": [{ url: "/employees", as: "manager@demo.local" }],
  "/service": [
    { url: "/service", as: ENGINEER },
    { url: "/service?state=planned&assignedTo=5", as: "manager@demo.local" },
    { url: "/service", as: "surveyor@demo.local" },
  ],
  "/service/visits/:id{[0-9]+}": [
    { url: "/service/visits/1", as: ENGINEER },
    { url: "/service/visits/2", as: "surveyor@demo.local" },
    { url: "/service/visits/999999", as: ENGINEER },
  ],
  "/notifications": [{ url: "/notifications", as: ENGINEER }, {
    url: "/notifications",
    as: "surveyor@demo.local",
  }],
  "/measurements": [{ url: "/measurements", as: ENGINEER }],
  "/contracts/:id{[0-9]+}": [{ url: "/contracts/1", as: ENGINEER }, {
    url: "/contracts/999999",
    as: ENGINEER,
  }],
  "/api/objects": [{ url: "/api/objects", as: ENGINEER }, { url: "/api/objects?search=а", as: ENGINEER }],
  "/api/objects/:id{[0-9]+}": [{ url: "/api/objects/10", as: ENGINEER }],
  "/api/objects/:id{[0-9]+}/documents": [{ url: "/api/objects/10/documents", as: ENGINEER }],
  "/api/objects/:id{[0-9]+}/videos": [{ url: "/api/objects/10/videos", as: ENGINEER }],
  "/api/contracts/object/:objectId": [{ url: "/api/contracts/object/10", as: ENGINEER }],
  "/ruslos": [{ url: "/ruslos" }, { url: "/ruslos?brand=topas&persons=4&sort=price_asc" }],
  "/ruslos/product/:slug": [{ url: "/ruslos/product/topas-5" }, { url: "/ruslos/product/no-such" }],
  "/ruslos/c/:companyId{[0-9]+}": [{ url: "/ruslos/c/1" }],
  "/ruslos/c/:companyId{[0-9]+}/product/:slug": [{ url: "/ruslos/c/1/product/topas-5" }],
  "/ruslos/calculator": [{ url: "/ruslos/calculator" }, {
    url: "/ruslos/calculator?residents=9&discharge=forced",
  }],
  "/ruslos/c/:companyId{[0-9]+}/calculator": [{ url: "/ruslos/c/1/calculator" }],
  "/ruslos/economy-calculator": [{ url: "/ruslos/economy-calculator?years=7" }],
  "/ruslos/c/:companyId{[0-9]+}/economy-calculator": [{ url: "/ruslos/c/1/economy-calculator" }],
  "/economy-calculator": [{ url: "/economy-calculator" }],
};

/**
 * The tables SQLite opens to run each read (its own plan: OpenRead of a table's or an index's root page),
 * asked on a connection of its own: the driver leaves an EXPLAIN's read open, which would make the app's
 * next write on that connection fail with SQLITE_BUSY_SNAPSHOT.
 */
async function tablesOpened(t: TestApp, statements: InStatement[]): Promise<Set<string>> {
  const own = await openDb(t.deps.env.DATABASE_URL);
  try {
    return await opened(own.$client, statements);
  } finally {
    own.$client.close();
  }
}

/**
 * The tables the statements open, as SQLite's plan says, and the column counters (db/table_versions.ts
 * columnCounters) of the columns they read: a Column step of a table's cursor, or an index holding the column
 * opened at all (its order or bounds depend on the column without a step reading it).
 */
async function opened(client: Client, statements: InStatement[]): Promise<Set<string>> {
  const schema =
    (await client.execute("SELECT rootpage, type, name, tbl_name FROM sqlite_master WHERE rootpage > 0"))
      .rows;
  const roots = new Map(schema.map((r) => [Number(r.rootpage), String(r.tbl_name)]));
  const indexRoots = new Set(schema.filter((r) => r.type === "index").map((r) => Number(r.rootpage)));
  const columnsOf = new Map<number, string[]>();
  for (const r of schema) {
    const pragma = r.type === "index" ? `PRAGMA index_info("${r.name}")` : `PRAGMA table_info("${r.name}")`;
    columnsOf.set(Number(r.rootpage), (await client.execute(pragma)).rows.map((c) => String(c.name)));
  }
  const opened = new Set<string>();
  const read = (table: string, column: string) => {
    for (const [counter, of] of Object.entries(columnCounters)) {
      if (of.table === table && (of.columns as readonly string[]).includes(column)) opened.add(counter);
    }
  };
  for (const stmt of statements) {
    const { sql, args } = typeof stmt === "string" ? { sql: stmt, args: [] } : stmt;
    if (!/^\s*(select|with)\b/i.test(sql)) continue;
    const plan = await client.execute({ sql: `EXPLAIN ${sql}`, args });
    const cursors = new Map<number, { table: string; columns: string[] }>();
    for (const step of plan.rows) {
      if (step.opcode === "OpenRead" || step.opcode === "ReopenIdx") {
        const root = Number(step.p2);
        const table = roots.get(root)!;
        const index = indexRoots.has(root);
        const columns = columnsOf.get(root) ?? [];
        opened.add(table);
        cursors.set(Number(step.p1), { table, columns });
        if (index) columns.forEach((column) => read(table, column));
      } else if (step.opcode === "Column") {
        const cursor = cursors.get(Number(step.p1));
        const column = cursor?.columns[Number(step.p2)];
        if (cursor && column) read(cursor.table, column);
      }
    }
  }
  return opened;
}

Deno.test("page cache: each cached route's page given from the cache later in its minute is the page a fresh server makes then", async () => {
  // A page may hold nothing that changes from one request to the next of a minute (a clock's digits, a
  // random word): its copy is given for the rest of the minute.
  let now = new Date("2026-11-23T10:00:05Z").getTime();
  const clock = { now: () => new Date(now) };
  await withTestApp(clock, async (t) => {
    // A second past the demo's making: its rows dated a whole number of days back leave a «for 30 days»
    // figure at that instant, not within the minute.
    now += 1_000;
    const cachedRoutes = [...pageRoutes, ...cachedApiRoutes].filter((r) => r.cache);
    const requests = cachedRoutes.flatMap((route) => examples[route.path] ?? []);
    const cookies = new Map<string, string>();
    for (const { as } of requests) if (as && !cookies.has(as)) cookies.set(as, await t.login(as));
    const get = (app: { request: TestApp["app"]["request"] }, url: string, as?: string) =>
      app.request(`http://localhost${url}`, { headers: as ? { Cookie: cookies.get(as)! } : {} });
    for (const { url, as } of requests) await (await get(t.app, url, as)).arrayBuffer();
    now += 50_000;
    const fresh = await boot(
      readEnv({ DATABASE_URL: t.deps.env.DATABASE_URL, DATA_DIR: t.dir, SEED: "none" }),
      clock,
    );
    try {
      for (const { url, as } of requests) {
        const cached = await get(t.app, url, as);
        const made = await get(fresh.app, url, as);
        assert.equal(cached.status, made.status, url);
        assert.equal(await cached.text(), await made.text(), `${url} as ${as ?? "a visitor"}`);
      }
    } finally {
      fresh.close();
    }
  });
});

Deno.test("page cache: each cached route declares every table its statements open but the bell's, and the column counters of the columns they read, as SQLite's plan says", async () => {
  await withTestApp(async (t) => {
    const cachedRoutes = [...pageRoutes, ...cachedApiRoutes].filter((r) => r.cache);
    assert.ok(cachedRoutes.length >= 10);
    const client = t.deps.db.$client;
    const execute = client.execute;
    const sent: InStatement[] = [];
    let recording = false;
    client.execute = ((
      stmt: InStatement | string,
      args?: InStatement extends { args?: infer A } ? A : never,
    ) => {
      const statement: InStatement = typeof stmt === "string" ? { sql: stmt, args: args ?? [] } : stmt;
      if (recording) sent.push(statement);
      return (execute as (s: InStatement) => ReturnType<typeof execute>).call(client, statement);
    }) as typeof client.execute;
    // A cached page reads through its own reader (db/page_reader.ts).
    const stopHearing = hearPageReads(t.deps.db, (sql, args) => {
      if (recording) sent.push({ sql, args: args as InArgs });
    });
    try {
      // The bell's read: a signed-in page is cached under the user's unread count instead (server/page_cache.ts).
      recording = true;
      await unreadCount(t.deps.db, 1);
      recording = false;
      const bell = sent.map((s) => typeof s === "string" ? s : s.sql);
      assert.equal(bell.length, 1);
      for (const route of cachedRoutes) {
        const requests = examples[route.path];
        assert.ok(requests, `${route.path} is cached: give it an example request here`);
        for (const { url, as } of requests) {
          if (as) await (await t.request("/api/user", { as })).arrayBuffer(); // signing in is not the page's
          sent.length = 0;
          recording = true;
          const res = await t.request(url, { as });
          await res.arrayBuffer();
          recording = false;
          assert.ok(res.status === 200 || res.status === 404, `${url}: ${res.status}`);
          assert.ok(sent.length > 0 || res.headers.has("ETag"), `${url} ran its statements`);
          const opened = await tablesOpened(
            t,
            sent.filter((s) => !as || !bell.includes(typeof s === "string" ? s : s.sql)),
          );
          const undeclared = [...opened].filter((table) => !route.cache!.tables.includes(table));
          assert.deepEqual(
            undeclared,
            [],
            `${url} reads tables (or counted columns) ${route.path} does not declare`,
          );
        }
      }
    } finally {
      client.execute = execute;
      stopHearing();
    }
  });
});

/** The storefront as a visitor without any cookie sees it. */
async function storefront(t: TestApp, url = "/ruslos") {
  const res = await t.request(url);
  assert.equal(res.status, 200);
  return { etag: res.headers.get("ETag"), html: await res.text() };
}

Deno.test("page cache: the storefront signed out is one page for all, made afresh when a product, a price, the stock or the shop's settings change", async () => {
  await withTestApp(ONE_INSTANT, async (t) => {
    const db = t.deps.db;
    const product = "/ruslos/product/topas-5";
    const first = await storefront(t);
    assert.ok(first.etag, "the signed-out storefront is cached");
    assert.equal((await storefront(t)).etag, first.etag, "a second visitor gets the same copy");
    const firstProduct = await storefront(t, product);
    assert.equal((await storefront(t, product)).etag, firstProduct.etag);
    const calculators = ["/ruslos/calculator", "/ruslos/economy-calculator"];
    let calculatorPages: { etag: string | null; html: string }[] = [];
    for (const url of calculators) {
      const once = await storefront(t, url);
      assert.ok(once.etag, `${url} is cached`);
      assert.equal((await storefront(t, url)).etag, once.etag, `a second visitor gets the same ${url}`);
      calculatorPages.push(once);
    }

    const [topas] = await db.select().from(products).where(eq(products.sku, "TOPAS-5"));
    const changes: [string, () => Promise<unknown>, RegExp][] = [
      [
        "a product",
        () => db.update(products).set({ name: "Топас 5 Новый" }).where(eq(products.id, topas.id)),
        /Топас 5 Новый/,
      ],
      [
        "a price",
        () => db.update(products).set({ price: 12_345_600 }).where(eq(products.id, topas.id)),
        /123\s456/,
      ],
      [
        "the stock",
        () => db.update(products).set({ stockQuantity: 0 }).where(eq(products.id, topas.id)),
        /OutOfStock|Нет в наличии|Под заказ/,
      ],
      [
        "the shop's settings",
        () => db.update(shopSettings).set({ storeName: "Новое имя магазина" }),
        /Новое имя магазина/,
      ],
    ];
    let before = [first.etag, firstProduct.etag];
    for (const [what, change, shows] of changes) {
      await change();
      const catalogue = await storefront(t);
      const page = await storefront(t, product);
      assert.notEqual(catalogue.etag, before[0], `the catalogue after a change to ${what}`);
      assert.notEqual(page.etag, before[1], `the product page after a change to ${what}`);
      assert.match(page.html, shows, `the product page shows the change to ${what}`);
      before = [catalogue.etag, page.etag];
      // A calculator made afresh keeps its copy and ETag exactly while it shows nothing of the change.
      const calculatorsNow = await Promise.all(calculators.map((url) => storefront(t, url)));
      calculatorsNow.forEach((now, i) =>
        assert.equal(
          now.etag === calculatorPages[i].etag,
          now.html === calculatorPages[i].html,
          `${calculators[i]} after ${what}`,
        )
      );
      calculatorPages = calculatorsNow;
    }
  });
});

Deno.test("page cache: a page that shows nothing of the time keeps its copy and ETag into the next minute", async () => {
  // Just before a minute turns: the second visitor comes in the next one, as any visitor may.
  let now = new Date("2026-11-23T10:00:59.900Z").getTime();
  await withTestApp({ now: () => new Date(now) }, async (t) => {
    const visits: [string, string?][] = [["/ruslos"], ["/ruslos/product/topas-5"], ["/objects", ENGINEER]];
    for (const [url, as] of visits) {
      const first = await page(t.request(url, { as }));
      now += 200;
      const next = await page(t.request(url, { as }));
      now += 60_000;
      assert.equal(next.etag, first.etag, `${url} a moment later, in the next minute`);
      assert.equal(next.html, first.html);
    }
  });
});

Deno.test("page cache: nothing of one visitor reaches the shared storefront (cart badge, sign-in)", async () => {
  await withTestApp(async (t) => {
    const badge = (html: string) => /shop-cart-count num">(\d+)</.exec(html)?.[1];
    const [topas] = await t.deps.db.select().from(products).where(eq(products.sku, "TOPAS-5"));
    const withCart = await t.request("/ruslos", {
      headers: { Cookie: `shop_cart=${topas.id}.3.${topas.price}` },
    });
    const cartHtml = await withCart.text();
    assert.equal(badge(cartHtml), "3", "the visitor with a cart sees their own badge");
    const customer = await t.request("/ruslos", { as: ENGINEER });
    assert.match(await customer.text(), /Мои заказы/);

    const anyone = await storefront(t);
    assert.equal(badge(anyone.html), "0", "a visitor without a cart sees an empty one");
    assert.match(anyone.html, /Войти/);
    assert.doesNotMatch(anyone.html, /Мои заказы/);

    const again = await t.request("/ruslos", {
      headers: { Cookie: `shop_cart=${topas.id}.2.${topas.price}` },
    });
    assert.equal(
      badge(await again.text()),
      "2",
      "a cart still gets its own page after the shared one is cached",
    );
    assert.notEqual(again.headers.get("ETag"), anyone.etag);
  });
});
