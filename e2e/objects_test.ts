// The objects screens: an object created, edited and given files; an organisation client's requisites in the
// object form (below).
import assert from "node:assert/strict";
import { tinyMp4 } from "../server/testing.ts";
import { Buffer } from "node:buffer";
import { type BrowserHarness, browserTest, hydrated, screenshot, toast } from "./harness.ts";
import { organisationClient } from "../server/testing_clients.ts";

/** The manager's «Новый объект» dialog, open on the objects screen at `size`. */
async function newObjectDialog(h: BrowserHarness, size: "phone" | "desktop") {
  const page = await h.signedIn("manager@demo.local", size, "/improved-objects");
  await hydrated(page, "ObjectDialog");
  await page.getByRole("button", { name: "Новый объект" }).click();
  return { page, dialog: page.getByRole("dialog", { name: "Новый объект" }) };
}

browserTest(
  "[e2e] a manager creates an object through the address suggestion, edits it, adds a document and a video",
  async (h) => {
    const { page, dialog } = await newObjectDialog(h, "desktop");
    await dialog.getByRole("combobox", { name: "Адрес" }).pressSequentially(
      "Павловская Слобода, ул Лесная, 3",
    );
    // The option for the whole address: while the last keystrokes wait out the debounce, the list may still
    // show what a shorter prefix found (under load, Павловский Посад for «Павлов…»).
    await dialog.getByRole("listbox", { name: "Подсказки адреса" })
      .getByRole("option", { name: /Павловская Слобода.*Лесная/ }).first().click();
    assert.equal(await dialog.getByLabel("Район").inputValue(), "Истринский");
    assert.equal(await dialog.getByLabel("Направление").inputValue(), "Запад");
    assert.equal(await dialog.getByLabel("Населенный пункт").inputValue(), "Павловская Слобода");
    await dialog.getByRole("button", { name: "Создать объект" }).click();
    await dialog.getByText("Телефон обязателен").waitFor();
    await dialog.getByLabel("Имя клиента").fill("Ольга Верная");
    await dialog.getByLabel("Телефон клиента").fill("+7 916 111-22-33");
    await dialog.getByLabel("Примерная стоимость, ₽").fill("345 000 ₽");
    await dialog.getByLabel("Тип работ").selectOption("autonomous_sewage");
    await dialog.getByRole("button", { name: "Создать объект" }).click();
    await toast(page, "УСПЕШНО СОЗДАН ОБЪЕКТ!");
    const card = page.locator(".object-card").filter({ hasText: "Ольга Верная" });
    await card.getByText("14 км от МКАД").waitFor();
    await card.getByText("345 000,00 ₽").waitFor();
    await screenshot(page, "objects-desktop");

    // Edit: the description; the status follows the job's events and is not chosen by hand.
    await hydrated(page, "ObjectDetails");
    await card.getByRole("button", { name: "Редактировать" }).click();
    const edit = page.getByRole("dialog", { name: "Редактировать объект" });
    await edit.getByLabel("Имя клиента").and(page.locator("[value='Ольга Верная']")).waitFor();
    assert.ok(await edit.getByLabel("Статус").isDisabled(), "the status is not set by hand");
    await edit.getByLabel("Описание").fill("Песок, УГВ 1,5 м");
    await edit.getByRole("button", { name: "Сохранить" }).click();
    await toast(page, "Успешно");

    // Details by its URL, then the documents tab: upload and download.
    await hydrated(page, "ObjectDetails");
    await page.locator(".object-card").filter({ hasText: "Ольга Верная" }).getByRole("link", {
      name: "Подробнее",
    }).click();
    assert.match(page.url(), /objectId=\d+/);
    const details = page.locator("dialog.object-details");
    await details.getByText("Песок, УГВ 1,5 м").waitFor();
    await screenshot(page, "object-details-desktop");
    await details.getByRole("tab", { name: "Документы" }).click();
    await details.getByText("Нет документов").waitFor();
    await details.getByText("Загрузить документ").first().click();
    await details.getByLabel("Файл").setInputFiles({
      name: "Договор №7.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4\n% договор\n%%EOF\n"),
    });
    await details.getByRole("button", { name: "Загрузить документ" }).click();
    await toast(page, "Документ загружен");
    const docCard = details.locator(".doc-card").filter({ hasText: "Договор №7.pdf" });
    await docCard.getByText("PDF", { exact: true }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      docCard.getByRole("link", { name: "Скачать" }).click(),
    ]);
    assert.equal(download.suggestedFilename(), "Договор №7.pdf");

    // Videos: upload a small MP4, then seek in it by byte range.
    await details.getByRole("tab", { name: "Видео" }).click();
    await details.getByRole("button", { name: "Загрузить видео" }).click();
    const upload = page.getByRole("dialog", { name: "Загрузить видео" });
    // Without a file the error shows above the upload dialog, itself above the object's: both are modal.
    await upload.getByRole("button", { name: "Загрузить" }).click();
    await toast(page, "Файл не выбран");
    await upload.getByLabel("Видеофайл").setInputFiles({
      name: "Осмотр.mp4",
      mimeType: "video/mp4",
      buffer: Buffer.from(tinyMp4(20_000)),
    });
    await upload.getByLabel("Описание").fill("Въезд на участок");
    await upload.getByRole("button", { name: "Загрузить" }).click();
    await toast(page, "Видео загружено");
    const videoCard = details.locator(".video-card").filter({ hasText: "Осмотр.mp4" });
    await videoCard.waitFor();
    const href = await videoCard.getByRole("link", { name: "Скачать" }).getAttribute("href");
    const ranged = await page.request.get(href!.replace("?download=1", ""), {
      headers: { Range: "bytes=1000-1999" },
    });
    assert.equal(ranged.status(), 206);
    assert.equal(ranged.headers()["content-range"], "bytes 1000-1999/20000");
    assert.equal((await ranged.body()).length, 1000);
    await videoCard.getByRole("button", { name: "Смотреть", exact: true }).click();
    await page.locator("dialog.video-player video").waitFor();
    await page.getByRole("button", { name: "Закрыть видео" }).click();

    // The documents screen lists it.
    await page.goto("/documents");
    await hydrated(page, "DocumentsBrowser");
    await page.locator(".doc-card").filter({ hasText: "Договор №7.pdf" }).getByText("PDF", { exact: true })
      .waitFor();
    await screenshot(page, "documents-desktop");
  },
);

