// The foreman panel: approved, running and finished projects with what the foreman opens from them.
import { and, count, desc, eq, inArray, sql, sum } from "drizzle-orm";
import type { Db } from "./client.ts";
import { contracts, estimates, objects } from "./schema/mod.ts";
import type { Scope } from "./scope.ts";
import { tasksOfObjects } from "./tasks.ts";
import { documentCount, documentsByObject } from "./stats.ts";
import { refreshJobState } from "./job_status.ts";
import { recordInstalledEquipment } from "./service.ts";
import { moscowDate } from "../domain/dates.ts";
import { notifyChiefEngineers, recordActivity } from "./notifications.ts";
import { displayName } from "../domain/format.ts";
import { type JobMoney, jobMoney } from "../domain/job_money.ts";
import { jobValueSql } from "./job_money.ts";

export const foremanStatuses = ["approved", "work_in_progress", "completed"] as const;

const inScope = (scope: Scope) => scope === null ? undefined : eq(objects.companyId, scope);

export interface ForemanProject {
  id: number;
  address: string;
  city: string | null;
  settlement: string | null;
  status: typeof foremanStatuses[number];
  workType: string;
  description: string | null;
  clientName: string | null;
  clientPhone: string | null;
  estimatedCost: number | null;
  /** The job's step (domain/job_status.ts) and its money (domain/job_money.ts), kopecks. */
  stage: string;
  money: JobMoney;
  comments: { taskId: number; title: string; description: string | null; author: string | null }[];
  estimate: { id: number; estimateNumber: string; status: string } | null;
  /** The contract's text only when asked for (the API gives it; the page shows the contract's state instead). */
  contract: { id: number; contractNumber: string; createdAt: Date; text?: string } | null;
  photos: number;
  files: number;
}

/** The projects (objects approved, in work or completed), newest first, with their tasks' comments. */
export async function foremanProjects(
  db: Db,
  scope: Scope,
  { limit = 100, contractText = true }: { limit?: number; contractText?: boolean } = {},
): Promise<ForemanProject[]> {
  // In work first, then approved, then completed, each newest first: one status after the other along
  // objects_company_status_updated_idx, stopping at `limit`, instead of sorting every project of the company.
  const rows: (typeof objects.$inferSelect)[] = [];
  for (const status of ["work_in_progress", "approved", "completed"] as const) {
    if (rows.length >= limit) break;
    rows.push(
      ...await db.select().from(objects)
        .where(and(inScope(scope), eq(objects.status, status)))
        .orderBy(desc(objects.updatedAt))
        .limit(limit - rows.length),
    );
  }
  const ids = rows.map((r) => r.id);
  const [taskRows, estimateRows, contractRows, docs] = await Promise.all([
    tasksOfObjects(db, scope, ids),
    ids.length
      ? db.select({
        id: estimates.id,
        objectId: estimates.objectId,
        estimateNumber: estimates.estimateNumber,
        status: estimates.status,
      })
        .from(estimates).where(inArray(estimates.objectId, ids)).orderBy(desc(estimates.createdAt))
      : Promise.resolve([]),
    ids.length
      ? db.select({
        id: contracts.id,
        objectId: contracts.objectId,
        contractNumber: contracts.contractNumber,
        createdAt: contracts.createdAt,
        // A contract's text is tens of kilobytes: read only when it is given.
        text: contractText ? contracts.contractText : sql<undefined>`null`,
      }).from(contracts).where(inArray(contracts.objectId, ids)).orderBy(desc(contracts.createdAt))
      : Promise.resolve([]),
    documentsByObject(db, scope, ids),
  ]);
  return rows.map((o) => {
    const objectEstimates = estimateRows.filter((e) => e.objectId === o.id);
    const estimate = objectEstimates.find((e) => e.status === "approved") ?? objectEstimates[0] ?? null;
    const contract = contractRows.find((k) => k.objectId === o.id) ?? null;
    const d = docs.get(o.id) ?? { photos: 0, files: 0 };
    return {
      id: o.id,
      address: o.address,
      city: o.city,
      settlement: o.settlement,
      status: o.status as ForemanProject["status"],
      workType: o.workType,
      description: o.description,
      clientName: o.clientName,
      clientPhone: o.clientPhone,
      estimatedCost: o.estimatedCost,
      stage: o.stage,
      money: jobMoney(o),
      comments: taskRows.filter((t) => t.objectId === o.id).map((t) => ({
        taskId: t.id,
        title: t.title,
        description: t.description,
        author: t.firstName || t.lastName ? displayName(t) : null,
      })),
      estimate: estimate &&
        { id: estimate.id, estimateNumber: estimate.estimateNumber, status: estimate.status },
      contract: contract && {
        id: contract.id,
        contractNumber: contract.contractNumber,
        createdAt: contract.createdAt,
        ...(contractText ? { text: contract.text } : {}),
      },
      photos: d.photos,
      files: d.files,
    };
  });
}

