// Service visits: created ahead as tasks from an agreement's recurrence rule when the agreement is signed or
// activated, moved by a person with a reason, carried out on the phone (the report), signed by the client,
// reminded to the client through the outbox. Every function takes the company scope (null = every company).
import { and, asc, eq, gte, inArray, isNull, lte, ne, notExists, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db, Executor } from "./client.ts";
import type { Scope } from "./scope.ts";
import {
  clientLinks,
  documents,
  installedEquipment,
  objects,
  serviceAgreements,
  serviceVisits,
  tasks,
  users,
} from "./schema/mod.ts";
import { companyRequisites } from "./contracts.ts";
import { equipmentLabel } from "../domain/service.ts";
import { notifyUsers, recordActivity } from "./notifications.ts";
import { enqueueClientMessage } from "./outbox.ts";
import { serviceStaffRoles, visitDays, visitDue } from "../domain/service_schedule.ts";
import {
  genericStationOperations,
  genericStationParts,
  isPartCode,
  type VisitPart,
  type VisitReport,
  visitReport,
  type VisitState,
  visitState,
} from "../domain/service_visits.ts";
import { displayName, formatDate } from "../domain/format.ts";
import { activePriceList } from "./price_lists.ts";
import { idInScope, preparedQuery, updateRow } from "./prepared.ts";
import { moscowDate } from "../domain/dates.ts";

const assignee = alias(users, "assignee");

/** A rule a visit's change breaks, named by the field (turned into 422 by the API). */
export class VisitRuleError extends Error {
  constructor(readonly field: string, message: string) {
    super(message);
  }
}

/** The agreement as scheduling reads it (its plan's terms are copied onto it at sale). */
export interface SchedulableAgreement {
  id: number;
  companyId: number;
  objectId: number;
  rrule: string;
  startsOn: string;
  endsOn: string;
  planName: string;
  operations: string[];
}

/**
 * The service staff member who gets new visits: the active surveyor (the phone with the offline form) or
 * foreman of the company with the fewest open tasks; null when the company has none.
 */
export async function defaultServiceAssignee(tx: Executor, companyId: number): Promise<number | null> {
  const open = sql<number>`(select count(*) from tasks t where t.assigned_to = ${users.id}
    and t.status not in ('completed', 'cancelled'))`;
  const [row] = await tx.select({ id: users.id }).from(users)
    .where(and(
      eq(users.companyId, companyId),
      eq(users.isActive, true),
      inArray(users.role, [...serviceStaffRoles]),
    ))
    .orderBy(sql`${users.role} = 'foreman'`, open, asc(users.id)).limit(1);
  return row?.id ?? null;
}

/** The assignee of a visit must be an active service staff member of its company. */
async function checkServiceStaff(tx: Executor, companyId: number, userId: number) {
  const [u] = await tx.select({ companyId: users.companyId, isActive: users.isActive, role: users.role })
    .from(users).where(eq(users.id, userId));
  if (!u || u.companyId !== companyId || !(serviceStaffRoles as readonly string[]).includes(u.role)) {
    throw new VisitRuleError("assignedTo", "Визит назначается замерщику или прорабу компании");
  }
  if (!u.isActive) throw new VisitRuleError("assignedTo", "Исполнитель деактивирован");
}

/**
 * Creates the agreement's visits of the next 12 months (from its start, or from today when it started
 * earlier; the demo seed gives `from` to plan a past year), each a task due at the end of its Moscow day, in the caller's transaction. A day that already
 * has its visit (moved or not) gets no second one, so scheduling twice, or again after a renewal, is safe.
 * Returns the days created.
 */
