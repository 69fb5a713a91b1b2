// deno-lint-ignore-file no-explicit-any
import assert from "node:assert/strict";
import { withTestApp } from "../testing.ts";

Deno.test("[api] only the foreman starts works on an approved project and finishes them; other statuses get 409", () =>
  withTestApp(async (t) => {
    const projects: any[] = await (await t.request("/api/foreman/projects", { as: "foreman@demo.local" }))
      .json();
    const approved = projects.find((p) => p.status === "approved");
    const completed = projects.find((p) => p.status === "completed");
    assert.ok(approved && completed);
    assert.ok(projects.every((p) => ["approved", "work_in_progress", "completed"].includes(p.status)));

    for (const who of ["engineer@demo.local", "surveyor@demo.local", "director@demo.local"]) {
      const res = await t.as(who).post(`/api/foreman/objects/${approved.id}/start-work`);
      assert.equal(res.status, 403, who);
    }
    const start = await t.as("foreman@demo.local").post(`/api/foreman/objects/${approved.id}/start-work`);
    assert.equal(start.status, 200);
    assert.equal((await start.json()).status, "work_in_progress");

    const again = await t.as("foreman@demo.local").post(`/api/foreman/objects/${approved.id}/start-work`);
    assert.equal(again.status, 409);

    const done = await t.as("foreman@demo.local").post(`/api/foreman/objects/${approved.id}/complete-work`);
    assert.equal(done.status, 200);
    assert.equal((await done.json()).status, "completed");

    const notRunning = await t.as("foreman@demo.local").post(
      `/api/foreman/objects/${completed.id}/complete-work`,
    );
    assert.equal(notRunning.status, 409);

    // The other company's approved object is not found for the demo foreman.
    const other: any[] = await (await t.request("/api/foreman/projects", { as: "admin@demo.local" })).json();
    const foreign = other.find((p) => p.address.includes("Щёлково"));
    assert.ok(foreign, "system_admin sees every company");
    const res = await t.as("foreman@demo.local").post(`/api/foreman/objects/${foreign.id}/start-work`);
    assert.equal(res.status, 404);

    const feed: any[] = await (await t.request("/api/activity", { as: "engineer@demo.local" })).json();
    assert.ok(feed.some((a) => a.objectId === approved.id && a.status === "completed"));
  }));
