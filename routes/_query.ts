// The one parser of numeric ids and pages from a URL (query strings and path parameters), used by the
// pages and the API: only digits, a safe integer above zero; '1e400', '-1', '1.5', 'NaN', '' are not ids.
import type { Context } from "hono";
import { z } from "zod";
import { invalid, notFound } from "../server/errors.ts";

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

/** A path parameter that must be an id: anything else is a 404 (no such record). */
export function pathId(c: Context, name = "id", message?: string): number {
  const id = positiveInt(c.req.param(name));
  if (id === undefined) throw notFound(message);
  return id;
}

/** An optional id in the query string: absent is undefined, present but not an id is a 422. */
export function queryId(c: Context, name: string): number | undefined {
  const raw = c.req.query(name);
  if (raw === undefined || raw === "") return undefined;
  const id = positiveInt(raw);
  if (id === undefined) throw invalid({ [name]: ["Некорректный идентификатор"] });
  return id;
}

/** The zod form of positiveInt() for validate("param" | "query", …): a 422 names the field. */
export const idText = z.string().transform((value, ctx) => {
  const id = positiveInt(value);
  if (id === undefined) {
    ctx.addIssue({ code: "custom", message: "Некорректный идентификатор" });
    return z.NEVER;
  }
  return id;
});

/** validate("param", idParam): the `:id` of the path. */
export const idParam = z.object({ id: idText });
