// Test helper: counts the SQL statements the app sends to the database while a function runs.
import { type Db, hearPageReads } from "../db/client.ts";

/**
 * Runs `fn` and returns its result with the statements sent meanwhile: the client's (execute and batch,
 * each counted) and those of the cached pages' reader (db/page_reader.ts).
 */
export async function countQueries<T>(
  db: Db,
  fn: () => Promise<T>,
): Promise<{ result: T; queries: string[] }> {
  const client = db.$client;
  const queries: string[] = [];
  const execute = client.execute;
  const batch = client.batch;
  const sqlOf = (stmt: unknown) => typeof stmt === "string" ? stmt : (stmt as { sql: string }).sql;
  client.execute = ((stmt: unknown, ...rest: unknown[]) => {
    queries.push(sqlOf(stmt));
    return (execute as (...a: unknown[]) => unknown).call(client, stmt, ...rest);
  }) as typeof client.execute;
  client.batch = ((stmts: unknown[], ...rest: unknown[]) => {
    for (const s of stmts) queries.push(sqlOf(s));
    return (batch as (...a: unknown[]) => unknown).call(client, stmts, ...rest);
  }) as typeof client.batch;
  const stopHearing = hearPageReads(db, (sql) => queries.push(sql));
  try {
    return { result: await fn(), queries };
  } finally {
    stopHearing();
    client.execute = execute;
    client.batch = batch;
  }
}
