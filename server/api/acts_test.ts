// The act of completed works: «Завершить работы» issues it, the client signs or refuses it through the link,
// its figures are the estimate's and the ledger's to the kopeck, and a signed act never changes.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { expectJson, expectOk, type TestApp, withTestApp } from "../testing.ts";
import { jobUnderWay as personJobUnderWay } from "../testing_jobs.ts";
import { extractPdfText } from "../testing_pdf.ts";
import { drawnPng } from "../testing_client_links.ts";
import { outboxMessages } from "../../db/schema/mod.ts";
import { formatKopecks } from "../../domain/format.ts";

const ENGINEER = "engineer@demo.local";
const MANAGER = "manager@demo.local";
const FOREMAN = "foreman@demo.local";

const tokenOf = (url: string) => url.split("/c/")[1];

/** A job under way with a two-line estimate (server/testing_jobs.ts). */
const jobUnderWay = (t: TestApp, number = "Д-А-1") =>
  personJobUnderWay(t, number, {
    house: 7,
    items: [
      { name: "Станция Топас 6", unit: "шт", quantity: 1, pricePerUnit: 18_730_050 },
      { name: "Траншея под трубу", unit: "м", quantity: 12.5, pricePerUnit: 133_333 },
    ],
  });

const objectOf = (t: TestApp, id: number) =>
  expectOk(t.as(ENGINEER).api.objects[":id{[0-9]+}"].$get({ param: { id: String(id) } }));
const ledgerOf = async (t: TestApp, id: number) =>
  (await expectOk(t.as(ENGINEER).api.contracts.object[":objectId"].$get({ param: { objectId: String(id) } })))
    .ledger!;

/** The object's acts as the staff read them. */
const actsOf = (t: TestApp, as: string, id: number) =>
  t.as(as).api.acts.object[":objectId"].$get({ param: { objectId: String(id) } });

/** «Завершить работы» of the foreman panel. */
const completeWork = (t: TestApp, id: number) =>
  t.as(FOREMAN).api.foreman.objects[":id"]["complete-work"].$post({ param: { id: String(id) } });

/** «Завершить работы» of the object's acts. */
const finish = (t: TestApp, as: string, id: number) =>
  t.as(as).api.acts.object[":objectId"].finish.$post({ param: { objectId: String(id) } });

Deno.test("[api] «Завершить работы» issues the act: the estimate's lines, total, prepayment and amount due equal the ledger to the kopeck", () =>
  withTestApp(async (t) => {
    const { object, contract } = await jobUnderWay(t);
    const preview = await expectOk(actsOf(t, FOREMAN, object.id));
    assert.equal(preview.canFinish, true);
    assert.deepEqual(preview.acts, []);
    const done = await expectOk(completeWork(t, object.id));
    assert.equal(done.status, "completed");
    const act = done.act!;
    const ledger = await ledgerOf(t, object.id);
    assert.equal(act.totalAmount, contract.totalAmount, "the act's total is the contract's");
    assert.equal(act.totalAmount, ledger.due);
    assert.equal(act.receivedAmount, ledger.received);
    assert.equal(act.receivedAmount, contract.prepaymentAmount);
    assert.equal(act.dueAmount, ledger.owed);
    assert.deepEqual(preview.preview, {
      totalAmount: act.totalAmount,
      receivedAmount: act.receivedAmount,
      dueAmount: act.dueAmount,
    }, "the confirmation stated the figures the act carries");
    assert.equal(act.state, "awaiting");
    const o = await objectOf(t, object.id);
    assert.deepEqual([o.status, o.stage], ["completed", "works_done"]);

    // A download (PDF).
    const pdf = new Uint8Array(await (await t.as(ENGINEER).get(act.pdfUrl)).arrayBuffer());
    const text = await extractPdfText(pdf);
    for (
      const expected of [
        "Акт сдачи-приёмки выполненных работ",
        "Станция Топас 6",
        "Траншея под трубу",
        formatKopecks(act.totalAmount),
        formatKopecks(act.receivedAmount),
        formatKopecks(act.dueAmount),
        "Зимина Ольга Викторовна",
      ]
    ) {
      const shown = expected.replace(/\s+/g, " ");
      assert.ok(text.includes(shown), `the PDF shows «${shown}»: ${text}`);
    }

    const [message] = await t.deps.db.select().from(outboxMessages)
      .where(eq(outboxMessages.event, "act_to_sign"));
    assert.ok(message.subject.startsWith("Акт готов к подписанию"), message.subject);
    assert.equal(message.recipient, "zimina@example.ru");
    assert.ok(
      message.textBody.includes(`/c/${tokenOf(done.clientLink!)}`),
      "the message leads to the act's link",
    );
    assert.ok(message.textBody.includes(formatKopecks(act.dueAmount)));

    const again = await expectJson(completeWork(t, object.id), 409);
    assert.match(again.message, /ждёт ответа/);
  }));

