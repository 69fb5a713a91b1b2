// deno-lint-ignore-file no-explicit-any
// The surveyor's day on a phone (390×844), on the one measuring screen: start the work, measure (confirming
// the defaults), photo, calculate the estimate, export, send it to the engineer — the task's status follows
// each step; the chief engineer approves; and a draft that survives a lost connection and a reload. Below: the
// «Прокладка труб» section and a well's form on the same screen.
import assert from "node:assert/strict";
import ExcelJS from "exceljs";
import { Buffer } from "node:buffer";
import { deflateSync } from "node:zlib";
import type { Page } from "playwright-core";
import { formatKopecks } from "../domain/format.ts";
import { toDateInput } from "../domain/tasks.ts";
import { type BrowserHarness, browserTest, hydrated, screenshot, startBrowser } from "./harness.ts";
import { generateEstimate } from "../estimating/mod.ts";

/**
 * A measurement task the chief engineer gives `surveyor` on the demo company's first object of `workType`
 * (pageSize 200: the demo's objects all fit), due in `inDays` days; with that object.
 */
async function wellMeasurementTask(
  h: BrowserHarness,
  o: { workType: string; surveyor: string; title: string; description: string; inDays: number },
) {
  const objects = await (await h.t.request("/api/objects?pageSize=200", { as: "engineer@demo.local" }))
    .json() as any;
  const well = (objects.items ?? objects).find((x: any) => x.workType === o.workType);
  assert.ok(well, "the demo data has a well object");
  const me = await (await h.t.request("/api/user", { as: o.surveyor })).json() as any;
  const created = await h.t.request("/api/tasks", {
    as: "engineer@demo.local",
    method: "POST",
    json: {
      measurement: true,
      title: o.title,
      description: o.description,
      dueDate: toDateInput(new Date(h.t.deps.now().getTime() + o.inDays * 86_400_000)),
      objectId: well.id,
      assignedTo: me.id,
    },
  });
  assert.equal(created.status, 201, await created.clone().text());
  return { task: await created.json() as any, well };
}

