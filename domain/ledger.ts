// An object's payment ledger, defined once: what the client owes by the contract, what the
// company received, what remains, and how old the money asked for and not yet received is. The object's card,
// the engineer's cabinet, analytics and every payment request read these definitions and nothing else.
import * as z from "zod/mini";
import { isRecordId } from "./bounds.ts";
import { contractDay } from "./contract_text.ts";
import type { paymentKinds, paymentStatuses } from "./enums.ts";

/** One payment request of the object as the ledger reads it (amounts in kopecks). */
export interface LedgerPayment {
  kind: (typeof paymentKinds)[number];
  status: (typeof paymentStatuses)[number];
  amount: number;
  /** What staff recorded as received; the requested amount when they recorded none. */
  receivedAmount: number | null;
}

/** The object's money, kopecks. */
export interface Ledger {
  /** К оплате по договору: the total of the object's current contract (0 before there is one). */
  due: number;
  /** Получено: every payment staff marked received, whatever contract version it was asked for. */
  received: number;
  /** Остаток: due − received; negative when the client paid more than the contract. */
  owed: number;
  /** Выставлено и не оплачено: the payment requests still awaited. */
  awaiting: number;
}

/** The ledger of a contract total and the object's payments. */
export function ledgerOf(due: number, payments: readonly LedgerPayment[]): Ledger {
  let received = 0;
  let awaiting = 0;
  for (const p of payments) {
    if (p.status === "paid") received += p.receivedAmount ?? p.amount;
    else if (p.status === "pending") awaiting += p.amount;
  }
  return { due, received, owed: due - received, awaiting };
}

/**
 * «Оплачено полностью»: there is a contract and nothing of it remains owed. The status module
 * moves the object to «paid in full» on this, not on a status set by hand.
 */
export function paidInFull(ledger: Ledger): boolean {
  return ledger.due > 0 && ledger.owed <= 0;
}

/** The remainder a final payment asks for: what is owed, or null when nothing is. */
export function finalPaymentAmount(ledger: Ledger): number | null {
  return ledger.due > 0 && ledger.owed > 0 ? ledger.owed : null;
}

/** The purpose the final payment's QR and bank order carry. */
export function finalPaymentPurpose(contractNumber: string, contractDate: Date): string {
  return `Окончательный расчёт по договору №${contractNumber} от ${contractDay(contractDate)}`;
}

/** POST /api/payment/final: the final payment of the object's remainder (the server computes the amount). */
export const finalPaymentSchema = z.object({
  objectId: z.number("Выберите объект").check(z.refine(isRecordId, "Выберите объект")),
  showItems: z._default(z.boolean("Выберите, показывать ли позиции сметы"), true),
});

/** Ages of money asked for and not received, by days since the request (дебиторская задолженность по срокам). */
export const receivableAges = [
  { key: "upTo30", label: "до 30 дней", maxDays: 30 },
  { key: "upTo60", label: "31–60 дней", maxDays: 60 },
  { key: "upTo90", label: "61–90 дней", maxDays: 90 },
  { key: "over90", label: "более 90 дней", maxDays: Infinity },
] as const;

export type ReceivableAge = (typeof receivableAges)[number]["key"];

/** The age group of a request made `days` whole days ago. */
export function receivableAge(days: number): ReceivableAge {
  return receivableAges.find((a) => days <= a.maxDays)!.key;
}

/** The ledger's three lines as the pages print them, with what each means. */
export const ledgerLabels = {
  due: "По договору",
  received: "Получено",
  owed: "Остаток к оплате",
  awaiting: "Выставлено, ждёт оплаты",
} as const;

/** An object whose current contract is not paid in full (the engineer's «Объекты с задолженностью»). */
export interface OwedObject {
  objectId: number;
  address: string;
  clientName: string | null;
  contractId: number;
  contractNumber: string;
  ledger: Ledger;
}

/** Money asked for and not yet received, by the days since each request (analytics). */
export interface ReceivablesByAge {
  /** Per age group: the requests' count and their sum, kopecks. */
  ages: { key: ReceivableAge; label: string; count: number; amount: number }[];
  total: number;
}
