/**
 * One CSV cell for Excel and LibreOffice (';'-separated, the Russian locale's list separator).
 * Text that a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a carriage return)
 * gets a leading apostrophe (OWASP "CSV injection"); a cell with ';', '"' or a line break is quoted.
 * Numbers are written as they are, so a negative amount stays a number.
 *
 * @example
 * ```ts
 * import { csvCell } from "./csv.ts";
 * if (csvCell('=HYPERLINK("http://evil.example","open")') !== `"'=HYPERLINK(""http://evil.example"",""open"")"`) {
 *   throw new Error("not neutralized");
 * }
 * if (csvCell(-5) !== "-5") throw new Error("numbers stay numbers");
 * ```
 */
export function csvCell(value: string | number): string {
  let s = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[";\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/**
 * Rows as a CSV file for Excel: a byte-order mark (so Excel reads UTF-8), cells by csvCell(), CRLF lines.
 *
 * @example
 * ```ts
 * import { toCsv } from "./csv.ts";
 * if (toCsv([["Имя", "Сумма"], ["@SUM(A1)", 10]]) !== "\uFEFFИмя;Сумма\r\n'@SUM(A1);10\r\n") throw new Error("csv");
 * ```
 */
export function toCsv(rows: readonly (readonly (string | number)[])[]): string {
  return "\uFEFF" + rows.map((r) => r.map(csvCell).join(";")).join("\r\n") + "\r\n";
}

/**
 * The text a person typed, from a CSV cell written by csvCell(): the apostrophe that kept a
 * formula-looking text from running is taken off again, so a price list survives export and import.
 *
 * @example
 * ```ts
 * import { csvText } from "./csv.ts";
 * if (csvText("'-Труба") !== "-Труба" || csvText("'Кавычка") !== "'Кавычка") throw new Error("csvText");
 * ```
 */
export function csvText(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}
