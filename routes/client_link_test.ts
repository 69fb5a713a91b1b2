// The client's page of an object (/c/:token): what to do next on top, the payments due and made,
// the dated visits, the documents and the company's contacts.
import assert from "node:assert/strict";
import { and, desc, eq } from "drizzle-orm";
import { expectJson, type TestApp, withTestApp } from "../server/testing.ts";
import { assertClientClean, clientLinkJob, drawnPng } from "../server/testing_client_links.ts";
import { newToken } from "../server/client_links.ts";
import { clientLinks, companies, objects, payments, tasks } from "../db/schema/mod.ts";
import { formatKopecks } from "../domain/format.ts";

const ENGINEER = "engineer@demo.local";
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/&nbsp;|\s+/g, " ");
/** A sum as text() leaves it: its non-breaking spaces plain. */
const money = (kopecks: number) => formatKopecks(kopecks).replace(/\s+/g, " ");
const nextStep = (html: string) => text(html.match(/data-testid="next-step".*?<\/section>/s)?.[0] ?? "");

Deno.test("[page] /c/:token puts what to do next on top: sign the contract, then pay, then nothing is left", () =>
  withTestApp(async (t) => {
    const job = await clientLinkJob(t);
    const contract = await job.contract();
    const link = await job.link(contract);
    await t.deps.db.update(tasks).set({ dueDate: new Date("2026-12-03T09:00:00+03:00") })
      .where(eq(tasks.id, job.task.id));
    await t.deps.db.update(companies).set({ website: "septik.example.ru" })
      .where(
        eq(
          companies.id,
          (await t.deps.db.select().from(tasks).where(eq(tasks.id, job.task.id)))[0].companyId,
        ),
      );
    const page = async () => {
      const res = await t.request(`/c/${link.token}`);
      assert.equal(res.status, 200);
      return await res.text();
    };
    const first = await page();
    assert.match(nextStep(first), /Прочитайте договор и подпишите его\./);
    assert.match(text(first), /Платежи .*Предоплата от \d\d\.\d\d\.\d{4} .*ожидает оплаты/);
    assert.match(text(first), /Выезды и работы .*03\.12\.2026/);
    assert.match(text(first), /Контакты компании .*ООО «Демо Септик».*septik\.example\.ru/);
    assertClientClean(text(first), "the client's page");

    await expectJson(
      t.request(`/api/client-links/${link.token}/sign`, {
        method: "POST",
        json: { fullName: "Смирнов Алексей Петрович", signature: drawnPng(), agree: true },
      }),
    );
    assert.match(nextStep(await page()), /Оплатите предоплату .+ ₽ по QR-коду или по реквизитам\./);

    await expectJson(
      t.as(ENGINEER).post(`/api/payment/${link.paymentId}/received`, {
        amount: contract.prepaymentAmount,
        receivedOn: "2026-11-21",
      }),
    );
    const last = await page();
    assert.match(nextStep(last), /С вашей стороны всё сделано/);
    assert.match(text(last), /Платежи .*получен 21\.11\.2026/);
  }));

Deno.test("[page] /profile speaks to a customer: «Мои объекты», «Мои заказы», no staff wording", () =>
  withTestApp(async (t) => {
    const res = await t.request("/profile", { as: "client@demo.local" });
    assert.equal(res.status, 200);
    const page = text(await res.text());
    assert.match(page, /Мои объекты .*Откройте ссылку из письма компании/);
    assert.match(page, /Мои заказы .*Заказов пока нет/);
    assert.ok(!page.includes("Ожидается назначение в компанию"));
    assert.ok(!page.includes("Администратор добавит вас в компанию"));
    const staff = text(await (await t.request("/profile", { as: "engineer@demo.local" })).text());
    assert.ok(!staff.includes("Мои заказы"), "staff see their own profile as before");
  }));

/** A fresh client link to the final payment of the demo's finished job at `settlement` (the seed's tokens are not kept). */
async function finishedJobLink(t: TestApp, settlement: string) {
  const [o] = await t.deps.db.select().from(objects).where(eq(objects.settlement, settlement));
  const [p] = await t.deps.db.select().from(payments)
    .where(and(eq(payments.objectId, o.id), eq(payments.kind, "final"))).orderBy(desc(payments.id)).limit(1);
  const { token, hash } = newToken();
  await t.deps.db.insert(clientLinks).values({
    companyId: o.companyId,
    objectId: o.id,
    contractId: p.contractId,
    paymentId: p.id,
    tokenHash: hash,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  const { ledger } = await expectJson(t.as(ENGINEER).get(`/api/contracts/object/${o.id}`));
  return { token, ledger };
}

Deno.test("[page] /c/:token of a job accepted and paid in full says so, with the agreed total and the agreement among the documents", () =>
  withTestApp(async (t) => {
    const { token, ledger } = await finishedJobLink(t, "Звенигород");
    const html = text(await (await t.request(`/c/${token}`)).text());
    assert.match(
      nextStep(await (await t.request(`/c/${token}`)).text()),
      /Работы приняты и оплачены полностью/,
    );
    assert.equal(ledger.owed, 0);
    assert.ok(
      html.includes(
        `Оплачено: ${money(ledger.received)} из ${money(ledger.due)} по договору`,
      ),
      "the ledger's figures, the agreed change included",
    );
    assert.ok(html.includes(`остаток от суммы договора ${money(ledger.due)}`));
    assert.match(html, /Документы .*Дополнительное соглашение № 1 к договору/);
  }));

Deno.test("[page] /c/:token of a final payment awaited asks for the final payment, not the prepayment", () =>
  withTestApp(async (t) => {
    const { token, ledger } = await finishedJobLink(t, "Лечищево");
    const html = await (await t.request(`/c/${token}`)).text();
    assert.match(
      nextStep(html),
      new RegExp(
        `Оплатите окончательный расчёт ${money(ledger.owed)} по QR-коду или по реквизитам\\.`,
      ),
    );
    assert.ok(
      text(html).includes(`К оплате сейчас: ${money(ledger.owed)} из ${money(ledger.due)}`),
    );
  }));
