// deno-lint-ignore-file no-explicit-any
// Field work with no signal on a 390×844 phone with playwright's offline mode: the surveyor opens
// the app once online, then with the network off opens the cabinet and a task from a fresh page, measures,
// prices the estimate on the phone, adds a photo and reloads; back online, the measurement, the photo and
// the estimate reach the server once, and the server's total is the phone's. Another account on the same
// browser sees nothing of the first after logout.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { Page } from "playwright-core";
import { formatKopecks } from "../domain/format.ts";
import { type BrowserHarness, browserTest, screenshot } from "./harness.ts";
import { importPriceList } from "../db/price_lists.ts";
import { defaultPriceList } from "../estimating/mod.ts";
import { tinyPng } from "../server/testing.ts";

const SURVEYOR = "surveyor@demo.local";
const septic = ["autonomous_sewage", "septic", "sewage_system"];
const norm = (s: string) => s.replace(/\s+/g, " ").trim();

/** Waits until the service worker controls the page and has cached the surveyor's tasks. */
async function readyOffline(page: Page) {
  await page.locator('[data-testid=sync-indicator][data-ready="1"]').waitFor({ timeout: 20_000 });
}

async function count(
  h: { t: { deps: { db: { $client: any } } } },
  sql: string,
  arg: unknown,
): Promise<number> {
  const rows = await h.t.deps.db.$client.execute({ sql, args: [arg] });
  return Number(rows.rows[0].n);
}

/** A waiting sewage task of the surveyor that nobody measured yet, from the field-work bundle. */
async function waitingTask(h: BrowserHarness): Promise<any> {
  const bundle = await (await h.t.request("/api/offline/field-work", { as: SURVEYOR })).json() as any;
  for (const x of bundle.tasks) {
    const records = await (await h.t.request(`/api/measurements/${x.id}`, { as: SURVEYOR })).json();
    if (["assigned", "pending"].includes(x.status) && septic.includes(x.workType) && records.length === 0) {
      return x;
    }
  }
  assert.fail("the demo surveyor has a waiting sewage task not yet measured");
}

/**
 * From the cabinet with no signal: «Начать работу» on the task's card, a Топас 5 for five residents at 2.2 m with
 * the other defaults confirmed, «Рассчитать смету»; answers the total the phone shows.
 */
async function measureAndPriceOffline(page: Page, task: { id: number; title: string }): Promise<string> {
  const p = `#sw${task.id}-`;
  const card = page.locator(".surveyor-task", { hasText: task.title }).first();
  await card.getByRole("button", { name: "Начать работу" }).click();
  await page.locator(".site-dialog .msection").first().waitFor();
  await page.getByTestId("task-status").getByText("В работе").waitFor();
  await page.selectOption(`${p}septic_brand`, "topas");
  await page.selectOption(`${p}septic_model`, "topas-5");
  await page.getByRole("button", { name: "Больше: Количество проживающих" }).click();
  await page.getByRole("button", { name: /Данные участка/ }).click();
  await page.fill(`${p}installation_depth`, "2,2");
  await page.getByRole("button", { name: "Подтвердить значения по умолчанию" }).click();
  await page.getByRole("button", { name: "Рассчитать смету" }).click();
  await page.getByTestId("on-device").waitFor();
  const total = norm(await page.locator(".est-head-total").innerText());
  assert.match(total, /^\d[\d\s]*,\d\d ₽$/);
  return total;
}

