// «Статус вручную»: the chief engineer reads the status the events give beside the override, sets one with a
// reason and clears it; others may not, another company's object is not found.
import assert from "node:assert/strict";
import { expectJson, expectOk, withTestApp } from "../testing.ts";

Deno.test("[api] GET /api/objects/:id/status-override shows the status by events beside the override; set and cleared with a reason", () =>
  withTestApp(async (t) => {
    const list = await expectOk(t.as("engineer@demo.local").api.objects.$get({ query: { pageSize: "100" } }));
    const job = list.find((o) => o.address.includes("Раменское"));
    assert.ok(job, "the demo has an object at Раменское");
    const override = (as: string) => t.as(as).api.objects[":id{[0-9]+}"]["status-override"];
    const param = { id: String(job.id) };
    const before = await expectOk(override("engineer@demo.local").$get({ param }));
    assert.deepEqual([before.derived.status, before.derived.badge.label], [
      "work_in_progress",
      "Работы ведутся",
    ]);
    assert.equal(before.override, null);

    assert.equal((await override("manager@demo.local").$get({ param })).status, 403);
    assert.equal(
      (await override("foreman@demo.local").$put({ param, json: { status: "cancelled", reason: "Клиент" } }))
        .status,
      403,
    );
    assert.equal((await override("admin@other.local").$get({ param })).status, 404);
    const noReason = await expectJson(
      override("engineer@demo.local").$put({ param, json: { status: "cancelled", reason: "" } }),
      422,
    );
    assert.ok(noReason.errors.reason[0].startsWith("Укажите причину"));

    await expectOk(
      override("engineer@demo.local").$put({
        param,
        json: { status: "cancelled", reason: "Клиент отказался от работ" },
      }),
    );
    const set = await expectOk(override("engineer@demo.local").$get({ param }));
    assert.deepEqual(
      [set.override?.status, set.override?.reason, set.derived.status],
      ["cancelled", "Клиент отказался от работ", "work_in_progress"],
      "the events' status stays visible beside the override",
    );
    assert.ok(set.override?.at);
    await expectOk(
      override("engineer@demo.local").$put({ param, json: { status: null, reason: "Клиент передумал" } }),
    );
    const cleared = await expectOk(override("engineer@demo.local").$get({ param }));
    assert.equal(cleared.override, null);
    assert.equal(
      (await expectOk(t.as("engineer@demo.local").api.objects[":id{[0-9]+}"].$get({ param }))).status,
      "work_in_progress",
    );
  }));
