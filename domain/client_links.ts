// What the client's private link says when the version it was made for has been replaced:
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
