import { Hono } from "hono";
import { z } from "zod";
import { activityFeed } from "../../db/stats.ts";
import { staffRoles } from "../../domain/roles.ts";
import { companyScope, currentUser, requireApi } from "../middleware/guard.ts";
import type { AppEnv } from "../types.ts";
import { validate } from "../validate.ts";
import { firstOf } from "../query.ts";
import { boundedInt } from "../../domain/bounds.ts";

/** ?limit=: a whole number from 1 to 100; 20 for anything else ('1.5', '1e400', 2^63). */
const feedQuery = z.object({
  limit: firstOf(z.unknown().transform((v) => boundedInt(typeof v === "string" ? v : undefined, 1, 100, 20)))
    .default(20),
});

/** GET /api/activity and GET /api/activities (the same payload): the company's activity feed. */
export const activityApi = new Hono<AppEnv>()
  .use(requireApi(staffRoles))
  .get("/", validate("query", feedQuery), async (c) => {
    const { limit } = c.req.valid("query");
    return c.json(await activityFeed(c.get("deps").db, companyScope(currentUser(c)), limit));
  });