export async function scheduleAgreementVisits(
  tx: Executor,
  agreement: SchedulableAgreement,
  by: { userId: number | null; now: Date; assignedTo?: number | null; from?: string },
): Promise<string[]> {
  const days = visitDays(agreement.rrule, agreement.startsOn, { from: by.from ?? moscowDate(by.now) })
    .filter((d) => d <= agreement.endsOn);
  const existing = await tx.select({ plannedOn: serviceVisits.plannedOn, movedFrom: serviceVisits.movedFrom })
    .from(serviceVisits).where(eq(serviceVisits.agreementId, agreement.id));
  const taken = new Set(existing.map((v) => v.movedFrom ?? v.plannedOn));
  const fresh = days.filter((d) => !taken.has(d));
  if (fresh.length === 0) return [];
  const assignedTo = by.assignedTo ?? await defaultServiceAssignee(tx, agreement.companyId);
  if (assignedTo) await checkServiceStaff(tx, agreement.companyId, assignedTo);
  const [object] = await tx.select({ address: objects.address }).from(objects)
    .where(eq(objects.id, agreement.objectId));
  const ops = agreement.operations.length > 0 ? agreement.operations : genericStationOperations;
  for (const day of fresh) {
    const [task] = await tx.insert(tasks).values({
      companyId: agreement.companyId,
      objectId: agreement.objectId,
      assignedTo,
      assignedBy: by.userId,
      title: `Сервисный визит: ${agreement.planName}`,
      description: ops.join("; "),
      dueDate: visitDue(day),
      status: "assigned",
      priority: "medium",
      createdAt: by.now,
      updatedAt: by.now,
    }).returning({ id: tasks.id });
    await tx.insert(serviceVisits).values({
      companyId: agreement.companyId,
      agreementId: agreement.id,
      objectId: agreement.objectId,
      plannedOn: day,
      taskId: task.id,
      createdAt: by.now,
      updatedAt: by.now,
    });
  }
  if (assignedTo && assignedTo !== by.userId) {
    await notifyUsers(tx, [assignedTo], {
      at: by.now,
      companyId: agreement.companyId,
      type: "task_assigned",
      title: "Сервисные визиты",
      message: `${fresh.map(formatDate).join(", ")} — ${object?.address ?? ""}`,
      relatedObjectId: agreement.objectId,
    });
  }
  await recordActivity(tx, {
    at: by.now,
    companyId: agreement.companyId,
    userId: by.userId,
    type: "task",
    title: `Запланированы сервисные визиты (${fresh.length}): ${agreement.planName}`,
    status: "assigned",
    objectId: agreement.objectId,
  });
  return fresh;
}

/**
 * Staff activate an agreement signed on paper (or re-plan a signed one): it becomes signed and its visits of
 * the next 12 months are created, in one transaction. Null for an agreement outside the scope.
 */
export async function activateAgreement(
  db: Db,
  scope: Scope,
  agreementId: number,
  by: { userId: number; now: Date; assignedTo?: number | null },
): Promise<{ days: string[] } | null> {
  const [a] = await db.select().from(serviceAgreements).where(and(
    eq(serviceAgreements.id, agreementId),
    scope === null ? undefined : eq(serviceAgreements.companyId, scope),
  ));
  if (!a) return null;
  if (a.status === "ended") throw new VisitRuleError("status", "Договор обслуживания завершён");
  return await db.transaction(async (tx) => {
    if (a.status !== "signed") {
      await tx.update(serviceAgreements).set({ status: "signed", updatedAt: by.now })
        .where(eq(serviceAgreements.id, a.id));
    }
    return { days: await scheduleAgreementVisits(tx, a, by) };
  });
}

/** One visit as the schedule lists it. */
export interface VisitRow {
  id: number;
  objectId: number;
  agreementId: number;
  taskId: number | null;
  plannedOn: string;
  movedFrom: string | null;
  moveReason: string | null;
  state: VisitState;
  address: string;
  clientName: string | null;
  planName: string;
  agreementNumber: string;
  assignedTo: number | null;
  assigneeName: string | null;
  doneAt: Date | null;
  clientSignedAt: Date | null;
}

export interface ScheduleFilter {
  /** 'YYYY-MM-DD', inclusive. */
  from?: string;
  to?: string;
  objectId?: number;
  assignedTo?: number;
  state?: VisitState;
  /** Only the visits assigned to this user (a surveyor's or foreman's own). */
  ownerId?: number;
  now: Date;
}

