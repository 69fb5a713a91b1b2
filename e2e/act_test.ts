// The act of completed works and the final payment in a browser: the foreman finishes the works on a phone (the
// confirmation states the amount due), the client signs the act on a phone, staff ask for and mark the final payment;
// works done with changes (below).
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { type BrowserHarness, browserTest, drawSignature, hydrated, screenshot, toast } from "./harness.ts";
import { outboxMessages } from "../db/schema/mod.ts";
import { formatKopecks } from "../domain/format.ts";
import { Buffer } from "node:buffer";
import { formatQuantity } from "../domain/acts.ts";
import { drawnPng } from "../server/testing_client_links.ts";

const MANAGER = "manager@demo.local";

/** The client's link of the first message of `event`, opened on a phone with its `island` hydrated. */
async function clientLinkOnPhone(h: BrowserHarness, event: string, island: string) {
  const [message] = await h.t.deps.db.select().from(outboxMessages).where(eq(outboxMessages.event, event));
  const link = message.textBody.match(/https?:\/\/\S+\/c\/[\w-]+/)?.[0];
  assert.ok(link, `the client's message (${event}) carries its link`);
  const phone = await h.newPage("phone");
  await phone.goto(new URL(new URL(link).pathname, h.baseUrl).href);
  await hydrated(phone, island);
  return phone;
}

/** The demo's signed job with its prepayment (Раменское), as the manager's object list gives it. */
async function ramenskoyeJob(h: BrowserHarness): Promise<{ id: number; address: string }> {
  const objects = await (await h.t.request("/api/objects?limit=100", { as: MANAGER })).json();
  const list = Array.isArray(objects) ? objects : objects.items;
  return list.find((o: { address: string }) => o.address.includes("Раменское"));
}

browserTest(
  "[e2e] the foreman finishes the works on a phone, the client signs the act on a phone, the final payment is asked for and marked",
  async (h) => {
    const job = await ramenskoyeJob(h);
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
    await toast(foreman, /^Работы завершены, акт № А-\d{4}-\d{4} отправлен клиенту$/);
    await card.getByText("Работы завершены").first().waitFor();

    const phone = await clientLinkOnPhone(h, "act_to_sign", "ClientAct");
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

// Works done with changes in a browser: the foreman records a longer line on a phone and corrects it, staff
// send the supplementary agreement from the object page, the client signs it on a phone, and the act carries
// the new total.
browserTest(
  "[e2e] the foreman records a change on a phone, the client signs the supplementary agreement on a phone, the act carries the new total",
  async (h) => {
    const job = await ramenskoyeJob(h);
    const patched = await h.t.request(`/api/objects/${job.id}`, {
      as: MANAGER,
      method: "PATCH",
      json: { clientEmail: "ramenskoe@example.ru" },
    });
    assert.equal(patched.status, 200);
    const before = await (await h.t.request(`/api/job-changes/object/${job.id}`, { as: MANAGER })).json();
    const line = before.lines[before.lines.length - 1];

    const foreman = await h.signedIn("foreman@demo.local", "phone");
    await foreman.goto("/foreman");
    const card = foreman.locator(".project-card", { hasText: "Раменское" });
    await hydrated(foreman, "JobChanges");
    await card.getByRole("button", { name: "Изменения работ" }).click();
    const form = card.getByTestId("job-change-form");
    await form.getByLabel("Позиция сметы").selectOption(String(line.index));
    await form.getByLabel("Количество по факту").fill(String(line.quantity + 2));
    await form.getByLabel("Причина").fill("Септик дальше от дома, чем на замере");
    // A photo of the trench goes with it (sent as a file, not as JSON).
    await form.getByLabel("Фото (необязательно)").setInputFiles({
      name: "trench.png",
      mimeType: "image/png",
      buffer: Buffer.from(drawnPng().split(",")[1], "base64"),
    });
    for (
      const control of await form.locator("select, input:not([type=checkbox]), button, label.checkbox").all()
    ) {
      const box = await control.boundingBox();
      if (box) assert.ok(box.height >= 44, `a thumb-sized target (${box.height} px)`);
    }
    await form.getByRole("button", { name: "Записать изменение" }).click();
    await toast(foreman, "Изменение записано");
    await card.getByTestId("job-change").getByText("требует согласия клиента").waitFor();
    await card.getByTestId("job-change").getByText("фото: 1").waitFor();
    // Measured again: the foreman corrects the quantity before it goes to the client.
    await card.getByTestId("job-change").getByRole("button", { name: "Изменить" }).click();
    const edit = card.getByTestId("job-change-edit");
    await edit.getByLabel("Количество по факту").fill(String(line.quantity + 3));
    await edit.getByRole("button", { name: "Сохранить изменение" }).click();
    await toast(foreman, "Изменение исправлено");
    await card.getByTestId("job-change").getByText(`→ ${formatQuantity(line.quantity + 3)}`, { exact: false })
      .waitFor();
    await card.getByTestId("job-change").scrollIntoViewIfNeeded();
    await screenshot(foreman, "job-changes-foreman-phone");
    const width = await foreman.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `the foreman's page fits the phone (${width} px)`);

    const staff = await h.signedIn(MANAGER);
    await staff.goto(`/objects?objectId=${job.id}`);
    await hydrated(staff, "ObjectDetails");
    const panel = staff.getByTestId("job-changes");
    await panel.getByRole("button", { name: "Отправить клиенту доп. соглашение" }).click();
    await toast(staff, "Дополнительное соглашение отправлено клиенту");
    await panel.getByTestId("agreement").getByText("ждёт подписи клиента").waitFor();
    await panel.scrollIntoViewIfNeeded();
    await screenshot(staff, "job-changes-staff-desktop");
    const sent = await (await h.t.request(`/api/job-changes/object/${job.id}`, { as: MANAGER })).json();
    const newTotal = sent.agreements[0].newTotal;
    assert.ok(newTotal > sent.agreements[0].oldTotal);

    const phone = await clientLinkOnPhone(h, "agreement_to_sign", "ClientAgreement");
    await phone.getByTestId("agreement-new-total").getByText(formatKopecks(newTotal)).waitFor();
    await phone.locator("#client-agreement").scrollIntoViewIfNeeded();
    await screenshot(phone, "job-changes-agreement-client-phone");
    await phone.locator("#agreement-sign-name").fill("Кузнецова Анна Сергеевна");
    await drawSignature(phone);
    await phone.getByText("Я прочитал(а) соглашение").click();
    await phone.getByRole("button", { name: "Подписать соглашение" }).click();
    await phone.getByTestId("agreement-signed").waitFor();
    await screenshot(phone, "job-changes-agreement-signed-phone");

    await foreman.reload();
    await hydrated(foreman, "FinishWorksButton");
    await card.getByRole("button", { name: "Завершить работы" }).click();
    const confirm = foreman.getByRole("dialog", { name: "Завершить работы и выставить акт?" });
    await confirm.getByTestId("finish-preview").getByText(formatKopecks(newTotal)).waitFor();
    await confirm.getByRole("button", { name: "Завершить и отправить акт" }).click();
    await card.getByText("Работы завершены").first().waitFor();
    const acts = await (await h.t.request(`/api/acts/object/${job.id}`, { as: MANAGER })).json();
    assert.equal(acts.acts[0].totalAmount, newTotal, "the act carries estimate + the agreed change");
    const ledger =
      (await (await h.t.request(`/api/contracts/object/${job.id}`, { as: MANAGER })).json()).ledger;
    assert.equal(ledger.due, newTotal);
  },
);
