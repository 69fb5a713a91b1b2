// The outbox against a real SMTP server in this process (server/testing_smtp.ts): what arrives, once, and what the
// staff see; the server down, a 4xx and a 5xx answer.
// deno-lint-ignore-file no-explicit-any
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { expectJson, type TestApp, withTestApp } from "./testing.ts";
import { startTestSmtp, type TestSmtp } from "./testing_smtp.ts";
import { deliverDueMessages, MAX_ATTEMPTS, retryDelayMs } from "./outbox_worker.ts";
import { smtpMailer } from "./mail.ts";
import { enqueueClientMessage } from "../db/outbox.ts";
import { companies, estimates, objects, outboxMessages, products } from "../db/schema/mod.ts";

const ENGINEER = "engineer@demo.local";
const CLIENT_EMAIL = "smirnov@example.ru";

/** A clock the test moves. */
function clock(start = new Date("2026-11-20T09:00:00Z")) {
  let at = start.getTime();
  return { now: () => new Date(at), advance: (ms: number) => at += ms };
}

const mailerFor = (smtp: { port: number }) =>
  smtpMailer({
    host: "127.0.0.1",
    port: smtp.port,
    secure: false,
    from: "ПолеСмета <noreply@polesmeta.test>",
  });

const run = (t: TestApp, smtp: { port: number }, owner = "test-worker") =>
  deliverDueMessages(t.deps, mailerFor(smtp), { owner, leaseMs: 60_000 });

/** The demo company's newest estimate and its object, the object given the client's e-mail. */
async function demoJob(t: TestApp) {
  const [co] = await t.deps.db.select().from(companies).where(eq(companies.name, "ООО «Демо Септик»"));
  const [row] = await t.deps.db.select({ e: estimates, o: objects }).from(estimates)
    .innerJoin(objects, eq(objects.id, estimates.objectId)).where(eq(estimates.companyId, co.id));
  await t.deps.db.update(objects).set({ clientEmail: CLIENT_EMAIL }).where(eq(objects.id, row.o.id));
  return { company: co, estimate: row.e, object: row.o };
}

/** The contract of the job and its prepayment link, as the engineer sends them (POST /api/payment/generate). */
async function sendContract(t: TestApp) {
  const job = await demoJob(t);
  const made = await expectJson(
    t.as(ENGINEER).post("/api/contracts/generate", {
      templateId: `${job.object.workType}_contract`,
      contractData: {
        CLIENT_NAME: "Смирнов Алексей Петрович",
        CLIENT_PHONE: "+7 916 555-12-34",
        CLIENT_PASSPORT: "4510 123456, выдан ОВД Тверского района г. Москвы 12.03.2015",
        CLIENT_ADDRESS: "г. Москва, ул. Тверская, д. 1, кв. 5",
        CONTRACT_NUMBER: "Д-555001",
        PREPAYMENT_PERCENT: 30,
        OBJECT_ADDRESS: "МО, Истринский р-н, д. Лечищево, уч. 12",
        CITY: "Москва",
      },
      objectId: job.object.id,
      estimateData: { id: job.estimate.id },
    }),
    201,
  );
  const payment = await expectJson(
    t.as(ENGINEER).post("/api/payment/generate", {
      amount: made.contract.prepaymentAmount,
      description: "Предоплата",
      objectId: job.object.id,
    }),
    201,
  );
  return { ...job, contract: made.contract, payment };
}

/** Writes `n` messages of the demo company straight into the outbox, as an event's transaction would. */
async function enqueue(t: TestApp, n: number, companyId: number, objectId: number | null = null) {
  for (let i = 0; i < n; i++) {
    await t.deps.db.transaction((tx) =>
      enqueueClientMessage(tx, {
        companyId,
        objectId,
        event: "works_scheduled",
        recipient: `client${i}@example.ru`,
        key: `test:${i}`,
        facts: { link: `http://localhost/c/test${i}`, when: "25.11.2026, 9:00–13:00" },
        origin: "http://localhost",
        now: t.deps.now(),
      })
    );
  }
}

async function withSmtp(fn: (smtp: TestSmtp) => Promise<void>) {
  const smtp = await startTestSmtp();
  try {
    await fn(smtp);
  } finally {
    await smtp.close();
  }
}

