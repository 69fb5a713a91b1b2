// /api/admin: the owner's user page (users.is_owner, checked on the server) and the demo-data clean-up.
import { Hono } from "hono";
import { deleteDemoData } from "../../db/admin.ts";
import { findCompany } from "../../db/companies.ts";
import { findUser, listUsers, updateUser } from "../../db/users.ts";
import { companyAssignSchema, roleChangeSchema } from "../../domain/admin.ts";
import { invalid, notFound } from "../errors.ts";
import { currentUser, requireApi } from "../middleware/guard.ts";
import { validate } from "../validate.ts";
import { validIdParam } from "../query.ts";
import type { AppEnv } from "../types.ts";
import { scopeOf } from "../../db/scope.ts";

export const adminApi = new Hono<AppEnv>()
  .use(requireApi("owner"))
  .get("/users", async (c) => {
    return c.json(await listUsers(c.get("deps").db, scopeOf(null)));
  })
  .put("/users/:id/role", validate("json", roleChangeSchema), validIdParam, async (c) => {
    const { db } = c.get("deps");
    const id = c.req.valid("param").id;
    const { role } = c.req.valid("json");
    // The owner keeps system_admin: with another role the owner's flag would point at a lesser account.
    if (id === currentUser(c).id && role !== "system_admin") {
      throw invalid({ role: ["Нельзя изменить собственную роль"] });
    }
    if (!(await updateUser(db, scopeOf(null), id, { role }))) throw notFound("Пользователь не найден");
    return c.json((await findUser(db, scopeOf(null), id))!.json);
  })
  .put("/users/:id/company", validate("json", companyAssignSchema), validIdParam, async (c) => {
    const { db } = c.get("deps");
    const id = c.req.valid("param").id;
    const { companyId } = c.req.valid("json");
    if (companyId !== null && !(await findCompany(db, scopeOf(null), companyId))) {
      throw invalid({ companyId: ["Компания не найдена"] });
    }
    if (!(await updateUser(db, scopeOf(null), id, { companyId }))) throw notFound("Пользователь не найден");
    return c.json((await findUser(db, scopeOf(null), id))!.json);
  })
  .delete("/cleanup", async (c) => {
    const { db, storage } = c.get("deps");
    const result = await deleteDemoData(db, { keepUserId: currentUser(c).id });
    // Files go only after the rows are gone for good; a missing file is not an error.
    let files = 0;
    for (const key of result.fileKeys) {
      try {
        await storage.delete(key);
        files++;
      } catch (error) {
        console.error(`Clean-up could not delete "${key}":`, error);
      }
    }
    const { fileKeys: _, ...counts } = result;
    return c.json({ message: "Все тестовые данные очищены", ...counts, files });
  });
