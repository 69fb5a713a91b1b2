// The state of a job: an object's status follows what happened to it — the survey, the
// estimate, the client's approval, the signed contract, the prepayment, the works, the act, the payment in
// full — and is never set by hand, except by the chief engineer's recorded override. db/job_status.ts reads
// the facts and stores the result in objects.status (the coarse status lists filter and count by) and
// objects.stage (the finer step every badge shows), in the transaction of the event.
import * as z from "zod/mini";
import { objectStatuses } from "./enums.ts";
import type { Tone } from "./labels.ts";
import { objectStatusLabels } from "./labels.ts";

export type ObjectStatus = typeof objectStatuses[number];

/** When the foreman may start the works: a company setting (companies.works_start_rule). */
export const worksStartRules = ["estimate_approved", "contract_signed", "signed_and_prepaid"] as const;
export type WorksStartRule = typeof worksStartRules[number];
/** The default: a signed contract and the prepayment received. */
export const DEFAULT_WORKS_START_RULE: WorksStartRule = "signed_and_prepaid";

export const worksStartRuleLabels: Record<WorksStartRule, string> = {
  estimate_approved: "Смета согласована клиентом",
  contract_signed: "Договор подписан",
  signed_and_prepaid: "Договор подписан и предоплата получена",
};

/** PUT /api/settings/works-start. */
export const worksStartRuleSchema = z.object({
  rule: z.enum(worksStartRules, "Выберите, когда объект передаётся прорабу"),
});

/** What happened to an object, as db/job_status.ts reads it. */
export interface JobFacts {
  /** A task of the object that is not cancelled (the survey is under way). */
  hasTask: boolean;
  /** A measurement was recorded. */
  measured: boolean;
  /** The object has an estimate. */
  hasEstimate: boolean;
  /** The newest estimate was sent to the client. */
  quoteSent: boolean;
  /** The client asked for changes to the current version (and has not approved since). */
  changesRequested: boolean;
  /** An estimate of the object is approved (by the client through the link, or by staff). */
  estimateApproved: boolean;
  /** The current contract is signed. */
  contractSigned: boolean;
  /** A prepayment was received. */
  prepaymentReceived: boolean;
  worksStarted: boolean;
  worksFinished: boolean;
  /** A version of the act of completed works is signed by the client (db/acts.ts). */
  actSigned: boolean;
  /** What was received covers the contract's total. */
  paidInFull: boolean;
}

export const noFacts: JobFacts = {
  hasTask: false,
  measured: false,
  hasEstimate: false,
  quoteSent: false,
  changesRequested: false,
  estimateApproved: false,
  contractSigned: false,
  prepaymentReceived: false,
  worksStarted: false,
  worksFinished: false,
  actSigned: false,
  paidInFull: false,
};

/** The steps of a job, in order; each names what happened last. */
export const jobStages = [
  "new",
  "measuring",
  "measured",
  "estimated",
  "quote_sent",
  "changes_requested",
  "quote_approved",
  "contract_signed",
  "awaiting_prepayment",
  "ready",
  "works",
  "works_done",
  "act_signed",
  "paid",
  "override",
] as const;
export type JobStage = typeof jobStages[number];

export const jobStageLabels: Record<Exclude<JobStage, "override">, { label: string; tone: Tone }> = {
  new: { label: "Новый", tone: "info" },
  measuring: { label: "Замер назначен", tone: "accent" },
  measured: { label: "Замер выполнен", tone: "accent" },
  estimated: { label: "Смета готова", tone: "accent" },
  quote_sent: { label: "Смета у клиента", tone: "info" },
  changes_requested: { label: "Клиент просит изменить смету", tone: "warning" },
  quote_approved: { label: "Смета согласована", tone: "success" },
  contract_signed: { label: "Договор подписан", tone: "success" },
  awaiting_prepayment: { label: "Ожидает предоплаты", tone: "warning" },
  ready: { label: "Готов к работам", tone: "success" },
  works: { label: "Работы ведутся", tone: "warning" },
  works_done: { label: "Работы завершены", tone: "success" },
  act_signed: { label: "Акт подписан", tone: "success" },
  paid: { label: "Оплачен полностью", tone: "success" },
};

/** The reason of the overrides made from statuses set by hand before (migration 0015 writes the same text). */
export const ADOPTED_REASON = "Статус задан вручную до перехода на статусы по событиям";

