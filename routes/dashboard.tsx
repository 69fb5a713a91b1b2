import type { Context } from "hono";
import { hasRole } from "../domain/roles.ts";
import { parsePeriod } from "../domain/periods.ts";
import { taskManagerRoles } from "../domain/tasks.ts";
import { companyScope, currentUser } from "../server/middleware/guard.ts";
import type { AppEnv } from "../server/types.ts";
import { renderWorkPage } from "./_page.tsx";
import {
  ActivityFeed,
  DashboardStatCards,
  loadDashboard,
  loadTaskDialogs,
  PeriodSelector,
  QuickActions,
  RecentTasks,
  TaskDialogs,
} from "./_dashboard/mod.tsx";

/** /dashboard: the company dashboard of spec/1 §2 (stat cards, latest tasks, activity, quick actions). */
export default async function dashboardPage(c: Context<AppEnv>) {
  const user = currentUser(c);
  const scope = companyScope(user);
  const { db, now } = c.var.deps;
  const at = now();
  const period = parsePeriod(c.req.query("period"));
  const canCreate = hasRole(user.role, taskManagerRoles);
  const [data, dialogs] = await Promise.all([
    loadDashboard(db, scope, { period, now: at }),
    canCreate ? loadTaskDialogs(db, scope, { now: at }) : Promise.resolve(null),
  ]);
  return renderWorkPage(c, {
    title: "Главная",
    subtitle: user.companyName ?? "Все компании",
    body: (
      <div className="stack-lg">
        <PeriodSelector current={period} path="/dashboard" />
        <DashboardStatCards stats={data.stats} />
        <div className="dashboard-grid">
          <RecentTasks tasks={data.recentTasks} canCreate={canCreate} />
          <ActivityFeed items={data.activity} now={at} />
        </div>
        <QuickActions
          actions={[
            { label: "Создать объект", icon: "map", href: "/objects?new=1" },
            canCreate
              ? { label: "Создать задачу", icon: "tasks", button: { "data-new-task": "" } }
              : { label: "Задачи", icon: "tasks", href: "/tasks" },
            { label: "Добавить сотрудника", icon: "users", href: "/employees" },
            { label: "Посмотреть отчёты", icon: "chart", href: "/analytics" },
          ]}
        />
        {dialogs && <TaskDialogs data={dialogs} />}
      </div>
    ),
  });
}
