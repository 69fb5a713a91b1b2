// A libSQL client that reports how long each statement takes (the server's metrics listen, server/metrics.ts).
import type { Client, InArgs, InStatement, Transaction } from "@libsql/client";

/** Who hears the database's timings: each statement's (ms) and each write's wait for its turn (ms). */
export interface DbObserver {
  statement(kind: "read" | "write" | "batch", ms: number): void;
  queueWait(ms: number): void;
}

const kindOf = (stmt: InStatement | string): "read" | "write" =>
  /^\s*(select|pragma|explain)\b/i.test(typeof stmt === "string" ? stmt : stmt.sql) ? "read" : "write";

/** `client` with the time of each execute and batch, in or out of a transaction, told to `observer`. */
export function observedClient(client: Client, observer: DbObserver): Client {
  const timed = async <T>(kind: "read" | "write" | "batch", work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await work();
    } finally {
      observer.statement(kind, performance.now() - started);
    }
  };
  const observedTx = (tx: Transaction): Transaction => ({
    get closed() {
      return tx.closed;
    },
    execute: (stmt) => timed(kindOf(stmt), () => tx.execute(stmt)),
    batch: (stmts) => timed("batch", () => tx.batch(stmts)),
    executeMultiple: (sql) => tx.executeMultiple(sql),
    commit: () => tx.commit(),
    rollback: () => tx.rollback(),
    close: () => tx.close(),
  });
  return {
    get closed() {
      return client.closed;
    },
    get protocol() {
      return client.protocol;
    },
    execute(stmt: InStatement | string, args?: InArgs) {
      const statement: InStatement = typeof stmt === "string" ? { sql: stmt, args: args ?? [] } : stmt;
      return timed(kindOf(statement), () => client.execute(statement));
    },
    batch: (stmts, mode) => timed("batch", () => client.batch(stmts, mode)),
    migrate: (stmts) => client.migrate(stmts),
    executeMultiple: (sql) => client.executeMultiple(sql),
    transaction: async (mode) => observedTx(await client.transaction(mode)),
    sync: () => client.sync(),
    close: () => client.close(),
    reconnect: () => client.reconnect(),
  } as Client;
}
