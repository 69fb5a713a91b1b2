// deno-lint-ignore-file no-explicit-any
// The demo's standard: a station job and a well job finished and paid, and a company client with
// its КС-2/КС-3, read through the API as staff see them.
import assert from "node:assert/strict";
import ExcelJS from "exceljs";
import { expectJson, type TestApp, withTestApp } from "../testing.ts";
import { extractPdfText } from "../testing_pdf.ts";
import { and, eq } from "drizzle-orm";
import { companies, payments } from "../../db/schema/mod.ts";
import { contractDay } from "../../domain/contract_text.ts";

const ENGINEER = "engineer@demo.local";

const get = (t: TestApp, path: string) => expectJson<any>(t.as(ENGINEER).get(path));

async function download(t: TestApp, path: string) {
  const res = await t.request(path, { as: ENGINEER });
  assert.equal(res.status, 200, path);
  return new Uint8Array(await res.arrayBuffer());
}

/** The demo's finished object at this settlement, its ledger, acts and installed equipment. */
async function finishedJob(t: TestApp, settlement: string) {
  const list: any[] = await get(t, "/api/objects?status=completed&pageSize=100");
  const object = list.find((o) => o.settlement === settlement);
  assert.ok(object, `a completed object at ${settlement}`);
  const [{ ledger }, { acts }, service, changes] = await Promise.all([
    get(t, `/api/contracts/object/${object.id}`),
    get(t, `/api/acts/object/${object.id}`),
    get(t, `/api/service/objects/${object.id}`),
    get(t, `/api/job-changes/object/${object.id}`),
  ]);
  assert.equal(acts.length, 1);
  assert.equal(acts[0].state, "signed", "the act is signed by the client");
  assert.equal(acts[0].totalAmount, ledger.due, "the act's total is the ledger's «По договору»");
  return { object, ledger, act: acts[0], equipment: service.equipment as any[], changes };
}

Deno.test("[api] the demo has a station job with an agreed change, finished, paid in full, with its warranty card", () =>
  withTestApp(async (t) => {
    const job = await finishedJob(t, "Звенигород");
    assert.deepEqual([job.object.stage, job.ledger.owed], ["paid", 0]);
    assert.equal(job.ledger.received, job.ledger.due);
    const [agreement] = job.changes.agreements;
    assert.ok(agreement?.signedAt, "the supplementary agreement is signed");
    assert.equal(agreement.newTotal, job.act.totalAmount, "the act carries the agreed total");
    assert.ok(agreement.newTotal > agreement.oldTotal, "the change made the job dearer");
    const station = job.equipment.find((e) => e.kind === "station");
    assert.ok(station?.serialNumber, "the foreman recorded the serial number");
    const card = await extractPdfText(await download(t, `/api/service/equipment/${station.id}/warranty.pdf`));
    assert.ok(card.includes(station.serialNumber), "the warranty card prints it");
    assert.ok(card.includes(station.modelName));
  }));

Deno.test("[api] the demo has a well job finished and paid in full, with the drilling record in its passport", () =>
  withTestApp(async (t) => {
    const job = await finishedJob(t, "Ольгово");
    assert.deepEqual([job.object.workType, job.object.stage, job.ledger.owed], ["well_drilling", "paid", 0]);
    assert.equal(job.changes.agreements.length, 0, "the well was drilled as agreed");
    const well = job.equipment.find((e) => e.kind === "well");
    assert.ok(well, "the well is recorded");
    for (const field of ["depthM", "casing", "staticLevelM", "dynamicLevelM", "flowRateM3h", "pump"]) {
      assert.ok(well[field] !== null, `the drilling record has ${field}`);
    }
    const passport = await extractPdfText(
      await download(t, `/api/service/equipment/${well.id}/passport.pdf`),
    );
    assert.ok(passport.includes(well.pump), "the passport names the pump");
    assert.ok(passport.includes(well.casing), "and the casing");
  }));

const num = (v: ExcelJS.CellValue) =>
  typeof v === "object" && v !== null && "formula" in v ? Number(v.result ?? 0) : Number(v);
const kop = (roubles: number) => Math.round(roubles * 100);

Deno.test("[api] the demo has a company client whose КС-2 and КС-3 total its signed act, with its invoice and the remainder owed", () =>
  withTestApp(async (t) => {
    const job = await finishedJob(t, "Лечищево");
    assert.equal(job.object.clientKind, "organisation");
    assert.equal(job.object.stage, "act_signed");
    assert.equal(job.ledger.owed, job.act.dueAmount, "the remainder the act states is owed");
    const invoices: any[] = await get(t, `/api/invoices/object/${job.object.id}`);
    assert.deepEqual(invoices.map((i) => [i.kind, i.amount]), [["final", job.act.dueAmount]]);
    const base = `/api/closing-documents/object/${job.object.id}`;
    const ks2 = await extractPdfText(await download(t, `${base}/ks2.pdf`));
    assert.ok(ks2.includes("АКТ О ПРИЁМКЕ"));
    // Dated as the act the client signed, not as the day it is downloaded.
    assert.ok(ks2.includes(contractDay(new Date(job.act.signedAt))), "КС-2 carries the act's date");
    assert.ok(!ks2.includes(contractDay(new Date())), "not today's");
    assert.ok((await extractPdfText(await download(t, `${base}/ks3.pdf`))).includes("СПРАВКА О СТОИМОСТИ"));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await download(t, `${base}/ks.xlsx`)).buffer as ArrayBuffer);
    let ks2Total: ExcelJS.CellValue = null;
    wb.getWorksheet("КС-2")!.eachRow((r) => {
      if (/^Всего/.test(String(r.getCell(3).value ?? ""))) ks2Total = r.getCell(8).value;
    });
    let ks3Total: ExcelJS.CellValue = null;
    wb.getWorksheet("КС-3")!.eachRow((r) => {
      if (r.getCell(2).value === "Всего с учётом НДС") ks3Total = r.getCell(6).value;
    });
    assert.equal(kop(num(ks2Total)), job.act.totalAmount, "КС-2's total is the act's");
    assert.equal(kop(num(ks3Total)), job.act.totalAmount, "КС-3's total is the act's");
  }));

Deno.test("[api] the demo's revenue in /api/analytics is the sum of the payments marked received", () =>
  withTestApp(async (t) => {
    const [demo] = await t.deps.db.select().from(companies).where(eq(companies.name, "ООО «Демо Септик»"));
    const paid = await t.deps.db.select().from(payments)
      .where(and(eq(payments.companyId, demo.id), eq(payments.status, "paid")));
    const received = paid.reduce((sum, p) => sum + (p.receivedAmount ?? 0), 0);
    const finals = paid.filter((p) => p.kind === "final");
    assert.equal(finals.length, 2, "the station's and the well's remainders");
    const a = await get(t, "/api/analytics?period=all");
    assert.equal(a.finance.revenueKopecks, received);
  }));
