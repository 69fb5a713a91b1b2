// The operator's view of the app: request and error log lines without personal data, /healthz and /readyz,
// and /metrics behind its token.
import assert from "node:assert/strict";
import { join } from "node:path";
import { expectJson, withTestApp } from "./testing.ts";
import { seedRecords } from "./testing_routes.ts";
import { redact, REDACTED } from "./log.ts";
import { operationRoutes } from "./testing_routes.ts";

const lines = (logs: string[]) => logs.map((line) => JSON.parse(line));

Deno.test("[api] each request writes one JSON line with its id, route pattern, status, time, user and company", () =>
  withTestApp(async (t) => {
    const objects = await expectJson(t.as("director@demo.local").get("/api/objects"));
    const id = (Array.isArray(objects) ? objects : objects.items)[0].id;
    t.logs.length = 0;
    const res = await t.request(`/api/objects/${id}`, { as: "director@demo.local" });
    await res.body?.cancel();
    const requestId = res.headers.get("X-Request-Id");
    assert.ok(requestId);
    const line = lines(t.logs).find((l) => l.event === "request" && l.requestId === requestId);
    assert.ok(line, t.logs.join("\n"));
    const director = await expectJson(t.as("director@demo.local").get("/api/user"));
    assert.deepEqual(
      {
        method: line.method,
        route: line.route,
        status: line.status,
        userId: line.userId,
        company: line.companyId,
      },
      {
        method: "GET",
        route: "/api/objects/:id{[0-9]+}",
        status: 200,
        userId: director.id,
        company: director.companyId,
      },
    );
    assert.equal(typeof line.ms, "number");
  }));

Deno.test("[api] an internal error logs its stack with the request id, which the error page shows", () =>
  withTestApp(async (t) => {
    t.app.get("/boom-for-test", () => {
      throw new Error("сломалось");
    });
    const res = await t.request("/boom-for-test");
    assert.equal(res.status, 500);
    const requestId = res.headers.get("X-Request-Id")!;
    assert.match(await res.text(), new RegExp(`Код запроса: <code>${requestId}</code>`));
    const error = lines(t.logs).find((l) => l.event === "error");
    assert.equal(error?.requestId, requestId);
    assert.match(error.stack, /сломалось[\s\S]*operations_test\.ts/);
  }));

Deno.test("redact() hides secret fields and e-mails, phones, passports and tokens inside text", () => {
  const out = redact({
    password: "secret123",
    clientPassport: "4510 123456",
    message: "client olga@example.ru +7 (916) 111-22-33 паспорт 4510 123456 token Zx9_8aB7cD6eF5gH4iJ3kL2mN1",
    requestId: "3f1c1d9e-0000-4000-8000-000000000000",
  });
  assert.deepEqual(out, {
    password: REDACTED,
    clientPassport: REDACTED,
    message: `client ${REDACTED} ${REDACTED} паспорт ${REDACTED} token ${REDACTED}`,
    requestId: "3f1c1d9e-0000-4000-8000-000000000000",
  });
});

Deno.test("[api] sign-in, a contract with a passport and a shop checkout leave no personal data in the log", () =>
  withTestApp(async (t) => {
    const { demo } = await seedRecords(t);
    // The client's link and the buyer's order open with their secrets in the address.
    for (const path of [`/c/${demo.token}`, `/ruslos/orders/${demo.orderNumber}?key=${demo.orderKey}`]) {
      await (await t.request(path)).body?.cancel();
    }
    const cookie = await t.login("director@demo.local");
    await (await t.request("/api/user", { headers: { Cookie: cookie } })).body?.cancel();
    // Without the request ids and timings, whose digits may hold a short secret such as «4510» by chance.
    const log = t.logs.join("\n").replace(/"requestId":"[^"]*"|"ms":[\d.]+/g, "");
    assert.ok(lines(t.logs).filter((l) => l.event === "request").length > 20, "the flows were logged");
    const secrets = [
      "4510 123456",
      "4510",
      "123456",
      "+7 916 555-12-34",
      "555-12-34",
      "+7 916 111-22-33",
      "olga@example.ru",
      "demo12345",
      cookie.split("=")[1],
      String(demo.token),
      String(demo.orderKey),
    ];
    for (const secret of secrets) assert.ok(!log.includes(secret), `«${secret}» is in the log`);
  }));

