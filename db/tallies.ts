// Reads of the per-day tallies (db/schema/tallies.ts, kept by the triggers of migration 0023_day_tallies):
// a period [from, …) is its whole days summed from the tallies plus the part of its first day before
// midnight counted from the rows themselves, so a view costs a few rows per day, not one per record.
import { and, eq, gte, inArray, lt, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { companyDayTallies, openTaskTallies, type tallyKinds } from "./schema/mod.ts";

/** The tallies' day length: a UTC day of Unix milliseconds (the triggers divide by the same number). */
export const TALLY_DAY_MS = 86_400_000;

/** The tallies' day of an instant. */
export const tallyDay = (at: number) => Math.floor(at / TALLY_DAY_MS);

/**
 * A period's cut into what the rows count and what the tallies sum: [from, firstDay's midnight) from the
 * rows, the days from firstDay on from the tallies.
 */
export function splitPeriod(from: Date): { from: number; wholeFrom: number; firstDay: number } {
  const firstDay = tallyDay(from.getTime() - 1) + 1;
  return { from: from.getTime(), wholeFrom: firstDay * TALLY_DAY_MS, firstDay };
}

type Kind = typeof tallyKinds[number];
const t = companyDayTallies;

/** The tallies of a kind in a company (every company for an undefined one) on days [fromDay, toDay). */
export function tallyWhere(
  kind: Kind,
  companyId: Placeholder | number | undefined,
  fromDay?: Placeholder | number,
  toDay?: Placeholder | number,
  statuses?: readonly string[],
): SQL {
  return and(
    companyId === undefined ? undefined : eq(t.companyId, companyId),
    eq(t.kind, kind),
    fromDay === undefined ? undefined : gte(t.day, fromDay),
    toDay === undefined ? undefined : lt(t.day, toDay),
    statuses ? inArray(t.status, [...statuses]) : undefined,
  )!;
}

/** `column` in [from, to), each bound left out when absent. */
export function inRange(column: SQLiteColumn, from?: Placeholder, to?: Placeholder): SQL | undefined {
  return and(from && gte(column, from), to && lt(column, to));
}

/** sum(n) of the tallies matching `where`, 0 when none. */
export const tallyCount = (where: SQL) => sql`(select coalesce(sum(${t.n}), 0) from ${t} where ${where})`;

/** sum(amount) of the tallies matching `where`, 0 when none. */
export const tallyAmount = (where: SQL) =>
  sql`(select coalesce(sum(${t.amount}), 0) from ${t} where ${where})`;

const open = openTaskTallies;

/**
 * The open tasks of the open-task tally (db/schema/tallies.ts openTaskTallies) due before day `dueBefore`
 * (the late ones, for today's day), created from day `createdFrom` on when given, of the assignees `users`
 * selects when given: the tally's half of «Просрочено», the rest of today is the rows'.
 */
export function openTallyWhere(
  companyId: Placeholder | number | undefined,
  dueBefore: Placeholder | number,
  createdFrom?: Placeholder | number,
  users?: SQL,
): SQL {
  return and(
    companyId === undefined ? undefined : eq(open.companyId, companyId),
    lt(open.dueDay, dueBefore),
    createdFrom === undefined ? undefined : gte(open.createdDay, createdFrom),
    users && inArray(open.userId, users),
  )!;
}

/** sum(n) of the open-task tally matching `where`, 0 when none. */
export const openTallyCount = (where: SQL) =>
  sql`(select coalesce(sum(${open.n}), 0) from ${open} where ${where})`;
