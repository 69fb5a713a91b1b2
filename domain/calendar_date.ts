// The one check of a calendar date, free of zod so that zod-free modules (domain/tasks.ts,
// read by pages and light islands) use it too; the zod schemas are in domain/bounds.ts.

/** Whether 'YYYY-MM-DD' names a real calendar day of the years 1900–2999 ('2026-02-30' does not). */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1900 || year > 2999 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}