browserTest(
  "[e2e] on a phone the director adds an employee, changes their avatar; objects list and details fit",
  async (h) => {
    const page = await h.signedIn("director@demo.local", "phone", "/objects");
    await page.locator(".object-card").first().waitFor();
    await screenshot(page, "objects-phone");
    await hydrated(page, "ObjectDetails");
    await page.locator(".object-card .object-address a").first().click();
    await page.locator("dialog.object-details dl.details").first().waitFor();
    await screenshot(page, "object-details-phone");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > innerWidth);
    assert.equal(overflow, false, "the page scrolls sideways");

    await page.goto("/employees");
    await hydrated(page, "EmployeesPanel");
    await page.getByRole("button", { name: "Добавить сотрудника" }).click();
    const dialog = page.getByRole("dialog", { name: "Новый сотрудник" });
    await dialog.getByLabel(/^Имя/).fill("Глеб");
    await dialog.getByLabel("Фамилия").fill("Новиков");
    await dialog.getByLabel("Email").fill("novikov@demo.local");
    await dialog.getByLabel("Роль", { exact: true }).selectOption("foreman");
    await dialog.getByRole("button", { name: "Добавить" }).click();
    await toast(page, "Сотрудник добавлен");
    const password = await page.locator(".generated-password code").textContent();
    assert.ok(password && password.length >= 10);
    await page.getByRole("button", { name: "Готово" }).click();
    const row = page.locator(".employee").filter({ hasText: "novikov@demo.local" });
    await row.getByText("Бригадир").waitFor();
    const [chooser] = await Promise.all([
      page.waitForEvent("filechooser"),
      row.getByRole("button", { name: /Сменить аватар/ }).click(),
    ]);
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
      "base64",
    );
    await chooser.setFiles({ name: "face.png", mimeType: "image/png", buffer: png });
    await toast(page, "Аватар обновлен");
    await row.locator("img.avatar").waitFor();
    await screenshot(page, "employees-phone");
    // The new employee signs in with the password shown once.
    const theirs = await h.newPage("phone");
    await h.signIn(theirs, "novikov@demo.local", password!);
    assert.match(theirs.url(), /\/foreman$/);
  },
);

// On screen: an organisation client entered in the object form at phone size, a wrong ИНН
// refused with its message and nothing typed lost; then the object's requisites seen again at desktop size.
browserTest(
  "[e2e] an organisation client's requisites are checked in the object form, on a phone and a desktop",
  async (h) => {
    const { page, dialog } = await newObjectDialog(h, "phone");
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
