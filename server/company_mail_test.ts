// A company's own SMTP server («Уведомления клиентам»): who may set it, the password sealed and never answered
// back, «Проверить», and the worker sending each company's messages through the right server (two in-process
// SMTP servers: the company's and the environment's).
// deno-lint-ignore-file no-explicit-any
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { expectJson, type TestApp, withTestApp } from "./testing.ts";
import { startTestSmtp, type TestSmtp } from "./testing_smtp.ts";
import { deliverDueMessages } from "./outbox_worker.ts";
import { smtpMailer } from "./mail.ts";
import { enqueueClientMessage } from "../db/outbox.ts";
import { companies, companyMailServers, estimates, objects } from "../db/schema/mod.ts";

const ADMIN = "director@demo.local";
const ENGINEER = "engineer@demo.local";
const OTHER_ADMIN = "admin@other.local";
const KEY = { MAIL_SECRET_KEY: "test-key-0123456789-abcdefghijklmnop" };
const LOGIN = { user: "septik@istra.test", pass: "верный-пароль-1" };

async function withSmtps(fn: (own: TestSmtp, fallback: TestSmtp) => Promise<void>) {
  const own = await startTestSmtp(0, { auth: LOGIN });
  const fallback = await startTestSmtp();
  try {
    await fn(own, fallback);
  } finally {
    await own.close();
    await fallback.close();
  }
}

const serverForm = (smtp: { port: number }, password: string) => ({
  host: "127.0.0.1",
  port: smtp.port,
  tls: "none",
  username: LOGIN.user,
  password,
  fromAddress: "noreply@septik-istra.test",
});

const run = (t: TestApp, fallback: { port: number }) =>
  deliverDueMessages(
    t.deps,
    smtpMailer({ host: "127.0.0.1", port: fallback.port, secure: false, from: "noreply@polesmeta.test" }),
    { owner: "test-worker", leaseMs: 60_000 },
  );

async function companyId(t: TestApp, name: string) {
  const [co] = await t.deps.db.select().from(companies).where(eq(companies.name, name));
  return co.id;
}

async function enqueueFor(t: TestApp, company: number, recipient: string, objectId: number | null = null) {
  await t.deps.db.transaction((tx) =>
    enqueueClientMessage(tx, {
      companyId: company,
      objectId,
      event: "contract_to_sign",
      recipient,
      key: `test:${recipient}`,
      facts: { link: "http://localhost/c/test", contractNumber: "Д-1" },
      origin: "http://localhost",
      now: t.deps.now(),
    })
  );
}

Deno.test({
  name:
    "[api] PUT /api/client-messages/mail-server refuses a password without MAIL_SECRET_KEY and keeps nothing",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: () =>
    withTestApp(async (t) => {
      const body = await expectJson(
        t.as(ADMIN).put("/api/client-messages/mail-server", serverForm({ port: 2525 }, "секрет")),
        422,
      );
      assert.match(body.errors.password[0], /без ключа шифрования.*MAIL_SECRET_KEY/);
      assert.equal((await t.deps.db.select().from(companyMailServers)).length, 0);
    }),
});

Deno.test({
  name: "[api] the company's SMTP password is stored sealed and never sent back; a save without one keeps it",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: () =>
    withTestApp({ env: KEY }, async (t) => {
      const saved = await expectJson(
        t.as(ADMIN).put("/api/client-messages/mail-server", serverForm({ port: 2525 }, "очень-секретно")),
      );
      assert.equal(saved.mailServer.passwordSaved, true);
      const [row] = await t.deps.db.select().from(companyMailServers);
      assert.match(row.passwordCipher!, /^v1\./);
      assert.ok(!row.passwordCipher!.includes("очень-секретно"));
      const settings = await (await t.as(ADMIN).get("/api/client-messages/settings")).text();
      assert.ok(!settings.includes("очень-секретно") && !settings.includes(row.passwordCipher!));
      const { password: _, ...withoutPassword } = serverForm({ port: 2626 }, "");
      await expectJson(t.as(ADMIN).put("/api/client-messages/mail-server", withoutPassword));
      const [kept] = await t.deps.db.select().from(companyMailServers);
      assert.equal(kept.port, 2626);
      assert.equal(kept.passwordCipher, row.passwordCipher, "the stored password is kept");
    }),
});

