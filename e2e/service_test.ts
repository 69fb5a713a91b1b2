// The service screens at phone and desktop size: settings «Планы обслуживания» and the object's «Оборудование»
// tab (installed equipment, its documents, the service agreements); a service visit carried out offline and
// signed by the client. SHOTS=dir saves screenshots to look at. (One file: a browser and a module load fewer.)
import assert from "node:assert/strict";
import { browserTest, hydrated, screenshot } from "./harness.ts";
import { and, asc, eq, gte } from "drizzle-orm";
import { clientLinks, serviceAgreements, serviceVisits, tasks, users } from "../db/schema/mod.ts";
import { newToken } from "../server/client_links.ts";
import { moscowDate } from "../domain/dates.ts";

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

// A service visit: carried out on a phone with the network off, synced, then signed by the client.
browserTest(
  "a service visit carried out on a phone with the network off, synced, then signed by the client through the link",
  async ({ t, baseUrl, browser, switchAccount, newPage }) => {
    const { db } = t.deps;
    const [surveyor] = await db.select().from(users).where(eq(users.email, "surveyor2@demo.local"));
    // The demo's next planned visit of surveyor2.
    const [visit] = await db.select({
      id: serviceVisits.id,
      objectId: serviceVisits.objectId,
      companyId: serviceVisits.companyId,
      operations: serviceAgreements.operations,
    })
      .from(serviceVisits).innerJoin(tasks, eq(tasks.id, serviceVisits.taskId))
      .innerJoin(serviceAgreements, eq(serviceAgreements.id, serviceVisits.agreementId))
      .where(and(
        eq(serviceVisits.status, "planned"),
        eq(tasks.assignedTo, surveyor.id),
        gte(serviceVisits.plannedOn, moscowDate(t.deps.now())),
      )).orderBy(asc(serviceVisits.plannedOn)).limit(1);
    assert.ok(visit, "the demo has an upcoming visit");

    // The schedule on a desktop: months, the overdue visit, «Перенести».
    const office = await newPage("desktop");
    await switchAccount(office, "engineer@demo.local", "/service");
    await hydrated(office, "MoveVisitDialog");
    await office.locator(".badge", { hasText: "Просрочен" }).first().waitFor();
    await screenshot(office, "service-schedule-desktop");

    const phone = await newPage("phone");
    await switchAccount(phone, "surveyor2@demo.local", `/service/visits/${visit.id}`);
    await hydrated(phone, "ServiceVisitScreen");
    await phone.context().setOffline(true);
    // The checklist is the agreement's operations (the plan's, from the station's maker).
    const [first, second] = visit.operations;
    await phone.getByLabel(first, { exact: true }).check();
    await phone.getByLabel(second, { exact: true }).check();
    await phone.getByRole("button", { name: /Показания/ }).click();
    await phone.getByLabel(/Уровень ила/).fill("40");
    await phone.getByRole("button", { name: "Сохранить отчёт" }).click();
    await phone.getByTestId("visit-sync").getByText("сохранено на устройстве, ждёт связи").waitFor();
    await screenshot(phone, "service-visit-offline-phone");
    const [still] = await db.select({ status: serviceVisits.status }).from(serviceVisits)
      .where(eq(serviceVisits.id, visit.id));
    assert.equal(still.status, "planned", "nothing reached the server with the network off");

    await phone.context().setOffline(false);
    await phone.evaluate(() => dispatchEvent(new Event("online")));
    await phone.getByRole("heading", { name: "Отчёт о визите" }).waitFor();
    const [done] = await db.select().from(serviceVisits).where(eq(serviceVisits.id, visit.id));
    assert.equal(done.status, "done");
    assert.equal(done.report?.readings.sludge_level, 40);
    await screenshot(phone, "service-visit-synced-phone");

    // The client signs the report through the client's link of the object.
    const { token, hash } = newToken();
    await db.insert(clientLinks).values({
      companyId: visit.companyId,
      objectId: visit.objectId,
      tokenHash: hash,
      expiresAt: new Date(t.deps.now().getTime() + 7 * 86_400_000),
    });
    const client = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "ru-RU" });
    const page = await client.newPage();
    await page.goto(`${baseUrl}/c/${token}`);
    const section = page.locator(`[data-visit="${visit.id}"]`);
    await hydrated(page, "VisitSignature");
    await section.getByLabel("Фамилия и имя клиента").fill("Смирнов Алексей");
    const pad = section.locator("canvas");
    await pad.scrollIntoViewIfNeeded();
    const box = (await pad.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + 30);
    await page.mouse.down();
    await page.mouse.move(box.x + 120, box.y + 60, { steps: 8 });
    await page.mouse.up();
    await section.getByRole("button", { name: "Подписать отчёт" }).click();
    await section.getByText(/Отчёт подписан клиентом: Смирнов Алексей/).waitFor();
    await screenshot(page, "service-visit-client-signed-phone");
    const [signed] = await db.select().from(serviceVisits).where(eq(serviceVisits.id, visit.id));
    assert.equal(signed.clientSignerName, "Смирнов Алексей");
    await client.close();
  },
);
