import assert from "node:assert/strict";
import { createTestApp } from "../server/testing.ts";

Deno.test("[pages] a foreman is refused /engineer and a surveyor /foreman with the 403 page", async () => {
  const t = await createTestApp();
  try {
    const engineer = await t.request("/engineer", { as: "foreman@demo.local" });
    assert.equal(engineer.status, 403);
    assert.match(await engineer.text(), /У вас нет прав доступа к кабинету инженера/);
    const foreman = await t.request("/foreman", { as: "surveyor@demo.local" });
    assert.equal(foreman.status, 403);
    assert.match(await foreman.text(), /У вас нет прав доступа к панели бригадира/);
    assert.equal((await t.request("/surveyor", { as: "engineer@demo.local" })).status, 403);
    assert.equal((await t.request("/tasks", { as: "client@demo.local" })).status, 403);
  } finally {
    await t.close();
  }
});

Deno.test("[pages] the cabinets, tasks, dashboard, analytics and notifications render for their roles", async () => {
  const t = await createTestApp();
  try {
    const pages: Array<[string, string, RegExp]> = [
      ["/engineer", "engineer@demo.local", /Последние объекты[\s\S]*Назначить замер/],
      ["/engineer", "manager@demo.local", /Панель инженера/],
      ["/surveyor", "surveyor@demo.local", /Добро пожаловать, Дмитрий! У вас 2 активные задачи на замеры/],
      ["/surveyor", "admin@demo.local", /Мои задачи на замеры/],
      ["/foreman", "foreman@demo.local", /Завершить работы[\s\S]*Начать работы/],
      ["/tasks", "engineer@demo.local", /Просрочено/],
      ["/tasks?status=overdue", "surveyor@demo.local", /Повторный замер уровня грунтовых вод/],
      // The latest open tasks, in their table, before the activity.
      [
        "/dashboard",
        "director@demo.local",
        /Последние задачи[\s\S]*recent-tasks[\s\S]*Сервисный визит[\s\S]*Активность/,
      ],
      ["/notifications", "surveyor@demo.local", /Новая задача на замер/],
    ];
    for (const [path, as, expected] of pages) {
      const res = await t.request(path, { as });
      const html = await res.text();
      assert.equal(res.status, 200, `${path} as ${as}`);
      assert.match(html, expected, `${path} as ${as}`);
    }
  } finally {
    await t.close();
  }
});

Deno.test("[pages] /tasks?taskId= opens the task for its assignee and not for another surveyor", async () => {
  const t = await createTestApp();
  try {
    const [task] = await (await t.request("/api/tasks", { as: "surveyor@demo.local" })).json();
    const mine = await (await t.request(`/tasks?taskId=${task.id}`, { as: "surveyor@demo.local" })).text();
    assert.match(mine, /data-island="TaskDetailDialog"/);
    const other = await (await t.request(`/tasks?taskId=${task.id}`, { as: "surveyor2@demo.local" })).text();
    assert.doesNotMatch(other, /data-island="TaskDetailDialog"/);
    assert.match(other, /Задача не найдена/);
  } finally {
    await t.close();
  }
});

Deno.test("[pages] an active task's dialog leads to its measuring screen; a done one does not", async () => {
  const t = await createTestApp();
  try {
    // deno-lint-ignore no-explicit-any
    const tasks: any[] = await (await t.request("/api/tasks", { as: "surveyor@demo.local" })).json();
    const active = tasks.find((x) => x.storedStatus === "in_progress" && x.objectId);
    const done = tasks.find((x) => x.storedStatus === "completed");
    const page = async (id: number) =>
      await (await t.request(`/tasks?taskId=${id}`, { as: "surveyor@demo.local" })).text();
    assert.match(await page(active.id), new RegExp(`/field-work\\?taskId=${active.id}`));
    assert.doesNotMatch(await page(done.id), /\/field-work\?taskId=/);
  } finally {
    await t.close();
  }
});