/** The visits of the scope in order of their day, filtered; at most 1 000. */
export async function listVisits(db: Db, scope: Scope, f: ScheduleFilter): Promise<VisitRow[]> {
  const today = moscowDate(f.now);
  // The state filter shapes the query (its statuses); the day it compares with is bound.
  const byState = f.state === "overdue" || f.state === "planned";
  const values = {
    companyId: scope ?? undefined,
    from: f.from,
    to: f.to,
    objectId: f.objectId,
    who: f.ownerId ?? f.assignedTo,
    status: f.state === "done" || f.state === "cancelled" ? f.state : undefined,
    today: byState ? today : undefined,
  };
  const rows = await preparedQuery(
    db,
    `service_visits.list.${byState ? f.state : "any"}`,
    values,
    (p) =>
      db.select({
        id: serviceVisits.id,
        objectId: serviceVisits.objectId,
        agreementId: serviceVisits.agreementId,
        taskId: serviceVisits.taskId,
        plannedOn: serviceVisits.plannedOn,
        movedFrom: serviceVisits.movedFrom,
        moveReason: serviceVisits.moveReason,
        status: serviceVisits.status,
        address: objects.address,
        clientName: objects.clientName,
        planName: serviceAgreements.planName,
        agreementNumber: serviceAgreements.number,
        assignedTo: tasks.assignedTo,
        firstName: assignee.firstName,
        lastName: assignee.lastName,
        email: assignee.email,
        doneAt: serviceVisits.doneAt,
        clientSignedAt: serviceVisits.clientSignedAt,
      }).from(serviceVisits)
        .innerJoin(objects, eq(objects.id, serviceVisits.objectId))
        .innerJoin(serviceAgreements, eq(serviceAgreements.id, serviceVisits.agreementId))
        .leftJoin(tasks, eq(tasks.id, serviceVisits.taskId))
        .leftJoin(assignee, eq(assignee.id, tasks.assignedTo))
        .where(and(
          p.companyId && eq(serviceVisits.companyId, p.companyId),
          p.from && gte(serviceVisits.plannedOn, p.from),
          p.to && lte(serviceVisits.plannedOn, p.to),
          p.objectId && eq(serviceVisits.objectId, p.objectId),
          p.who && eq(tasks.assignedTo, p.who),
          p.status && eq(serviceVisits.status, p.status),
          p.today && inArray(serviceVisits.status, ["planned", "overdue"]),
          p.today && (f.state === "overdue"
            ? sql`${serviceVisits.plannedOn} < ${p.today}`
            : gte(serviceVisits.plannedOn, p.today)),
        ))
        .orderBy(asc(serviceVisits.plannedOn), asc(serviceVisits.id)).limit(1000),
  ).all();
  return rows.map(({ firstName, lastName, email, status, ...r }) => ({
    ...r,
    state: visitState({ status, plannedOn: r.plannedOn }, today),
    assigneeName: r.assignedTo ? displayName({ firstName, lastName, email }) : null,
  }));
}

/** One visit with what its screen needs: the object, the agreement's terms, the report and the signature. */
export async function getVisit(db: Db, scope: Scope, id: number) {
  const [row] = await preparedQuery(
    db,
    "serviceVisits.one",
    { id, companyId: scope ?? undefined },
    (p) =>
      db.select({
        visit: serviceVisits,
        address: objects.address,
        clientName: objects.clientName,
        clientPhone: objects.clientPhone,
        planName: serviceAgreements.planName,
        agreementNumber: serviceAgreements.number,
        operations: serviceAgreements.operations,
        partsDiscountPercent: serviceAgreements.partsDiscountPercent,
        assignedTo: tasks.assignedTo,
      }).from(serviceVisits)
        .innerJoin(objects, eq(objects.id, serviceVisits.objectId))
        .innerJoin(serviceAgreements, eq(serviceAgreements.id, serviceVisits.agreementId))
        .leftJoin(tasks, eq(tasks.id, serviceVisits.taskId))
        .where(idInScope(serviceVisits, p)),
  ).all();
  return row ?? null;
}
export type VisitDetails = NonNullable<Awaited<ReturnType<typeof getVisit>>>;

/**
 * The parts a visit may replace: the company's active price list's rows of the parts section (А300–А319, price
 * per unit = materials + works, kopecks) when it has them, else the built-in station parts А300–А305 (their
 * source in domain/service_visits.ts). The plan's discount is taken off when the report is read.
 */
export async function visitParts(db: Executor, companyId: number): Promise<readonly VisitPart[]> {
  const own = await activePriceList(db, companyId);
  const rows = own?.items.filter((i) => isPartCode(i.code)) ?? [];
  if (rows.length === 0) return genericStationParts;
  return rows.map((i) => ({
    code: i.code,
    name: i.name,
    unit: i.unit,
    price: i.materialsPrice + i.worksPrice,
  }));
}

