import assert from "node:assert/strict";
import { loginSchema, registerSchema } from "./auth.ts";
import { countOf, formatAge, formatDate, formatFileSize, formatKopecks } from "./format.ts";
import { directionFromCenter, distanceFromMKAD, formatMkadDistance } from "./geo.ts";
import { sha256Hex } from "./hash.ts";
import { homePath, menuFor, normalizeRole } from "./roles.ts";

Deno.test("formatKopecks() shows roubles with ru-RU grouping, a comma and ₽", () => {
  assert.equal(formatKopecks(123456789).replace(/\s/g, " "), "1 234 567,89 ₽");
  assert.equal(formatKopecks(0).replace(/\s/g, " "), "0,00 ₽");
});

Deno.test("formatDate() shows dd.mm.yyyy and 'Не указан' for missing, invalid or 1970 dates", () => {
  assert.equal(formatDate(new Date("2026-11-21T10:00:00Z")), "21.11.2026");
  assert.equal(formatDate(null), "Не указан");
  assert.equal(formatDate("nonsense"), "Не указан");
  assert.equal(formatDate(0), "Не указан");
});

Deno.test("countOf() and formatAge() use correct Russian plural forms", () => {
  const task = ["задача", "задачи", "задач"] as const;
  assert.deepEqual([1, 2, 5, 11, 21, 22, 25, 111].map((n) => countOf(n, task)), [
    "1 задача",
    "2 задачи",
    "5 задач",
    "11 задач",
    "21 задача",
    "22 задачи",
    "25 задач",
    "111 задач",
  ]);
  const now = new Date("2026-11-21T12:00:00Z");
  assert.equal(formatAge(new Date("2026-11-18T11:00:00Z"), now), "3 дня назад");
  assert.equal(formatAge(new Date("2026-11-21T10:00:00Z"), now), "2 часа назад");
  assert.equal(formatAge(new Date("2026-11-21T11:40:00Z"), now), "Недавно");
});

Deno.test("formatFileSize() uses Bytes, KB, MB, GB with base 1024", () => {
  assert.equal(formatFileSize(512), "512 Bytes");
  assert.equal(formatFileSize(1536), "1,5 KB");
  assert.equal(formatFileSize(5 * 1024 * 1024), "5 MB");
  assert.equal(formatFileSize(3 * 1024 ** 3), "3 GB");
});

Deno.test("geo: ring-road distance and compass direction of real towns", () => {
  // Centre of Moscow is inside the ring road.
  assert.equal(distanceFromMKAD(55.7558, 37.6176), 0);
  assert.equal(formatMkadDistance(0), "В пределах МКАД");
  // Сергиев Посад: 68.5 km from the centre (haversine, worked out by hand), bearing 28°.
  assert.equal(distanceFromMKAD(56.3, 38.1333), 48);
  assert.equal(directionFromCenter(56.3, 38.1333), "Северо-восток");
  assert.equal(distanceFromMKAD(55.4242, 37.5547), 17); // Подольск, 37.1 km
  // Bearings: Подольск 186°, Истра 291°, Раменское 118°.
  assert.equal(directionFromCenter(55.4242, 37.5547), "Юг");
  assert.equal(directionFromCenter(55.9146, 36.8597), "Запад");
  assert.equal(directionFromCenter(55.5672, 38.2302), "Юго-восток");
});

Deno.test("roles: unknown roles are customers; menus put the shop at position 2; homes by role", () => {
  assert.equal(normalizeRole("hacker"), "user");
  assert.equal(normalizeRole(null), "user");
  const menu = menuFor("measurement_engineer", false).map((i) => i.label);
  assert.deepEqual(menu, [
    "Мои задачи",
    "Интернет-магазин",
    "Подбор септика",
    "Выезды",
    "Обслуживание",
    "Объекты",
    "Документы",
    "Настройки",
  ]);
  assert.equal(menuFor("system_admin", true)[0].href, "/admin");
  assert.equal(menuFor("system_admin", true)[3].href, "/admin/users");
  assert.equal(homePath("foreman", false), "/foreman");
  assert.equal(homePath("user", false), "/profile");
});

Deno.test("auth schemas give the spec's messages", () => {
  const login = loginSchema.safeParse({ email: "x", password: "" });
  assert.equal(login.success, false);
  const messages = login.error!.issues.map((i) => i.message);
  assert.ok(messages.includes("Некорректный email"));
  assert.ok(messages.includes("Пароль обязателен"));
  const mismatch = registerSchema.safeParse({
    email: "a@b.ru",
    firstName: "А",
    lastName: "Б",
    password: "123456",
    confirmPassword: "1234567",
  });
  assert.deepEqual(mismatch.error?.issues.map((i) => [i.path.join("."), i.message]), [[
    "confirmPassword",
    "Пароли не совпадают",
  ]]);
  assert.equal(
    loginSchema.parse({ email: " Engineer@Demo.Local ", password: "x" }).email,
    "engineer@demo.local",
  );
});

Deno.test("sha256Hex() gives SHA-256 in lowercase hex, a string hashed as its UTF-8 bytes", () => {
  // FIPS 180-2, appendix B.1.
  assert.equal(sha256Hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  assert.equal(sha256Hex("Смета"), sha256Hex(new TextEncoder().encode("Смета")));
});
