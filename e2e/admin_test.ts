// The administrators' screens: companies, users and settings; the station price basis of the price list
// (below).
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { browserTest, hydrated, screenshot, toast } from "./harness.ts";
import { expectJson } from "../server/testing.ts";

browserTest(
  "[e2e] system_admin creates a company and its admin, who signs in and creates a surveyor",
  async (h) => {
    const desk = await h.signedIn("admin@demo.local");
    assert.match(desk.url(), /\/admin$/);
    await desk.getByRole("heading", { name: "Компании" }).waitFor();
    await screenshot(desk, "admin-desktop");

    // Create the company; a wrong ИНН check digit is caught in the form first.
    await desk.goto("/companies");
    await hydrated(desk, "CompaniesManager");
    await desk.getByRole("button", { name: "Создать компанию" }).click();
    const dialog = desk.getByRole("dialog", { name: "Новая компания" });
    await dialog.getByLabel("Название").fill("ООО «Чистая Вода»");
    await dialog.getByLabel("ИНН").fill("7736207544");
    await dialog.getByLabel("БИК").fill("044525225");
    await dialog.getByLabel("Расчётный счёт").fill("40702810938000000001");
    await dialog.getByLabel("Корреспондентский счёт").fill("30101810400000000225");
    await dialog.getByLabel("Тариф").selectOption("smu");
    await dialog.getByRole("button", { name: "Создать компанию" }).click();
    await dialog.getByText("ИНН: неверная контрольная цифра, проверьте номер").waitFor();
    await screenshot(desk, "companies-dialog-desktop");
    await dialog.getByLabel("ИНН").fill("7736207543");
    await dialog.getByRole("button", { name: "Создать компанию" }).click();
    await toast(desk, "Компания создана");
    await desk.locator(".admin-row").filter({ hasText: "ООО «Чистая Вода»" }).getByText("СМУ").waitFor();
    await screenshot(desk, "companies-desktop");

    // Create its company_admin.
    await desk.goto("/users");
    await hydrated(desk, "UsersManager");
    await desk.getByRole("button", { name: "Добавить пользователя" }).click();
    const userDialog = desk.getByRole("dialog", { name: "Новый пользователь" });
    await userDialog.getByRole("button", { name: "Создать пользователя" }).click();
    await userDialog.getByText("Заполните все обязательные поля").waitFor();
    await userDialog.getByLabel("Имя").fill("Вера");
    await userDialog.getByLabel("Фамилия").fill("Ключевая");
    await userDialog.getByLabel("Email").fill("vera@voda.ru");
    await userDialog.getByLabel("Пароль").fill("voda12345");
    assert.equal(await userDialog.getByLabel(/^Роль/).inputValue(), "measurement_engineer");
    await userDialog.getByLabel(/^Роль/).selectOption("company_admin");
    await userDialog.getByLabel(/^Компания/).selectOption({ label: "ООО «Чистая Вода»" });
    await userDialog.getByRole("button", { name: "Создать пользователя" }).click();
    await toast(desk, "Пользователь создан");
    await desk.locator(".admin-row").filter({ hasText: "vera@voda.ru" }).waitFor();
    await screenshot(desk, "users-desktop");

    await desk.goto("/admin/users");
    await hydrated(desk, "AdminUsersTable");
    await desk.getByRole("cell", { name: /vera@voda\.ru/ }).waitFor();
    await screenshot(desk, "admin-users-desktop");

    // The new company_admin signs in on a phone and creates a surveyor of her company.
    const phone = await h.newPage("phone");
    await h.signIn(phone, "vera@voda.ru", "voda12345");
    assert.match(phone.url(), /\/admin$/);
    await screenshot(phone, "admin-phone");
    await phone.goto("/users");
    await hydrated(phone, "UsersManager");
    await phone.getByRole("button", { name: "Добавить пользователя" }).click();
    const d = phone.getByRole("dialog", { name: "Новый пользователь" });
    await d.getByLabel("Имя").fill("Степан");
    await d.getByLabel("Фамилия").fill("Замеров");
    await d.getByLabel("Email").fill("stepan@voda.ru");
    await d.getByLabel("Пароль").fill("zamer123");
    await screenshot(phone, "users-dialog-phone");
    assert.ok(!(await d.getByLabel(/^Роль/).locator("option[value=system_admin]").count()));
    await d.getByRole("button", { name: "Создать пользователя" }).click();
    await toast(phone, "Пользователь создан");
    const row = phone.locator(".admin-row").filter({ hasText: "stepan@voda.ru" });
    await row.getByText("Инженер-замерщик").waitFor();
    await screenshot(phone, "users-phone");
    // She sees only her company's users.
    assert.equal(await phone.locator(".admin-row").filter({ hasText: "@demo.local" }).count(), 0);

    await phone.goto("/settings?tab=company");
    await hydrated(phone, "CompanySettings");
    await screenshot(phone, "settings-company-phone");
    await phone.goto("/settings");
    await hydrated(phone, "ProfileSettings");
    await screenshot(phone, "settings-phone");

    // The surveyor signs in and belongs to the new company.
    const res = await h.t.request("/api/user", {
      headers: { Cookie: await h.t.login("stepan@voda.ru", "zamer123") },
    });
    const me = await res.json();
    assert.equal(me.role, "measurement_engineer");
    assert.equal(me.companyName, "ООО «Чистая Вода»");

    // A surveyor is refused the administrator panel with the spec's text (on the same phone, Вера done with).
    const other = await h.switchAccount(phone, "surveyor@demo.local");
    const denied = await other.goto("/admin");
    assert.equal(denied?.status(), 403);
    await other.getByText("У вас нет прав доступа к панели администратора").first().waitFor();
    await toast(other, "Access Denied");
  },
);

