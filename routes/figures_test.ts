// The demo's figures are the same number on every page that prints them.
import assert from "node:assert/strict";
import { createTestApp, type TestApp } from "../server/testing.ts";
import { figures } from "../db/figures.ts";
import { scopeOf } from "../db/scope.ts";
import { companies } from "../db/schema/mod.ts";
import { eq } from "drizzle-orm";
import { formatKopecks } from "../domain/format.ts";
import { foremanProjects, foremanStats } from "../db/foreman.ts";
import { assigneeTaskCounts } from "../db/stats.ts";
import { owedObjects } from "../db/ledger.ts";

/** The values of the stat cards with this label on a page, in order. */
function cards(html: string, label: string): string[] {
  const re = new RegExp(
    `<span class="stat-label">${label}</span>.*?<div class="stat-value num">(.*?)</div>`,
    "g",
  );
  return [...html.matchAll(re)].map((m) => m[1].replace(/<[^>]*>/g, ""));
}

async function page(t: TestApp, path: string, as: string): Promise<string> {
  const res = await t.request(path, { as });
  assert.equal(res.status, 200, `${path} as ${as}`);
  // React marks the seams between adjacent text pieces; the reader sees one text.
  return (await res.text()).replaceAll("<!-- -->", "");
}

Deno.test("[page] the dashboard, /engineer, /analytics, /admin and /companies print the same demo figures", async () => {
  const t = await createTestApp();
  try {
    const { db, now } = t.deps;
    const [demo] = await db.select().from(companies).where(eq(companies.name, "ООО «Демо Септик»"));
    const company = await figures(db, scopeOf(demo.id), "30d", now());
    const all = await figures(db, scopeOf(null), "30d", now());
    // The demo as documented: 13 objects, four completed (three of them the finished jobs) and one cancelled;
    // 7 staff; the customer has no company.
    assert.equal(company.activeObjects, 8);
    assert.equal(company.team, 7);
    assert.equal(all.users, 8);

    const revenue = formatKopecks(company.revenueKopecks).replace(",00 ₽", " ₽");
    for (
      const [path, as] of [["/dashboard", "engineer@demo.local"], ["/engineer", "engineer@demo.local"], [
        "/admin",
        "director@demo.local",
      ]]
    ) {
      const html = await page(t, path, as);
      assert.deepEqual(cards(html, "Активные объекты"), [String(company.activeObjects)], path);
      assert.deepEqual(cards(html, "Задачи в работе"), [String(company.tasksInWork)], path);
      assert.deepEqual(cards(html, "Команда"), [String(company.team)], path);
      assert.deepEqual(cards(html, "Выручка месяц"), [revenue], path);
      assert.match(html, /Как считаются показатели/, path);
    }
    const analytics = await page(t, "/analytics?period=30d", "engineer@demo.local");
    assert.deepEqual(cards(analytics, "Активные объекты"), [String(company.activeObjects)]);
    assert.deepEqual(cards(analytics, "Задачи в работе"), [String(company.tasksInWork)]);
    assert.deepEqual(cards(analytics, "Просрочено"), [String(company.overdueTasks)]);
    assert.ok(analytics.includes(formatKopecks(company.revenueKopecks)), "the revenue in the money card");

    const admin = await page(t, "/admin", "admin@demo.local");
    const companiesPage = await page(t, "/companies", "admin@demo.local");
    assert.deepEqual(cards(admin, "Пользователи"), [String(all.users)]);
    assert.deepEqual(cards(companiesPage, "Пользователи"), [String(all.users)]);
    assert.deepEqual(cards(admin, "Активные объекты"), [String(all.activeObjects)]);
    assert.match(companiesPage, /7 пользователей · 13 объектов/);
    assert.match(companiesPage, /1 пользователь · 2 объекта/);
  } finally {
    await t.close();
  }
});

Deno.test("every company's cabinet figures (the system administrator's) are each company's put together", async () => {
  const t = await createTestApp();
  try {
    const { db, now } = t.deps;
    const ids = (await db.select({ id: companies.id }).from(companies)).map((c) => scopeOf(c.id));
    assert.ok(ids.length >= 2);
    const each = <T>(read: (scope: ReturnType<typeof scopeOf>) => Promise<T>) => Promise.all(ids.map(read));
    const sum = (rows: Record<string, number>[]) =>
      Object.fromEntries(Object.keys(rows[0]).map((k) => [k, rows.reduce((s, r) => s + r[k], 0)]));

    assert.deepEqual(await foremanStats(db, scopeOf(null)), sum(await each((s) => foremanStats(db, s))));
    const counts = (s: ReturnType<typeof scopeOf>) =>
      assigneeTaskCounts(db, s, { assigneeRole: "measurement_engineer" }, now());
    assert.deepEqual(
      await counts(scopeOf(null)),
      sum((await each(counts)) as unknown as Record<string, number>[]),
    );
    const byId = (rows: { objectId?: number; id?: number }[]) =>
      rows.map((r) => r.objectId ?? r.id).sort((a, b) => a! - b!);
    assert.deepEqual(
      byId(await owedObjects(db, scopeOf(null), 100)),
      byId((await each((s) => owedObjects(db, s, 100))).flat()),
    );
    const projects = await foremanProjects(db, scopeOf(null), { limit: 100 });
    assert.ok(projects.length > 0);
    assert.deepEqual(
      byId(projects),
      byId((await each((s) => foremanProjects(db, s, { limit: 100 }))).flat()),
    );
  } finally {
    await t.close();
  }
});
