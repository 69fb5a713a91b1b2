import type { Context } from "hono";
import { employeeJson, listEmployees } from "../db/employees.ts";
import { countOf, employeeForms } from "../domain/format.ts";
import { employeeManagerRoles, hasRole } from "../domain/roles.ts";
import { Island } from "../server/island.tsx";
import { companyScope, currentUser } from "../server/middleware/guard.ts";
import type { AppEnv } from "../server/types.ts";
import EmployeesPanel from "../islands/EmployeesPanel.tsx";
import { renderWorkPage } from "./_page.tsx";

/** /employees ('Сотрудники'): counters, the list, adding and (de)activating employees, avatars. */
export default async function employeesPage(c: Context<AppEnv>) {
  const user = currentUser(c);
  const rows = await listEmployees(c.get("deps").db, companyScope(user));
  return renderWorkPage(c, {
    title: "Сотрудники",
    subtitle: user.companyName ?? countOf(rows.length, employeeForms),
    body: (
      <Island
        component={EmployeesPanel}
        props={{
          employees: rows.map(employeeJson),
          canManage: hasRole(user.role, employeeManagerRoles),
          actorRole: user.role,
          currentUserId: user.id,
        }}
      />
    ),
  });
}
