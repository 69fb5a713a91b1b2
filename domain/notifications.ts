import type { notificationTypes } from "./enums.ts";

export const notificationTypeLabels: Record<typeof notificationTypes[number], string> = {
  task_assigned: "Новая задача",
  task_completed: "Задача выполнена",
  task_overdue: "Задача просрочена",
  object_created: "Новый объект",
  measurement_updated: "Замеры обновлены",
  estimate_created: "Смета создана",
  estimate_updated: "Смета обновлена",
  other: "Уведомление",
};

/** Where a notification click leads: its estimate, else its task, else its object, else the full list. */
export function notificationHref(
  n: { relatedTaskId: number | null; relatedObjectId: number | null; relatedEstimateId?: number | null },
): string {
  if (n.relatedEstimateId) return `/estimates/${n.relatedEstimateId}`;
  if (n.relatedTaskId) return `/tasks?taskId=${n.relatedTaskId}`;
  if (n.relatedObjectId) return `/objects?objectId=${n.relatedObjectId}`;
  return "/notifications";
}
