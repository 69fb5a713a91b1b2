// Queries per page: each list page sends a bounded number of statements, and no more however many records
// the company has (no query per row). Cached pages (server/page_cache.ts) may send fewer.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { companies, objects, tasks, users } from "../db/schema/mod.ts";
import { countQueries } from "./query_count.ts";
import { withTestApp } from "./testing.ts";

/**
 * The most statements each page may send (the session read goes through its own connection, not counted; so
 * does the bell's count of a cached page, read with the page cache's key).
 */
const bounds: Record<string, number> = {
  "/api/user": 0,
  "/api/objects": 2,
  "/objects": 3,
  "/tasks": 4, // the page, its total (for the pager), the object and assignee choices
  "/estimates": 4, // the page, its summary, the dialog's object choices and its suggested number
  "/analytics": 7, // the period's figures, the money received, the receivables by age, the service figures
  // (agreements with their money, visits by month) …
  "/dashboard": 8, // … and the service figures (2)
  "/engineer": 9, // the figures, the activity (2), 6 tasks, 5 objects, the dialogs' choices (3), the money owed
  "/foreman": 5, // the cards, the projects (estimate, contract state, documents, comments), the route (3)
};

/** Who reads a page the engineer may not open. */
const readers: Record<string, string> = { "/foreman": "foreman@demo.local" };

Deno.test("queries per page: within the bound and independent of the number of records", () =>
  withTestApp(async (t) => {
    const as = "engineer@demo.local";
    const count = async (path: string) => {
      const { result, queries } = await countQueries(t.deps.db, async () => {
        const res = await t.request(path, { as: readers[path] ?? as });
        await res.arrayBuffer();
        return res.status;
      });
      assert.equal(result, 200, path);
      return queries.length;
    };
    await count("/api/user");
    // Signed in before counting, as the engineer is by the line above.
    await t.request("/api/user", { as: readers["/foreman"] });
    const before = new Map<string, number>();
    for (const path of Object.keys(bounds)) before.set(path, await count(path));

    const { db } = t.deps;
    const [company] = await db.select().from(companies).where(eq(companies.name, "ООО «Демо Септик»"));
    const [engineer] = await db.select().from(users).where(eq(users.email, as));
    const added = await db.insert(objects).values(
      Array.from({ length: 40 }, (_, i) => ({ companyId: company.id, address: `ул Новая, д ${i}` })),
    ).returning({ id: objects.id });
    await db.insert(tasks).values(added.map((o, i) => ({
      companyId: company.id,
      objectId: o.id,
      assignedTo: engineer.id,
      title: `Задача ${i}`,
    })));

    for (const [path, bound] of Object.entries(bounds)) {
      const after = await count(path);
      assert.ok(after <= bound, `${path}: ${after} queries, bound ${bound}`);
      assert.ok(
        after <= before.get(path)!,
        `${path}: ${after} queries, ${before.get(path)} before the data grew`,
      );
    }
  }));

Deno.test("queries per task edit: the task is read once, before it is changed, whatever the change", () =>
  withTestApp(async (t) => {
    const as = "engineer@demo.local";
    const [task] = await t.deps.db.select({ id: tasks.id }).from(tasks).where(eq(tasks.status, "assigned"))
      .limit(1);
    await t.request("/api/user", { as });
    const edit = async (body: Record<string, unknown>) => {
      const { result, queries } = await countQueries(t.deps.db, async () => {
        const res = await t.request(`/api/tasks/${task.id}`, { as, method: "PATCH", json: body });
        await res.arrayBuffer();
        return res.status;
      });
      assert.equal(result, 200, JSON.stringify(body));
      return queries.filter((q) => /^\s*select\b[\s\S]*\bfrom "tasks"/i.test(q)).length;
    };
    assert.equal(await edit({ description: "Позвонить за час" }), 1, "a description");
    assert.equal(await edit({ priority: "high" }), 1, "a priority");
    // The object's state may follow the task's status (db/job_status.ts): its new status comes from that
    // refresh, not from reading the task again (server/api/tasks_test.ts compares the answer with a fresh read).
    assert.equal(await edit({ status: "in_progress" }), 1, "a status");
  }));
