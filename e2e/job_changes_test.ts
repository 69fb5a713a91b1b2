// Works done with changes in a browser: the foreman records a longer line on a phone and corrects it, staff
// send the supplementary agreement from the object page, the client signs it on a phone, and the act carries
// the new total.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { eq } from "drizzle-orm";
import { browserTest, drawSignature, hydrated, screenshot, toast } from "./harness.ts";
import { outboxMessages } from "../db/schema/mod.ts";
import { formatKopecks } from "../domain/format.ts";
import { formatQuantity } from "../domain/acts.ts";
import { drawnPng } from "../server/testing_client_links.ts";

const MANAGER = "manager@demo.local";

browserTest(
  "[e2e] the foreman records a change on a phone, the client signs the supplementary agreement on a phone, the act carries the new total",
  async (h) => {
    const objects = await (await h.t.request("/api/objects?limit=100", { as: MANAGER })).json();
    const list = Array.isArray(objects) ? objects : objects.items;
    const job = list.find((o: { address: string }) => o.address.includes("Раменское"));
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

    const [message] = await h.t.deps.db.select().from(outboxMessages)
      .where(eq(outboxMessages.event, "agreement_to_sign"));
    const link = message.textBody.match(/https?:\/\/\S+\/c\/[\w-]+/)?.[0];
    assert.ok(link, "the client's message carries the agreement's link");
    const phone = await h.newPage("phone");
    await phone.goto(new URL(new URL(link).pathname, h.baseUrl).href);
    await hydrated(phone, "ClientAgreement");
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
