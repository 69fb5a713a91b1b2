// The demo's bell and activity feed: a few notifications and activities of the objects under way.
import type { Executor } from "../client.ts";
import { activities, notifications } from "../schema/mod.ts";

/** The notifications and the activity of the demo company. */
export async function seedFeed(tx: Executor, p: {
  demoId: number;
  ids: Record<string, number>;
  objectIds: number[];
  taskIds: number[];
  at: (days: number) => Date;
}) {
  const { ids, objectIds, taskIds, at } = p;
  await tx.insert(notifications).values([
    {
      companyId: p.demoId,
      userId: ids["surveyor@demo.local"],
      type: "task_assigned",
      title: "Новая задача на замер",
      message: "Замер участка под септик — г. Истра, ул. Ленина, д. 12",
      relatedTaskId: taskIds[0],
      relatedObjectId: objectIds[0],
      createdAt: at(-1),
    },
    {
      companyId: p.demoId,
      userId: ids["surveyor@demo.local"],
      type: "task_overdue",
      title: "Задача просрочена",
      message: "Повторный замер уровня грунтовых вод — срок истёк",
      relatedTaskId: taskIds[2],
      relatedObjectId: objectIds[2],
      createdAt: at(-0.2),
    },
    {
      companyId: p.demoId,
      userId: ids["engineer@demo.local"],
      type: "task_completed",
      title: "Задача выполнена",
      message: "Замер под скважину — г. Сергиев Посад",
      relatedTaskId: taskIds[4],
      relatedObjectId: objectIds[3],
      createdAt: at(-3),
      isRead: true,
    },
    {
      companyId: p.demoId,
      userId: ids["engineer@demo.local"],
      type: "estimate_created",
      title: "Создана смета",
      message: "СМ-2026-004 — г. Дмитров, ул. Загорская, д. 7",
      relatedObjectId: objectIds[2],
      createdAt: at(-0.1),
    },
    {
      companyId: p.demoId,
      userId: ids["foreman@demo.local"],
      type: "other",
      title: "Проект утверждён",
      message: "Раменское, ул. Михалевича — можно начинать работы",
      relatedObjectId: objectIds[4],
      createdAt: at(-2),
    },
  ]);

  await tx.insert(activities).values([
    {
      companyId: p.demoId,
      userId: ids["engineer@demo.local"],
      type: "task",
      title: "Назначен замер: Замер участка под септик",
      status: "assigned",
      objectId: objectIds[0],
      taskId: taskIds[0],
      createdAt: at(-1),
    },
    {
      companyId: p.demoId,
      userId: ids["surveyor@demo.local"],
      type: "task",
      title: "Выполнена задача: Замер под скважину",
      status: "completed",
      objectId: objectIds[3],
      taskId: taskIds[4],
      createdAt: at(-3),
    },
    {
      companyId: p.demoId,
      userId: ids["engineer@demo.local"],
      type: "other",
      title: "Создан объект: г. Коломна, ул. Октябрьской Революции, д. 200",
      status: "new",
      objectId: objectIds[9],
      createdAt: at(-5),
    },
    {
      companyId: p.demoId,
      userId: ids["foreman@demo.local"],
      type: "other",
      title: "Работы начаты: г. Раменское, ул. Михалевича, д. 14",
      status: "work_in_progress",
      objectId: objectIds[4],
      createdAt: at(-1.5),
    },
    {
      companyId: p.demoId,
      userId: ids["foreman@demo.local"],
      type: "other",
      title: "Работы начаты: г. Чехов, ул. Чехова, д. 3",
      status: "work_in_progress",
      objectId: objectIds[5],
      createdAt: at(-6),
    },
  ]);
}
