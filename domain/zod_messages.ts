// The Russian messages of every zod check that has no message of its own, installed
// once for the whole process: the server, the CLI and each island import it through domain/bounds.ts (and
// server/validate.ts, cli/main.ts). A schema's own message (the spec's texts) always wins over these.
// Written here rather than zod's `locales.ru()`: that one names JavaScript types («ожидалось string,
// получено undefined») and operators («<=100»), which a person filling a form cannot act on.
import * as z from "zod/mini";
import { plural } from "./format.ts";

type Issue = z.core.$ZodRawIssue;

const formatNumber = (n: number | bigint) => new Intl.NumberFormat("ru-RU").format(n);

/** The Russian message of an issue; the spec's own texts are set on the schemas and take precedence. */
export function russianMessage(issue: Issue): string {
  const missing = issue.input === undefined && issue.code !== "custom";
  if (missing) return "Обязательное поле";
  switch (issue.code) {
    case "invalid_type":
      if (issue.expected === "number" || issue.expected === "int") return "Введите число";
      if (issue.expected === "array") return "Ожидается список";
      if (issue.expected === "boolean") return "Выберите да или нет";
      if (issue.expected === "string") return "Введите текст";
      if (issue.expected === "date") return "Укажите дату";
      return "Неверное значение";
    case "too_big": {
      const max = issue.maximum as number | bigint;
      if (issue.origin === "string") {
        return `Не более ${formatNumber(max)} ${plural(Number(max), ["символа", "символов", "символов"])}`;
      }
      if (issue.origin === "array" || issue.origin === "set") {
        return `Не более ${formatNumber(max)} элементов`;
      }
      if (issue.origin === "file") return "Файл слишком большой";
      return `Не больше ${formatNumber(max)}`;
    }
    case "too_small": {
      const min = issue.minimum as number | bigint;
      if (issue.origin === "string") {
        return Number(min) <= 1 ? "Обязательное поле" : `Не менее ${formatNumber(min)} символов`;
      }
      if (issue.origin === "array" || issue.origin === "set") return "Добавьте хотя бы один элемент";
      return `Не меньше ${formatNumber(min)}`;
    }
    case "invalid_format":
      if (issue.format === "email") return "Введите корректный email";
      if (issue.format === "date" || issue.format === "datetime") return "Укажите дату";
      return "Неверный формат";
    case "not_multiple_of":
      return "Неверное число";
    case "unrecognized_keys":
      return "Лишние поля в запросе";
    case "invalid_key":
    case "invalid_element":
    case "invalid_union":
    case "invalid_value":
    case "custom":
    default:
      return "Неверное значение";
  }
}

z.config({ customError: russianMessage });
