// A use case's refusal: what is not found (404), what conflicts with the stored state (409), or input a rule
// refuses (422, by field). server/app.ts answers it as the API's JSON error; a CLI command prints its message.
import type { FieldErrors } from "../domain/field_errors.ts";

export class RuleError extends Error {
  constructor(readonly status: 404 | 409 | 422, message: string, readonly errors?: FieldErrors) {
    super(message);
  }
}

/** A record that is not there (or belongs to another company). */
export const missing = (message: string): RuleError => new RuleError(404, message);

/** Input a rule refuses, by field; the message is the first field's unless given. */
export const refused = (errors: FieldErrors, message?: string): RuleError =>
  new RuleError(422, message ?? Object.values(errors).flat()[0] ?? "Проверьте введённые данные", errors);
