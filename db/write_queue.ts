// One queue for every write of a process. The embedded libSQL driver runs each statement synchronously
// on the JavaScript thread, so a second writer that meets a held write lock busy-waits on the very thread
// that has to commit the first, then fails with SQLITE_BUSY. Waiting in a promise queue instead lets the
// holder finish; reads never wait (WAL lets them run beside a writer).
import { AsyncLocalStorage } from "node:async_hooks";
import type { Client, InArgs, InStatement, ResultSet, Transaction, TransactionMode } from "@libsql/client";

/** Hands out the right to write to one holder at a time, in arrival order. */
export class WriteQueue {
  #tail: Promise<void> = Promise.resolve();

  /** Waits for the turn; the answer gives it back (calling it again does nothing). */
  async acquire(): Promise<() => void> {
    let free!: () => void;
    const turn = new Promise<void>((resolve) => free = resolve);
    const before = this.#tail;
    this.#tail = before.then(() => turn);
    await before;
    let freed = false;
    return () => {
      if (freed) return;
      freed = true;
      free();
    };
  }

  /** Runs `work` in its turn and gives the turn back however it ends. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await work();
    } finally {
      release();
    }
  }
}

/** Thrown instead of waiting forever for a turn the caller itself holds. */
export class NestedWriteError extends Error {
  constructor() {
    super(
      "A write through the database object inside its own write transaction would wait for itself: " +
        "write through the transaction (`tx`) instead",
    );
  }
}

const sqlOf = (stmt: InStatement): string => typeof stmt === "string" ? stmt : stmt.sql;

/** Statements that only read: they run at once, beside a writer. */
function readsOnly(sql: string): boolean {
  return /^\s*(select|explain)\b/i.test(sql) || /^\s*pragma\s+\w+\s*;?\s*$/i.test(sql);
}

/**
 * Wraps a libSQL client so that its write transactions, batches and single write statements take turns
 * through `queue`, and a transaction gives its turn back on commit, rollback or close, whichever comes
 * first. `marked` runs the code of a write transaction, where waiting for the queue would wait for itself.
 */
export function queueWrites(client: Client, queue = new WriteQueue()) {
  // Open while a transaction's code runs; work it started that outlives it (a timer) may write again.
  const inside = new AsyncLocalStorage<{ open: boolean }>();

  async function turn(): Promise<() => void> {
    if (inside.getStore()?.open) throw new NestedWriteError();
    return await queue.acquire();
  }

  async function inTurn<T>(work: () => Promise<T>): Promise<T> {
    if (inside.getStore()?.open) throw new NestedWriteError();
    return await queue.run(work);
  }

  function heldTransaction(tx: Transaction, release: () => void): Transaction {
    return new Proxy(tx, {
      get(target, key) {
        if (key === "commit" || key === "rollback") {
          return async () => {
            try {
              await target[key]();
            } finally {
              release();
            }
          };
        }
        if (key === "close") {
          return () => {
            try {
              target.close();
            } finally {
              release();
            }
          };
        }
        const value = Reflect.get(target, key, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  }

  // A method assigned through the queued client (a test helper that counts statements) wraps the queued
  // one it read before, so it is answered as it is: queueing it again would wait for its own turn.
  const assigned = new Map<string | symbol, unknown>();
  const queued = new Proxy(client, {
    set(_target, key, value) {
      assigned.set(key, value);
      return true;
    },
    get(target, key) {
      if (assigned.has(key)) return assigned.get(key);
      switch (key) {
        case "execute": {
          const execute = target.execute.bind(target) as (s: InStatement, a?: InArgs) => Promise<ResultSet>;
          return (stmt: InStatement, args?: InArgs) =>
            readsOnly(sqlOf(stmt)) ? execute(stmt, args) : inTurn(() => execute(stmt, args));
        }
        case "batch":
          return (stmts: InStatement[], mode?: TransactionMode) =>
            mode === "read" ? target.batch(stmts, mode) : inTurn(() => target.batch(stmts, mode));
        case "executeMultiple":
          return (sql: string) => inTurn(() => target.executeMultiple(sql));
        case "migrate":
          return (stmts: InStatement[]) => inTurn(() => target.migrate(stmts));
        case "transaction":
          return async (mode: TransactionMode = "write") => {
            if (mode === "read") return await target.transaction(mode);
            const release = await turn();
            try {
              return heldTransaction(await target.transaction(mode), release);
            } catch (error) {
              release();
              throw error;
            }
          };
      }
      const value = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });

  return {
    client: queued,
    /** Runs a write transaction's code so that a write bypassing its `tx` fails at once. */
    marked<T>(work: () => Promise<T>): Promise<T> {
      const state = { open: true };
      return inside.run(state, async () => {
        try {
          return await work();
        } finally {
          state.open = false;
        }
      });
    },
  };
}
