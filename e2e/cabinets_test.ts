// The cabinets: the chief engineer assigns a measurement, the surveyor starts it, the foreman runs a project;
// a task opened from /tasks?taskId= (below).
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import {
  type BrowserHarness,
  browserTest,
  everyIslandHydrated,
  hydrated,
  screenshot,
  toast,
} from "./harness.ts";
import type { Locator } from "playwright-core";
import { toDateInput } from "../domain/tasks.ts";
import { expectJson } from "../server/testing.ts";

browserTest(
  "[e2e] engineer assigns a measurement, the surveyor is notified and starts it, the foreman runs a project",
  async (h) => {
    const title = "Замер под станцию Топас";
    const due = toDateInput(new Date(Date.now() + 3 * 86_400_000));

    // The chief engineer assigns a measurement on the latest object to surveyor@demo.local.
    const engineer = await h.signedIn("engineer@demo.local", "phone");
    assert.match(engineer.url(), /\/engineer$/);
    await everyIslandHydrated(engineer);
    await engineer.locator(".object-row").first().getByRole("button", { name: "Назначить замер" }).click();
    const dialog = engineer.getByRole("dialog", { name: "Назначить замер" });
    await dialog.waitFor();
    await dialog.getByLabel("Название").fill(title);
    await dialog.getByRole("button", { name: "Назначить" }).click();
    await dialog.getByText("Описание обязательно").waitFor();
    await dialog.getByLabel("Описание").fill("Определить место под станцию и глубину выхода трубы");
    await dialog.getByLabel("Срок выполнения").fill(due);
    await dialog.getByLabel("Замерщик").selectOption({ label: "Дмитрий Орлов" });
    await dialog.getByRole("button", { name: "Назначить" }).click();
    await engineer.getByText("Задача на замер назначена").waitFor();
    await engineer.getByText("Исполнитель: Дмитрий Орлов").waitFor();
    await engineer.getByRole("link", { name: title }).first().waitFor();
    await engineer.evaluate(() => scrollTo(0, 0));
    await screenshot(engineer, "cabinet-engineer-phone");

    // The surveyor sees the notification, opens the task from it, and starts the work.
    const surveyor = await h.signedIn("surveyor@demo.local", "phone");
    assert.match(surveyor.url(), /\/surveyor$/);
    await everyIslandHydrated(surveyor);
    await surveyor.getByRole("button", { name: /Уведомления: \d+ непрочитанных/ }).click();
    await surveyor.locator(".bell-item.unread", { hasText: title }).locator(".bell-open").click();
    await surveyor.waitForURL(/\/tasks\?taskId=\d+/);
    await surveyor.getByRole("dialog", { name: title }).waitFor();
    await surveyor.goto("/surveyor");
    await everyIslandHydrated(surveyor);
    const card = surveyor.locator(".surveyor-task", { hasText: title });
    // «Начать работу» opens the task's measuring screen and sets the task in progress; closing it shows
    // the card's new status and its next step.
    await card.getByRole("button", { name: "Начать работу" }).click();
    await surveyor.getByText("Работа начата").waitFor();
    await surveyor.getByTestId("task-status").getByText("В работе").waitFor();
    await surveyor.locator(".site-dialog .tw-head .icon-btn").click();
    await surveyor.locator(".surveyor-task", { hasText: title }).getByText("Продолжить замер").first()
      .waitFor();
    await surveyor.evaluate(() => scrollTo(0, 0));
    await screenshot(surveyor, "cabinet-surveyor-phone");

    // The foreman starts the works of an approved project, then finishes it.
    // On the surveyor's phone, the surveyor done with: one context fewer (a renderer and a first load).
    const foreman = await h.switchAccount(surveyor, "foreman@demo.local");
    assert.match(foreman.url(), /\/foreman$/);
    await everyIslandHydrated(foreman);
    const approved = foreman.locator(".project-card", {
      has: foreman.getByRole("button", { name: "Начать работы" }),
    }).first();
    const address = (await approved.locator("h3").innerText()).trim();
    await approved.getByRole("button", { name: "Начать работы" }).click();
    await foreman.getByText("Работы начаты").waitFor();
    const running = foreman.locator(".project-card", { hasText: address });
    // «Завершить работы» asks first (with the act's figures, or that there is no contract to act on).
    await running.getByRole("button", { name: "Завершить работы" }).click();
    const confirm = foreman.getByRole("dialog", { name: "Завершить работы и выставить акт?" });
    await confirm.getByRole("button", { name: /^Завершить/ }).click();
    await foreman.getByText("Работы завершены").first().waitFor();
    await foreman.locator(".project-card", { hasText: address }).getByText("Работы завершены").waitFor();
    await foreman.evaluate(() => scrollTo(0, 0));
    await screenshot(foreman, "cabinet-foreman-phone");

    // Analytics and the dashboard draw their charts on the server.
    const desk = await h.signedIn("engineer@demo.local", "desktop", "/analytics?period=all&tab=tasks");
    await desk.locator("svg.donut-chart").waitFor();
    await screenshot(desk, "analytics-desktop");
    await engineer.goto("/analytics?period=all&tab=performance");
    await engineer.getByText("Рекомендации").waitFor();
    await screenshot(engineer, "analytics-phone");
    await desk.goto("/dashboard");
    await screenshot(desk, "dashboard-desktop");
  },
);

