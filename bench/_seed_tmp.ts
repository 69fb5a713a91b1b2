import { migrateDb, openDb } from "../db/client.ts";
import { seedDemo } from "../db/seed/demo.ts";
const times: number[] = [];
for (let i = 0; i < 5; i++) {
  const dir = await Deno.makeTempDir();
  const db = await openDb(`file:${dir}/a.db`);
  await migrateDb(db);
  const t = performance.now();
  await seedDemo(db, { password: "demo12345", now: new Date(), files: (await import("../server/storage.ts")).localStorage(`${dir}/uploads`) } as never);
  times.push(performance.now() - t);
  db.$client.close();
  await Deno.remove(dir, { recursive: true });
}
console.log(times.map((t) => t.toFixed(0)).join(" "), "ms; median", times.sort((a, b) => a - b)[2].toFixed(0));
