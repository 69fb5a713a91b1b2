// One queue for every write of a process. The embedded driver runs each statement synchronously on the
// JavaScript thread, so a second writer that meets a held write lock busy-waits on the very thread that has
// to commit the first, then fails with SQLITE_BUSY (measured: db/write_queue_test.ts fails without the
// queue). Waiting in a promise queue instead lets the holder finish; reads never wait (WAL lets them run
// beside a writer). A lock another process holds (one process per core, the CLI) is waited for the same
// way: SQLite's own busy handler sleeps on the thread, and every request of the process stood still with
// it (one process per core under the mix: 73–83 such sleeps a process, 106–115 ms, in 7 s), so the writer
// meets a held lock at once and the write is tried again after a pause of the event loop instead.
import {
  type Client,
  type InArgs,
  type InStatement,
  LibsqlError,
  type Transaction,
  type TransactionMode,
} from "@libsql/client";

/** Hands out the right to write to one holder at a time, in arrival order. */
export class WriteQueue {
  #tail: Promise<void> = Promise.resolve();

  /** `onWait` hears how long each holder waited for its turn, ms (the server's metrics). */
  constructor(private readonly onWait?: (ms: number) => void) {}

  /**
   * Waits for the turn, at most `waitMs` (then fails as SQLite does when a lock stays held past its busy
   * timeout: a write through `db` inside its own transaction would otherwise wait for itself for ever).
   * The answer gives the turn back (calling it again does nothing).
   */
  async acquire(waitMs = Infinity): Promise<() => void> {
    let free!: () => void;
    const turn = new Promise<void>((resolve) => free = resolve);
    const before = this.#tail;
    this.#tail = before.then(() => turn);
    let freed = false;
    const asked = performance.now();
    const release = () => {
      if (freed) return;
      freed = true;
      free();
    };
    if (waitMs === Infinity) {
      await before;
      this.onWait?.(performance.now() - asked);
      return release;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const gaveUp = new Promise<"busy">((resolve) => timer = setTimeout(() => resolve("busy"), waitMs));
    const outcome = await Promise.race([before, gaveUp]);
    clearTimeout(timer);
    if (outcome === "busy") {
      // Our place in the line passes on at once when it comes.
      before.then(release);
      throw new LibsqlError(
        `Waited ${waitMs} ms for the write turn (a write through db inside its own transaction?)`,
        "SQLITE_BUSY",
      );
    }
    this.onWait?.(performance.now() - asked);
    return release;
  }

  /** Runs `work` in its turn and gives the turn back however it ends. */
  async run<T>(work: () => Promise<T>, waitMs?: number): Promise<T> {
    const release = await this.acquire(waitMs);
    try {
      return await work();
    } finally {
      release();
    }
  }
}

const sqlOf = (stmt: InStatement): string => typeof stmt === "string" ? stmt : stmt.sql;

/** Statements that only read: they run at once, beside a writer. */
function readsOnly(sql: string): boolean {
  return /^\s*(select|explain)\b/i.test(sql) || /^\s*pragma\s+\w+\s*;?\s*$/i.test(sql);
}

/** The pauses between tries of a write that met another process's lock, ms (the last one repeats). */
const BUSY_PAUSES_MS = [1, 1, 2, 2, 5, 5, 10, 10, 20, 20, 50];

/**
 * The libSQL client whose write transactions, batches and single write statements take turns through
 * `queue`, waiting at most `waitMs` each, on `writer` (by default `client` itself: a local database gets a
 * client of one connection of its own, db/client.ts); a transaction gives its turn back on commit, rollback
 * or close, whichever comes first. Reads go straight to `client`. A write that meets another process's lock
 * (SQLITE_BUSY: the writer's connection does not wait for it) is tried again, in its turn, for up to
 * `busyWaitMs`.
 */
export function queuedClient(
  client: Client,
  waitMs: number,
  { writer = client, queue = new WriteQueue(), renewWriter, busyWaitMs = 0 }: {
    writer?: Client;
    queue?: WriteQueue;
    /** Opens the writer's connection afresh (after SQLITE_BUSY, see below). */
    renewWriter?: () => Promise<void>;
    /** How long a write waits for a lock another process holds, ms. */
    busyWaitMs?: number;
  } = {},
): Client {
  // Tried again only as a whole: a statement, a batch, a migration or the BEGIN of a transaction, each of
  // which has written nothing when it meets the lock. The native driver leaves a statement that failed with
  // SQLITE_BUSY unfinished on its connection, and a later write there is never committed; the same
  // statement run again is reset first, and after the last try the writer's connection is opened afresh
  // before the failure reaches the caller.
  const waitingOutBusy = async <T>(work: () => Promise<T>): Promise<T> => {
    const deadline = performance.now() + busyWaitMs;
    for (let tries = 0;; tries++) {
      try {
        return await work();
      } catch (error) {
        if (!isBusy(error)) throw error;
        const pause = BUSY_PAUSES_MS[Math.min(tries, BUSY_PAUSES_MS.length - 1)];
        if (performance.now() + pause > deadline) {
          if (renewWriter) await renewWriter();
          throw error;
        }
        await new Promise((resolve) => setTimeout(resolve, pause));
      }
    }
  };
  const inTurn = <T>(work: () => Promise<T>) => queue.run(() => waitingOutBusy(work), waitMs);
  return {
    get closed() {
      return client.closed;
    },
    get protocol() {
      return client.protocol;
    },
    execute(stmt: InStatement | string, args?: InArgs) {
      const statement: InStatement = typeof stmt === "string" ? { sql: stmt, args: args ?? [] } : stmt;
      if (readsOnly(sqlOf(statement))) return client.execute(statement);
      return inTurn(() => writer.execute(statement));
    },
    batch: (stmts, mode) =>
      mode === "read" ? client.batch(stmts, mode) : inTurn(() => writer.batch(stmts, mode)),
    migrate: (stmts) => inTurn(() => writer.migrate(stmts)),
    // Several statements, each committed on its own: not tried again.
    executeMultiple: (sql) => queue.run(() => writer.executeMultiple(sql), waitMs),
    async transaction(mode: TransactionMode = "write") {
      if (mode === "read") return await client.transaction(mode);
      const release = await queue.acquire(waitMs);
      try {
        return heldTransaction(await waitingOutBusy(() => writer.transaction(mode)), release);
      } catch (error) {
        release();
        throw error;
      }
    },
    sync: () => client.sync(),
    close() {
      client.close();
      if (writer !== client) writer.close();
    },
    async reconnect() {
      await client.reconnect();
      if (writer !== client) await writer.reconnect();
    },
  } as Client;
}

const isBusy = (error: unknown) => error instanceof LibsqlError && error.code.startsWith("SQLITE_BUSY");

/** `tx` with its turn given back when it ends. */
function heldTransaction(tx: Transaction, release: () => void): Transaction {
  const releasing = async (end: () => Promise<void>) => {
    try {
      await end();
    } finally {
      release();
    }
  };
  return {
    get closed() {
      return tx.closed;
    },
    execute: (stmt) => tx.execute(stmt),
    batch: (stmts) => tx.batch(stmts),
    executeMultiple: (sql) => tx.executeMultiple(sql),
    commit: () => releasing(() => tx.commit()),
    rollback: () => releasing(() => tx.rollback()),
    close() {
      try {
        tx.close();
      } finally {
        release();
      }
    },
  };
}
