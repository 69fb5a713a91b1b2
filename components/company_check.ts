// The company form's checks (zod), loaded on demand so the pages with the form load no zod up front.
import { companySchema } from "../domain/admin.ts";
import { companyPayload, type CompanyValues } from "./CompanyFields.tsx";
import { type Errors, firstErrors } from "./form.ts";

/** Checks the form like the server (check digits included); the payload, or the errors by field. */
export function checkCompany(values: CompanyValues, adminFields: boolean) {
  const payload = companyPayload(values, adminFields);
  const parsed = companySchema.safeParse(payload);
  if (!parsed.success) return { errors: firstErrors(parsed.error) as Errors, payload: null };
  return { errors: null, payload };
}
