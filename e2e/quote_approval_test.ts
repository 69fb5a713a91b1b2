// The engineer sends the estimate (no contract, no passport), the client approves it on a
// phone, and the engineer sees who approved which version.
import assert from "node:assert/strict";
import { browserTest, hydrated, screenshot, toast } from "./harness.ts";
import { clientLinkJob } from "../server/testing_client_links.ts";

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
