import { integer } from "drizzle-orm/sqlite-core";

/** Primary key shared by every table. */
export const id = () => integer("id").primaryKey({ autoIncrement: true });

/** Timestamps are stored as Unix milliseconds. */
export const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });
export const createdAt = () => timestamp("created_at").notNull().$defaultFn(() => new Date());
export const updatedAt = () =>
  timestamp("updated_at").notNull().$defaultFn(() => new Date()).$onUpdateFn(() => new Date());

export const bool = (name: string) => integer(name, { mode: "boolean" });

/** Money is kept in integer kopecks. */
export const kopecks = (name: string) => integer(name);

/** Builds `col IN ('a','b')` for a CHECK constraint from an enumeration. */
export function inList(values: readonly string[]): string {
  return values.map((v) => `'${v}'`).join(", ");
}