/**
 * The columns of an object whose status was set by hand before statuses followed events (the demo seed; the
 * migration 0015 does the same in SQL): its step follows the status, works under way or done are dated, and
 * an approval or a cancellation stays as a recorded override.
 */
export function adoptedState(status: ObjectStatus, at: Date) {
  const stage: Record<ObjectStatus, JobStage> = {
    new: "new",
    in_progress: "measuring",
    measurement_done: "measured",
    estimation_done: "estimated",
    approved: "override",
    work_in_progress: "works",
    completed: "works_done",
    cancelled: "override",
  };
  return {
    status,
    stage: stage[status],
    worksStartedAt: status === "work_in_progress" || status === "completed" ? at : null,
    worksFinishedAt: status === "completed" ? at : null,
    // Approval and cancellation were decisions nobody recorded as events: they stay, as overrides (the works
    // starting ends an approval's override).
    ...(status === "cancelled" || status === "approved"
      ? {
        statusOverride: status,
        statusOverrideReason: ADOPTED_REASON,
        statusOverrideAt: at,
      }
      : {}),
  };
}

/** Whether the company's rule for starting the works is met. */
export function readyForWorks(f: JobFacts, rule: WorksStartRule): boolean {
  if (!f.estimateApproved && !f.contractSigned) return false;
  if (rule === "estimate_approved") return true;
  if (rule === "contract_signed") return f.contractSigned;
  return f.contractSigned && f.prepaymentReceived;
}

export interface JobState {
  status: ObjectStatus;
  stage: JobStage;
}

/** The status and step the facts give, without an override. */
export function deriveJobState(f: JobFacts, rule: WorksStartRule): JobState {
  if (f.worksFinished || f.actSigned) {
    if (f.paidInFull) return { status: "completed", stage: "paid" };
    return { status: "completed", stage: f.actSigned ? "act_signed" : "works_done" };
  }
  if (f.worksStarted) return { status: "work_in_progress", stage: "works" };
  if (readyForWorks(f, rule)) return { status: "approved", stage: "ready" };
  // Agreed but not yet startable: the estimate is done, the next step names what is missing.
  if (f.contractSigned) {
    return {
      status: "estimation_done",
      stage: rule === "signed_and_prepaid" && !f.prepaymentReceived
        ? "awaiting_prepayment"
        : "contract_signed",
    };
  }
  if (f.estimateApproved) return { status: "estimation_done", stage: "quote_approved" };
  if (f.hasEstimate) {
    if (f.changesRequested) return { status: "estimation_done", stage: "changes_requested" };
    return { status: "estimation_done", stage: f.quoteSent ? "quote_sent" : "estimated" };
  }
  if (f.measured) return { status: "measurement_done", stage: "measured" };
  if (f.hasTask) return { status: "in_progress", stage: "measuring" };
  return { status: "new", stage: "new" };
}

/** The chief engineer's override of the status, recorded with its reason. */
export interface StatusOverride {
  status: ObjectStatus;
  reason: string;
}

/** The state shown: the override when there is one, else what the facts give. */
export function jobState(f: JobFacts, rule: WorksStartRule, override: StatusOverride | null): JobState {
  if (override) return { status: override.status, stage: "override" };
  return deriveJobState(f, rule);
}

/** The badge of an object: its step's label, or for an override the status's label marked «вручную». */
export function jobBadge(o: { status: ObjectStatus; stage: string | null }): { label: string; tone: Tone } {
  const stage = o.stage as JobStage | null;
  if (stage && stage !== "override" && stage in jobStageLabels) return jobStageLabels[stage];
  const base = objectStatusLabels[o.status];
  return stage === "override" ? { label: `${base.label} (вручную)`, tone: base.tone } : base;
}

/** PATCH /api/objects/:id refuses a changed status with this (422 on the status field). */
export const STATUS_FOLLOWS_EVENTS =
  "Статус объекта следует событиям (смета, договор, оплата, работы). Задать его вручную может главный инженер, указав причину";

/** PUT /api/objects/:id/status-override: set (status and reason) or clear (status null) the override. */
export const statusOverrideSchema = z.object({
  status: z.nullable(z.enum(objectStatuses, "Неизвестный статус")),
  reason: z.string("Укажите причину").check(
    z.trim(),
    z.minLength(3, "Укажите причину (не короче 3 символов)"),
    z.maxLength(500, "Причина — не длиннее 500 символов"),
  ),
});
