// What a bench needs to put its figures into the documents itself, so that no figure in README.md or docs/ is
// written by hand: the machine's load to state beside them, a table as `deno fmt` lays it out, and the text
// between the bench's markers (`<!-- bench-NAME -->` … `<!-- /bench-NAME -->`, NAME the bench's file name).

/** docs/performance.md, where the benches write their tables. */
export const performanceDoc = new URL("../docs/performance.md", import.meta.url);

/** The opening and closing markers of the bench `name`'s figures. */
export function markersOf(name: string): [open: string, close: string] {
  return [`<!-- bench-${name} -->`, `<!-- /bench-${name} -->`];
}

/** `doc` with the text between the bench `name`'s markers replaced by `text`; throws when they are missing. */
export function replaceFigures(doc: string, name: string, text: string): string {
  const [open, close] = markersOf(name);
  const start = doc.indexOf(open);
  const end = doc.indexOf(close);
  if (start < 0 || end < start) throw new Error(`the document has no ${open} … ${close} markers`);
  return `${doc.slice(0, start + open.length)}\n\n${text}\n\n${doc.slice(end)}`;
}

/**
 * Writes `lines` between the bench `name`'s markers of `doc` (docs/performance.md unless named), lays the
 * document out with `deno fmt` as the repository's format check wants it, and says so.
 */
export async function writeFigures(name: string, lines: string[], doc: URL = performanceDoc): Promise<void> {
  await Deno.writeTextFile(doc, replaceFigures(await Deno.readTextFile(doc), name, lines.join("\n")));
  const fmt = await new Deno.Command(Deno.execPath(), { args: ["fmt", "--quiet", doc.pathname] }).output();
  if (!fmt.success) throw new Error(`deno fmt ${doc.pathname}: ${new TextDecoder().decode(fmt.stderr)}`);
  console.log(`\n${doc.pathname.split("/").slice(-2).join("/")}: written between its bench-${name} markers.`);
}

/** The one-minute load average, "?" where /proc has none: the figures of a loaded machine say so. */
export async function loadAverage(): Promise<string> {
  return (await Deno.readTextFile("/proc/loadavg").catch(() => "?")).split(" ")[0];
}

/** The first line of a bench's figures: when, on how many cores, at which load, and what was measured. */
export async function measuredOn(what: string): Promise<string> {
  const at = new Date().toISOString().slice(0, 16).replace("T", " ");
  return `${at} UTC, ${navigator.hardwareConcurrency} cores, load average ${await loadAverage()} at the start; ${what}`;
}

/** A Markdown table as `deno fmt` lays it out: the first column to the left, the others to the right. */
export function markdownTable(rows: string[][]): string[] {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, c) => c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c])).join(" | ")} |`;
  const rule = `| ${widths.map((w, c) => c === 0 ? "-".repeat(w) : "-".repeat(w - 1) + ":").join(" | ")} |`;
  return [line(rows[0]), rule, ...rows.slice(1).map(line)];
}

/** The lowest and highest of `values` with `unit`: "1.2–1.6 ms", or one figure when they round alike. */
export function range(values: number[], unit: string, digits = 1): string {
  const low = Math.min(...values).toFixed(digits);
  const high = Math.max(...values).toFixed(digits);
  return low === high ? `${low} ${unit}` : `${low}–${high} ${unit}`;
}
