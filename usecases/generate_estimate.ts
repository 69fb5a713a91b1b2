// Generating an estimate from a measurement document (the estimating spec's «Estimates screen»): the object
// and the task it prices, the document with the object's data, the engine's estimate at the company's prices,
// and the stored estimate with its number, version and alerts. POST /api/estimates/generate is its caller;
// `estimate generate` of the CLI runs the same engine on a file without storing (estimating/estimate.ts
// generateEstimate).
import {
  type Estimate,
  EstimateInputError,
  generateEstimate,
  type GenerateOptions,
} from "../estimating/estimate.ts";
import { measurementDocumentSchema } from "../estimating/measurement_schema.ts";
import { activePriceList } from "../db/price_lists.ts";
import { findEquipmentPrice } from "../db/companies.ts";
import { type EstimateDetail, objectForEstimate } from "../db/estimates.ts";
import {
  estimatesOfRequest,
  estimateToRegenerate,
  storeGeneratedEstimate,
} from "../db/estimate_generation.ts";
import { taskForMeasurement } from "../db/measurements.ts";
import type { Scope } from "../db/scope.ts";
import { requestKey } from "../domain/offline.ts";
import { estimateSplitRoles, hasRole, type Role } from "../domain/roles.ts";
import { seesOnlyOwnTasks } from "../domain/tasks.ts";
import { moscowDate } from "../domain/dates.ts";
import { fieldErrors } from "../domain/field_errors.ts";
import { missing, refused, RuleError } from "./rule_error.ts";

/** What a generate request asks (the body of POST /api/estimates/generate, validated at the edge). */
export interface GenerateRequest {
  objectId: number;
  taskId?: number | null;
  workType?: string;
  workTypes?: string[];
  /** An estimate per work type; only estimateSplitRoles may ask it, for others the task decides. */
  separate?: boolean;
  estimateNumber?: string;
  /** The phone's id of a queued request: a repeat answers what the first one generated. */
  clientId?: string;
  /** The document's own object block (as the CLI reads it); only its distance is used. */
  object?: { distanceFromMKAD?: unknown };
  measurements: unknown;
}

/** Who generates, and when. */
export interface Generator {
  user: { id: number; role: Role };
  scope: Scope;
  now: Date;
}

/** A stored generated estimate: the engine's estimate with its record's fields. */
export type GeneratedEstimate = Estimate & {
  id: number;
  version: number;
  status: "draft";
  objectId: number;
  taskId: number | null;
  createdAt: Date;
};

export type GenerateOutcome =
  /** A repeated request: the estimates the first one made, as they are now; nothing written. */
  | { repeated: EstimateDetail[] }
  /** The estimates made: one, or one per work type when `separate`. */
  | { made: GeneratedEstimate[]; separate: boolean };

/** The engine's estimate of a document, its input errors refused by field. */
function engineEstimate(doc: Record<string, unknown>, options: GenerateOptions): Estimate {
  try {
    return generateEstimate(doc, options);
  } catch (error) {
    if (error instanceof EstimateInputError) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.issues) (errors[issue.path] ??= []).push(issue.message);
      throw refused(errors, error.message);
    }
    throw error;
  }
}

/**
 * Generates and stores the estimate(s) of a measurement document for an object of the scope. Refuses with a
 * RuleError: another company's object or task (404), a task of another object or invalid measurements (422),
 * an approved estimate that generating again would replace (409). Each estimate is stored in its own
 * transaction (db/estimate_generation.ts storeGeneratedEstimate), after every document was priced.
 */
