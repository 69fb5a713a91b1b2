import { Hono } from "hono";
import { z } from "zod";
import { readsOf } from "../../db/read_worker.ts";
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
    const { now } = c.get("deps");
    const scope = companyScope(currentUser(c));
    return c.json(
      await readsOf(c.get("deps")).read("dashboardStats", {
        scope,
        period: parsePeriod(period),
        now: now().getTime(),
      }),
    );
  });

/** GET /api/analytics?period= (JSON) and /api/analytics/export?table=&period= (CSV of one table). */
export const analyticsApi = new Hono<AppEnv>()
  .use(requireApi(staffRoles))
  .get("/", validate("query", analyticsQuery), async (c) => {
    const { now } = c.get("deps");
    const period = parsePeriod(c.req.valid("query").period);
    const scope = companyScope(currentUser(c));
    return c.json(await readsOf(c.get("deps")).read("analytics", { scope, period, now: now().getTime() }));
  })
  .get("/export", validate("query", exportQuery), async (c) => {
    const query = c.req.valid("query");
    const name = query.table;
    const period = parsePeriod(query.period);
    const { now } = c.get("deps");
    const scope = companyScope(currentUser(c));
    const data = await readsOf(c.get("deps")).read("analytics", { scope, period, now: now().getTime() });
    const csv = toCsv(analyticsTable(data, name as TableName));
    c.header("Content-Type", "text/csv; charset=utf-8");
    c.header("Content-Disposition", contentDisposition(`analytics-${name}-${period}.csv`));
    return c.body(csv);
  });
