// The foreman panel: approved, running and finished projects with what the foreman opens from them.
import { and, desc, eq, inArray, type Placeholder, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db } from "./client.ts";
import {
  contracts,
  contractSignatures,
  documents,
  estimates,
  objects,
  payments,
  tasks,
  users,
} from "./schema/mod.ts";
import { companyCondition, type Scope } from "./scope.ts";
import { refreshJobState } from "./job_status.ts";
import { recordInstalledEquipment } from "./service.ts";
import { moscowDate } from "../domain/dates.ts";
import { notifyChiefEngineers, recordActivity } from "./notifications.ts";
import { displayName } from "../domain/format.ts";
import { type JobMoney, jobMoney } from "../domain/job_money.ts";
import { jobValueSql } from "./job_money.ts";
import { preparedQuery } from "./prepared.ts";

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
  /**
   * The object's current contract (its newest version). The API gives its text; the page shows its state
   * instead: the client's signature and the prepayment's status (components/ContractState.tsx).
   */
  contract: ForemanContract | null;
  photos: number;
  files: number;
}

export interface ForemanContract {
  id: number;
  contractNumber: string;
  createdAt: Date;
  text?: string;
  signature?: { signerName: string } | null;
  payment?: { status: string } | null;
}

/** A task's comment as the projects' statement gives it. */
type CommentCells = [number, string, string | null, string | null, string | null];

const estimate = alias(estimates, "estimate");
const contract = alias(contracts, "contract");

/**
 * The chosen projects, ranked: in work first, then approved, then completed, each newest first; `limit` of
 * them after the first `offset`. One status after the other along objects_company_status_updated_idx, each
 * stopping at `end` (offset + limit), instead of sorting every project of the company.
 */
function chosenProjects(
  companyId: Placeholder | undefined,
  { limit, offset, end }: { limit: Placeholder; offset: Placeholder; end: Placeholder },
): SQL {
  const arm = (status: typeof foremanStatuses[number], rank: number) =>
    sql`select ${sql.raw(String(rank))} as rank, id, updated_at from (select ${objects.id} as id,
      ${objects.updatedAt} as updated_at from ${objects}
      where ${and(companyCondition(objects.companyId, companyId), eq(objects.status, status))}
      order by ${objects.updatedAt} desc limit ${end})`;
  return sql`(select id from (${arm("work_in_progress", 0)} union all ${arm("approved", 1)}
    union all ${
    arm("completed", 2)
  } order by rank, updated_at desc, id desc limit ${limit} offset ${offset}))`;
}

const rankOf = sql`case ${objects.status} when 'work_in_progress' then 0 when 'approved' then 1 else 2 end`;

/** The projects (objects approved, in work or completed), in work first, each newest first, with their
 * tasks' comments: `limit` of them after the first `offset`, in one statement whatever their number. */
