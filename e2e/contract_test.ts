// The contract in a browser: made on a phone and signed by the client signed out; its badges follow the
// server (below).
import assert from "node:assert/strict";
import { and, desc, eq, notInArray } from "drizzle-orm";
import { browserTest, drawSignature, hydrated, screenshot, toast } from "./harness.ts";
import { companies, contracts, contractSignatures, estimates } from "../db/schema/mod.ts";
import { sha256Hex } from "../domain/hash.ts";
import { clientLinkJob } from "../server/testing_client_links.ts";
import { expectJson } from "../server/testing.ts";

browserTest(
  "[e2e] the chief engineer makes a contract and a payment link on a phone; the client signs it signed out",
  async (h) => {
    const [demo] = await h.t.deps.db.select().from(companies).where(
      eq(companies.name, "ООО «Демо Септик»"),
    );
    // An estimate of an object with no contract yet (the demo's jobs under way and finished have theirs).
    const [estimate] = await h.t.deps.db.select().from(estimates).where(and(
      eq(estimates.companyId, demo.id),
      notInArray(estimates.objectId, h.t.deps.db.select({ id: contracts.objectId }).from(contracts)),
    )).orderBy(estimates.id).limit(1);

    const staff = await h.signedIn("engineer@demo.local", "phone", `/estimates/${estimate.id}`);
    await staff.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await hydrated(staff, "ContractWizard");
    await staff.getByRole("button", { name: "Заключение договора" }).click();
    const wizard = staff.getByRole("dialog", { name: "Заключение договора" });
    const generate = wizard.getByRole("button", { name: "Сгенерировать договор" });
    await generate.waitFor();
    assert.equal(await generate.isDisabled(), true, "disabled until passport and address are filled");
    await wizard.getByLabel("ФИО клиента").fill("Смирнов Алексей Петрович");
    await wizard.getByLabel("Паспорт").fill("4510 123456, выдан ОВД Тверского района 12.03.2015");
    await wizard.getByLabel("Адрес регистрации клиента").fill("г. Москва, ул. Тверская, д. 1, кв. 5");
    await screenshot(staff, "contract-wizard-client-phone");
    await generate.click();
    await toast(staff, "Договор сгенерирован");
    const text = await wizard.getByTestId("contract-text").innerText();
    assert.ok(text.includes("Смирнов Алексей Петрович"));
    assert.ok(text.includes("рублей 00 копеек") || /рубл\S* \d\d копе/.test(text));
    await screenshot(staff, "contract-wizard-preview-phone");
    await wizard.getByRole("button", { name: "Создать платежную ссылку" }).click();
    await toast(staff, "Платежная ссылка создана");
    const link = await wizard.getByTestId("payment-link").inputValue();
    await wizard.getByRole("button", { name: "Скопировать", exact: true }).click();
    await toast(staff, "Скопировано");
    assert.equal(await staff.evaluate(() => navigator.clipboard.readText()), link);
    await screenshot(staff, "contract-wizard-payment-phone");

    const client = await h.newPage("phone");
    const opened = await client.goto(link);
    assert.equal(opened?.status(), 200);
    await hydrated(client, "ClientContract");
    await client.getByRole("heading", { name: `Смета № ${estimate.estimateNumber}` }).waitFor();
    await client.getByRole("img", { name: "QR-код для оплаты в приложении банка" }).waitFor();
    await screenshot(client, "client-link-top-phone");
    await client.getByLabel("Фамилия, имя и отчество").fill("Смирнов Алексей Петрович");
    await drawSignature(client);
    await client.getByText("Я прочитал(а) договор").click();
    await screenshot(client, "client-link-sign-phone");
    await client.getByRole("button", { name: "Подписать договор" }).click();
    await client.getByTestId("signed").getByText("Смирнов Алексей Петрович", { exact: false }).waitFor();
    await screenshot(client, "client-link-signed-phone");
    // The newest signature: the demo's Раменское contract is signed already.
    const [signature] = await h.t.deps.db.select().from(contractSignatures).orderBy(
      desc(contractSignatures.id),
    )
      .limit(1);
    assert.equal(signature.ip, "127.0.0.1");
    assert.match(signature.userAgent ?? "", /Chrome/);
    assert.match(signature.signatureImage, /^data:image\/png;base64,/);
    assert.equal(signature.textSha256, sha256Hex(text));

    await wizard.getByRole("button", { name: "Далее" }).click();
    await wizard.getByRole("button", { name: "Обновить статус" }).click();
    await wizard.getByTestId("signature-state").getByText(/^подписан: Смирнов Алексей Петрович/).waitFor();
    await screenshot(staff, "contract-wizard-done-phone");
    await staff.goto("/notifications");
    await staff.getByText("Клиент подписал договор").first().waitFor();

    const desk = await h.signedIn("engineer@demo.local");
    // The object's card and the field-work screen link to the estimate with ?contract=1: the wizard opens.
    await desk.goto(`/estimates/${estimate.id}?contract=1`);
    await hydrated(desk, "ContractWizard");
    const reopened = desk.getByRole("dialog", { name: "Заключение договора" });
    // A signed contract is shown as signed, never offered for a new version (the client form is gone).
    await reopened.getByTestId("signed-contract").getByText(/подписан клиентом: Смирнов Алексей Петрович/)
      .waitFor();
    assert.equal(await reopened.getByLabel("Паспорт").count(), 0, "no step that would make a new version");
    await screenshot(desk, "contract-wizard-client-desktop");
    await desk.goto(`/contracts/${signature.contractId}`);
    await hydrated(desk, "ContractPayment");
    await desk.getByText("совпадает с текстом").waitFor();
    await desk.getByRole("button", { name: "Отметить оплату" }).click();
    await toast(desk, "Оплата отмечена");
    await screenshot(desk, "contract-page-desktop");
    const deskClient = await h.newPage("desktop");
    await deskClient.goto(link);
    await hydrated(deskClient, "ClientContract");
    await screenshot(deskClient, "client-link-desktop");
  },
);

// The contract's badges follow what the server knows: marking the prepayment updates every badge of the page
// without a reload by hand, and reopening «Заключение договора» on a signed contract shows that contract.
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
