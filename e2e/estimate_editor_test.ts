// deno-lint-ignore-file no-explicit-any
// The chief engineer opens a generated estimate, changes a line, approves (the editor locks) and downloads
// the client's Excel, which holds no surveyor note or article code: at 1366×768 and at 390×844. An undersized
// station's alert on the estimate, phone and desktop (below).
import assert from "node:assert/strict";
import ExcelJS from "exceljs";
import { formatKopecks } from "../domain/format.ts";
import { browserTest, everyIslandHydrated, screenshot } from "./harness.ts";

const NOTE = "Хозяин просит не трогать яблоню";

for (const size of ["desktop", "phone"] as const) {
  browserTest(
    `[e2e] ${size}: the chief engineer edits a line, approves and downloads the client's Excel`,
    async (h) => {
      const { made } = await surveyorEstimate(h, {
        septic_model: "topas-5",
        residents_count: 4,
        installation_depth: 2.5,
        soil_type: "clay",
        inlet_pipe_length: 8,
        outlet_pipe_length: 8,
        additional_notes: NOTE,
      });
      assert.ok(made.id, JSON.stringify(made));
      // The outlet's 8 m of А001 (the inlet's own line is the 3 m beyond the turnkey installation's 5 m).
      const line = made.items.find((i: any) => i.articleCode === "А001" && i.quantity === 8);
      assert.ok(line, JSON.stringify(made.items));

      const page = await h.signedIn("engineer@demo.local", size, `/estimates/${made.id}`);
      await page.waitForSelector("[data-island=EstimateEditor] [data-testid=estimate-line]");
      assert.equal(
        (await page.getByTestId("estimate-total").innerText()).replace(/\s/g, ""),
        formatKopecks(made.totalAmount).replace(/\s/g, ""),
      );
      await screenshot(page, `estimate-editor-${size}`);
      await page.getByLabel(`Количество: ${line.name}`, { exact: true }).scrollIntoViewIfNeeded();
      await screenshot(page, `estimate-editor-lines-${size}`);

      // 8 → 10 m of the pipe: the total grows by exactly two metres of it.
      const qty = page.getByLabel(`Количество: ${line.name}`, { exact: true });
      await qty.fill("10");
      await qty.press("Enter");
      const expected = made.totalAmount + line.pricePerUnit * 2;
      await page.waitForFunction(
        (want) =>
          document.querySelector("[data-testid=estimate-total]")?.textContent?.replace(/\s/g, "") === want,
        formatKopecks(expected).replace(/\s/g, ""),
      );
      await page.getByTestId("estimate-changes").getByText(/количество 8 → 10 м/).waitFor();

      await page.getByRole("button", { name: "Утвердить" }).click();
      await page.getByTestId("estimate-locked").waitFor();
      assert.equal(await page.getByLabel(`Количество: ${line.name}`, { exact: true }).isDisabled(), true);
      await screenshot(page, `estimate-approved-${size}`);
      const overflow = await page.evaluate(() =>
        document.documentElement.scrollWidth - globalThis.innerWidth
      );
      assert.ok(overflow <= 0, `the page overflows by ${overflow} px`);

      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByTestId("client-excel").click(),
      ]);
      assert.equal(download.suggestedFilename(), `Смета_${made.estimateNumber}.xlsx`);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.readFile(await download.path());
      const cells: string[] = [];
      wb.worksheets[0].eachRow((row) =>
        row.eachCell((cell) => {
          const v = cell.value as any;
          cells.push(String(v && typeof v === "object" && "formula" in v ? v.result : v));
        })
      );
      assert.ok(!cells.some((c) => c.includes("яблоню")));
      assert.ok(!cells.some((c) => /^А\d{3}$/.test(c)));
      assert.ok(cells.includes(String(expected / 100)), "the grand total of the edited estimate");

      await page.goto(`/estimates/${made.id}/print`);
      await screenshot(page, `estimate-print-${size}`);
      const printOverflow = await page.evaluate(() =>
        document.documentElement.scrollWidth - globalThis.innerWidth
      );
      assert.ok(printOverflow <= 0, `the print page overflows by ${printOverflow} px`);
    },
  );
}

