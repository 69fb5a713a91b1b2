// The measurement document of a task as the server builds it for POST /api/estimates/generate
// (server/api/estimates.ts), from what the phone caches: so the phone prices exactly what the server will.
import type { FieldWorkBundle } from "./urls.ts";

export type BundleTask = FieldWorkBundle["tasks"][number];

/**
 * The document of `measurements` (the body the form sends: values, `confirmed`, photos, notes) for the
 * bundle's task, signed by `account` at `at`, with the object's address, client and distance from МКАД.
 */
export function fieldWorkDocument(
  task: BundleTask,
  measurements: Record<string, unknown>,
  options: { account: number; at: Date; workType?: string; workTypes?: string[] },
): Record<string, unknown> {
  const o = task.object;
  return {
    objectId: task.objectId,
    workType: options.workType ?? "autonomous_sewage",
    ...(options.workTypes?.length ? { workTypes: options.workTypes } : {}),
    object: {
      address: o.address,
      clientName: o.clientName,
      clientPhone: o.clientPhone,
      ...(o.distanceFromMKAD !== null ? { distanceFromMKAD: o.distanceFromMKAD } : {}),
    },
    measurements: {
      ...measurements,
      task_id: task.id,
      surveyor_id: measurements.surveyor_id ?? options.account,
      measurement_date: measurements.measurement_date ?? options.at.toISOString(),
    },
  };
}
