import { Hono } from "hono";
import { activityFeed } from "../../db/stats.ts";
import { staffRoles } from "../../domain/roles.ts";
import { companyScope, currentUser, requireApi } from "../middleware/guard.ts";
import type { AppEnv } from "../types.ts";

/** GET /api/activity and GET /api/activities (the same payload): the company's activity feed. */
export const activityApi = new Hono<AppEnv>()
  .use(requireApi(staffRoles))
  .get("/", async (c) => {
    const limit = Math.min(100, Math.max(1, Number(c.req.query("limit")) || 20));
    return c.json(await activityFeed(c.var.deps.db, companyScope(currentUser(c)), limit));
  });
