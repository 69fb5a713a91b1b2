import assert from "node:assert/strict";
import { asc, eq } from "drizzle-orm";
import { companies, estimates, objects, tasks, users } from "../db/schema/mod.ts";
import { createTestApp } from "../server/testing.ts";

/** A pattern (RegExp source) of `text` as the page writes it: HTML-escaped, then its regex characters escaped. */
const htmlPattern = (text: string) =>
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

Deno.test("[pages] the task and estimate lists search their objects instead of listing them, and name the object a list was opened for", async () => {
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
    const as = "engineer@demo.local";
    for (const path of ["/tasks", "/estimates"]) {
      const all = await (await t.request(path, { as })).text();
      assert.doesNotMatch(all, /<select[^>]*name="objectId"/, `${path}: no select of the company's objects`);
      assert.match(all, /<input id="f-q" type="search"[^>]* name="q"/, `${path}: a search field instead`);

      // Opened from the oldest object's card: the filter names it, keeps it, and «Все объекты» drops it.
      const filtered = await (await t.request(`${path}?objectId=${oldest.id}`, { as })).text();
      assert.match(filtered, new RegExp(`<input type="hidden" name="objectId" value="${oldest.id}"/>`));
      assert.match(
        filtered,
        new RegExp(`<span>${htmlPattern(oldest.address)}</span> <a [^>]*href="${path}">Все объекты</a>`),
      );
    }

    // /tasks?q= lists the tasks of the objects whose address (in any case) contains it, and only those.
    const objectLinks = (html: string) =>
      [...html.matchAll(/<dd><a href="\/objects\?objectId=\d+">([^<]+)<\/a><\/dd>/g)].map((m) => m[1]);
    const every = objectLinks(await (await t.request("/tasks", { as })).text());
    const word = every.find((a) => a.includes("Клин"))?.match(/г\. (\S+),/)?.[1];
    assert.equal(word, "Клин", "the demo has a task at Клин");
    assert.ok(every.some((a) => !a.includes(word)), "and tasks elsewhere");
    for (const q of [word, word.toLowerCase()]) {
      const page = await (await t.request(`/tasks?q=${encodeURIComponent(q)}`, { as })).text();
      const found = objectLinks(page);
      assert.ok(found.length > 0 && found.every((a) => a.includes(word)), `${q}: ${found.join("; ")}`);
      assert.match(
        page,
        new RegExp(`>${found.length} задач[аи]?<`),
        "the subtitle counts the search's tasks",
      );
    }

    // A changed address is found at once, in any case, by each list (the index follows the object, the
    // cached pages its counter), and the old one no longer.
    const klin = (await db.select().from(objects).where(eq(objects.companyId, company.id)))
      .find((o) => o.address.includes("Клин"))!;
    const searched = async (path: string, q: string) =>
      await (await t.request(`${path}?q=${encodeURIComponent(q)}`, { as })).text();
    assert.ok((await searched("/objects", "Клин")).includes(klin.address));
    const moved = klin.address.replace("Клин", "Можайск");
    const res = await t.request(`/api/objects/${klin.id}`, { as, method: "PATCH", json: { address: moved } });
    assert.equal(res.status, 200);
    for (const path of ["/objects", "/tasks", "/estimates"]) {
      const page = await searched(path, "мОЖАЙСК");
      assert.ok(page.includes(moved), `${path} finds the new address`);
    }
    const old = await searched("/objects", "Клин");
    assert.ok(!old.includes(klin.address), "the old address is gone (the cached page with it too)");
    assert.ok(!old.includes(`data-object-details="${klin.id}"`), "and the index no longer finds it by it");
  } finally {
    await t.close();
  }
});

Deno.test("[pages] /estimates shows the estimates a page at a time, the cards counting them all", async () => {
  const t = await createTestApp();
  try {
    const { db } = t.deps;
    const [company] = await db.select().from(companies).where(eq(companies.name, "ООО «Демо Септик»"));
    const [object] = await db.select().from(objects).where(eq(objects.companyId, company.id)).limit(1);
    const start = Date.now() + 60_000;
    await db.insert(estimates).values(Array.from({ length: 60 }, (_, i) => ({
      companyId: company.id,
      objectId: object.id,
      estimateNumber: `СМ-СТР-${i}`,
      createdAt: new Date(start + i * 1000),
      updatedAt: new Date(start + i * 1000),
    })));
    // Each estimate once, in page order (the table and its phone cards both name it).
    const numbers = (
      html: string,
    ) => [...new Set([...html.matchAll(/СМ-СТР-(\d+)</g)].map((m) => Number(m[1])))];
    const first = await (await t.request("/estimates", { as: "engineer@demo.local" })).text();
    const total = Number(first.match(/(\d+) смет/)?.[1]);
    assert.ok(total >= 60, `the subtitle counts every estimate: ${total}`);
    assert.deepEqual(numbers(first), Array.from({ length: 48 }, (_, i) => 59 - i), "the 48 newest");
    const pages = Math.ceil(total / 48);
    assert.match(first, new RegExp(`Страница 1 из ${pages}`));
    assert.match(first, /href="\/estimates\?page=2" rel="next"/);
    const second = await (await t.request("/estimates?page=2", { as: "engineer@demo.local" })).text();
    assert.deepEqual(numbers(second).slice(0, 12), Array.from({ length: 12 }, (_, i) => 11 - i));
    const searched =
      await (await t.request("/estimates?q=%D0%A1%D0%A2%D0%A0&page=2", { as: "engineer@demo.local" }))
        .text();
    assert.deepEqual(numbers(searched), Array.from({ length: 12 }, (_, i) => 11 - i), "a search pages too");
    assert.match(searched, /href="\/estimates\?q=%D0%A1%D0%A2%D0%A0" rel="prev"/);
  } finally {
    await t.close();
  }
});
