// The client's page of an object (/c/:token): what to do next on top, the payments due and made,
// the dated visits, the documents and the company's contacts.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { expectJson, withTestApp } from "../server/testing.ts";
import { assertClientClean, clientLinkJob, drawnPng } from "../server/testing_client_links.ts";
import { companies, tasks } from "../db/schema/mod.ts";

const ENGINEER = "engineer@demo.local";
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/&nbsp;|\s+/g, " ");
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
