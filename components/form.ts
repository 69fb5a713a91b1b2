// Small helpers for island forms: zod issues to field errors, server errors merged in.
import type { z } from "zod/mini";
import { ApiRequestError } from "./api.ts";

export type Errors = Record<string, string>;

/** The first message per field of a failed parse. */
export function firstErrors(error: { issues: readonly z.core.$ZodIssue[] }): Errors {
  const out: Errors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "_");
    out[key] ??= issue.message;
  }
  return out;
}

/** Field errors from a 422 answer, or none. */
export function serverErrors(error: unknown): Errors {
  if (!(error instanceof ApiRequestError)) return {};
  return Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v[0]]));
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
