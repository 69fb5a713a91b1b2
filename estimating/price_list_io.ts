/**
 * Price-list files: a company's own price list read from .xlsx, .csv or .json and written back.
 *
 * Spreadsheet and CSV files carry prices in roubles (`1 234,56`); the JSON file is the package's own
 * format with integer kopecks (`{ "format": "polesmeta-price-list", "priceUnit": "kopeck", "items": […] }`),
 * which is also accepted as a bare array of items. Column headers are recognised in Russian or English:
 * Артикул/code, Наименование/name, Ед. изм./unit, Раздел/section, Материалы/materials,
 * Работы/works (a single Цена/price column is taken as the works price), Описание/description,
 * Производитель/manufacturer, Источник цены/source (where the price comes from: internal, never on a
 * client's document; not compared by a merge). CSV may be UTF-8 or Windows-1251, separated by `;`, `,` or tabs.
 *
 * @module
 */

import type ExcelJS from "exceljs";
import { loadExcelJS } from "./excel.ts";
import type Papa from "papaparse";
import { csvText, toCsv } from "./csv.ts";
import { rubToKopecks } from "./money.ts";
import { normalizeCode, type PriceListItem, sections } from "./price_list.ts";
import { checkZip, priceListZipLimits, ZipLimitError } from "./zip_guard.ts";

/** A row that was not accepted, with its 1-based row number in the file. */
export interface RejectedRow {
  /** 1-based row number in the file (the header row counts). */
  row: number;
  /** Article code, when the row has one. */
  code?: string;
  /** Russian reason. */
  reason: string;
}

/** The result of reading a price-list file. */
export interface PriceListFile {
  /** Accepted items (codes normalised, prices in kopecks). */
  items: PriceListItem[];
  /** Rows that were not accepted. */
  rejected: RejectedRow[];
  /** The list's name, when the file has one. */
  name?: string;
  /** Format the file was read as. */
  format: "xlsx" | "csv" | "json";
}

/** The JSON price-list format written by {@link writePriceListJson}. */
export const PRICE_LIST_FORMAT = "polesmeta-price-list";

type Column =
  | "code"
  | "name"
  | "unit"
  | "section"
  | "materials"
  | "works"
  | "price"
  | "description"
  | "manufacturer"
  | "source";

const headerSynonyms: Record<Column, string[]> = {
  code: ["артикул", "код", "code", "article", "articlecode", "арт", "article code"],
  name: ["наименование", "название", "name", "позиция", "наименование работ"],
  unit: ["ед. изм", "ед изм", "ед.изм", "ед", "единица", "единица измерения", "unit"],
  section: ["раздел", "категория", "section", "category", "группа"],
  materials: [
    "материалы",
    "материалы за ед",
    "цена материалов",
    "материал",
    "materials",
    "materialsprice",
    "materials price",
  ],
  works: ["работы", "работы за ед", "цена работ", "работа", "works", "worksprice", "works price"],
  price: ["цена", "цена за ед", "стоимость", "price"],
  description: ["описание", "description", "примечание"],
  manufacturer: ["производитель", "manufacturer", "бренд", "brand"],
  source: ["источник цены", "источник", "source"],
};

function normalizeHeader(h: string): string {
  return h
    .toLowerCase()
    .replaceAll("ё", "е")
    .replace(/\(.*?\)/g, " ")
    .replace(/,?\s*(₽|руб\.?|rub|коп\.?)\s*$/g, "")
    .replace(/[_\s]+/g, " ")
    .replace(/[.:,;]+\s*$/g, "")
    .trim();
}

const synonymIndex = new Map<string, Column>();
for (const [col, names] of Object.entries(headerSynonyms) as [Column, string[]][]) {
  for (const n of names) synonymIndex.set(normalizeHeader(n), col);
}

function headerColumns(cells: string[]): Map<Column, number> | undefined {
  const map = new Map<Column, number>();
  cells.forEach((c, i) => {
    const col = synonymIndex.get(normalizeHeader(c));
    if (col && !map.has(col)) map.set(col, i);
  });
  return map.has("code") && map.has("name") ? map : undefined;
}

/**
 * A rouble amount from a spreadsheet cell or CSV field, in kopecks: `1 234,56`, `1234.56 ₽`, `1 200`.
 * Empty gives 0; anything else that is not a non-negative number gives `undefined`.
 *
 * @example
 * ```ts
 * import { parseRoubles } from "./price_list_io.ts";
 * if (parseRoubles("1 234,56 ₽") !== 123456 || parseRoubles("") !== 0 || parseRoubles("abc") !== undefined) {
 *   throw new Error("roubles");
 * }
 * ```
 */