Deno.test("[api] the act: only the foreman and engineers issue it; another company's act and object answer 404", () =>
  withTestApp(async (t) => {
    const { object } = await jobUnderWay(t, "Д-А-2");
    for (const who of ["surveyor@demo.local"]) {
      assert.equal((await finish(t, who, object.id)).status, 403, who);
    }
    assert.equal((await finish(t, "admin@other.local", object.id)).status, 404);
    const { act } = await expectOk(finish(t, ENGINEER, object.id));
    // The PDF is a download; signed out is a raw request.
    assert.equal((await t.as("admin@other.local").get(`/api/acts/${act!.id}/pdf`)).status, 404);
    assert.equal((await actsOf(t, "admin@other.local", object.id)).status, 404);
    assert.equal((await t.request(`/api/acts/${act!.id}/pdf`)).status, 401);
  }));

Deno.test("[api] the client signs the act through the link: «Акт подписан», a signed act never changes, the final payment is the act's amount due", () =>
  withTestApp(async (t) => {
    const { object } = await jobUnderWay(t, "Д-А-3");
    const done = await expectOk(completeWork(t, object.id));
    const token = tokenOf(done.clientLink!);
    const page = await (await t.request(`/c/${token}`)).text();
    assert.ok(page.includes("Акт сдачи-приёмки выполненных работ"));
    assert.ok(page.includes("проверьте акт и подпишите его"));

    // The client's link is used signed out: raw requests.
    const bad = await expectJson(
      t.request(`/api/client-links/${token}/act/sign`, {
        method: "POST",
        json: { fullName: "Зимина", signature: "data:image/png;base64,AAAA", agree: false },
      }),
      422,
    );
    assert.ok(bad.errors.fullName && bad.errors.agree);
    const signed = await expectJson(t.request(`/api/client-links/${token}/act/sign`, {
      method: "POST",
      json: { fullName: "Зимина  Ольга Викторовна", signature: drawnPng(), agree: true },
    }));
    assert.match(signed.textSha256, /^[0-9a-f]{64}$/);
    const o = await objectOf(t, object.id);
    assert.deepEqual([o.status, o.stage, o.badge.label], ["completed", "act_signed", "Акт подписан"]);

    const twice = await expectJson(
      t.request(`/api/client-links/${token}/act/sign`, {
        method: "POST",
        json: { fullName: "Другой Человек Иванович", signature: drawnPng(), agree: true },
      }),
      409,
    );
    assert.match(twice.message, /подписанный акт не меняется/);
    await expectJson(
      t.request(`/api/client-links/${token}/act/refuse`, { method: "POST", json: { comment: "Передумал" } }),
      409,
    );
    const reissue = await expectJson(finish(t, ENGINEER, object.id), 409);
    assert.match(reissue.message, /подписанный акт не меняется/);
    const { acts } = await expectOk(actsOf(t, ENGINEER, object.id));
    assert.equal(acts.length, 1);
    assert.deepEqual([acts[0].state, acts[0].signerName], ["signed", "Зимина Ольга Викторовна"]);
    const pdfText = await extractPdfText(
      new Uint8Array(await (await t.request(`/api/client-links/${token}/act.pdf`)).arrayBuffer()),
    );
    assert.ok(pdfText.includes("ЭЛЕКТРОННАЯ ПОДПИСЬ ЗАКАЗЧИКА"), pdfText);
    assert.ok(pdfText.includes(`Подписал: Зимина Ольга Викторовна`));
    assert.ok(pdfText.includes(signed.textSha256), "the signed text's hash is printed");

    const final = await expectOk(
      t.as(MANAGER).api.payment.final.$post({ json: { objectId: object.id } }),
      201,
    );
    assert.equal(final.amount, acts[0].dueAmount, "the final payment asks for the act's amount due");
    await expectOk(
      t.as(MANAGER).api.payment[":id"].received.$post({
        param: { id: String(final.paymentId) },
        json: { amount: final.amount, receivedOn: "2026-11-25" },
      }),
    );
    const paid = await objectOf(t, object.id);
    assert.deepEqual([paid.stage, paid.badge.label], ["paid", "Оплачен полностью"]);
    assert.equal((await ledgerOf(t, object.id)).owed, 0);
  }));

