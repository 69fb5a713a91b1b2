import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { FieldErrors } from "../domain/field_errors.ts";
import { RuleError } from "../usecases/rule_error.ts";

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

/**
 * The 413 of an upload past its limit, for receiveUpload()'s `tooLarge`: the connection closes after the
 * answer rather than read the rest of the body.
 */
export const uploadTooLarge = (c: Context, message: string) => (): ApiError => {
  c.header("Connection", "close");
  return new ApiError(413, message);
};

/** The answer to a use case's refusal (usecases/rule_error.ts), or null when the error is something else. */
export function ruleViolation(error: unknown): ApiError | null {
  return error instanceof RuleError ? new ApiError(error.status, error.message, error.errors) : null;
}

/** What a person is told when a UNIQUE index refuses a row, by the index's columns. */
export const CONTRACT_NUMBER_TAKEN = "Договор с таким номером уже существует";

const duplicates: Record<string, [field: string, message: string]> = {
  "users.email": ["email", "Пользователь с таким email уже существует"],
  "local_accounts.email": ["email", "Пользователь с таким email уже существует"],
  "estimates.company_id, estimates.estimate_number": [
    "estimateNumber",
    "Смета с таким номером уже существует",
  ],
  "products.sku": ["sku", "Товар с таким артикулом уже существует"],
  "product_categories.slug": ["slug", "Категория с таким адресом уже существует"],
  "orders.order_number": ["orderNumber", "Заказ с таким номером уже существует"],
  "contracts.company_id, contracts.contract_number, contracts.version": [
    "contractData.CONTRACT_NUMBER",
    CONTRACT_NUMBER_TAKEN,
  ],
};

/**
 * The answer to a database constraint violation found anywhere in the error's cause chain: a UNIQUE
 * index → 409, a missing referenced row or a refused value → 422; null when the error is something else.
 * Two requests racing for one e-mail or number end here, so the loser gets a message, not a 500.
 */
export function constraintViolation(error: unknown): ApiError | null {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    switch (extendedCode(e)) {
      case "SQLITE_CONSTRAINT_UNIQUE":
      case "SQLITE_CONSTRAINT_PRIMARYKEY": {
        // The driver names the index's columns only in its message: «UNIQUE constraint failed: users.email».
        const columns = e.message.slice(e.message.lastIndexOf(":") + 1).trim();
        const [field, message] = duplicates[columns] ?? ["_", "Такая запись уже существует"];
        return new ApiError(409, message, { [field]: [message] });
      }
      case "SQLITE_CONSTRAINT_FOREIGNKEY":
        return invalid({ _: ["Связанная запись не найдена"] });
      case "SQLITE_CONSTRAINT_CHECK":
      case "SQLITE_CONSTRAINT_NOTNULL":
        return invalid({ _: ["Недопустимое значение"] });
    }
  }
  return null;
}

/** The driver's extended result code of a libSQL error (`SQLITE_CONSTRAINT_UNIQUE` …), if it has one. */
function extendedCode(error: Error): string | undefined {
  const code = (error as { extendedCode?: unknown }).extendedCode;
  return typeof code === "string" ? code : undefined;
}
