// Reads that can take long at a large company run off the request thread. The embedded database runs on
// the thread that calls it: a read stepping through many rows holds every other request of the process
// (`/api/user` waited for `/analytics`). A Deno Web Worker with its own read connection to the same file
// answers the named reads of db/read_queries.ts instead; the request thread only waits for the answer.
// A read that was seen to be quick runs on the request thread all the same: sent to the worker, its page
// waited for its turn on the request thread twice (the question, then the answer), and the messages cost
// more than the read (server/api/read_worker_test.ts; docs/performance.md «Where a named read runs»).
// Hand-written because no library offers a worker-backed libSQL reader; it is one message type each way.
import { LRUCache } from "lru-cache";
import type { Db } from "./client.ts";
import { localPath, pageReader } from "./client.ts";
import { type ReadAnswer, type ReadArgs, type ReadName, readQueries } from "./read_queries.ts";
import type { ReadWorkerAnswer, ReadWorkerMessage } from "./read_worker_main.ts";

/** Where the named reads run: `read()` answers as the same function on the main thread would. */
export interface Reads {
  read<N extends ReadName>(name: N, args: ReadArgs<N>): Promise<ReadAnswer<N>>;
  /**
   * Starts the worker now rather than at the first read (a served process calls it once it listens,
   * main.ts); resolves once it answers reads. Reads asked before then run on the calling thread.
   */
  start(): Promise<void>;
  /** Stops the worker, if one was started; reads still waiting are refused. */
  close(): void;
  /** Whether a worker is running (started by a read, not yet stopped). */
  readonly running: boolean;
}

/**
 * A read that took at most this long in the worker runs on the request thread next time; one that took
 * longer, or has not run yet, in the worker. Far below what a stall is (the stall bench's target is 50 ms),
 * and above what the reads take at the demo's size (0.2–1.5 ms).
 */
export const QUICK_READ_MS = 2;
/**
 * A read stays on the request thread while it takes at most this long there. Its time there counts the
 * other requests' work that ran between its awaits, so under load a quick read measures a few ms more.
 */
export const STAY_IN_PLACE_MS = 5;

/** A kind of read's last run: how long it took, ms, and whether on the request thread. */
export interface LastRun {
  ms: number;
  inPlace: boolean;
}

/** Whether a read whose kind last ran so (undefined: not yet) runs on the request thread now. */
export function runsInPlace(last: LastRun | undefined): boolean {
  return last !== undefined && last.ms <= (last.inPlace ? STAY_IN_PLACE_MS : QUICK_READ_MS);
}

/** Where a named read ran, told to whoever counts them (server/metrics.ts). */
export type ReadCounter = (name: ReadName, where: "worker" | "request thread") => void;

/** The kinds of read told apart: more than a process meets (companies × periods, the searches typed). */
const READ_KINDS = 5000;

/** What tells one kind of read from another: its name and arguments, but not the instant it is asked at. */
export const readKind = (name: ReadName, args: unknown) =>
  `${name} ${JSON.stringify({ ...args as Record<string, unknown>, now: undefined })}`;

/** The app's reads: its worker's when it has one, else the main thread's. */
export function readsOf(deps: { db: Db; reads?: Reads }): Reads {
  return deps.reads ?? mainThreadReads(deps.db);
}

/** The reads on the calling thread: a remote or in-memory database, or an app told not to use a worker. */
export function mainThreadReads(db: Db): Reads {
  return {
    read: <N extends ReadName>(name: N, args: ReadArgs<N>) =>
      (readQueries[name] as (d: Db, a: ReadArgs<N>) => Promise<ReadAnswer<N>>)(db, args),
    start: () => Promise.resolve(),
    close: () => {},
    running: false,
  };
}

