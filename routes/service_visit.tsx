import type { Context } from "hono";
import { getVisit, visitParts } from "../db/service_visits.ts";
import { listDocuments } from "../db/documents.ts";
import {
  visitFormDefaults,
  visitFormSections,
  visitState,
  visitStateLabels,
} from "../domain/service_visits.ts";
import { seesOnlyOwnTasks } from "../domain/tasks.ts";
import { moscowDate } from "../domain/dates.ts";
import { formatDate } from "../domain/format.ts";
import { companyScope, currentUser } from "../server/middleware/guard.ts";
import { Island } from "../server/island.tsx";
import { positiveInt } from "../server/query.ts";
import type { AppEnv } from "../server/types.ts";
import ServiceVisitScreen from "../islands/ServiceVisitScreen.tsx";
import { notFoundPage } from "./_errors.tsx";
import { renderWorkPage } from "./_page.tsx";

/**
 * /service/visits/:id: one service visit on the phone — the form of the visit (checklist, readings, parts,
 * photos) made with no signal and sent by the queue, then its report and the client's signature.
 */
export default async function serviceVisitPage(c: Context<AppEnv>) {
  const user = currentUser(c);
  const scope = companyScope(user);
  const { db, now } = c.get("deps");
  const id = positiveInt(c.req.param("id"));
  const v = id ? await getVisit(db, scope, id) : null;
  if (!v || v.visit.taskId === null) return notFoundPage(c);
  const visit = v.visit;
  // A surveyor or foreman carries out only their own visits; another's shows who has it, nothing more.
  if (seesOnlyOwnTasks(user) && v.assignedTo !== user.id) {
    return renderWorkPage(c, {
      title: `Сервисный визит ${formatDate(visit.plannedOn)}`,
      subtitle: v.address,
      body: <p className="notice notice-info">Визит назначен другому сотруднику.</p>,
    });
  }
  const sections = visitFormSections(
    v.operations,
    await visitParts(db, visit.companyId),
    v.partsDiscountPercent,
  );
  const photos = await listDocuments(db, scope, { taskId: visit.taskId!, pageSize: 200 });
  const state = visitState(visit, moscowDate(now()));
  return renderWorkPage(c, {
    title: `Сервисный визит ${formatDate(visit.plannedOn)}`,
    subtitle: `${v.address} · ${v.planName} · ${visitStateLabels[state]}`,
    body: (
      <Island
        component={ServiceVisitScreen}
        props={{
          visitId: visit.id,
          taskId: visit.taskId!,
          objectId: visit.objectId,
          address: v.address,
          clientName: v.clientName,
          form: { version: "visit", sections, models: [] },
          defaults: visitFormDefaults(sections),
          report: visit.report,
          signed: visit.clientSignedAt
            ? { name: visit.clientSignerName ?? "", at: visit.clientSignedAt.toISOString() }
            : null,
          photos: photos.items.map((p) => ({
            id: p.id,
            fileName: p.fileName,
            documentType: p.documentType,
            url: p.fileUrl,
          })),
        }}
      />
    ),
  });
}
