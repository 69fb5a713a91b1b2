// The demo's objects in every status (real settlements of the Moscow region) and their tasks.
import type { Executor } from "../client.ts";
import { objects, tasks } from "../schema/mod.ts";
import type { objectStatuses, taskPriorities, taskStatuses, workTypes } from "../../domain/enums.ts";
import { adoptedState } from "../../domain/job_status.ts";
import { directionFromCenter, distanceFromMKAD } from "../../domain/geo.ts";

type Status = typeof objectStatuses[number];
type WorkType = typeof workTypes[number];

interface DemoObject {
  address: string;
  settlement: string;
  district: string;
  lat: number;
  lon: number;
  client: [string, string];
  workType: WorkType;
  status: Status;
  cost: number;
  description: string;
}

// Real settlements of the Moscow region with their districts and coordinates.
export const demoObjects: DemoObject[] = [
  {
    address: "Московская обл., г. Истра, ул. Ленина, д. 12",
    settlement: "Истра",
    district: "Истринский",
    lat: 55.9146,
    lon: 36.8597,
    client: ["Андрей Петров", "+7 916 123-45-67"],
    workType: "autonomous_sewage",
    status: "new",
    cost: 285_000,
    description: "Дом 180 м², 5 человек, участок 15 соток",
  },
  {
    address: "Московская обл., Одинцовский г.о., д. Жуковка, 45",
    settlement: "Жуковка",
    district: "Одинцовский",
    lat: 55.7339,
    lon: 37.2417,
    client: ["Елена Сидорова", "+7 903 765-43-21"],
    workType: "septic",
    status: "in_progress",
    cost: 320_000,
    description: "Замена старого септика на станцию",
  },
  {
    address: "Московская обл., г. Дмитров, ул. Загорская, д. 7",
    settlement: "Дмитров",
    district: "Дмитровский",
    lat: 56.3440,
    lon: 37.5204,
    client: ["Игорь Николаев", "+7 925 111-22-33"],
    workType: "autonomous_sewage",
    status: "measurement_done",
    cost: 240_000,
    description: "Высокие грунтовые воды",
  },
  {
    address: "Московская обл., г. Сергиев Посад, ул. Вознесенская, д. 20",
    settlement: "Сергиев Посад",
    district: "Сергиево-Посадский",
    lat: 56.3000,
    lon: 38.1333,
    client: ["Татьяна Ковалёва", "+7 926 444-55-66"],
    workType: "well_drilling",
    status: "estimation_done",
    cost: 410_000,
    description: "Скважина на известняк, 60 м",
  },
  {
    address: "Московская обл., г. Раменское, ул. Михалевича, д. 14",
    settlement: "Раменское",
    district: "Раменский",
    lat: 55.5672,
    lon: 38.2302,
    client: ["Олег Васильев", "+7 915 777-88-99"],
    workType: "autonomous_sewage",
    status: "work_in_progress",
    cost: 298_000,
    description: "Станция Топас 5 с принудительным выводом",
  },
  {
    address: "Московская обл., г. Чехов, ул. Чехова, д. 3",
    settlement: "Чехов",
    district: "Чеховский",
    lat: 55.1434,
    lon: 37.4557,
    client: ["Наталья Григорьева", "+7 917 222-33-44"],
    workType: "drainage",
    status: "work_in_progress",
    cost: 175_000,
    description: "Дренаж участка и ливнёвка",
  },
  {
    address: "Московская обл., г. Солнечногорск, ул. Красная, д. 30",
    settlement: "Солнечногорск",
    district: "Солнечногорский",
    lat: 56.1833,
    lon: 36.9833,
    client: ["Виталий Фёдоров", "+7 929 555-66-77"],
    workType: "water_supply",
    status: "completed",
    cost: 195_000,
    description: "Водопровод от скважины к дому",
  },
  {
    address: "Московская обл., г. Наро-Фоминск, ул. Калинина, д. 9",
    settlement: "Наро-Фоминск",
    district: "Наро-Фоминский",
    lat: 55.3864,
    lon: 36.7228,
    client: ["Светлана Романова", "+7 903 888-99-00"],
    workType: "septic",
    status: "cancelled",
    cost: 150_000,
    description: "Клиент отказался",
  },
  {
    address: "Московская обл., г. Клин, ул. Гагарина, д. 5",
    settlement: "Клин",
    district: "Клинский",
    lat: 56.3333,
    lon: 36.7333,
    client: ["Максим Киселёв", "+7 916 321-65-49"],
    workType: "autonomous_sewage",
    status: "approved",
    cost: 265_000,
    description: "Евролос БИО 5, глинистый грунт",
  },
  {
    address: "Московская обл., г. Коломна, ул. Октябрьской Революции, д. 200",
    settlement: "Коломна",
    district: "Коломенский",
    lat: 55.0794,
    lon: 38.7783,
    client: ["Юлия Белова", "+7 985 123-00-11"],
    workType: "well_equipment",
    status: "in_progress",
    cost: 120_000,
    description: "Кессон и автоматика скважины",
  },
];

