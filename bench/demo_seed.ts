// The demo seed's time: the first start on an empty database and the tests' hourly template pay it. Seeds 15
// fresh databases (files included) and prints the median and the fastest run; `deno task bench demo_seed
// --write` puts the line between the bench-demo_seed markers of docs/performance.md.
import { migrateDb, openDb } from "../db/client.ts";
import { seedDemo } from "../db/seed/demo.ts";
import { localStorage } from "../server/storage.ts";
import { measuredOn, writeFigures } from "./_doc_figures.ts";

const RUNS = 15;

export async function run() {
  const header = await measuredOn(`\`seedDemo()\` on a migrated empty database, ${RUNS} runs in one process`);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const dir = await Deno.makeTempDir({ prefix: "bench-seed-" });
    const db = await openDb(`file:${dir}/app.db`);
    try {
      await migrateDb(db);
      const t0 = performance.now();
      await seedDemo(db, { password: "demo12345", now: new Date(), files: localStorage(`${dir}/uploads`) });
      times.push(performance.now() - t0);
    } finally {
      db.$client.close();
      await Deno.remove(dir, { recursive: true });
    }
  }
  times.sort((a, b) => a - b);
  const lines = [
    header,
    "",
    `The demo seed: median ${times[RUNS >> 1].toFixed(0)} ms, fastest ${times[0].toFixed(0)} ms.`,
  ];
  for (const line of lines) console.log(line);
  if (Deno.args.includes("--write")) await writeFigures("demo_seed", lines);
}

if (import.meta.main) await run();
