import { Hono } from "hono";
import { dashboardStats } from "../../db/stats.ts";
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
