import type { Context } from "hono";
import { companyOptions } from "../db/companies.ts";
import { listUsers } from "../db/users.ts";
import { Island } from "../server/island.tsx";
import { companyScope, currentUser } from "../server/middleware/guard.ts";
import type { AppEnv } from "../server/types.ts";
import { positiveInt } from "../server/query.ts";
import UsersManager from "../islands/UsersManager.tsx";
import { renderWorkPage } from "./_page.tsx";

/** /users: system_admin manages every user, company_admin the users of its own company. */
export default async function usersPage(c: Context<AppEnv>) {
  const user = currentUser(c);
  const { db } = c.get("deps");
  const isSystemAdmin = user.role === "system_admin";
  const users = await listUsers(db, companyScope(user));
  const companies = isSystemAdmin
    ? (await companyOptions(db)).map(({ id, name }) => ({ id, name }))
    : user.companyId !== null
    ? [{ id: user.companyId, name: user.companyName ?? "" }]
    : [];
  const id = positiveInt(c.req.query("userId"));
  const listed = users.find((u) => u.id === id)?.id ?? null;
  const openId = c.req.query("new") ? "new" as const : listed;
  return renderWorkPage(c, {
    title: "Пользователи",
    subtitle: isSystemAdmin ? "Все пользователи системы" : `Сотрудники: ${user.companyName ?? ""}`,
    body: (
      <Island
        component={UsersManager}
        props={{ users, companies, isSystemAdmin, currentUserId: user.id, openId }}
      />
    ),
  });
}
