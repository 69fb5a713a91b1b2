// The calculators' and the catalogue's URL queries are read leniently (a page and its API read them the
// same way): an unreadable value falls back to its default rather than refusing the request.
import * as z from "zod/mini";

type Query = Record<string, string | undefined>;

/**
 * The zod form of a lenient reader, for validate("query", …): a repeated name counts by its first
 * value, as c.req.query() reads it, and `read` turns the rest into the domain's input.
 */
export const lenientQuery = <T>(read: (q: Query) => T) =>
  z.pipe(
    z.record(z.string(), z.union([z.string(), z.array(z.string())])),
    z.transform((q: Record<string, string | string[]>) =>
      read(Object.fromEntries(Object.entries(q).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v])))
    ),
  );
