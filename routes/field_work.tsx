import type { Context } from "hono";
import { listTasks } from "../db/tasks.ts";
import { objectForEstimate } from "../db/estimates.ts";
import { labelOf, taskStatusLabels, workTypeLabels } from "../domain/labels.ts";
import { Island } from "../server/island.tsx";
import { companyScope, currentUser } from "../server/middleware/guard.ts";
import { seesOnlyOwnTasks } from "../domain/tasks.ts";
import type { AppEnv } from "../server/types.ts";
import FieldWorkScreen from "../islands/FieldWorkScreen.tsx";
import { notFoundPage } from "./_errors.tsx";
import { renderWorkPage } from "./_page.tsx";
import { positiveInt } from "../server/query.ts";

/**
 * /field-work and /objects/:id/field-work, 'Полевые работы' (the estimating spec's «Field-work screen»): the
 * objects of the user's tasks in status assigned or in_progress (a surveyor's own; the object's only on the
 * object route).
 */
export default async function fieldWorkPage(c: Context<AppEnv>) {
  const user = currentUser(c);
  const scope = companyScope(user);
  const { db, now } = c.get("deps");
  const objectId = positiveInt(c.req.param("id"));
  if (c.req.param("id") !== undefined) {
    const object = objectId ? await objectForEstimate(db, scope, objectId) : null;
    if (!object) return notFoundPage(c);
  }
  // The newest hundred in work: a choice a phone can scroll through (a company's whole list at 10× data made
  // the page 17 ms and 120 KB).
  const tasks = await listTasks(db, scope, {
    now: now(),
    limit: 100,
    inWork: true,
    objectId,
    assignedTo: seesOnlyOwnTasks(user) ? user.id : undefined,
  });
  const active = tasks.filter((t) => t.object);
  const requested = positiveInt(c.req.query("taskId"));
  const selected = requested ?? (objectId && active.length === 1 ? active[0].id : null);
  return renderWorkPage(c, {
    title: "Полевые работы",
    subtitle: "Замер, смета и отчет инженеру по задаче на объекте",
    body: (
      <Island
        component={FieldWorkScreen}
        props={{
          selectedTaskId: selected ?? null,
          tasks: active.map((t) => ({
            id: t.id,
            objectId: t.object!.id,
            title: t.title,
            address: t.object!.address,
            workType: t.object!.workType,
            workTypeLabel: labelOf(workTypeLabels, t.object!.workType),
            clientName: t.object!.clientName,
            clientPhone: t.object!.clientPhone,
            status: t.storedStatus,
            separateEstimates: t.separateEstimates,
            statusLabel: labelOf(taskStatusLabels, t.storedStatus),
          })),
        }}
      />
    ),
  });
}
