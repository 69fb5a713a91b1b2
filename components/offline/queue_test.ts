import assert from "node:assert/strict";
import {
  afterRun,
  countByKind,
  dropSetAside,
  enqueue,
  flush,
  ordered,
  type QueueEntry,
  retryDelay,
  retrySetAside,
  type SendOutcome,
} from "./queue.ts";

function queueOf(...kinds: QueueEntry["kind"][]): QueueEntry[] {
  let entries: QueueEntry[] = [];
  kinds.forEach((kind, i) => {
    entries = enqueue(entries, { kind, taskId: 7, payload: { n: i }, id: `id-${i}` }, 1000 + i);
  });
  return entries;
}

/** A server that records what it received and ignores a repeated client id, as the API does. */
function fakeServer(fail: (entry: QueueEntry, call: number) => SendOutcome | null = () => null) {
  const received: string[] = [];
  const records = new Set<string>();
  let calls = 0;
  return {
    received,
    records,
    send: (entry: QueueEntry): Promise<SendOutcome> => {
      const failure = fail(entry, calls++);
      if (failure && !failure.ok && failure.error === "lost reply") {
        records.add(entry.id); // The server stored it, the answer never came back.
        return Promise.resolve(failure);
      }
      if (failure) return Promise.resolve(failure);
      received.push(entry.id);
      records.add(entry.id);
      return Promise.resolve({ ok: true });
    },
  };
}

const noSave = () => Promise.resolve();

Deno.test("flush() sends entries in the order they were made", async () => {
  const server = fakeServer();
  const result = await flush(queueOf("status", "measurement", "photo", "estimate").reverse(), server.send, {
    now: () => 5000,
    save: noSave,
  });
  assert.deepEqual(server.received, ["id-0", "id-1", "id-2", "id-3"]);
  assert.deepEqual(result.remaining, []);
});

Deno.test("flush() stops at a failed entry so nothing goes ahead of it, and retries it after its delay", async () => {
  let offline = true;
  const server = fakeServer((e) =>
    offline && e.id === "id-1" ? { ok: false, retry: true, error: "offline" } : null
  );
  let now = 5000;
  const first = await flush(queueOf("status", "measurement", "photo"), server.send, {
    now: () => now,
    save: noSave,
  });
  assert.deepEqual(server.received, ["id-0"]);
  assert.deepEqual(first.remaining.map((e) => e.id), ["id-1", "id-2"]);
  assert.equal(first.remaining[0].attempts, 1);
  assert.equal(first.remaining[0].notBefore, 5000 + retryDelay(1));

  offline = false;
  const early = await flush(first.remaining, server.send, { now: () => now, save: noSave });
  assert.deepEqual(server.received, ["id-0"], "not tried again before its delay");
  now += retryDelay(1);
  const later = await flush(early.remaining, server.send, { now: () => now, save: noSave });
  assert.deepEqual(server.received, ["id-0", "id-1", "id-2"]);
  assert.deepEqual(later.remaining, []);
});

Deno.test("a retried request whose reply was lost creates its record once (the client id is the key)", async () => {
  const server = fakeServer((_entry, call) =>
    call === 0 ? { ok: false, retry: true, error: "lost reply" } : null
  );
  let now = 0;
  const first = await flush(queueOf("photo"), server.send, { now: () => now, save: noSave });
  now += retryDelay(5);
  await flush(first.remaining, server.send, { now: () => now, save: noSave });
  assert.deepEqual([...server.records], ["id-0"]);
});

Deno.test("retryDelay() doubles from 2 s and stops at 5 minutes", () => {
  assert.deepEqual([1, 2, 3, 10, 30].map(retryDelay), [2000, 4000, 8000, 300_000, 300_000]);
});

Deno.test("a refused entry is set aside with its error and the rest go on", async () => {
  const server = fakeServer((e) =>
    e.id === "id-0" ? { ok: false, retry: false, error: "Файл слишком большой" } : null
  );
  const result = await flush(queueOf("photo", "photo"), server.send, { now: () => 0, save: noSave });
  assert.deepEqual(result.refused.map((r) => [r.entry.id, r.error]), [["id-0", "Файл слишком большой"]]);
  assert.deepEqual(server.received, ["id-1"]);
});

