// «Прокладка труб» on the surveyor's phone and a desktop: the section lists what the inlet and outlet
// lengths already price, following the lengths as they are typed.
import type { Page } from "playwright-core";
import { type BrowserHarness, browserTest, screenshot } from "./harness.ts";

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
