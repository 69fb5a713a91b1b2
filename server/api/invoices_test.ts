// Invoices of a company client: numbered per company and year, for the amount the ledger
// asks (prepayment, then the remainder), with both parties' requisites, the estimate's totals and the QR.
import assert from "node:assert/strict";
import { expectJson, expectOk, type TestApp, withTestApp } from "../testing.ts";
import { extractPdfText } from "../testing_pdf.ts";
import { contractMoney } from "../../domain/contract_text.ts";
import { amountInWords } from "../../domain/amount_words.ts";
import { organisationJob, receivePrepayment } from "../testing_clients.ts";
import { companyNumbersThisYear } from "../../db/testing_numbers.ts";

const MANAGER = "manager@demo.local";

/** The invoices of an object, through the typed client. */
const objectInvoices = (t: TestApp, as: string) => t.as(as).api.invoices.object[":objectId"];

/** A PDF download: the raw request. */
const pdfText = async (t: TestApp, id: number, as = MANAGER) => {
  const res = await t.request(`/api/invoices/${id}/pdf`, { as });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-type"), "application/pdf");
  return await extractPdfText(new Uint8Array(await res.arrayBuffer()));
};

Deno.test("[api] POST /api/invoices/object/:id asks the prepayment, then the remainder, numbered СЧ-year-seq", () =>
  withTestApp(async (t) => {
    const job = await organisationJob(t);
    const year = new Date().getUTCFullYear();
    // After the demo's own invoices of the year (its company client's).
    const taken = await companyNumbersThisYear(t.deps.db, "invoice");
    const seq = (n: number) => String(taken + n).padStart(4, "0");
    const param = { objectId: String(job.object.id) };
    const first = await expectOk(objectInvoices(t, MANAGER).$post({ param }), 201);
    assert.match(first.number, new RegExp(`^СЧ-${year}-${seq(1)}$`));
    assert.equal(first.kind, "prepayment");
    assert.equal(first.amount, job.contract.prepaymentAmount);
    const text = await pdfText(t, first.id);
    assert.ok(text.includes(`Счёт на оплату № ${first.number}`), text.slice(0, 200));
    assert.ok(text.includes("ИНН 7707083893, КПП 773601001"), "the buyer's requisites");
    assert.ok(text.includes("ИНН 7723456782"), "the seller's requisites");
    assert.ok(text.includes(contractMoney(job.estimate.totalAmount).replace(/ руб\.$/, "")), "the total");
    assert.ok(text.includes(amountInWords(first.amount)), "the amount in words");
    assert.ok(text.includes("Договор подряда № Д-ORG-1"), "the basis");
    // The prepayment received, the next invoice asks the remainder, to the kopeck.
    await receivePrepayment(t, job);
    const second = await expectOk(objectInvoices(t, MANAGER).$post({ param }), 201);
    assert.equal(second.number, `СЧ-${year}-${seq(2)}`);
    assert.equal(second.kind, "final");
    assert.equal(second.amount, job.estimate.totalAmount - job.contract.prepaymentAmount);
    const list = await expectOk(objectInvoices(t, MANAGER).$get({ param }));
    assert.deepEqual(list.map((i) => i.number), [second.number, first.number]);
  }));

Deno.test("[api] invoices: another company's invoice and object answer 404; a foreman may not issue one", () =>
  withTestApp(async (t) => {
    const job = await organisationJob(t);
    const param = { objectId: String(job.object.id) };
    const invoice = await expectOk(objectInvoices(t, MANAGER).$post({ param }), 201);
    assert.equal(
      (await t.request(`/api/invoices/${invoice.id}/pdf`, { as: "admin@other.local" })).status,
      404,
    );
    await expectJson(objectInvoices(t, "admin@other.local").$post({ param }), 404);
    await expectJson(objectInvoices(t, "foreman@demo.local").$post({ param }), 403);
    assert.equal(
      (await t.request(`/api/invoices/${invoice.id}/pdf`, { as: "foreman@demo.local" })).status,
      200,
    );
  }));
