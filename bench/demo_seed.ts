// The demo seed's time: every test app seeds it at start, so it must stay small. Seeds 15 fresh
// databases (files included) and prints the median and the fastest run.
import { migrateDb, openDb } from "../db/client.ts";
import { seedDemo } from "../db/seed/demo.ts";
import { localStorage } from "../server/storage.ts";

const RUNS = 15;

export async function run() {
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
  console.log(
    `demo seed: median ${times[RUNS >> 1].toFixed(0)} ms, fastest ${times[0].toFixed(0)} ms (${RUNS} runs)`,
  );
}
