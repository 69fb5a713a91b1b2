// deno-lint-ignore-file no-explicit-any
// A well on the phone (390×844): the surveyor opens a task «Обустройство скважины», the well's
// form opens (not the station's), fills it with a thumb, calculates the estimate and sees the total the
// engine gives for the same document.
import assert from "node:assert/strict";
import { generateEstimate } from "../estimating/mod.ts";
import { formatKopecks } from "../domain/format.ts";
import { toDateInput } from "../domain/tasks.ts";
import { screenshot, startBrowser } from "./harness.ts";

Deno.test({
  name: "[e2e] the surveyor prices a well on a phone: the well's form, the estimate, the engine's total",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const h = await startBrowser();
    try {
      const objects = await (await h.t.request("/api/objects?pageSize=100", { as: "engineer@demo.local" }))
        .json() as any;
      const well = (objects.items ?? objects).find((o: any) => o.workType === "well_equipment");
      assert.ok(well, "the demo data has a well object");
      const me = await (await h.t.request("/api/user", { as: "surveyor@demo.local" })).json() as any;
      const due = toDateInput(new Date(h.t.deps.now().getTime() + 2 * 86_400_000));
      const created = await h.t.request("/api/tasks", {
        as: "engineer@demo.local",
        method: "POST",
        json: {
          measurement: true,
          title: "Обустройство скважины",
          description: "Кессон, насос, автоматика",
          dueDate: due,
          objectId: well.id,
          assignedTo: me.id,
        },
      });
      assert.equal(created.status, 201, await created.clone().text());
      const task = await created.json() as any;

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
