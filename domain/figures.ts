// The company's headline figures, defined once. db/figures.ts counts them; the dashboard, /engineer,
// /analytics, /admin and /companies print them with these labels and hints, so the pages cannot disagree.
import { objectStatuses, type Role, taskStatuses } from "./enums.ts";
import { countOf } from "./format.ts";
import { moneyHints } from "./job_money.ts";
import { type Period, periodLabels } from "./periods.ts";

/**
 * Активные объекты: objects whose status is neither «Завершён» nor «Отменён» (new, surveyed, estimated,
 * approved, in works). A state of now: the period does not change it.
 */
export const activeObjectStatuses = objectStatuses.filter((s) => s !== "completed" && s !== "cancelled");

/**
 * Задачи в работе: tasks neither completed nor cancelled (assigned, pending, in progress, late). A state of
 * now; «Просрочено» counts those of them past their due date.
 */
export const tasksInWorkStatuses = taskStatuses.filter((s) => s !== "completed" && s !== "cancelled");
/** Tasks in work that are not marked overdue: one of them past its due date is overdue all the same. */
export const openTaskStatuses = tasksInWorkStatuses.filter((s) => s !== "overdue");

/**
 * Команда: active accounts of the company's staff (every role but the shop's customer «user»); blocked
 * accounts are not in the team.
 */
export const teamRoleExcluded: Role = "user";

/** The headline figures of a scope: states of now, and the flows of a period [from, now). */
export interface Figures {
  period: Period;
  /** Every object of the scope, whatever its status. */
  objects: number;
  /** Objects not completed or cancelled, now. */
  activeObjects: number;
  /** Objects created within the period. */
  newObjects: number;
  /** Objects completed within the period (the ones the revenue is of). */
  completedObjects: number;
  /** Tasks not completed or cancelled, now. */
  tasksInWork: number;
  /** Of the tasks in work, those past their due date. */
  overdueTasks: number;
  /** Tasks created within the period. */
  newTasks: number;
  /** Tasks completed within the period (by their completion date). */
  completedTasks: number;
  /** Active staff accounts, now. */
  team: number;
  /** Staff accounts created within the period. */
  newTeam: number;
  /** Every account that belongs to a company of the scope (active or blocked); system administrators without a company are not counted. */
  users: number;
  /** Выручка, kopecks: the money received from clients within the period (domain/job_money.ts). */
  revenueKopecks: number;
  /** The totals of the contracts signed within the period, kopecks. */
  contractedKopecks: number;
  /** What clients owe under their contracts now (contract totals less what was received), kopecks. */
  owedKopecks: number;
  /** The revenue of the period just before, or null for «всё время». */
  previousRevenueKopecks: number | null;
}

/** What each figure means, shown on the pages under the cards. */
export const figureHints = {
  activeObjects: "Активные объекты — все объекты, кроме завершённых и отменённых, на сегодня.",
  tasksInWork: "Задачи в работе — все незавершённые и неотменённые задачи на сегодня, включая просроченные.",
  team: "Команда — активные сотрудники компании (без заблокированных).",
  revenue: moneyHints.revenue,
  contracted: moneyHints.contracted,
  owed: moneyHints.owed,
} as const;

/** «за 30 дней», «за год», «за всё время». */
export const inPeriod = (period: Period) =>
  period === "all" ? "за всё время" : `за ${periodLabels[period].toLowerCase()}`;

/** '+3 новых за 30 дней', 'новых за 30 дней нет': how many of a thing the period added. */
export function newCountNote(n: number, period: Period, forms: readonly [string, string, string]): string {
  if (n === 0) return `${forms[2]} ${inPeriod(period)} нет`;
  return `+${countOf(n, forms)} ${inPeriod(period)}`;
}

/** 'новый' agrees with объект and сотрудник, 'новая' with задача. */
export const newForms = ["новый", "новых", "новых"] as const;
export const newTaskForms = ["новая", "новых", "новых"] as const;

/**
 * The revenue against the period before, as people read it: '+25%' or '−10%' when the previous period
 * had revenue; 'новое' when it had none and this one has some (no division by nothing); null when there is
 * nothing to compare (no previous period, or both empty).
 */
export function revenueChange(current: number, previous: number | null): string | null {
  if (previous === null) return null;
  if (previous === 0) return current > 0 ? "новое" : null;
  const pct = Math.round(((current - previous) / previous) * 100);
  if (pct === 0) return "0%";
  return pct > 0 ? `+${pct}%` : `−${Math.abs(pct)}%`;
}

/** The note under the revenue card. */
export function revenueNote(current: number, previous: number | null, period: Period): string | undefined {
  const change = revenueChange(current, previous);
  if (change === null) return period === "all" ? "за всё время" : undefined;
  if (change === "новое") return "новое: в прошлом периоде 0 ₽";
  return `${change} к предыдущему периоду`;
}
