import { customType, integer } from "drizzle-orm/sqlite-core";

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

/**
 * A JSON text column whose stored text may fail to parse (written by hand or by an old version): the
 * read gets `fallback` and the column is logged, rather than every list that reads the row failing
 * («a read never throws on a stored value»). Declared with the `{ mode: "json" }` text's SQL
 * type, so the schema and its migrations are unchanged.
 */
export const jsonText = <T>(table: string, name: string, fallback: T) =>
  customType<{ data: T; driverData: string }>({
    dataType: () => "text",
    toDriver: (value) => JSON.stringify(value),
    fromDriver: (value) => {
      try {
        return JSON.parse(value) as T;
      } catch {
        console.error(
          `Stored JSON does not parse: table "${table}", column "${name}"; read as ${
            JSON.stringify(fallback)
          }`,
        );
        return fallback;
      }
    },
  })(name);
