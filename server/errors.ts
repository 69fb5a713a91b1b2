import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";

type Issues = { issues: readonly z.core.$ZodIssue[] };

export type FieldErrors = Record<string, string[]>;

/** An API error with the JSON body `{ message, errors? }`. */
export class ApiError extends HTTPException {
  constructor(status: ContentfulStatusCode, message: string, readonly errors?: FieldErrors) {
    super(status, { message });
  }
}

export const notFound = (message = "Не найдено") => new ApiError(404, message);
export const forbidden = (message = "Недостаточно прав") => new ApiError(403, message);
export const unauthorized = (message = "Требуется вход в систему") => new ApiError(401, message);
export const invalid = (errors: FieldErrors, message?: string) =>
  new ApiError(422, message ?? Object.values(errors).flat()[0] ?? "Проверьте введённые данные", errors);

/** Groups zod issues by their top-level field name. */
export function fieldErrors(error: Issues): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_";
    (out[key] ??= []).push(issue.message);
  }
  return out;
}
