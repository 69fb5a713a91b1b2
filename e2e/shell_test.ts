// The app's shell: every account signs in, sees its menu and signs out; the /login form, registering and
// /login?next= (below).
import assert from "node:assert/strict";
import type { Locator } from "playwright-core";
import { demoAccounts } from "../db/seed/demo_companies.ts";
import { menuFor } from "../domain/roles.ts";
import { browserTest, screenshot } from "./harness.ts";
import { eq } from "drizzle-orm";
import { notifications, users } from "../db/schema/mod.ts";

/** `cover` (on the screen now) and `target` share no pixel: a tap on `target` reaches it. */
async function assertUncovered(cover: Locator, target: Locator): Promise<void> {
  const [a, b] = [await cover.boundingBox(), await target.boundingBox()];
  assert.ok(a && b, "both are on the screen");
  const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y ||
    b.y + b.height <= a.y;
  assert.ok(apart, `the toast ${JSON.stringify(a)} covers the button ${JSON.stringify(b)}`);
}

browserTest(
  "[e2e] every demo account signs in, sees its role's menu and signs out",
  async (h) => {
    // The first account through the /login form, the others through the API (the same session), one after
    // another in the same page: each signs out before the next signs in, so a context of its own (a renderer
    // and a first load without cached bundles each) checked nothing more.
    const page = await h.newPage();
    for (const [index, account] of demoAccounts.entries()) {
      if (index === 0) {
        await h.signIn(page, account.email);
      } else {
        await h.switchAccount(page, account.email);
      }
      const expected = menuFor(account.role, account.email === "admin@demo.local").map((i) => i.label);
      const shown = await page.locator(".sidebar-nav .nav-link").allInnerTexts();
      assert.deepEqual(shown.map((s) => s.trim()), expected, account.email);
      await page.getByRole("button", { name: "Выйти" }).click();
      await page.waitForURL(/\/landing/);
      await page.goto("/profile");
      assert.match(page.url(), /\/login\?next=%2Fprofile/);
    }
  },
);

browserTest(
  "[e2e] a wrong password keeps the user on /login with the server's message",
  async (h) => {
    const page = await h.newPage("phone");
    await page.goto("/login");
    await page.waitForSelector("[data-island=LoginForm] form");
    await page.getByLabel(/^Email/).fill("engineer@demo.local");
    await page.getByLabel(/^Пароль/).fill("wrong-password");
    await page.getByRole("button", { name: "Войти", exact: true }).click();
    await page.getByText("Неверный email или пароль").waitFor();
    assert.match(page.url(), /\/login/);
    // The error's toast leaves the form's button free to tap again at once (for its 5 s it covered it).
    await assertUncovered(page.locator(".toast"), page.getByRole("button", { name: "Войти", exact: true }));
    // The registration tab checks with the server's own messages.
    await page.getByRole("tab", { name: "Регистрация" }).click();
    await assertUncovered(page.locator(".toast"), page.getByRole("button", { name: "Зарегистрироваться" }));
    await page.getByRole("button", { name: "Зарегистрироваться" }).click();
    await page.getByText("Имя обязательно").waitFor();
    await page.getByText("Пароль обязателен").waitFor();
    await screenshot(page, "login-phone-errors");
  },
);

browserTest(
  "[e2e] the shell on a phone opens the drawer and on a desktop shows the sidebar",
  async (h) => {
    const phone = await h.signedIn("engineer@demo.local", "phone", "/profile");
    const hiddenBox = await phone.locator(".sidebar").boundingBox();
    assert.ok(hiddenBox && hiddenBox.x + hiddenBox.width <= 0, "the drawer starts off-screen");
    await phone.getByRole("banner").getByLabel("Открыть меню").click();
    await phone.locator(".sidebar").getByRole("link", { name: "Настройки" }).waitFor({ state: "visible" });
    // The drawer slides in: the screenshot waits until it is all on the screen.
    await phone.waitForFunction(() => {
      const box = document.querySelector(".sidebar")!.getBoundingClientRect();
      return box.left >= 0 && box.right > 0;
    });
    await screenshot(phone, "shell-phone-drawer");
    const desktop = await h.signedIn("engineer@demo.local", "desktop", "/profile");
    assert.equal(await desktop.locator(".sidebar").isVisible(), true);
    await screenshot(desktop, "shell-desktop");
    await desktop.goto("/login");
    await desktop.context().clearCookies();
    await desktop.goto("/login");
    await screenshot(desktop, "login-desktop");
  },
);

