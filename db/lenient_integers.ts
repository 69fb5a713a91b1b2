// «A read never throws on a stored value»: an integer past the safe range (written before the
// bounds, or by hand) makes @libsql/client refuse the whole read with a RangeError, which would take every
// list that reads the row down. The driver cannot read it leniently on its own, so such a read (and only
// such a read: the usual path pays nothing) runs again on a second client that reads integers as bigints;
// each becomes the nearest number, and the table, the column and the row's id are logged (no values: they
// may be personal).
import type { Client, InArgs, InStatement, ResultSet, Row, Transaction } from "@libsql/client";

const UNSAFE_INTEGER = /cannot be safely represented as a JavaScript number/;

const isUnsafeIntegerRead = (error: unknown) =>
  error instanceof RangeError && UNSAFE_INTEGER.test(error.message);

/** `rows` as numbers, logging each value that was past the safe range. */
function asNumbers(result: ResultSet, sql: string): ResultSet {
  const table = /\bfrom\s+["`]?(\w+)/i.exec(sql)?.[1] ?? "?";
  const idColumn = result.columns.indexOf("id");
  const rows = result.rows.map((row) => {
    const values = Array.prototype.map.call(row, (value: unknown, i: number) => {
      if (typeof value !== "bigint") return value;
      if (!Number.isSafeInteger(Number(value))) {
        console.error(
          `Integer past the safe range read inexactly: table "${table}", column "${result.columns[i]}", id ${
            idColumn >= 0 ? String(row[idColumn]) : "?"
          }`,
        );
      }
      return Number(value);
    }) as unknown[];
    const shaped: Record<string | number, unknown> = {};
    Object.defineProperty(shaped, "length", { value: values.length });
    values.forEach((value, i) => Object.defineProperty(shaped, i, { value }));
    result.columns.forEach((name, i) => {
      if (!Object.hasOwn(shaped, name)) shaped[name] = values[i];
    });
    return shaped as unknown as Row;
  });
  return { ...result, rows, toJSON: () => ({ ...result.toJSON(), rows }) };
}

/**
 * `client` whose reads (alone or in a transaction) that meet an integer past the safe range are answered
 * by `bigints` (the same database, `intMode: "bigint"`), as numbers. A read inside a transaction is read
 * again outside it: only rows with such a value, which the transaction has not just written, are affected.
 */
export function lenientIntegers(client: Client, openBigints: () => Client): Client {
  let opened: Client | null = null;
  const bigints = () => opened ??= openBigints();
  const retried = async (stmt: InStatement, run: () => Promise<ResultSet>): Promise<ResultSet> => {
    try {
      return await run();
    } catch (error) {
      if (!isUnsafeIntegerRead(error)) throw error;
      return asNumbers(await bigints().execute(stmt), typeof stmt === "string" ? stmt : stmt.sql);
    }
  };
  const lenientTransaction = (tx: Transaction): Transaction => ({
    get closed() {
      return tx.closed;
    },
    execute: (stmt) => retried(stmt, () => tx.execute(stmt)),
    batch: (stmts) => tx.batch(stmts),
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
      return retried(statement, () => client.execute(statement));
    },
    batch: (stmts, mode) => client.batch(stmts, mode),
    migrate: (stmts) => client.migrate(stmts),
    executeMultiple: (sql) => client.executeMultiple(sql),
    transaction: async (mode) => lenientTransaction(await client.transaction(mode)),
    sync: () => client.sync(),
    close() {
      client.close();
      opened?.close();
      opened = null;
    },
    reconnect: () => client.reconnect(),
  } as Client;
}