/**
 * A person moves a visit to another day and/or another assignee, with the reason: the task follows (its due
 * date, its overdue notice and the client's reminder start again for the new day), the first planned day is
 * kept, the activity names the reason, the new assignee is told. Null for a visit outside the scope.
 */
export async function moveVisit(
  db: Db,
  scope: Scope,
  id: number,
  change: { plannedOn?: string; assignedTo?: number; reason: string },
  by: { userId: number; now: Date },
): Promise<VisitRow | null> {
  const v = await getVisit(db, scope, id);
  if (!v) return null;
  const visit = v.visit;
  if (visit.status === "done" || visit.status === "cancelled") {
    throw new VisitRuleError("plannedOn", "Проведённый или отменённый визит не переносится");
  }
  if (change.plannedOn === undefined && change.assignedTo === undefined) {
    throw new VisitRuleError("plannedOn", "Укажите новую дату или исполнителя");
  }
  if (change.plannedOn !== undefined && change.plannedOn < moscowDate(by.now)) {
    throw new VisitRuleError("plannedOn", "Дата визита не может быть раньше сегодняшнего дня");
  }
  if (change.assignedTo !== undefined) await checkServiceStaff(db, visit.companyId, change.assignedTo);
  const day = change.plannedOn ?? visit.plannedOn;
  const dayChanged = day !== visit.plannedOn;
  await db.transaction(async (tx) => {
    await updateRow(tx, "serviceVisits.move", serviceVisits, visit.id, {
      plannedOn: day,
      movedFrom: dayChanged ? visit.movedFrom ?? visit.plannedOn : visit.movedFrom,
      moveReason: change.reason,
      reminderSentAt: dayChanged ? null : visit.reminderSentAt,
      status: "planned",
      updatedAt: by.now,
    });
    if (visit.taskId !== null) {
      await updateRow(tx, "tasks.visitMoved", tasks, visit.taskId, {
        ...(dayChanged ? { dueDate: visitDue(day), overdueNotifiedAt: null } : {}),
        ...(change.assignedTo !== undefined ? { assignedTo: change.assignedTo } : {}),
        updatedAt: by.now,
      });
    }
    const what = [
      dayChanged ? `${formatDate(visit.plannedOn)} → ${formatDate(day)}` : null,
      change.assignedTo !== undefined && change.assignedTo !== v.assignedTo ? "другой исполнитель" : null,
    ].filter(Boolean).join(", ");
    await recordActivity(tx, {
      at: by.now,
      companyId: visit.companyId,
      userId: by.userId,
      type: "task",
      title: `Перенесён сервисный визит${what ? ` (${what})` : ""}: ${change.reason}`,
      status: "assigned",
      objectId: visit.objectId,
      taskId: visit.taskId,
    });
    const to = change.assignedTo ?? v.assignedTo;
    if (to && to !== by.userId) {
      await notifyUsers(tx, [to], {
        at: by.now,
        companyId: visit.companyId,
        type: "task_assigned",
        title: "Сервисный визит перенесён",
        message: `${formatDate(day)} — ${v.address}. ${change.reason}`,
        relatedObjectId: visit.objectId,
        relatedTaskId: visit.taskId,
      });
    }
  });
  const [row] = await listVisits(db, scope, { objectId: visit.objectId, from: day, to: day, now: by.now })
    .then((rows) => rows.filter((r) => r.id === visit.id));
  return row ?? null;
}

/**
 * Records the visit carried out: the report read from the form's values (the checklist of the agreement's
 * operations, readings, parts at the plan's discount, the photos of its task), the visit done and its task completed, in one
 * transaction. A repeat of the same client id (the phone's queue sending again) answers the visit as it is and
 * writes nothing; another report of a done visit is refused.
 */
