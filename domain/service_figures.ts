// The service figures, defined once: the dashboard and analytics read these and nothing else.
// Money follows domain/job_money.ts and domain/ledger.ts: received is money staff marked received (the
// «service» payments, which «Выручка» counts with the rest); contracted is what the agreements in force
// bring a year.

/** An agreement as the figures read it. */
export interface FigureAgreement {
  status: "draft" | "sent" | "signed" | "ended";
  startsOn: string;
  endsOn: string;
  payMode: "year" | "visit";
  pricePerYear: number;
  pricePerVisit: number;
  visitsPerYear: number;
  /** Whether a later agreement renews this one. */
  renewed: boolean;
}

/** One agreement's money a year, kopecks: the year's price, or the visit's times the visits a year. */
export function yearlyValue(
  a: Pick<FigureAgreement, "payMode" | "pricePerYear" | "pricePerVisit" | "visitsPerYear">,
) {
  return a.payMode === "year" ? a.pricePerYear : a.pricePerVisit * a.visitsPerYear;
}

/** In force on `today`: signed, started, not yet over. */
export const inForce = (a: FigureAgreement, today: string) =>
  a.status === "signed" && a.startsOn <= today && today <= a.endsOn;

/** Contracted a year (kopecks) and the renewals of the agreements whose term ended in the last 12 months. */
export function agreementFigures(agreements: readonly FigureAgreement[], today: string, yearAgo: string) {
  let contractedPerYear = 0;
  let active = 0;
  let renewed = 0;
  let lost = 0;
  for (const a of agreements) {
    if (inForce(a, today)) {
      contractedPerYear += yearlyValue(a);
      active++;
    }
    const endedLately = (a.status === "signed" || a.status === "ended") && a.endsOn < today &&
      a.endsOn >= yearAgo;
    if (endedLately) a.renewed ? renewed++ : lost++;
  }
  return { contractedPerYear, active, renewed, lost };
}

/** One month's visits: done, overdue (date passed, not done), upcoming (planned from today on). */
export interface VisitMonth {
  /** 'YYYY-MM'. */
  month: string;
  done: number;
  overdue: number;
  upcoming: number;
}

/** The service figures of a company. */
export interface ServiceFigures {
  contractedPerYear: number;
  /** Service payments received in the period, kopecks. */
  received: number;
  active: number;
  renewed: number;
  lost: number;
  visits: VisitMonth[];
}

/** Visits by month from their status and planned day: a planned visit of a past day counts as overdue. */
export function visitMonths(
  visits: readonly { plannedOn: string; status: string }[],
  today: string,
  months: readonly string[],
): VisitMonth[] {
  const by = new Map(months.map((m) => [m, { month: m, done: 0, overdue: 0, upcoming: 0 }]));
  for (const v of visits) {
    const row = by.get(v.plannedOn.slice(0, 7));
    if (!row || v.status === "cancelled") continue;
    if (v.status === "done") row.done++;
    else if (v.status === "overdue" || v.plannedOn < today) row.overdue++;
    else row.upcoming++;
  }
  return [...by.values()];
}

/** Twelve months 'YYYY-MM' around `today`: the five before, this one, the six after. */
export function figureMonths(today: string): string[] {
  const [y, m] = today.split("-").map(Number);
  return Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 1 - 5 + i, 1));
    return d.toISOString().slice(0, 7);
  });
}