Deno.test({
  name:
    "[api] /api/client-messages settings are the company administrator's, each company its own; 422 by field",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: () =>
    withTestApp({ env: KEY }, async (t) => {
      for (const path of ["/api/client-messages/settings"]) {
        assert.equal((await t.as(ENGINEER).get(path)).status, 403);
      }
      assert.equal(
        (await t.as(ENGINEER).put("/api/client-messages/mail-server", serverForm({ port: 25 }, ""))).status,
        403,
      );
      await expectJson(t.as(ADMIN).put("/api/client-messages/mail-server", serverForm({ port: 2525 }, "x")));
      const other = await expectJson(t.as(OTHER_ADMIN).get("/api/client-messages/settings"));
      assert.equal(other.mailServer, null, "another company does not see the demo's server");
      const bad = await expectJson(
        t.as(ADMIN).put("/api/client-messages/mail-server", {
          host: "http://smtp.yandex.ru",
          port: 70000,
          tls: "ssl3",
          fromAddress: "не адрес",
        }),
        422,
      );
      assert.match(bad.errors.host[0], /без http:\/\//);
      assert.match(bad.errors.port[0], /от 1 до 65535/);
      assert.equal(bad.errors.tls[0], "Выберите шифрование");
      assert.match(bad.errors.fromAddress[0], /адрес отправителя/);
      const mandatory = await expectJson(
        t.as(ADMIN).put("/api/client-messages/settings", { events: { contract_to_sign: false } }),
        422,
      );
      assert.match(
        mandatory.errors["events.contract_to_sign"][0],
        /Документы на подпись отправляются всегда/,
      );
      await expectJson(t.as(ADMIN).put("/api/client-messages/settings", { events: { order_status: false } }));
      const mine = await expectJson(t.as(ADMIN).get("/api/client-messages/settings"));
      const byEvent = Object.fromEntries(mine.events.map((e: any) => [e.event, e]));
      assert.equal(byEvent.order_status.enabled, false);
      assert.deepEqual([byEvent.contract_to_sign.enabled, byEvent.contract_to_sign.mandatory], [true, true]);
    }),
});

Deno.test({
  name: "[mail] a company's messages go through its own SMTP server, the others' through the environment's",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: () =>
    withSmtps((own, fallback) =>
      withTestApp({ env: KEY }, async (t) => {
        await expectJson(t.as(ADMIN).put("/api/client-messages/mail-server", serverForm(own, LOGIN.pass)));
        await enqueueFor(t, await companyId(t, "ООО «Демо Септик»"), "demo-client@example.ru");
        const otherCompany = (await expectJson(t.as(OTHER_ADMIN).get("/api/user"))).companyId;
        await enqueueFor(t, otherCompany, "other-client@example.ru");
        assert.deepEqual(await run(t, fallback), { claimed: 2, sent: 2, retried: 0, failed: 0 });
        assert.deepEqual(own.received.map((m) => (m.to as any).value[0].address), ["demo-client@example.ru"]);
        assert.equal(own.received[0].from?.value[0].address, "noreply@septik-istra.test");
        assert.deepEqual(fallback.received.map((m) => (m.to as any).value[0].address), [
          "other-client@example.ru",
        ]);
        // Back to the environment's server once the company removes its own.
        await expectJson(t.as(ADMIN).delete("/api/client-messages/mail-server"));
        await enqueueFor(t, await companyId(t, "ООО «Демо Септик»"), "second@example.ru");
        await run(t, fallback);
        assert.equal(own.received.length, 1);
        assert.equal(fallback.received.length, 2);
      })
    ),
});

Deno.test({
  name:
    "[mail] a wrong password of the company's server shows the server's 535 in the object's delivery list",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: () =>
    withSmtps((own, fallback) =>
      withTestApp({ env: KEY }, async (t) => {
        await expectJson(t.as(ADMIN).put("/api/client-messages/mail-server", serverForm(own, "неверный")));
        const demo = await companyId(t, "ООО «Демо Септик»");
        const [job] = await t.deps.db.select({ id: objects.id }).from(estimates)
          .innerJoin(objects, eq(objects.id, estimates.objectId)).where(eq(estimates.companyId, demo));
        await enqueueFor(t, demo, "client@example.ru", job.id);
        assert.deepEqual(await run(t, fallback), { claimed: 1, sent: 0, retried: 0, failed: 1 });
        assert.equal(own.received.length + fallback.received.length, 0);
        const list = await expectJson(t.as(ENGINEER).get(`/api/client-messages/object/${job.id}`));
        assert.match(
          list.messages[0].statusLabel,
          /^не доставлено: .*535 5\.7\.8 Authentication credentials invalid/,
        );
      })
    ),
});

Deno.test({
  name: "[api] «Проверить» sends a test message to the administrator and says the server's answer in Russian",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: () =>
    withSmtps((own) =>
      withTestApp({ env: KEY }, async (t) => {
        assert.equal((await t.as(ADMIN).post("/api/client-messages/mail-server/test")).status, 422);
        await expectJson(t.as(ADMIN).put("/api/client-messages/mail-server", serverForm(own, LOGIN.pass)));
        const good = await expectJson(t.as(ADMIN).post("/api/client-messages/mail-server/test"));
        assert.equal(good.ok, true);
        assert.match(good.message, /^Сервер принял письмо на director@demo\.local — 250/);
        assert.equal((own.received[0].to as any).value[0].address, "director@demo.local");
        assert.equal(own.received[0].subject, "Проверка почты ПолеСмета");
        await expectJson(t.as(ADMIN).put("/api/client-messages/mail-server", serverForm(own, "неверный")));
        const bad = await expectJson(t.as(ADMIN).post("/api/client-messages/mail-server/test"));
        assert.equal(bad.ok, false);
        assert.match(bad.message, /^Сервер не принял логин или пароль — .*535 5\.7\.8/);
      })
    ),
});
