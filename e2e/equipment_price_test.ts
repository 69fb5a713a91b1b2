// The station price basis in the browser: the company_admin sets the station's price basis on /settings?tab=price-list.
import assert from "node:assert/strict";
import { browserTest, hydrated, screenshot, toast } from "./harness.ts";
import { expectJson } from "../server/testing.ts";

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
