// The one parser of numeric ids and pages from a URL (query strings and path parameters), used by the
// pages and the API: only digits, a safe integer above zero; '1e400', '-1', '1.5', 'NaN', '' are not ids.
// And jsonNumber(), a number field of a JSON body.
import { z } from "zod";
import { validate } from "./validate.ts";
import { boundedInt } from "../domain/bounds.ts";

const digits = /^[0-9]{1,16}$/;

/** A query or path parameter as a positive whole number (an id, a page), or undefined. */
export function positiveInt(value: string | undefined | null): number | undefined {
  if (value === undefined || value === null || !digits.test(value)) return undefined;
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** The last page a list offers: past it an offset would outgrow what the database takes. */
export const MAX_PAGE = 100_000;

/** A page number from the query string: 1 when absent or not a page, at most MAX_PAGE. */
export function pageNumber(value: string | undefined): number {
  return Math.min(positiveInt(value) ?? 1, MAX_PAGE);
}

/** The zod form of positiveInt() for validate("param" | "query", …); a bad path id is a 404. */
export const idText = z.string().transform((value, ctx) => {
  const id = positiveInt(value);
  if (id === undefined) {
    ctx.addIssue({ code: "custom", message: "Некорректный идентификатор" });
    return z.NEVER;
  }
  return id;
});

/**
 * A number of a JSON body, also taken as its text ("12", as a form's field gives it). Its input type is
 * `number | string`, so the typed client refuses null or an object; z.coerce.number() alone takes `unknown`.
 */
export const jsonNumber = (params?: Parameters<typeof z.coerce.number>[0]) =>
  z.coerce.number<number | string>(params);

/** validate("param", idParam): the `:id` of the path. */
export const idParam = z.object({ id: idText });

/**
 * A query value as c.req.query() reads it: a repeated name counts by its first value, so `?a=1&a=2`
 * is `a=1` rather than a refusal.
 */
export const firstOf = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (Array.isArray(v) ? v[0] : v), schema);

/** An optional query text, the first of repeated values (optional outside the preprocessing, so the typed client may leave it out). */
export const queryText = z.optional(firstOf(z.string()));

/** ?limit=: a whole number from 1 to 100; `fallback` for anything else ('1.5', '1e400', 2^63) or none. */
export const limitQuery = (fallback: number) =>
  firstOf(z.unknown().transform((v) => boundedInt(typeof v === "string" ? v : undefined, 1, 100, fallback)))
    .default(fallback);

/** validate("param", idParam) as one middleware for the routes of a record. */
export const validIdParam = validate("param", idParam);
