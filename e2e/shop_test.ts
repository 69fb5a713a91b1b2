import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { eq, sql } from "drizzle-orm";
import { products } from "../db/schema/mod.ts";
import { browserTest, hydrated, screenshot, toast } from "./harness.ts";

async function fillCheckout(page: Page, values: Record<string, string>) {
  for (const [field, value] of Object.entries(values)) {
    await page.locator(`#co-${field}`).fill(value);
  }
}

browserTest(
  "[e2e] phone: a guest picks a station in the calculator, orders it with installation; the manager confirms; the chief engineer sees the site",
  async (h) => {
    const guest = await h.newPage("phone");
    await guest.goto("/ruslos/calculator");
    await guest.getByLabel("Постоянно проживают, чел.").fill("4");
    await guest.getByLabel("Гостей в пиковые дни, чел.").fill("2");
    await guest.getByRole("button", { name: "Подобрать" }).click();
    await guest.waitForURL(/residents=4/);
    const first = guest.locator(".recommendation").first();
    const model = (await first.locator("h3").innerText()).trim();
    await hydrated(guest, "AddToCart");
    await screenshot(guest, "shop-calculator-phone");
    await first.getByRole("button", { name: "Заказать с монтажом" }).click();
    await guest.waitForURL(/\/ruslos\/checkout\?installation=1/);
    await hydrated(guest, "CheckoutForm");
    assert.ok(await guest.getByText(model).first().isVisible());
    await guest.getByRole("button", { name: /Подтвердить заказ/ }).click();
    await guest.getByText("Имя покупателя обязательно").waitFor();
    await guest.getByText("Телефон обязателен").waitFor();
    await guest.getByText("Адрес доставки обязателен").waitFor();
    await guest.getByText("Город доставки обязателен").waitFor();
    await fillCheckout(guest, {
      customerName: "Марина Гостева",
      customerPhone: "+7 903 555-12-34",
      customerEmail: "marina@example.ru",
      deliveryCity: "Дорохово",
      deliveryAddress: "ул. Школьная, д. 7",
    });
    assert.ok(await guest.getByLabel(/Нужен монтаж/).isChecked());
    await guest.getByLabel("Адрес монтажа").fill(
      "Московская обл, Рузский р-н, п Дорохово, ул Школьная, д 7",
    );
    await guest.getByRole("button", { name: /Подтвердить заказ/ }).click();
    await guest.waitForURL(/\/ruslos\/orders\/.+\?key=/);
    const heading = (await guest.getByRole("heading", { level: 1 }).innerText()).trim();
    const number = /Заказ (\S+) принят/.exec(heading)?.[1];
    assert.ok(number, heading);
    await guest.getByText(model).first().waitFor();
    await screenshot(guest, "shop-confirmation-phone");

    // The guest's phone, the order placed, serves the manager and then the engineer: two contexts fewer.
    const manager = await h.switchAccount(guest, "manager@demo.local", "/notifications");
    await manager.getByText(new RegExp(`${number}: Марина Гостева`)).first().waitFor();
    await manager.goto("/orders");
    await manager.getByRole("link", { name: number }).click();
    await hydrated(manager, "OrderManager");
    await manager.getByRole("button", { name: "Перевести: Подтверждён" }).click();
    await toast(manager, "Статус обновлен");
    await manager.locator(".order-page .badge").getByText("Подтверждён").first().waitFor();
    await screenshot(manager, "shop-order-manager-phone");

    const engineer = await h.switchAccount(manager, "engineer@demo.local", "/objects");
    await engineer.getByText("Марина Гостева").first().waitFor();
    await engineer.goto("/notifications");
    await engineer.getByText(/Новый объект из интернет-магазина/).first().waitFor();
  },
);

browserTest(
  "[e2e] phone: client@demo.local fills the cart as a guest, signs in, finds it joined, orders and sees «Мои заказы»",
  async (h) => {
    const page = await h.newPage("phone");
    await page.goto("/ruslos?q=Топас 5");
    await page.getByRole("link", { name: "Топас 5", exact: true }).click();
    await page.waitForURL(/\/ruslos\/product\/topas-5$/);
    await hydrated(page, "AddToCart");
    await page.getByRole("button", { name: "В корзину" }).click();
    await toast(page, "Товар добавлен в корзину");
    assert.equal((await page.locator(".shop-cart-count").innerText()).trim(), "1");

    await h.signIn(page, "client@demo.local");
    await page.goto("/ruslos/cart");
    await hydrated(page, "CartView");
    await page.locator(".cart-line").getByText("Топас 5", { exact: true }).waitFor();
    await screenshot(page, "shop-cart-phone");
    await page.getByRole("link", { name: "Оформить заказ" }).click();
    await hydrated(page, "CheckoutForm");
    assert.equal(await page.locator("#co-customerEmail").inputValue(), "client@demo.local");
    await fillCheckout(page, {
      customerName: "Клиент Демо",
      customerPhone: "+7 916 000-00-01",
      deliveryCity: "Истра",
      deliveryAddress: "ул. Ленина, д. 12",
    });
    await page.getByRole("button", { name: /Подтвердить заказ/ }).click();
    await page.waitForURL(/\/ruslos\/orders\//);
    const number = /Заказ (\S+) принят/.exec(await page.getByRole("heading", { level: 1 }).innerText())
      ?.[1];
    assert.ok(number);
    await page.goto("/ruslos/orders");
    await page.getByText(`Заказ ${number}`).waitFor();
    await page.getByText("Новый", { exact: true }).first().waitFor();
    await screenshot(page, "shop-my-orders-phone");
  },
);

browserTest(
  "[e2e] a guest whose cart line was repriced confirms «Подтвердить новую цену» before «Оформить заказ» appears",
  async (h) => {
    for (const size of ["phone", "desktop"] as const) {
      const page = await h.newPage(size);
      await page.goto("/ruslos/product/topas-5");
      await hydrated(page, "AddToCart");
      await page.getByRole("button", { name: "В корзину" }).click();
      await toast(page, "Товар добавлен в корзину");
      await h.t.deps.db.update(products).set({ price: sql`${products.price} + 100000` })
        .where(eq(products.sku, "TOPAS-5"));

      await page.goto("/ruslos/cart");
      await hydrated(page, "CartView");
      const confirm = page.getByRole("button", { name: "Подтвердить новую цену" });
      await confirm.waitFor();
      assert.equal(await page.getByRole("link", { name: "Оформить заказ" }).count(), 0);
      const box = await confirm.boundingBox();
      assert.ok(box && box.height >= 44, `tap target ${box?.height}px`);
      await screenshot(page, `shop-cart-price-changed-${size}`);
      await confirm.click();
      await page.getByRole("link", { name: "Оформить заказ" }).waitFor();
      assert.equal(await confirm.count(), 0);
      await screenshot(page, `shop-cart-price-confirmed-${size}`);
      await page.context().close();
    }
  },
);
