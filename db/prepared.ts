// Queries prepared once: drizzle builds the SQL of a query-builder chain on every call, which cost a list
// page, and a write's statements, more than running them did (README «Performance»). A query is built the
// first time a shape of it is asked for, with a placeholder for every value, and reused with the next values.
import { and, eq, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Executor } from "./client.ts";
import type { Scope } from "./scope.ts";

/** A value bound to a placeholder, as the driver stores it (a timestamp as its milliseconds, a flag as 0/1). */
export type Bound = string | number | null;

/** Placeholders by the names of the values given; one is undefined when its value is (the builder leaves its condition out). */
export type Placeholders<V> = {
  [K in keyof V]-?: undefined extends V[K] ? Placeholder<K & string> | undefined : Placeholder<K & string>;
};

interface Prepared {
  all(values?: Record<string, unknown>): unknown;
  get(values?: Record<string, unknown>): unknown;
  run(values?: Record<string, unknown>): unknown;
}

interface Built {
  query: Prepared;
}

/**
 * What drizzle's session of a database or transaction holds (not in its public types): the driver's client,
 * shared by the database and its transactions, and for @libsql/client's transaction the transaction, which a
 * prepared query of drizzle's libSQL driver runs through when it has one (drizzle-orm/libsql/session.js).
 */
interface Session {
  client: object;
  tx?: unknown;
}

const sessionOf = (db: Executor) => (db as unknown as { session: Session }).session;

/** Per driver client: the queries built, for the database and each of its transactions alike. */
const built = new WeakMap<object, Map<string, Built>>();

/**
 * The prepared query `build` makes for these values, cached per database under `name` and the names of
 * the values present (undefined ones are left out). The shape of the query must follow from which values
 * are present, never from what they are: two calls with the same names share one statement. A transaction
 * of the database shares its queries: one built outside runs inside the transaction it is asked in.
 * For example `preparedQuery(db, "unread", { userId }, (p) => db.select({ n: count() }).from(notifications)
 * .where(eq(notifications.userId, p.userId))).all()`.
 */
export function preparedQuery<V extends Record<string, Bound | undefined>, Q extends Prepared>(
  db: Executor,
  name: string,
  values: V,
  build: (p: Placeholders<V>) => { prepare(): Q },
): { all(): ReturnType<Q["all"]>; get(): ReturnType<Q["get"]>; run(): ReturnType<Q["run"]> } {
  const present: Record<string, Bound> = {};
  for (const [k, v] of Object.entries(values)) if (v !== undefined) present[k] = v;
  const key = `${name}(${Object.keys(present).join(",")})`;
  const session = sessionOf(db);
  let byKey = built.get(session.client);
  if (!byKey) built.set(session.client, byKey = new Map());
  let found = byKey.get(key);
  if (!found) {
    const placeholders = Object.fromEntries(Object.keys(present).map((k) => [k, sql.placeholder(k)]));
    const builder = build(placeholders as Placeholders<V>);
    found = { query: builder.prepare() };
    byKey.set(key, found);
  }
  // A query built once runs in the transaction it is asked in, or outside any (built in one, asked outside).
  const query = (found.query as { tx?: unknown }).tx === session.tx
    ? found.query
    : Object.create(found.query, { tx: { value: session.tx } }) as Prepared;
  return {
    all: () => query.all(present) as ReturnType<Q["all"]>,
    get: () => query.get(present) as ReturnType<Q["get"]>,
    run: () => query.run(present) as ReturnType<Q["run"]>,
  };
}

/** The values given (undefined ones left out) as the driver stores them: a timestamp as its milliseconds, a flag as 0/1. */
function storedValues(values: Record<string, unknown>): Record<string, Bound> {
  const stored: Record<string, Bound> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    stored[key] = value instanceof Date
      ? value.getTime()
      : typeof value === "boolean"
      ? Number(value)
      : value as Bound;
  }
  return stored;
}

/**
 * An UPDATE's `set()` binding each column to its placeholder: inside sql`` a placeholder reaches the driver
 * as it is (given bare, set() would encode the stored value again).
 */
function placeholderSet(columns: readonly string[], p: Record<string, Placeholder | undefined>) {
  return Object.fromEntries(columns.map((column): [string, SQL] => [column, sql`${p[column]}`]));
}

/**
 * One INSERT of a row into `table` with exactly these columns (null where there is none: one statement for
 * every row), prepared once under `name`. Values as the driver stores them (storedValues()).
 */
export async function insertRow<T extends SQLiteTable>(
  db: Executor,
  name: string,
  table: T,
  values: Record<string, Bound>,
): Promise<void> {
  const columns = Object.keys(values);
  await preparedQuery(
    db,
    name,
    values,
    (p) => db.insert(table).values(placeholderSet(columns, p) as T["$inferInsert"]),
  ).run();
}

/** A table whose rows belong to a company, by id. */
type CompanyTable = SQLiteTable & { id: SQLiteColumn; companyId: SQLiteColumn };

/** Row `p.id` of `table`, of company `p.companyId` when one is given (a scope of every company gives none). */
export function idInScope(table: CompanyTable, p: { id: Placeholder; companyId?: Placeholder }) {
  return and(eq(table.id, p.id), p.companyId && eq(table.companyId, p.companyId));
}

/** Row `id` of `table` with every column, of the scope's company when one is given, or null; prepared once. */
export async function findRow<T extends CompanyTable>(
  db: Executor,
  name: string,
  table: T,
  id: number,
  scope: Scope,
): Promise<T["$inferSelect"] | null> {
  const [row] = await preparedQuery(
    db,
    name,
    { id, companyId: scope ?? undefined },
    (p) => db.select().from(table as SQLiteTable).where(idInScope(table, p)),
  ).all() as T["$inferSelect"][];
  return row ?? null;
}

/**
 * One UPDATE of row `id` of `table` (of the scope's company when one is given) setting only the columns given,
 * returning the row; undefined when there is no such row in the scope. Prepared once per table and set of
 * columns: building the statement of a wide table cost more than running it.
 */
export async function updateRow<T extends CompanyTable>(
  db: Executor,
  name: string,
  table: T,
  id: number,
  values: Partial<T["$inferInsert"]>,
  scope: Scope = null,
): Promise<T["$inferSelect"] | undefined> {
  const bound = storedValues(values);
  const columns = Object.keys(bound).sort();
  const [row] = await preparedQuery(
    db,
    `${name}.update(${columns.join(",")})`,
    { ...bound, id, companyId: scope ?? undefined },
    (p) =>
      db.update(table).set(placeholderSet(columns, p) as Partial<T["$inferInsert"]>)
        .where(idInScope(table, p))
        .returning(),
  ).all() as T["$inferSelect"][];
  return row;
}
