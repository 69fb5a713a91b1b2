// The visits of a service agreement, from its plan's recurrence rule (RFC 5545 RRULE, e.g. «FREQ=MONTHLY;
// INTERVAL=6» for two visits a year, «FREQ=YEARLY;BYMONTH=4,10;BYMONTHDAY=15» for a spring start and a winter
// shutdown). The rule is expanded by the `rrule` library over Moscow calendar days: rrule works on "floating"
// dates given as UTC, so a day is its UTC midnight there and nothing shifts by the server's time zone; each
// day becomes a due moment at the end of that day in Moscow (domain/dates.ts, as a task's due date).
// Pure; used by the server when an agreement is signed or activated and by the demo seed.
import rrulePkg from "rrule";
import { moscowTime } from "./dates.ts";
import { isCalendarDate } from "./calendar_date.ts";

// Under Deno the package loads as CommonJS: its default export carries the classes.
const { RRule } = rrulePkg;

/** How far ahead visits are created: the agreement's next 12 months. */
export const SCHEDULE_MONTHS = 12;

/** The service staff: the crews (foremen) and the surveyors; a visit's assignee must hold one of these roles. */
export const serviceStaffRoles = ["foreman", "measurement_engineer"] as const;

const utcDay = (day: string) => {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d));
};
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** The day `months` calendar months after `day` (the 31st falls back to the month's last day). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split("-").map(Number);
  const last = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return dayOf(new Date(Date.UTC(y, m - 1 + months, Math.min(d, last))));
}

/**
 * The visit days ('YYYY-MM-DD', Moscow calendar) of a rule started on `startsOn`, from `from` (default: the
 * start) up to, not including, `months` months after `from`.
 *
 * @example
 * ```ts
 * import { visitDays } from "./service_schedule.ts";
 * const days = visitDays("FREQ=MONTHLY;INTERVAL=6", "2026-05-15");
 * if (days.join() !== "2026-05-15,2026-11-15") throw new Error(days.join());
 * ```
 */
export function visitDays(
  rule: string,
  startsOn: string,
  options: { from?: string; months?: number } = {},
): string[] {
  if (!isCalendarDate(startsOn)) throw new RangeError(`Not a calendar day: "${startsOn}"`);
  const from = options.from && options.from > startsOn ? options.from : startsOn;
  const until = addMonths(from, options.months ?? SCHEDULE_MONTHS);
  const parsed = RRule.parseString(rule.replace(/^RRULE:/i, ""));
  // A monthly rule started on the 29th–31st would skip the months without that day (RFC 5545): the visit
  // falls on the month's last day instead (the day, or the last one, whichever comes first).
  const startDay = Number(startsOn.slice(8));
  const byDay = parsed.bymonthday ?? parsed.byweekday ?? parsed.bysetpos;
  if (parsed.freq === RRule.MONTHLY && startDay > 28 && byDay === undefined) {
    Object.assign(parsed, { bymonthday: [startDay, -1], bysetpos: [1] });
  }
  const rrule = new RRule({ ...parsed, dtstart: utcDay(startsOn) });
  // 1 000 dates at most: a daily rule over a year is 365, so a bound that no plan reaches.
  return rrule.between(utcDay(from), utcDay(until), true, (_d, i) => i < 1000)
    .map(dayOf).filter((day) => day < until);
}

/** The due moment of a visit day: the end of that day in Moscow (as a task due on that day). */
export function visitDue(day: string): Date {
  return moscowTime(day, 23, 59, 59, 999);
}
