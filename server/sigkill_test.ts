// The server process killed with SIGKILL in the middle of a stream of writes: after a restart on the same
// database every write it had acknowledged (2xx) is there.
import assert from "node:assert/strict";
import { signIn, startServer } from "../bench/_server.ts";
import { newObject } from "./testing_objects.ts";

/** Writers sending at once, and how long they write before the kill, ms. */
const WRITERS = 4;
const WRITE_FOR_MS = 1500;

/** Fails instead of waiting forever for a server that does not come up. */
async function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

interface Acknowledged {
  id: number;
  clientName: string;
}

/** Creates objects one after another until the server stops answering; answers the acknowledged ones. */
async function writeUntilKilled(base: string, cookie: string, writer: number): Promise<Acknowledged[]> {
  const acknowledged: Acknowledged[] = [];
  for (let i = 0;; i++) {
    const clientName = `Клиент ${writer}-${i}`;
    try {
      const res = await fetch(`${base}/api/objects`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Cookie: cookie, Origin: base },
        body: JSON.stringify(newObject(clientName)),
      });
      const body = await res.json();
      assert.equal(res.status, 201, JSON.stringify(body));
      acknowledged.push({ id: body.id, clientName });
    } catch (error) {
      if (error instanceof assert.AssertionError) throw error;
      return acknowledged; // the connection broke: the process is gone
    }
  }
}

Deno.test({
  name: "[fault] every write acknowledged before a SIGKILL is there after the restart",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "polesmeta-sigkill-" });
    let server = await within(20_000, "the first start", startServer(dir));
    try {
      const cookie = await signIn(server.base, "director@demo.local");
      const writers = Array.from({ length: WRITERS }, (_, w) => writeUntilKilled(server.base, cookie, w));
      await new Promise((resolve) => setTimeout(resolve, WRITE_FOR_MS));
      server.child.kill("SIGKILL");
      assert.equal((await server.child.status).signal, "SIGKILL");
      const acknowledged = (await Promise.all(writers)).flat();
      assert.ok(acknowledged.length > 0, "some writes were acknowledged before the kill");

      console.log(`${acknowledged.length} writes acknowledged before the kill`);
      server = await within(20_000, "the restart", startServer(dir));
      const again = await signIn(server.base, "director@demo.local");
      for (const ack of acknowledged) {
        const res = await fetch(`${server.base}/api/objects/${ack.id}`, { headers: { Cookie: again } });
        const body = await res.json();
        assert.equal(res.status, 200, `object ${ack.id}: ${JSON.stringify(body)}`);
        assert.equal(body.clientName, ack.clientName);
      }
    } finally {
      await server.stop();
      await Deno.remove(dir, { recursive: true });
    }
  },
});
