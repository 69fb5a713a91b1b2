/**
 * The estimate as a styled Excel workbook (exceljs): company requisites, estimate number and date,
 * object and client, the table with bold section rows and subtotals, the grand total 'ОБЩАЯ СТОИМОСТЬ'
 * and the notes. Line totals and subtotals are formulas, so a manager can change a quantity in Excel and
 * the totals follow; every formula carries its cached value, so viewers that do not calculate show it.
 *
 * The formulas repeat the rounding rule of `money.ts`: materials `=ROUND(qty × materials per unit; 2)`,
 * line total `=ROUND(qty × price per unit; 2)`, works `= total − materials`.
 *
 * The content depends only on the inputs; exceljs stamps the zip entries with the current time.
 *
 * @module
 */

import type ExcelJS from "exceljs";
import { loadExcelJS } from "./excel.ts";
import type { Estimate } from "./estimate.ts";
import { materialsPerUnit } from "./totals.ts";
import { clientNotes } from "./client_view.ts";

/** The company's requisites printed at the top of the workbook. */
export interface CompanyRequisites {
  /** Company name. */
  name: string;
  /** ИНН. */
  inn?: string;
  /** КПП. */
  kpp?: string;
  /** ОГРН. */
  ogrn?: string;
  /** Address. */
  address?: string;
  /** Phone. */
  phone?: string;
  /** E-mail. */
  email?: string;
  /** Bank name. */
  bankName?: string;
  /** Settlement account (р/с). */
  account?: string;
  /** БИК. */
  bik?: string;
  /** Correspondent account (к/с). */
  correspondentAccount?: string;
}

/** Options of {@link writeEstimateWorkbook}. */
export interface WorkbookOptions {
  /** Company requisites; a plain header when absent. */
  company?: CompanyRequisites;
  /** Object and client; the estimate's own when absent. */
  object?: { address?: string; clientName?: string; clientPhone?: string };
  /** Date printed next to the number: `YYYY-MM-DD` or a Date (its UTC date); the package reads no clock. */
  date: string | Date;
  /**
   * `client` (default): what the client may see: no article codes, no materials/works split, no internal
   * notes (surveyor's notes, price-list codes), no «Обязательно». `internal` («Для себя»): everything,
   * plus the materials and works totals, the internal note and the warnings.
   */
  audience?: "client" | "internal";
  /** A discount taken from the lines before VAT (see totals.ts); the estimate's own one when absent. A
   * percentage (`percent`, in percent) is written as a formula on the total, a sum as the sum. */
  discount?: { label: string; amount: number; percent?: number };
  /** The note for the client, printed under the totals. */
  clientNote?: string;
  /** The company's own note, printed only in the internal workbook. */
  internalNote?: string;
}

/** The rouble number format of every money cell. */
export const RUB_FORMAT = '#,##0.00 "₽"';
/** The title of the grand-total row. */
export const GRAND_TOTAL_LABEL = "ОБЩАЯ СТОИМОСТЬ";

const CLIENT_COLUMNS = [
  { header: "№", width: 5 },
  { header: "Наименование", width: 70 },
  { header: "Ед. изм.", width: 8 },
  { header: "Кол-во", width: 9 },
  { header: "Цена за ед.", width: 16 },
  { header: "Сумма", width: 18 },
] as const;

const COLUMNS = [
  { header: "№", width: 5 },
  { header: "Артикул", width: 11 },
  { header: "Наименование", width: 58 },
  { header: "Ед. изм.", width: 8 },
  { header: "Кол-во", width: 9 },
  { header: "Материалы за ед.", width: 14 },
  { header: "Работы за ед.", width: 14 },
  { header: "Цена за ед.", width: 14 },
  { header: "Материалы", width: 15 },
  { header: "Работы", width: 15 },
  { header: "Сумма", width: 16 },
] as const;

const thin = { style: "thin" as const, color: { argb: "FF9E9E9E" } };
const box = { top: thin, left: thin, bottom: thin, right: thin };
const fill = (argb: string) => ({ type: "pattern" as const, pattern: "solid" as const, fgColor: { argb } });

function ruDate(date: string | Date): string {
  const iso = date instanceof Date ? date.toISOString().slice(0, 10) : date;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) throw new TypeError(`Expected a date as YYYY-MM-DD, got "${iso}"`);
  return `${m[3]}.${m[2]}.${m[1]}`;
}

const rub = (kopecks: number) => kopecks / 100;

