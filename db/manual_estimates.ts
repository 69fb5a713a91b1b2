// A hand-made estimate (the estimating spec's «Validation rules»): stored with its items, activity and
// estimate_created.
import { claimTypedNumber } from "./document_numbers.ts";
import type { Db } from "./client.ts";
import { estimateItems, estimates } from "./schema/mod.ts";
import { notifyEstimateCreated, recordActivity } from "./notifications.ts";
import { refreshJobState } from "./job_status.ts";
import { type EstimateStatus } from "./estimates.ts";

export interface ManualItem {
  section?: string;
  articleCode?: string | null;
  name: string;
  unit: string;
  quantity: number;
  /** Kopecks per unit. */
  pricePerUnit: number;
  equipmentCost?: number;
  workCost?: number;
  isRequired?: boolean;
}

/**
 * Stores a hand-made estimate (the estimating spec's «Validation rules») with its items, activity and
 * estimate_created. Returns the id.
 */
export async function storeManualEstimate(
  db: Db,
  input: {
    companyId: number;
    objectId: number;
    address: string;
    estimateNumber: string;
    status: EstimateStatus;
    templateName?: string | null;
    items: ManualItem[];
  },
  by: { id: number; now: Date },
): Promise<number> {
  const lines = input.items.map((it, position) => {
    const totalPrice = Math.round(it.pricePerUnit * it.quantity);
    const equipment = it.equipmentCost !== undefined ? Math.round(it.equipmentCost) : 0;
    return {
      position,
      section: it.section?.trim() || "Работы и материалы",
      articleCode: it.articleCode || null,
      name: it.name,
      unit: it.unit,
      quantity: it.quantity,
      pricePerUnit: it.pricePerUnit,
      equipmentCost: Math.min(equipment, totalPrice),
      workCost: totalPrice - Math.min(equipment, totalPrice),
      totalPrice,
      isRequired: it.isRequired ?? true,
    };
  });
  const total = lines.reduce((s, l) => s + l.totalPrice, 0);
  const sections = [...new Set(lines.map((l) => l.section))];
  return await db.transaction(async (tx) => {
    await claimTypedNumber(tx, input.companyId, "estimate", input.estimateNumber, by.now);
    const [row] = await tx.insert(estimates).values({
      companyId: input.companyId,
      objectId: input.objectId,
      createdBy: by.id,
      estimateNumber: input.estimateNumber,
      templateName: input.templateName ?? "Смета вручную",
      status: input.status,
      sections,
      totalAmount: total,
      notes: [],
      createdAt: by.now,
      updatedAt: by.now,
    }).returning({ id: estimates.id });
    if (lines.length > 0) {
      await tx.insert(estimateItems).values(lines.map((l) => ({ ...l, estimateId: row.id })));
    }
    await refreshJobState(tx, input.objectId, by.now, by.id);
    await recordActivity(tx, {
      at: by.now,
      companyId: input.companyId,
      userId: by.id,
      type: "other",
      title: `Создана смета ${input.estimateNumber}`,
      status: input.status,
      objectId: input.objectId,
    });
    await notifyEstimateCreated(tx, {
      at: by.now,
      companyId: input.companyId,
      estimateId: row.id,
      objectId: input.objectId,
      estimateNumber: input.estimateNumber,
      address: input.address,
      byUserId: by.id,
    });
    return row.id;
  });
}
