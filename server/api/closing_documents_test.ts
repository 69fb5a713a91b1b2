// Every document of one company-client job (contract, invoice, КС-2, КС-3) printed and compared with the
// estimate and the ledger to the kopeck; the КС-2/КС-3 workbook read back with its formulas.
import assert from "node:assert/strict";
import ExcelJS from "exceljs";
import { expectOk, type TestApp, withTestApp } from "../testing.ts";
import { extractPdfText } from "../testing_pdf.ts";
import { askPrepayment, organisationJob, receivePrepayment } from "../testing_clients.ts";
import { cellMoney } from "../invoice_pdf.ts";
import { getEstimate } from "../../db/estimates.ts";
import { scopeOf } from "../../db/scope.ts";

const MANAGER = "manager@demo.local";

/** A file download (PDF, xlsx): the raw request. */
async function download(t: TestApp, path: string, as = MANAGER) {
  const res = await t.request(path, { as });
  assert.equal(res.status, 200, path);
  return new Uint8Array(await res.arrayBuffer());
}

/** A cell's number: the stored result of a formula (exceljs reads a stored 0 back as no result), or the value. */
const num = (v: ExcelJS.CellValue) =>
  typeof v === "object" && v !== null && "formula" in v ? Number(v.result ?? 0) : Number(v);
const kop = (roubles: number) => Math.round(roubles * 100);

/** POST /api/invoices/object/:objectId through the typed client (the route takes no body). */
const issueInvoice = (t: TestApp, objectId: number) =>
  expectOk(
    t.as(MANAGER).api.invoices.object[":objectId"].$post({ param: { objectId: String(objectId) } }),
    201,
  );

Deno.test("[api] a company client's contract, invoice, КС-2 and КС-3 agree with the estimate and the ledger to the kopeck", () =>
  withTestApp(async (t) => {
    const job = await organisationJob(t);
    const e = (await getEstimate(t.deps.db, scopeOf(job.object.companyId), job.estimate.id))!;
    await receivePrepayment(t, job);
    const ledger = (await expectOk(
      t.as(MANAGER).api.contracts.object[":objectId"].$get({ param: { objectId: String(job.object.id) } }),
      200,
    )).ledger!;
    assert.equal(ledger.due, e.totalAmount);

    const contract = await extractPdfText(await download(t, `/api/contracts/${job.contract.id}/pdf`));
    assert.ok(contract.includes(cellMoney(e.totalAmount)), "the contract's total");

    const invoice = await issueInvoice(t, job.object.id);
    assert.equal(invoice.amount, ledger.owed);
    const invoiceText = await extractPdfText(await download(t, `/api/invoices/${invoice.id}/pdf`));
    assert.ok(invoiceText.includes(cellMoney(e.totalAmount)), "the invoice's contract total");
    assert.ok(invoiceText.includes(cellMoney(ledger.received)), "received before");
    assert.ok(invoiceText.includes(cellMoney(ledger.owed)), "the amount asked");

    const base = `/api/closing-documents/object/${job.object.id}`;
    const ks2 = await extractPdfText(await download(t, `${base}/ks2.pdf`));
    assert.ok(ks2.includes("АКТ О ПРИЁМКЕ ВЫПОЛНЕННЫХ РАБОТ"));
    assert.ok(ks2.includes("Госкомстата России от 11.11.1999 № 100"));
    for (const item of e.items) assert.ok(ks2.includes(cellMoney(item.totalPrice)), item.name);
    assert.ok(ks2.includes(cellMoney(e.totalAmount)));
    const ks3 = await extractPdfText(await download(t, `${base}/ks3.pdf`));
    assert.ok(ks3.includes("СПРАВКА О СТОИМОСТИ ВЫПОЛНЕННЫХ РАБОТ И ЗАТРАТ"));
    assert.ok(ks3.includes(cellMoney(e.totalAmount)));

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await download(t, `${base}/ks.xlsx`)).buffer as ArrayBuffer);
    const sheet2 = wb.getWorksheet("КС-2")!;
    const rows: { label: string; h: ExcelJS.CellValue }[] = [];
    sheet2.eachRow((r) => rows.push({ label: String(r.getCell(3).value ?? ""), h: r.getCell(8).value }));
    const byLabel = (label: string) => rows.find((r) => r.label === label)!.h;
    // Every line's cost and the totals are the estimate's own, and the totals are formulas an accountant's
    // edit recalculates.
    const lines = rows.filter((r) => e.items.some((i) => i.name === r.label));
    assert.equal(lines.length, e.items.length);
    assert.equal(lines.reduce((s, r) => s + kop(num(r.h)), 0), e.itemsTotal);
    const itogo = byLabel("Итого") as ExcelJS.CellFormulaValue;
    assert.match(itogo.formula, /^SUM\(H\d+:H\d+\)$/);
    assert.equal(kop(num(itogo)), e.itemsTotal);
    const total = rows.find((r) => /^Всего/.test(r.label))!.h;
    assert.equal(kop(num(total)), e.totalAmount);
    assert.equal(kop(num(total)), ledger.due);
    const sheet3 = wb.getWorksheet("КС-3")!;
    let ks3Total: ExcelJS.CellValue = null;
    sheet3.eachRow((r) => {
      if (r.getCell(2).value === "Всего с учётом НДС") ks3Total = r.getCell(6).value;
    });
    assert.match((ks3Total as unknown as ExcelJS.CellFormulaValue).formula, /^F\d+\+F\d+$/);
    assert.equal(kop(num(ks3Total)), e.totalAmount);
    assert.equal(kop(num(ks3Total)), ledger.received + ledger.owed);
  }));

