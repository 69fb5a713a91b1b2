import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type * as z from "zod/v4/core";
import { fieldErrors, invalid } from "./errors.ts";

/** zod validation at the edge (full zod or zod/mini): a failure answers 422 with Russian messages by field. */
export function validate<T extends z.$ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) throw invalid(fieldErrors(result.error));
  });
}
