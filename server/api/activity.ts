import { Hono } from "hono";
import { z } from "zod";
import { activityFeed } from "../../db/stats.ts";
import { staffRoles } from "../../domain/roles.ts";
import { companyScope, currentUser, requireApi } from "../middleware/guard.ts";
import type { AppEnv } from "../types.ts";
import { validate } from "../validate.ts";
import { limitQuery } from "../query.ts";

/** ?limit=: 20 unless a whole number from 1 to 100. */
const feedQuery = z.object({ limit: limitQuery(20) });

/** GET /api/activity and GET /api/activities (the same payload): the company's activity feed. */
export const activityApi = new Hono<AppEnv>()
  .use(requireApi(staffRoles))
  .get("/", validate("query", feedQuery), async (c) => {
    const { limit } = c.req.valid("query");
    return c.json(await activityFeed(c.get("deps").db, companyScope(currentUser(c)), limit));
  });
