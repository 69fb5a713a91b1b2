import assert from "node:assert/strict";
import ExcelJS from "exceljs";
import { type Estimate, generateEstimate } from "./estimate.ts";
import { GRAND_TOTAL_LABEL, RUB_FORMAT, writeEstimateWorkbook } from "./workbook.ts";

const DATE = "2026-05-20";
const company = {
  name: "ООО «Демо Септик»",
  inn: "5017123456",
  kpp: "501701001",
  address: "Московская обл., г. Истра, ул. Ленина, д. 1",
  phone: "+7 495 000-00-00",
  email: "info@demo.local",
  bankName: "ПАО Сбербанк",
  account: "40702810000000000001",
  bik: "044525225",
};

function sample(vat: "none" | "22" = "22"): Estimate {
  return generateEstimate({
    object: {
      address: "МО, д. Лешково, 12",
      distanceFromMKAD: 47,
      clientName: "Петров П. П.",
      clientPhone: "+7 916 000-00-00",
    },
    measurements: {
      septic_model: "topas-5",
      residents_count: 5,
      soil_type: "clay",
      installation_depth: 2.7,
      inlet_pipe_length: 7.35,
      outlet_pipe_length: 12.5,
      need_insulation: true,
      insulation_length: 4.5,
      electrical_work_needed: true,
      elect_a039: true,
      elect_a039_length: 13.33,
      additional_notes: "Подъезд со стороны леса",
    },
  }, { date: DATE, vat });
}

async function load(bytes: Uint8Array): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes.buffer as ArrayBuffer);
  return wb.worksheets[0];
}

const value = (cell: ExcelJS.Cell): unknown => {
  const v = cell.value;
  // exceljs's reader drops a cached result of 0 (the file does hold <v>0</v>), so a formula without one reads as 0.
  return v && typeof v === "object" && "formula" in v ? (v.result ?? 0) : v;
};
const formula = (cell: ExcelJS.Cell): string | undefined => {
  const v = cell.value;
  return v && typeof v === "object" && "formula" in v ? v.formula : undefined;
};
const kop = (roubles: unknown) => Math.round((roubles as number) * 100);

function findRow(ws: ExcelJS.Worksheet, predicate: (row: ExcelJS.Row) => boolean): number {
  let found = 0;
  ws.eachRow((row, n) => {
    if (!found && predicate(row)) found = n;
  });
  return found;
}

Deno.test("writeEstimateWorkbook() (internal) writes requisites, number and date, object, client and the grand total", async () => {
  const e = sample();
  const ws = await load(await writeEstimateWorkbook(e, { company, date: DATE, audience: "internal" }));
  const texts: string[] = [];
  ws.eachRow((row) => texts.push(String(value(row.getCell(1)) ?? "")));
  assert.equal(texts[0], company.name);
  assert.ok(texts.some((t) => t.includes("ИНН 5017123456") && t.includes("КПП 501701001")));
  assert.ok(texts.some((t) => t === `СМЕТА № ${e.estimateNumber} от 20.05.2026`));
  assert.ok(texts.some((t) => t === "Объект: МО, д. Лешково, 12"));
  assert.ok(texts.some((t) => t === "Заказчик: Петров П. П., +7 916 000-00-00"));
  assert.ok(texts.some((t) => t.includes("Гарантия на работы — 1 год")));
  const grand = findRow(ws, (r) => r.getCell(1).value === GRAND_TOTAL_LABEL);
  assert.ok(grand > 0);
  assert.equal(kop(value(ws.getCell(`K${grand}`))), e.totalAmount);
  assert.equal(ws.getCell(`K${grand}`).numFmt, RUB_FORMAT);
  assert.equal(ws.getCell(`K${grand}`).font.bold, true);
});

Deno.test("writeEstimateWorkbook() prints the station line only for an estimate with a station", async () => {
  const texts = async (e: Estimate) => {
    const ws = await load(await writeEstimateWorkbook(e, { company, date: DATE }));
    const out: string[] = [];
    ws.eachRow((row) => out.push(String(value(row.getCell(1)) ?? "")));
    return out;
  };
  const withStation = sample();
  assert.ok(
    (await texts(withStation)).includes(
      "Станция: Топас 5 (1000 л/сут); проживающих: 5; вид работ: Автономная канализация",
    ),
  );
  const { model: _station, ...manual } = withStation;
  const lines = await texts(manual);
  assert.equal(lines.filter((t) => t.startsWith("Станция")).length, 0, lines.join("\n"));
  assert.ok(lines.includes("Вид работ: Автономная канализация"));
});

