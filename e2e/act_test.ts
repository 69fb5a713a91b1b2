// The act of completed works and the final payment in a browser: the foreman finishes the works on a phone (the
// confirmation states the amount due), the client signs the act on a phone, staff ask for and mark the final payment.
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

// The final payment in a browser: the ledger on the object, «Выставить остаток», the client
// paying from the same phone (per-requisite copy, the QR saved as a file), and staff marking it received.
browserTest(
  "final payment: the manager asks for the remainder, the client's phone copies and saves the QR, received leaves nothing owed",
  async (h) => {
    const objects = await (await h.t.request("/api/objects?limit=100", { as: MANAGER })).json();
    const list = Array.isArray(objects) ? objects : objects.items;
    const ramenskoe = list.find((o: { address: string }) => o.address.includes("Раменское"));
    const before = await (await h.t.request(`/api/contracts/object/${ramenskoe.id}`, { as: MANAGER })).json();
    const owed = before.ledger.owed;
    assert.ok(owed > 0);

    const staff = await h.signedIn(MANAGER, "desktop", `/objects?objectId=${ramenskoe.id}`);
    await hydrated(staff, "ObjectDetails");
    const ledger = staff.locator("[data-testid=ledger]");
    await ledger.getByText(formatKopecks(owed)).first().waitFor();
    await ledger.scrollIntoViewIfNeeded();
    await screenshot(staff, "ledger-object-desktop");
    const engineer = await h.signedIn("engineer@demo.local", "phone", "/engineer");
    const owedCard = engineer.locator("[data-testid=owed-objects]");
    await owedCard.getByText(formatKopecks(owed)).waitFor();
    await owedCard.scrollIntoViewIfNeeded();
    await screenshot(engineer, "owed-objects-phone");
    await ledger.getByRole("button", { name: `Выставить остаток ${formatKopecks(owed)}` }).click();
    await toast(staff, "Платежная ссылка создана");
    const link = await ledger.getByRole("link", { name: "Ссылка клиента на оплату" }).getAttribute("href");
    assert.ok(link);

    const phone = await h.newPage("phone");
    await phone.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: h.baseUrl });
    await phone.goto(link);
    await hydrated(phone, "PaymentRequisites");
    await phone.getByRole("heading", { name: "Окончательный расчёт" }).waitFor();
    await phone.locator("#client-payment").scrollIntoViewIfNeeded();
    await screenshot(phone, "final-payment-phone");
    await phone.getByRole("button", { name: "Скопировать: Расчётный счёт" }).click();
    await toast(phone, "Скопировано");
    assert.equal(await phone.evaluate(() => navigator.clipboard.readText()), "40702810938000012345");
    const copyBox = await phone.getByRole("button", { name: "Скопировать: Сумма" }).boundingBox();
    assert.ok(
      copyBox && copyBox.height >= 44 && copyBox.width >= 44,
      "the copy button is a 44 px tap target",
    );
    const [download] = await Promise.all([
      phone.waitForEvent("download"),
      phone.getByRole("link", { name: "Сохранить QR-код в галерею" }).click(),
    ]);
    assert.match(download.suggestedFilename(), /\.png$/);
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `the client's page fits the phone (${width} px)`);

    await staff.reload();
    await hydrated(staff, "ObjectDetails");
    await ledger.getByRole("button", { name: "Отметить оплату" }).click();
    await toast(staff, "Оплата отмечена");
    await ledger.getByText("0,00 ₽").first().waitFor();
    const after = await (await h.t.request(`/api/contracts/object/${ramenskoe.id}`, { as: MANAGER })).json();
    assert.equal(after.ledger.owed, 0);
    assert.equal(after.ledger.received, after.ledger.due);

    // The signed contract's page (amount, signer, IP, hash) fits a phone too.
    // On the engineer's phone and the manager's desktop, each done with: two contexts fewer.
    const contractPage = await h.switchAccount(engineer, MANAGER, `/contracts/${before.contract.id}`);
    await contractPage.getByText("SHA-256 текста").waitFor();
    await screenshot(contractPage, "contract-signed-phone");
    const contractWidth = await contractPage.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(contractWidth <= 390, `/contracts/{id} fits the phone (${contractWidth} px)`);

    const cabinet = await h.switchAccount(staff, "engineer@demo.local", "/analytics");
    await cabinet.locator("[data-testid=receivables]").waitFor();
    await screenshot(cabinet, "receivables-desktop");
  },
);
