// SIGTERM during a burst of writes: the server stops accepting, finishes what it had accepted and exits 0;
// no acknowledged write is lost and no request it had accepted is cut off.
import assert from "node:assert/strict";
import { answering, freePort, signIn } from "../bench/_server.ts";
import { withTempDir } from "../cli/testing.ts";
import { openFile } from "../db/backup.ts";
import { copyDemoData } from "./testing.ts";
import { newObject } from "./testing_objects.ts";

const WRITERS = 4;
/** The burst's bound, and how many acknowledged writes come before the signal. */
const BURST = 300;
const SIGNAL_AFTER = 60;

Deno.test({
  name: "[fault] SIGTERM during a burst of writes loses no acknowledged write and cuts no accepted request",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: () =>
    withTempDir(async (dir) => {
      await copyDemoData(dir);
      const port = freePort();
      const child = new Deno.Command(Deno.execPath(), {
        args: ["run", "-A", "main.ts"],
        env: {
          PORT: String(port),
          DATABASE_URL: `file:${dir}/app.db`,
          DATA_DIR: dir,
          SEED: "demo",
          NODE_ENV: "production",
          WEB_CONCURRENCY: "1",
        },
        stdout: "piped",
        stderr: "inherit",
      }).spawn();
      // The server's log lines: which request ids it answered.
      const answered = new Set<string>();
      const events: string[] = [];
      const reading = (async () => {
        let text = "";
        for await (const chunk of child.stdout.pipeThrough(new TextDecoderStream())) text += chunk;
        for (const line of text.split("\n")) {
          if (!line.startsWith("{")) continue;
          const entry = JSON.parse(line);
          events.push(entry.event);
          if (entry.event === "request") answered.add(entry.requestId);
        }
      })();
      const base = `http://127.0.0.1:${port}`;
      await answering(`${base}/healthz`);
      const cookie = await signIn(base, "director@demo.local");
      // Each writer keeps its connection: a request in flight at the signal has been read by the server.
      const client = Deno.createHttpClient({});
      const acknowledged: { id: number; clientName: string }[] = [];
      const failed: { requestId: string; clientName: string; error: string }[] = [];
      let sent = 0;
      let signalled = false;
      let acknowledgedAfterSignal = 0;
      const startedBeforeSignal = new Set<string>();
      const writer = async (w: number) => {
        while (sent < BURST) {
          const n = sent++;
          const requestId = `burst-${w}-${n}`;
          const clientName = `Клиент ${w}-${n}`;
          if (!signalled) startedBeforeSignal.add(requestId);
          try {
            const res = await fetch(`${base}/api/objects`, {
              client,
              method: "POST",
              headers: {
                "Content-Type": "application/json",
                Cookie: cookie,
                Origin: base,
                "X-Request-Id": requestId,
              },
              body: JSON.stringify(newObject(clientName)),
            });
            const body = await res.json();
            assert.equal(res.status, 201, JSON.stringify(body));
            acknowledged.push({ id: body.id, clientName });
            if (signalled) acknowledgedAfterSignal++;
          } catch (error) {
            if (error instanceof assert.AssertionError) throw error;
            failed.push({ requestId, clientName, error: String((error as Error).cause ?? error) });
            return; // the server is gone or going
          }
        }
      };
      const burst = Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
      while (acknowledged.length < SIGNAL_AFTER) await new Promise((r) => setTimeout(r, 5));
      signalled = true;
      child.kill("SIGTERM");
      const status = await child.status;
      await burst;
      await reading;
      client.close();

      assert.equal(status.code, 0, "exit 0 after SIGTERM");
      assert.ok(events.includes("shutdown") && events.at(-1) === "stopped", events.slice(-3).join(", "));
      const db = openFile(`${dir}/app.db`);
      try {
        const ids = acknowledged.map((a) => a.id);
        const rows = await db.execute({
          sql: `SELECT id, client_name FROM objects WHERE id IN (${ids.map(() => "?").join(",")})`,
          args: ids,
        });
        const stored = new Map(rows.rows.map((r) => [Number(r.id), String(r.client_name)]));
        const lost = acknowledged.filter((a) => stored.get(a.id) !== a.clientName);
        assert.deepEqual(lost, [], "acknowledged writes lost");

        // Cut: a request the server took in — it answered it (its log line) or its write landed — that the
        // client did not get the answer of. A request refused at the connection (the listener closed, still
        // in the kernel's backlog, or sent on a kept-alive connection in the instant the server closed it,
        // hyper's «connection closed before message completed») never reached the app and wrote nothing.
        const written = new Set(
          (await db.execute({
            sql: `SELECT client_name FROM objects WHERE client_name IN (${failed.map(() => "?").join(",")})`,
            args: failed.map((f) => f.clientName),
          })).rows.map((r) => String(r.client_name)),
        );
        const cut = failed.filter((f) => answered.has(f.requestId) || written.has(f.clientName));
        console.log(
          `${acknowledged.length} writes acknowledged (${acknowledgedAfterSignal} of them after the signal), ` +
            `${failed.length} refused at the connection, ${cut.length} cut`,
        );
        assert.deepEqual(cut, [], "requests the server had accepted but the client lost");
      } finally {
        db.close();
      }
    }),
});