export async function saveVisitReport(
  db: Db,
  scope: Scope,
  id: number,
  input: { values: Record<string, string | boolean>; clientId?: string },
  by: { userId: number; now: Date; ownOnly: boolean },
): Promise<{ report: VisitReport; repeated: boolean } | null> {
  const v = await getVisit(db, scope, id);
  if (!v || (by.ownOnly && v.assignedTo !== by.userId)) return null;
  const visit = v.visit;
  if (input.clientId && visit.reportClientId === input.clientId && visit.report) {
    return { report: visit.report, repeated: true };
  }
  if (visit.status === "done") throw new VisitRuleError("values", "Визит уже проведён, отчёт сохранён");
  if (visit.status === "cancelled") throw new VisitRuleError("values", "Визит отменён");
  // The photos are the visit task's documents: the phone's queue sends them before the report.
  const photos = visit.taskId === null ? [] : await db.select({ id: documents.id }).from(documents)
    .where(and(eq(documents.taskId, visit.taskId), sql`${documents.fileType} like 'image/%'`)).limit(50);
  const report = visitReport(input.values, {
    operations: v.operations,
    parts: await visitParts(db, visit.companyId),
    discountPercent: v.partsDiscountPercent,
    photoIds: photos.map((p) => p.id),
  });
  if (!report.checklist.some((c) => c.done)) {
    throw new VisitRuleError("values", "Отметьте выполненные операции");
  }
  await db.transaction(async (tx) => {
    await tx.update(serviceVisits).set({
      status: "done",
      doneAt: by.now,
      doneBy: by.userId,
      report,
      reportClientId: input.clientId ?? null,
      updatedAt: by.now,
    }).where(eq(serviceVisits.id, visit.id));
    if (visit.taskId !== null) {
      await tx.update(tasks).set({ status: "completed", completedAt: by.now, updatedAt: by.now })
        .where(eq(tasks.id, visit.taskId));
    }
    await recordActivity(tx, {
      at: by.now,
      companyId: visit.companyId,
      userId: by.userId,
      type: "task",
      title: `Проведён сервисный визит: ${v.planName}`,
      status: "completed",
      objectId: visit.objectId,
      taskId: visit.taskId,
    });
  });
  return { report, repeated: false };
}

/**
 * The client signs the visit report (on the staff's phone, or through the client's link): the name, the drawn
 * signature and the moment are kept. Refused before the report exists or once signed. Null outside the scope.
 */
export async function signVisitReport(
  db: Db,
  scope: Scope,
  id: number,
  signature: { signerName: string; signature: string },
  now: Date,
): Promise<{ signedAt: Date } | null> {
  const v = await getVisit(db, scope, id);
  if (!v) return null;
  if (v.visit.status !== "done") throw new VisitRuleError("signature", "Отчёт о визите ещё не готов");
  if (v.visit.clientSignedAt) throw new VisitRuleError("signature", "Отчёт уже подписан");
  const updated = await db.update(serviceVisits).set({
    clientSignerName: signature.signerName,
    clientSignature: signature.signature,
    clientSignedAt: now,
    updatedAt: now,
  }).where(and(eq(serviceVisits.id, id), isNull(serviceVisits.clientSignedAt))).returning({
    id: serviceVisits.id,
  });
  if (updated.length === 0) throw new VisitRuleError("signature", "Отчёт уже подписан");
  return { signedAt: now };
}

/** How many days ahead the client is reminded of a visit. */
export const REMINDER_DAYS_AHEAD = 3;

/**
 * Writes the reminder of each visit due within the next few days into the outbox (event service_visit_soon, a
 * reminder the client may unsubscribe from), once per visit and day: a moved visit is reminded again for
 * its new day. A visit whose client has no e-mail is stamped too and stays on the staff's list to call.
 * Returns how many visits were handled.
 */
export async function remindUpcomingVisits(db: Db, now: Date, origin: string): Promise<number> {
  const today = moscowDate(now);
  const until = moscowDate(new Date(now.getTime() + REMINDER_DAYS_AHEAD * 86_400_000));
  const due = await db.select({
    id: serviceVisits.id,
    companyId: serviceVisits.companyId,
    objectId: serviceVisits.objectId,
    plannedOn: serviceVisits.plannedOn,
    email: objects.clientEmail,
    clientName: objects.clientName,
    address: objects.address,
  }).from(serviceVisits)
    .innerJoin(objects, eq(objects.id, serviceVisits.objectId))
    .innerJoin(serviceAgreements, eq(serviceAgreements.id, serviceVisits.agreementId))
    .where(and(
      eq(serviceVisits.status, "planned"),
      isNull(serviceVisits.reminderSentAt),
      gte(serviceVisits.plannedOn, today),
      lte(serviceVisits.plannedOn, until),
      eq(serviceAgreements.status, "signed"),
    )).limit(500);
  for (const v of due) {
    await db.transaction(async (tx) => {
      await enqueueClientMessage(tx, {
        companyId: v.companyId,
        objectId: v.objectId,
        event: "service_visit_soon",
        recipient: v.email,
        key: `visit:${v.id}:${v.plannedOn}`,
        facts: {
          clientName: v.clientName,
          address: v.address,
          when: formatDate(v.plannedOn),
          link: `${origin.replace(/\/$/, "")}/profile`,
        },
        origin,
        now,
      });
      await tx.update(serviceVisits).set({ reminderSentAt: now }).where(eq(serviceVisits.id, v.id));
    });
  }
  return due.length;
}

