// /api/users: administrators list, create and change users. A company_admin works only within its own
// company and can neither create nor promote a system_admin, nor touch one.
import { type Context, Hono } from "hono";
import { findCompany } from "../../db/companies.ts";
import { createUser, emailTaken, findUser, listUsers, updateUser, type UserChanges } from "../../db/users.ts";
import { needsCompany, userCreateSchema, userPatchSchema } from "../../domain/admin.ts";
import { adminRoles } from "../../domain/roles.ts";
import { hashPassword } from "../../db/password.ts";
import { forbidden, invalid, notFound } from "../errors.ts";
import { companyScope, currentUser, requireApi } from "../middleware/guard.ts";
import { validate } from "../validate.ts";
import { ownerEmail } from "../env.ts";
import { validIdParam } from "../query.ts";
import type { AppEnv } from "../types.ts";
import { scopeOf } from "../../db/scope.ts";

const EMAIL_TAKEN = "Пользователь с таким email уже существует";
const NO_SYSTEM_ADMIN = "Администратор компании не может назначать роль системного администратора";
const OWN_COMPANY_ONLY = "Администратор компании управляет только пользователями своей компании";
const OWNER_ONLY = "Учетную запись главного администратора меняет только он сам";

/** Taken, or the configured owner's e-mail (which nobody may take: it would be a way to become the owner). */
async function emailUnavailable(c: Context<AppEnv>, email: string, exceptId?: number): Promise<boolean> {
  return email === ownerEmail(c.get("deps").env) || await emailTaken(c.get("deps").db, email, exceptId);
}

export const usersApi = new Hono<AppEnv>()
  .get("/", requireApi(adminRoles), async (c) => {
    return c.json(await listUsers(c.get("deps").db, companyScope(currentUser(c))));
  })
  .post("/", requireApi(adminRoles), validate("json", userCreateSchema), async (c) => {
    const user = currentUser(c);
    const { db } = c.get("deps");
    const input = c.req.valid("json");
    let companyId = input.companyId ?? null;
    if (user.role !== "system_admin") {
      if (input.role === "system_admin") throw forbidden(NO_SYSTEM_ADMIN);
      if (companyId !== null && companyId !== user.companyId) throw forbidden(OWN_COMPANY_ONLY);
      companyId = user.companyId;
      if (companyId === null) throw forbidden(OWN_COMPANY_ONLY);
    } else if (companyId === null && needsCompany(input.role)) {
      throw invalid({ companyId: ["Выберите компанию"] });
    } else if (companyId !== null && !(await findCompany(db, scopeOf(null), companyId))) {
      throw invalid({ companyId: ["Компания не найдена"] });
    }
    if (await emailUnavailable(c, input.email)) throw invalid({ email: [EMAIL_TAKEN] });
    const id = await createUser(db, {
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      role: input.role,
      companyId,
      isActive: input.isActive,
      passwordHash: await hashPassword(input.password),
    });
    const created = await findUser(db, scopeOf(null), id);
    return c.json(created!.json, 201);
  })
  .get("/:id", requireApi(adminRoles), validIdParam, async (c) => {
    const found = await findUser(c.get("deps").db, companyScope(currentUser(c)), c.req.valid("param").id);
    if (!found) throw notFound("Пользователь не найден");
    return c.json(found.json);
  })
  .patch("/:id", requireApi(adminRoles), validate("json", userPatchSchema), validIdParam, async (c) => {
    const user = currentUser(c);
    const { db } = c.get("deps");
    const id = c.req.valid("param").id;
    const scope = companyScope(user);
    const patch = c.req.valid("json");
    const found = await findUser(db, scope, id);
    if (!found) throw notFound("Пользователь не найден");
    if (found.row.isOwner && id !== user.id) throw forbidden(OWNER_ONLY);
    if (user.role !== "system_admin") {
      if (found.row.role === "system_admin" || patch.role === "system_admin") {
        throw forbidden(NO_SYSTEM_ADMIN);
      }
      if (patch.companyId !== undefined && patch.companyId !== user.companyId) {
        throw forbidden(OWN_COMPANY_ONLY);
      }
    } else if (patch.companyId != null && !(await findCompany(db, scopeOf(null), patch.companyId))) {
      throw invalid({ companyId: ["Компания не найдена"] });
    }
    if (id === user.id) {
      if (patch.isActive === false) {
        throw invalid({ isActive: ["Нельзя деактивировать собственную учетную запись"] });
      }
      if (patch.role && patch.role !== found.row.role) {
        throw invalid({ role: ["Нельзя изменить собственную роль"] });
      }
    }
    if (patch.email && patch.email !== found.row.email && await emailUnavailable(c, patch.email, id)) {
      throw invalid({ email: [EMAIL_TAKEN] });
    }
    const { password, ...rest } = patch;
    const changes: UserChanges = { ...rest };
    if (password) changes.passwordHash = await hashPassword(password);
    await updateUser(db, scope, id, changes);
    const updated = await findUser(db, scopeOf(null), id);
    return c.json(updated!.json);
  });
