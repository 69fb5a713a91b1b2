import type { Context } from "hono";
import { parsePeriod } from "../domain/periods.ts";
import { companyScope, currentUser } from "../server/middleware/guard.ts";
import type { AppEnv } from "../server/types.ts";
import { renderWorkPage } from "./_page.tsx";
import { DashboardSection, loadDashboardSection } from "./_dashboard/mod.tsx";

/**
 * /dashboard: the company dashboard of the platform spec's «Screens and routes» (stat cards, latest tasks,
 * activity, quick actions).
 */
export default async function dashboardPage(c: Context<AppEnv>) {
  const user = currentUser(c);
  const { db, now, reads } = c.get("deps");
  const section = await loadDashboardSection(db, user, companyScope(user), {
    period: parsePeriod(c.req.query("period")),
    now: now(),
    reads,
  });
  return renderWorkPage(c, {
    title: "Главная",
    subtitle: user.companyName ?? "Все компании",
    body: (
      <div className="stack-lg">
        <DashboardSection section={section} path="/dashboard" />
      </div>
    ),
  });
}
