// What the client's private link says when the version it was made for has been replaced:
// the page and the API's 409 use the same words.
import * as z from "zod/mini";
import { formatDate, formatKopecks } from "./format.ts";

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

/** The one thing the client is asked to do now, and where on the page it is done. */
export interface ClientNextStep {
  text: string;
  anchor: string | null;
  done: boolean;
}

/** What the client's page puts on top: re-ask for a link, accept the estimate, sign, pay, or nothing to do. */
export function clientNextStep(s: {
  superseded: boolean;
  hasEstimate: boolean;
  accepted: boolean;
  hasContract: boolean;
  signed: boolean;
  /** Kopecks still asked for (a pending payment), or null. */
  due: number | null;
  /** The act of completed works awaits the client's signature. */
  actToSign?: boolean;
  /** The payment asked is the final one (the remainder), not the prepayment. */
  finalDue?: boolean;
  /** The client signed the act; `owed` is what the ledger still awaits, kopecks. */
  actSigned?: { owed: number };
}): ClientNextStep {
  if (s.superseded) {
    return {
      text: "Документ заменён новой версией: попросите у компании новую ссылку.",
      anchor: null,
      done: false,
    };
  }
  if (s.hasContract && !s.signed) {
    return { text: "Прочитайте договор и подпишите его.", anchor: "#client-sign", done: false };
  }
  if (s.actToSign) {
    return { text: "Работы выполнены: проверьте акт и подпишите его.", anchor: "#client-act", done: false };
  }
  if (s.due !== null) {
    return {
      text: `Оплатите ${s.finalDue ? "окончательный расчёт" : "предоплату"} ${
        formatKopecks(s.due)
      } по QR-коду или по реквизитам.`,
      anchor: "#client-payment",
      done: false,
    };
  }
  if (s.hasEstimate && !s.hasContract && !s.accepted) {
    return { text: "Посмотрите смету и согласуйте её.", anchor: "#client-sign", done: false };
  }
  if (s.actSigned) {
    return {
      text: s.actSigned.owed > 0
        ? "Акт подписан. Компания пришлёт окончательный расчёт."
        : "Работы приняты и оплачены полностью. Спасибо!",
      anchor: null,
      done: true,
    };
  }
  return { text: "С вашей стороны всё сделано. Мы свяжемся с вами перед выездом.", anchor: null, done: true };
}

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
