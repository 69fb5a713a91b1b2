// The final payment in a browser: the ledger on the object, «Выставить остаток», the client
// paying from the same phone (per-requisite copy, the QR saved as a file), and staff marking it received.
import assert from "node:assert/strict";
import { browserTest, hydrated, screenshot, toast } from "./harness.ts";
import { formatKopecks } from "../domain/format.ts";

const MANAGER = "manager@demo.local";

browserTest(
  "final payment: the manager asks for the remainder, the client's phone copies and saves the QR, received leaves nothing owed",
  async (h) => {
    const objects = await (await h.t.request("/api/objects?limit=100", { as: MANAGER })).json();
    const list = Array.isArray(objects) ? objects : objects.items;
    const ramenskoe = list.find((o: { address: string }) => o.address.includes("Раменское"));
    const before = await (await h.t.request(`/api/contracts/object/${ramenskoe.id}`, { as: MANAGER })).json();
    const owed = before.ledger.owed;
    assert.ok(owed > 0);

    const staff = await h.signedIn(MANAGER, "desktop", `/objects?objectId=${ramenskoe.id}`);
    await hydrated(staff, "ObjectDetails");
    const ledger = staff.locator("[data-testid=ledger]");
    await ledger.getByText(formatKopecks(owed)).first().waitFor();
    await ledger.scrollIntoViewIfNeeded();
    await screenshot(staff, "ledger-object-desktop");
    const engineer = await h.signedIn("engineer@demo.local", "phone", "/engineer");
    const owedCard = engineer.locator("[data-testid=owed-objects]");
    await owedCard.getByText(formatKopecks(owed)).waitFor();
    await owedCard.scrollIntoViewIfNeeded();
    await screenshot(engineer, "owed-objects-phone");
    await ledger.getByRole("button", { name: `Выставить остаток ${formatKopecks(owed)}` }).click();
    await toast(staff, "Платежная ссылка создана");
    const link = await ledger.getByRole("link", { name: "Ссылка клиента на оплату" }).getAttribute("href");
    assert.ok(link);

    const phone = await h.newPage("phone");
    await phone.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: h.baseUrl });
    await phone.goto(link);
    await hydrated(phone, "PaymentRequisites");
    await phone.getByRole("heading", { name: "Окончательный расчёт" }).waitFor();
    await phone.locator("#client-payment").scrollIntoViewIfNeeded();
    await screenshot(phone, "final-payment-phone");
    await phone.getByRole("button", { name: "Скопировать: Расчётный счёт" }).click();
    await toast(phone, "Скопировано");
    assert.equal(await phone.evaluate(() => navigator.clipboard.readText()), "40702810938000012345");
    const copyBox = await phone.getByRole("button", { name: "Скопировать: Сумма" }).boundingBox();
    assert.ok(
      copyBox && copyBox.height >= 44 && copyBox.width >= 44,
      "the copy button is a 44 px tap target",
    );
    const [download] = await Promise.all([
      phone.waitForEvent("download"),
      phone.getByRole("link", { name: "Сохранить QR-код в галерею" }).click(),
    ]);
    assert.match(download.suggestedFilename(), /\.png$/);
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `the client's page fits the phone (${width} px)`);

    await staff.reload();
    await hydrated(staff, "ObjectDetails");
    await ledger.getByRole("button", { name: "Отметить оплату" }).click();
    await toast(staff, "Оплата отмечена");
    await ledger.getByText("0,00 ₽").first().waitFor();
    const after = await (await h.t.request(`/api/contracts/object/${ramenskoe.id}`, { as: MANAGER })).json();
    assert.equal(after.ledger.owed, 0);
    assert.equal(after.ledger.received, after.ledger.due);

    // The signed contract's page (amount, signer, IP, hash) fits a phone too.
    // On the engineer's phone and the manager's desktop, each done with: two contexts fewer.
    const contractPage = await h.switchAccount(engineer, MANAGER, `/contracts/${before.contract.id}`);
    await contractPage.getByText("SHA-256 текста").waitFor();
    await screenshot(contractPage, "contract-signed-phone");
    const contractWidth = await contractPage.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(contractWidth <= 390, `/contracts/{id} fits the phone (${contractWidth} px)`);

    const cabinet = await h.switchAccount(staff, "engineer@demo.local", "/analytics");
    await cabinet.locator("[data-testid=receivables]").waitFor();
    await screenshot(cabinet, "receivables-desktop");
  },
);
