// «в т.ч. НДС» (prices include VAT, the amount shown), the VAT line of the workbook as a
// formula in both modes, and a discount given to the generator (the CLI's --discount).
import assert from "node:assert/strict";
import ExcelJS from "exceljs";
import { estimateTotals } from "./totals.ts";
import { generateEstimate } from "./estimate.ts";
import { GRAND_TOTAL_LABEL, writeEstimateWorkbook } from "./workbook.ts";
import type { VatMode } from "./enums.ts";

const lines = [
  { section: "Работы", totalPrice: 1_234_567, equipmentCost: 0 },
  { section: "Материалы", totalPrice: 765_433, equipmentCost: 765_433 },
];

Deno.test("estimateTotals() with VAT included takes the VAT out of the total, after the discount, to the kopeck", () => {
  // Lines 1 234 567 + 765 433 = 2 000 000 kopecks; discount 5 % = 100 000 → base 1 900 000.
  // VAT included: 1 900 000 × 22 / 122 = 342 622,95… → 342 623 kopecks; the total stays 1 900 000.
  const incl = estimateTotals(lines, { vatMode: "incl-22", discount: { kind: "percent", value: 500 } });
  assert.equal(incl.itemsTotal, 2_000_000);
  assert.equal(incl.discountAmount, 100_000);
  assert.equal(incl.vat.amount, 342_623);
  assert.equal(incl.vat.included, true);
  assert.equal(incl.totalAmount, 1_900_000);
  // VAT on top of the same base: 1 900 000 × 22 / 100 = 418 000; total 2 318 000.
  const top = estimateTotals(lines, { vatMode: "22", discount: { kind: "percent", value: 500 } });
  assert.equal(top.vat.amount, 418_000);
  assert.equal(top.totalAmount, 2_318_000);
  // 5 % included: 1 900 000 × 5 / 105 = 90 476,19… → 90 476.
  assert.equal(
    estimateTotals(lines, { vatMode: "incl-5", discount: { kind: "percent", value: 500 } }).vat.amount,
    90_476,
  );
});

const doc = {
  object: {
    address: "МО, д. Лешково, 12",
    distanceFromMKAD: 47,
    clientName: "Петров П. П.",
    clientPhone: "",
  },
  measurements: { septic_model: "topas-5", residents_count: 5, installation_depth: 2.5 },
};

Deno.test("generateEstimate() with VAT included notes «Цены указаны с НДС; в т.ч. НДС 22 %» and keeps the total", () => {
  const none = generateEstimate(doc, { date: "2026-02-10" });
  const incl = generateEstimate(doc, { date: "2026-02-10", vat: "incl-22" });
  assert.equal(incl.itemsTotal, none.itemsTotal);
  assert.equal(incl.totalAmount, none.totalAmount, "the client pays the same number");
  assert.equal(incl.vat.amount, Math.round(none.itemsTotal * 22 / 122));
  const note = incl.notes.find((n) => n.startsWith("Цены указаны"));
  assert.match(note!, /^Цены указаны с НДС; в т\.ч\. НДС 22 %: [\d\s]+,\d\d\s₽\.$/);
});

Deno.test("generateEstimate() takes a discount before VAT, as the web editor does", () => {
  const none = generateEstimate(doc, { date: "2026-02-10" });
  const sum = generateEstimate(doc, {
    date: "2026-02-10",
    vat: "22",
    discount: { kind: "sum", value: 1_000_000 },
  });
  // 10 000 ₽ off the lines, then 22 % on top of the rest.
  const base = none.itemsTotal - 1_000_000;
  assert.deepEqual(sum.discount, { kind: "sum", value: 1_000_000, label: "Скидка", amount: 1_000_000 });
  assert.equal(sum.vat.amount, Math.round(base * 0.22));
  assert.equal(sum.totalAmount, base + sum.vat.amount);
  const pct = generateEstimate(doc, { date: "2026-02-10", discount: { kind: "percent", value: 500 } });
  assert.equal(pct.discount?.label, "Скидка 5 %");
  assert.equal(pct.discount?.amount, Math.round(none.itemsTotal * 0.05));
  assert.equal(pct.totalAmount, none.itemsTotal - pct.discount!.amount);
  assert.equal(none.discount, undefined);
});

async function sheet(vat: VatMode, percent?: number) {
  const e = generateEstimate(doc, {
    date: "2026-02-10",
    vat,
    ...(percent ? { discount: { kind: "percent" as const, value: percent * 100 } } : {}),
  });
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await writeEstimateWorkbook(e, { date: "2026-02-10" })).buffer as ArrayBuffer);
  const ws = wb.worksheets[0];
  /** The total column's cell of the row whose label is `label`. */
  const cellOf = (label: string | RegExp) => {
    let found: ExcelJS.Cell | undefined;
    ws.eachRow((row) => {
      const text = row.getCell(1).value;
      if (typeof text === "string" && (typeof label === "string" ? text === label : label.test(text))) {
        found = row.getCell(6);
      }
    });
    assert.ok(found, `row ${label}`);
    return found;
  };
  return { e, cellOf };
}

const formulaOf = (cell: ExcelJS.Cell) => (cell.value as ExcelJS.CellFormulaValue).formula;
const resultOf = (cell: ExcelJS.Cell) =>
  Math.round(Number((cell.value as ExcelJS.CellFormulaValue).result) * 100);

Deno.test("writeEstimateWorkbook() writes the VAT line as a formula on the total, on top and included", async () => {
  const top = await sheet("22");
  const vatTop = top.cellOf("НДС 22 %");
  const sum = top.cellOf("Итого по смете");
  assert.equal(formulaOf(vatTop), `ROUND(${sum.address}*22/100,2)`);
  assert.equal(resultOf(vatTop), top.e.vat.amount);
  assert.equal(formulaOf(top.cellOf(GRAND_TOTAL_LABEL)), `${sum.address}+${vatTop.address}`);

  const incl = await sheet("incl-22");
  const grand = incl.cellOf(GRAND_TOTAL_LABEL);
  const vatIn = incl.cellOf("в т.ч. НДС 22 %");
  assert.equal(formulaOf(vatIn), `ROUND(${grand.address}*22/122,2)`, "follows an edited total");
  assert.equal(resultOf(vatIn), incl.e.vat.amount);
  assert.equal(resultOf(grand), incl.e.totalAmount);
  assert.ok(Number(vatIn.row) > Number(grand.row), "«в т.ч.» stands under the total");
});

Deno.test("writeEstimateWorkbook() writes a percent discount as a formula on the lines' total", async () => {
  const { e, cellOf } = await sheet("none", 5);
  const sum = cellOf("Итого по смете");
  const discount = cellOf("Скидка 5 %");
  assert.equal(formulaOf(discount), `ROUND(${sum.address}*5/100,2)`);
  assert.equal(resultOf(discount), e.discount!.amount);
  assert.equal(resultOf(cellOf(GRAND_TOTAL_LABEL)), e.totalAmount);
});
