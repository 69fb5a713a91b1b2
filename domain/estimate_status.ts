// Estimate status rules (the estimating spec's «States and transitions»): draft → sent → approved or
// rejected. Approving and rejecting (and taking an approved estimate back) belong to estimateApproverRoles; a
// rejected estimate may return to draft for rework. Shared by the server (enforced) and the islands (which
// buttons to show).
import { estimateApproverRoles, hasRole, type Role } from "./roles.ts";

export type EstimateStatus = "draft" | "sent" | "approved" | "rejected";

export const estimateTransitions: Record<EstimateStatus, readonly EstimateStatus[]> = {
  draft: ["sent", "approved", "rejected"],
  sent: ["approved", "rejected", "draft"],
  rejected: ["draft"],
  approved: ["sent"],
};

/** Whether the status change needs an approver. */
export function needsApprover(from: EstimateStatus, to: EstimateStatus): boolean {
  return to === "approved" || to === "rejected" || from === "approved";
}

/** The statuses this role may move an estimate to from `from`. */
export function nextStatuses(role: Role, from: EstimateStatus): EstimateStatus[] {
  const approver = hasRole(role, estimateApproverRoles);
  return estimateTransitions[from].filter((to) => approver || !needsApprover(from, to));
}

/** The verb on a status button. */
export const statusActionLabels: Record<EstimateStatus, string> = {
  draft: "В черновик",
  sent: "Отправить",
  approved: "Утвердить",
  rejected: "Отклонить",
};

/** The verb on the button that moves an estimate from `from` to `to`. */
export function statusActionLabel(from: EstimateStatus, to: EstimateStatus): string {
  if (from === "approved" && to === "sent") return "Снять утверждение";
  if (from === "rejected" && to === "draft") return "На доработку";
  return statusActionLabels[to];
}

/** Roles that edit an estimate's lines, discount, VAT and notes. */
export const estimateEditorRoles: readonly Role[] = [
  "chief_engineer",
  "manager",
  "company_admin",
  "system_admin",
];

/** Whether the role may edit estimates. */
export function canEditEstimate(role: Role): boolean {
  return hasRole(role, estimateEditorRoles);
}

/** An approved estimate is locked until its approval is taken back. */
export const LOCKED_MESSAGE =
  "Смета утверждена и закрыта для изменений: снимите утверждение, чтобы её изменить";
