// deno-lint-ignore-file no-explicit-any
// The chief engineer opens a generated estimate, changes a line, approves (the editor locks) and downloads
// the client's Excel, which holds no surveyor note or article code: at 1366×768 and at 390×844.
import assert from "node:assert/strict";
import ExcelJS from "exceljs";
import { formatKopecks } from "../domain/format.ts";
import { browserTest, screenshot } from "./harness.ts";

const NOTE = "Хозяин просит не трогать яблоню";

for (const size of ["desktop", "phone"] as const) {
  browserTest(
    `[e2e] ${size}: the chief engineer edits a line, approves and downloads the client's Excel`,
    async (h) => {
      const tasks = await (await h.t.request("/api/tasks", { as: "surveyor@demo.local" })).json() as any[];
      const task = tasks.find((x) => x.storedStatus === "in_progress" && x.objectId);
      const made = await (await h.t.request("/api/estimates/generate", {
        as: "surveyor@demo.local",
        method: "POST",
        json: {
          objectId: task.objectId,
          taskId: task.id,
          measurements: {
            septic_model: "topas-5",
            residents_count: 4,
            installation_depth: 2.5,
            soil_type: "clay",
            inlet_pipe_length: 8,
            outlet_pipe_length: 8,
            additional_notes: NOTE,
          },
        },
      })).json() as any;
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
