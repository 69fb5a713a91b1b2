// Webhooks against a local receiver (Deno.serve on 127.0.0.1): the signature verifies with the secret shown at
// creation, a 500 is retried, nothing is delivered twice, a killed worker's claim is delivered once by the next
// run, a deleted endpoint stops receiving, and a rotated secret signs what follows.
// deno-lint-ignore-file no-explicit-any
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { encodeHexLowerCase } from "@oslojs/encoding";
import { expectJson, type TestApp, withTestApp } from "./testing.ts";
import { deliverDueMessages, retryDelayMs } from "./outbox_worker.ts";
import { claimDueMessages, enqueueClientMessage } from "../db/outbox.ts";
import { companies, outboxMessages } from "../db/schema/mod.ts";

const ADMIN = "director@demo.local";
const OTHER_ADMIN = "admin@other.local";
const ENV = { MAIL_SECRET_KEY: "test-key-0123456789-abcdefghijklmnop", WEBHOOK_ALLOW_LOOPBACK: "true" };

interface Received {
  body: string;
  signature: string;
  delivery: string;
}

/** A receiver answering each request with the next of `statuses` (then 200), keeping what it got. */
async function withReceiver(fn: (r: { url: string; got: Received[]; statuses: number[] }) => Promise<void>) {
  const got: Received[] = [];
  const statuses: number[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
    got.push({
      body: await req.text(),
      signature: req.headers.get("X-Polesmeta-Signature") ?? "",
      delivery: req.headers.get("X-Polesmeta-Delivery") ?? "",
    });
    return new Response("ok", { status: statuses.shift() ?? 200 });
  });
  try {
    await fn({ url: `http://127.0.0.1:${server.addr.port}/hooks`, got, statuses });
  } finally {
    await server.shutdown();
  }
}

/** The receiver's side of the check (docs/messages.md shows the same). */
async function verifies(secret: string, header: string, body: string): Promise<boolean> {
  const parts = Object.fromEntries(header.split(",").map((p) => p.split("=", 2)));
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${parts.t}.${body}`));
  return encodeHexLowerCase(new Uint8Array(mac)) === parts.v1;
}

function clock(start = new Date("2026-11-20T09:00:00Z")) {
  let at = start.getTime();
  return { now: () => new Date(at), advance: (ms: number) => at += ms };
}

const run = (t: TestApp, owner = "test-worker") =>
  deliverDueMessages(t.deps, null, { owner, leaseMs: 60_000 });

async function demoCompany(t: TestApp) {
  const [co] = await t.deps.db.select().from(companies).where(eq(companies.name, "ООО «Демо Септик»"));
  return co.id;
}

async function raise(t: TestApp, companyId: number, key: string, event: any = "contract_to_sign") {
  await t.deps.db.transaction((tx) =>
    enqueueClientMessage(tx, {
      companyId,
      objectId: null,
      event,
      recipient: null,
      key,
      facts: { link: `http://localhost/c/${key}`, address: "д. Лечищево, уч. 12" },
      origin: "http://localhost",
      now: t.deps.now(),
    })
  );
}

async function addWebhook(t: TestApp, url: string, events = ["contract_to_sign"]) {
  return await expectJson<{ id: number; secret: string }>(
    t.as(ADMIN).post("/api/client-messages/webhooks", { url, events }),
    201,
  );
}

Deno.test({
  name: "[webhook] an event is POSTed once as signed JSON that verifies with the secret shown at creation",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: () =>
    withReceiver((receiver) =>
      withTestApp({ env: ENV, now: clock().now }, async (t) => {
        const hook = await addWebhook(t, receiver.url);
        assert.match(hook.secret, /^whsec_/);
        const settings = await (await t.as(ADMIN).get("/api/client-messages/settings")).text();
        assert.ok(!settings.includes(hook.secret), "the secret is shown once, at creation");
        const company = await demoCompany(t);
        await raise(t, company, "a");
        await raise(t, company, "a");
        await raise(t, company, "b", "order_status");
        assert.deepEqual(await run(t), { claimed: 1, sent: 1, retried: 0, failed: 0 });
        assert.deepEqual(await run(t), { claimed: 0, sent: 0, retried: 0, failed: 0 });
        assert.equal(receiver.got.length, 1, "one event chosen, raised twice: one delivery");
        const [got] = receiver.got;
        assert.ok(await verifies(hook.secret, got.signature, got.body));
        assert.ok(!await verifies("whsec_other", got.signature, got.body));
        const payload = JSON.parse(got.body);
        assert.equal(payload.event, "contract_to_sign");
        assert.equal(payload.eventLabel, "Договор на подпись");
        assert.deepEqual(payload.company, { id: company, name: "ООО «Демо Септик»" });
        assert.equal(payload.link, "http://localhost/c/a");
        assert.equal(payload.time, t.deps.now().toISOString());
        const [row] = await t.deps.db.select().from(outboxMessages).where(
          eq(outboxMessages.channel, "webhook"),
        );
        assert.equal(got.delivery, String(row.id));
        assert.equal(row.lastResponse, "HTTP 200 ok");
      })
    ),
});

