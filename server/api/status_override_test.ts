// deno-lint-ignore-file no-explicit-any
// «Статус вручную»: the chief engineer reads the status the events give beside the override, sets one with a
// reason and clears it; others may not, another company's object is not found.
import assert from "node:assert/strict";
import { expectJson, withTestApp } from "../testing.ts";

Deno.test("[api] GET /api/objects/:id/status-override shows the status by events beside the override; set and cleared with a reason", () =>
  withTestApp(async (t) => {
    const objects = await expectJson<any>(t.as("engineer@demo.local").get("/api/objects?limit=100"));
    const list: any[] = Array.isArray(objects) ? objects : objects.items;
    const job = list.find((o) => o.address.includes("Раменское"));
    const path = `/api/objects/${job.id}/status-override`;
    const before = await expectJson(t.as("engineer@demo.local").get(path));
    assert.deepEqual([before.derived.status, before.derived.badge.label], [
      "work_in_progress",
      "Работы ведутся",
    ]);
    assert.equal(before.override, null);

    assert.equal((await t.as("manager@demo.local").get(path)).status, 403);
    assert.equal(
      (await t.as("foreman@demo.local").put(path, { status: "cancelled", reason: "Клиент" })).status,
      403,
    );
    assert.equal((await t.as("admin@other.local").get(path)).status, 404);
    const noReason = await expectJson(
      t.as("engineer@demo.local").put(path, { status: "cancelled", reason: "" }),
      422,
    );
    assert.ok(noReason.errors.reason[0].startsWith("Укажите причину"));

    await expectJson(
      t.as("engineer@demo.local").put(path, { status: "cancelled", reason: "Клиент отказался от работ" }),
    );
    const set = await expectJson(t.as("engineer@demo.local").get(path));
    assert.deepEqual(
      [set.override.status, set.override.reason, set.derived.status],
      ["cancelled", "Клиент отказался от работ", "work_in_progress"],
      "the events' status stays visible beside the override",
    );
    assert.ok(set.override.at);
    await expectJson(t.as("engineer@demo.local").put(path, { status: null, reason: "Клиент передумал" }));
    const cleared = await expectJson(t.as("engineer@demo.local").get(path));
    assert.equal(cleared.override, null);
    assert.equal(
      (await expectJson(t.as("engineer@demo.local").get(`/api/objects/${job.id}`))).status,
      "work_in_progress",
    );
  }));
