import assert from "node:assert/strict";
import { createTestApp } from "../server/testing.ts";

Deno.test("[page] administration pages: who may open them and the access-denied texts", async () => {
  const t = await createTestApp();
  try {
    const page = async (path: string, as: string) => {
      const res = await t.request(path, { as });
      return { status: res.status, html: await res.text() };
    };
    const expect: [string, string, number, string?][] = [
      ["/admin", "admin@demo.local", 200, "Все кабинеты"],
      ["/admin", "director@demo.local", 200, "ООО «Демо Септик»"],
      ["/admin", "surveyor@demo.local", 403, "У вас нет прав доступа к панели администратора"],
      ["/admin", "client@demo.local", 403, "У вас нет прав доступа к панели администратора"],
      ["/companies", "admin@demo.local", 200, "CompaniesManager"],
      ["/companies", "director@demo.local", 403, "У вас нет прав доступа к управлению компаниями"],
      ["/users", "director@demo.local", 200, "UsersManager"],
      ["/users", "engineer@demo.local", 403],
      ["/admin/users", "admin@demo.local", 200, "Очистить тестовые данные"],
      ["/admin/users", "director@demo.local", 403, "У вас нет прав доступа к этой странице."],
      ["/settings", "surveyor@demo.local", 200, "Личные данные"],
      ["/settings?tab=company", "director@demo.local", 200, "Реквизиты компании"],
      ["/settings?tab=company", "surveyor@demo.local", 200, "Личные данные"],
    ];
    for (const [path, as, status, text] of expect) {
      const res = await page(path, as);
      assert.equal(res.status, status, `${path} as ${as}`);
      if (text) assert.ok(res.html.includes(text), `${path} as ${as} shows "${text}"`);
    }
    // A company_admin's /admin does not show the other company or the system buttons.
    const director = await page("/admin", "director@demo.local");
    assert.ok(!director.html.includes("ООО «Другая Компания»"));
    assert.ok(!director.html.includes("Создать компанию"));
    assert.ok(!director.html.includes("Все кабинеты"));
  } finally {
    await t.close();
  }
});