Deno.test({
  name: "[mail] the contract sent for signing reaches the client once, in Russian, with the link to its page",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: () =>
    withSmtp((smtp) =>
      withTestApp(async (t) => {
        const job = await sendContract(t);
        const first = await run(t, smtp);
        assert.deepEqual(first, { claimed: 1, sent: 1, retried: 0, failed: 0 });
        assert.deepEqual(await run(t, smtp), { claimed: 0, sent: 0, retried: 0, failed: 0 });
        assert.equal(smtp.received.length, 1);
        const mail = smtp.received[0];
        assert.equal((mail.to as any).value[0].address, CLIENT_EMAIL);
        assert.equal(mail.subject, "Договор №Д-555001 на подпись — ООО «Демо Септик»");
        assert.equal(mail.from?.value[0].name, "ООО «Демо Септик»");
        assert.match(mail.text ?? "", /Здравствуйте, .+!/);
        assert.match(mail.text ?? "", /Договор на работы по адресу .+ готов/);
        assert.match(mail.text ?? "", /ИНН \d{10}/, "the company's requisites in the footer");
        assert.ok(mail.html, "an HTML part beside the plain text");
        const link = (mail.text ?? "").match(/Открыть договор: (\S+)/)?.[1];
        assert.equal(link, job.payment.paymentLink);
        const page = await t.request(new URL(link!).pathname);
        assert.equal(page.status, 200);
        const html = await page.text();
        assert.ok(html.includes("Д-555001"), "the link opens the client's page of this contract");
      })
    ),
});

Deno.test({
  name: "[mail] the prepayment received sends one message with a working link, however often it is recorded",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: () =>
    withSmtp((smtp) =>
      withTestApp(async (t) => {
        const job = await sendContract(t);
        const received = { amount: job.contract.prepaymentAmount, receivedOn: "2026-11-21" };
        await expectJson(t.as(ENGINEER).post(`/api/payment/${job.payment.paymentId}/received`, received));
        await expectJson(t.as(ENGINEER).post(`/api/payment/${job.payment.paymentId}/received`, received));
        await run(t, smtp);
        assert.deepEqual(smtp.received.map((m) => m.subject), [
          "Договор №Д-555001 на подпись — ООО «Демо Септик»",
          "Предоплата получена — ООО «Демо Септик»",
        ]);
        const text = smtp.received[1].text ?? "";
        assert.match(text, /Мы получили предоплату на сумму .+ ₽ по договору №Д-555001/);
        assert.match(
          text,
          /Отписаться: http:\/\/localhost\/unsubscribe\/\S+/,
          "a reminder can be unsubscribed",
        );
        const link = text.match(/Страница объекта: (\S+)/)?.[1];
        const page = await t.request(new URL(link!).pathname);
        assert.equal(page.status, 200);
      })
    ),
});

Deno.test({
  name: "[mail] an event raised twice for the same recipient writes one message (the unique key)",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: () =>
    withTestApp(async (t) => {
      const { company } = await demoJob(t);
      await enqueue(t, 1, company.id);
      await enqueue(t, 1, company.id);
      const rows = await t.deps.db.select().from(outboxMessages);
      assert.equal(rows.length, 1);
    }),
});

Deno.test({
  name: "[mail] with the server down a message waits with backoff and arrives once when the server is back",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const time = clock();
    await withTestApp({ now: time.now }, async (t) => {
      const { company } = await demoJob(t);
      await enqueue(t, 2, company.id);
      const down = await startTestSmtp();
      const port = down.port;
      await down.close();
      assert.deepEqual(await run(t, { port }), { claimed: 2, sent: 0, retried: 2, failed: 0 });
      const [waiting] = await t.deps.db.select().from(outboxMessages).limit(1);
      assert.equal(waiting.status, "pending");
      assert.equal(waiting.attempts, 1);
      assert.match(waiting.lastResponse ?? "", /ECONNREFUSED|ECONNECTION|connect/i);
      assert.equal(waiting.nextAttemptAt.getTime(), time.now().getTime() + retryDelayMs(1));
      const smtp = await startTestSmtp(port);
      try {
        assert.deepEqual(
          await run(t, smtp),
          { claimed: 0, sent: 0, retried: 0, failed: 0 },
          "not before its time",
        );
        time.advance(retryDelayMs(1));
        assert.deepEqual(await run(t, smtp), { claimed: 2, sent: 2, retried: 0, failed: 0 });
        assert.deepEqual(await run(t, smtp), { claimed: 0, sent: 0, retried: 0, failed: 0 });
        assert.equal(smtp.received.length, 2);
      } finally {
        await smtp.close();
      }
    });
  },
});