export function parseRoubles(value: unknown): number | undefined {
  if (value === null || value === undefined) return 0;
  if (typeof value === "number") {
    return Number.isFinite(value) && value >= 0 && value < 1e10 ? rubToKopecks(value) : undefined;
  }
  const t = String(value).replace(/[\s\u00A0\u202F]/g, "").replace(/(₽|руб\.?|р\.)$/i, "").replace(",", ".");
  if (t === "") return 0;
  if (!/^\d+(\.\d{0,2})?$/.test(t)) return undefined;
  const n = Number(t);
  return n < 1e10 ? rubToKopecks(n) : undefined;
}

interface RawRow {
  row: number;
  values: Map<Column, unknown>;
}

function cellToPlain(v: ExcelJS.CellValue): unknown {
  if (v === null || v === undefined) return undefined;
  if (typeof v === "object") {
    if (v instanceof Date) return v.toISOString().slice(0, 10);
    if ("result" in v) return cellToPlain((v as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
    if ("richText" in v) return (v as ExcelJS.CellRichTextValue).richText.map((t) => t.text).join("");
    if ("text" in v) return (v as ExcelJS.CellHyperlinkValue).text;
    if ("error" in v) return undefined;
  }
  return v;
}

const text = (v: unknown) => (v === undefined || v === null ? "" : String(v).trim());

function validateRows(rows: RawRow[]): { items: PriceListItem[]; rejected: RejectedRow[] } {
  const items: PriceListItem[] = [];
  const rejected: RejectedRow[] = [];
  const seen = new Map<string, number>();
  for (const { row, values } of rows) {
    const rawCode = text(values.get("code"));
    const name = text(values.get("name"));
    if (!rawCode && !name && [...values.values()].every((v) => text(v) === "")) continue; // empty row
    const code = rawCode ? normalizeCode(rawCode) : "";
    const reject = (reason: string) => rejected.push({ row, ...(code ? { code } : {}), reason });
    if (!code) {
      reject("нет артикула");
      continue;
    }
    if (code.length > 50) {
      reject("артикул длиннее 50 символов");
      continue;
    }
    if (!name) {
      reject("нет наименования");
      continue;
    }
    if (name.length > 255) {
      reject("наименование длиннее 255 символов");
      continue;
    }
    const unit = text(values.get("unit")) || "шт";
    if (unit.length > 20) {
      reject(`единица измерения длиннее 20 символов: "${unit}"`);
      continue;
    }
    const hasSplit = values.has("materials") || values.has("works");
    const materials = hasSplit ? parseRoubles(values.get("materials")) : 0;
    const works = hasSplit ? parseRoubles(values.get("works")) : parseRoubles(values.get("price"));
    if (materials === undefined) {
      reject(`цена материалов не число: "${text(values.get("materials"))}"`);
      continue;
    }
    if (works === undefined) {
      reject(`цена работ не число: "${text(values.get(hasSplit ? "works" : "price"))}"`);
      continue;
    }
    const first = seen.get(code);
    if (first !== undefined) {
      reject(`артикул ${code} повторяется (первый раз в строке ${first})`);
      continue;
    }
    seen.set(code, row);
    const item: PriceListItem = {
      code,
      name,
      unit,
      section: text(values.get("section")),
      materialsPrice: materials,
      worksPrice: works,
    };
    const description = text(values.get("description"));
    const manufacturer = text(values.get("manufacturer"));
    if (description) item.description = description;
    if (manufacturer) item.manufacturer = manufacturer.slice(0, 100);
    const source = text(values.get("source"));
    if (source) item.source = source.slice(0, 1000);
    items.push(item);
  }
  return { items, rejected };
}

/** Columns of a spreadsheet row that are looked at: a price list has about ten. */
const MAX_COLUMNS = 100;

/**
 * Finds the header row (within the first 20) and maps the rows below it; cells may be text or numbers.
 * `rowNumbers` gives each row's number in the file when the table skips empty rows.
 */
function rowsFromTable(table: unknown[][], rowNumbers?: number[]): { rows: RawRow[]; error?: string } {
  for (let h = 0; h < Math.min(table.length, 20); h++) {
    const columns = headerColumns(table[h].map(text));
    if (!columns) continue;
    const rows: RawRow[] = [];
    for (let r = h + 1; r < table.length; r++) {
      const values = new Map<Column, unknown>();
      for (const [col, i] of columns) values.set(col, table[r][i]);
      rows.push({ row: rowNumbers?.[r] ?? r + 1, values });
    }
    return { rows };
  }
  return { rows: [], error: "не найдена строка заголовков с колонками «Артикул» и «Наименование»" };
}

/**
 * Splits CSV text into rows of fields with papaparse (RFC 4180 quoting; `;`, `,` or tab guessed from the
 * first lines, `;` for a file of one column; the apostrophe that writePriceListCsv() puts before
 * formula-looking text is taken off). Empty lines are kept as rows, so a row's index is its line in the file.
papaparse is imported on first use, as exceljs is, so that the islands and the phone's engine that import
`estimating/mod.ts` do not carry it.
 *
 * @example
 * ```ts
 * import { parseCsv } from "./price_list_io.ts";
 * const rows = await parseCsv('Артикул;Наименование\nА001;"Труба; ПВХ"\n');
 * if (rows[1][1] !== "Труба; ПВХ") throw new Error("csv");
 * if ((await parseCsv("Артикул,Наименование\r\n\r\nА001,Труба")).length !== 3) throw new Error("lines");
 * ```
 */
export async function parseCsv(source: string): Promise<string[][]> {
  const Papa = await loadPapaparse();
  const s = source.replace(/^\uFEFF/, "");
  const guess = Papa.parse<string[]>(s, { preview: 20, skipEmptyLines: true, delimitersToGuess });
  const undetected = guess.errors.some((e) => e.code === "UndetectableDelimiter");
  const rows = Papa.parse<string[]>(s, {
    delimiter: undetected ? ";" : guess.meta.delimiter,
    transform: csvText,
  }).data;
  // papaparse gives the end of the last line a row of its own.
  const last = rows.at(-1);
  if (last && last.length === 1 && last[0] === "" && /\n$/.test(s)) rows.pop();
  return rows;
}

const delimitersToGuess = [";", ",", "\t"];

let papaparse: Promise<typeof Papa> | undefined;
function loadPapaparse(): Promise<typeof Papa> {
  papaparse ??= import("papaparse").then((m) =>
    ((m as { default?: typeof Papa }).default ?? m) as typeof Papa
  );
  return papaparse;
}

function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1251").decode(bytes);
  }
}