browserTest(
  "[e2e] '?new=1' links open their dialogs: a new object, and a task for a chosen object",
  async (h) => {
    const page = await h.signedIn("engineer@demo.local", "desktop", "/objects?new=1");
    await page.locator("dialog[open]").waitFor();
    assert.doesNotMatch(page.url(), /new=1/);
    const objects = await (await page.request.get("/api/objects")).json();
    await page.goto(`/tasks?objectId=${objects[0].id}&new=1`);
    const dialog = page.locator("dialog[open]");
    await dialog.waitFor();
    assert.equal(await dialog.getByLabel(/^Объект/).inputValue(), String(objects[0].id));
  },
);

browserTest(
  "[e2e] the bell shows the unread count, opens the list, marks all read, and a click opens the task; /notifications shows 50 at a time",
  async (h) => {
    const page = await h.signedIn("surveyor@demo.local", "phone", "/profile");
    const bell = page.getByRole("button", { name: /^Уведомления/ });
    await bell.getByText("2").waitFor();
    await bell.click();
    const panel = page.getByRole("dialog", { name: "Уведомления" });
    await panel.getByText("Новая задача на замер").waitFor();
    await panel.getByRole("button", { name: "Прочитать все" }).click();
    await page.getByText("Все уведомления отмечены как прочитанные").waitFor();
    assert.equal(await bell.locator(".bell-count").count(), 0);
    await Promise.all([
      page.waitForURL(/\/tasks\?taskId=\d+/),
      panel.getByText("Новая задача на замер").click(),
    ]);

    // 60 more: the page shows the newest 50 and the whole unread count, «Показать ещё» the other 12.
    const { db } = h.t.deps;
    const [surveyor] = await db.select().from(users).where(eq(users.email, "surveyor@demo.local"));
    await db.insert(notifications).values(Array.from({ length: 60 }, (_, i) => ({
      companyId: surveyor.companyId,
      userId: surveyor.id,
      title: `Проверка ${i + 1}`,
      message: "—",
    })));
    await page.goto("/notifications");
    const list = page.locator("[data-island=NotificationList]");
    await list.getByText("Непрочитанных: 60").waitFor();
    assert.equal(await list.locator(".notification-item").count(), 50);
    await list.getByRole("button", { name: "Показать ещё" }).click();
    await list.locator(".notification-item").nth(61).waitFor();
    assert.equal(await list.locator(".notification-item").count(), 62);
    assert.equal(await list.getByRole("button", { name: "Показать ещё" }).count(), 0);
    await list.getByRole("button", { name: "Прочитать все" }).click();
    await list.getByText("Все прочитаны").waitFor();
  },
);

browserTest(
  "[e2e] registering signs the new customer in; a taken e-mail is told to sign in instead",
  async (h) => {
    const register = async (email: string, password: string) => {
      const page = await h.newPage("phone");
      await page.goto("/login?tab=register");
      await page.waitForSelector("[data-island=LoginForm] form");
      await page.getByLabel(/^Имя/).fill("Пётр");
      await page.getByLabel(/^Фамилия/).fill("Новиков");
      await page.getByLabel(/^Email/).fill(email);
      await page.getByLabel(/^Пароль/).fill(password);
      await page.getByLabel(/^Повторите пароль/).fill(password);
      await page.getByRole("button", { name: "Зарегистрироваться" }).click();
      return page;
    };
    const fresh = await register("e2e.new@mail.ru", "secret12");
    await fresh.waitForURL((url) => !url.pathname.startsWith("/login"));
    const me = await fresh.evaluate(() => fetch("/api/user").then((r) => r.json()));
    assert.equal(me.email, "e2e.new@mail.ru");
    const taken = await register("engineer@demo.local", "attacker1");
    await taken.getByText(/Если у вас уже есть учетная запись/).waitFor();
    assert.match(taken.url(), /\/login/);
  },
);

browserTest(
  "[e2e] /login?next= with a backslash or a tab stays on the site after sign-in",
  async (h) => {
    for (const next of ["/%5Cevil.example", "/%09/evil.example", "/.//evil.example"]) {
      const page = await h.newPage("desktop");
      await page.goto(`/login?next=${next}`);
      await page.waitForSelector("[data-island=LoginForm] form");
      await page.getByLabel(/^Email/).fill("manager@demo.local");
      await page.getByLabel(/^Пароль/).fill("demo12345");
      await Promise.all([
        page.waitForURL((url) => !url.pathname.startsWith("/login")),
        page.getByRole("button", { name: "Войти", exact: true }).click(),
      ]);
      assert.equal(new URL(page.url()).origin, h.baseUrl, next);
      await page.context().close();
    }
  },
);