browserTest(
  "[e2e] offline: the surveyor measures, prices and photographs with no signal; all reaches the server once",
  async (h) => {
    const task = await waitingTask(h);
    const p = `#sw${task.id}-`;

    let page = await h.newPage("phone", { serviceWorkers: "allow" });
    const context = page.context();
    page.on("pageerror", (e) => console.error("pageerror:", e.message));
    await h.signIn(page, SURVEYOR);
    const started = performance.now();
    await readyOffline(page);
    console.log(`cached for offline in ${Math.round(performance.now() - started)} ms`);

    // No signal from here on; a fresh page of the same browser.
    await context.setOffline(true);
    await page.close();
    page = await context.newPage();
    page.on("pageerror", (e) => console.error("pageerror:", e.message));
    // The installed app starts at "/": with no signal it is the cached cabinet.
    await page.goto("/");
    await page.waitForURL(/\/surveyor$/);
    await page.getByRole("heading", { name: "Кабинет замерщика" }).waitFor();
    await page.getByTestId("sync-indicator").getByText("Нет связи").waitFor();
    // A page that is not cached says it needs a connection.
    const other = await context.newPage();
    await other.goto("/estimates");
    await other.getByText("Эта страница доступна только онлайн", { exact: false }).waitFor();
    await screenshot(other, "offline-other-page");
    await other.close();

    const deviceTotal = await measureAndPriceOffline(page, task);
    assert.ok(await page.locator(".estimate-view tbody tr").count() > 3, "the full estimate, by section");
    await page.getByTestId("on-device").scrollIntoViewIfNeeded();
    await screenshot(page, "offline-estimate");

    await page.getByRole("tab", { name: /Фото$/ }).click();
    await page.getByLabel("Добавить фото: Место установки").setInputFiles({
      name: "место.png",
      mimeType: "image/png",
      buffer: Buffer.from(tinyPng),
    });
    await page.getByTestId("pending-photo").getByText("ожидает отправки").waitFor();
    await page.getByTestId("photos-waiting").getByText("Ожидает отправки: 1 фото", { exact: false })
      .waitFor();
    await screenshot(page, "offline-photo-waiting");

    // A reload with no signal: the page, the draft, the waiting photo and the phone's estimate are all there.
    await page.reload();
    await page.locator(".site-dialog .msection").first().waitFor();
    assert.equal(await page.locator(`${p}residents_count`).inputValue(), "5");
    await page.getByRole("tab", { name: /Фото$/ }).click();
    await page.getByTestId("pending-photo").waitFor();
    await page.getByRole("tab", { name: /Смета$/ }).click();
    await page.getByTestId("on-device").waitFor();
    assert.equal(norm(await page.locator(".est-head-total").innerText()), deviceTotal);
    // No number until the server gives one.
    await page.getByTestId("estimate-number").getByText("черновик, номер будет присвоен при синхронизации")
      .waitFor();
    // The header's indicator counts what waits: the start, the measurement, the estimate and the photo.
    const summary = norm(await page.getByTestId("sync-indicator").locator("summary").innerText());
    assert.match(summary, /Нет связи · ждут: 4/);

    // The signal returns: everything goes, in order, once.
    await context.setOffline(false);
    await page.getByTestId("on-device").waitFor({ state: "detached" });
    await page.getByTestId("estimate-number").getByText(/^№ С-\d{4}-\d{4}/).waitFor();
    await page.getByTestId("sync-indicator").getByText("Всё отправлено.").waitFor({
      state: "attached",
      timeout: 15_000,
    });
    assert.equal(norm(await page.locator(".est-head-total").innerText()), deviceTotal);
    assert.equal(await page.getByTestId("totals-differ").count(), 0);
    await page.getByRole("tab", { name: /Фото$/ }).click();
    await page.locator(".photo-thumb:not(.pending-photo) img").first().waitFor();
    await screenshot(page, "offline-synced");

    assert.equal(
      await count(h, "SELECT count(*) AS n FROM measurement_records WHERE task_id = ?", task.id),
      1,
    );
    assert.equal(
      await count(
        h,
        "SELECT count(*) AS n FROM documents WHERE task_id = ? AND client_id IS NOT NULL",
        task.id,
      ),
      1,
    );
    assert.equal(await count(h, "SELECT count(*) AS n FROM estimates WHERE task_id = ?", task.id), 1);
    const estimates = await (await h.t.request(`/api/estimates?objectId=${task.objectId}`, { as: SURVEYOR }))
      .json() as any[];
    const server = estimates.find((e) => e.taskId === task.id);
    assert.equal(norm(formatKopecks(server.totalAmount)), deviceTotal);
    const stored = await (await h.t.request(`/api/tasks/${task.id}`, { as: SURVEYOR })).json() as any;
    assert.equal(stored.storedStatus, "in_progress");
    await context.close();
  },
);

browserTest(
  "[e2e] offline: after logout another account on the same browser sees nothing of the first",
  async (h) => {
    const first = await (await h.t.request("/api/offline/field-work", { as: SURVEYOR })).json() as any;
    const second = await (await h.t.request("/api/offline/field-work", { as: "surveyor2@demo.local" }))
      .json() as any;
    const secondTitles = new Set(second.tasks.map((t: any) => t.title));
    const onlyFirst = first.tasks.filter((t: any) => !secondTitles.has(t.title));
    assert.ok(onlyFirst.length > 0, "the first surveyor has tasks the second has not");
    const dataCaches = (page: Page) =>
      page.evaluate(async () => (await caches.keys()).filter((n) => n.startsWith("polesmeta-data-")));

    const page = await h.newPage("phone", { serviceWorkers: "allow" });
    const context = page.context();
    await h.signIn(page, SURVEYOR);
    await readyOffline(page);
    assert.deepEqual(await dataCaches(page), [`polesmeta-data-${first.account}`]);

    // «Выйти» from the phone's menu: the worker drops the account's data before the sign-out goes out.
    await page.locator("label.nav-open").click();
    await page.getByRole("button", { name: "Выйти" }).click();
    await page.waitForURL(/\/landing/);
    assert.deepEqual(await dataCaches(page), []);

    await h.signIn(page, "surveyor2@demo.local");
    await readyOffline(page);
    assert.deepEqual(await dataCaches(page), [`polesmeta-data-${second.account}`]);
    await context.setOffline(true);
    await page.goto("/surveyor");
    await page.getByRole("heading", { name: "Кабинет замерщика" }).waitFor();
    const text = await page.locator("main").innerText();
    for (const t of onlyFirst) assert.ok(!text.includes(t.title), `«${t.title}» of the first account`);
    // The first account's task screen and data are not on the device.
    await page.goto(`/field-work?taskId=${onlyFirst[0].id}`);
    await page.getByText("Эта страница доступна только онлайн", { exact: false }).waitFor();
    const cached = await page.evaluate(async (id) => {
      try {
        return (await fetch(`/api/measurements/${id}`)).status;
      } catch {
        return "нет";
      }
    }, onlyFirst[0].id);
    assert.equal(cached, "нет");
    await screenshot(page, "offline-other-account");
    await context.close();
  },
);