Deno.test({
  name: "[mail] a 4xx answer is retried with growing delays and the message arrives once",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const time = clock();
    await withSmtp((smtp) =>
      withTestApp({ now: time.now }, async (t) => {
        const { company } = await demoJob(t);
        await enqueue(t, 1, company.id);
        smtp.mode = "4xx";
        await run(t, smtp);
        time.advance(retryDelayMs(1));
        await run(t, smtp);
        const [twice] = await t.deps.db.select().from(outboxMessages);
        assert.equal(twice.attempts, 2);
        assert.match(twice.lastResponse ?? "", /451 4\.7\.1 Greylisted/);
        assert.equal(twice.nextAttemptAt.getTime(), time.now().getTime() + retryDelayMs(2));
        assert.equal(retryDelayMs(2), 2 * retryDelayMs(1));
        smtp.mode = "accept";
        time.advance(retryDelayMs(2));
        await run(t, smtp);
        assert.equal(smtp.received.length, 1);
        assert.equal(smtp.attempts, 3);
        const [sent] = await t.deps.db.select().from(outboxMessages);
        assert.equal(sent.status, "sent");
        assert.match(sent.lastResponse ?? "", /^250/);
      })
    );
  },
});

Deno.test({
  name:
    "[mail] a 5xx answer fails the message at once with the server's answer, shown to staff as not delivered",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: () =>
    withSmtp((smtp) =>
      withTestApp({ env: { SMTP_HOST: "127.0.0.1" } }, async (t) => {
        const job = await sendContract(t);
        smtp.mode = "5xx";
        assert.deepEqual(await run(t, smtp), { claimed: 1, sent: 0, retried: 0, failed: 1 });
        assert.deepEqual(await run(t, smtp), { claimed: 0, sent: 0, retried: 0, failed: 0 });
        const body = await expectJson(t.as(ENGINEER).get(`/api/client-messages/object/${job.object.id}`));
        assert.equal(body.messages.length, 1);
        assert.equal(body.messages[0].status, "failed");
        assert.match(body.messages[0].statusLabel, /^не доставлено: 550 5\.1\.1 Mailbox does not exist/);
        // Resent as a new message once the address is fixed.
        smtp.mode = "accept";
        const resent = await expectJson(
          t.as(ENGINEER).post(`/api/client-messages/object/${job.object.id}/resend`, {
            messageId: body.messages[0].id,
          }),
          201,
        );
        await run(t, smtp);
        assert.equal(smtp.received.length, 1);
        const after = await expectJson(t.as(ENGINEER).get(`/api/client-messages/object/${job.object.id}`));
        assert.equal(
          after.messages.find((m: any) => m.id === resent.id).statusLabel,
          "доставлено на почтовый сервер",
        );
      })
    ),
});

Deno.test({
  name: "[mail] after the last try a message is failed for good",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const time = clock();
    await withSmtp((smtp) =>
      withTestApp({ now: time.now }, async (t) => {
        const { company } = await demoJob(t);
        await enqueue(t, 1, company.id);
        smtp.mode = "4xx";
        for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
          await run(t, smtp);
          time.advance(retryDelayMs(attempt));
        }
        const [row] = await t.deps.db.select().from(outboxMessages);
        assert.equal(row.status, "failed");
        assert.equal(row.attempts, MAX_ATTEMPTS);
        assert.equal(smtp.attempts, MAX_ATTEMPTS);
      })
    );
  },
});

Deno.test({
  name:
    "[api] without mail configured the staff see «не отправлено: почта не настроена» and the message is kept",
  fn: () =>
    withTestApp(async (t) => {
      const job = await sendContract(t);
      const body = await expectJson(t.as(ENGINEER).get(`/api/client-messages/object/${job.object.id}`));
      assert.equal(body.mailConfigured, false);
      assert.equal(body.messages[0].statusLabel, "не отправлено: почта не настроена");
      assert.equal(body.messages[0].status, "pending");
    }),
});

Deno.test({
  name: "[api] GET /api/client-messages/object/:objectId refuses another company's object",
  fn: () =>
    withTestApp(async (t) => {
      const job = await sendContract(t);
      await expectJson(t.as("admin@other.local").get(`/api/client-messages/object/${job.object.id}`), 404);
      const mine = await expectJson(t.as(ENGINEER).get(`/api/client-messages/object/${job.object.id}`));
      await expectJson(
        t.as("admin@other.local").post(`/api/client-messages/object/${job.object.id}/resend`, {
          messageId: mine.messages[0].id,
        }),
        404,
      );
    }),
});

Deno.test({
  // The contract to sign cannot be switched off any more (documents to sign are always sent); the
  // prepayment received stands for a switchable event.
  name: "[api] a company that switched an event off sends no message for it",
  fn: () =>
    withTestApp(async (t) => {
      await expectJson(
        t.as("director@demo.local").put("/api/client-messages/settings", {
          events: { prepayment_received: false },
        }),
      );
      const settings = await expectJson(t.as("director@demo.local").get("/api/client-messages/settings"));
      assert.equal(settings.events.find((e: any) => e.event === "prepayment_received").enabled, false);
      const job = await sendContract(t);
      const received = { amount: job.contract.prepaymentAmount, receivedOn: "2026-11-21" };
      await expectJson(t.as(ENGINEER).post(`/api/payment/${job.payment.paymentId}/received`, received));
      const body = await expectJson(t.as(ENGINEER).get(`/api/client-messages/object/${job.object.id}`));
      assert.deepEqual(body.messages.map((m: any) => m.event), ["contract_to_sign"]);
    }),
});