/**
 * Writes the estimate as an .xlsx workbook and returns its bytes.
 *
 * @example
 * ```ts
 * import { generateEstimate } from "./estimate.ts";
 * import { writeEstimateWorkbook } from "./workbook.ts";
 * const estimate = generateEstimate({ measurements: { septic_model: "topas-5" } }, { date: "2026-05-20" });
 * const bytes = await writeEstimateWorkbook(estimate, { company: { name: "ООО «Демо Септик»" }, date: "2026-05-20" });
 * if (bytes[0] !== 0x50 || bytes[1] !== 0x4b) throw new Error("not a zip");
 * ```
 */
export async function writeEstimateWorkbook(
  estimate: Estimate,
  options: WorkbookOptions,
): Promise<Uint8Array> {
  const Excel = await loadExcelJS();
  const wb = buildEstimateWorkbook(Excel, estimate, options);
  const buffer = await wb.xlsx.writeBuffer();
  return new Uint8Array(buffer as ArrayBuffer);
}

/** Builds the exceljs workbook of an estimate. */
function buildEstimateWorkbook(
  Excel: typeof ExcelJS,
  estimate: Estimate,
  options: WorkbookOptions,
): ExcelJS.Workbook {
  const internal = options.audience === "internal";
  const columns = internal ? COLUMNS : CLIENT_COLUMNS;
  const LAST_COL = internal ? "K" : "F";
  const dateText = ruDate(options.date);
  const created = new Date(`${dateText.split(".").reverse().join("-")}T00:00:00Z`);
  const wb = new Excel.Workbook();
  wb.creator = "ПолеСмета";
  wb.lastModifiedBy = "ПолеСмета";
  wb.created = created;
  wb.modified = created;
  wb.calcProperties = { fullCalcOnLoad: false };

  const ws = wb.addWorksheet("Смета", {
    pageSetup: {
      paperSize: 9, // A4
      orientation: "landscape",
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      horizontalCentered: true,
      margins: { left: 0.4, right: 0.4, top: 0.5, bottom: 0.5, header: 0.3, footer: 0.3 },
    },
    headerFooter: { oddFooter: `Смета № ${estimate.estimateNumber} — стр. &P из &N` },
  });
  ws.columns = columns.map((c) => ({ width: c.width }));

  let r = 0;
  const wide = (text: string, font: Partial<ExcelJS.Font> = {}, align: Partial<ExcelJS.Alignment> = {}) => {
    r++;
    ws.mergeCells(`A${r}:${LAST_COL}${r}`);
    const cell = ws.getCell(`A${r}`);
    cell.value = text;
    cell.font = { name: "Arial", size: 10, ...font };
    cell.alignment = { vertical: "middle", wrapText: true, ...align };
    return cell;
  };

  // Requisites.
  const c = options.company;
  if (c) {
    wide(c.name, { bold: true, size: 13 });
    const ids = [c.inn && `ИНН ${c.inn}`, c.kpp && `КПП ${c.kpp}`, c.ogrn && `ОГРН ${c.ogrn}`].filter(
      Boolean,
    );
    if (ids.length) wide(ids.join(", "), { size: 9 });
    const contacts = [c.address, c.phone && `тел. ${c.phone}`, c.email].filter(Boolean);
    if (contacts.length) wide(contacts.join("; "), { size: 9 });
    const bank = [
      c.account && `р/с ${c.account}`,
      c.bankName,
      c.bik && `БИК ${c.bik}`,
      c.correspondentAccount && `к/с ${c.correspondentAccount}`,
    ].filter(Boolean);
    if (bank.length) wide(bank.join(", "), { size: 9 });
    r++;
  }

  // Title, object and client.
  wide(`СМЕТА № ${estimate.estimateNumber} от ${dateText}`, { bold: true, size: 14 }, {
    horizontal: "center",
  });
  wide(estimate.templateName, { italic: true }, { horizontal: "center" });
  const address = options.object?.address ?? estimate.objectAddress;
  const client = options.object?.clientName ?? estimate.clientName;
  const phone = options.object?.clientPhone ?? estimate.clientPhone;
  wide(`Объект: ${address || "не указан"}`);
  wide(`Заказчик: ${[client, phone].filter(Boolean).join(", ") || "не указан"}`);
  // The station line only when there is a station (a manual estimate has none): then the work type alone;
  // an estimate of several work types names them all.
  const work = (estimate.workKinds?.length ?? 0) > 1 ? estimate.templateName : estimate.workTypeLabel;
  wide(
    estimate.model
      ? `Станция: ${estimate.model.name} (${estimate.model.capacity} л/сут); проживающих: ${estimate.residentsCount}; ` +
        `вид работ: ${work}`
      : `Вид работ: ${work}`,
  );
  r++;

  // Header.
  r++;
  const headerRow = r;
  const header = ws.getRow(r);
  columns.forEach((col, i) => {
    const cell = header.getCell(i + 1);
    cell.value = col.header;
    cell.font = { name: "Arial", size: 9, bold: true };
    cell.alignment = { horizontal: "center", vertical: "middle", wrapText: true };
    cell.fill = fill("FFD9E2F3");
    cell.border = box;
  });
  header.height = 30;

  // Sections, items, subtotals. The client's sheet: № name unit qty price sum (A–F); the internal one
  // adds the article code and the materials/works split (A–K).
  const total = internal ? "K" : "F";
  const subtotalRows: number[] = [];
  let n = 0;
  let i = 0;
  const items = estimate.items;
  for (let s = 0; s < estimate.sections.length; s++) {
    const section = estimate.sections[s];
    r++;
    ws.mergeCells(`A${r}:${LAST_COL}${r}`);
    const title = ws.getCell(`A${r}`);
    title.value = section;
    title.font = { name: "Arial", size: 10, bold: true };
    title.fill = fill("FFF2F2F2");
    title.border = box;
    const first = r + 1;
    for (; i < items.length && items[i].section === section; i++) {
      const it = items[i];
      r++;
      n++;
      const row = ws.getRow(r);
      const qty = it.quantity;
      row.getCell(1).value = n;
      if (internal) {
        const materialsUnit = materialsPerUnit(it);
        row.getCell(2).value = it.articleCode;
        row.getCell(3).value = it.name;
        row.getCell(4).value = it.unit;
        row.getCell(5).value = qty;
        row.getCell(6).value = rub(materialsUnit);
        row.getCell(7).value = rub(it.pricePerUnit - materialsUnit);
        row.getCell(8).value = { formula: `F${r}+G${r}`, result: rub(it.pricePerUnit) };
        row.getCell(9).value = { formula: `ROUND(E${r}*F${r},2)`, result: rub(it.equipmentCost) };
        row.getCell(10).value = { formula: `K${r}-I${r}`, result: rub(it.workCost) };
        row.getCell(11).value = { formula: `ROUND(E${r}*H${r},2)`, result: rub(it.totalPrice) };
      } else {
        row.getCell(2).value = it.name;
        row.getCell(3).value = it.unit;
        row.getCell(4).value = qty;
        row.getCell(5).value = rub(it.pricePerUnit);
        row.getCell(6).value = { formula: `ROUND(D${r}*E${r},2)`, result: rub(it.totalPrice) };
      }
      const nameCol = internal ? 3 : 2;
      const qtyCol = internal ? 5 : 4;
      const firstMoney = internal ? 6 : 5;
      for (let col = 1; col <= columns.length; col++) {
        const cell = row.getCell(col);
        cell.font = { name: "Arial", size: 9 };
        cell.border = box;
        cell.alignment = {
          vertical: "top",
          wrapText: col === nameCol,
          horizontal: col < nameCol || col === nameCol + 1 ? "center" : undefined,
        };
        if (col >= firstMoney) cell.numFmt = RUB_FORMAT;
      }
      row.getCell(qtyCol).numFmt = Number.isInteger(qty) ? "#,##0" : "#,##0.00";
    }
    const last = r;
    r++;
    subtotalRows.push(r);
    const sub = ws.getRow(r);
    const subtotal = estimate.subtotals[s].amount;
    if (internal) {
      ws.mergeCells(`A${r}:H${r}`);
      const materials = sumOf(items, section, "equipmentCost");
      sub.getCell(9).value = { formula: `SUM(I${first}:I${last})`, result: rub(materials) };
      sub.getCell(10).value = { formula: `SUM(J${first}:J${last})`, result: rub(subtotal - materials) };
    } else {
      ws.mergeCells(`A${r}:E${r}`);
    }
    sub.getCell(1).value = `Итого по разделу «${section}»`;
    sub.getCell(1).alignment = { horizontal: "right" };
    sub.getCell(columns.length).value = {
      formula: `SUM(${total}${first}:${total}${last})`,
      result: rub(subtotal),
    };
    for (let col = 1; col <= columns.length; col++) {
      const cell = sub.getCell(col);
      cell.font = { name: "Arial", size: 9, bold: true };
      cell.border = box;
      if (col >= columns.length - (internal ? 2 : 0)) cell.numFmt = RUB_FORMAT;
    }
  }

  // Totals.
  const labelEnd = internal ? "J" : "E";
  const totalRow = (label: string, formula: string, result: number, bold = false, size = 10) => {
    r++;
    ws.mergeCells(`A${r}:${labelEnd}${r}`);
    const row = ws.getRow(r);
    row.getCell(1).value = label;
    row.getCell(1).alignment = { horizontal: "right" };
    row.getCell(1).font = { name: "Arial", size, bold };
    const cell = row.getCell(columns.length);
    cell.value = { formula, result: rub(result) };
    cell.numFmt = RUB_FORMAT;
    cell.font = { name: "Arial", size, bold };
    cell.border = box;
    return r;
  };
  r++;
  const sumRow = totalRow(
    "Итого по смете",
    subtotalRows.length ? subtotalRows.map((x) => `${total}${x}`).join("+") : "0",
    estimate.itemsTotal,
    true,
  );
  let baseRef = `${total}${sumRow}`;
  const discount = options.discount ??
    (estimate.discount && {
      label: estimate.discount.label,
      amount: estimate.discount.amount,
      ...(estimate.discount.kind === "percent" ? { percent: estimate.discount.value / 100 } : {}),
    });
  if (discount && discount.amount > 0) {
    const discountRow = totalRow(
      discount.label,
      discount.percent !== undefined
        ? `ROUND(${baseRef}*${discount.percent}/100,2)`
        : String(rub(discount.amount)),
      discount.amount,
    );
    const afterRow = totalRow(
      "Итого со скидкой",
      `${total}${sumRow}-${total}${discountRow}`,
      estimate.itemsTotal - discount.amount,
      true,
    );
    baseRef = `${total}${afterRow}`;
  }
  // The VAT line is a formula on the total above it, so it follows a total edited in the spreadsheet: VAT on
  // top is added to the base; VAT included («в т.ч.») is the part of the total, rate / (100 + rate) of it.
  const { rate, included } = estimate.vat;
  let grand: number;
  if (rate > 0 && included) {
    grand = totalRow(GRAND_TOTAL_LABEL, baseRef, estimate.totalAmount, true, 12);
    totalRow(`в т.ч. НДС ${rate} %`, `ROUND(${total}${grand}*${rate}/${100 + rate},2)`, estimate.vat.amount);
  } else {
    const vatRow = rate > 0
      ? totalRow(`НДС ${rate} %`, `ROUND(${baseRef}*${rate}/100,2)`, estimate.vat.amount)
      : totalRow("Без НДС", "0", 0);
    grand = totalRow(GRAND_TOTAL_LABEL, `${baseRef}+${total}${vatRow}`, estimate.totalAmount, true, 12);
  }
  ws.getCell(`A${grand}`).fill = fill("FFFFF2CC");
  ws.getCell(`${total}${grand}`).fill = fill("FFFFF2CC");
  if (internal) {
    const materials = items.reduce((sum, it) => sum + it.equipmentCost, 0);
    r++;
    totalRow(
      "Материалы (оборудование), всего",
      `SUM(${subtotalRows.map((x) => `I${x}`).join(",")})`,
      materials,
    );
    totalRow(
      "Работы, всего",
      `SUM(${subtotalRows.map((x) => `J${x}`).join(",")})`,
      estimate.itemsTotal - materials,
    );
  }

  // Notes: the client's sheet has the client's view of them (client_view.ts), the internal one all.
  const notes = internal ? [...estimate.notes] : clientNotes(estimate.notes, options.clientNote);
  if (internal && options.clientNote?.trim()) notes.push(options.clientNote.trim());
  if (notes.length) {
    r++;
    wide("Примечания:", { bold: true });
    notes.forEach((note, k) => {
      wide(`${k + 1}. ${note}`, { size: 9 });
      ws.getRow(r).height = note.length > 150 ? 26 : 14;
    });
  }
  if (internal) {
    const own = [
      options.internalNote?.trim() && `Внутреннее примечание: ${options.internalNote.trim()}`,
      ...estimate.warnings.map((w) => `Предупреждение: ${w}`),
    ].filter((x): x is string => Boolean(x));
    if (own.length) {
      r++;
      wide("Для себя (клиенту не показывать):", { bold: true });
      for (const line of own) wide(line, { size: 9 });
    }
  }
  r++;
  wide("Составил: ____________________        Заказчик: ____________________", { size: 10 });

  ws.views = [{
    state: "frozen",
    xSplit: 0,
    ySplit: headerRow,
    topLeftCell: `A${headerRow + 1}`,
    activeCell: "A1",
  }];
  ws.pageSetup.printTitlesRow = `${headerRow}:${headerRow}`;
  ws.pageSetup.printArea = `A1:${LAST_COL}${r}`;
  return wb;
}

function sumOf(items: Estimate["items"], section: string, key: "equipmentCost" | "workCost"): number {
  let s = 0;
  for (const it of items) if (it.section === section) s += it[key];
  return s;
}
