// Moscow calendar days: the dates people type and read (due dates, estimate and contract dates, report
// filters) are Moscow's, while moments are stored in UTC. Europe/Moscow's offset comes from the time-zone
// database through @date-fns/tz, never from adding hours by hand. Pure; used by the server and the islands.
import { TZDate } from "@date-fns/tz";

/** The time zone of the company's work and of every date shown. */
export const MOSCOW = "Europe/Moscow";

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

const MINUTE = 60_000;
/**
 * Days already found, by the minute of the moment: a page asks for the day of "now" and of its rows' moments
 * again and again, and a TZDate asks the time-zone database through Intl several times (3 % of the server's
 * CPU under the realistic mix, docs/performance.md). A day changes only at a whole minute. A plain Map emptied
 * when full, not lru-cache: this module is in the islands' bundles too.
 */
const daysByMinute = new Map<number, CalendarDay>();
const DAYS_CACHED = 1024;

/** Year, month (1–12) and day of a moment on Moscow's calendar. */
export function moscowCalendar(at: Date | number): CalendarDay {
  const ms = typeof at === "number" ? at : at.getTime();
  const minute = Math.floor(ms / MINUTE);
  const known = daysByMinute.get(minute);
  if (known) return { ...known };
  const d = new TZDate(ms, MOSCOW);
  const found = { year: d.getFullYear(), month: d.getMonth() + 1, day: d.getDate() };
  if (Number.isNaN(ms)) return found;
  if (daysByMinute.size >= DAYS_CACHED) daysByMinute.clear();
  daysByMinute.set(minute, found);
  return { ...found };
}

/** Moscow's calendar day of a moment as 'YYYY-MM-DD': moscowDate(2026-03-01T22:30Z) → '2026-03-02'. */
export function moscowDate(at: Date | number): string {
  const { year, month, day } = moscowCalendar(at);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/**
 * Moments already found, by day and wall-clock time: every signed-in page places the start of today (its
 * header's date) and the period's bounds, each a TZDate asking Intl. Kept like daysByMinute.
 */
const momentsByWallClock = new Map<string, number>();

/**
 * The moment of a Moscow wall-clock time on a 'YYYY-MM-DD' day; an Invalid Date for a day that is not on
 * the calendar ('2026-02-30'), as `new Date('2026-02-30T00:00+03:00')` was.
 */
export function moscowTime(day: string, hours = 0, minutes = 0, seconds = 0, ms = 0): Date {
  const key = `${day} ${hours} ${minutes} ${seconds} ${ms}`;
  let at = momentsByWallClock.get(key);
  if (at === undefined) {
    const [year, month, date] = day.split("-").map(Number);
    const found = new TZDate(year, month - 1, date, hours, minutes, seconds, ms, MOSCOW).getTime();
    at = Number.isNaN(found) || moscowDate(found) !== day ? NaN : found;
    if (momentsByWallClock.size >= DAYS_CACHED) momentsByWallClock.clear();
    momentsByWallClock.set(key, at);
  }
  return new Date(at);
}

/** Midnight in Moscow that starts a 'YYYY-MM-DD' day. */
export function moscowDayStart(day: string): Date {
  return moscowTime(day);
}

/** Midnight in Moscow that ends a 'YYYY-MM-DD' day (the start of the next one). */
export function moscowDayEnd(day: string): Date {
  const start = moscowDayStart(day);
  if (Number.isNaN(start.getTime())) return start;
  const [year, month, date] = day.split("-").map(Number);
  return new Date(new TZDate(year, month - 1, date + 1, MOSCOW).getTime());
}