browserTest(
  "[e2e] screens at phone size: companies, owner's users, settings",
  async (h) => {
    const phone = await h.signedIn("admin@demo.local", "phone", "/companies");
    await hydrated(phone, "CompaniesManager");
    await screenshot(phone, "companies-phone");
    // The dialogs have addresses: the form loads after the page and opens again from the address.
    const first = phone.locator(".admin-row").first();
    const name = await first.locator("strong").innerText();
    await first.getByRole("button", { name: "Изменить" }).click();
    await phone.waitForURL(/\?companyId=\d+$/);
    await phone.reload();
    const edit = phone.getByRole("dialog", { name: `Компания: ${name}` });
    assert.equal(await edit.getByLabel("Название").inputValue(), name);
    await edit.getByRole("button", { name: "Отмена" }).click();
    await phone.waitForURL(/\/companies$/);
    await phone.goto("/users?new=1");
    await phone.getByRole("dialog", { name: "Новый пользователь" }).getByLabel("Имя").waitFor();
    await phone.goto("/admin/users");
    await hydrated(phone, "AdminUsersTable");
    await screenshot(phone, "admin-users-phone");
    await phone.getByRole("button", { name: "Очистить тестовые данные" }).click();
    await phone.getByRole("dialog", { name: "Очистить тестовые данные?" }).waitFor();
    await screenshot(phone, "admin-cleanup-phone");
    const desk = await h.signedIn("director@demo.local", "desktop", "/settings?tab=company");
    await hydrated(desk, "CompanySettings");
    await screenshot(desk, "settings-company-desktop");
    await desk.goto("/settings");
    await hydrated(desk, "ProfileSettings");
    await screenshot(desk, "settings-desktop");
    // The forms' checks load on demand and still answer in the form.
    await desk.getByRole("button", { name: "Сохранить", exact: true }).click();
    await toast(desk, "Профиль сохранен");
    await desk.getByRole("button", { name: "Изменить пароль" }).click();
    await desk.getByLabel("Текущий пароль").fill("demo12345");
    await desk.getByLabel(/^Новый пароль/).fill("new12345");
    await desk.getByLabel("Повторите новый пароль").fill("other123");
    await desk.getByRole("button", { name: "Сохранить пароль" }).click();
    await desk.getByText("Пароли не совпадают").waitFor();
    // The price list goes in through the engine's reader and comes back as a workbook.
    await desk.goto("/settings?tab=price-list");
    await hydrated(desk, "PriceListSettings");
    await desk.getByLabel("Файл прайс-листа").setInputFiles({
      name: "prices.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(
        "Артикул;Наименование;Ед. изм.;Раздел;Материалы;Работы\nЯ901;Кольцо ЖБИ;шт;;4500;1500\n",
      ),
    });
    // A minute, not playwright's 30 s: the first upload of a run starts the price-list worker, whose module
    // `deno test` type-checks on a fresh clone; at a load of 14 that alone ran past 30 s.
    await toast(desk, "Прайс-лист загружен", { timeout: 60_000 });
    await desk.getByText("prices").first().waitFor();
    const [download] = await Promise.all([
      desk.waitForEvent("download"),
      desk.getByRole("link", { name: "Скачать .xlsx" }).click(),
    ]);
    assert.equal(download.suggestedFilename(), "Прайс-лист.xlsx");
    await screenshot(desk, "settings-price-list-desktop");
  },
);

// The station price basis in the browser: the company_admin sets the station's price basis on /settings?tab=price-list.
browserTest(
  "[e2e] the company_admin sets «Дилерская цена + наценка» 20 %; 400 % is refused in the form",
  async (h) => {
    const desk = await h.signedIn("director@demo.local", "desktop", "/settings?tab=price-list");
    await hydrated(desk, "EquipmentPriceSettings");
    const basis = desk.getByLabel("Станцию считать по цене");
    assert.equal(await basis.inputValue(), "retail");
    await basis.selectOption("dealer_markup");
    const markup = desk.getByLabel("Наценка на дилерскую цену, %");
    await markup.fill("400");
    await desk.getByRole("button", { name: "Сохранить", exact: true }).click();
    await desk.getByText("Наценка не больше 300 %").waitFor();
    await markup.fill("20");
    await desk.getByRole("button", { name: "Сохранить", exact: true }).click();
    await toast(desk, "Цена оборудования сохранена");
    await screenshot(desk, "settings-equipment-price-desktop");
    assert.deepEqual(await expectJson(h.t.as("director@demo.local").get("/api/settings/equipment-price")), {
      basis: "dealer_markup",
      markupPercent: 20,
    });

    const phone = await h.signedIn("director@demo.local", "phone", "/settings?tab=price-list");
    await hydrated(phone, "EquipmentPriceSettings");
    await phone.getByRole("heading", { name: "Цена оборудования в сметах" }).evaluate((el) =>
      el.scrollIntoView()
    );
    assert.equal(await phone.getByLabel("Наценка на дилерскую цену, %").inputValue(), "20");
    const save = phone.locator("[data-island=EquipmentPriceSettings] button[type=submit]");
    assert.ok(((await save.boundingBox())?.height ?? 0) >= 44, "tap target");
    await screenshot(phone, "settings-equipment-price-phone");
  },
);
