// Reporting periods of the dashboard and analytics (the objects and shop spec's «Screens and routes»
// Analytics): 7d, 30d, 90d, 1y, all.

export const periods = ["7d", "30d", "90d", "1y", "all"] as const;
export type Period = typeof periods[number];
export const defaultPeriod: Period = "30d";

export const periodLabels: Record<Period, string> = {
  "7d": "7 дней",
  "30d": "30 дней",
  "90d": "90 дней",
  "1y": "Год",
  all: "Всё время",
};

const DAY = 86_400_000;
const lengths: Record<Exclude<Period, "all">, number> = {
  "7d": 7 * DAY,
  "30d": 30 * DAY,
  "90d": 90 * DAY,
  "1y": 365 * DAY,
};

export function parsePeriod(value: string | null | undefined): Period {
  return (periods as readonly string[]).includes(value ?? "") ? value as Period : defaultPeriod;
}

/** The period [from, now) and the one just before it [prevFrom, from); null bounds for 'all'. */
export function periodRange(period: Period, now: Date): { from: Date | null; prevFrom: Date | null } {
  if (period === "all") return { from: null, prevFrom: null };
  const from = new Date(now.getTime() - lengths[period]);
  return { from, prevFrom: new Date(from.getTime() - lengths[period]) };
}