Deno.test("[api] /healthz answers without the database; /readyz answers ready, or 503 with the reasons", () =>
  withTestApp(async (t) => {
    assert.deepEqual(await expectJson(t.request("/healthz")), { status: "ok" });
    assert.deepEqual(await expectJson(t.request("/readyz")), { status: "ready" });

    const uploads = join(t.dir, "uploads");
    await Deno.chmod(uploads, 0o555);
    (t.deps.env as { READY_MIN_FREE_MB: number }).READY_MIN_FREE_MB = Number.MAX_SAFE_INTEGER;
    try {
      const body = await expectJson(t.request("/readyz"), 503);
      assert.equal(body.status, "not_ready");
      const codes = body.reasons.map((r: { code: string }) => r.code);
      // Root writes anywhere: the folder's mode stops only other users.
      const root = Deno.uid() === 0;
      assert.deepEqual(codes, root ? ["disk_low"] : ["uploads_not_writable", "disk_low"]);
      for (const r of body.reasons) assert.match(r.message, /[а-яё]/i);
    } finally {
      await Deno.chmod(uploads, 0o755);
    }
    t.deps.db.$client.close();
    assert.deepEqual(await expectJson(t.request("/healthz")), { status: "ok" });
    const down = await expectJson(t.request("/readyz"), 503);
    assert.equal(down.reasons[0].code, "database_unavailable");
  }));

Deno.test("[api] /metrics answers 404 without its token and the Prometheus text with it", () =>
  withTestApp({ env: { METRICS_TOKEN: "metrics-secret-token" } }, async (t) => {
    assert.equal((await t.request("/metrics")).status, 404);
    assert.equal((await t.request("/metrics", { headers: { Authorization: "Bearer wrong" } })).status, 404);
    await (await t.request("/estimates", { as: "director@demo.local" })).body?.cancel();
    await (await t.request("/estimates", { as: "director@demo.local" })).body?.cancel();
    await expectJson(t.as("director@demo.local").post("/api/tasks", {}), 422);
    const res = await t.request("/metrics", { headers: { Authorization: "Bearer metrics-secret-token" } });
    assert.equal(res.status, 200);
    assert.match(res.headers.get("Content-Type") ?? "", /^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    const names = new Set(
      text.split("\n").filter((l) => l && !l.startsWith("#")).map((l) => l.split(/[{ ]/)[0]),
    );
    for (
      const name of [
        "polesmeta_http_request_duration_seconds_bucket",
        "polesmeta_db_statement_duration_seconds_count",
        "polesmeta_write_queue_wait_seconds_count",
        "polesmeta_page_cache_lookups_total",
        "polesmeta_outbox_pending_messages",
        "polesmeta_process_memory_bytes",
      ]
    ) assert.ok(names.has(name), `${name} in\n${[...names].join("\n")}`);
    assert.match(
      text,
      /polesmeta_http_request_duration_seconds_count\{method="GET",route="\/estimates",status="200"\}/,
    );
    assert.match(text, /polesmeta_page_cache_lookups_total\{result="hit"\} [1-9]/);
  }));

Deno.test("[matrix] the operations routes are registered with the rule server/testing_routes.ts gives them", () =>
  withTestApp(async (t) => {
    const registered = t.app.routes.filter((r) => r.method === "GET").map((r) => r.path);
    for (const [path, rule] of Object.entries(operationRoutes)) {
      assert.ok(registered.includes(path), path);
      const res = await t.request(path);
      await res.body?.cancel();
      assert.equal(res.status, rule === "public" ? 200 : 404, path);
    }
  }));
