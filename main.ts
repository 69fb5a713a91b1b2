import { readEnv } from "./server/env.ts";
import { boot } from "./server/boot.ts";
import { demoAccounts } from "./db/seed/demo.ts";
import { startJobs } from "./server/jobs.ts";
import { startOutboxWorker } from "./server/outbox_worker.ts";
import { CHEAP_HASHING_SETTING } from "./db/password.ts";
import { startBackups } from "./server/backup_job.ts";
import { stopOnSignals } from "./server/shutdown.ts";

const started = performance.now();
const env = readEnv();
if (Deno.env.get(CHEAP_HASHING_SETTING) === "1") {
  console.warn(`${CHEAP_HASHING_SETTING}=1 is a test setting: new passwords get weak hashes. Unset it.`);
}
const { app, seeded, deps, close } = await boot(env);
const workers = [
  startJobs(deps),
  startOutboxWorker(deps),
  startBackups(
    deps,
    (error) => deps.log.error("backup", { stack: String((error as Error)?.stack ?? error) }),
  ),
];

if (env.SEED === "demo") {
  console.log(seeded ? "Демо-данные созданы." : "Демо-данные уже есть в базе.");
  console.log(`Демо-учётные записи (пароль ${env.DEMO_PASSWORD}):`);
  for (const a of demoAccounts) console.log(`  ${a.email.padEnd(24)} ${a.role}`);
}

const server = Deno.serve({
  port: env.PORT,
  onListen: ({ port }) => {
    console.log(
      `ПолеСмета: http://localhost:${port} (готово за ${Math.round(performance.now() - started)} мс)`,
    );
  },
}, app.fetch);
stopOnSignals({ server, workers, closeDb: close, log: deps.log });
