import { Hono } from "hono";
import { and, eq } from "drizzle-orm";
import { objects } from "../../db/schema/mod.ts";
import { notifyChiefEngineers, recordActivity } from "../../db/notifications.ts";
import { foremanProjects } from "../../db/foreman.ts";
import { foremanRoles } from "../../domain/roles.ts";
import { ApiError, notFound } from "../errors.ts";
import { validate } from "../validate.ts";
import { companyScope, currentUser, requireApi } from "../middleware/guard.ts";
import { validIdParam } from "../query.ts";
import type { AppEnv } from "../types.ts";

type ObjectStatus = typeof objects.$inferSelect.status;

const transitions = {
  "start-work": {
    from: "approved",
    to: "work_in_progress",
    refused: "Начать работы можно только по утверждённому проекту",
    activity: "Работы начаты",
  },
  "complete-work": {
    from: "work_in_progress",
    to: "completed",
    refused: "Завершить можно только проект, по которому ведутся работы",
    activity: "Проект завершен",
  },
} as const satisfies Record<
  string,
  { from: ObjectStatus; to: ObjectStatus; refused: string; activity: string }
>;

/**
 * The foreman panel (foreman and system_admin only): its projects, and the two status changes
 * approved → work_in_progress and work_in_progress → completed. Another status answers 409,
 * another company's object 404.
 */
export const foremanApi = new Hono<AppEnv>()
  .use(requireApi(foremanRoles))
  .get("/projects", async (c) => {
    const user = currentUser(c);
    return c.json(await foremanProjects(c.var.deps.db, companyScope(user)));
  });

for (const [action, rule] of Object.entries(transitions)) {
  foremanApi.post(`/objects/:id/${action}`, validIdParam, async (c) => {
    const user = currentUser(c);
    const scope = companyScope(user);
    const { db, now } = c.var.deps;
    const id = c.req.valid("param").id;
    const inScope = scope === null ? undefined : eq(objects.companyId, scope);
    const at = now();
    const updated = await db.transaction(async (tx) => {
      const [row] = await tx.update(objects).set({ status: rule.to, updatedAt: at })
        .where(and(eq(objects.id, id), eq(objects.status, rule.from), inScope))
        .returning();
      if (!row) return null;
      await recordActivity(tx, {
        companyId: row.companyId,
        userId: user.id,
        type: "other",
        title: `${rule.activity}: ${row.address}`,
        status: rule.to,
        objectId: row.id,
      });
      await notifyChiefEngineers(tx, {
        companyId: row.companyId,
        type: "other",
        title: rule.activity,
        message: row.address,
        relatedObjectId: row.id,
      }, user.id);
      return row;
    });
    if (!updated) {
      const [exists] = await db.select({ status: objects.status }).from(objects).where(
        and(eq(objects.id, id), inScope),
      );
      if (!exists) throw notFound("Объект не найден");
      throw new ApiError(409, rule.refused);
    }
    return c.json({ id: updated.id, status: updated.status, updatedAt: updated.updatedAt });
  });
}
