import { readEnv } from "./server/env.ts";
import { boot } from "./server/boot.ts";
import { demoAccounts } from "./db/seed/demo_companies.ts";
import { startJobs } from "./server/jobs.ts";
import { startOutboxWorker } from "./server/outbox_worker.ts";
import { CHEAP_HASHING_SETTING } from "./db/password.ts";
import { startBackups } from "./server/backup_job.ts";
import { stopOnSignals } from "./server/shutdown.ts";
import { followPrimary, isServeOnlyProcess, startServingProcesses } from "./server/cluster.ts";

const started = performance.now();
const env = readEnv();
if (Deno.env.get(CHEAP_HASHING_SETTING) === "1") {
  console.warn(`${CHEAP_HASHING_SETTING}=1 is a test setting: new passwords get weak hashes. Unset it.`);
}
// A process started by the primary only serves: the data is prepared and the jobs run in the primary.
const serveOnly = isServeOnlyProcess();
const { app, seeded, demoLinks, deps, close } = await boot(env, {
  serveOnly,
  readWorker: env.READ_WORKER === "true",
});
const workers = serveOnly ? [] : [
  startJobs(deps),
  startOutboxWorker(deps),
  startBackups(
    deps,
    (error) => deps.log.error("backup", { stack: String((error as Error)?.stack ?? error) }),
  ),
];
if (serveOnly) followPrimary();

if (env.SEED === "demo" && !serveOnly) {
  console.log(seeded ? "Демо-данные созданы." : "Демо-данные уже есть в базе.");
  console.log(`Демо-учётные записи (пароль ${env.DEMO_PASSWORD}):`);
  for (const a of demoAccounts) console.log(`  ${a.email.padEnd(24)} ${a.role}`);
  // Only the links' hashes are stored: their addresses are printed once, when the demo is made.
  if (demoLinks) {
    console.log("Ссылки клиентов завершённых демо-объектов (действуют 30 дней с последнего события):");
    console.log(`  станция, Звенигород        /c/${demoLinks.station}`);
    console.log(`  скважина, Ольгово          /c/${demoLinks.well}`);
    console.log(`  организация, Лечищево      /c/${demoLinks.organisation}`);
  }
}

const server = Deno.serve({
  port: env.PORT,
  // Several processes on one port: the kernel spreads the connections among them.
  reusePort: env.WEB_CONCURRENCY > 1,
  onListen: ({ port }) => {
    // Loaded while the first requests are answered: the long reads run here until it is ready.
    deps.reads?.start().catch(() => {});
    if (serveOnly) return console.log(`ПолеСмета: процесс ${Deno.pid} обслуживает порт ${port}`);
    console.log(
      `ПолеСмета: http://localhost:${port} (готово за ${Math.round(performance.now() - started)} мс)`,
    );
    if (env.WEB_CONCURRENCY > 1) startServingProcesses(env.WEB_CONCURRENCY - 1);
  },
}, app.fetch);
stopOnSignals({ server, workers, closeDb: close, log: deps.log });
