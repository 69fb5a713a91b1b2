// The queue of what the surveyor did with no signal, as pure functions over a list of entries:
// status changes, measurements, photos, estimates and service visit reports, sent in the order they were made. Each entry carries a
// client-generated id that goes with its request, so a retry of a request the server already received
// creates nothing new (the server answers the record it has). The device storage is in store.ts, the sending
// in sync.ts.

export type QueueKind = "status" | "measurement" | "photo" | "estimate" | "visit";

export interface QueueEntry<P = unknown> {
  /** Client-generated id, sent as `clientId`: the server ignores a repeat. */
  id: string;
  /** Order of creation; entries are sent strictly in this order. */
  seq: number;
  kind: QueueKind;
  taskId: number;
  createdAt: number;
  attempts: number;
  /** Device time (ms) before which a failed entry is not tried again. */
  notBefore: number;
  lastError: string | null;
  payload: P;
}

/** What sending one entry ended in: sent (or already on the server), try later, or refused for good. */
export type SendOutcome = { ok: true } | { ok: false; retry: boolean; error: string };

/** Waits between tries of a failed entry: 2 s, 4 s, 8 s … up to 5 minutes. */
export function retryDelay(attempts: number): number {
  return Math.min(300_000, 1000 * 2 ** Math.max(1, attempts));
}

/**
 * Adds an entry at the end. A measurement replaces the task's measurement that was never tried, in its place
 * (the newer values, under their own id, are what the server must get: one record is created); one already
 * tried may have reached the server under its id, so the newer values then go as an entry of their own.
 */
export function enqueue<P>(
  entries: readonly QueueEntry[],
  entry: { kind: QueueKind; taskId: number; payload: P; id: string },
  now: number,
): QueueEntry[] {
  if (entry.kind === "measurement") {
    const waiting = entries.find((e) =>
      e.kind === "measurement" && e.taskId === entry.taskId && e.attempts === 0
    );
    if (waiting) {
      return entries.map((e) => e === waiting ? { ...e, id: entry.id, payload: entry.payload } : e);
    }
  }
  const seq = entries.reduce((max, e) => Math.max(max, e.seq), 0) + 1;
  return [...entries, {
    ...entry,
    seq,
    createdAt: now,
    attempts: 0,
    notBefore: 0,
    lastError: null,
  }];
}

/** Entries in sending order. */
export function ordered(entries: readonly QueueEntry[]): QueueEntry[] {
  return [...entries].sort((a, b) => a.seq - b.seq);
}

/** How many entries of each kind are waiting (the sync indicator's line). */
export function countByKind(entries: readonly QueueEntry[]): Record<QueueKind, number> {
  const counts = { status: 0, measurement: 0, photo: 0, estimate: 0, visit: 0 };
  for (const e of entries) counts[e.kind]++;
  return counts;
}

/** The entry after a failed try: counted, with the error, not tried again before its delay. */
export function failed(entry: QueueEntry, error: string, now: number): QueueEntry {
  const attempts = entry.attempts + 1;
  return { ...entry, attempts, lastError: error, notBefore: now + retryDelay(attempts) };
}

export interface FlushResult {
  /** The entries still waiting, with their tries counted. */
  remaining: QueueEntry[];
  sent: string[];
  /** Refused for good by the server (a 4xx other than a conflict): kept aside for the surveyor, not lost. */
  refused: { entry: QueueEntry; error: string }[];
}

/**
 * Sends the waiting entries in order, one at a time. A try that fails for want of a connection (or a server
 * error) stops the run, so nothing is sent ahead of an earlier entry; it is tried again after its delay.
 * `save` is told the queue (and what was refused so far) after every step, so a reload mid-run loses nothing
 * and repeats nothing sent.
 */
export async function flush(
  entries: readonly QueueEntry[],
  send: (entry: QueueEntry) => Promise<SendOutcome>,
  options: {
    now: () => number;
    save: (remaining: QueueEntry[], refused: FlushResult["refused"]) => Promise<void>;
  },
): Promise<FlushResult> {
  let remaining = ordered(entries);
  const sent: string[] = [];
  const refused: FlushResult["refused"] = [];
  while (remaining.length > 0) {
    const entry = remaining[0];
    if (entry.notBefore > options.now()) break;
    const outcome = await send(entry);
    if (outcome.ok) {
      sent.push(entry.id);
      remaining = remaining.slice(1);
    } else if (!outcome.retry) {
      refused.push({ entry, error: outcome.error });
      remaining = remaining.slice(1);
    } else {
      remaining = [failed(entry, outcome.error, options.now()), ...remaining.slice(1)];
      await options.save(remaining, refused);
      break;
    }
    await options.save(remaining, refused);
  }
  return { remaining, sent, refused };
}

/**
 * What a sending run has done, applied to the queue as it is now rather than written over it: the run
 * worked on the entries it read at its start (`started`), and `remaining` is what it still holds of them.
 * Entries it no longer holds were sent or set aside and leave; the ones it holds carry their counted tries;
 * entries added meanwhile («Повторить», a new measurement) stay. Writing `remaining` as the whole queue
 * would drop those.
 */
export function afterRun(
  current: readonly QueueEntry[],
  started: readonly QueueEntry[],
  remaining: readonly QueueEntry[],
): QueueEntry[] {
  const held = new Map(remaining.map((e) => [e.id, e]));
  const left = new Set(started.filter((e) => !held.has(e.id)).map((e) => e.id));
  return current.filter((e) => !left.has(e.id)).map((e) => held.get(e.id) ?? e);
}

/**
 * The surveyor's «Повторить» for an entry the server refused: it leaves the set-aside list and waits again at
 * the end of the queue, untried, under its own id (so a request that did reach the server is not made twice).
 */
export function retrySetAside(
  queue: readonly QueueEntry[],
  setAside: readonly QueueEntry[],
  id: string,
): { queue: QueueEntry[]; setAside: QueueEntry[] } {
  const entry = setAside.find((e) => e.id === id);
  if (!entry) return { queue: [...queue], setAside: [...setAside] };
  const seq = queue.reduce((max, e) => Math.max(max, e.seq), entry.seq) + 1;
  return {
    queue: [...queue, { ...entry, seq, attempts: 0, notBefore: 0, lastError: null }],
    setAside: setAside.filter((e) => e !== entry),
  };
}

/** The surveyor's «Удалить» (after confirming): the refused entry is dropped from the device. */
export function dropSetAside(setAside: readonly QueueEntry[], id: string): QueueEntry[] {
  return setAside.filter((e) => e.id !== id);
}