Deno.test("[api] КС-2/КС-3 of another company's object answer 404, of an object without a contract 409", () =>
  withTestApp(async (t) => {
    const job = await organisationJob(t);
    const base = `/api/closing-documents/object/${job.object.id}`;
    for (const file of ["ks2.pdf", "ks3.pdf", "ks.xlsx"]) {
      assert.equal((await t.request(`${base}/${file}`, { as: "admin@other.local" })).status, 404, file);
    }
    const fresh = await expectOk(
      t.as(MANAGER).api.objects.$post({
        json: {
          address: "Московская обл, п Дорохово, ул Школьная, д 5",
          settlement: "Дорохово",
          region: "Московская область",
          clientPhone: "+7 916 555-44-30",
          estimatedCost: 100000,
        },
      }),
      201,
    );
    const res = await t.request(`/api/closing-documents/object/${fresh.id}/ks.xlsx`, { as: MANAGER });
    assert.equal(res.status, 409);
    assert.match((await res.json()).message ?? "", /нет договора/);
  }));

Deno.test("[api] GET /c/:token lists the object's invoices with their PDF through the link, and КС-2/КС-3 only once the act is signed", () =>
  withTestApp(async (t) => {
    const job = await organisationJob(t);
    const payment = await askPrepayment(t, job);
    const token = new URL(payment.paymentLink).pathname.split("/").pop()!;
    const invoice = await issueInvoice(t, job.object.id);
    assert.match(invoice.number, /^СЧ-\d{4}-\d{4}$/);

    const page = await (await t.request(`/c/${token}`)).text();
    assert.ok(page.includes(`Счёт № ${invoice.number}`), "the page names the invoice");
    assert.ok(page.includes(`/api/client-links/${token}/invoices/${invoice.id}/pdf`), "and links its PDF");
    const pdf = await t.request(`/api/client-links/${token}/invoices/${invoice.id}/pdf`);
    assert.equal(pdf.status, 200);
    assert.equal(pdf.headers.get("content-type"), "application/pdf");
    const text = await extractPdfText(new Uint8Array(await pdf.arrayBuffer()));
    assert.ok(text.includes(invoice.number), "the client's file is the issued invoice");
    // The link opens its own object's invoices only; an unknown token opens none.
    const other = await organisationJobInvoiceOfAnotherObject(t, job.object.id);
    assert.equal((await t.request(`/api/client-links/${token}/invoices/${other}/pdf`)).status, 404);
    assert.equal((await t.request(`/api/client-links/x${token}/invoices/${invoice.id}/pdf`)).status, 404);
    // КС-2 and КС-3 accept works done: none before the act is signed.
    assert.ok(!page.includes("КС-2"), "no КС before the act");
    for (const file of ["ks2.pdf", "ks3.pdf", "ks.xlsx"]) {
      assert.equal((await t.request(`/api/client-links/${token}/${file}`)).status, 404, file);
    }
  }));

/** An invoice of another object of the same company (its id must not open through this object's link). */
async function organisationJobInvoiceOfAnotherObject(t: TestApp, objectId: number): Promise<number> {
  const api = t.as(MANAGER).api;
  const list = await expectOk(api.estimates.$get({ query: {} }));
  const estimate = list.find((e) => e.totalAmount > 0 && e.objectId !== objectId)!;
  await expectOk(
    api.contracts.generate.$post({
      json: {
        templateId: `${
          (await expectOk(api.objects[":id{[0-9]+}"].$get({ param: { id: String(estimate.objectId) } })))
            .workType
        }_contract`,
        contractData: {
          CLIENT_NAME: "Петров Пётр Петрович",
          CLIENT_PASSPORT: "4510 123456, выдан ОВД Тверского района г. Москвы 12.03.2015",
          CLIENT_ADDRESS: "г. Москва, ул. Тверская, д. 1, кв. 5",
          PREPAYMENT_PERCENT: 30,
          OBJECT_ADDRESS: "Московская обл, г Истра, ул Лесная, д 1",
        },
        objectId: estimate.objectId,
        estimateData: { id: estimate.id },
      },
    }),
    201,
  );
  return (await issueInvoice(t, estimate.objectId)).id;
}