/** Signed agreements whose term ends within `days` days (the renewals list), soonest first. */
export async function agreementsDueForRenewal(db: Db, scope: Scope, now: Date, days = 31) {
  const values = {
    companyId: scope ?? undefined,
    today: moscowDate(now),
    until: moscowDate(new Date(now.getTime() + days * 86_400_000)),
  };
  const renewed = alias(serviceAgreements, "renewed");
  return await preparedQuery(db, "service_agreements.renewals", values, (p) =>
    db.select({
      id: serviceAgreements.id,
      objectId: serviceAgreements.objectId,
      number: serviceAgreements.number,
      planName: serviceAgreements.planName,
      endsOn: serviceAgreements.endsOn,
      address: objects.address,
      clientName: objects.clientName,
    }).from(serviceAgreements)
      .innerJoin(objects, eq(objects.id, serviceAgreements.objectId))
      .where(and(
        p.companyId && eq(serviceAgreements.companyId, p.companyId),
        eq(serviceAgreements.status, "signed"),
        gte(serviceAgreements.endsOn, p.today),
        lte(serviceAgreements.endsOn, p.until),
        notExists(
          db.select({ id: renewed.id }).from(renewed)
            .where(and(eq(renewed.renewsId, serviceAgreements.id), ne(renewed.status, "ended"))),
        ),
      ))
      .orderBy(asc(serviceAgreements.endsOn)).limit(200)).all();
}

/** The active service staff of the scope (surveyors and foremen), to choose a visit's assignee from. */
export async function serviceStaff(db: Db, scope: Scope): Promise<{ id: number; name: string }[]> {
  const rows = await preparedQuery(
    db,
    "users.service_staff",
    { companyId: scope ?? undefined },
    (p) =>
      db.select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      }).from(users).where(and(
        p.companyId && eq(users.companyId, p.companyId),
        eq(users.isActive, true),
        inArray(users.role, [...serviceStaffRoles]),
      )).orderBy(asc(users.lastName), asc(users.firstName)).limit(200),
  ).all();
  return rows.map((u) => ({ id: u.id, name: displayName(u) }));
}

/** The done visits of an object, newest first, as the client's page shows their reports. */
export async function objectVisitReports(db: Db, companyId: number, objectId: number) {
  return await db.select({
    id: serviceVisits.id,
    plannedOn: serviceVisits.plannedOn,
    doneAt: serviceVisits.doneAt,
    report: serviceVisits.report,
    clientSignerName: serviceVisits.clientSignerName,
    clientSignedAt: serviceVisits.clientSignedAt,
    planName: serviceAgreements.planName,
  }).from(serviceVisits)
    .innerJoin(serviceAgreements, eq(serviceAgreements.id, serviceVisits.agreementId))
    .where(and(
      eq(serviceVisits.companyId, companyId),
      eq(serviceVisits.objectId, objectId),
      eq(serviceVisits.status, "done"),
    ))
    .orderBy(sql`${serviceVisits.doneAt} desc`).limit(50);
}

/** The service visit of each of these tasks (the phone caches their screens for offline), by task id. */
export async function visitsOfTasks(
  db: Db,
  companyId: number,
  taskIds: number[],
): Promise<Map<number, number>> {
  if (taskIds.length === 0) return new Map();
  const rows = await db.select({ id: serviceVisits.id, taskId: serviceVisits.taskId }).from(serviceVisits)
    .where(and(eq(serviceVisits.companyId, companyId), inArray(serviceVisits.taskId, taskIds)));
  return new Map(rows.map((r) => [r.taskId!, r.id]));
}