/** A problem with the file as a whole (not a row): unreadable, wrong format, no header. */
export class PriceListFileError extends Error {
  /** Error name. */
  override name = "PriceListFileError";
}

/**
 * Reads a price list from the bytes of an .xlsx, .csv or .json file (by the file name's extension).
 * Rows that do not validate are returned in `rejected`; a file that cannot be read at all throws
 * {@link PriceListFileError}.
 *
 * @example
 * ```ts
 * import { readPriceListFile } from "./price_list_io.ts";
 * const csv = "Артикул;Наименование;Ед. изм.;Раздел;Материалы;Работы\nA1;Труба ПВХ 110;м;Трубопроводы;650;500\n;Без кода;шт;;1;1\n";
 * const list = await readPriceListFile(new TextEncoder().encode(csv), "prices.csv");
 * if (list.items[0].code !== "А001" || list.items[0].materialsPrice !== 65000) throw new Error("read");
 * if (list.rejected.length !== 1 || list.rejected[0].row !== 3) throw new Error("rejected");
 * ```
 */
export async function readPriceListFile(bytes: Uint8Array, fileName: string): Promise<PriceListFile> {
  const ext = fileName.toLowerCase().split(".").pop();
  if (ext === "json") {
    let data: unknown;
    try {
      data = JSON.parse(decodeText(bytes));
    } catch (err) {
      throw new PriceListFileError(`некорректный JSON: ${(err as Error).message}`);
    }
    const list = Array.isArray(data) ? data : (data as { items?: unknown })?.items;
    if (!Array.isArray(list)) {
      throw new PriceListFileError("ожидается массив позиций или объект с полем items");
    }
    const name = Array.isArray(data) ? undefined : (data as { name?: unknown }).name;
    const rows: RawRow[] = list.map((item, i) => {
      const o = (typeof item === "object" && item !== null ? item : {}) as Record<string, unknown>;
      const values = new Map<Column, unknown>([
        ["code", o.code],
        ["name", o.name],
        ["unit", o.unit],
        ["section", o.section],
        ["description", o.description],
        ["manufacturer", o.manufacturer],
        ["source", o.source],
      ]);
      // Kopecks in the JSON format: convert to roubles for the shared validation.
      for (const [col, key] of [["materials", "materialsPrice"], ["works", "worksPrice"]] as const) {
        const v = o[key];
        values.set(
          col,
          typeof v === "number" && Number.isInteger(v) && v >= 0 ? v / 100 : v === undefined ? 0 : `${v}`,
        );
      }
      return { row: i + 1, values };
    });
    return { ...validateRows(rows), ...(typeof name === "string" ? { name } : {}), format: "json" };
  }
  if (ext === "csv" || ext === "txt") {
    const { rows, error } = rowsFromTable(await parseCsv(decodeText(bytes)));
    if (error) throw new PriceListFileError(error);
    return { ...validateRows(rows), format: "csv" };
  }
  if (ext === "xlsx") {
    // A zip bomb or a sheet of millions of cells is refused before exceljs inflates it all into memory.
    try {
      checkZip(bytes, priceListZipLimits);
    } catch (err) {
      if (err instanceof ZipLimitError) throw new PriceListFileError(err.message);
      throw err;
    }
    const Excel = await loadExcelJS();
    const wb = new Excel.Workbook();
    try {
      await wb.xlsx.load(
        bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
      );
    } catch (err) {
      throw new PriceListFileError(`не удалось прочитать .xlsx: ${(err as Error).message}`);
    }
    const ws = wb.worksheets[0];
    if (!ws) throw new PriceListFileError("в книге нет листов");
    // Only the rows present, and the first columns: a cell addressed XFD1048576 makes no billion empty ones.
    const table: unknown[][] = [];
    const rowNumbers: number[] = [];
    ws.eachRow((row, number) => {
      const cells: unknown[] = [];
      for (let c = 1; c <= Math.min(row.cellCount, MAX_COLUMNS); c++) {
        cells.push(cellToPlain(row.getCell(c).value));
      }
      table.push(cells);
      rowNumbers.push(number);
    });
    const { rows, error } = rowsFromTable(table, rowNumbers);
    if (error) throw new PriceListFileError(error);
    return { ...validateRows(rows), format: "xlsx" };
  }
  throw new PriceListFileError(`неизвестный формат файла "${fileName}": ожидается .xlsx, .csv или .json`);
}

