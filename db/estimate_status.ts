// An estimate's status change (draft, approved, rejected …) and the chief engineers' notice of it.
import { eq } from "drizzle-orm";
import type { Db } from "./client.ts";
import { estimateChanges, estimates } from "./schema/mod.ts";
import { notifyEstimateUpdated, recordActivity } from "./notifications.ts";
import { refreshJobState } from "./job_status.ts";
import { recordStaffApproval } from "./quotes.ts";
import { type EstimateStatus } from "./estimates.ts";

/** Changes the status of an estimate of the scope and tells the chief engineers (estimate_updated). */
export async function setEstimateStatus(
  db: Db,
  current: {
    id: number;
    companyId: number;
    objectId: number;
    version: number;
    estimateNumber: string;
    address: string | null;
  },
  status: EstimateStatus,
  by: { id: number; now: Date; label: string },
  /** Approving over alerts: the alerts the approver confirmed, recorded with who and when, and logged. */
  confirmedAlerts?: readonly string[],
): Promise<void> {
  await db.transaction(async (tx) => {
    const confirmation = confirmedAlerts?.length
      ? { alertsConfirmed: [...confirmedAlerts], alertsConfirmedBy: by.id, alertsConfirmedAt: by.now }
      : {};
    await tx.update(estimates).set({ status, updatedAt: by.now, ...confirmation })
      .where(eq(estimates.id, current.id));
    if (confirmedAlerts?.length) {
      await tx.insert(estimateChanges).values({
        estimateId: current.id,
        companyId: current.companyId,
        userId: by.id,
        summary: `Утверждена с предупреждениями: ${confirmedAlerts.join(" ")}`,
        totalDelta: 0,
        createdAt: by.now,
      });
    }
    await recordActivity(tx, {
      at: by.now,
      companyId: current.companyId,
      userId: by.id,
      type: "other",
      title: `Смета ${current.estimateNumber}: ${by.label}`,
      status,
      objectId: current.objectId,
    });
    if (status === "approved") await recordStaffApproval(tx, current, by);
    await refreshJobState(tx, current.objectId, by.now, by.id);
    await notifyEstimateUpdated(tx, {
      at: by.now,
      companyId: current.companyId,
      estimateId: current.id,
      objectId: current.objectId,
      estimateNumber: current.estimateNumber,
      address: current.address,
      byUserId: by.id,
    });
  });
}
