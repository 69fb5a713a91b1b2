// КС-2 and КС-3 as files (domain/ks_forms.ts gives the figures): an .xlsx an accountant edits, whose cost,
// totals and VAT are formulas that recalculate (their stored results are the estimate's own figures, to the
// kopeck), and a PDF of each form laid out as the unified forms are, on landscape A4.
import type ExcelJS from "exceljs";
import { loadExcelJS } from "../estimating/excel.ts";
import { A4_LANDSCAPE, PdfSheet } from "./pdf_layout.ts";
import { cellMoney } from "./invoice_pdf.ts";
import { formatNumber } from "../domain/format.ts";
import { type KsDocument, ksNet } from "../domain/ks_forms.ts";

const FORM_KS2 =
  "Унифицированная форма № КС-2. Утверждена постановлением Госкомстата России от 11.11.1999 № 100";
const FORM_KS3 =
  "Унифицированная форма № КС-3. Утверждена постановлением Госкомстата России от 11.11.1999 № 100";
const rub = (kopecks: number) => kopecks / 100;
const MONEY = "#,##0.00";

/** The header both forms share: the parties, the construction, the contract, the number and the period. */
function headerRows(d: KsDocument): [string, string][] {
  return [
    ["Инвестор", `${d.investor.name}${d.investor.details ? `, ${d.investor.details}` : ""}`],
    ["Заказчик (Генподрядчик)", `${d.customer.name}${d.customer.details ? `, ${d.customer.details}` : ""}`],
    ["Подрядчик (Субподрядчик)", `${d.contractor.name}, ${d.contractor.details}`],
    ["Стройка", d.construction],
    ["Объект", d.object],
    ["Договор подряда (контракт)", `№ ${d.contract.number} от ${d.contract.date}`],
    ["Номер документа, дата составления", `${d.number} от ${d.date}`],
    ["Отчётный период", `с ${d.period.from} по ${d.period.to}`],
  ];
}

