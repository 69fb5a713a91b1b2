// Start-up figures: from spawning the server as `deno task demo` does to its first 200 from /readyz (the
// database answers and is migrated), once on a new database (the demo data is seeded) and three times on the
// existing one. `deno task bench start --write` puts the table between the bench-start markers of
// docs/performance.md.
import { answering, freePort } from "./_server.ts";

export const startMarkers = ["<!-- bench-start -->", "<!-- /bench-start -->"] as const;
const RUNS = 3;
const performanceDoc = new URL("../docs/performance.md", import.meta.url);

/** CPU seconds (user + system) the process `pid` has used so far, from /proc (null where there is none). */
async function cpuSeconds(pid: number): Promise<number | null> {
  const stat = await Deno.readTextFile(`/proc/${pid}/stat`).catch(() => null);
  if (!stat) return null;
  // The fields after the command's closing parenthesis; utime and stime are the 14th and 15th of the line.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticksPerSecond = 100; // USER_HZ on Linux
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}

/** Starts `main.ts` on the database in `dir` and times it to /readyz's first 200; stops it again. */
async function timeOneStart(dir: string): Promise<{ seconds: number; cpu: number | null }> {
  const port = freePort();
  const started = performance.now();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "main.ts"],
    env: {
      PORT: String(port),
      DATABASE_URL: `file:${dir}/demo.db`,
      DATA_DIR: dir,
      SEED: "demo",
      NODE_ENV: "production",
    },
    stdout: "null",
    stderr: "inherit",
  }).spawn();
  try {
    await answering(`http://127.0.0.1:${port}/readyz`);
    const seconds = (performance.now() - started) / 1000;
    return { seconds, cpu: await cpuSeconds(child.pid) };
  } finally {
    child.kill();
    await child.status;
  }
}

const range = (values: number[]) => {
  const low = Math.min(...values).toFixed(1);
  const high = Math.max(...values).toFixed(1);
  return low === high ? `${low} s` : `${low}–${high} s`;
};

/** A Markdown table as `deno fmt` lays it out: the first column to the left, the others to the right. */
function table(rows: string[][]): string[] {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, c) => c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c])).join(" | ")} |`;
  const rule = `| ${widths.map((w, c) => c === 0 ? "-".repeat(w) : "-".repeat(w - 1) + ":").join(" | ")} |`;
  return [line(rows[0]), rule, ...rows.slice(1).map(line)];
}

/** Replaces the text between the bench-start markers of `doc` with `text`. */
export function replaceStartFigures(doc: string, text: string): string {
  const [open, close] = startMarkers;
  const start = doc.indexOf(open);
  const end = doc.indexOf(close);
  if (start < 0 || end < start) throw new Error(`docs/performance.md has no ${open} … ${close} markers`);
  return `${doc.slice(0, start + open.length)}\n\n${text}\n\n${doc.slice(end)}`;
}

export async function run(): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "polesmeta-bench-start-" });
  try {
    const load = (await Deno.readTextFile("/proc/loadavg").catch(() => "?")).split(" ")[0];
    const first = await timeOneStart(dir);
    const warm = [];
    for (let i = 0; i < RUNS; i++) warm.push(await timeOneStart(dir));
    const cpus = warm.map((w) => w.cpu).filter((c): c is number => c !== null);
    const lines = [
      `${
        new Date().toISOString().slice(0, 16).replace("T", " ")
      } UTC, ${navigator.hardwareConcurrency} cores, ` +
      `load average ${load} at the start; \`deno run -A main.ts\` as \`deno task demo\` runs it, to the first ` +
      `200 of /readyz (CPU time of the server process)`,
      "",
      ...table([
        ["start", "wall time", "CPU time"],
        [
          "on a new database (seeds the demo data), once",
          range([first.seconds]),
          first.cpu === null ? "—" : range([first.cpu]),
        ],
        [
          `on the existing database, ${RUNS} times`,
          range(warm.map((w) => w.seconds)),
          cpus.length ? range(cpus) : "—",
        ],
      ]),
    ];
    for (const line of lines) console.log(line);
    if (Deno.args.includes("--write")) {
      const doc = await Deno.readTextFile(performanceDoc);
      await Deno.writeTextFile(performanceDoc, replaceStartFigures(doc, lines.join("\n")));
      console.log("\ndocs/performance.md: the table is written between its bench-start markers.");
    }
  } finally {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

if (import.meta.main) await run();
