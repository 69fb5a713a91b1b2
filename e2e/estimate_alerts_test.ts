// deno-lint-ignore-file no-explicit-any
// An undersized station's alert stands at the top of the surveyor's estimate tab (phone) and
// of the engineer's estimate page, the /estimates row is marked, and «Утвердить» asks «Утвердить всё равно?»
// before approving; the confirmation is recorded and shown (desktop).
import assert from "node:assert/strict";
import { browserTest, everyIslandHydrated, screenshot } from "./harness.ts";

/** 10 residents × 200 = 2 000 l/day for a Топас 6 of 1 200 l/day. */
async function undersizedEstimate(h: any) {
  const tasks = await (await h.t.request("/api/tasks", { as: "surveyor@demo.local" })).json() as any[];
  const task = tasks.find((x) => x.storedStatus === "in_progress" && x.objectId);
  const made = await (await h.t.request("/api/estimates/generate", {
    as: "surveyor@demo.local",
    method: "POST",
    json: {
      objectId: task.objectId,
      taskId: task.id,
      measurements: { septic_model: "topas-6", residents_count: 10, installation_depth: 2 },
    },
  })).json() as any;
  assert.equal(made.alerts.length, 1, JSON.stringify(made));
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
