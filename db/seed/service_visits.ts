// The demo's service: signed agreements on two station objects (the ones db/seed of the service plans made,
// or two made here when there are none), their visits planned by rule, the past ones done with reports (one
// signed by the client, one waiting for the signature), one overdue and the upcoming ones planned.
import { and, asc, eq, inArray, lt } from "drizzle-orm";
import type { Executor } from "../client.ts";
import { objects, serviceAgreements, serviceVisits, tasks } from "../schema/mod.ts";
import { scheduleAgreementVisits } from "../service_visits.ts";
import { notifyUsers } from "../notifications.ts";
import { addMonths } from "../../domain/service_schedule.ts";
import { moscowDate } from "../../domain/dates.ts";
import { genericStationOperations, genericStationParts, visitReport } from "../../domain/service_visits.ts";

/** A small drawn signature (a real PNG, 40×16), for the demo's signed visit report. */
const DEMO_SIGNATURE =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAACgAAAAQCAYAAABk1z2tAAAAOUlEQVR4Ac3BAQ3AMAzAsCw6hPInWBDbYcQ+90eYxEmcxEmcxEncmZlLmMRJ3Le7lEmcxEmcxEncAw9mCBkItSW3AAAAAElFTkSuQmCC";

export async function seedServiceVisits(
  tx: Executor,
  o: { companyId: number; now: Date; surveyorId: number; managerId: number },
): Promise<void> {
  const today = moscowDate(o.now);
  let agreements = await tx.select().from(serviceAgreements).where(and(
    eq(serviceAgreements.companyId, o.companyId),
    eq(serviceAgreements.status, "signed"),
  ));
  if (agreements.length === 0) {
    const stations = await tx.select({ id: objects.id }).from(objects).where(and(
      eq(objects.companyId, o.companyId),
      inArray(objects.workType, ["autonomous_sewage", "septic", "sewage_system"]),
    )).orderBy(asc(objects.id)).limit(2);
    const terms = [
      { plan: "Премиум", perYear: 4, rrule: "FREQ=MONTHLY;INTERVAL=3", months: -8, discount: 10 },
      { plan: "Стандарт", perYear: 2, rrule: "FREQ=MONTHLY;INTERVAL=6", months: -5, discount: 0 },
    ];
    agreements = [];
    for (const [i, s] of stations.entries()) {
      const t = terms[i];
      const startsOn = addMonths(today, t.months);
      const [row] = await tx.insert(serviceAgreements).values({
        companyId: o.companyId,
        objectId: s.id,
        number: `ТО-${startsOn.slice(0, 4)}-00${i + 1}`,
        planName: t.plan,
        visitsPerYear: t.perYear,
        rrule: t.rrule,
        operations: [...genericStationOperations],
        partsDiscountPercent: t.discount,
        sizeBand: "small",
        startsOn,
        endsOn: addMonths(startsOn, 12),
        payMode: "year",
        pricePerYear: t.perYear * 9_000_00,
        pricePerVisit: 9_000_00,
        status: "signed",
        contractText: `Договор на сервисное обслуживание станции, план «${t.plan}»`,
        textSha256: "0".repeat(64),
        signerName: "Клиент демо",
        signedAt: new Date(o.now.getTime() + t.months * 30 * 86_400_000),
        createdBy: o.managerId,
      }).returning();
      agreements.push(row);
    }
  }
  for (const a of agreements) {
    await scheduleAgreementVisits(tx, a, {
      userId: o.managerId,
      now: o.now,
      assignedTo: o.surveyorId,
      from: a.startsOn,
    });
  }
  // The past visits: all done but the latest of the first agreement, which stays overdue.
  const past = await tx.select().from(serviceVisits).where(and(
    eq(serviceVisits.companyId, o.companyId),
    lt(serviceVisits.plannedOn, today),
  )).orderBy(asc(serviceVisits.agreementId), asc(serviceVisits.plannedOn));
  const overdue = past.filter((v) => v.agreementId === agreements[0]?.id).at(-1);
  if (overdue?.taskId) {
    // The demo has told the surveyor already, as for its other late task.
    await tx.update(tasks).set({ overdueNotifiedAt: o.now }).where(eq(tasks.id, overdue.taskId));
    await notifyUsers(tx, [o.surveyorId], {
      at: o.now,
      companyId: o.companyId,
      type: "task_overdue",
      title: "Задача просрочена",
      message: "Сервисный визит просрочен",
      relatedTaskId: overdue.taskId,
      relatedObjectId: overdue.objectId,
    });
  }
  for (const [i, v] of past.entries()) {
    if (v.id === overdue?.id) continue;
    const doneAt = new Date(`${v.plannedOn}T08:00:00Z`);
    const report = visitReport(
      {
        op_0: true,
        op_1: true,
        op_2: true,
        op_3: true,
        sludge_level: String(25 + 5 * i),
        smell: "none",
        clarity: "clear",
        compressor_pressure: "17",
        ...(i === 0 ? { "part_А303": true, "part_А303_quantity": "1" } : {}),
      },
      { operations: genericStationOperations, parts: genericStationParts, discountPercent: 10 },
    );
    const signed = i === 0;
    await tx.update(serviceVisits).set({
      status: "done",
      doneAt,
      doneBy: o.surveyorId,
      report: { ...report, comment: "Станция работает в норме" },
      ...(signed
        ? { clientSignerName: "Клиент демо", clientSignature: DEMO_SIGNATURE, clientSignedAt: doneAt }
        : {}),
    }).where(eq(serviceVisits.id, v.id));
    if (v.taskId !== null) {
      await tx.update(tasks).set({ status: "completed", completedAt: doneAt }).where(eq(tasks.id, v.taskId));
    }
  }
}
