// Output and errors shared by the CLI commands: writers that tests can capture, and the usage error (exit 2).

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

/** The file name shown in messages: relative to the working directory when inside it. */
export function displayPath(path: string): string {
  const cwd = Deno.cwd();
  return path.startsWith(cwd + "/") ? path.slice(cwd.length + 1) : path;
}