Deno.test({
  name:
    "[webhook] a 500 is retried after the backoff and delivered once; a killed worker's claim is sent once",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const time = clock();
    await withReceiver((receiver) =>
      withTestApp({ env: ENV, now: time.now }, async (t) => {
        await addWebhook(t, receiver.url);
        const company = await demoCompany(t);
        await raise(t, company, "a");
        receiver.statuses.push(500);
        assert.deepEqual(await run(t), { claimed: 1, sent: 0, retried: 1, failed: 0 });
        const [waiting] = await t.deps.db.select().from(outboxMessages);
        assert.equal(waiting.lastResponse, "HTTP 500 ok");
        assert.deepEqual(await run(t), { claimed: 0, sent: 0, retried: 0, failed: 0 }, "not before its time");
        time.advance(retryDelayMs(1));
        assert.deepEqual(await run(t), { claimed: 1, sent: 1, retried: 0, failed: 0 });
        assert.equal(receiver.got.length, 2);
        // A worker claims the next event and dies before sending: after its lease the next run sends it, once.
        await raise(t, company, "b");
        const claimed = await claimDueMessages(t.deps.db, "killed-worker", {
          now: time.now(),
          leaseUntil: new Date(time.now().getTime() + 60_000),
          limit: 20,
          defaultMailServer: false,
        });
        assert.equal(claimed.length, 1);
        assert.deepEqual(await run(t, "next-worker"), { claimed: 0, sent: 0, retried: 0, failed: 0 });
        time.advance(60_000);
        assert.deepEqual(await run(t, "next-worker"), { claimed: 1, sent: 1, retried: 0, failed: 0 });
        assert.deepEqual(await run(t, "next-worker"), { claimed: 0, sent: 0, retried: 0, failed: 0 });
        assert.equal(receiver.got.length, 3);
      })
    );
  },
});

Deno.test({
  name: "[webhook] a deleted endpoint stops receiving; a rotated secret signs what follows",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: () =>
    withReceiver((receiver) =>
      withTestApp({ env: ENV }, async (t) => {
        const company = await demoCompany(t);
        const kept = await addWebhook(t, receiver.url);
        const gone = await addWebhook(t, `${receiver.url}?gone`);
        await raise(t, company, "a");
        await expectJson(t.as(ADMIN).delete(`/api/client-messages/webhooks/${gone.id}`));
        const rotated = await expectJson(t.as(ADMIN).post(`/api/client-messages/webhooks/${kept.id}/rotate`));
        assert.notEqual(rotated.secret, kept.secret);
        await run(t);
        await raise(t, company, "b");
        await run(t);
        assert.equal(receiver.got.length, 2, "only the kept endpoint receives");
        for (const got of receiver.got) {
          assert.ok(await verifies(rotated.secret, got.signature, got.body));
          assert.ok(!await verifies(kept.secret, got.signature, got.body));
        }
        const failed = await t.deps.db.select().from(outboxMessages).where(
          eq(outboxMessages.webhookId, gone.id),
        );
        assert.deepEqual(failed.map((m) => [m.status, m.lastResponse]), [["failed", "адрес удалён"]]);
      })
    ),
});

Deno.test({
  name: "[api] /api/client-messages/webhooks answers 404 for another company's endpoint and 422 by field",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: () =>
    withTestApp({ env: { MAIL_SECRET_KEY: ENV.MAIL_SECRET_KEY } }, async (t) => {
      const http = await expectJson(
        t.as(ADMIN).post("/api/client-messages/webhooks", { url: "http://crm.example.ru/h", events: [] }),
        422,
      );
      assert.equal(http.errors.events[0], "Выберите хотя бы одно событие");
      const plain = await expectJson(
        t.as(ADMIN).post("/api/client-messages/webhooks", {
          url: "http://crm.example.ru/h",
          events: ["order_status"],
        }),
        422,
      );
      assert.equal(plain.errors.url[0], "Адрес должен начинаться с https://");
      const inside = await expectJson(
        t.as(ADMIN).post("/api/client-messages/webhooks", {
          url: "https://192.168.1.5/h",
          events: ["order_status"],
        }),
        422,
      );
      assert.match(inside.errors.url[0], /не во внутреннюю сеть/);
      const hook = await addWebhook(t, "https://crm.example.ru/hooks");
      for (
        const res of [
          t.as(OTHER_ADMIN).patch(`/api/client-messages/webhooks/${hook.id}`, { events: ["order_status"] }),
          t.as(OTHER_ADMIN).post(`/api/client-messages/webhooks/${hook.id}/rotate`),
          t.as(OTHER_ADMIN).delete(`/api/client-messages/webhooks/${hook.id}`),
        ]
      ) assert.equal((await res).status, 404);
      assert.equal(
        (await t.as("engineer@demo.local").delete(`/api/client-messages/webhooks/${hook.id}`)).status,
        403,
      );
      await expectJson(
        t.as(ADMIN).patch(`/api/client-messages/webhooks/${hook.id}`, { events: ["order_status"] }),
      );
      const settings = await expectJson(t.as(ADMIN).get("/api/client-messages/settings"));
      assert.deepEqual(settings.webhooks.map((w: any) => [w.url, w.events]), [[
        "https://crm.example.ru/hooks",
        ["order_status"],
      ]]);
    }),
});
