/**
 * Lazy loading of exceljs, so that modules importing `estimating/mod.ts` for formatting or the form
 * (web islands) do not pull the spreadsheet library into their bundle until a workbook is written or read.
 *
 * @module
 */

import type ExcelJS from "exceljs";

let excel: Promise<typeof ExcelJS> | undefined;

/**
 * The exceljs module, imported on first use.
 *
 * @example
 * ```ts
 * import { loadExcelJS } from "./excel.ts";
 * const Excel = await loadExcelJS();
 * if (typeof Excel.Workbook !== "function") throw new Error("exceljs");
 * ```
 */
export function loadExcelJS(): Promise<typeof ExcelJS> {
  excel ??= import("exceljs").then((m) =>
    ((m as { default?: typeof ExcelJS }).default ?? m) as typeof ExcelJS
  );
  return excel;
}
