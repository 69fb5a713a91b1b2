// The process running the outbox worker killed with SIGKILL in the middle of a batch (the SMTP server is holding
// one message, unanswered): after a restart on the same database every message reaches the SMTP server exactly
// once. The messages accepted before the kill are not sent again; the one cut off and the rest of the claimed
// batch are sent after the killed process's claim lapses (OUTBOX_LEASE_MS).
// The killed process runs the worker alone (server/testing_outbox_process.ts, started as main.ts starts it:
// the exactly-once lies in the worker and the database, not in the HTTP app, whose start would cost the most);
// the restarted worker runs in the test's process with an owner of its own. One light process start keeps
// the test inside the 30 s of a fault test.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { migrateDb, openDb } from "../db/client.ts";
import { enqueueClientMessage } from "../db/outbox.ts";
import { companies, outboxMessages } from "../db/schema/mod.ts";
import { startOutboxWorker } from "./outbox_worker.ts";
import { collectingLogger } from "./log.ts";
import { startTestSmtp } from "./testing_smtp.ts";
import { readEnv } from "./env.ts";

const MESSAGES = 12;
const ACCEPTED_BEFORE_KILL = 4;

Deno.test({
  name:
    "[fault] a SIGKILL in the middle of a batch: after the restart each message reached the SMTP server once",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const smtp = await startTestSmtp();
    smtp.holdAfter = ACCEPTED_BEFORE_KILL;
    const mail = {
      SMTP_HOST: "127.0.0.1",
      SMTP_PORT: String(smtp.port),
      MAIL_FROM: "ПолеСмета <noreply@polesmeta.test>",
      OUTBOX_POLL_MS: "100",
      OUTBOX_LEASE_MS: "1500",
    };
    const dir = await Deno.makeTempDir({ prefix: "polesmeta-outbox-kill-" });
    const env = readEnv({ ...mail, DATABASE_URL: `file:${dir}/app.db`, DATA_DIR: dir, SEED: "none" });
    const db = await openDb(env.DATABASE_URL);
    await migrateDb(db);
    let stopWorker = () => {};
    let child: Deno.ChildProcess | undefined;
    try {
      const [company] = await db.insert(companies).values({ name: "ООО «Септик»" }).returning();
      await db.transaction(async (tx) => {
        for (let i = 0; i < MESSAGES; i++) {
          await enqueueClientMessage(tx, {
            companyId: company.id,
            event: "works_scheduled",
            recipient: `client${i}@example.ru`,
            key: `kill:${i}`,
            facts: { link: `http://localhost/c/kill${i}` },
            origin: "http://localhost",
            now: new Date(),
          });
        }
      });
      child = new Deno.Command(Deno.execPath(), {
        args: ["run", "-A", new URL("./testing_outbox_process.ts", import.meta.url).href],
        env: { ...mail, DATABASE_URL: env.DATABASE_URL, NODE_ENV: "production", WEB_CONCURRENCY: "1" },
        stdout: "null",
        stderr: "inherit",
      }).spawn();
      await smtp.waitForHeld();
      child.kill("SIGKILL");
      assert.equal((await child.status).signal, "SIGKILL");
      assert.equal(smtp.received.length, ACCEPTED_BEFORE_KILL);
      const sentBefore = await db.select().from(outboxMessages).where(eq(outboxMessages.status, "sent"));
      assert.equal(
        sentBefore.length,
        ACCEPTED_BEFORE_KILL,
        "each accepted message was marked sent at once",
      );

      smtp.releaseHeld();
      smtp.holdAfter = null;
      // The restart: a new worker on the same database.
      stopWorker = startOutboxWorker({ db, env, now: () => new Date(), log: collectingLogger() });
      await smtp.waitForReceived(MESSAGES);
      // Every row sent means no send is under way: nothing more can arrive.
      for (;;) {
        const rows = await db.select({ status: outboxMessages.status }).from(outboxMessages);
        if (rows.every((r) => r.status === "sent")) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const keys = smtp.received.map((m) => String(m.headers.get("x-polesmeta-message")));
      assert.equal(keys.length, MESSAGES);
      assert.equal(new Set(keys).size, MESSAGES, "no message arrived twice");
      const recipients = smtp.received.map((m) => (m.to as { text: string }).text).sort();
      assert.deepEqual(
        recipients,
        Array.from({ length: MESSAGES }, (_, i) => `client${i}@example.ru`).sort(),
      );
    } finally {
      stopWorker();
      try {
        child?.kill("SIGKILL");
      } catch { /* already killed */ }
      await child?.status;
      db.$client.close();
      await smtp.close();
      await Deno.remove(dir, { recursive: true });
    }
  },
});
