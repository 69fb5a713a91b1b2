// The act of completed works in a browser: the foreman finishes the works on a phone (the confirmation states
// the amount due), the client signs the act on a phone, staff ask for and mark the final payment.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { browserTest, drawSignature, hydrated, screenshot, toast } from "./harness.ts";
import { outboxMessages } from "../db/schema/mod.ts";
import { formatKopecks } from "../domain/format.ts";

const MANAGER = "manager@demo.local";

browserTest(
  "[e2e] the foreman finishes the works on a phone, the client signs the act on a phone, the final payment is asked for and marked",
  async (h) => {
    const objects = await (await h.t.request("/api/objects?limit=100", { as: MANAGER })).json();
    const list = Array.isArray(objects) ? objects : objects.items;
    const job = list.find((o: { address: string }) => o.address.includes("Раменское"));
    const before = await (await h.t.request(`/api/contracts/object/${job.id}`, { as: MANAGER })).json();
    const owed = before.ledger.owed;
    assert.ok(owed > 0);
    // The client's e-mail, so the act's message (with its link) is written.
    const patched = await h.t.request(`/api/objects/${job.id}`, {
      as: MANAGER,
      method: "PATCH",
      json: { clientEmail: "ramenskoe@example.ru" },
    });
    assert.equal(patched.status, 200);

    const foreman = await h.signedIn("foreman@demo.local", "phone", "/foreman");
    const card = foreman.locator(".project-card", { hasText: "Раменское" });
    await hydrated(foreman, "FinishWorksButton");
    const finish = card.getByRole("button", { name: "Завершить работы" });
    const box = await finish.boundingBox();
    assert.ok(box && box.height >= 44, `«Завершить работы» is a thumb-sized target (${box?.height} px)`);
    await finish.click();
    const confirm = foreman.getByRole("dialog", { name: "Завершить работы и выставить акт?" });
    await confirm.getByTestId("finish-preview").getByText(formatKopecks(owed)).waitFor();
    await screenshot(foreman, "act-finish-confirm-phone");
    await confirm.getByRole("button", { name: "Завершить и отправить акт" }).click();
    // The act takes the company's next number.
    await foreman.locator(".toast").getByText(/^Работы завершены, акт № А-\d{4}-\d{4} отправлен клиенту$/)
      .waitFor();
    await card.getByText("Работы завершены").first().waitFor();

    const [message] = await h.t.deps.db.select().from(outboxMessages)
      .where(eq(outboxMessages.event, "act_to_sign"));
    const link = message.textBody.match(/https?:\/\/\S+\/c\/[\w-]+/)?.[0];
    assert.ok(link, "the client's message carries the act's link");

    const phone = await h.newPage("phone");
    await phone.goto(new URL(new URL(link).pathname, h.baseUrl).href);
    await hydrated(phone, "ClientAct");
    await phone.getByRole("heading", { name: /Акт сдачи-приёмки выполненных работ/ }).waitFor();
    await phone.getByTestId("act-figures").getByText(formatKopecks(owed)).waitFor();
    await phone.locator("#client-act").scrollIntoViewIfNeeded();
    await screenshot(phone, "act-client-phone");
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `the act fits the phone (${width} px)`);
    await phone.getByLabel("Фамилия, имя и отчество").last().fill("Кузнецова Анна Сергеевна");
    await drawSignature(phone);
    await phone.getByText("Работы выполнены, я принимаю их").click();
    await phone.getByRole("button", { name: "Подписать акт" }).click();
    await phone.getByTestId("act-signed").waitFor();
    await screenshot(phone, "act-signed-phone");
    const signed = await (await h.t.request(`/api/objects/${job.id}`, { as: MANAGER })).json();
    assert.equal(signed.badge.label, "Акт подписан");

    const staff = await h.signedIn(MANAGER, "desktop", `/objects?objectId=${job.id}`);
    await hydrated(staff, "ObjectDetails");
    await staff.getByTestId("acts").getByText("подписан клиентом").waitFor();
    const ledger = staff.locator("[data-testid=ledger]");
    await ledger.getByRole("button", { name: `Выставить остаток ${formatKopecks(owed)}` }).click();
    await toast(staff, "Платежная ссылка создана");
    await ledger.getByRole("button", { name: "Отметить оплату" }).click();
    await toast(staff, "Оплата отмечена");
    await ledger.getByText("0,00 ₽").first().waitFor();
    await screenshot(staff, "act-paid-desktop");
    const paid = await (await h.t.request(`/api/objects/${job.id}`, { as: MANAGER })).json();
    assert.equal(paid.badge.label, "Оплачен полностью");
  },
);
