// The contract's badges follow what the server knows: marking the prepayment updates every badge of the page
// without a reload by hand, and reopening «Заключение договора» on a signed contract shows that contract.
import assert from "node:assert/strict";
import { browserTest, hydrated, toast } from "./harness.ts";
import { clientLinkJob } from "../server/testing_client_links.ts";
import { expectJson } from "../server/testing.ts";

browserTest(
  "[e2e] «Отметить оплату» on the contract's page turns its badge to «предоплата получена» at once",
  async (h) => {
    const j = await clientLinkJob(h.t);
    const contract = await j.contract();
    await j.link(contract);
    const page = await h.signedIn("manager@demo.local", "phone", `/contracts/${contract.id}`);
    const state = page.locator(".contract-state").first();
    await state.getByText("ожидает предоплаты").waitFor();
    await hydrated(page, "ContractPayment");
    await page.getByRole("button", { name: "Отметить оплату" }).click();
    await toast(page, "Оплата отмечена");
    await page.locator(".contract-state").first().getByText("предоплата получена").waitFor();
    assert.equal(await page.locator(".contract-state").first().getByText("ожидает предоплаты").count(), 0);
  },
);

browserTest(
  "[e2e] reopening «Заключение договора» after the client signed shows the signed contract, not a new version",
  async (h) => {
    const j = await clientLinkJob(h.t);
    const contract = await j.contract();
    const { token } = await j.link(contract);
    const { drawnPng } = await import("../server/testing_client_links.ts");
    await expectJson(h.t.request(`/api/client-links/${token}/sign`, {
      method: "POST",
      json: { fullName: "Смирнов Алексей Петрович", signature: drawnPng(), agree: true },
    }));
    const page = await h.signedIn("engineer@demo.local", "desktop", `/estimates/${j.estimate.id}?contract=1`);
    await hydrated(page, "ContractWizard");
    const signed = page.getByTestId("signed-contract");
    await signed.getByText("подписан клиентом: Смирнов Алексей Петрович").waitFor();
    await signed.getByRole("link", { name: "PDF" }).waitFor();
    assert.equal(await page.getByRole("tab", { name: "Клиент" }).count(), 0, "no step to make a new version");
    assert.equal(await page.getByRole("button", { name: "Сгенерировать договор" }).count(), 0);
  },
);
