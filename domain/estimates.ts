// Estimate status rules (spec/3 §4): draft → sent → approved or rejected. Approving and rejecting (and
// taking an approved estimate back) belong to estimateApproverRoles; a rejected estimate may return to
// draft for rework. Shared by the server (enforced) and the islands (which buttons to show).
import * as z from "zod/mini";
import { estimateApproverRoles, hasRole, type Role } from "./roles.ts";
import { vatModes } from "./enums.ts";

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

/** Roles that edit an estimate's lines, discount, VAT and notes (issue 13). */
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

const MAX_KOPECKS = 1e13;
const itemId = z.number({ error: "Укажите позицию" }).check(
  z.int("Укажите позицию"),
  z.positive("Укажите позицию"),
);
const quantity = z.number({ error: "Количество — число" }).check(
  z.gte(0, "Количество не меньше 0"),
  z.lte(1e6, "Слишком большое количество"),
);
const kopecks = z.number({ error: "Цена — число" }).check(
  z.int("Цена — в копейках, целое число"),
  z.gte(0, "Цена не меньше 0"),
  z.lte(MAX_KOPECKS, "Слишком большая цена"),
);
const lineName = z.string({ error: "Укажите наименование" }).check(
  z.trim(),
  z.minLength(1, "Укажите наименование"),
  z.maxLength(500, "Не более 500 символов"),
);
const note = z.nullish(z.string().check(z.trim(), z.maxLength(2000, "Не более 2000 символов")));

/** A discount as posted: percent (0–100, two decimals) or a sum in kopecks. */
export const discountSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("percent"),
    value: z.number({ error: "Скидка — число" }).check(
      z.gte(0, "Скидка не меньше 0 %"),
      z.lte(100, "Скидка не больше 100 %"),
    ),
  }),
  z.object({ kind: z.literal("sum"), value: kopecks }),
]);

/** One change of an estimate in the editor (POST /api/estimates/:id/edits). Money in kopecks. */
export const estimateEditSchema = z.discriminatedUnion("action", [
  z.object({
    action: z.literal("update_item"),
    itemId,
    quantity: z.optional(quantity),
    pricePerUnit: z.optional(kopecks),
    name: z.optional(lineName),
  }),
  z.object({
    action: z.literal("add_item"),
    code: z.string({ error: "Выберите позицию прайс-листа" }).check(
      z.trim(),
      z.minLength(1, "Выберите позицию прайс-листа"),
      z.maxLength(50),
    ),
    quantity,
  }),
  z.object({
    action: z.literal("add_free_item"),
    name: lineName,
    unit: z.string({ error: "Укажите единицу" }).check(
      z.trim(),
      z.minLength(1, "Укажите единицу"),
      z.maxLength(20, "Не более 20 символов"),
    ),
    section: z.optional(z.string().check(z.trim(), z.maxLength(100, "Не более 100 символов"))),
    quantity,
    pricePerUnit: kopecks,
  }),
  z.object({ action: z.literal("remove_item"), itemId }),
  z.object({
    action: z.literal("set_terms"),
    vatMode: z.optional(z.enum(vatModes, { error: "НДС: без НДС, 5, 7 или 22 %" })),
    discount: z.nullish(discountSchema),
    clientNote: note,
    internalNote: note,
  }),
], { error: "Неизвестное изменение сметы" });

export type EstimateEdit = z.infer<typeof estimateEditSchema>;
