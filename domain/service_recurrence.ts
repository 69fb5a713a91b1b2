// A plan's visits by its RFC 5545 RRULE, read with npm:rrule (no hand-written date
// arithmetic). Days are calendar days 'YYYY-MM-DD' in the company's zone: the rule runs on UTC midnights of
// those days, so no clock change moves a visit to another day.
import rrulePkg from "rrule";

// Under Deno npm:rrule loads as CommonJS: its default export carries RRule.
const { RRule } = rrulePkg;

const utcDay = (day: string) => new Date(`${day}T00:00:00Z`);
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** The visit days of `rule` from `startsOn` to `endsOn` (both included); null when the rule does not parse. */
export function visitDays(rule: string, startsOn: string, endsOn: string): string[] | null {
  let options;
  try {
    options = RRule.parseString(rule);
  } catch {
    return null;
  }
  if (options.freq === undefined || options.freq === null || "dtstart" in options || "until" in options) {
    return null;
  }
  try {
    const r = new RRule({ ...options, dtstart: utcDay(startsOn), until: utcDay(endsOn) });
    return r.all((_, i) => i < 366).map(dayOf);
  } catch {
    return null;
  }
}

/** What is wrong with a plan's rule for `visitsPerYear` visits, in Russian; null when it is right. */
export function recurrenceProblem(rule: string, visitsPerYear: number): string | null {
  const days = visitDays(rule, "2027-01-01", "2027-12-31");
  if (days === null) return "Правило повторения не читается (пример: FREQ=MONTHLY;INTERVAL=6)";
  if (days.length === 0) return "По правилу не выходит ни одного визита в год";
  if (days.length !== visitsPerYear) {
    return `По правилу выходит визитов в год: ${days.length}, а в плане указано ${visitsPerYear}`;
  }
  return null;
}