export async function generateEstimates(
  db: Parameters<typeof objectForEstimate>[0],
  { user, scope, now }: Generator,
  body: GenerateRequest,
): Promise<GenerateOutcome> {
  const object = await objectForEstimate(db, scope, body.objectId);
  if (!object) throw missing("Объект не найден");
  const key = body.clientId
    ? requestKey(body.clientId, { user: user.id, object: object.id, task: body.taskId ?? null })
    : null;
  if (key) {
    const made = await estimatesOfRequest(db, scope, key);
    if (made.length > 0) return { repeated: made };
  }
  let taskId: number | null = null;
  let taskSplit = false;
  if (body.taskId) {
    // The task the user may measure: in their company, and their own when they are a surveyor or foreman.
    const task = await taskForMeasurement(db, scope, body.taskId, {
      assignedTo: seesOnlyOwnTasks(user) ? user.id : undefined,
    });
    if (!task) throw missing("Задача не найдена");
    if (task.objectId !== object.id) throw refused({ taskId: ["Задача относится к другому объекту"] });
    taskId = task.id;
    taskSplit = task.separateEstimates;
  }
  // One estimate or one per work type is the chief engineer's choice, stored on the task.
  const separate = hasRole(user.role, estimateSplitRoles) ? body.separate ?? taskSplit : taskSplit;
  const measurements = typeof body.measurements === "object" && body.measurements !== null &&
      !Array.isArray(body.measurements)
    ? { ...body.measurements as Record<string, unknown> }
    : body.measurements;
  if (measurements && typeof measurements === "object" && !Array.isArray(measurements)) {
    const m = measurements as Record<string, unknown>;
    if (taskId) m.task_id = taskId;
    m.surveyor_id ??= user.id;
    m.measurement_date ??= now.toISOString();
  }
  const doc: Record<string, unknown> = {
    objectId: object.id,
    workType: body.workType || "autonomous_sewage",
    ...(body.workTypes?.length ? { workTypes: body.workTypes } : {}),
    object: {
      address: object.address,
      clientName: object.clientName ?? "",
      clientPhone: object.clientPhone ?? "",
      // A distance given in the document wins, so one document prices the same here and in the CLI.
      ...(body.object?.distanceFromMKAD !== undefined && body.object.distanceFromMKAD !== null &&
          body.object.distanceFromMKAD !== ""
        ? { distanceFromMKAD: body.object.distanceFromMKAD }
        : object.distanceFromMKAD !== null
        ? { distanceFromMKAD: object.distanceFromMKAD }
        : {}),
    },
    measurements,
  };
  if (body.estimateNumber) doc.estimateNumber = body.estimateNumber;
  const checked = measurementDocumentSchema.safeParse(doc);
  if (!checked.success) throw refused(fieldErrors(checked.error), "Проверьте значения замеров");
  // Separate estimates: one document per work type, each its own estimate (and its own versions).
  const list = checked.data.workTypes ?? [];
  const docs = separate && list.length > 1
    ? list.map((workType, i) => ({
      ...doc,
      workType,
      workTypes: [workType],
      ...(body.estimateNumber ? { estimateNumber: `${body.estimateNumber}-${i + 1}` } : {}),
    }))
    : [doc];
  const priceList = (await activePriceList(db, object.companyId))?.items;
  const equipmentPrice = (await findEquipmentPrice(db, object.companyId)) ?? undefined;
  const priced = [];
  for (const one of docs) {
    const earlier = await estimateToRegenerate(db, scope, {
      objectId: object.id,
      taskId,
      workType: one.workType as string | undefined,
      workTypes: one.workTypes as string[] | undefined,
    }, (measurements ?? {}) as Record<string, unknown>);
    if (earlier?.status === "approved") {
      throw new RuleError(
        409,
        `Смета ${earlier.estimateNumber} утверждена: снимите утверждение, чтобы создать новую версию`,
      );
    }
    priced.push({
      doc: one,
      estimate: engineEstimate(one, { priceList, equipmentPrice, date: moscowDate(now) }),
      earlier,
    });
  }
  const made: GeneratedEstimate[] = [];
  for (const { doc: one, estimate, earlier } of priced) {
    const { id, estimateNumber, version } = await storeGeneratedEstimate(db, {
      companyId: object.companyId,
      objectId: object.id,
      taskId,
      estimate,
      measurementDocument: one,
      address: object.address,
      replaces: earlier,
      clientId: key,
      ownNumber: typeof one.estimateNumber === "string",
    }, { id: user.id, now });
    made.push({
      ...estimate,
      estimateNumber,
      id,
      version,
      status: "draft",
      objectId: object.id,
      taskId,
      createdAt: now,
    });
  }
  return { made, separate };
}
