import assert from "node:assert/strict";
import { withTestApp } from "./testing.ts";
import { eq } from "drizzle-orm";
import { companies, notifications, users } from "../db/schema/mod.ts";

Deno.test("[app] pages carry CSP without inline script, X-Frame-Options DENY, nosniff and a referrer policy", () =>
  withTestApp(async (t) => {
    const res = await t.request("/login");
    assert.equal(res.status, 200);
    const csp = res.headers.get("content-security-policy") ?? "";
    assert.match(csp, /script-src 'self'(;|$)/);
    assert.doesNotMatch(csp, /script-src[^;]*unsafe-inline/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.equal(res.headers.get("x-frame-options"), "DENY");
    assert.equal(res.headers.get("x-content-type-options"), "nosniff");
    assert.ok(res.headers.get("referrer-policy"));
    const html = await res.text();
    assert.doesNotMatch(
      html,
      /<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>/,
      "no inline script",
    );
  }));

Deno.test("[app] a cross-site form post is refused with 403", () =>
  withTestApp(async (t) => {
    const res = await t.app.request("http://localhost/api/login", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example" },
      body: "email=engineer%40demo.local&password=demo12345",
    });
    assert.equal(res.status, 403);
  }));

Deno.test("[app] a signed-out / goes to /login, an unknown path gives the 404 page, /landing has no script", () =>
  withTestApp(async (t) => {
    const home = await t.request("/");
    assert.equal(home.status, 302);
    assert.match(home.headers.get("location") ?? "", /^\/login/);
    const missing = await t.request("/no-such-page");
    assert.equal(missing.status, 404);
    assert.match(await missing.text(), /Страница не найдена/);
    const landing = await (await t.request("/landing")).text();
    assert.doesNotMatch(landing, /<script/);
    const api404 = await t.request("/api/nothing-here", { as: "engineer@demo.local" });
    assert.equal(api404.status, 404);
    assert.ok((await api404.json()).message);
  }));

Deno.test("[app] / sends each role to its home page", () =>
  withTestApp(async (t) => {
    const homes: Record<string, string> = {
      "admin@demo.local": "/admin",
      "director@demo.local": "/admin",
      "engineer@demo.local": "/engineer",
      "manager@demo.local": "/engineer",
      "surveyor@demo.local": "/surveyor",
      "foreman@demo.local": "/foreman",
      "client@demo.local": "/profile",
    };
    for (const [email, path] of Object.entries(homes)) {
      const res = await t.request("/", { as: email });
      assert.equal(res.headers.get("location"), path, email);
    }
  }));

Deno.test("[app] a signed-in visitor of /login is sent home; /login shows both tabs", () =>
  withTestApp(async (t) => {
    assert.equal((await t.request("/login", { as: "foreman@demo.local" })).headers.get("location"), "/");
    const html = await (await t.request("/login")).text();
    assert.match(html, />Вход</);
    assert.match(html, />Регистрация</);
  }));

Deno.test("[app] a deactivated user and the users of a deactivated company are signed out and refused", () =>
  withTestApp(async (t) => {
    const { db } = t.deps;
    const cookie = await t.login("surveyor@demo.local");
    await db.update(users).set({ isActive: false }).where(eq(users.email, "surveyor@demo.local"));
    assert.equal(
      (await t.app.request("http://localhost/api/user", { headers: { Cookie: cookie } })).status,
      401,
    );
    const res = await t.request("/api/login", {
      method: "POST",
      json: { email: "surveyor@demo.local", password: "demo12345" },
    });
    assert.equal(res.status, 403);
    assert.match((await res.json()).message, /деактивирована/);
    await db.update(companies).set({ isActive: false }).where(eq(companies.name, "ООО «Другая Компания»"));
    const other = await t.request("/api/login", {
      method: "POST",
      json: { email: "admin@other.local", password: "demo12345" },
    });
    assert.equal(other.status, 403);
    assert.match((await other.json()).message, /Компания «ООО «Другая Компания»» деактивирована/);
  }));

