import { Hono } from "hono";
import { z } from "zod";
import { dashboardStats } from "../../db/stats.ts";
import { analytics } from "../../db/analytics.ts";
import { analyticsTable, type TableName, tableNames, toCsv } from "../../domain/analytics.ts";
import { parsePeriod, periods } from "../../domain/periods.ts";
import { staffRoles } from "../../domain/roles.ts";
import { companyScope, currentUser, requireApi } from "../middleware/guard.ts";
import type { AppEnv } from "../types.ts";
import { validate } from "../validate.ts";
import { contentDisposition } from "../content_disposition.ts";
import { firstOf, queryText } from "../query.ts";

const isOneOf = (names: readonly string[]) => (v: string | undefined) => names.includes(v ?? "");

/** The dashboard names a wrong period; the analytics pages fall back to the default one. */
const statsQuery = z.object({
  period: queryText.refine(
    (v) => !v || isOneOf(periods)(v),
    `Период должен быть одним из: ${periods.join(", ")}`,
  ),
});
const analyticsQuery = z.object({ period: queryText });
const tableMessage = `Таблица должна быть одной из: ${tableNames.join(", ")}`;
const exportQuery = z.object({
  table: firstOf(z.string({ error: tableMessage }).refine(isOneOf(tableNames), tableMessage)),
  period: queryText,
});

/** GET /api/stats?period=7d|30d|90d|1y|all (default 30d): the dashboard figures of the user's company. */
export const statsApi = new Hono<AppEnv>()
  .use(requireApi(staffRoles))
  .get("/", validate("query", statsQuery), async (c) => {
    const { period } = c.req.valid("query");
    const { db, now } = c.var.deps;
    return c.json(await dashboardStats(db, companyScope(currentUser(c)), parsePeriod(period), now()));
  });

/** GET /api/analytics?period= (JSON) and /api/analytics/export?table=&period= (CSV of one table). */
export const analyticsApi = new Hono<AppEnv>()
  .use(requireApi(staffRoles))
  .get("/", validate("query", analyticsQuery), async (c) => {
    const { db, now } = c.var.deps;
    const period = parsePeriod(c.req.valid("query").period);
    return c.json(await analytics(db, companyScope(currentUser(c)), period, now()));
  })
  .get("/export", validate("query", exportQuery), async (c) => {
    const query = c.req.valid("query");
    const name = query.table;
    const period = parsePeriod(query.period);
    const { db, now } = c.var.deps;
    const data = await analytics(db, companyScope(currentUser(c)), period, now());
    const csv = toCsv(analyticsTable(data, name as TableName));
    c.header("Content-Type", "text/csv; charset=utf-8");
    c.header("Content-Disposition", contentDisposition(`analytics-${name}-${period}.csv`));
    return c.body(csv);
  });