const otherObjects: DemoObject[] = [
  {
    address: "Московская обл., г. Подольск, ул. Кирова, д. 40",
    settlement: "Подольск",
    district: "Подольский",
    lat: 55.4242,
    lon: 37.5547,
    client: ["Роман Зайцев", "+7 916 000-11-22"],
    workType: "septic",
    status: "new",
    cost: 210_000,
    description: "Объект другой компании",
  },
  {
    address: "Московская обл., г. Щёлково, ул. Талсинская, д. 8",
    settlement: "Щёлково",
    district: "Щёлковский",
    lat: 55.9214,
    lon: 37.9956,
    client: ["Анна Комарова", "+7 926 000-33-44"],
    workType: "drainage",
    status: "approved",
    cost: 160_000,
    description: "Объект другой компании",
  },
];

type TaskSeed = [
  number,
  string,
  string,
  typeof taskStatuses[number],
  typeof taskPriorities[number],
  number,
  string,
];
// [object index, title, description, status, priority, due in days, assignee]
export const taskSeeds: TaskSeed[] = [
  [
    0,
    "Замер участка под септик",
    "Определить место установки и глубину выхода трубы",
    "assigned",
    "high",
    3,
    "surveyor@demo.local",
  ],
  [
    1,
    "Замер для замены септика",
    "Осмотреть старый септик, оценить демонтаж",
    "in_progress",
    "urgent",
    1,
    "surveyor@demo.local",
  ],
  [
    2,
    "Повторный замер уровня грунтовых вод",
    "Замерить УГВ после дождей",
    "overdue",
    "high",
    -4,
    "surveyor@demo.local",
  ],
  [
    9,
    "Замер скважины под кессон",
    "Проверить оголовок и глубину промерзания",
    "assigned",
    "medium",
    -2,
    "surveyor@demo.local",
  ],
  [
    3,
    "Замер под скважину",
    "Согласовать место бурения с клиентом",
    "completed",
    "medium",
    -10,
    "surveyor@demo.local",
  ],
  [
    4,
    "Подготовить смету на станцию",
    "Принудительный вывод, 25 м трассы",
    "completed",
    "low",
    -15,
    "surveyor2@demo.local",
  ],
  [
    5,
    "Монтаж дренажа",
    "Бригада выходит в понедельник",
    "in_progress",
    "medium",
    5,
    "foreman@demo.local",
  ],
  [6, "Сдача водопровода клиенту", "Подписать акт", "completed", "low", -20, "foreman@demo.local"],
  [7, "Выезд на объект", "Клиент отменил заказ", "cancelled", "low", -8, "surveyor2@demo.local"],
  [
    8,
    "Замер под Евролос БИО 5",
    "Глинистый грунт, нужен дренажный колодец",
    "pending",
    "medium",
    2,
    "surveyor2@demo.local",
  ],
];

/** The objects of both companies; answers the demo company's object ids in the order of demoObjects. */
export async function seedObjects(
  tx: Executor,
  p: { demoId: number; otherId: number; ids: Record<string, number>; at: (days: number) => Date },
) {
  const { at } = p;
  const insertObjects = async (list: DemoObject[], companyId: number, createdBy: number) => {
    const out: number[] = [];
    for (const [i, o] of list.entries()) {
      const [row] = await tx.insert(objects).values({
        companyId,
        address: o.address,
        settlement: o.settlement,
        region: "Московская область",
        city: o.settlement,
        district: o.district,
        direction: directionFromCenter(o.lat, o.lon),
        distanceFromMKAD: distanceFromMKAD(o.lat, o.lon),
        latitude: o.lat,
        longitude: o.lon,
        coordinates: `${o.lat}, ${o.lon}`,
        clientName: o.client[0],
        clientPhone: o.client[1],
        workType: o.workType,
        ...adoptedState(o.status, o.status === "completed" ? at(-20) : at(-30)),
        estimatedCost: o.cost * 100,
        actualCost: o.status === "completed" ? Math.round(o.cost * 1.04) * 100 : null,
        // Handed over when its last task was: the revenue of a period is dated by the completion.
        ...(o.status === "completed" ? { updatedAt: at(-20) } : {}),
        description: o.description,
        createdBy,
        createdAt: at(-60 + i * 5),
      }).returning({ id: objects.id });
      out.push(row.id);
    }
    return out;
  };
  const objectIds = await insertObjects(demoObjects, p.demoId, p.ids["engineer@demo.local"]);
  await insertObjects(otherObjects, p.otherId, p.ids["admin@other.local"]);
  return objectIds;
}

/** The demo company's tasks of taskSeeds; answers their ids in that order. */
export async function seedTasks(
  tx: Executor,
  p: { demoId: number; ids: Record<string, number>; objectIds: number[]; at: (days: number) => Date },
) {
  const { at, ids, objectIds } = p;
  const taskIds: number[] = [];
  for (
    const [i, [objectIndex, title, description, status, priority, due, assignee]] of taskSeeds.entries()
  ) {
    const [row] = await tx.insert(tasks).values({
      companyId: p.demoId,
      objectId: objectIds[objectIndex],
      assignedTo: ids[assignee],
      assignedBy: ids["engineer@demo.local"],
      title,
      description,
      // 'overdue' is what the server derives from the due date; the stored status stays a working one.
      status: status === "overdue" ? "assigned" : status,
      priority,
      dueDate: at(due),
      completedAt: status === "completed" ? at(due) : null,
      createdAt: at(-30 + i),
    }).returning({ id: tasks.id });
    taskIds.push(row.id);
  }

  return taskIds;
}
