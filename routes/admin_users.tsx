import type { Context } from "hono";
import { companyOptions } from "../db/companies.ts";
import { listUsers } from "../db/users.ts";
import { Island } from "../server/island.tsx";
import { currentUser } from "../server/middleware/guard.ts";
import type { AppEnv } from "../server/types.ts";
import AdminUsersTable from "../islands/AdminUsersTable.tsx";
import { renderWorkPage } from "./_page.tsx";
import { scopeOf } from "../db/scope.ts";

/** /admin/users: the owner's page of every user, with role and company changes and the demo clean-up. */
export default async function adminUsersPage(c: Context<AppEnv>) {
  const user = currentUser(c);
  const { db } = c.get("deps");
  const [users, companies] = await Promise.all([listUsers(db, scopeOf(null)), companyOptions(db)]);
  return renderWorkPage(c, {
    title: "Управление пользователями",
    subtitle: "Роли и компании всех пользователей",
    body: (
      <Island
        component={AdminUsersTable}
        props={{ users, companies: companies.map(({ id, name }) => ({ id, name })), currentUserId: user.id }}
      />
    ),
  });
}
