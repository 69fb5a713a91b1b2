// Start-up figures: from spawning the server as `deno task demo` does to its first 200 from /readyz (the
// database answers and is migrated), once on a new database (the demo data is seeded) and three times on the
// existing one. `deno task bench start --write` puts the table between the bench-start markers of
// docs/performance.md.
import { answering, freePort } from "./_server.ts";
import { markdownTable, measuredOn, range, writeFigures } from "./_doc_figures.ts";

const RUNS = 3;

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

export async function run(): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "polesmeta-bench-start-" });
  try {
    const header = await measuredOn(
      "`deno run -A main.ts` as `deno task demo` runs it, to the first 200 of /readyz " +
        "(CPU time of the server process)",
    );
    const first = await timeOneStart(dir);
    const warm = [];
    for (let i = 0; i < RUNS; i++) warm.push(await timeOneStart(dir));
    const cpus = warm.map((w) => w.cpu).filter((c): c is number => c !== null);
    const lines = [
      header,
      "",
      ...markdownTable([
        ["start", "wall time", "CPU time"],
        [
          "on a new database (seeds the demo data), once",
          range([first.seconds], "s"),
          first.cpu === null ? "—" : range([first.cpu], "s"),
        ],
        [
          `on the existing database, ${RUNS} times`,
          range(warm.map((w) => w.seconds), "s"),
          cpus.length ? range(cpus, "s") : "—",
        ],
      ]),
    ];
    for (const line of lines) console.log(line);
    if (Deno.args.includes("--write")) await writeFigures("start", lines);
  } finally {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

if (import.meta.main) await run();
