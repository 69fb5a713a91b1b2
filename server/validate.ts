import { zValidator } from "@hono/zod-validator";
import "../domain/zod_messages.ts";
import type { Context, Env, ValidationTargets } from "hono";
import * as z from "zod/v4/core";
import { ApiError, invalid, notFound } from "./errors.ts";
import { fieldErrors } from "../domain/field_errors.ts";
import { concatBytes } from "../domain/bytes.ts";

/** The largest JSON body any route accepts (an estimate with its measurement document is a few KB). */
export const MAX_JSON_BYTES = 1024 * 1024;
/** The deepest nesting of arrays and objects any route accepts (the measurement document is about 4). */
export const MAX_JSON_DEPTH = 32;

/**
 * zod validation at the edge (full zod or zod/mini), the one way a router reads its input. A failure
 * answers 422 with Russian messages by field, except a path parameter: a path that names no record is
 * a 404. A JSON body is read by readJsonBody() whatever its Content-Type, so a huge, deeply nested or
 * malformed one is refused (413, 400) before zod sees it, the same on every route.
 */
export function validate<T extends z.$ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
  /** The answer's message on a 422, when the first field message would not say it. */
  message?: string,
) {
  const check = zValidator(target, schema, (result) => {
    if (!result.success) throw target === "param" ? notFound() : invalid(fieldErrors(result.error), message);
  });
  if (target !== "json") return check;
  const json: typeof check = async (c, next) => {
    const result = await z.safeParseAsync(schema, await readJsonBody(c));
    if (!result.success) throw invalid(fieldErrors(result.error), message);
    c.req.addValidatedData("json", result.data as object);
    await next();
  };
  return json;
}

/**
 * Like validate("json", schema) for a body that may be left out: an empty body is validated as `{}` (a client's
 * «Принять смету» posts nothing when it gives no name).
 */
export function validateOptionalJson<T extends z.$ZodType, E extends Env, P extends string>(schema: T) {
  // An input that may be undefined makes `json` optional for the typed client; the output stays the schema's.
  const check = zValidator<T, "json", E, P, z.input<T> | undefined>("json", schema);
  const json: typeof check = async (c, next) => {
    const text = await readBoundedText(c);
    const result = await z.safeParseAsync(schema, text.trim() === "" ? {} : parseBoundedJson(text));
    if (!result.success) throw invalid(fieldErrors(result.error));
    c.req.addValidatedData("json", result.data as object);
    await next();
  };
  return json;
}

/** The request's JSON body, refused before parsing when too large (413), too deep or malformed (400). */
export async function readJsonBody(c: Context): Promise<unknown> {
  return parseBoundedJson(await readBoundedText(c));
}

const tooLarge = () => new ApiError(413, "Слишком большой запрос");

/** The body as text, counted while it streams in so a large one is stopped at the limit. */
async function readBoundedText(c: Context): Promise<string> {
  const declared = Number(c.req.header("Content-Length") ?? "0");
  if (declared > MAX_JSON_BYTES) throw tooLarge();
  const body = c.req.raw.body;
  if (!body) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_JSON_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(concatBytes(chunks));
  } catch {
    throw new ApiError(400, "Тело запроса не в кодировке UTF-8");
  }
}

function parseBoundedJson(text: string): unknown {
  if (jsonDepth(text) > MAX_JSON_DEPTH) throw new ApiError(400, "Слишком глубокая вложенность JSON");
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, "Ожидается JSON");
  }
}

/** The deepest nesting of [ and { in JSON text, skipping strings; counted without parsing. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92) i++; // backslash: skip the escaped character
      else if (ch === 34) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 91 || ch === 123) {
      if (++depth > max) max = depth;
    } else if (ch === 93 || ch === 125) depth--;
  }
  return max;
}