/** The four cards: active projects, completed, total estimated cost (kopecks) and the real document count. */
export async function foremanStats(db: Db, scope: Scope) {
  const [active] = await db.select({ n: count(), cost: sum(jobValueSql) }).from(objects)
    .where(and(inScope(scope), inArray(objects.status, ["approved", "work_in_progress"])));
  const [done] = await db.select({ n: count(), cost: sum(jobValueSql) }).from(objects)
    .where(and(inScope(scope), eq(objects.status, "completed")));
  return {
    activeProjects: active.n,
    completedProjects: done.n,
    totalCostKopecks: Number(active.cost ?? 0) + Number(done.cost ?? 0),
    documents: await documentCount(db, scope),
  };
}

type ObjectStatus = typeof objects.$inferSelect.status;

/** A status change of the foreman panel, with the activity line and notification it records. */
export interface ProjectStatusChange {
  from: ObjectStatus;
  to: ObjectStatus;
  activity: string;
  userId: number;
  at: Date;
}

/**
 * Moves the object from `change.from` to `change.to` and tells the chief engineers, in one transaction.
 * "missing" when the object is not within the scope, "refused" when it has another status.
 */
export async function changeProjectStatus(
  db: Db,
  scope: Scope,
  id: number,
  change: ProjectStatusChange,
): Promise<typeof objects.$inferSelect | "missing" | "refused"> {
  const updated = await db.transaction(async (tx) => {
    // The event is recorded and the status follows from it (db/job_status.ts); the works are newer than a
    // hand-set status, so they end it.
    const event = {
      ...(change.to === "completed" ? { worksFinishedAt: change.at } : { worksStartedAt: change.at }),
      statusOverride: null,
      statusOverrideReason: null,
      statusOverrideBy: null,
      statusOverrideAt: null,
    };
    const [marked] = await tx.update(objects).set(event)
      .where(and(eq(objects.id, id), eq(objects.status, change.from), inScope(scope)))
      .returning({ id: objects.id });
    if (!marked) return null;
    await refreshJobState(tx, id, change.at, change.userId);
    const [row] = await tx.select().from(objects).where(eq(objects.id, id));
    if (change.to === "completed") {
      // What the works installed (the estimate's station, a well): the foreman adds its serial number after.
      await recordInstalledEquipment(tx, id, {
        companyId: row.companyId,
        byUserId: change.userId,
        installedOn: moscowDate(change.at),
        workType: row.workType,
      });
    }
    await recordActivity(tx, {
      companyId: row.companyId,
      userId: change.userId,
      type: "other",
      title: `${change.activity}: ${row.address}`,
      status: change.to,
      objectId: row.id,
    });
    await notifyChiefEngineers(tx, {
      companyId: row.companyId,
      type: "other",
      title: change.activity,
      message: row.address,
      relatedObjectId: row.id,
    }, change.userId);
    return row;
  });
  if (updated) return updated;
  const [exists] = await db.select({ status: objects.status }).from(objects).where(
    and(eq(objects.id, id), inScope(scope)),
  );
  return exists ? "refused" : "missing";
}
