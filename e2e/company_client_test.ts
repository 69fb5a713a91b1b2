// On screen: an organisation client entered in the object form at phone size, a wrong ИНН
// refused with its message and nothing typed lost; then the object's requisites seen again at desktop size.
import assert from "node:assert/strict";
import { browserTest, hydrated, screenshot, toast } from "./harness.ts";
import { organisationClient } from "../server/testing_clients.ts";

browserTest(
  "[e2e] an organisation client's requisites are checked in the object form, on a phone and a desktop",
  async (h) => {
    const page = await h.signedIn("manager@demo.local", "phone", "/improved-objects");
    await hydrated(page, "ObjectDialog");
    await page.getByRole("button", { name: "Новый объект" }).click();
    const dialog = page.getByRole("dialog", { name: "Новый объект" });
    await dialog.getByRole("combobox", { name: "Адрес" }).fill(
      "Московская обл, п Дорохово, ул Школьная, д 7",
    );
    await dialog.getByLabel("Населенный пункт").fill("Дорохово");
    await dialog.getByLabel("Телефон клиента").fill("+7 495 000-00-01");
    await dialog.getByLabel("Примерная стоимость, ₽").fill("900 000");
    await dialog.getByLabel("Клиент", { exact: true }).selectOption("organisation");
    await dialog.getByLabel("Название организации").fill(organisationClient.clientName);
    await dialog.getByLabel(/^ИНН\*?$/).fill("7707083894");
    await dialog.getByLabel("КПП", { exact: true }).fill(organisationClient.clientKpp);
    await dialog.getByLabel("БИК", { exact: true }).fill(organisationClient.clientBankBik);
    await dialog.getByLabel("Расчётный счёт", { exact: true }).fill(organisationClient.clientBankAccount);
    await dialog.getByRole("button", { name: "Создать объект" }).click();
    await dialog.getByText("ИНН: неверная контрольная цифра, проверьте номер").waitFor();
    assert.equal(
      await dialog.getByLabel("Расчётный счёт", { exact: true }).inputValue(),
      organisationClient.clientBankAccount,
    );
    const box = await dialog.getByLabel(/^ИНН\*?$/).boundingBox();
    assert.ok(box && box.height >= 44, `the ИНН field is a 44 px target, got ${box?.height}`);
    await screenshot(page, "company-client-phone");
    await dialog.getByLabel(/^ИНН\*?$/).fill(organisationClient.clientInn);
    await dialog.getByRole("button", { name: "Создать объект" }).click();
    await toast(page, "УСПЕШНО СОЗДАН ОБЪЕКТ!");

    const desk = await h.signedIn("manager@demo.local", "desktop", "/improved-objects");
    await hydrated(desk, "ObjectDetails");
    const card = desk.locator(".object-card").filter({ hasText: organisationClient.clientName });
    await card.getByRole("button", { name: "Редактировать" }).click();
    const edit = desk.getByRole("dialog", { name: "Редактировать объект" });
    await edit.getByLabel(/^ИНН\*?$/).and(
      desk.locator(`[value='${organisationClient.clientInn}']`),
    ).waitFor();
    assert.equal(await edit.getByLabel("Клиент", { exact: true }).inputValue(), "organisation");
    await screenshot(desk, "company-client-desktop");
  },
);