export async function foremanProjects(
  db: Db,
  scope: Scope,
  { limit = 100, offset = 0, contractText = true }: {
    limit?: number;
    offset?: number;
    contractText?: boolean;
  } = {},
): Promise<ForemanProject[]> {
  const values = { companyId: scope ?? undefined, limit, offset, end: offset + limit };
  const rows = await preparedQuery(
    db,
    contractText ? "foremanProjects:text" : "foremanProjects:state",
    values,
    (p) => {
      const documentsOf = (photos: boolean) =>
        sql<number>`(select count(*) from ${documents} d where d.object_id = ${objects.id}${
          p.companyId ? sql` and d.company_id = ${p.companyId}` : sql``
        } and ${sql.raw(photos ? "" : "not ")}d.file_type like 'image/%')`;
      return db.select({
        id: objects.id,
        address: objects.address,
        city: objects.city,
        settlement: objects.settlement,
        status: objects.status,
        workType: objects.workType,
        description: objects.description,
        clientName: objects.clientName,
        clientPhone: objects.clientPhone,
        estimatedCost: objects.estimatedCost,
        contractTotal: objects.contractTotal,
        receivedTotal: objects.receivedTotal,
        stage: objects.stage,
        estimateId: estimate.id,
        estimateNumber: estimate.estimateNumber,
        estimateStatus: estimate.status,
        contractId: contract.id,
        contractNumber: contract.contractNumber,
        contractCreatedAt: contract.createdAt,
        // A contract's text is tens of kilobytes: read only when it is given.
        text: contractText ? contract.contractText : sql<null>`null`,
        signerName: contractSignatures.signerName,
        // The contract's state is its prepayment (db/contracts.ts withState): the newest one's status.
        paymentStatus: sql<string | null>`(select p.status from ${payments} p
          where p.object_id = ${objects.id} and p.contract_id = ${contract.id} and p.kind = 'prepayment'
          order by p.created_at desc, p.id desc limit 1)`,
        // Each task's comment as [id, title, description, assignee's first and last name], newest first: one
        // string per project, not a row per task (the driver's cost is per row and cell).
        comments: sql<string>`(select json_group_array(json_array(t.id, t.title, t.description, u.first_name,
          u.last_name) order by t.created_at desc, t.id desc) from ${tasks} t left join ${users} u
          on u.id = t.assigned_to where t.object_id = ${objects.id}${
          p.companyId ? sql` and +t.company_id = ${p.companyId}` : sql``
        })`,
        photos: documentsOf(true),
        files: documentsOf(false),
      }).from(objects)
        // The approved estimate, else the newest.
        .leftJoin(
          estimate,
          sql`${estimate.id} = (select e.id from ${estimates} e where e.object_id = ${objects.id}
            order by e.status = 'approved' desc, e.created_at desc, e.id desc limit 1)`,
        )
        // The current contract: the newest version.
        .leftJoin(
          contract,
          sql`${contract.id} = (select c.id from ${contracts} c where c.object_id = ${objects.id}
            order by c.created_at desc, c.id desc limit 1)`,
        )
        .leftJoin(contractSignatures, eq(contractSignatures.contractId, contract.id))
        .where(inArray(objects.id, chosenProjects(p.companyId, p)))
        .orderBy(rankOf, desc(objects.updatedAt), desc(objects.id));
    },
  ).all();
  return rows.map((o) => ({
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
    comments: (JSON.parse(o.comments) as CommentCells[]).map((
      [taskId, title, description, firstName, lastName],
    ) => ({
      taskId,
      title,
      description,
      author: firstName || lastName ? displayName({ firstName, lastName }) : null,
    })),
    estimate: o.estimateId === null
      ? null
      : { id: o.estimateId, estimateNumber: o.estimateNumber!, status: o.estimateStatus! },
    contract: o.contractId === null ? null : {
      id: o.contractId,
      contractNumber: o.contractNumber!,
      createdAt: o.contractCreatedAt!,
      ...(contractText ? { text: o.text! } : {
        signature: o.signerName === null ? null : { signerName: o.signerName },
        payment: o.paymentStatus === null ? null : { status: o.paymentStatus },
      }),
    },
    photos: Number(o.photos),
    files: Number(o.files),
  }));
}

/** The four cards: active projects, completed, total estimated cost (kopecks) and the real document count. */
export async function foremanStats(db: Db, scope: Scope) {
  const [row] = await preparedQuery(db, "foremanStats", { companyId: scope ?? undefined }, (p) => {
    const done = sql`${objects.status} = 'completed'`;
    return db.select({
      active: sql<number>`coalesce(sum(not ${done}), 0)`,
      completed: sql<number>`coalesce(sum(${done}), 0)`,
      cost: sql<number>`coalesce(sum(${jobValueSql}), 0)`,
      documents: sql<number>`(select count(*) from ${documents}${
        p.companyId ? sql` where ${documents.companyId} = ${p.companyId}` : sql``
      })`,
    }).from(objects)
      // Along objects_company_status_updated_idx, which holds the contract total and the estimated cost.
      .where(
        and(companyCondition(objects.companyId, p.companyId), inArray(objects.status, [...foremanStatuses])),
      );
  }).all();
  return {
    activeProjects: Number(row.active),
    completedProjects: Number(row.completed),
    totalCostKopecks: Number(row.cost),
    documents: Number(row.documents),
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
      at: change.at,
      companyId: row.companyId,
      userId: change.userId,
      type: "other",
      title: `${change.activity}: ${row.address}`,
      status: change.to,
      objectId: row.id,
    });
    await notifyChiefEngineers(tx, {
      at: change.at,
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
