// What the client's private link shows in a browser, on a phone and on a desktop:
// the client's estimate (no article codes, model ids, materials/works split or internal notes) with the
// «Примечание для клиента»; a link whose contract was replaced says so and offers nothing to sign; the
// object's invoice is listed with its PDF. The client approves a quote through the same kind of link.
import assert from "node:assert/strict";
import { browserTest, hydrated, screenshot, toast } from "./harness.ts";
import { assertClientClean, CLIENT_NOTE, clientLinkJob } from "../server/testing_client_links.ts";
import { expectJson } from "../server/testing.ts";

browserTest(
  "[e2e] the client's link shows only the client's estimate at 390 and 1366 px; a replaced one offers nothing to sign",
  async (h) => {
    const job = await clientLinkJob(h.t);
    const v1 = await job.contract();
    const { token } = await job.link(v1);
    // The invoice issued for the object is on the client's page with its PDF.
    const invoice = await expectJson(
      h.t.as("manager@demo.local").post(`/api/invoices/object/${job.task.objectId}`, {}),
      201,
    );
    for (const size of ["phone", "desktop"] as const) {
      const page = await h.newPage(size);
      await page.goto(`${h.baseUrl}/c/${token}`);
      await hydrated(page, "ClientContract");
      await page.getByRole("button", { name: "Подписать договор" }).waitFor();
      const text = await page.locator("main").innerText();
      assertClientClean(text, `the link page (${size})`);
      assert.ok(text.includes(CLIENT_NOTE), `the client note is shown (${size})`);
      const table = page.locator(".client-estimate");
      await table.scrollIntoViewIfNeeded();
      await screenshot(page, `client-link-estimate-${size}`);
      await page.locator(".client-estimate .est-notes").scrollIntoViewIfNeeded();
      await screenshot(page, `client-link-notes-${size}`);
      // Every button and link of the client's actions is a tap target of at least 44 px on a phone.
      const invoiceRow = page.getByTestId("client-invoice");
      await invoiceRow.getByText(`Счёт № ${invoice.number}`, { exact: false }).waitFor();
      await invoiceRow.scrollIntoViewIfNeeded();
      await screenshot(page, `client-link-documents-${size}`);
      if (size === "phone") {
        const pdf = (await invoiceRow.getByRole("link", { name: "PDF" }).boundingBox())!;
        assert.ok(pdf.height >= 44, `the invoice's PDF: ${pdf.height}px`);
        for (const button of await page.locator(".client-actions button:visible").all()) {
          const box = (await button.boundingBox())!;
          assert.ok(box.height >= 44, `${await button.innerText()}: ${box.height}px`);
        }
      }
    }
    await job.contract({ PREPAYMENT_PERCENT: 50 });
    const old = await h.newPage("phone");
    await old.goto(`${h.baseUrl}/c/${token}`);
    await hydrated(old, "ClientContract");
    await old.getByTestId("superseded").getByText(/^Договор заменён новой версией 2/).waitFor();
    assert.equal(await old.getByRole("button", { name: "Подписать договор" }).count(), 0);
    assert.equal(await old.getByRole("button", { name: "Принять смету" }).count(), 0);
    await screenshot(old, "client-link-superseded-phone");
  },
);

// The engineer sends the estimate (no contract, no passport), the client approves it on a
// phone, and the engineer sees who approved which version.
browserTest(
  "[e2e] the client approves the quote on a 390 px phone and the engineer sees the approval",
  async (h) => {
    const job = await clientLinkJob(h.t);
    const engineer = await h.signedIn("engineer@demo.local", "desktop", `/estimates/${job.estimate.id}`);
    await hydrated(engineer, "EstimateActions");
    await engineer.getByRole("button", { name: "Отправить клиенту" }).click();
    const field = engineer.getByLabel("Ссылка для клиента");
    await field.waitFor();
    const url = await field.inputValue();
    assert.match(url, /\/c\/[A-Za-z0-9_-]{40,}$/);

    const phone = await h.newPage("phone");
    await phone.goto(url);
    await hydrated(phone, "ClientContract");
    await phone.getByTestId("quote").waitFor();
    await phone.getByLabel("Ваше имя").fill("Смирнов Алексей");
    await screenshot(phone, "quote-approval-phone");
    for (const button of await phone.locator(".client-quote button:visible").all()) {
      const box = (await button.boundingBox())!;
      assert.ok(box.height >= 44, `${await button.innerText()}: ${box.height}px`);
    }
    await phone.getByRole("button", { name: "Принять смету" }).click();
    await toast(phone, "Смета принята");
    await phone.getByTestId("quote-accepted").waitFor();
    await screenshot(phone, "quote-approved-phone");

    await engineer.reload();
    const decisions = engineer.getByTestId("quote-decisions");
    await decisions.getByText("Смета согласована").waitFor();
    assert.match(await decisions.innerText(), /версия 1\): Смирнов Алексей/);
    await screenshot(engineer, "quote-approved-engineer");
  },
);