/** The result of {@link mergePriceList}. */
export interface MergeReport {
  /** The merged list. */
  items: PriceListItem[];
  /** Codes that were not in the base list. */
  added: string[];
  /** Codes whose item changed. */
  updated: string[];
  /** Codes whose item was the same. */
  unchanged: string[];
}

/**
 * Merges imported items over a base list: a new code is added, a known code is updated (or counted
 * unchanged), other base items stay. An imported item without a section keeps the base item's section
 * (or `Прочие работы и оборудование`).
 *
 * @example
 * ```ts
 * import { mergePriceList } from "./price_list_io.ts";
 * import { defaultPriceList } from "./price_list.ts";
 * const r = mergePriceList(defaultPriceList, [{ code: "А001", name: "Труба", unit: "м", section: "", materialsPrice: 1, worksPrice: 1 }]);
 * if (r.updated[0] !== "А001" || r.items.length !== defaultPriceList.length) throw new Error("merge");
 * ```
 */
export function mergePriceList(
  base: readonly PriceListItem[],
  incoming: readonly PriceListItem[],
): MergeReport {
  const byCode = new Map(base.map((i) => [normalizeCode(i.code), i]));
  const added: string[] = [];
  const updated: string[] = [];
  const unchanged: string[] = [];
  const result = new Map(byCode);
  for (const item of incoming) {
    const old = byCode.get(item.code);
    const merged: PriceListItem = { ...item, section: item.section || old?.section || sections.misc };
    if (!old) added.push(item.code);
    else if (samePriceItem(old, merged)) unchanged.push(item.code);
    else updated.push(item.code);
    result.set(item.code, merged);
  }
  return { items: [...result.values()], added, updated, unchanged };
}

function samePriceItem(a: PriceListItem, b: PriceListItem): boolean {
  return a.name === b.name && a.unit === b.unit && a.section === b.section &&
    a.materialsPrice === b.materialsPrice && a.worksPrice === b.worksPrice &&
    (a.description ?? "") === (b.description ?? "") && (a.manufacturer ?? "") === (b.manufacturer ?? "");
}

/**
 * The price list as an .xlsx workbook (prices in roubles, rouble format), readable by {@link readPriceListFile}.
 *
 * @example
 * ```ts
 * import { readPriceListFile, writePriceListWorkbook } from "./price_list_io.ts";
 * import { defaultPriceList } from "./price_list.ts";
 * const bytes = await writePriceListWorkbook(defaultPriceList, { name: "Базовый прайс-лист" });
 * const back = await readPriceListFile(bytes, "list.xlsx");
 * if (back.items.length !== defaultPriceList.length) throw new Error("round trip");
 * ```
 */
