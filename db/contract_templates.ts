// The company's own contract templates by work type (the built-in one applies where there is none).
import { and, eq } from "drizzle-orm";
import type { Db } from "./client.ts";
import { contractTemplates } from "./schema/mod.ts";

/** The company's own template for a work type, or null (the built-in one applies). */
export async function contractTemplate(db: Db, companyId: number, workType: string): Promise<string | null> {
  const [row] = await db.select({ body: contractTemplates.body }).from(contractTemplates)
    .where(and(eq(contractTemplates.companyId, companyId), eq(contractTemplates.workType, workType)));
  return row?.body ?? null;
}

/** The company's own templates by work type. */
export async function companyContractTemplates(db: Db, companyId: number) {
  return await db.select({
    workType: contractTemplates.workType,
    body: contractTemplates.body,
    updatedAt: contractTemplates.updatedAt,
  }).from(contractTemplates).where(eq(contractTemplates.companyId, companyId));
}

/** Saves (or replaces) the company's template for a work type. */
export async function saveContractTemplate(
  db: Db,
  companyId: number,
  t: { workType: string; body: string },
  by: { id: number; now: Date },
): Promise<void> {
  await db.insert(contractTemplates).values({ companyId, ...t, updatedBy: by.id, updatedAt: by.now })
    .onConflictDoUpdate({
      target: [contractTemplates.companyId, contractTemplates.workType],
      set: { body: t.body, updatedBy: by.id, updatedAt: by.now },
    });
}

/** Drops the company's template for a work type: the built-in one applies again. */
export async function resetContractTemplate(db: Db, companyId: number, workType: string): Promise<void> {
  await db.delete(contractTemplates)
    .where(and(eq(contractTemplates.companyId, companyId), eq(contractTemplates.workType, workType)));
}
