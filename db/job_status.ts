// The one place an object's status is written: after each event (an estimate made, sent,
// approved, a contract signed, a payment received, works started or finished) the writer calls
// refreshJobState() inside its own transaction; it reads the facts, derives the state with
// domain/job_status.ts and stores status, stage and the money figures of domain/job_money.ts.
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db, Executor } from "./client.ts";
import { companies, objects } from "./schema/mod.ts";
import { type Scope } from "./scope.ts";
import { notifyRoles, recordActivity } from "./notifications.ts";
import { updateObjectRow } from "./objects.ts";
import { preparedQuery } from "./prepared.ts";
import {
  deriveJobState,
  jobBadge,
  type JobFacts,
  type JobStage,
  jobStageLabels,
  jobState,
  type ObjectStatus,
  type StatusOverride,
  type WorksStartRule,
} from "../domain/job_status.ts";

const flag = (v: unknown) => Number(v) === 1;

/** What happened to the object, read in one statement; null when there is no such object. */
export async function jobFacts(db: Executor, objectId: number) {
  const rows = await db.all<Record<string, unknown>>(sql`
    select
      o.company_id as companyId,
      o.status as status,
      o.stage as stage,
      o.status_override as override,
      o.status_override_reason as overrideReason,
      o.works_started_at is not null as worksStarted,
      o.works_finished_at is not null as worksFinished,
      coalesce(co.works_start_rule, 'signed_and_prepaid') as rule,
      exists(select 1 from tasks t where t.object_id = o.id and t.status <> 'cancelled') as hasTask,
      exists(select 1 from measurement_records m where m.object_id = o.id) as measured,
      exists(select 1 from estimates e where e.object_id = o.id) as hasEstimate,
      exists(select 1 from estimates e where e.object_id = o.id and e.status = 'sent') as quoteSent,
      exists(select 1 from estimates e where e.object_id = o.id and e.status = 'approved') as estimateApproved,
      -- The newest answer asks for changes, and the estimate was not sent again since.
      coalesce((select d.decision = 'changes_requested' and not exists(select 1 from client_links l
          where l.estimate_id = d.estimate_id and l.contract_id is null and l.created_at > d.created_at)
        from estimate_decisions d join estimates e on e.id = d.estimate_id and e.status <> 'approved'
        where d.object_id = o.id order by d.created_at desc, d.id desc limit 1), 0) as changesRequested,
      (select c.total_amount + o.changes_delta from contracts c where c.object_id = o.id
        order by c.created_at desc, c.id desc limit 1) as contractTotal,
      exists(select 1 from contract_signatures s where s.contract_id = (select c.id from contracts c
        where c.object_id = o.id order by c.created_at desc, c.id desc limit 1)) as contractSigned,
      exists(select 1 from payments p where p.object_id = o.id and p.status = 'paid' and p.kind <> 'service')
        as prepaymentReceived,
      exists(select 1 from completion_acts a where a.object_id = o.id and a.signed_at is not null) as actSigned,
      coalesce((select sum(p.received_amount) from payments p where p.object_id = o.id and p.status = 'paid'
        and p.kind <> 'service'), 0) as receivedTotal
    from objects o left join companies co on co.id = o.company_id
    where o.id = ${objectId}`);
  const r = rows[0];
  if (!r) return null;
  const contractTotal = r.contractTotal === null ? null : Number(r.contractTotal);
  const receivedTotal = Number(r.receivedTotal);
  const facts: JobFacts = {
    hasTask: flag(r.hasTask),
    measured: flag(r.measured),
    hasEstimate: flag(r.hasEstimate),
    quoteSent: flag(r.quoteSent),
    changesRequested: flag(r.changesRequested),
    estimateApproved: flag(r.estimateApproved),
    contractSigned: flag(r.contractSigned),
    prepaymentReceived: flag(r.prepaymentReceived),
    worksStarted: flag(r.worksStarted),
    worksFinished: flag(r.worksFinished),
    actSigned: flag(r.actSigned),
    paidInFull: contractTotal !== null && contractTotal > 0 && receivedTotal >= contractTotal,
  };
  const override: StatusOverride | null = r.override
    ? { status: r.override as ObjectStatus, reason: String(r.overrideReason ?? "") }
    : null;
  return {
    companyId: Number(r.companyId),
    status: r.status as ObjectStatus,
    stage: r.stage as JobStage,
    rule: r.rule as WorksStartRule,
    override,
    facts,
    contractTotal,
    receivedTotal,
  };
}

/**
 * The object's status as its events give it, beside the override in force (for the chief engineer's
 * «Статус вручную» form); null when the object is not in the scope.
 */