/**
 * The reads in a worker of their own on the local database at `url`; for any other database, on the main
 * thread. The worker starts at start() or at the first read (most processes of the tests never need one)
 * and is terminated by close(). Until it has loaded (about a second after a start, measured: the first
 * /analytics of a fresh server took 1.3 s waiting for it), reads run on the calling thread instead of
 * waiting for it. The worker also checkpoints the file (db/checkpoints.ts); `checkpointsStopped` is told why,
 * if they stop.
 */
export function workerReads(
  url: string,
  db: Db,
  counted: ReadCounter = () => {},
  checkpointsStopped: (message: string) => void = () => {},
): Reads {
  if (localPath(url) === null) return mainThreadReads(db);
  // Only reads, so the request thread runs them through the reader made for them (db/page_reader.ts).
  const inPlace = mainThreadReads(pageReader(db));
  /** The last run of each kind of read. */
  const lastRun = new LRUCache<string, LastRun>({ max: READ_KINDS });
  let worker: Worker | null = null;
  let ready: Promise<void> | null = null;
  /** The worker said it is ready, and has not failed since. */
  let answering = false;
  let failure: Error | null = null;
  let nextId = 1;
  let closed = false;
  const waiting = new Map<
    number,
    { kind: string; resolve(value: unknown): void; reject(error: Error): void }
  >();

  const refuseAll = (error: Error) => {
    for (const w of waiting.values()) w.reject(error);
    waiting.clear();
  };
  const start = () => {
    ready ??= new Promise<void>((resolve, reject) => {
      worker = new Worker(new URL("./read_worker_main.ts", import.meta.url), { type: "module" });
      worker.onmessage = (event: MessageEvent<ReadWorkerAnswer>) => {
        const answer = event.data;
        if ("checkpointsStopped" in answer) return checkpointsStopped(answer.checkpointsStopped);
        if ("ready" in answer) {
          if (!answer.ready) return reject(failure = new Error(`read worker: ${answer.message}`));
          answering = true;
          return resolve();
        }
        const w = waiting.get(answer.id);
        if (!w) return;
        waiting.delete(answer.id);
        lastRun.set(w.kind, { ms: answer.ms, inPlace: false });
        if (answer.ok) w.resolve(answer.value);
        else w.reject(new Error(answer.message));
      };
      worker.onerror = (event) => {
        event.preventDefault();
        const error = failure = new Error(`read worker: ${event.message}`);
        answering = false;
        reject(error);
        refuseAll(error);
      };
      worker.postMessage({ open: url } satisfies ReadWorkerMessage);
    });
    return ready;
  };

  const begin = () => {
    if (closed) return Promise.reject(new Error("read worker: the app is stopping"));
    const started = start();
    // A failed start is told to the reads that come after it.
    started.catch(() => {});
    return started;
  };

  return {
    get running() {
      return worker !== null;
    },
    start: begin,
    async read<N extends ReadName>(name: N, args: ReadArgs<N>): Promise<ReadAnswer<N>> {
      if (closed) throw new Error("read worker: the app is stopping");
      if (failure) throw failure;
      if (!answering) {
        begin();
        counted(name, "request thread");
        return await inPlace.read(name, args);
      }
      const kind = readKind(name, args);
      if (runsInPlace(lastRun.get(kind))) {
        counted(name, "request thread");
        const started = performance.now();
        try {
          return await inPlace.read(name, args);
        } finally {
          lastRun.set(kind, { ms: performance.now() - started, inPlace: true });
        }
      }
      counted(name, "worker");
      const id = nextId++;
      return await new Promise<ReadAnswer<N>>((resolve, reject) => {
        waiting.set(id, { kind, resolve: resolve as (value: unknown) => void, reject });
        worker!.postMessage({ id, name, args } satisfies ReadWorkerMessage);
      });
    },
    close() {
      closed = true;
      answering = false;
      // Terminating ends its connection with it, a start under way included.
      (worker as Worker | null)?.terminate();
      worker = null;
      ready?.catch(() => {});
      ready = null;
      refuseAll(new Error("read worker: the app is stopping"));
    },
  };
}
