import { Hono } from "hono";
import { dashboardStats } from "../../db/stats.ts";
import { analytics } from "../../db/analytics.ts";
import { analyticsTable, type TableName, tableNames, toCsv } from "../../domain/analytics.ts";
import { parsePeriod, periods } from "../../domain/periods.ts";
import { staffRoles } from "../../domain/roles.ts";
import { invalid } from "../errors.ts";
import { companyScope, currentUser, requireApi } from "../middleware/guard.ts";
import type { AppEnv } from "../types.ts";

/** GET /api/stats?period=7d|30d|90d|1y|all (default 30d): the dashboard figures of the user's company. */
export const statsApi = new Hono<AppEnv>()
  .use(requireApi(staffRoles))
  .get("/", async (c) => {
    const raw = c.req.query("period");
    if (raw && !(periods as readonly string[]).includes(raw)) {
      throw invalid({ period: [`Период должен быть одним из: ${periods.join(", ")}`] });
    }
    const { db, now } = c.var.deps;
    return c.json(await dashboardStats(db, companyScope(currentUser(c)), parsePeriod(raw), now()));
  });

/** GET /api/analytics?period= (JSON) and /api/analytics/export?table=&period= (CSV of one table). */
export const analyticsApi = new Hono<AppEnv>()
  .use(requireApi(staffRoles))
  .get("/", async (c) => {
    const { db, now } = c.var.deps;
    return c.json(
      await analytics(db, companyScope(currentUser(c)), parsePeriod(c.req.query("period")), now()),
    );
  })
  .get("/export", async (c) => {
    const name = c.req.query("table") ?? "";
    if (!(tableNames as readonly string[]).includes(name)) {
      throw invalid({ table: [`Таблица должна быть одной из: ${tableNames.join(", ")}`] });
    }
    const period = parsePeriod(c.req.query("period"));
    const { db, now } = c.var.deps;
    const data = await analytics(db, companyScope(currentUser(c)), period, now());
    const csv = toCsv(analyticsTable(data, name as TableName));
    c.header("Content-Type", "text/csv; charset=utf-8");
    c.header("Content-Disposition", `attachment; filename="analytics-${name}-${period}.csv"`);
    return c.body(csv);
  });
