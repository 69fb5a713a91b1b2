// The service screens at phone and desktop size: settings «Планы обслуживания» and the object's «Оборудование»
// tab (installed equipment, its documents, the service agreements). SHOTS=dir saves screenshots to look at.
import assert from "node:assert/strict";
import { browserTest } from "./harness.ts";

const shots = Deno.env.get("SHOTS");

browserTest(
  "[e2e] service: the plans in settings and the object's equipment and agreements, phone and desktop",
  async (h) => {
    const [object] = await (await h.t.request("/api/objects", { as: "director@demo.local" })).json() as {
      id: number;
    }[];
    const withStation = await Promise.all(
      (await (await h.t.request("/api/objects", { as: "director@demo.local" })).json() as { id: number }[])
        .map(
          async (o) => ({
            id: o.id,
            service: await (await h.t.request(`/api/service/objects/${o.id}`, { as: "director@demo.local" }))
              .json(),
          }),
        ),
    );
    const site = withStation.find((o) => o.service.agreements.length > 0) ?? { id: object.id };
    for (const size of ["desktop", "phone"] as const) {
      const page = await h.signedIn("director@demo.local", size, "/settings?tab=service");
      await page.getByRole("heading", { name: "«Премиум»" }).waitFor();
      assert.ok(
        await page.getByText("4 визит(а) в год · приоритетный выезд · скидка на запчасти 10 %").isVisible(),
      );
      if (shots) await page.screenshot({ path: `${shots}/plans-${size}.png`, fullPage: true });
      await page.goto(`/objects?objectId=${site.id}`);
      await page.getByRole("tab", { name: "Оборудование" }).click();
      await page.getByRole("heading", { name: "Установленное оборудование" }).waitFor();
      await page.locator(".service-panel").getByText(/Гарантийный талон \(PDF\)/).first().waitFor();
      await page.locator(".service-panel").getByText(/«Премиум»|«Стандарт»/).first().waitFor();
      if (shots) await page.screenshot({ path: `${shots}/object-${size}.png`, fullPage: true });
      if (size === "phone") {
        const tooSmall = await page.locator(".service-panel button, .service-panel a.btn").evaluateAll((
          els,
        ) =>
          els.filter((e) => (e as HTMLElement).offsetParent && e.getBoundingClientRect().height < 44).length
        );
        assert.equal(tooSmall, 0, "tap targets of the panel are 44 px at least on a phone");
      }
      await page.context().close();
    }
  },
);