browserTest(
  "[e2e] offline: when the price list changed meanwhile, the server's total is shown beside the phone's",
  async (h) => {
    const task = await waitingTask(h);
    const page = await h.newPage("phone", { serviceWorkers: "allow" });
    await h.signIn(page, SURVEYOR);
    await readyOffline(page);
    await page.context().setOffline(true);
    const deviceTotal = await measureAndPriceOffline(page, task);
    // Another tab of the cabinet shows what waits on the phone.
    const cabinet = await page.context().newPage();
    await cabinet.goto("/surveyor");
    const indicator = cabinet.getByTestId("sync-indicator");
    await indicator.locator("summary").getByText("Нет связи · ждут: 3").waitFor();
    await indicator.locator("summary").click();
    await indicator.getByText("1 смена статуса").waitFor();
    await screenshot(cabinet, "offline-sync-indicator");
    await cabinet.close();

    // The office raises the works prices while the surveyor has no signal.
    const me = await (await h.t.request("/api/user", { as: SURVEYOR })).json() as any;
    const dearer = defaultPriceList.map((item) => ({ ...item, worksPrice: item.worksPrice + 10_000 }));
    await importPriceList(h.t.deps.db, me.companyId, dearer);

    await page.context().setOffline(false);
    const differ = page.getByTestId("totals-differ");
    await differ.waitFor({ timeout: 15_000 });
    const estimates = await (await h.t.request(`/api/estimates?objectId=${task.objectId}`, { as: SURVEYOR }))
      .json() as any[];
    const server = norm(formatKopecks(estimates.find((e) => e.taskId === task.id).totalAmount));
    assert.notEqual(server, deviceTotal);
    const text = norm(await differ.innerText());
    assert.ok(text.includes(`Итог на сервере ${server}, на устройстве был ${deviceTotal}`), text);
    assert.match(text, /прайс-лист компании изменился/);
    assert.equal(norm(await page.locator(".est-head-total").innerText()), server);
    await differ.scrollIntoViewIfNeeded();
    await screenshot(page, "offline-totals-differ");
    await page.context().close();
  },
);

browserTest(
  "[e2e] offline: what the server refuses for good is listed; «Удалить» drops it, «Повторить» sends it once allowed",
  async (h) => {
    const task = await waitingTask(h);
    const idOf = async (email: string) =>
      ((await (await h.t.request("/api/user", { as: email })).json()) as any).id;
    const assign = async (email: string) => {
      const res = await h.t.as("engineer@demo.local").patch(`/api/tasks/${task.id}`, {
        assignedTo: await idOf(email),
      });
      assert.equal(res.status, 200);
      await res.body?.cancel();
    };

    const page = await h.newPage("phone", { serviceWorkers: "allow" });
    const context = page.context();
    page.on("dialog", (d) => void d.accept());
    await h.signIn(page, SURVEYOR);
    await readyOffline(page);
    await context.setOffline(true);
    await page.goto("/surveyor");
    await measureAndPriceOffline(page, task);

    // Meanwhile the chief engineer gives the task to the other surveyor: the phone's work is refused (404).
    await assign("surveyor2@demo.local");
    await context.setOffline(false);
    const indicator = page.getByTestId("sync-indicator");
    const refused = indicator.getByTestId("sync-refused");
    // Each is refused in turn (404); then the surveyor closes the measuring dialog and opens the indicator.
    await page.waitForFunction(
      () => document.querySelectorAll("[data-testid=sync-refused]").length === 3,
      null,
      { timeout: 20_000 },
    );
    await page.keyboard.press("Escape");
    await page.locator(".site-dialog").waitFor({ state: "hidden" });
    await indicator.locator("summary").click();
    await refused.nth(2).waitFor();
    assert.match(norm(await indicator.innerText()), /не принято сервером: 3/);
    await screenshot(page, "offline-refused");

    // «Удалить» on the start (asked to confirm); the task is given back and the rest is sent again.
    await refused.first().getByRole("button", { name: "Удалить" }).click();
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=sync-refused]").length === 2);
    await assign(SURVEYOR);
    await refused.first().getByRole("button", { name: "Повторить" }).click();
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=sync-refused]").length === 1);
    await refused.first().getByRole("button", { name: "Повторить" }).click();
    await indicator.getByText("Всё отправлено.").waitFor({ timeout: 15_000 });

    assert.equal(
      await count(h, "SELECT count(*) AS n FROM measurement_records WHERE task_id = ?", task.id),
      1,
    );
    assert.equal(await count(h, "SELECT count(*) AS n FROM estimates WHERE task_id = ?", task.id), 1);
    await context.close();
  },
);