/** A 64×64 gradient PNG, as a phone camera would send a photo. */
function gradientPng(w = 64, h = 64): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows: number[] = [];
  for (let y = 0; y < h; y++) {
    rows.push(0);
    for (let x = 0; x < w; x++) rows.push(60 + y * 2, 140 + x, 200);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.from(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const norm = (s: string) => s.replace(/\s+/g, " ").trim();

async function missingLabels(page: Page): Promise<string[]> {
  return (await page.locator(".site-dialog .missing-line .link-btn").allInnerTexts()).map(norm);
}

async function waitMissing(page: Page, expected: string[]) {
  await page.waitForFunction(
    (want) =>
      JSON.stringify(
        [...document.querySelectorAll(".site-dialog .missing-line .link-btn")].map((e) =>
          (e.textContent ?? "").trim()
        ),
      ) === JSON.stringify(want),
    expected,
    { timeout: 5000 },
  ).catch(async () => assert.deepEqual(await missingLabels(page), expected));
}

async function openSiteWork(h: BrowserHarness, email: string, button = "Продолжить замер") {
  // Signed in through the API (the /login form is e2e/shell_test.ts's): the surveyor lands on the cabinet.
  const page = await h.signedIn(email, "phone");
  page.on("pageerror", (e) => console.error("pageerror:", e.message));
  assert.match(page.url(), /\/surveyor$/);
  await page.getByRole("button", { name: button }).first().click();
  await page.waitForURL(/siteWork=\d+/);
  const taskId = Number(new URL(page.url()).searchParams.get("siteWork"));
  await page.locator(".site-dialog .msection").first().waitFor();
  return { page, taskId, p: `#sw${taskId}-` };
}

Deno.test({
  name:
    "[e2e] the surveyor measures on a phone, generates, exports and completes; the chief engineer approves",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async (t) => {
    const h = await startBrowser();
    try {
      await t.step(
        "a draft survives a lost connection and a reload, and is sent when the connection returns",
        async () => {
          // surveyor2 starts the pending task first.
          const res = await h.t.request("/api/tasks", { as: "surveyor2@demo.local" });
          const tasks = await res.json() as any[];
          const pending = tasks.find((x) => x.storedStatus === "pending" && x.objectId);
          await h.t.request(`/api/tasks/${pending.id}`, {
            as: "surveyor2@demo.local",
            method: "PATCH",
            json: { status: "in_progress" },
          });
          const { page, taskId, p } = await openSiteWork(h, "surveyor2@demo.local");
          assert.equal(taskId, pending.id);
          await page.fill(`${p}residents_count`, "6");
          await page.getByRole("button", { name: /Данные участка/ }).click();
          // The depth (a default, or the demo's measured value) is written with a decimal comma, never a dot.
          assert.match(await page.locator(`${p}installation_depth`).inputValue(), /^\d+(,\d+)?$/);
          await page.getByRole("button", { name: /Основные параметры объекта/ }).click();
          await page.selectOption(`${p}septic_brand`, "eurolos");
          await page.selectOption(`${p}septic_model`, { index: 2 });
          const model = await page.locator(`${p}septic_model`).inputValue();
          await page.getByRole("button", { name: /Дополнительные замеры/ }).click();
          await page.getByLabel("Требуется утепление трубопровода").check();
          await page.fill(`${p}insulation_length`, "7,5");

          await page.context().setOffline(true);
          await page.getByRole("button", { name: /Данные участка/ }).click();
          await page.fill(`${p}distance_to_house`, "15");
          await page.getByRole("button", { name: "Сохранить", exact: true }).click();
          await page.getByTestId("sync-state").getByText("Нет связи — сохранено на устройстве").waitFor();
          await screenshot(page, "measurement-offline");

          // The server stays out of reach while the page reloads: the form comes from the device.
          await page.route("**/api/**", (route) => route.abort("internetdisconnected"));
          await page.context().setOffline(false);
          await page.reload();
          await page.locator(".site-dialog .msection").first().waitFor();
          assert.equal(await page.locator(`${p}residents_count`).inputValue(), "6");
          assert.equal(await page.locator(`${p}septic_model`).inputValue(), model);
          await page.getByRole("button", { name: /Дополнительные замеры/ }).click();
          assert.equal(await page.getByLabel("Требуется утепление трубопровода").isChecked(), true);
          assert.equal(await page.locator(`${p}insulation_length`).inputValue(), "7,5");
          await page.getByRole("button", { name: /Данные участка/ }).click();
          assert.equal(await page.locator(`${p}distance_to_house`).inputValue(), "15");

          // The connection returns: the draft goes to the server.
          await page.unroute("**/api/**");
          await page.evaluate(() => dispatchEvent(new Event("online")));
          await page.getByTestId("sync-state").getByText("Отправлено").waitFor();
          const [record] =
            await (await h.t.request(`/api/measurements/${taskId}`, { as: "surveyor2@demo.local" }))
              .json() as any[];
          assert.equal(record.measurements.residents_count, 6);
          assert.equal(record.measurements.insulation_length, 7.5);
          assert.equal(record.measurements.distance_to_house, 15);
          assert.equal(record.measurements.septic_model, model);

          // /field-work shows the same screen: the chosen task's record is loaded there too.
          await page.goto(`/field-work?taskId=${taskId}`);
          await page.locator(".field-work .task-work .msection").first().waitFor();
          await page.waitForFunction(() =>
            (document.getElementById("fw-residents_count") as HTMLInputElement | null)?.value === "6"
          );
          for (const tab of ["Замер", "Фото", "Смета", "Инженеру"]) {
            await page.getByRole("tab", { name: new RegExp(`${tab}$`) }).waitFor();
          }
          await screenshot(page, "field-work-phone");
          await page.goto("/field-work");
          await page.locator(".fw-choice-item").first().waitFor();

          // The dialog's content is downloaded on intent (the service worker caches it in production), so once
          // the surveyor has reached for the button it opens after the signal is gone.
          await page.goto("/surveyor");
          await hydrated(page, "SiteWorkDialog");
          await page.getByRole("button", { name: "Продолжить замер" }).first().focus();
          await page.waitForFunction(() =>
            performance.getEntriesByType("resource").some((e) => /\/_islands\/chunks\/SiteWork-/.test(e.name))
          );
          await page.context().setOffline(true);
          await page.getByRole("button", { name: "Продолжить замер" }).first().click();
          await page.locator(".site-dialog .msection").first().waitFor();
          assert.equal(await page.locator(`${p}residents_count`).inputValue(), "6");
          await page.context().close();
        },
      );

      let estimateId = 0;
      // The surveyor's phone, done with after the next step, is where the chief engineer signs in last.
      let surveyorPhone: Page | undefined;
      await t.step(
        "the surveyor starts the work, measures confirming the defaults, calculates and sends to the engineer",
        async () => {
          // The demo surveyor's waiting task: «Начать работу» opens the screen and sets it in progress.
          const mine = await (await h.t.request("/api/tasks", { as: "surveyor@demo.local" })).json() as any[];
          const unmeasured = async (taskId: number) =>
            (await (await h.t.request(`/api/measurements/${taskId}`, { as: "surveyor@demo.local" })).json())
              .length === 0;
          const waiting = [];
          for (const x of mine) {
            if (
              (x.storedStatus === "assigned" || x.storedStatus === "pending") && x.objectId &&
              ["autonomous_sewage", "septic", "sewage_system"].includes(x.object?.workType) &&
              await unmeasured(x.id)
            ) waiting.push(x);
          }
          assert.ok(waiting.length > 0, "the demo surveyor has a waiting sewage task not yet measured");
          const page = await h.signedIn("surveyor@demo.local", "phone");
          page.on("pageerror", (e) => console.error("pageerror:", e.message));
          assert.match(page.url(), /\/surveyor$/);
          const card = page.locator(".surveyor-task", { hasText: waiting[0].title }).first();
          await card.getByRole("button", { name: "Начать работу" }).click();
          await page.waitForURL(/siteWork=\d+/);
          const taskId = Number(new URL(page.url()).searchParams.get("siteWork"));
          assert.equal(taskId, waiting[0].id);
          const p = `#sw${taskId}-`;
          const status = page.getByTestId("task-status");
          await status.getByText("В работе").waitFor();
          const stored = async () =>
            ((await (await h.t.request(`/api/tasks/${taskId}`, { as: "surveyor@demo.local" })).json()) as any)
              .storedStatus;
          assert.equal(await stored(), "in_progress");
          await page.locator(".site-dialog .msection").first().waitFor();
          await screenshot(page, "measurement-dialog-open");

          // Only a model chosen: the defaults are suggestions, listed as missing, not 100 %.
          await page.selectOption(`${p}septic_brand`, "topas");
          await page.selectOption(`${p}septic_model`, "topas-5");
          await page.locator(".model-info").getByText("1\u00a0000\u00a0л/сут").waitFor();
          await waitMissing(page, ["не подтверждены значения по умолчанию (8)"]);
          const which = await page.locator(".missing-line .link-btn").first().getAttribute("title");
          assert.match(which ?? "", /Глубина установки \(не подтверждено\).*Уровень грунтовых вод/);
          const generate = page.getByRole("button", { name: "Рассчитать смету" });
          assert.equal(await generate.isDisabled(), true);
          assert.equal(await page.getByText("Заполнено 100%").count(), 0);
          // The dealer price is the company's: not on the phone the client looks at.
          assert.equal(await page.locator(".model-info").getByText("Дилерская цена").isVisible(), false);

          // The list grows with what is asked for, then shrinks as it is filled in.
          await page.getByRole("button", { name: /Дополнительные замеры/ }).click();
          await page.getByLabel("Требуется дренаж").check();
          assert.ok((await missingLabels(page)).includes("Длина дренажа"));
          await page.fill(`${p}drainage_length`, "12");
          assert.ok(!(await missingLabels(page)).includes("Длина дренажа"));

          // A typed value is measured; one tap confirms the rest of a section.
          await page.getByRole("button", { name: /Основные параметры объекта/ }).click();
          for (let i = 0; i < 1; i++) {
            await page.getByRole("button", { name: "Больше: Количество проживающих" }).click();
          }
          assert.equal(await page.locator(`${p}residents_count`).inputValue(), "5");
          await page.getByRole("button", { name: /Данные участка/ }).click();
          await page.fill(`${p}installation_depth`, "2,2");
          await screenshot(page, "measurement-defaults");
          await page.getByRole("button", { name: "Подтвердить значения по умолчанию" }).click();
          await waitMissing(page, []);
          assert.equal(await generate.isDisabled(), false);
          await page.getByText("Заполнено 100%").waitFor();
          await screenshot(page, "measurement-tab-measure");
          await page.getByRole("button", { name: /Прокладка труб/ }).click();
          await page.check(`${p}pipe_a001`);
          await page.fill(`${p}pipe_a001_length`, "9");
          await screenshot(page, "measurement-tab-measure-pipes");

          await page.getByRole("tab", { name: /Фото$/ }).click();
          await page.getByLabel("Добавить фото: До начала работ").setInputFiles({
            name: "до-работ.png",
            mimeType: "image/png",
            buffer: gradientPng(),
          });
          await page.locator(".photo-thumb img").first().waitFor();
          await page.waitForFunction(() =>
            (document.querySelector(".photo-thumb img") as HTMLImageElement)?.naturalWidth === 64
          );
          await screenshot(page, "measurement-tab-photos");

          await page.getByRole("tab", { name: /Замер$/ }).click();
          const [generated] = await Promise.all([
            page.waitForResponse((r) => r.url().endsWith("/api/estimates/generate")),
            generate.click(),
          ]);
          assert.equal(generated.status(), 201);
          const estimate = await generated.json();
          estimateId = estimate.id;
          await page.getByRole("tab", { name: /Смета$/, selected: true }).waitFor();
          const screenTotal = norm(await page.getByTestId("estimate-total").innerText());
          assert.equal(screenTotal, norm(formatKopecks(estimate.totalAmount)));
          // The kept defaults are named in the notes; no «Обязательно» badge on the client's phone.
          await page.locator(".est-notes").getByText(/Принято по умолчанию: .*уровень грунтовых вод 1,5/)
            .waitFor();
          assert.equal(await page.locator(".estimate-view").getByText("Обязательно").count(), 0);
          assert.equal(await stored(), "in_progress");
          await screenshot(page, "measurement-tab-estimate");

          const excel = page.getByRole("button", { name: "Excel" });
          const box = (await excel.boundingBox())!;
          assert.ok(box.x >= 0 && box.x + box.width <= 390, `Excel button at ${box.x}`);
          const [download] = await Promise.all([page.waitForEvent("download"), excel.click()]);
          assert.match(download.suggestedFilename(), /\.xlsx$/);
          const wb = new ExcelJS.Workbook();
          await wb.xlsx.readFile((await download.path())!);
          let total: number | undefined;
          wb.worksheets[0].eachRow((row) => {
            row.eachCell((cell) => {
              if (String(cell.value).includes("ОБЩАЯ СТОИМОСТЬ")) {
                const v = row.getCell(row.cellCount).value as any;
                total ??= typeof v === "number" ? v : v?.result;
              }
            });
          });
          assert.equal(norm(formatKopecks(Math.round(total! * 100))), screenTotal);

          await page.getByRole("button", { name: "Далее: отправить инженеру" }).click();
          await page.getByLabel("Заключение для инженера").fill("Грунт плотный, клиент согласен на Топас 5");
          await screenshot(page, "measurement-tab-send");
          await page.getByRole("button", { name: "Отправить инженеру" }).click();
          await page.getByText("Смета и отчет у главного инженера, задача выполнена").waitFor();
          await status.getByText("Выполнено").waitFor();
          assert.equal(await stored(), "completed");
          // Closing the dialog reads the card again: the badge follows.
          await page.locator(".site-dialog .tw-head .icon-btn").click();
          await page.waitForLoadState("load");
          await page.locator(".surveyor-task", { hasText: waiting[0].title }).first().getByText("Выполнено")
            .first().waitFor();
          surveyorPhone = page;
        },
      );

      await t.step(
        "the same measuring screen on a 1366×768 desktop, in the dialog and on /field-work",
        async () => {
          const page = await h.signedIn("surveyor2@demo.local", "desktop");
          page.on("pageerror", (e) => console.error("pageerror:", e.message));
          assert.match(page.url(), /\/surveyor$/);
          await page.getByRole("button", { name: "Продолжить замер" }).first().click();
          await page.locator(".site-dialog .msection").first().waitFor();
          await page.getByRole("button", { name: /Данные участка/ }).click();
          await screenshot(page, "measurement-desktop-dialog");
          const taskId = Number(new URL(page.url()).searchParams.get("siteWork"));
          await page.goto(`/field-work?taskId=${taskId}`);
          await page.locator(".field-work .task-work .msection").first().waitFor();
          await screenshot(page, "measurement-desktop-field-work");
          await page.getByRole("tab", { name: /Инженеру$/ }).click();
          await screenshot(page, "measurement-desktop-send");

          const { task: wellTask } = await wellMeasurementTask(h, {
            workType: "well_drilling",
            surveyor: "surveyor2@demo.local",
            title: "Замер скважины",
            description: "Скважина на участке",
            inDays: 3,
          });
          await page.goto(`/field-work?taskId=${wellTask.id}`);
          // A well task opens the well's form, not the station's.
          await page.getByRole("button", { name: /Бурение скважины/ }).first().waitFor();
          assert.equal(await page.locator("#fw-septic_model").count(), 0);
          assert.equal(await page.locator("#fw-well_depth").count(), 1);
          await screenshot(page, "measurement-desktop-well");
          await page.context().close();
        },
      );

      await t.step("the chief engineer sees the notification and approves the estimate", async () => {
        assert.ok(surveyorPhone, "the surveyor's step left its phone");
        const page = await h.switchAccount(surveyorPhone, "engineer@demo.local", "/notifications");
        await page.getByText("Создана смета").first().waitFor();
        await page.getByText("Задача выполнена").first().waitFor();
        await page.getByText(/Отчет о выезде/).first().waitFor();
        await page.goto("/estimates");
        await screenshot(page, "estimates-phone");
        const card = page.locator(`.est-card[data-estimate-id="${estimateId}"]`);
        await card.getByRole("link", { name: "Открыть" }).click();
        await page.waitForURL(new RegExp(`/estimates/${estimateId}$`));
        await page.getByRole("button", { name: "Утвердить" }).click();
        await page.getByTestId("estimate-status").getByText("Утверждено").waitFor();
        await screenshot(page, "estimate-page-phone");
        const e = await (await h.t.request(`/api/estimates/${estimateId}`, { as: "engineer@demo.local" }))
          .json() as any;
        assert.equal(e.status, "approved");
        await page.context().close();
      });
    } finally {
      await h.close();
    }
  },
});

// «Прокладка труб» on the surveyor's phone and a desktop: the section lists what the inlet and outlet
// lengths already price, following the lengths as they are typed.
async function openPipes(h: BrowserHarness, size: "phone" | "desktop"): Promise<{ page: Page; p: string }> {
  const page = await h.newPage(size);
  page.on("pageerror", (e) => console.error("pageerror:", e.message));
  await h.switchAccount(page, "surveyor@demo.local", "/surveyor");
  await page.getByRole("button", { name: "Продолжить замер" }).first().click();
  await page.waitForURL(/siteWork=\d+/);
  const taskId = Number(new URL(page.url()).searchParams.get("siteWork"));
  await page.locator(".site-dialog .msection").first().waitFor();
  return { page, p: `#sw${taskId}-` };
}

const pricedText = (page: Page) =>
  page.locator(".site-dialog [data-testid=priced-by-lengths] li").allInnerTexts();

browserTest(
  "«Прокладка труб» lists what the pipe lengths already price, on a phone and a desktop",
  async (h) => {
    for (const size of ["phone", "desktop"] as const) {
      const { page, p } = await openPipes(h, size);
      await page.getByRole("button", { name: /Данные участка/ }).click();
      await page.locator(`${p}inlet_pipe_length`).fill("35");
      await page.locator(`${p}inlet_turns`).fill("2");
      await page.locator(`${p}outlet_pipe_length`).fill("6");
      await page.getByRole("button", { name: /Прокладка труб/ }).click();
      await page.waitForFunction(() =>
        [...document.querySelectorAll(".site-dialog [data-testid=priced-by-lengths] li")]
          .some((li) => /^А012 .* — 2\u00a0шт$/.test((li.textContent ?? "").trim()))
      );
      const items = await pricedText(page);
      // The inlet's 30 m beyond the turnkey 5 m and the outlet's 6 m.
      if (!items.some((t) => /^А001 Труба ПВХ 110 мм.* — 36\u00a0м$/.test(t.trim()))) {
        throw new Error(items.join("\n"));
      }
      await page.locator(".site-dialog [data-testid=priced-by-lengths]").scrollIntoViewIfNeeded();
      await screenshot(page, `pipes-priced-${size}`);
      await page.context().close();
    }
  },
);

// A well on the phone (390×844): the surveyor opens a task «Обустройство скважины», the well's
// form opens (not the station's), fills it with a thumb, calculates the estimate and sees the total the
// engine gives for the same document.
Deno.test({
  name: "[e2e] the surveyor prices a well on a phone: the well's form, the estimate, the engine's total",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const h = await startBrowser();
    try {
      const { task, well } = await wellMeasurementTask(h, {
        workType: "well_equipment",
        surveyor: "surveyor@demo.local",
        title: "Обустройство скважины",
        description: "Кессон, насос, автоматика",
        inDays: 2,
      });

      const page = await h.newPage("phone");
      page.on("pageerror", (e) => console.error("pageerror:", e.message));
      await h.switchAccount(page, "surveyor@demo.local", `/field-work?taskId=${task.id}`);
      const p = "#fw-";
      await page.locator(`${p}well_depth`).waitFor();
      assert.equal(await page.locator(`${p}septic_model`).count(), 0, "no station form on a well task");
      await page.getByRole("button", { name: "Начать работу" }).click();
      await page.getByTestId("task-status").getByText("В работе").waitFor();

      // The depth is missing until measured (or a district chosen).
      await page.locator(".missing-line").getByText("Глубина скважины или район").waitFor();
      await page.selectOption(`${p}well_type`, "artesian");
      await page.fill(`${p}well_depth`, "65");
      await page.selectOption(`${p}well_casing`, "steel_133");
      await screenshot(page, "well-form-phone");
      await page.getByRole("button", { name: /Обустройство скважины/ }).click();
      await page.selectOption(`${p}well_arrangement`, "caisson_steel");
      await page.fill(`${p}well_flow`, "2,5");
      await page.selectOption(`${p}well_accumulator`, "50");
      await screenshot(page, "well-equipment-phone");
      // Every control the thumb uses is at least 40 px tall and inside the screen.
      for (const id of ["well_arrangement", "well_flow", "well_accumulator"]) {
        const box = (await page.locator(`${p}${id}`).boundingBox())!;
        assert.ok(
          box.height >= 40 && box.x >= 0 && box.x + box.width <= 390,
          `${id}: ${JSON.stringify(box)}`,
        );
      }
      assert.equal(await page.locator(".missing-line").count(), 0);

      // The surveyor adds the water pipe: its section and its missing length appear; removing it drops both.
      await page.getByTestId("work-kinds").locator("summary").click();
      await page.getByLabel("Водопровод", { exact: true }).check();
      await page.locator(".missing-line").getByText("Длина водопровода").waitFor();
      assert.equal(await page.getByRole("button", { name: /Водопровод от скважины до дома/ }).count(), 1);
      await screenshot(page, "well-kinds-phone");
      await page.getByLabel("Водопровод", { exact: true }).uncheck();
      await page.locator(".missing-line").waitFor({ state: "detached" });

      await page.getByRole("button", { name: "Рассчитать смету" }).click();
      await page.locator(".est-head-total").waitFor();
      const shown = (await page.locator(".est-head-total").innerText()).replace(/\s+/g, " ").trim();
      await screenshot(page, "well-estimate-phone");

      const [estimate] = await (await h.t.request(`/api/estimates?objectId=${well.id}`, {
        as: "surveyor@demo.local",
      })).json() as any[];
      const stored = await (await h.t.request(`/api/estimates/${estimate.id}`, { as: "surveyor@demo.local" }))
        .json() as any;
      // The same document through the engine alone: the well's fields as typed, the object's distance.
      const engine = generateEstimate({
        workType: "well_equipment",
        workTypes: ["well_equipment"],
        object: {
          address: well.address,
          clientName: "",
          clientPhone: "",
          ...(well.distanceFromMKAD !== null ? { distanceFromMKAD: well.distanceFromMKAD } : {}),
        },
        measurements: {
          well_type: "artesian",
          well_depth: 65,
          well_casing: "steel_133",
          well_arrangement: "caisson_steel",
          well_flow: 2.5,
          well_accumulator: "50",
        },
      }, { date: stored.date });
      assert.equal(stored.totalAmount, engine.totalAmount);
      assert.equal(shown.replace(/\s+/g, " "), formatKopecks(engine.totalAmount).replace(/\s+/g, " "));
      assert.ok(stored.items.some((i: any) => i.articleCode === "А183"), "the steel caisson is priced");
      await page.context().close();
    } finally {
      await h.close();
    }
  },
});
