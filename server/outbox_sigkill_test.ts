// The app process killed with SIGKILL while its outbox worker is in the middle of a batch (the SMTP server is
// holding one message, unanswered): after a restart on the same database every message reaches the SMTP server
// exactly once. The messages accepted before the kill are not sent again; the one cut off and the rest of the
// claimed batch are sent after the killed process's claim lapses (OUTBOX_LEASE_MS).
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { answering, freePort } from "../bench/_server.ts";
import { openDb } from "../db/client.ts";
import { enqueueClientMessage } from "../db/outbox.ts";
import { companies, outboxMessages } from "../db/schema/mod.ts";
import { startTestSmtp, type TestSmtp } from "./testing_smtp.ts";

const MESSAGES = 12;
const ACCEPTED_BEFORE_KILL = 4;

function startApp(dir: string, smtp: TestSmtp) {
  const port = freePort();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "main.ts"],
    env: {
      PORT: String(port),
      DATABASE_URL: `file:${dir}/app.db`,
      DATA_DIR: dir,
      SEED: "demo",
      NODE_ENV: "production",
      SMTP_HOST: "127.0.0.1",
      SMTP_PORT: String(smtp.port),
      MAIL_FROM: "ПолеСмета <noreply@polesmeta.test>",
      OUTBOX_POLL_MS: "100",
      OUTBOX_LEASE_MS: "1500",
    },
    stdout: "null",
    stderr: "inherit",
  }).spawn();
  return { child, base: `http://127.0.0.1:${port}` };
}

Deno.test({
  name:
    "[fault] a SIGKILL in the middle of a batch: after the restart each message reached the SMTP server once",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "polesmeta-outbox-kill-" });
    const smtp = await startTestSmtp();
    smtp.holdAfter = ACCEPTED_BEFORE_KILL;
    let app = startApp(dir, smtp);
    const db = await (async () => {
      await answering(`${app.base}/login`);
      return await openDb(`file:${dir}/app.db`);
    })();
    try {
      const [company] = await db.select().from(companies).where(eq(companies.name, "ООО «Демо Септик»"));
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
      await smtp.waitForHeld();
      app.child.kill("SIGKILL");
      assert.equal((await app.child.status).signal, "SIGKILL");
      assert.equal(smtp.received.length, ACCEPTED_BEFORE_KILL);
      const sentBefore = await db.select().from(outboxMessages).where(eq(outboxMessages.status, "sent"));
      assert.equal(sentBefore.length, ACCEPTED_BEFORE_KILL, "each accepted message was marked sent at once");

      smtp.releaseHeld();
      smtp.holdAfter = null;
      app = startApp(dir, smtp);
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
      app.child.kill("SIGKILL");
      await app.child.status;
      db.$client.close();
      await smtp.close();
      await Deno.remove(dir, { recursive: true });
    }
  },
});