// The task opened from /tasks?taskId=: the chief engineer changes «Сметы по видам работ» there;
// the surveyor sees the choice and cannot change it.
browserTest(
  "[e2e] the chief engineer chooses separate estimates in an opened task; the surveyor only sees it",
  async (h) => {
    const tasks: { id: number; assignedTo: number | null; separateEstimates: boolean }[] = await expectJson(
      h.t.as("surveyor@demo.local").get("/api/tasks"),
    );
    const task = tasks[0];
    assert.equal(task.separateEstimates, false);

    const engineer = await h.signedIn("engineer@demo.local", "phone", `/tasks?taskId=${task.id}`);
    await hydrated(engineer, "TaskDetailDialog");
    const dialog = engineer.getByRole("dialog");
    await dialog.getByLabel("Сметы по видам работ").selectOption({ label: "Отдельная на каждый вид работ" });
    await toast(engineer, "Сметы по видам работ: отдельная на каждый вид работ");
    await screenshot(engineer, "task-detail-estimates-phone");
    const saved = await expectJson(h.t.as("engineer@demo.local").get(`/api/tasks/${task.id}`));
    assert.equal(saved.separateEstimates, true);

    await engineer.reload();
    await hydrated(engineer, "TaskDetailDialog");
    assert.equal(
      await engineer.getByRole("dialog").getByLabel("Сметы по видам работ").inputValue(),
      "separate",
    );

    const surveyor = await h.signedIn("surveyor@demo.local", "phone", `/tasks?taskId=${task.id}`);
    await hydrated(surveyor, "TaskDetailDialog");
    const seen = surveyor.getByRole("dialog");
    await seen.getByText("Отдельная на каждый вид работ").waitFor();
    assert.equal(await seen.locator("select").count(), 1, "only the status menu is a choice");
    assert.equal(await seen.getByLabel("Сметы по видам работ").count(), 0);
  },
);

// A company past the newest objects a dialog lists: «Ул Дальняя» first, then 55 newer ones.
async function olderThanTheNewest(h: BrowserHarness) {
  const engineer = h.t.as("engineer@demo.local");
  const object = (address: string, settlement: string) => ({
    address,
    settlement,
    region: "Московская область",
    clientName: "Клиент",
    clientPhone: "+7 916 555-44-33",
    workType: "septic",
    estimatedCost: 250_000,
  });
  const older = await expectJson(
    engineer.post("/api/objects", object("Московская обл, г Руза, ул Дальняя, д 7", "Руза")),
    201,
  );
  for (let i = 1; i <= 55; i++) {
    await expectJson(
      engineer.post("/api/objects", object(`Московская обл, г Истра, ул Новая, д ${i}`, "Истра")),
      201,
    );
  }
  return { engineer, older };
}

/** In an open dialog: the older object is not among the listed ones; «Найти объект» finds it, and it is chosen. */
async function chooseBySearch(dialog: Locator, older: { address: string }) {
  const objects = dialog.getByRole("combobox", { name: /^Объект/ });
  await objects.waitFor();
  assert.equal(await objects.locator("option", { hasText: "Дальняя" }).count(), 0, "not among the newest");
  await dialog.getByLabel("Найти объект").fill("Дальняя");
  await dialog.getByText("Найдено: 1").waitFor();
  await objects.selectOption({ label: older.address });
}