Deno.test("[api] the client refuses the act with a comment the staff see; the next act is a new version, the refused one stays", () =>
  withTestApp(async (t) => {
    const { object } = await jobUnderWay(t, "Д-А-4");
    const done = await expectOk(completeWork(t, object.id));
    const token = tokenOf(done.clientLink!);
    // The client's link is used signed out: raw requests.
    const short = await expectJson(
      t.request(`/api/client-links/${token}/act/refuse`, { method: "POST", json: { comment: " " } }),
      422,
    );
    assert.ok(short.errors.comment[0].startsWith("Напишите"));
    await expectJson(
      t.request(`/api/client-links/${token}/act/refuse`, {
        method: "POST",
        json: { comment: "Не засыпана траншея у калитки" },
      }),
      201,
    );
    const notes = await expectOk(t.as(ENGINEER).api.notifications.$get({ query: {} }));
    const note = notes.find((n) => n.title === "Клиент отказался подписать акт");
    assert.ok(
      note?.message.includes("Не засыпана траншея у калитки"),
      "the chief engineer reads the comment",
    );
    const foremanNotes = await expectOk(t.as(FOREMAN).api.notifications.$get({ query: {} }));
    assert.ok(foremanNotes.some((n) => n.title === "Клиент отказался подписать акт"));
    const o = await objectOf(t, object.id);
    assert.equal(o.stage, "works_done", "a refused act signs nothing");

    const view = await expectOk(actsOf(t, ENGINEER, object.id));
    assert.equal(view.canFinish, true, "a new version may be issued");
    assert.deepEqual(
      [view.acts[0].state, view.acts[0].refusalComment],
      ["refused", "Не засыпана траншея у калитки"],
    );
    const second = await expectOk(finish(t, ENGINEER, object.id));
    assert.equal(second.act!.version, 2);
    assert.equal(second.act!.actNumber, `${view.acts[0].actNumber}-v2`, "a new version keeps the number");
    const { acts } = await expectOk(actsOf(t, ENGINEER, object.id));
    assert.deepEqual(acts.map((a) => [a.version, a.state]), [[2, "awaiting"], [1, "refused"]]);
    // The first link now acts on the newest version.
    await expectJson(t.request(`/api/client-links/${token}/act/sign`, {
      method: "POST",
      json: { fullName: "Зимина Ольга Викторовна", signature: drawnPng(), agree: true },
    }));
    const after = await expectOk(actsOf(t, ENGINEER, object.id));
    assert.deepEqual(after.acts.map((a) => a.state), ["signed", "refused"]);
  }));
