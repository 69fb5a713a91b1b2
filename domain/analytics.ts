// The analytics tables as rows of text, shared by the page and its CSV downloads. Pure.
import { formatKopecks } from "./format.ts";
import { toCsv as rowsToCsv } from "../estimating/csv.ts";
import {
  labelOf,
  objectStatusLabels,
  taskPriorityLabels,
  taskStatusLabels,
  workTypeLabels,
} from "./labels.ts";
import type { Period } from "./periods.ts";
import { type Role, roleLabels } from "./roles.ts";

/**
 * A company's analytics of a period (the objects and shop spec's «Screens and routes»), as `db/analytics.ts`
 * computes them.
 */
export interface Analytics {
  period: Period;
  kpi: { activeObjects: number; completedObjects: number; activeTasks: number; overdueTasks: number };
  /** revenueKopecks is the shared figure (domain/figures.ts); the rest are of the objects created in the period. */
  finance: {
    revenueKopecks: number;
    contractedKopecks: number;
    owedKopecks: number;
    estimatedKopecks: number;
    averageKopecks: number;
    objectCount: number;
  };
  team: { role: Role; count: number }[];
  objectsByStatus: { status: string; count: number }[];
  workTypes: { workType: string; count: number; estimatedKopecks: number }[];
  tasksByStatus: { status: string; count: number }[];
  tasksByPriority: { priority: string; count: number }[];
  performance: {
    totalTasks: number;
    completedTasks: number;
    completionPercent: number;
    averageDays: number | null;
    people: {
      userId: number | null;
      name: string;
      role: string | null;
      total: number;
      completed: number;
      active: number;
      overdue: number;
    }[];
  };
  recommendations: { tone: "warning" | "danger" | "info" | "success"; title: string; text: string }[];
}

export const analyticsTabs = ["objects", "tasks", "workTypes", "performance"] as const;
export type AnalyticsTab = typeof analyticsTabs[number];
export const tabLabels: Record<AnalyticsTab, string> = {
  objects: "Объекты",
  tasks: "Задачи",
  workTypes: "Виды работ",
  performance: "Эффективность",
};

export const tableNames = ["objects", "tasks", "workTypes", "performance", "team"] as const;
export type TableName = typeof tableNames[number];

export interface Table {
  title: string;
  head: string[];
  rows: (string | number)[][];
}

const money = (k: number) => formatKopecks(k);

export function analyticsTable(a: Analytics, name: TableName): Table {
  switch (name) {
    case "objects":
      return {
        title: "Объекты по статусам",
        head: ["Статус", "Количество"],
        rows: a.objectsByStatus.map((r) => [labelOf(objectStatusLabels, r.status), r.count]),
      };
    case "tasks":
      return {
        title: "Задачи по статусам",
        head: ["Статус", "Количество"],
        rows: a.tasksByStatus.map((r) => [labelOf(taskStatusLabels, r.status), r.count]),
      };
    case "workTypes":
      return {
        title: "Виды работ",
        head: ["Вид работ", "Объектов", "Сумма оценок"],
        rows: a.workTypes.map((
          r,
        ) => [labelOf(workTypeLabels, r.workType), r.count, money(r.estimatedKopecks)]),
      };
    case "performance":
      return {
        title: "Эффективность исполнителей",
        head: ["Исполнитель", "Роль", "Всего", "Выполнено", "В работе", "Просрочено", "Выполнение"],
        rows: a.performance.people.map((p) => [
          p.name,
          p.role ? labelOf(roleLabels, p.role) : "—",
          p.total,
          p.completed,
          p.active,
          p.overdue,
          `${p.total ? Math.round((p.completed / p.total) * 100) : 0}%`,
        ]),
      };
    case "team":
      return {
        title: "Команда по ролям",
        head: ["Роль", "Сотрудников"],
        rows: a.team.map((t) => [labelOf(roleLabels, t.role), t.count]),
      };
  }
}

/** Priority rows for the tasks tab. */
export function priorityRows(a: Analytics) {
  return a.tasksByPriority.map((r) => ({
    label: labelOf(taskPriorityLabels, r.priority),
    value: r.count,
    key: r.priority,
  }));
}

/** A table as CSV for Excel in a Russian locale (estimating/csv.ts: formula-looking text neutralized). */
export function toCsv(table: Table): string {
  return rowsToCsv([table.head, ...table.rows]);
}
