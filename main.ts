import { readEnv } from "./server/env.ts";
import { boot } from "./server/boot.ts";
import { demoAccounts } from "./db/seed/demo.ts";
import { startJobs } from "./server/jobs.ts";
import { startOutboxWorker } from "./server/outbox_worker.ts";
import { followPrimary, isServeOnlyProcess, startServingProcesses } from "./server/cluster.ts";

const started = performance.now();
const env = readEnv();
// A process started by the primary only serves: the data is prepared and the jobs run in the primary.
const serveOnly = isServeOnlyProcess();
const { app, seeded, deps } = await boot(env, { serveOnly });
if (serveOnly) {
  followPrimary();
} else {
  startJobs(deps);
  startOutboxWorker(deps);
}

if (env.SEED === "demo" && !serveOnly) {
  console.log(seeded ? "Демо-данные созданы." : "Демо-данные уже есть в базе.");
  console.log(`Демо-учётные записи (пароль ${env.DEMO_PASSWORD}):`);
  for (const a of demoAccounts) console.log(`  ${a.email.padEnd(24)} ${a.role}`);
}

Deno.serve({
  port: env.PORT,
  // Several processes on one port: the kernel spreads the connections among them.
  reusePort: env.WEB_CONCURRENCY > 1,
  onListen: ({ port }) => {
    if (serveOnly) return console.log(`ПолеСмета: процесс ${Deno.pid} обслуживает порт ${port}`);
    console.log(
      `ПолеСмета: http://localhost:${port} (готово за ${Math.round(performance.now() - started)} мс)`,
    );
    if (env.WEB_CONCURRENCY > 1) startServingProcesses(env.WEB_CONCURRENCY - 1);
  },
}, app.fetch);
