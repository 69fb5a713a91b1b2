// The reads that may run off the request thread (db/read_worker.ts): each by name, with arguments and an
// answer a structured clone carries (numbers, strings, dates, plain objects). The worker and the main thread
// run the same functions, so an answer does not depend on where it was read.
import type { Db } from "./client.ts";
import type { Scope } from "./scope.ts";
import type { Period } from "../domain/periods.ts";
import { analytics } from "./analytics.ts";
import { dashboardStats } from "./stats.ts";
import { type TaskFilter, taskPage } from "./tasks.ts";
import { objectCards, type ObjectFilter } from "./objects.ts";

/** A period's figures as of an instant (ms), for a company or (null) every company. */
export interface PeriodArgs {
  scope: Scope;
  period: Period;
  now: number;
}

/**
 * The named reads: the ones that count a period's rows beside the tallies (the analytics' breakdowns, the
 * overdue tasks the minute decides), and the searches of objects by a part of their address, client or phone,
 * which grow with what they find: through the trigram index (db/objects.ts) 3–14 ms a page for a place's 427
 * objects at 100 000, but every object (and its tasks) for a word that every address holds.
 */
export const readQueries = {
  analytics: (db: Db, a: PeriodArgs) => analytics(db, a.scope, a.period, new Date(a.now)),
  dashboardStats: (db: Db, a: PeriodArgs) => dashboardStats(db, a.scope, a.period, new Date(a.now)),
  /** A page of /tasks and its total, searched by the tasks' objects. */
  taskSearch: (db: Db, a: { scope: Scope; filter: TaskFilter; now: number }) =>
    taskPage(db, a.scope, { ...a.filter, now: new Date(a.now) }),
  /** A page of /objects' cards, searched. */
  objectSearch: (db: Db, a: { scope: Scope; filter: ObjectFilter }) => objectCards(db, a.scope, a.filter),
};

export type ReadName = keyof typeof readQueries;
export type ReadArgs<N extends ReadName> = Parameters<typeof readQueries[N]>[1];
export type ReadAnswer<N extends ReadName> = Awaited<ReturnType<typeof readQueries[N]>>;
