import assert from "node:assert/strict";
import { asc, eq } from "drizzle-orm";
import { companies, objects, tasks, users } from "../db/schema/mod.ts";
import { createTestApp } from "../server/testing.ts";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!)
    .replace(/[.()]/g, "\\$&");

const cards = (html: string) => [...html.matchAll(/Страничная задача (\d+)</g)].map((m) => Number(m[1]));

Deno.test("[pages] /tasks shows the tasks a page at a time, with the total and links that keep the filter", async () => {
  const t = await createTestApp();
  try {
    const { db } = t.deps;
    const [company] = await db.select().from(companies).where(eq(companies.name, "ООО «Демо Септик»"));
    const [engineer] = await db.select().from(users).where(eq(users.email, "engineer@demo.local"));
    const start = Date.now() + 60_000;
    await db.insert(tasks).values(Array.from({ length: 60 }, (_, i) => ({
      companyId: company.id,
      assignedTo: engineer.id,
      title: `Страничная задача ${i}`,
      createdAt: new Date(start + i * 1000),
      updatedAt: new Date(start + i * 1000),
    })));
    const query = `assignedTo=${engineer.id}`;
    const first = await (await t.request(`/tasks?${query}`, { as: "engineer@demo.local" })).text();
    const [, totalText] = first.match(/(\d+) задач/) ?? [];
    const total = Number(totalText);
    assert.ok(total >= 60, `the subtitle counts every task of the filter, not the page: ${totalText}`);
    // Newest first: the 48 newest of the added tasks fill page 1.
    assert.deepEqual(cards(first), Array.from({ length: 48 }, (_, i) => 59 - i));
    const pages = Math.ceil(total / 48);
    assert.match(first, new RegExp(`Страница 1 из ${pages}`));
    assert.match(first, new RegExp(`href="/tasks\\?${query}&amp;page=2" rel="next"`));

    const second = await (await t.request(`/tasks?${query}&page=2`, { as: "engineer@demo.local" })).text();
    assert.deepEqual(cards(second).slice(0, 12), Array.from({ length: 12 }, (_, i) => 11 - i));
    assert.match(second, new RegExp(`href="/tasks\\?${query}" rel="prev"`));
  } finally {
    await t.close();
  }
});

Deno.test("[pages] the task and estimate filters name the object they filter by when it is older than the 300 they list", async () => {
  const t = await createTestApp();
  try {
    const { db } = t.deps;
    const [company] = await db.select().from(companies).where(eq(companies.name, "ООО «Демо Септик»"));
    const [oldest] = await db.select().from(objects).where(eq(objects.companyId, company.id))
      .orderBy(asc(objects.createdAt), asc(objects.id)).limit(1);
    const start = Date.now() + 60_000;
    await db.insert(objects).values(Array.from({ length: 300 }, (_, i) => ({
      companyId: company.id,
      address: `Московская обл., г. Истра, ул. Новая, д. ${i + 1}`,
      createdAt: new Date(start + i * 1000),
      updatedAt: new Date(start + i * 1000),
    })));
    const option = (selected: string) =>
      new RegExp(`<option value="${oldest.id}"${selected}>${escapeHtml(oldest.address)}</option>`);
    for (const path of ["/tasks", "/estimates"]) {
      const all = await (await t.request(path, { as: "engineer@demo.local" })).text();
      assert.doesNotMatch(all, option("[^>]*"), `${path}: not among the 300 newest`);
      const filtered = await (await t.request(`${path}?objectId=${oldest.id}`, { as: "engineer@demo.local" }))
        .text();
      assert.match(filtered, option(' selected=""'), `${path}: the filter names the object`);
    }
  } finally {
    await t.close();
  }
});