Deno.test("the queue is saved after every step, so a reload mid-run repeats nothing sent", async () => {
  const saved: string[][] = [];
  await flush(queueOf("status", "photo"), fakeServer().send, {
    now: () => 0,
    save: (remaining) => {
      saved.push(remaining.map((e) => e.id));
      return Promise.resolve();
    },
  });
  assert.deepEqual(saved, [["id-1"], []]);
});

Deno.test("enqueue() keeps one untried measurement per task, with the newest values and id, in its place", () => {
  let entries = queueOf("measurement", "photo");
  entries = enqueue(entries, { kind: "measurement", taskId: 7, payload: { n: 9 }, id: "id-new" }, 9000);
  assert.deepEqual(entries.map((e) => [e.id, e.kind, e.payload]), [
    ["id-new", "measurement", { n: 9 }],
    ["id-1", "photo", { n: 1 }],
  ]);
  entries = enqueue(entries, { kind: "measurement", taskId: 8, payload: {}, id: "id-8" }, 9000);
  entries[2] = { ...entries[2], attempts: 1 };
  entries = enqueue(entries, { kind: "measurement", taskId: 8, payload: { n: 2 }, id: "id-8b" }, 9000);
  assert.deepEqual(entries.slice(2).map((e) => e.id), ["id-8", "id-8b"], "a tried one may be on the server");
  entries = entries.slice(0, 3);
  assert.equal(entries.length, 3);
  assert.deepEqual(countByKind(entries), { status: 0, measurement: 2, photo: 1, estimate: 0, visit: 0 });
});

Deno.test("a refused entry retried goes to the end of the queue untried, under its id, and is sent once", async () => {
  const server = fakeServer((_entry, call) =>
    call === 0 ? { ok: false, retry: false, error: "Задача закрыта" } : null
  );
  const first = await flush(queueOf("estimate", "photo"), server.send, {
    now: () => 0,
    save: () => Promise.resolve(),
  });
  const aside = first.refused.map((r) => ({ ...r.entry, attempts: 3, lastError: r.error }));
  assert.deepEqual(aside.map((e) => e.id), ["id-0"]);
  const waiting = enqueue(first.remaining, { kind: "status", taskId: 7, payload: {}, id: "id-s" }, 5000);
  const { queue, setAside } = retrySetAside(waiting, aside, "id-0");
  assert.deepEqual(setAside, []);
  assert.deepEqual(ordered(queue).map((e) => e.id), ["id-s", "id-0"]);
  const retried = queue.find((e) => e.id === "id-0")!;
  assert.deepEqual([retried.attempts, retried.notBefore, retried.lastError], [0, 0, null]);
  await flush(queue, server.send, { now: () => 0, save: () => Promise.resolve() });
  assert.deepEqual(server.received, ["id-1", "id-s", "id-0"]);
  // An id not set aside changes nothing.
  assert.deepEqual(retrySetAside(queue, aside, "id-x"), { queue, setAside: aside });
});

Deno.test("a refused entry deleted leaves the set-aside list, the others stay", () => {
  const aside = queueOf("estimate", "photo", "measurement");
  assert.deepEqual(dropSetAside(aside, "id-1").map((e) => e.id), ["id-0", "id-2"]);
  assert.deepEqual(dropSetAside(aside, "id-x").map((e) => e.id), ["id-0", "id-1", "id-2"]);
});

Deno.test("afterRun() keeps what was queued while a run was sending: «Повторить» during a run is not lost", async () => {
  // The run starts with the measurement; meanwhile the surveyor sends the refused estimate again.
  const started = queueOf("measurement");
  const retried = retrySetAside(started, queueOf("status", "photo", "estimate").slice(2), "id-2");
  let store = retried.queue;
  const server = fakeServer();
  await flush(started, server.send, {
    now: () => 0,
    save: (remaining) => {
      store = afterRun(store, started, remaining);
      return Promise.resolve();
    },
  });
  assert.deepEqual(server.received, ["id-0"]);
  assert.deepEqual(store.map((e) => e.id), ["id-2"], "the estimate waits for the next run");
  // A failed try is counted on the entry in the store, and the entry added meanwhile stays behind it.
  const failing = fakeServer(() => ({ ok: false, retry: true, error: "offline" }));
  const next = await flush(store, failing.send, { now: () => 5, save: noSave });
  const after = afterRun(
    [...store, ...queueOf("status").map((e) => ({ ...e, id: "new", seq: 9 }))],
    store,
    next.remaining,
  );
  assert.deepEqual(after.map((e) => [e.id, e.attempts]), [["id-2", 1], ["new", 0]]);
});