Deno.test("[api] notifications: a user reads only their own; someone else's answers 404", () =>
  withTestApp(async (t) => {
    const mine = await (await t.request("/api/notifications", { as: "surveyor@demo.local" })).json();
    assert.ok(mine.length >= 2);
    const id = mine[0].id;
    assert.equal(
      (await t.as("surveyor2@demo.local").put(`/api/notifications/${id}/read`))
        .status,
      404,
    );
    assert.equal(
      (await t.as("admin@other.local").delete(`/api/notifications/${id}`)).status,
      404,
    );
    assert.equal(
      (await t.as("surveyor@demo.local").put(`/api/notifications/${id}/read`)).status,
      200,
    );
    await t.as("surveyor@demo.local").put("/api/notifications/mark-all-read");
    const after = await (await t.request("/api/notifications", { as: "surveyor@demo.local" })).json();
    assert.equal(after.filter((n: { isRead: boolean }) => !n.isRead).length, 0);
  }));

Deno.test("[api] notifications page by page, newest first: the one before the last shown gives the older ones, each once; someone else's answers 404; /notifications shows a page, the whole unread count and «Показать ещё»", () =>
  withTestApp(async (t) => {
    const as = "surveyor@demo.local";
    const { db } = t.deps;
    const [surveyor] = await db.select().from(users).where(eq(users.email, as));
    // 120 more, three at each instant: notices written together share a clock, and a page may end among them.
    const since = Date.now() - 86_400_000;
    await db.insert(notifications).values(Array.from({ length: 120 }, (_, i) => ({
      companyId: surveyor.companyId,
      userId: surveyor.id,
      title: `Проба ${i}`,
      message: "—",
      createdAt: new Date(since + Math.floor(i / 3) * 1000),
    })));
    const mine = await db.select().from(notifications).where(eq(notifications.userId, surveyor.id));
    type Row = { id: number; createdAt: string; isRead: boolean };
    const seen: Row[] = [];
    // Page after page until one comes back empty (bounded: a page that repeated itself would loop).
    while (seen.length <= mine.length) {
      const query = seen.length ? `?before=${seen[seen.length - 1].id}` : "";
      const page: Row[] = await (await t.request(`/api/notifications${query}`, { as })).json();
      if (page.length === 0) break;
      assert.ok(page.length <= 50, "a page at most");
      seen.push(...page);
    }
    assert.equal(seen.length, mine.length, "every notification");
    assert.equal(new Set(seen.map((n) => n.id)).size, mine.length, "each once");
    const key = (n: Row) => [Date.parse(n.createdAt), n.id];
    for (let i = 1; i < seen.length; i++) {
      const [a, b] = [key(seen[i - 1]), key(seen[i])];
      assert.ok(a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]), `newest first at ${i}`);
    }

    const [other] = await db.select().from(users).where(eq(users.email, "admin@other.local"));
    const [theirs] = await db.insert(notifications).values({
      companyId: other.companyId,
      userId: other.id,
      title: "Чужое",
      message: "—",
    }).returning();
    assert.equal((await t.request(`/api/notifications?before=${theirs.id}`, { as })).status, 404);
    assert.equal((await t.request("/api/notifications?before=abc", { as })).status, 422);

    const html = await (await t.request("/notifications", { as })).text();
    assert.equal(html.match(/<li class="notification-item/g)?.length, 50, "the first page");
    const unread = mine.filter((n) => !n.isRead).length;
    assert.match(html, new RegExp(`Непрочитанных: ${unread}<`), "the whole unread count");
    assert.match(html, /Показать ещё/);
  }));

Deno.test("[app] Strict-Transport-Security is sent only when PUBLIC_URL is https, or without it when the request came over https", async () => {
  await withTestApp(async (t) => {
    assert.equal((await t.request("/login")).headers.get("strict-transport-security"), null);
  });
  await withTestApp({ env: { PUBLIC_URL: "http://192.168.1.5:8000" } }, async (t) => {
    assert.equal((await t.request("/login")).headers.get("strict-transport-security"), null);
  });
  await withTestApp({ env: { PUBLIC_URL: "https://smeta.example.ru" } }, async (t) => {
    assert.match((await t.request("/login")).headers.get("strict-transport-security") ?? "", /max-age=\d+/);
  });
  // Without PUBLIC_URL, the request's own scheme tells.
  await withTestApp(async (t) => {
    const secure = await t.app.request("https://smeta.example.ru/login");
    assert.match(secure.headers.get("strict-transport-security") ?? "", /max-age=\d+/);
  });
});
