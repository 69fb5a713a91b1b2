// Output and errors shared by the CLI commands: writers that tests can capture, and the usage error (exit 2).
import type { Discount } from "../estimating/totals.ts";

/** Where a command writes: lines to stdout and to stderr. */
export interface Io {
  out(line: string): void;
  err(line: string): void;
}

/** Writes to the process's stdout and stderr. */
export const processIo: Io = {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
};

/** Wrong usage (bad option value, unknown brand …): exit code 2. */
export class UsageError extends Error {
  override name = "UsageError";
}

/** Exit codes of the CLI. */
export const EXIT_OK = 0;
export const EXIT_INPUT_FAILED = 1;
export const EXIT_USAGE = 2;

/** Today's date in the local time zone as YYYY-MM-DD (the CLI may read the clock; the engine does not). */
export function today(): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Validates a YYYY-MM-DD date option. */
export function parseDateOption(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const d = m ? new Date(`${value}T00:00:00Z`) : undefined;
  if (!d || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value) {
    throw new UsageError(`--date: ожидается дата ГГГГ-ММ-ДД, получено "${value}"`);
  }
  return value;
}

/**
 * `--discount`: a percentage («5%», «5,5 %») or a sum in roubles («10000», «10 000,50»), as the web editor's
 * discount (estimating/totals.ts Discount: percent in hundredths of a percent, sum in kopecks).
 */
export function parseDiscountOption(value: string): Discount {
  const text = value.trim().replace(/[\s\u00A0]/g, "").replace(",", ".");
  const m = /^(\d{1,9}(?:\.\d{1,2})?)(%?)$/.exec(text);
  const n = m ? Number(m[1]) : Number.NaN;
  if (!m || !(n > 0) || (m[2] === "%" && n > 100)) {
    throw new UsageError(
      `--discount: ожидается процент от 0 до 100 (например, 5%) или сумма в рублях (например, 10000), получено "${value}"`,
    );
  }
  return m[2] === "%"
    ? { kind: "percent", value: Math.round(n * 100) }
    : { kind: "sum", value: Math.round(n * 100) };
}

/** The file name shown in messages: relative to the working directory when inside it. */
export function displayPath(path: string): string {
  const cwd = Deno.cwd();
  return path.startsWith(cwd + "/") ? path.slice(cwd.length + 1) : path;
}
