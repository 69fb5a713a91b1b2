import assert from "node:assert/strict";
import { createTestApp } from "../server/testing.ts";

Deno.test("[page] /measurements lists the latest save per task of the company only, for the office", async () => {
  const t = await createTestApp();
  try {
    const tasks = await (await t.request("/api/tasks", { as: "surveyor@demo.local" })).json();
    // A task the demo has not measured yet (the demo's measured ones already have a save).
    const task = tasks.find((x: { title: string }) => x.title === "Замер участка под септик");
    for (const residents of [3, 5]) {
      const res = await t.request("/api/measurements", {
        as: "surveyor@demo.local",
        method: "POST",
        json: {
          taskId: task.id,
          measurements: { septic_model: "topas-5", residents_count: residents },
          photos: [],
          notes: "",
        },
      });
      assert.ok(res.ok, await res.text());
    }
    const html = await (await t.request("/measurements", { as: "engineer@demo.local" })).text();
    assert.match(html, new RegExp(task.title));
    assert.match(html, /сохранений: <!-- -->2/);
    assert.equal((await t.request("/measurements", { as: "surveyor@demo.local" })).status, 403);
    const other = await (await t.request("/measurements", { as: "admin@other.local" })).text();
    assert.doesNotMatch(other, new RegExp(task.title));
    assert.match(other, /Замеров пока нет/);
  } finally {
    await t.close();
  }
});
