// Russian formatting of money, dates, sizes and plurals. Pure; used by pages, islands and exports.
import { MOSCOW } from "./dates.ts";

const rub = new Intl.NumberFormat("ru-RU", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const whole = new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 2 });

/** 123456789 kopecks → '1 234 567,89 ₽' (ru-RU groups with a no-break space). */
export function formatKopecks(kopecks: number | null | undefined): string {
  return `${rub.format((kopecks ?? 0) / 100)} ₽`;
}

/** A plain number with ru-RU grouping, up to two decimals. */
export function formatNumber(value: number): string {
  return whole.format(value);
}

/** A shop price in roubles (the shop keeps roubles, not kopecks): 159000 → '159 000 ₽'. */
export function formatRoubles(value: number): string {
  return `${whole.format(value)}\u00a0₽`;
}

const dateFormat = new Intl.DateTimeFormat("ru-RU", {
  timeZone: MOSCOW,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
});
const timeFormat = new Intl.DateTimeFormat("ru-RU", { timeZone: MOSCOW, hour: "2-digit", minute: "2-digit" });
const longDateFormat = new Intl.DateTimeFormat("ru-RU", {
  timeZone: MOSCOW,
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
});

function toDate(value: Date | string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const d = value instanceof Date ? value : new Date(value);
  // A missing, invalid or 1970 date shows 'Не указан' (the objects and shop spec's «The error catalogue»).
  if (Number.isNaN(d.getTime()) || d.getUTCFullYear() <= 1970) return null;
  return d;
}

/** '21.11.2026', or 'Не указан'. */
export function formatDate(value: Date | string | number | null | undefined): string {
  const d = toDate(value);
  return d ? dateFormat.format(d) : "Не указан";
}

export function formatDateTime(value: Date | string | number | null | undefined): string {
  const d = toDate(value);
  return d ? `${dateFormat.format(d)} ${timeFormat.format(d)}` : "Не указан";
}

/** 'суббота, 21 ноября 2026 г.' */
export function formatLongDate(value: Date): string {
  return longDateFormat.format(value);
}

const pluralRules = new Intl.PluralRules("ru");
/** The form for each of the language's categories; "other" (fractions: 1,5 задачи) takes the 2–4 form. */
const formIndex: Record<Intl.LDMLPluralRule, 0 | 1 | 2> = {
  one: 0,
  few: 1,
  many: 2,
  other: 1,
  zero: 2,
  two: 1,
};

/** plural(5, ['задача', 'задачи', 'задач']) → 'задач' (the language's rule from Intl.PluralRules). */
export function plural(n: number, forms: readonly [one: string, few: string, many: string]): string {
  return forms[formIndex[pluralRules.select(n)]];
}

/** '5 задач' */
export function countOf(n: number, forms: readonly [string, string, string]): string {
  return `${n} ${plural(n, forms)}`;
}

/** The three forms (1, 2, 5) of the nouns the pages count. */
export const objectForms = ["объект", "объекта", "объектов"] as const;
export const taskForms = ["задача", "задачи", "задач"] as const;
export const estimateForms = ["смета", "сметы", "смет"] as const;
export const userForms = ["пользователь", "пользователя", "пользователей"] as const;
export const employeeForms = ["сотрудник", "сотрудника", "сотрудников"] as const;
export const dayForms = ["день", "дня", "дней"] as const;
export const documentForms = ["документ", "документа", "документов"] as const;
export const itemForms = ["позиция", "позиции", "позиций"] as const;

/** '3 дня назад', '2 часа назад', 'Недавно'. */
export function formatAge(value: Date | string | number, now: Date = new Date()): string {
  const d = toDate(value);
  if (!d) return "Не указан";
  const hours = Math.floor((now.getTime() - d.getTime()) / 3_600_000);
  if (hours >= 24) {
    const days = Math.floor(hours / 24);
    return `${countOf(days, dayForms)} назад`;
  }
  if (hours >= 1) return `${countOf(hours, ["час", "часа", "часов"])} назад`;
  return "Недавно";
}

/** File sizes in Bytes, KB, MB, GB with base 1024. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} Bytes`;
  const units = ["KB", "MB", "GB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${whole.format(Math.round(value * 100) / 100)} ${units[unit]}`;
}

/** Initials for an avatar: first and last name, else 'U'. */
export function initials(firstName?: string | null, lastName?: string | null): string {
  const a = firstName?.trim()[0] ?? "";
  const b = lastName?.trim()[0] ?? "";
  return (a + b).toUpperCase() || "U";
}

/**
 * A person's name from its parts, the blank ones left out: personName('Иван', 'Петров') → 'Иван Петров';
 * '' when there are none. `surnameFirst` for lists read by surname: 'Петров Иван'.
 */
export function personName(
  firstName: string | null | undefined,
  lastName: string | null | undefined,
  options: { surnameFirst?: boolean } = {},
): string {
  const parts = options.surnameFirst ? [lastName, firstName] : [firstName, lastName];
  return parts.filter((s) => s?.trim()).join(" ");
}

/** The full name, else the e-mail, else 'Пользователь'. */
export function displayName(
  u: { firstName?: string | null; lastName?: string | null; email?: string | null },
) {
  return personName(u.firstName, u.lastName) || u.email || "Пользователь";
}