export async function statusOverrideView(db: Executor, scope: Scope, objectId: number) {
  const read = await jobFacts(db, objectId);
  if (!read || (scope !== null && read.companyId !== scope)) return null;
  const [row] = await db.select({ at: objects.statusOverrideAt }).from(objects).where(
    eq(objects.id, objectId),
  );
  const derived = deriveJobState(read.facts, read.rule);
  return {
    derived: { ...derived, badge: jobBadge(derived) },
    override: read.override && { ...read.override, at: row?.at?.toISOString() ?? null },
  };
}

export interface JobStateChange {
  from: { status: ObjectStatus; stage: JobStage };
  to: { status: ObjectStatus; stage: JobStage };
}

/**
 * Derives the object's state from its facts and stores it (with its contract total and money received);
 * answers the change, or null when nothing changed or there is no such object. When the job becomes ready
 * for works, the company's foremen hear of it (they see it in their panel from now on).
 */
export async function refreshJobState(
  db: Executor,
  objectId: number,
  at: Date,
  byUserId?: number | null,
): Promise<JobStateChange | null> {
  const read = await jobFacts(db, objectId);
  if (!read) return null;
  const to = jobState(read.facts, read.rule, read.override);
  const [current] = await preparedQuery(db, "job.objectMoney", { objectId }, (p) =>
    db.select({
      contractTotal: objects.contractTotal,
      receivedTotal: objects.receivedTotal,
      address: objects.address,
    }).from(objects).where(eq(objects.id, p.objectId))).all();
  const moneyChanged = current.contractTotal !== read.contractTotal ||
    current.receivedTotal !== read.receivedTotal;
  const stateChanged = to.status !== read.status || to.stage !== read.stage;
  if (!moneyChanged && !stateChanged) return null;
  await updateObjectRow(db, objectId, {
    status: to.status,
    stage: to.stage,
    contractTotal: read.contractTotal,
    receivedTotal: read.receivedTotal,
    updatedAt: at,
  });
  if (!stateChanged) return null;
  if (to.stage !== "override") {
    await recordActivity(db, {
      at,
      companyId: read.companyId,
      userId: byUserId ?? null,
      type: "other",
      title: `${jobStageLabels[to.stage].label}: ${current.address}`,
      status: to.status,
      objectId,
    });
  }
  if (to.stage === "ready") {
    await notifyRoles(db, ["foreman"], {
      at,
      companyId: read.companyId,
      type: "other",
      title: "Объект готов к работам",
      message: current.address,
      relatedObjectId: objectId,
    }, byUserId);
  }
  return { from: { status: read.status, stage: read.stage }, to };
}

/**
 * The chief engineer sets (or, with status null, clears) the override of an object of the scope, with its
 * reason recorded in the activity feed. False when the object is not in the scope.
 */
export async function setStatusOverride(
  db: Db,
  scope: Scope,
  objectId: number,
  o: { status: ObjectStatus | null; reason: string },
  by: { id: number; now: Date },
): Promise<boolean> {
  return await db.transaction(async (tx) => {
    const rows = await tx.update(objects).set({
      statusOverride: o.status,
      statusOverrideReason: o.status ? o.reason : null,
      statusOverrideBy: o.status ? by.id : null,
      statusOverrideAt: o.status ? by.now : null,
    }).where(and(eq(objects.id, objectId), scope === null ? undefined : eq(objects.companyId, scope)))
      .returning({ companyId: objects.companyId, address: objects.address });
    if (rows.length === 0) return false;
    await refreshJobState(tx, objectId, by.now, by.id);
    await recordActivity(tx, {
      at: by.now,
      companyId: rows[0].companyId,
      userId: by.id,
      type: "other",
      title: o.status
        ? `Статус задан вручную: ${rows[0].address}. Причина: ${o.reason}`
        : `Ручной статус снят, статус снова следует событиям: ${rows[0].address}. Причина: ${o.reason}`,
      status: o.status,
      objectId,
    });
    return true;
  });
}

/** The company's rule for starting the works. */
export async function worksStartRule(db: Executor, companyId: number): Promise<WorksStartRule> {
  const [row] = await db.select({ rule: companies.worksStartRule }).from(companies)
    .where(eq(companies.id, companyId));
  return row?.rule ?? "signed_and_prepaid";
}

/**
 * Changes the company's rule for starting the works; the company's jobs not yet started move by the new rule
 * (one transaction). False when there is no such company.
 */
export async function setWorksStartRule(
  db: Db,
  companyId: number,
  rule: WorksStartRule,
  now: Date,
): Promise<boolean> {
  return await db.transaction(async (tx) => {
    const rows = await tx.update(companies).set({ worksStartRule: rule }).where(eq(companies.id, companyId))
      .returning({ id: companies.id });
    if (rows.length === 0) return false;
    const waiting = await tx.select({ id: objects.id }).from(objects).where(and(
      eq(objects.companyId, companyId),
      inArray(objects.status, ["estimation_done", "approved"]),
      isNull(objects.statusOverride),
    ));
    for (const o of waiting) await refreshJobState(tx, o.id, now);
    return true;
  });
}