/** A guest's order of one station, placed through the API (the cart cookie carried by hand). */
async function guestOrder(t: TestApp) {
  const [topas] = await t.deps.db.select().from(products).where(eq(products.sku, "TOPAS-5"));
  const added = await t.request("/api/shop/cart", { method: "POST", json: { productId: topas.id } });
  const cookie = added.headers.get("set-cookie")!.split(";")[0];
  const placed = await expectJson(
    t.request("/api/shop/orders", {
      method: "POST",
      headers: { Cookie: cookie },
      json: {
        customerName: "Ольга Смирнова",
        customerEmail: "olga@example.ru",
        customerPhone: "+7 916 111-22-33",
        deliveryAddress: "ул. Школьная, д. 4",
        deliveryCity: "Дорохово",
        deliveryRegion: "Московская область",
      },
    }),
    201,
  );
  return placed.order;
}

Deno.test({
  name: "[mail] each status of a shop order reaches the customer once, with the order's page that states it",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: () =>
    withSmtp((smtp) =>
      withTestApp(async (t) => {
        const order = await guestOrder(t);
        for (const status of ["confirmed", "in_production", "ready_for_delivery", "shipped", "delivered"]) {
          await expectJson(t.as("manager@demo.local").patch(`/api/orders/${order.id}`, { status }));
        }
        await expectJson(t.as("manager@demo.local").patch(`/api/orders/${order.id}`, { managerNotes: "ок" }));
        await expectJson(
          t.as("manager@demo.local").patch(`/api/orders/${order.id}`, { status: "completed" }),
        );
        await run(t, smtp);
        assert.deepEqual(
          smtp.received.map((m) => m.subject),
          ["Подтверждён", "В производстве", "Готов к отгрузке", "Отгружен", "Доставлен", "Выполнен"].map((
            s,
          ) => `Заказ ${order.orderNumber}: ${s} — ООО «Демо Септик»`),
        );
        const last = smtp.received.at(-1)!;
        assert.equal((last.to as any).value[0].address, "olga@example.ru");
        const link = (last.text ?? "").match(/Открыть заказ: (\S+)/)?.[1];
        const page = await t.request(new URL(link!).pathname + new URL(link!).search);
        assert.equal(page.status, 200);
        const html = await page.text();
        assert.ok(html.includes("Заказ выполнен. Спасибо за покупку!"), "the page states the status");
        assert.ok(!html.includes("чтобы подтвердить заказ"), "a completed order no longer promises the call");
      })
    ),
});

Deno.test({
  name: "[mail] a client who unsubscribes gets no more reminders but still gets documents to sign",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: () =>
    withSmtp((smtp) =>
      withTestApp(async (t) => {
        const job = await sendContract(t);
        const received = { amount: job.contract.prepaymentAmount, receivedOn: "2026-11-21" };
        await expectJson(t.as(ENGINEER).post(`/api/payment/${job.payment.paymentId}/received`, received));
        await run(t, smtp);
        const link = (smtp.received[1].text ?? "").match(/Отписаться: (\S+)/)![1];
        const path = new URL(link).pathname;
        const page = await t.request(path);
        assert.equal(page.status, 200);
        assert.match(await page.text(), /Отписаться/);
        const posted = await t.request(`/api${path}`, { method: "POST" });
        assert.equal(posted.status, 303);
        const done = await t.request(posted.headers.get("location")!);
        assert.match(await done.text(), /Вы отписались от напоминаний компании ООО «Демо Септик»/);
        assert.equal((await t.request("/api/unsubscribe/" + "x".repeat(30), { method: "POST" })).status, 404);

        const sendAgain = (event: "works_scheduled" | "act_to_sign") =>
          t.deps.db.transaction((tx) =>
            enqueueClientMessage(tx, {
              companyId: job.company.id,
              objectId: job.object.id,
              event,
              recipient: CLIENT_EMAIL,
              key: "after-unsubscribe",
              facts: { link: "http://localhost/c/x" },
              origin: "http://localhost",
              now: t.deps.now(),
            })
          );
        assert.deepEqual(await sendAgain("works_scheduled"), { skipped: "unsubscribed" });
        assert.ok("id" in await sendAgain("act_to_sign"), "a document to sign is still sent");
      })
    ),
});
