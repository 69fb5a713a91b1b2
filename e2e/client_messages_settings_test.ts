// In the browser: «Уведомления клиентам» of /settings — an event switched off, a document to sign
// that cannot be, the company's SMTP server saved with its password kept hidden, and a webhook whose secret is
// shown once; desktop and phone.
import assert from "node:assert/strict";
import { closingAfter, expectJson } from "../server/testing.ts";
import { hydrated, screenshot, startBrowser, toast } from "./harness.ts";

const ADMIN = "director@demo.local";

Deno.test({
  name: "[e2e] the company_admin chooses the events, sets the company's SMTP server and adds a webhook",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () =>
    closingAfter(
      await startBrowser({ env: { MAIL_SECRET_KEY: "test-key-0123456789-abcdefghijklmnop" } }),
      async (h) => {
        const desk = await h.signedIn(ADMIN);
        await desk.goto("/settings?tab=messages");
        await hydrated(desk, "ClientMessageSettings");
        const contract = desk.locator(".message-event", { hasText: "Договор на подпись" });
        assert.ok(
          await contract.getByRole("switch").isDisabled(),
          "a document to sign cannot be switched off",
        );
        await contract.getByText("без письма клиент не узнает").waitFor();
        await desk.locator(".message-event", { hasText: "Изменился статус заказа" }).getByRole("switch")
          .uncheck();
        await desk.getByRole("button", { name: "Сохранить уведомления" }).click();
        await toast(desk, "Уведомления сохранены");

        await desk.getByLabel("Адрес сервера").fill("smtp.yandex.ru");
        await desk.getByLabel("Порт").fill("465");
        await desk.getByLabel("Логин").fill("septik@yandex.ru");
        await desk.getByLabel("Пароль").fill("пароль-приложения");
        await desk.getByLabel("Адрес отправителя").fill("не адрес");
        await desk.getByRole("button", { name: "Сохранить сервер" }).click();
        await desk.locator(".field-error", { hasText: "Укажите адрес отправителя" }).waitFor();
        await desk.getByLabel("Адрес отправителя").fill("septik@yandex.ru");
        await desk.getByRole("button", { name: "Сохранить сервер" }).click();
        await toast(desk, "Почтовый сервер сохранён");
        await desk.getByText("пароль сохранён").waitFor();
        assert.equal(await desk.getByRole("button", { name: "Заменить пароль" }).count(), 1);

        await desk.getByLabel("Адрес для событий").fill("https://crm.example.ru/hooks/polesmeta");
        await desk.getByRole("button", { name: "Добавить адрес" }).click();
        await toast(desk, "Адрес добавлен");
        await desk.getByText("Скопируйте его сейчас: он больше не будет показан.").waitFor();
        assert.match(await desk.locator(".secret-value").innerText(), /^whsec_/);
        await desk.locator(".message-event", { hasText: "Договор на подпись" }).getByLabel("crm.example.ru")
          .waitFor();
        await screenshot(desk, "settings-client-messages-desktop");

        const saved = await expectJson(h.t.as(ADMIN).get("/api/client-messages/settings"));
        assert.equal(saved.events.find((e: { event: string }) => e.event === "order_status").enabled, false);
        assert.deepEqual(
          [saved.mailServer.host, saved.mailServer.passwordSaved],
          ["smtp.yandex.ru", true],
        );
        assert.equal(saved.webhooks.length, 1);

        const phone = await h.signedIn(ADMIN, "phone");
        await phone.goto("/settings?tab=messages");
        await hydrated(phone, "ClientMessageSettings");
        await phone.getByText("пароль сохранён").waitFor();
        assert.equal(await phone.getByText(/whsec_/).count(), 0, "the secret is not shown again");
        const width = await phone.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(width <= 390, `no sideways scroll (${width} px)`);
        const orderSwitch = phone.locator(".message-event", { hasText: "Изменился статус заказа" }).locator(
          ".check",
        )
          .first();
        assert.ok(((await orderSwitch.boundingBox())?.height ?? 0) >= 44, "tap target");
        await screenshot(phone, "settings-client-messages-phone");
        await phone.locator(".message-event", { hasText: "Предоплата получена" }).scrollIntoViewIfNeeded();
        await screenshot(phone, "settings-client-messages-phone-events");
      },
    ),
});
