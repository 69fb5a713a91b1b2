import { Hono } from "hono";
import { changeProjectStatus, foremanProjects, type ProjectStatusChange } from "../../db/foreman.ts";
import { foremanRoles } from "../../domain/roles.ts";
import { ApiError, notFound } from "../errors.ts";
import { companyScope, currentUser, requireApi } from "../middleware/guard.ts";
import { validIdParam } from "../query.ts";
import type { AppEnv } from "../types.ts";
import { finishWorks } from "./acts.ts";

/** «Начать работы»: an approved project goes to work in progress. */
const startWork = {
  from: "approved",
  to: "work_in_progress",
  activity: "Работы начаты",
} as const satisfies Pick<ProjectStatusChange, "from" | "to" | "activity">;

/**
 * The foreman panel (foreman and system_admin only): its projects, starting the works of an approved project
 * and «Завершить работы», which finishes them and issues the act (server/api/acts.ts). Another status
 * answers 409, another company's object 404.
 */
export const foremanApi = new Hono<AppEnv>()
  .use(requireApi(foremanRoles))
  .get("/projects", async (c) => {
    const user = currentUser(c);
    return c.json(await foremanProjects(c.get("deps").db, companyScope(user)));
  })
  .post("/objects/:id/start-work", validIdParam, async (c) => {
    const user = currentUser(c);
    const { db, now } = c.get("deps");
    const updated = await changeProjectStatus(db, companyScope(user), c.req.valid("param").id, {
      ...startWork,
      userId: user.id,
      at: now(),
    });
    if (updated === "missing") throw notFound("Объект не найден");
    if (updated === "refused") throw new ApiError(409, "Начать работы можно только по утверждённому проекту");
    return c.json({ id: updated.id, status: updated.status, updatedAt: updated.updatedAt });
  })
  .post(
    "/objects/:id/complete-work",
    validIdParam,
    async (c) => await finishWorks(c, c.req.valid("param").id),
  );