export async function writePriceListWorkbook(
  items: readonly PriceListItem[],
  options: { name?: string } = {},
): Promise<Uint8Array> {
  const Excel = await loadExcelJS();
  const wb = new Excel.Workbook();
  wb.creator = "ПолеСмета";
  const ws = wb.addWorksheet("Прайс-лист", {
    pageSetup: { paperSize: 9, orientation: "landscape", fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  let r = 1;
  if (options.name) {
    ws.getCell("A1").value = options.name;
    ws.getCell("A1").font = { bold: true, size: 13 };
    r = 3;
  }
  const headers = [
    "Артикул",
    "Наименование",
    "Ед. изм.",
    "Раздел",
    "Материалы, ₽",
    "Работы, ₽",
    "Цена, ₽",
    "Описание",
    "Производитель",
    "Источник цены",
  ];
  const widths = [10, 70, 9, 30, 14, 14, 14, 30, 18, 60];
  ws.columns = widths.map((width) => ({ width }));
  const header = ws.getRow(r);
  headers.forEach((h, i) => {
    const cell = header.getCell(i + 1);
    cell.value = h;
    cell.font = { bold: true };
    cell.fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFD9E2F3" } };
    cell.alignment = { vertical: "middle", wrapText: true };
  });
  const headerRow = r;
  for (const item of items) {
    r++;
    const row = ws.getRow(r);
    row.getCell(1).value = item.code;
    row.getCell(2).value = item.name;
    row.getCell(3).value = item.unit;
    row.getCell(4).value = item.section;
    row.getCell(5).value = item.materialsPrice / 100;
    row.getCell(6).value = item.worksPrice / 100;
    row.getCell(7).value = { formula: `E${r}+F${r}`, result: (item.materialsPrice + item.worksPrice) / 100 };
    if (item.description) row.getCell(8).value = item.description;
    if (item.manufacturer) row.getCell(9).value = item.manufacturer;
    if (item.source) {
      row.getCell(10).value = item.source;
      row.getCell(10).alignment = { wrapText: true };
    }
    for (const c of [5, 6, 7]) row.getCell(c).numFmt = '#,##0.00 "₽"';
    row.getCell(2).alignment = { wrapText: true };
  }
  ws.views = [{ state: "frozen", ySplit: headerRow }];
  ws.autoFilter = { from: { row: headerRow, column: 1 }, to: { row: headerRow, column: headers.length } };
  return new Uint8Array(await wb.xlsx.writeBuffer() as ArrayBuffer);
}

/**
 * The price list as CSV (`;`-separated, UTF-8 with BOM so Excel opens it in Russian, prices in roubles).
 *
 * @example
 * ```ts
 * import { writePriceListCsv } from "./price_list_io.ts";
 * const csv = writePriceListCsv([{ code: "А001", name: "Труба", unit: "м", section: "Трубопроводы", materialsPrice: 62000, worksPrice: 48000 }]);
 * if (!csv.includes("А001;Труба;м;Трубопроводы;620,00;480,00")) throw new Error(csv);
 * ```
 */
export function writePriceListCsv(items: readonly PriceListItem[]): string {
  const money = (k: number) => `${Math.floor(k / 100)},${String(k % 100).padStart(2, "0")}`;
  return toCsv([
    [
      "Артикул",
      "Наименование",
      "Ед. изм.",
      "Раздел",
      "Материалы",
      "Работы",
      "Описание",
      "Производитель",
      "Источник цены",
    ],
    ...items.map((i) => [
      i.code,
      i.name,
      i.unit,
      i.section,
      money(i.materialsPrice),
      money(i.worksPrice),
      i.description ?? "",
      i.manufacturer ?? "",
      i.source ?? "",
    ]),
  ]);
}

/**
 * The price list in the package's JSON format (prices in kopecks).
 *
 * @example
 * ```ts
 * import { writePriceListJson } from "./price_list_io.ts";
 * const json = JSON.parse(writePriceListJson([], { name: "Пусто" }));
 * if (json.format !== "polesmeta-price-list" || json.priceUnit !== "kopeck") throw new Error("json");
 * ```
 */
export function writePriceListJson(items: readonly PriceListItem[], options: { name?: string } = {}): string {
  return JSON.stringify(
    { format: PRICE_LIST_FORMAT, version: 1, name: options.name ?? "Прайс-лист", priceUnit: "kopeck", items },
    null,
    2,
  ) + "\n";
}
