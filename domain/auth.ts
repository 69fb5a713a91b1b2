// Sign-in payloads, shared by the server and the login island so both give the same messages.
// zod/mini keeps the island bundles small (the full zod API adds about 25 KB gzip to a page).
import * as z from "zod/mini";

const email = z.pipe(
  z.string({ error: "Email обязателен" }).check(z.trim(), z.minLength(1, "Email обязателен")),
  z.pipe(z.email("Некорректный email"), z.transform((v: string) => v.toLowerCase())),
);

export const loginSchema = z.object({
  email,
  password: z.string({ error: "Пароль обязателен" }).check(z.minLength(1, "Пароль обязателен")),
});

export const registerSchema = z.object({
  email,
  firstName: z.string({ error: "Имя обязательно" }).check(z.trim(), z.minLength(1, "Имя обязательно")),
  lastName: z.string({ error: "Фамилия обязательна" }).check(z.trim(), z.minLength(1, "Фамилия обязательна")),
  password: z.string({ error: "Пароль обязателен" }).check(
    z.minLength(1, "Пароль обязателен"),
    z.minLength(6, "Пароль должен содержать минимум 6 символов"),
  ),
  confirmPassword: z.string({ error: "Пароли не совпадают" }),
}).check(z.refine((v) => v.password === v.confirmPassword, {
  path: ["confirmPassword"],
  message: "Пароли не совпадают",
}));

export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: "Введите текущий пароль" }).check(
    z.minLength(1, "Введите текущий пароль"),
  ),
  newPassword: z.string({ error: "Введите новый пароль" }).check(z.minLength(1, "Введите новый пароль")),
  confirmPassword: z.string({ error: "Пароли не совпадают" }),
}).check(z.refine((v) => v.newPassword === v.confirmPassword, {
  path: ["confirmPassword"],
  message: "Пароли не совпадают",
}));

export type LoginInput = z.infer<typeof loginSchema>;
export type RegisterInput = z.infer<typeof registerSchema>;

/** A same-site path to return to after sign-in; anything else goes home. */
export function safeNext(next: string | undefined | null): string {
  return next && next.startsWith("/") && !next.startsWith("//") && !next.startsWith("/api/") ? next : "/";
}
