// The outbox worker in a process of its own, started as main.ts starts it (readEnv, the database, then
// startOutboxWorker) without the rest of the app: server/outbox_sigkill_test.ts kills it in the middle of a batch.
import { openDb } from "../db/client.ts";
import { readEnv } from "./env.ts";
import { startOutboxWorker } from "./outbox_worker.ts";
import { jsonLogger } from "./log.ts";

const env = readEnv();
const db = await openDb(env.DATABASE_URL, { authToken: env.DATABASE_AUTH_TOKEN });
startOutboxWorker({ db, env, now: () => new Date(), log: jsonLogger() });