// An undersized station's alert stands at the top of the surveyor's estimate tab (phone) and
// of the engineer's estimate page, the /estimates row is marked, and «Утвердить» asks «Утвердить всё равно?»
// before approving; the confirmation is recorded and shown (desktop).
/** 10 residents × 200 = 2 000 l/day for a Топас 6 of 1 200 l/day. */
async function undersizedEstimate(h: any) {
  const estimate = await surveyorEstimate(h, {
    septic_model: "topas-6",
    residents_count: 10,
    installation_depth: 2,
  });
  assert.equal(estimate.made.alerts.length, 1, JSON.stringify(estimate.made));
  return estimate;
}

/** The surveyor's estimate from `measurements` on their task in work (the demo has one with an object). */
async function surveyorEstimate(h: any, measurements: Record<string, unknown>) {
  const tasks = await (await h.t.request("/api/tasks", { as: "surveyor@demo.local" })).json() as any[];
  const task = tasks.find((x) => x.storedStatus === "in_progress" && x.objectId);
  const made = await (await h.t.request("/api/estimates/generate", {
    as: "surveyor@demo.local",
    method: "POST",
    json: { objectId: task.objectId, taskId: task.id, measurements },
  })).json() as any;
  return { task, made };
}

browserTest(
  "[e2e] phone: the surveyor sees the undersized station's alert at the top of the estimate tab",
  async (h) => {
    const { task } = await undersizedEstimate(h);
    const page = await h.signedIn("surveyor@demo.local", "phone", `/surveyor?siteWork=${task.id}`);
    await page.getByRole("tab", { name: /Смета$/ }).click();
    const alerts = page.getByTestId("estimate-alerts");
    await alerts.getByText(/Производительность станции Топас 6 \(1\u00A0200 л\/сут\)/).waitFor();
    await alerts.getByText(/Подходит модель Топас 10/).waitFor();
    // Above the table, not among the notes.
    const [alertTop, tableTop] = await Promise.all([
      alerts.evaluate((el) => el.getBoundingClientRect().top),
      page.locator(".estimate-view .est-table").evaluate((el) => el.getBoundingClientRect().top),
    ]);
    assert.ok(alertTop < tableTop);
    assert.equal(await page.locator(".est-notes").getByText(/Производительность/).count(), 0);
    await alerts.scrollIntoViewIfNeeded();
    await screenshot(page, "estimate-alerts-surveyor-phone");
  },
);

browserTest(
  "[e2e] desktop: the engineer sees the alert, confirms «Утвердить всё равно?» and the confirmation is shown",
  async (h) => {
    const { made } = await undersizedEstimate(h);
    const page = await h.signedIn("engineer@demo.local", "desktop", "/estimates");
    const row = page.locator(`.est-list-table tr[data-estimate-id="${made.id}"]`);
    await row.getByTestId("estimate-alert-mark").waitFor();
    await screenshot(page, "estimate-alerts-list-desktop");

    await page.goto(`/estimates/${made.id}`);
    await page.waitForSelector("[data-island=EstimateActions]");
    await everyIslandHydrated(page);
    await page.getByTestId("estimate-alerts").getByText(/Производительность станции Топас 6/).waitFor();
    await screenshot(page, "estimate-alerts-page-desktop");
    await page.getByRole("button", { name: "Утвердить", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Утвердить смету с предупреждениями?" });
    await dialog.getByText("Утвердить всё равно?").waitFor();
    await dialog.getByText(/Производительность станции Топас 6/).waitFor();
    await screenshot(page, "estimate-alerts-confirm-desktop");
    // Cancelling approves nothing.
    await dialog.getByRole("button", { name: "Отмена" }).click();
    await dialog.waitFor({ state: "hidden" });
    const stored = async () =>
      (await (await h.t.request(`/api/estimates/${made.id}`, { as: "engineer@demo.local" })).json()) as any;
    assert.equal((await stored()).status, "draft");

    await page.getByRole("button", { name: "Утвердить", exact: true }).click();
    await dialog.getByTestId("confirm-alerts").click();
    await page.getByTestId("alerts-confirmation").waitFor();
    await page.getByTestId("estimate-status").getByText("Утверждено").waitFor();
    const after = await stored();
    assert.equal(after.status, "approved");
    assert.deepEqual(after.alertsConfirmation.alerts, made.alerts);
    await screenshot(page, "estimate-alerts-approved-desktop");
  },
);