Deno.test("writeEstimateWorkbook() (internal) sets column widths, a frozen header and A4 landscape printing", async () => {
  const ws = await load(await writeEstimateWorkbook(sample(), { company, date: DATE, audience: "internal" }));
  const header = findRow(ws, (r) => r.getCell(3).value === "Наименование");
  assert.ok(header > 0);
  assert.equal(ws.views[0].state, "frozen");
  assert.equal((ws.views[0] as { ySplit?: number }).ySplit, header);
  assert.equal(ws.pageSetup.paperSize, 9);
  assert.equal(ws.pageSetup.orientation, "landscape");
  assert.equal(ws.pageSetup.fitToWidth, 1);
  assert.equal(ws.getColumn(3).width, 58);
  assert.ok(ws.getColumn(11).width! >= 14);
});

Deno.test("writeEstimateWorkbook() (internal) writes line totals and subtotals as formulas whose cached values match", async () => {
  const e = sample();
  const ws = await load(await writeEstimateWorkbook(e, { date: DATE, audience: "internal" }));
  let line = 0;
  const subtotalRows: number[] = [];
  ws.eachRow((row, r) => {
    const label = String(value(row.getCell(1)) ?? "");
    if (label.startsWith("Итого по разделу")) {
      subtotalRows.push(r);
      assert.equal(formula(row.getCell(11))?.startsWith("SUM(K"), true);
      assert.equal(row.getCell(1).font.bold, true);
      return;
    }
    if (typeof row.getCell(1).value !== "number") return;
    const item = e.items[line++];
    assert.equal(row.getCell(2).value, item.articleCode);
    assert.equal(row.getCell(5).value, item.quantity);
    assert.equal(formula(row.getCell(8)), `F${r}+G${r}`);
    assert.equal(formula(row.getCell(9)), `ROUND(E${r}*F${r},2)`);
    assert.equal(formula(row.getCell(10)), `K${r}-I${r}`);
    assert.equal(formula(row.getCell(11)), `ROUND(E${r}*H${r},2)`);
    assert.equal(kop(value(row.getCell(8))), item.pricePerUnit);
    assert.equal(kop(value(row.getCell(9))), item.equipmentCost);
    assert.equal(kop(value(row.getCell(10))), item.workCost);
    assert.equal(kop(value(row.getCell(11))), item.totalPrice);
    // Recompute the formulas from the cells in kopecks: they give the cached values.
    const qH = Math.round((row.getCell(5).value as number) * 100);
    const mat = kop(row.getCell(6).value);
    const price = mat + kop(row.getCell(7).value);
    assert.equal(Math.floor((price * qH + 50) / 100), item.totalPrice, item.articleCode);
    assert.equal(Math.floor((mat * qH + 50) / 100), item.equipmentCost, item.articleCode);
    assert.equal(row.getCell(11).numFmt, RUB_FORMAT);
  });
  assert.equal(line, e.items.length);
  assert.equal(subtotalRows.length, e.sections.length);
  subtotalRows.forEach((r, i) => assert.equal(kop(value(ws.getCell(`K${r}`))), e.subtotals[i].amount));
  const sumRow = findRow(ws, (r) => r.getCell(1).value === "Итого по смете");
  assert.equal(formula(ws.getCell(`K${sumRow}`)), subtotalRows.map((r) => `K${r}`).join("+"));
  assert.equal(kop(value(ws.getCell(`K${sumRow}`))), e.itemsTotal);
  const vatRow = findRow(ws, (r) => r.getCell(1).value === "НДС 22 %");
  assert.equal(formula(ws.getCell(`K${vatRow}`)), `ROUND(K${sumRow}*22/100,2)`);
  assert.equal(kop(value(ws.getCell(`K${vatRow}`))), e.vat.amount);
});

const hasLibreOffice = (() => {
  try {
    return new Deno.Command("libreoffice", { args: ["--version"], stdout: "null", stderr: "null" })
      .outputSync().success;
  } catch {
    return false;
  }
})();
const hasPdftotext = (() => {
  try {
    return new Deno.Command("pdftotext", { args: ["-v"], stdout: "null", stderr: "null" }).outputSync()
      .success;
  } catch {
    return false;
  }
})();