/** The workbook: sheet «КС-2» with the works and formulas, sheet «КС-3» referring to its totals. */
export async function ksXlsx(d: KsDocument): Promise<Uint8Array> {
  const wb = new (await loadExcelJS()).Workbook();
  wb.creator = "ПолеСмета";
  const ks2 = wb.addWorksheet("КС-2", {
    pageSetup: { paperSize: 9, orientation: "landscape", fitToPage: true },
  });
  ks2.columns = [6, 10, 52, 14, 10, 12, 16, 18].map((width) => ({ width }));
  ks2.addRow([FORM_KS2]).font = { size: 8, italic: true };
  for (const [label, value] of headerRows(d)) ks2.addRow([label, "", value]);
  ks2.addRow([]);
  ks2.addRow(["", "", "АКТ О ПРИЁМКЕ ВЫПОЛНЕННЫХ РАБОТ"]).font = { bold: true, size: 12 };
  const head = ks2.addRow([
    "№ по порядку",
    "№ позиции по смете",
    "Наименование работ",
    "Номер единичной расценки",
    "Единица измерения",
    "Количество",
    "Цена за единицу, руб.",
    "Стоимость, руб.",
  ]);
  head.font = { bold: true };
  head.alignment = { wrapText: true, vertical: "middle" };
  ks2.addRow([1, 2, 3, 4, 5, 6, 7, 8]).alignment = { horizontal: "center" };
  const first = ks2.rowCount + 1;
  for (const [i, l] of d.works.lines.entries()) {
    const r = ks2.rowCount + 1;
    // The estimate's own line cost is the result; the formula stays only where it gives the same kopecks.
    const exact = Math.round(l.quantity * l.price) === l.total;
    ks2.addRow([
      i + 1,
      i + 1,
      l.name,
      "—",
      l.unit,
      l.quantity,
      rub(l.price),
      exact ? { formula: `ROUND(F${r}*G${r},2)`, result: rub(l.total) } : rub(l.total),
    ]);
  }
  const last = ks2.rowCount;
  const sumRow = (label: string, value: ExcelJS.CellValue) => {
    const row = ks2.addRow(["", "", label, "", "", "", "", value]);
    row.font = { bold: true };
    return row.number;
  };
  const itemsRow = sumRow("Итого", { formula: `SUM(H${first}:H${last})`, result: rub(d.works.itemsTotal) });
  let baseRow = itemsRow;
  if (d.works.discountAmount) {
    const discountRow = sumRow("Скидка", -rub(d.works.discountAmount));
    baseRow = sumRow("Итого с учётом скидки", {
      formula: `H${itemsRow}+H${discountRow}`,
      result: rub(d.works.itemsTotal - d.works.discountAmount),
    });
  }
  const rate = d.vat.rate;
  const vatFormula = d.vat.included
    ? `ROUND(H${baseRow}*${rate}/${100 + rate},2)`
    : `ROUND(H${baseRow}*${rate}/100,2)`;
  const vatRow = sumRow(
    rate ? `${d.vat.included ? "В том числе " : ""}${d.vat.label}` : "Без НДС",
    { formula: rate ? vatFormula : "0", result: rub(d.works.vatAmount) },
  );
  const totalRow = sumRow(
    rate ? "Всего с НДС" : "Всего",
    {
      formula: d.vat.included || !rate ? `H${baseRow}` : `H${baseRow}+H${vatRow}`,
      result: rub(d.works.totalAmount),
    },
  );
  ks2.addRow([]);
  ks2.addRow(["", "", `Сдал: подрядчик ${d.contractor.name} ____________`]);
  ks2.addRow(["", "", `Принял: заказчик ${d.customer.name} ____________`]);
  ks2.getColumn(3).alignment = { wrapText: true, vertical: "top" };
  for (const col of [7, 8]) ks2.getColumn(col).numFmt = MONEY;

  const ks3 = wb.addWorksheet("КС-3", {
    pageSetup: { paperSize: 9, orientation: "landscape", fitToPage: true },
  });
  ks3.columns = [8, 60, 10, 20, 20, 22].map((width) => ({ width }));
  ks3.addRow([FORM_KS3]).font = { size: 8, italic: true };
  for (const [label, value] of headerRows(d)) ks3.addRow([label, value]);
  ks3.addRow([]);
  ks3.addRow(["", "СПРАВКА О СТОИМОСТИ ВЫПОЛНЕННЫХ РАБОТ И ЗАТРАТ"]).font = { bold: true, size: 12 };
  const head3 = ks3.addRow([
    "№ по порядку",
    "Наименование пусковых комплексов, этапов, объектов, видов выполненных работ, оборудования, затрат",
    "Код",
    "Стоимость выполненных работ и затрат, руб.: с начала проведения работ",
    "с начала года",
    "в том числе за отчётный период",
  ]);
  head3.font = { bold: true };
  head3.alignment = { wrapText: true, vertical: "middle" };
  ks3.addRow([1, 2, 3, 4, 5, 6]).alignment = { horizontal: "center" };
  const ref = (row: number) => `'КС-2'!H${row}`;
  const net = ksNet(d);
  const netRow = ks3.addRow(["", "Всего работ и затрат, включаемых в стоимость работ", ""]).number;
  const vat3 = ks3.addRow(["", rate ? d.vat.label : "Без НДС", ""]).number;
  const total3 = ks3.addRow(["", "Всего с учётом НДС", ""]).number;
  for (const col of ["D", "E", "F"]) {
    ks3.getCell(`${col}${netRow}`).value = { formula: `${ref(totalRow)}-${ref(vatRow)}`, result: rub(net) };
    ks3.getCell(`${col}${vat3}`).value = { formula: ref(vatRow), result: rub(d.works.vatAmount) };
    ks3.getCell(`${col}${total3}`).value = {
      formula: `${col}${netRow}+${col}${vat3}`,
      result: rub(d.works.totalAmount),
    };
  }
  ks3.getRow(total3).font = { bold: true };
  for (const col of [4, 5, 6]) ks3.getColumn(col).numFmt = MONEY;
  ks3.getColumn(2).alignment = { wrapText: true, vertical: "top" };
  ks3.addRow([]);
  ks3.addRow(["", `Заказчик: ${d.customer.name} ____________`]);
  ks3.addRow(["", `Подрядчик: ${d.contractor.name} ____________`]);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

/** КС-2 or КС-3 as a PDF on landscape A4. */
export async function ksPdf(d: KsDocument, form: "ks2" | "ks3"): Promise<Uint8Array> {
  const title = form === "ks2"
    ? `Акт о приёмке выполненных работ (форма КС-2) № ${d.number} от ${d.date}`
    : `Справка о стоимости выполненных работ и затрат (форма КС-3) № ${d.number} от ${d.date}`;
  const sheet = await PdfSheet.create(title, A4_LANDSCAPE);
  const w = sheet.width;
  sheet.text(form === "ks2" ? FORM_KS2 : FORM_KS3, { size: 7 });
  sheet.gap(4);
  const pair = [{ width: 200 }, { width: w - 200 }];
  for (const [label, value] of headerRows(d)) sheet.row([label, value], pair);
  sheet.gap(8);
  sheet.text(
    form === "ks2" ? "АКТ О ПРИЁМКЕ ВЫПОЛНЕННЫХ РАБОТ" : "СПРАВКА О СТОИМОСТИ ВЫПОЛНЕННЫХ РАБОТ И ЗАТРАТ",
    {
      size: 12,
      bold: true,
      center: true,
    },
  );
  sheet.gap(6);
  const e = d.works;
  const rate = d.vat.rate;
  if (form === "ks2") {
    const cols = [
      { width: 40, align: "center" as const },
      { width: 50, align: "center" as const },
      { width: w - 40 - 50 - 70 - 50 - 60 - 80 - 90 },
      { width: 70, align: "center" as const },
      { width: 50, align: "center" as const },
      { width: 60, align: "right" as const },
      { width: 80, align: "right" as const },
      { width: 90, align: "right" as const },
    ];
    sheet.row(
      [
        "№ по порядку",
        "№ позиции по смете",
        "Наименование работ",
        "Номер единичной расценки",
        "Единица измерения",
        "Количество",
        "Цена за единицу, руб.",
        "Стоимость, руб.",
      ],
      cols,
      { fill: true, size: 7 },
    );
    sheet.row(["1", "2", "3", "4", "5", "6", "7", "8"], cols, { size: 7 });
    for (const [i, l] of e.lines.entries()) {
      sheet.row(
        [
          String(i + 1),
          String(i + 1),
          l.name,
          "—",
          l.unit,
          formatNumber(l.quantity),
          cellMoney(l.price),
          cellMoney(l.total),
        ],
        cols,
      );
    }
    const label = [{ width: w - 90, align: "right" as const }, { width: 90, align: "right" as const }];
    sheet.row(["Итого:", cellMoney(e.itemsTotal)], label, { bold: true });
    if (e.discountAmount) {
      sheet.row(["Скидка:", cellMoney(-e.discountAmount)], label);
      sheet.row(["Итого с учётом скидки:", cellMoney(e.itemsTotal - e.discountAmount)], label);
    }
    sheet.row([
      rate ? `${d.vat.included ? "В том числе " : ""}${d.vat.label}:` : "Без НДС:",
      cellMoney(e.vatAmount),
    ], label);
    sheet.row([rate ? "Всего с НДС:" : "Всего:", cellMoney(e.totalAmount)], label, { bold: true });
    sheet.gap(16);
    sheet.text(`Сдал: подрядчик ${d.contractor.name} ____________________`);
    sheet.gap(8);
    sheet.text(`Принял: заказчик ${d.customer.name} ____________________`);
  } else {
    const cols = [
      { width: 40, align: "center" as const },
      { width: w - 40 - 50 - 3 * 110 },
      { width: 50, align: "center" as const },
      { width: 110, align: "right" as const },
      { width: 110, align: "right" as const },
      { width: 110, align: "right" as const },
    ];
    sheet.row(
      [
        "№ по порядку",
        "Наименование пусковых комплексов, этапов, объектов, видов выполненных работ, оборудования, затрат",
        "Код",
        "Стоимость с начала проведения работ, руб.",
        "Стоимость с начала года, руб.",
        "В том числе за отчётный период, руб.",
      ],
      cols,
      { fill: true, size: 7 },
    );
    sheet.row(["1", "2", "3", "4", "5", "6"], cols, { size: 7 });
    const net = ksNet(d);
    const three = (k: number) => [cellMoney(k), cellMoney(k), cellMoney(k)];
    sheet.row(["", "Всего работ и затрат, включаемых в стоимость работ", "", ...three(net)], cols);
    sheet.row(["", rate ? d.vat.label : "Без НДС", "", ...three(e.vatAmount)], cols);
    sheet.row(["", "Всего с учётом НДС", "", ...three(e.totalAmount)], cols, { bold: true });
    sheet.gap(16);
    sheet.text(`Заказчик: ${d.customer.name} ____________________`);
    sheet.gap(8);
    sheet.text(`Подрядчик: ${d.contractor.name} ____________________`);
  }
  return await sheet.save(title);
}
