// One set of money figures for a job, used by every card, list, chart and summary:
// - value: what the job is worth — its current contract's total once there is one, the rough estimate typed
//   at the object's creation before;
// - contracted: the current contract's total (null without a contract);
// - received: the money staff marked received (payments), kopecks;
// - owed: contracted − received, never below zero.
// Revenue («Выручка») of a period is the money received in it (db/job_money.ts sums payments by the day they
// were received), with the contracted and owed amounts shown beside it. db/job_status.ts keeps
// objects.contract_total and objects.received_total current in the transaction of each event, so lists and
// per-day summaries read these from the object row.

/** The money columns of an object row, kopecks. */
export interface JobMoneyRow {
  estimatedCost: number | null;
  contractTotal: number | null;
  receivedTotal: number;
}

export interface JobMoney {
  /** The contract's total, else the rough estimate, else 0. */
  value: number;
  /** Whether value is the contract's (false: the rough estimate). */
  contracted: boolean;
  received: number;
  /** What the client still owes under the contract (0 without one). */
  owed: number;
}

/** The job's money figures, kopecks. */
export function jobMoney(o: JobMoneyRow): JobMoney {
  const contracted = o.contractTotal !== null;
  const value = o.contractTotal ?? o.estimatedCost ?? 0;
  return {
    value,
    contracted,
    received: o.receivedTotal,
    owed: contracted ? Math.max(0, o.contractTotal! - o.receivedTotal) : 0,
  };
}

/** What each money figure means, shown under the cards. */
export const moneyHints = {
  revenue: "Выручка — деньги, полученные от клиентов за период (отмеченные оплаты).",
  contracted: "По договорам — сумма действующих договоров объектов, подписанных за период.",
  owed: "Долг клиентов — сумма договоров за вычетом полученных оплат, на сегодня.",
  value: "Стоимость объекта — сумма договора, а до договора — примерная стоимость.",
} as const;

/** The figures in roubles, as the JSON API gives money (objects' estimatedCost is in roubles too). */
export function moneyInRoubles(m: JobMoney) {
  return { value: m.value / 100, contracted: m.contracted, received: m.received / 100, owed: m.owed / 100 };
}
