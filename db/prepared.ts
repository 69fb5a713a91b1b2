// Read queries prepared once: drizzle builds the SQL of a query-builder chain on every call, which cost a
// list page more than running its statements did (README «Performance»). A query is built the first time a
// shape of it is asked for, with a placeholder for every value, and reused with the next values.
import { type Placeholder, sql } from "drizzle-orm";
import type { Db } from "./client.ts";

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
}

/** Per database: the queries built. */
const built = new WeakMap<Db, Map<string, Built>>();

/**
 * The prepared query `build` makes for these values, kept per database under `name` and the names of
 * the values present (undefined ones are left out). The shape of the query must follow from which values
 * are present, never from what they are: two calls with the same names share one statement.
 * For example `preparedQuery(db, "unread", { userId }, (p) => db.select({ n: count() }).from(notifications)
 * .where(eq(notifications.userId, p.userId))).all()`.
 */
export function preparedQuery<V extends Record<string, Bound | undefined>, Q extends Prepared>(
  db: Db,
  name: string,
  values: V,
  build: (p: Placeholders<V>) => { prepare(): Q },
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
    found = { query: builder.prepare() };
    byKey.set(key, found);
  }
  const { query } = found;
  return {
    all: () => query.all(present) as ReturnType<Q["all"]>,
    get: () => query.get(present) as ReturnType<Q["get"]>,
  };
}
