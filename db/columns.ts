// Lists read with only the columns a page shows: each cell read costs (README «Performance»).
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";

export type Columns = Record<string, AnySQLiteColumn>;

/** A row of `C` as drizzle reads it: a nullable column may be null. */
export type RowOf<C extends Columns> = {
  [K in keyof C]: C[K]["_"]["notNull"] extends true ? C[K]["_"]["data"] : C[K]["_"]["data"] | null;
};

/** The columns a list is read with, under a name of its own for its prepared statement. */
export interface Shown<C extends Columns> {
  name: string;
  columns: C;
}
