// The demo's figures are the same number on every page that prints them.
import assert from "node:assert/strict";
import { createTestApp, type TestApp } from "../server/testing.ts";
import { figures } from "../db/figures.ts";
import { scopeOf } from "../db/scope.ts";
import { companies } from "../db/schema/mod.ts";
import { eq } from "drizzle-orm";
import { formatKopecks } from "../domain/format.ts";

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