/**
 * What a visit's report PDF prints: the visit (its report, the client's signature), the object, the agreement,
 * the equipment, the company's requisites, the technician and the names of the photos. Null outside the scope.
 */
export async function visitReportDocument(db: Db, scope: Scope, id: number) {
  const v = await getVisit(db, scope, id);
  if (!v) return null;
  const visit = v.visit;
  const [agreement] = await db.select({ equipmentId: serviceAgreements.equipmentId }).from(serviceAgreements)
    .where(eq(serviceAgreements.id, visit.agreementId));
  const [equipment] = agreement?.equipmentId
    ? await db.select().from(installedEquipment).where(eq(installedEquipment.id, agreement.equipmentId))
    : [];
  const [technician] = visit.doneBy
    ? await db.select({ firstName: users.firstName, lastName: users.lastName, email: users.email }).from(
      users,
    )
      .where(eq(users.id, visit.doneBy))
    : [];
  const photoIds = visit.report?.photoIds ?? [];
  const photos = photoIds.length
    ? await db.select({ id: documents.id, fileName: documents.fileName }).from(documents)
      .where(and(eq(documents.companyId, visit.companyId), inArray(documents.id, photoIds)))
    : [];
  return {
    ...v,
    company: await companyRequisites(db, visit.companyId),
    equipment: equipment ? equipmentLabel(equipment) : null,
    technician: technician ? displayName(technician) : null,
    photos: photoIds.map((pid) => photos.find((p) => p.id === pid)?.fileName).filter((n): n is string => !!n),
  };
}

/** Why a report was not sent, by the outbox's answer. */
export type SendReportRefusal = "not_done" | "no_recipient" | "disabled" | "duplicate" | "unsubscribed";

class NotSent extends Error {
  constructor(readonly reason: SendReportRefusal) {
    super(reason);
  }
}

/**
 * «Отправить отчёт клиенту»: a client's link to the object (its page shows the report, its PDF and the
 * signature) and the message service_report_ready through the outbox, in one transaction: a refused message
 * leaves no link. Once per visit (the outbox's key). Null outside the scope.
 */
export async function sendVisitReport(
  db: Db,
  scope: Scope,
  id: number,
  link: { token: string; tokenHash: string; expiresAt: Date; origin: string },
  by: { userId: number; now: Date; ownOnly: boolean },
): Promise<{ sent: number } | { refused: SendReportRefusal } | null> {
  const v = await getVisit(db, scope, id);
  if (!v || (by.ownOnly && v.assignedTo !== by.userId)) return null;
  if (v.visit.status !== "done") return { refused: "not_done" };
  const [object] = await db.select({ email: objects.clientEmail }).from(objects)
    .where(eq(objects.id, v.visit.objectId));
  try {
    return await db.transaction(async (tx) => {
      await tx.insert(clientLinks).values({
        companyId: v.visit.companyId,
        objectId: v.visit.objectId,
        tokenHash: link.tokenHash,
        createdBy: by.userId,
        createdAt: by.now,
        expiresAt: link.expiresAt,
      });
      const origin = link.origin.replace(/\/$/, "");
      const result = await enqueueClientMessage(tx, {
        companyId: v.visit.companyId,
        objectId: v.visit.objectId,
        event: "service_report_ready",
        recipient: object?.email,
        key: `visit-report:${v.visit.id}`,
        facts: {
          clientName: v.clientName,
          address: v.address,
          when: formatDate(v.visit.plannedOn),
          link: `${origin}/c/${link.token}#visit-${v.visit.id}`,
        },
        origin,
        now: by.now,
      });
      if ("skipped" in result) throw new NotSent(result.skipped);
      await recordActivity(tx, {
        at: by.now,
        companyId: v.visit.companyId,
        userId: by.userId,
        type: "document",
        title: `Отчёт о сервисном визите ${formatDate(v.visit.plannedOn)} отправлен клиенту`,
        status: "completed",
        objectId: v.visit.objectId,
        taskId: v.visit.taskId,
      });
      return { sent: result.id };
    });
  } catch (error) {
    if (error instanceof NotSent) return { refused: error.reason };
    throw error;
  }
}