async function convert(file: string, to: string, outDir: string): Promise<void> {
  const out = await new Deno.Command("libreoffice", {
    args: [
      "--headless",
      `-env:UserInstallation=file://${outDir}/profile`,
      "--convert-to",
      to,
      "--outdir",
      outDir,
      file,
    ],
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.ok(out.success, new TextDecoder().decode(out.stderr));
}

/** The digits of the amount on the line that holds the label: works with any locale's grouping. */
function amountAfter(text: string, label: string): number | undefined {
  const line = text.split(/\r?\n/).find((l) => l.includes(label));
  const m = line?.slice(line.indexOf(label) + label.length).match(/(\d[\d\s.,\u00A0\u202F]*\d)/);
  return m ? Number(m[1].replace(/\D/g, "")) : undefined;
}

Deno.test({
  name: "writeEstimateWorkbook() converts with LibreOffice to a PDF that shows the estimate's total",
  ignore: !hasLibreOffice,
  fn: async () => {
    const e = sample();
    const dir = await Deno.makeTempDir();
    try {
      const file = `${dir}/smeta.xlsx`;
      await Deno.writeFile(file, await writeEstimateWorkbook(e, { company, date: DATE }));
      await convert(file, "pdf", dir);
      const pdf = await Deno.readFile(`${dir}/smeta.pdf`);
      assert.equal(new TextDecoder().decode(pdf.slice(0, 5)), "%PDF-");
      let text: string;
      if (hasPdftotext) {
        const out = await new Deno.Command("pdftotext", { args: ["-layout", `${dir}/smeta.pdf`, "-"] })
          .output();
        text = new TextDecoder().decode(out.stdout);
      } else {
        // No text extractor: read the same cells as LibreOffice renders them, through its CSV export.
        await convert(file, "csv:Text - txt - csv (StarCalc):44,34,76,1", dir);
        text = await Deno.readTextFile(`${dir}/smeta.csv`);
      }
      assert.equal(amountAfter(text, GRAND_TOTAL_LABEL), e.totalAmount);
      assert.ok(text.includes(e.estimateNumber));
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name: "workbook formulas follow a quantity changed in the spreadsheet (recalculated by LibreOffice)",
  ignore: !hasLibreOffice,
  fn: async () => {
    const e = sample("none");
    const dir = await Deno.makeTempDir();
    try {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(
        (await writeEstimateWorkbook(e, { date: DATE, audience: "internal" })).buffer as ArrayBuffer,
      );
      const ws = wb.worksheets[0];
      // A manager doubles the pit volume; cached results are dropped so the totals must be recalculated.
      const pit = e.items.find((i) => i.articleCode === "А086")!;
      ws.eachRow((row) => {
        for (let c = 1; c <= 11; c++) {
          const f = formula(row.getCell(c));
          if (f) row.getCell(c).value = { formula: f } as ExcelJS.CellFormulaValue;
        }
        if (row.getCell(2).value === "А086") row.getCell(5).value = pit.quantity * 2;
      });
      await wb.xlsx.writeFile(`${dir}/changed.xlsx`);
      await convert(`${dir}/changed.xlsx`, "csv:Text - txt - csv (StarCalc):44,34,76,1", dir);
      const text = await Deno.readTextFile(`${dir}/changed.csv`);
      const expected = e.totalAmount +
        Math.floor((pit.pricePerUnit * Math.round(pit.quantity * 200) + 50) / 100) -
        pit.totalPrice;
      assert.equal(amountAfter(text, GRAND_TOTAL_LABEL), expected);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test("writeEstimateWorkbook() for the client leaves out article codes, the materials split, internal notes and «Обязательно»", async () => {
  const e = sample();
  e.notes.push("Примечание замерщика: Хозяин просит не трогать яблоню");
  const ws = await load(
    await writeEstimateWorkbook(e, {
      company,
      date: DATE,
      discount: { label: "Скидка 10 %", amount: 1000_00 },
      clientNote: "Работы — в течение 5 дней",
      internalNote: "Клиент торгуется",
    }),
  );
  const cells: string[] = [];
  ws.eachRow((row) => row.eachCell((cell) => cells.push(String(value(cell) ?? ""))));
  for (const hidden of ["яблоню", "Клиент торгуется", "Обязательно", "Материалы", "артикул", "Артикул"]) {
    assert.ok(!cells.some((c) => c.includes(hidden)), `«${hidden}» is not in the client's workbook`);
  }
  for (const item of e.items) assert.ok(!cells.includes(item.articleCode), item.articleCode);
  assert.ok(cells.some((c) => c.includes("Работы — в течение 5 дней")));
  assert.ok(cells.includes("Скидка 10 %"));
  const header = findRow(ws, (r) => r.getCell(2).value === "Наименование");
  assert.ok(header > 0);
  assert.equal(ws.getRow(header).getCell(7).value, null);
});
