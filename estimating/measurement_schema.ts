/**
 * The measurement document's validator as a zod 4 schema (for the server's `validate()` and the islands).
 *
 * @module
 */
import { z } from "zod";
import { type MeasurementDocument, parseMeasurementDocument } from "./measurement.ts";

/**
 * The measurement document as a zod 4 schema (for `@hono/zod-validator` and islands): `.parse()` applies
 * the defaults; `.safeParse()` reports each problem with its path (`["measurements", "residents_count"]`).
 *
 * @example
 * ```ts
 * import { measurementDocumentSchema } from "./measurement_schema.ts";
 * const doc = measurementDocumentSchema.parse({ measurements: { septic_model: "topas-5" } });
 * if (doc.workType !== "autonomous_sewage" || doc.measurements.residents_count !== 4) throw new Error("defaults");
 * ```
 */
export const measurementDocumentSchema: z.ZodType<MeasurementDocument, unknown> = z.unknown().transform(
  (input, ctx) => {
    const r = parseMeasurementDocument(input);
    if (r.ok) return r.value;
    for (const issue of r.issues) {
      ctx.addIssue({
        code: "custom",
        message: issue.message,
        path: issue.path === "(document)" ? [] : issue.path.split("."),
      });
    }
    return z.NEVER;
  },
);
