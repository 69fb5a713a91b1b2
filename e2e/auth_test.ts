import assert from "node:assert/strict";
import { browserTest } from "./harness.ts";

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
