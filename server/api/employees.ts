// /api/employees: the company's staff, adding an employee (a generated password shown once, or one the
// administrator sets), activation, and avatars (5 MB, an image by content; anyone may change their own).
import { Hono } from "hono";
import * as z from "zod";
import {
  createEmployee,
  emailTaken,
  employeeJson,
  findEmployee,
  listEmployees,
  updateEmployee,
} from "../../db/employees.ts";
import { employeeManagerRoles, type Role, staffRoles } from "../../domain/roles.ts";
import { companyNumber, employeeCreateSchema, employeePatchSchema } from "../../domain/employees.ts";
import { findCompany } from "../../db/companies.ts";
import { hashPassword } from "../../db/password.ts";
import { ApiError, forbidden, invalid, notFound, uploadTooLarge } from "../errors.ts";
import { sniffImage } from "../filetype.ts";
import { companyScope, currentUser, requireApi } from "../middleware/guard.ts";
import { receiveUpload } from "../multipart.ts";
import type { AppEnv, CurrentUser } from "../types.ts";
import { validate } from "../validate.ts";
import { validIdParam } from "../query.ts";
import { scopeOf } from "../../db/scope.ts";

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

const listQuery = z.object({
  // An empty value is the same as none: the filter's "all companies".
  companyId: z.preprocess((v) => (v === "" ? undefined : v), z.optional(companyNumber)),
});

/** A password people can read out: 12 characters without look-alikes. */
export function generatePassword(length = 12): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ23456789";
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return [...bytes].map((b) => alphabet[b % alphabet.length]).join("");
}

/** A chief engineer manages the engineering staff, not administrators. */
function mayManage(actor: CurrentUser, target: { role: Role }): boolean {
  if (target.role === "system_admin") return actor.role === "system_admin";
  if (actor.role === "chief_engineer") return target.role !== "company_admin";
  return true;
}

const avatarUrl = (userId: number, file: string) => `/api/profile/avatar/${userId}/${file}`;
const avatarKeyOf = (url: string | null) => {
  const m = url && /^\/api\/profile\/avatar\/(\d+)\/([a-z0-9]+\.(?:png|jpg|gif|webp))$/.exec(url);
  return m ? `avatars/${m[1]}/${m[2]}` : null;
};

export const employeesApi = new Hono<AppEnv>()
  .get("/", requireApi(staffRoles), validate("query", listQuery), async (c) => {
    const user = currentUser(c);
    const { companyId } = c.req.valid("query");
    const rows = await listEmployees(c.get("deps").db, companyScope(user), companyId);
    return c.json(rows.map(employeeJson));
  })
  .post("/", requireApi(employeeManagerRoles), validate("json", employeeCreateSchema), async (c) => {
    const user = currentUser(c);
    const input = c.req.valid("json");
    if (!mayManage(user, input)) throw forbidden("Главный инженер не может добавить администратора компании");
    const companyId = user.role === "system_admin" ? (input.companyId ?? user.companyId) : user.companyId;
    if (!companyId) throw invalid({ companyId: ["Выберите компанию"] });
    const { db, now } = c.get("deps");
    if (companyId !== user.companyId && !await findCompany(db, scopeOf(null), companyId)) {
      throw invalid({ companyId: ["Компания не найдена"] });
    }
    if (await emailTaken(db, input.email)) {
      throw invalid({ email: ["Пользователь с таким email уже зарегистрирован"] });
    }
    const password = input.password ?? generatePassword();
    const row = await createEmployee(db, {
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      role: input.role,
      companyId,
      passwordHash: await hashPassword(password),
      now: now(),
    });
    // The generated password is answered once and never stored in clear.
    return c.json({ ...employeeJson(row), ...(input.password ? {} : { generatedPassword: password }) }, 201);
  })
  .patch(
    "/:id{[0-9]+}",
    requireApi(employeeManagerRoles),
    validIdParam,
    validate("json", employeePatchSchema),
    async (c) => {
      const user = currentUser(c);
      const patch = c.req.valid("json");
      const { db, now } = c.get("deps");
      const target = await findEmployee(db, companyScope(user), c.req.valid("param").id);
      if (!target || target.role === "user") throw notFound("Сотрудник не найден");
      if (!mayManage(user, target) || (patch.role && !mayManage(user, { role: patch.role }))) {
        throw forbidden();
      }
      if (target.id === user.id && (patch.isActive === false || patch.role)) {
        throw invalid({ isActive: ["Нельзя деактивировать себя или изменить свою роль"] });
      }
      const row = await updateEmployee(db, target.id, patch, now());
      return c.json(employeeJson(row));
    },
  )
  .post("/:id{[0-9]+}/avatar", requireApi(), validIdParam, async (c) => {
    const user = currentUser(c);
    const { db, storage, now } = c.get("deps");
    const { id } = c.req.valid("param");
    // Anyone may change their own avatar; a manager of employees, a colleague's.
    const target = id === user.id
      ? await findEmployee(db, scopeOf(null), id)
      : employeeManagerRoles.includes(user.role)
      ? await findEmployee(db, companyScope(user), id)
      : null;
    if (!target) {
      if (id !== user.id && !employeeManagerRoles.includes(user.role)) throw forbidden();
      throw notFound("Сотрудник не найден");
    }
    if (id !== user.id && !mayManage(user, target)) throw forbidden();
    const temp = `avatars/${id}/upload-${crypto.randomUUID()}`;
    const { file } = await receiveUpload(c.req.raw, {
      field: "avatar",
      key: temp,
      maxBytes: AVATAR_MAX_BYTES,
      storage,
      tooLarge: uploadTooLarge(c, "Максимальный размер файла 5 МБ"),
      noFile: () => invalid({ avatar: ["Файл не выбран"] }),
    });
    const kind = sniffImage(file!.head);
    if (!kind) {
      await storage.delete(temp);
      throw invalid({ avatar: ["Загрузите изображение (JPG, PNG, GIF)"] }, "Неверный тип файла");
    }
    // Stored under a fresh name (the URL changes, so caches never show the old picture).
    const name = `${crypto.randomUUID().replaceAll("-", "").slice(0, 20)}.${kind.type}`;
    const uploaded = await storage.read(temp);
    if (!uploaded) throw new ApiError(500, "Файл не найден");
    await storage.write(`avatars/${id}/${name}`, uploaded, { maxBytes: AVATAR_MAX_BYTES });
    await storage.delete(temp);
    const profileImageUrl = avatarUrl(id, name);
    const row = await updateEmployee(db, id, { profileImageUrl }, now());
    const old = avatarKeyOf(target.profileImageUrl);
    if (old) await storage.delete(old);
    return c.json({ ...employeeJson(row), profileImageUrl });
  });
