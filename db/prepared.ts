// Read queries prepared once: drizzle builds the SQL of a query-builder chain on every call, which cost a
// list page more than running its statements did (README «Performance»). A query is built the first time a
// shape of it is asked for, with a placeholder for every value, and reused with the next values.
import { type Placeholder, sql } from "drizzle-orm";
import type { Db } from "./client.ts";
import { keptRead, type KeptRows } from "./table_versions.ts";

/** A value bound to a placeholder, as the driver stores it (a timestamp as its milliseconds, a flag as 0/1). */
export type Bound = string | number | null;

/** Placeholders by the names of the values given; one is undefined when its value is (the builder leaves its condition out). */
export type Placeholders<V> = {
  [K in keyof V]-?: undefined extends V[K] ? Placeholder<K & string> | undefined : Placeholder<K & string>;
};

interface Prepared {
  all(values?: Record<string, unknown>): unknown;
  get(values?: Record<string, unknown>): unknown;
}

interface Built {
  query: Prepared;
  sql: string;
}

/** Per database: the queries built, and the rows of reads kept for the requests that read them again. */
const built = new WeakMap<Db, Map<string, Built>>();
const keptRows = new WeakMap<Db, Map<string, KeptRows>>();

/**
 * The prepared query `build` makes for these values, kept per database under `name` and the names of
 * the values present (undefined ones are left out). The shape of the query must follow from which values
 * are present, never from what they are: two calls with the same names share one statement.
 * For example `preparedQuery(db, "unread", { userId }, (p) => db.select({ n: count() }).from(notifications)
 * .where(eq(notifications.userId, p.userId))).all()`.
 *
 * Within a request whose answer is kept (server/kept_answers.ts), a read gives the rows it gave before, for
 * the same values, while the tables it names are unchanged (db/table_versions.ts `keptRead`); the rows are
 * then frozen.
 */
export function preparedQuery<V extends Record<string, Bound | undefined>, Q extends Prepared>(
  db: Db,
  name: string,
  values: V,
  build: (p: Placeholders<V>) => { prepare(): Q; toSQL(): { sql: string } },
): { all(): ReturnType<Q["all"]>; get(): ReturnType<Q["get"]> } {
  const present: Record<string, Bound> = {};
  for (const [k, v] of Object.entries(values)) if (v !== undefined) present[k] = v;
  const key = `${name}(${Object.keys(present).join(",")})`;
  let byKey = built.get(db);
  if (!byKey) built.set(db, byKey = new Map());
  let found = byKey.get(key);
  if (!found) {
    const placeholders = Object.fromEntries(Object.keys(present).map((k) => [k, sql.placeholder(k)]));
    const builder = build(placeholders as Placeholders<V>);
    found = { query: builder.prepare(), sql: builder.toSQL().sql };
    byKey.set(key, found);
  }
  const { query, sql: text } = found;
  let rows = keptRows.get(db);
  if (!rows) keptRows.set(db, rows = new Map());
  const kept = rows;
  const read = (how: "all" | "get") =>
    keptRead(
      kept,
      () => `${how} ${key} ${JSON.stringify(present)}`,
      text,
      () => query[how](present) as Promise<unknown>,
    );
  return {
    all: () => read("all") as ReturnType<Q["all"]>,
    get: () => read("get") as ReturnType<Q["get"]>,
  };
}
