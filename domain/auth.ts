// Sign-in payloads, shared by the server and the login island so both give the same messages.
// zod/mini keeps the island bundles small (the full zod API adds about 25 KB gzip to a page).
import * as z from "zod/mini";
import "./zod_messages.ts"; // the Russian messages of checks without their own

const email = z.pipe(
  z.string({ error: "Email обязателен" }).check(z.trim(), z.minLength(1, "Email обязателен")),
  z.pipe(z.email("Некорректный email"), z.transform((v: string) => v.toLowerCase())),
);

export const loginSchema = z.object({
  email,
  password: z.string({ error: "Пароль обязателен" }).check(z.minLength(1, "Пароль обязателен")),
});

export const MIN_PASSWORD_LENGTH = 6;

/** The rule of every new password (registration and change): required, at least 6 characters. */
const newPassword = (requiredMessage: string) =>
  z.string({ error: requiredMessage }).check(
    z.minLength(1, requiredMessage),
    z.minLength(MIN_PASSWORD_LENGTH, "Пароль должен содержать минимум 6 символов"),
    z.maxLength(200, "Не более 200 символов"),
  );

export const registerSchema = z.object({
  email,
  firstName: z.string({ error: "Имя обязательно" }).check(z.trim(), z.minLength(1, "Имя обязательно")),
  lastName: z.string({ error: "Фамилия обязательна" }).check(z.trim(), z.minLength(1, "Фамилия обязательна")),
  password: newPassword("Пароль обязателен"),
  confirmPassword: z.string({ error: "Пароли не совпадают" }),
}).check(z.refine((v) => v.password === v.confirmPassword, {
  path: ["confirmPassword"],
  message: "Пароли не совпадают",
}));

export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: "Введите текущий пароль" }).check(
    z.minLength(1, "Введите текущий пароль"),
  ),
  newPassword: newPassword("Введите новый пароль"),
  confirmPassword: z.string({ error: "Пароли не совпадают" }),
}).check(z.refine((v) => v.newPassword === v.confirmPassword, {
  path: ["confirmPassword"],
  message: "Пароли не совпадают",
}));

export type LoginInput = z.infer<typeof loginSchema>;
export type RegisterInput = z.infer<typeof registerSchema>;

const SAME_ORIGIN = "http://same-origin.invalid";

/**
 * The page to return to after sign-in: a path of this site, else "/". Browsers read a backslash as
 * "/" and drop tabs and line breaks, so "/\evil.example" or "/<tab>/evil.example" would leave the
 * site as "//evil.example"; those are refused, and the path is checked again once the URL parser has
 * resolved dots ("/.//evil.example" is "//evil.example" too). Used by the server and the island.
 */
export function safeNext(next: unknown): string {
  if (typeof next !== "string" || !next.startsWith("/") || next.startsWith("//")) return "/";
  // deno-lint-ignore no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(next)) return "/";
  let url: URL;
  try {
    url = new URL(next, SAME_ORIGIN);
  } catch {
    return "/";
  }
  const path = url.pathname + url.search + url.hash;
  if (url.origin !== SAME_ORIGIN || path.startsWith("//") || url.pathname.startsWith("/api/")) return "/";
  return path;
}
