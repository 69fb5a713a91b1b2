// Field errors of a form: messages grouped by the field they concern, as the API's 422 answers them.
import type { z } from "zod";

type Issues = { issues: readonly z.core.$ZodIssue[] };

export type FieldErrors = Record<string, string[]>;

/** Groups zod issues by their field's dotted path (`_` for the whole input). */
export function fieldErrors(error: Issues): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_";
    (out[key] ??= []).push(issue.message);
  }
  return out;
}
