// What the client's private link says when the version it was made for has been replaced (issue 23 item 5):
// the page and the API's 409 use the same words.
import * as z from "zod/mini";
import { formatDate } from "./format.ts";

/** What replaced a link's versions (db/contracts.ts linkSuperseded). */
export interface LinkSupersession {
  contractVersion: number | null;
  createdAt: Date | null;
  estimateVersion: number | null;
}

/** «Договор заменён новой версией 2 от 20.11.2026…», or the estimate's counterpart. */
export function supersededMessage(s: LinkSupersession): string {
  if (s.contractVersion !== null) {
    return `Договор заменён новой версией ${s.contractVersion}${
      s.createdAt ? ` от ${formatDate(s.createdAt)}` : ""
    }: эту версию подписать или принять уже нельзя. Попросите у компании ссылку на новую версию.`;
  }
  return `Смета изменена после составления договора (теперь версия ${s.estimateVersion}): эту версию ` +
    "подписать или принять уже нельзя. Попросите у компании новую ссылку.";
}

const accessId = "Неверный запрос клиента";

/** POST /api/contracts/object/:objectId/access: staff confirm or refuse a customer's request for the object. */
export const customerAccessDecisionSchema = z.object({
  accessId: z.number(accessId).check(
    z.int(accessId),
    z.positive(accessId),
    z.maximum(2_147_483_647, accessId),
  ),
  decision: z.enum(["approve", "reject"], "Выберите: подтвердить или отклонить"),
});

const clientName = z.optional(
  z.string("Укажите имя").check(
    z.trim(),
    z.maxLength(200, "Имя — не длиннее 200 символов"),
  ),
);

/** POST /api/client-links/:token/accept: the client approves the estimate (the name is optional). */
export const quoteApprovalSchema = z.object({ name: clientName });

/** POST /api/client-links/:token/request-changes: what the client wants changed. */
export const quoteChangesSchema = z.object({
  name: clientName,
  comment: z.string("Напишите, что изменить в смете").check(
    z.trim(),
    z.minLength(3, "Напишите, что изменить в смете (не короче 3 символов)"),
    z.maxLength(2000, "Комментарий — не длиннее 2000 символов"),
  ),
});

/** The client's answer to a quote, as the link page and the staff's pages show it. */
export const quoteDecisionLabels = {
  approved: "Смета согласована",
  changes_requested: "Клиент просит изменить смету",
} as const;
