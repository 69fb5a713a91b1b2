import assert from "node:assert/strict";
import { expectOk, withTestApp } from "../testing.ts";

Deno.test("[api] only the foreman starts works on an approved project and finishes them; other statuses get 409", () =>
  withTestApp(async (t) => {
    const foreman = t.as("foreman@demo.local").api.foreman;
    const projects = await expectOk(foreman.projects.$get());
    const approved = projects.find((p) => p.status === "approved");
    const completed = projects.find((p) => p.status === "completed");
    assert.ok(approved && completed);
    assert.ok(projects.every((p) => ["approved", "work_in_progress", "completed"].includes(p.status)));

    const startWork = (who: string, id: number) =>
      t.as(who).api.foreman.objects[":id"]["start-work"].$post({ param: { id: String(id) } });
    for (const who of ["engineer@demo.local", "surveyor@demo.local", "director@demo.local"]) {
      const res = await startWork(who, approved.id);
      assert.equal(res.status, 403, who);
    }
    const start = await expectOk(startWork("foreman@demo.local", approved.id));
    assert.equal(start.status, "work_in_progress");

    const again = await startWork("foreman@demo.local", approved.id);
    assert.equal(again.status, 409);

    const completeWork = (id: number) =>
      foreman.objects[":id"]["complete-work"].$post({ param: { id: String(id) } });
    const done = await expectOk(completeWork(approved.id));
    assert.equal(done.status, "completed");

    const notRunning = await completeWork(completed.id);
    assert.equal(notRunning.status, 409);

    // The other company's approved object is not found for the demo foreman.
    const other = await expectOk(t.as("admin@demo.local").api.foreman.projects.$get());
    const foreign = other.find((p) => p.address.includes("Щёлково"));
    assert.ok(foreign, "system_admin sees every company");
    const res = await startWork("foreman@demo.local", foreign.id);
    assert.equal(res.status, 404);

    const feed = await expectOk(t.as("engineer@demo.local").api.activity.$get({ query: {} }));
    assert.ok(feed.some((a) => a.objectId === approved.id && a.status === "completed"));
  }));
