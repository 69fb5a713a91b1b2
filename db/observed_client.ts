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
  const observedTx = (tx: Transaction): Transaction =>
    new Proxy(tx, {
      get(target, prop) {
        if (prop === "execute") return (stmt: InStatement) => timed(kindOf(stmt), () => target.execute(stmt));
        if (prop === "batch") return (stmts: InStatement[]) => timed("batch", () => target.batch(stmts));
        const value = Reflect.get(target, prop, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  return new Proxy(client, {
    get(target, prop) {
      if (prop === "execute") {
        return (stmt: InStatement | string, args?: InArgs) =>
          timed(
            kindOf(stmt),
            () => typeof stmt === "string" ? target.execute(stmt, args) : target.execute(stmt),
          );
      }
      if (prop === "batch") {
        return (stmts: InStatement[], mode?: never) => timed("batch", () => target.batch(stmts, mode));
      }
      if (prop === "transaction") {
        return async (mode?: never) => observedTx(await target.transaction(mode));
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