// The task dialog finds an object older than the newest it lists by its address.
browserTest(
  "[e2e] the add-task dialog finds an object older than the newest it lists and creates the task on it",
  async (h) => {
    const { engineer, older } = await olderThanTheNewest(h);

    const page = await h.signedIn("engineer@demo.local", "phone", "/tasks");
    await hydrated(page, "TaskDialog");
    await page.getByRole("button", { name: "Создать задачу" }).click();
    const dialog = page.getByRole("dialog", { name: "Новая задача" });
    await chooseBySearch(dialog, older);
    await screenshot(page, "task-dialog-object-search-phone");
    await dialog.getByLabel("Название").fill("Проверить колодец");
    await dialog.getByLabel("Срок выполнения").fill(toDateInput(new Date(Date.now() + 2 * 86_400_000)));
    await dialog.getByRole("button", { name: "Создать задачу" }).click();
    await page.getByText("Задача создана").waitFor();
    const tasks: { title: string; objectId: number | null }[] = await expectJson(
      engineer.get(`/api/tasks?objectId=${older.id}`),
    );
    assert.deepEqual(tasks.map((t) => [t.title, t.objectId]), [["Проверить колодец", older.id]]);

    // «Создать задачу» of the older object's card opens the dialog with that object chosen.
    await page.goto(`/tasks?objectId=${older.id}&new=1`);
    await hydrated(page, "TaskDialog");
    const again = page.getByRole("dialog", { name: "Новая задача" }).getByRole("combobox", {
      name: /^Объект/,
    });
    await again.locator("option", { hasText: "Дальняя" }).waitFor({ state: "attached" });
    assert.equal(await again.inputValue(), String(older.id));
  },
);

browserTest(
  "[e2e] the new-estimate dialog finds an object older than the newest it lists and creates the estimate on it",
  async (h) => {
    const { engineer, older } = await olderThanTheNewest(h);
    const page = await h.signedIn("engineer@demo.local", "desktop", "/estimates");
    await hydrated(page, "CreateEstimateDialog");
    await page.getByRole("button", { name: "Создать новую смету" }).click();
    const dialog = page.getByRole("dialog", { name: "Создать новую смету" });
    await chooseBySearch(dialog, older);
    await dialog.getByLabel("Наименование 1").fill("Септик Топас 5");
    await screenshot(page, "estimate-dialog-object-search-desktop");
    await dialog.getByRole("button", { name: "Создать смету" }).click();
    await page.waitForURL(/\/estimates\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split("/").at(-1));
    const estimate = await expectJson(engineer.get(`/api/estimates/${id}`));
    assert.equal(estimate.objectId, older.id);
  },
);

browserTest(
  "[e2e] the documents screen's upload dialog finds an object older than the newest it lists and files the document there",
  async (h) => {
    const { engineer, older } = await olderThanTheNewest(h);
    const page = await h.signedIn("engineer@demo.local", "phone", "/documents");
    await hydrated(page, "DocumentsBrowser");
    await page.getByRole("button", { name: "Загрузить документ" }).click();
    const dialog = page.getByRole("dialog", { name: "Загрузить документ" });
    await chooseBySearch(dialog, older);
    await dialog.getByLabel("Файл").setInputFiles({
      name: "акт-осмотра.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("Акт осмотра участка"),
    });
    await screenshot(page, "documents-dialog-object-search-phone");
    await dialog.getByRole("button", { name: "Загрузить документ" }).click();
    await page.getByText("Документ загружен").first().waitFor();
    const documents: { fileName: string }[] = await expectJson(
      engineer.get(`/api/objects/${older.id}/documents`),
    );
    assert.deepEqual(documents.map((d) => d.fileName), ["акт-осмотра.txt"]);
  },
);

browserTest(
  "[e2e] /tasks finds tasks by their object's address, and a list opened for one object names it and lets it go",
  async (h) => {
    const page = await h.signedIn("engineer@demo.local", "phone", "/tasks");
    const filters = page.getByRole("form", { name: "Фильтры задач" });
    await filters.getByLabel("Объект").fill("клин");
    await filters.getByRole("button", { name: "Показать" }).click();
    await page.waitForURL(/\/tasks\?.*\bq=/);
    const cards = page.locator("article.task-card");
    const addresses = await cards.locator("dd a[href^='/objects?objectId=']").allTextContents();
    assert.ok(addresses.length > 0 && addresses.every((a) => a.includes("Клин")), addresses.join("; "));
    await screenshot(page, "tasks-object-search-phone");

    const objectId = Number(
      (await cards.first().locator("dd a[href^='/objects?objectId=']").getAttribute("href"))!.split("=")[1],
    );
    await page.goto(`/tasks?objectId=${objectId}`);
    await filters.getByText(addresses[0]).waitFor();
    await screenshot(page, "tasks-chosen-object-phone");
    await filters.getByRole("link", { name: "Все объекты" }).click();
    await page.waitForURL((url) => url.pathname === "/tasks" && !url.search.includes("objectId"));
    assert.ok((await cards.count()) > addresses.length, "every object's tasks again");
  },
);
