// The demo data of DESIGN.md: two companies, an account for every role, objects and tasks in every
// status, a few estimates and notifications. Marked is_demo so the owner's clean-up removes it.
import { registerNumber } from "../document_numbers.ts";
import { adoptedState } from "../../domain/job_status.ts";
import { count } from "drizzle-orm";
import type { Db } from "../client.ts";
import {
  activities,
  companies,
  contracts,
  contractSignatures,
  documents,
  estimateItems,
  estimates,
  localAccounts,
  measurementRecords,
  notifications,
  objects,
  payments,
  productCategories,
  products,
  shopSettings,
  tasks,
  users,
} from "../schema/mod.ts";
import type { objectStatuses, Role, taskPriorities, taskStatuses, workTypes } from "../../domain/enums.ts";
import { hashPassword } from "../password.ts";
import { directionFromCenter, distanceFromMKAD } from "../../domain/geo.ts";
import { brandLabel, catalogue, generateEstimate } from "../../estimating/mod.ts";
import { demoPdf, demoPng } from "./demo_files.ts";
import { seedService } from "./service.ts";
import { seedServiceVisits } from "./service_visits.ts";
import { vatColumns } from "../estimates.ts";
import { encodeBase64, encodeHexLowerCase } from "@oslojs/encoding";
import { sha256 } from "@oslojs/crypto/sha2";
import {
  type ContractEstimate,
  contractValues,
  defaultTemplate,
  paymentPurpose,
  prepaymentAmount,
  renderTemplate,
} from "../../domain/contract_text.ts";
import { type CompanyRequisites, gostPaymentString } from "../../domain/payment_qr.ts";

export interface DemoAccount {
  email: string;
  role: Role;
  company: string | null;
  /** First and last name, one space between. */
  name: string;
  /** The owner of the demo install (the main administrator of /admin/users). */
  isOwner?: boolean;
}

export const demoAccounts: DemoAccount[] = [
  {
    email: "admin@demo.local",
    role: "system_admin",
    company: "demo",
    name: "Алексей Смирнов",
    isOwner: true,
  },
  { email: "director@demo.local", role: "company_admin", company: "demo", name: "Ирина Волкова" },
  { email: "engineer@demo.local", role: "chief_engineer", company: "demo", name: "Павел Кузнецов" },
  { email: "manager@demo.local", role: "manager", company: "demo", name: "Ольга Морозова" },
  { email: "surveyor@demo.local", role: "measurement_engineer", company: "demo", name: "Дмитрий Орлов" },
  {
    email: "surveyor2@demo.local",
    role: "measurement_engineer",
    company: "demo",
    name: "Сергей Лебедев",
  },
  { email: "foreman@demo.local", role: "foreman", company: "demo", name: "Николай Соколов" },
  { email: "client@demo.local", role: "user", company: null, name: "Мария Иванова" },
  { email: "admin@other.local", role: "company_admin", company: "other", name: "Виктор Павлов" },
];

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
const demoObjects: DemoObject[] = [
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

const DAY = 86_400_000;

/** True when the database has no users yet. */
export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return row.n === 0;
}

/** Where the demo's files go: the write of the app's file storage (server/storage.ts). */
export interface DemoFiles {
  write(key: string, body: ReadableStream<Uint8Array>, options: { maxBytes: number }): Promise<number>;
}

/**
 * Fills an empty database with the demo data; dates are relative to `now`. With `files`, the objects
 * under way get documents and the measurements photos, stored there (without it, only the rows that need
 * no file).
 */
export async function seedDemo(
  db: Db,
  options: { password: string; now: Date; files?: DemoFiles },
): Promise<void> {
  const { now } = options;
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  const passwordHash = await hashPassword(options.password);

  await db.transaction(async (tx) => {
    const [demo] = await tx.insert(companies).values({
      name: "ООО «Демо Септик»",
      inn: "7723456782",
      kpp: "772301001",
      ogrn: "1157746123457",
      legalAddress: "109029, г. Москва, ул. Нижегородская, д. 32, стр. 4",
      actualAddress: "109029, г. Москва, ул. Нижегородская, д. 32, стр. 4",
      phone: "+7 495 123-45-67",
      email: "info@demo-septic.ru",
      directorName: "Волкова Ирина Сергеевна",
      bankName: "ПАО Сбербанк",
      bankBik: "044525225",
      bankAccount: "40702810938000012345",
      bankCorAccount: "30101810400000000225",
      subscriptionTier: "standard",
      companyType: "construction_full",
      subscriptionExpiresAt: at(220),
      isDemo: true,
      createdAt: at(-400),
    }).returning();
    const [other] = await tx.insert(companies).values({
      name: "ООО «Другая Компания»",
      inn: "5003123458",
      subscriptionTier: "start",
      companyType: "construction_installation",
      subscriptionExpiresAt: at(90),
      isDemo: true,
      createdAt: at(-200),
    }).returning();

    const ids: Record<string, number> = {};
    for (const [i, account] of demoAccounts.entries()) {
      const [firstName, lastName] = account.name.split(" ");
      const companyId = account.company === "demo" ? demo.id : account.company === "other" ? other.id : null;
      const [user] = await tx.insert(users).values({
        email: account.email,
        firstName,
        lastName,
        role: account.role,
        companyId,
        isDemo: true,
        isOwner: account.isOwner ?? false,
        createdAt: at(-300 + i * 10),
      }).returning({ id: users.id });
      await tx.insert(localAccounts).values({ userId: user.id, email: account.email, passwordHash });
      ids[account.email] = user.id;
    }

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
    const objectIds = await insertObjects(demoObjects, demo.id, ids["engineer@demo.local"]);
    await insertObjects(otherObjects, other.id, ids["admin@other.local"]);

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
    const taskSeeds: TaskSeed[] = [
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
    const taskIds: number[] = [];
    for (
      const [i, [objectIndex, title, description, status, priority, due, assignee]] of taskSeeds.entries()
    ) {
      const [row] = await tx.insert(tasks).values({
        companyId: demo.id,
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

    // Estimates generated by the engine from real measurement documents, as a surveyor would.
    // [object index, number, status, measurements, the measuring task's index]: every status of an estimate,
    // each behind a measurement the surveyor recorded.
    const estimateSeeds: Array<
      [number, string, typeof estimates.$inferInsert.status, Record<string, unknown>, number]
    > = [
      [3, "СМ-2026-001", "sent", {
        septic_model: "topas-5",
        residents_count: 4,
        soil_type: "loam",
        installation_depth: 2.3,
        inlet_pipe_length: 6,
        outlet_pipe_length: 5,
      }, 4],
      [4, "СМ-2026-002", "approved", {
        septic_model: "topas-5-pr",
        residents_count: 5,
        installation_depth: 2.5,
        inlet_pipe_length: 8,
        outlet_pipe_length: 25,
        need_pumping: true,
        pump_type: "kp150",
      }, 5],
      [8, "СМ-2026-003", "approved", {
        septic_model: "eurolos-bio-5",
        residents_count: 5,
        installation_depth: 2,
        inlet_pipe_length: 5,
        outlet_pipe_length: 10,
        soil_type: "clay",
        need_drainage: true,
        drainage_length: 10,
      }, 9],
      [2, "СМ-2026-004", "draft", {
        septic_model: "topas-8",
        residents_count: 7,
        installation_depth: 2.8,
        inlet_pipe_length: 7,
        outlet_pipe_length: 6,
        groundwater_level: 1,
        need_insulation: true,
        insulation_length: 8,
      }, 2],
      [7, "СМ-2026-005", "rejected", {
        septic_model: "topas-5",
        residents_count: 3,
        soil_type: "sand",
        installation_depth: 2.4,
        inlet_pipe_length: 4,
        outlet_pipe_length: 5,
      }, 8],
    ];
    // Two photos of every measurement, then the documents of the objects under way and done.
    const photoFiles = estimateSeeds.flatMap(([objectIndex, , , , taskIndex], i) =>
      ["Участок", "Место выпуска"].map((title): DemoFile => ({
        objectId: objectIds[objectIndex],
        taskId: taskIds[taskIndex],
        title,
        kind: "photo",
        documentType: "photo",
        at: at(-13 + i * 3),
      }))
    );
    const objectFile = (index: number, title: string, kind: DemoFile["kind"], type: string, day: number) => ({
      objectId: objectIds[index],
      taskId: null,
      title,
      kind,
      documentType: type,
      at: at(day),
    });
    const fileIds = await storeDemoFiles(tx, options.files, {
      companyId: demo.id,
      uploadedBy: ids["surveyor@demo.local"],
    }, [
      ...photoFiles,
      objectFile(1, "Акт осмотра старого септика", "pdf", "act", -20),
      objectFile(4, "Договор СМ-2026-002", "pdf", "contract", -8),
      objectFile(4, "Схема участка", "pdf", "project", -8),
      objectFile(4, "Котлован", "photo", "photo", -2),
      objectFile(5, "Проект дренажа", "pdf", "project", -7),
      objectFile(5, "Траншея", "photo", "photo", -1),
      objectFile(6, "Акт сдачи водопровода", "pdf", "act", -20),
    ]);
    const records: (typeof measurementRecords.$inferInsert)[] = [];
    for (const [i, [objectIndex, number, status, measurements, taskIndex]] of estimateSeeds.entries()) {
      const object = demoObjects[objectIndex];
      const estimate = generateEstimate({
        objectId: objectIds[objectIndex],
        workType: "autonomous_sewage",
        object: {
          address: object.address,
          distanceFromMKAD: distanceFromMKAD(object.lat, object.lon),
          clientName: object.client[0],
          clientPhone: object.client[1],
        },
        measurements,
      }, { date: at(-12 + i * 3), estimateNumber: number });
      const surveyor = ids[taskSeeds[taskIndex][6]];
      records.push({
        companyId: demo.id,
        taskId: taskIds[taskIndex],
        objectId: objectIds[objectIndex],
        surveyorId: surveyor,
        measurements,
        photos: fileIds.slice(i * 2, i * 2 + 2),
        notes: object.description,
        createdAt: at(-13 + i * 3),
      });
      // The demo's numbers take their places in the company numbering, so new ones continue after them.
      await registerNumber(tx, demo.id, "estimate", number, at(-12 + i * 3));
      const [est] = await tx.insert(estimates).values({
        companyId: demo.id,
        objectId: objectIds[objectIndex],
        taskId: taskIds[taskIndex],
        createdBy: surveyor,
        estimateNumber: number,
        templateName: estimate.templateName,
        status,
        sections: estimate.sections,
        ...vatColumns(estimate.vat.mode),
        vatAmount: estimate.vat.amount,
        totalAmount: estimate.totalAmount,
        notes: estimate.notes,
        warnings: estimate.warnings,
        alerts: estimate.alerts,
        measurementDocument: { measurements },
        createdAt: at(-12 + i * 3),
      }).returning({ id: estimates.id });
      await tx.insert(estimateItems).values(
        estimate.items.map((it, position) => ({ ...it, position, estimateId: est.id })),
      );
      // The station job under way (Раменское, Топас 5 ПР): its contract, signed, with the prepayment received,
      // so the ledger, the engineer's «Объекты с задолженностью» and the final payment have a job to show.
      if (objectIndex === 4) {
        await seedPaidPrepayment(tx, {
          companyId: demo.id,
          company: demo,
          objectId: objectIds[objectIndex],
          estimateId: est.id,
          estimate: {
            ...estimate,
            estimateNumber: number,
            vatMode: estimate.vat.mode,
            vatAmount: estimate.vat.amount,
          },
          client: object.client,
          address: object.address,
          signedAt: at(-9),
          receivedAt: at(-8),
          by: ids["manager@demo.local"],
        });
      }
    }

    await tx.insert(measurementRecords).values(records);

    await seedShopCatalogue(tx, demo.id);
    await seedService(tx, { companyId: demo.id, company: demo, now, by: ids["manager@demo.local"] });
    await seedServiceVisits(tx, {
      companyId: demo.id,
      now,
      surveyorId: ids["surveyor2@demo.local"],
      managerId: ids["manager@demo.local"],
    });
    await tx.insert(shopSettings).values({
      companyId: demo.id,
      storeName: "Демо Септик — магазин",
      storeDescription: "Станции биологической очистки с доставкой и монтажом по Московской области",
      contactEmail: "shop@demo-septic.ru",
      contactPhone: "+7 495 123-45-67",
      supportPhone: "+7 800 555-35-35",
      freeShippingThreshold: 30_000_000,
    });

    await tx.insert(notifications).values([
      {
        companyId: demo.id,
        userId: ids["surveyor@demo.local"],
        type: "task_assigned",
        title: "Новая задача на замер",
        message: "Замер участка под септик — г. Истра, ул. Ленина, д. 12",
        relatedTaskId: taskIds[0],
        relatedObjectId: objectIds[0],
        createdAt: at(-1),
      },
      {
        companyId: demo.id,
        userId: ids["surveyor@demo.local"],
        type: "task_overdue",
        title: "Задача просрочена",
        message: "Повторный замер уровня грунтовых вод — срок истёк",
        relatedTaskId: taskIds[2],
        relatedObjectId: objectIds[2],
        createdAt: at(-0.2),
      },
      {
        companyId: demo.id,
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
        companyId: demo.id,
        userId: ids["engineer@demo.local"],
        type: "estimate_created",
        title: "Создана смета",
        message: "СМ-2026-004 — г. Дмитров, ул. Загорская, д. 7",
        relatedObjectId: objectIds[2],
        createdAt: at(-0.1),
      },
      {
        companyId: demo.id,
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
        companyId: demo.id,
        userId: ids["engineer@demo.local"],
        type: "task",
        title: "Назначен замер: Замер участка под септик",
        status: "assigned",
        objectId: objectIds[0],
        taskId: taskIds[0],
        createdAt: at(-1),
      },
      {
        companyId: demo.id,
        userId: ids["surveyor@demo.local"],
        type: "task",
        title: "Выполнена задача: Замер под скважину",
        status: "completed",
        objectId: objectIds[3],
        taskId: taskIds[4],
        createdAt: at(-3),
      },
      {
        companyId: demo.id,
        userId: ids["engineer@demo.local"],
        type: "other",
        title: "Создан объект: г. Коломна, ул. Октябрьской Революции, д. 200",
        status: "new",
        objectId: objectIds[9],
        createdAt: at(-5),
      },
      {
        companyId: demo.id,
        userId: ids["foreman@demo.local"],
        type: "other",
        title: "Работы начаты: г. Раменское, ул. Михалевича, д. 14",
        status: "work_in_progress",
        objectId: objectIds[4],
        createdAt: at(-1.5),
      },
      {
        companyId: demo.id,
        userId: ids["foreman@demo.local"],
        type: "other",
        title: "Работы начаты: г. Чехов, ул. Чехова, д. 3",
        status: "work_in_progress",
        objectId: objectIds[5],
        createdAt: at(-6),
      },
    ]);
  });
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** A contract made from the estimate, signed by the client, and its 30 % prepayment received. */
async function seedPaidPrepayment(tx: Tx, j: {
  companyId: number;
  company: CompanyRequisites;
  objectId: number;
  estimateId: number;
  estimate: ContractEstimate;
  client: [string, string];
  address: string;
  signedAt: Date;
  receivedAt: Date;
  by: number;
}) {
  const data = {
    CLIENT_NAME: j.client[0],
    CLIENT_PHONE: j.client[1],
    CLIENT_PASSPORT: "4612 345678, выдан ГУ МВД России по Московской обл. 14.06.2017",
    CLIENT_ADDRESS: j.address,
    CONTRACT_NUMBER: "Д-2026-002",
    PREPAYMENT_PERCENT: 30 as const,
    OBJECT_ADDRESS: j.address,
    CITY: "Москва",
  };
  const made = new Date(j.signedAt.getTime() - DAY);
  const text = renderTemplate(
    defaultTemplate,
    contractValues({
      workType: "autonomous_sewage",
      data,
      company: j.company,
      estimate: j.estimate,
      date: made,
    }),
  );
  const textSha256 = encodeHexLowerCase(sha256(new TextEncoder().encode(text)));
  const prepayment = prepaymentAmount(j.estimate.totalAmount, 30);
  const [contract] = await tx.insert(contracts).values({
    companyId: j.companyId,
    objectId: j.objectId,
    estimateId: j.estimateId,
    estimateVersion: 1,
    createdBy: j.by,
    contractNumber: data.CONTRACT_NUMBER,
    templateId: "autonomous_sewage_contract",
    contractData: Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)])),
    contractText: text,
    textSha256,
    prepaymentPercent: 30,
    totalAmount: j.estimate.totalAmount,
    prepaymentAmount: prepayment,
    createdAt: made,
  }).returning({ id: contracts.id });
  await registerNumber(tx, j.companyId, "contract", data.CONTRACT_NUMBER, made);
  await tx.insert(contractSignatures).values({
    contractId: contract.id,
    companyId: j.companyId,
    signerName: data.CLIENT_NAME,
    signatureImage: `data:image/png;base64,${encodeBase64(await demoPng(90))}`,
    textSha256,
    signedAt: j.signedAt,
  });
  const purpose = paymentPurpose(data.CONTRACT_NUMBER, made);
  await tx.insert(payments).values({
    companyId: j.companyId,
    objectId: j.objectId,
    contractId: contract.id,
    kind: "prepayment",
    amount: prepayment,
    description: purpose,
    paymentLink: "",
    qrPayload: gostPaymentString(j.company, { sum: prepayment, purpose }),
    status: "paid",
    createdAt: made,
    receivedAmount: prepayment,
    receivedAt: j.receivedAt,
    receivedBy: j.by,
  });
}

/** One demo document: a PDF or a photo of an object (and of its measuring task, for a photo of a measurement). */
interface DemoFile {
  objectId: number;
  taskId: number | null;
  title: string;
  kind: "pdf" | "photo";
  documentType: string;
  at: Date;
}

/**
 * Writes the demo's files through the storage, all at once, and records them as documents in one
 * statement; the ids in the order of `list` (none without a storage).
 */
async function storeDemoFiles(
  tx: Tx,
  files: DemoFiles | undefined,
  owner: { companyId: number; uploadedBy: number },
  list: DemoFile[],
): Promise<number[]> {
  if (!files) return [];
  const rows = await Promise.all(list.map(async (f, i) => {
    const bytes = f.kind === "pdf" ? demoPdf(transliterate(f.title)) : await demoPng([120, 150, 180][i % 3]);
    // Named like an upload's key (documents/<company>/<name>); the clean-up deletes it with the company.
    const storageKey = `documents/${owner.companyId}/demo-${i + 1}-${f.kind}`;
    const fileSize = await files.write(storageKey, new Blob([bytes]).stream(), { maxBytes: bytes.length });
    return {
      ...owner,
      objectId: f.objectId,
      taskId: f.taskId,
      fileName: `${f.title}.${f.kind === "pdf" ? "pdf" : "png"}`,
      storageKey,
      fileSize,
      fileType: f.kind === "pdf" ? "application/pdf" : "image/png",
      documentType: f.documentType,
      uploadedAt: f.at,
    };
  }));
  const inserted = await tx.insert(documents).values(rows)
    .returning({ id: documents.id, storageKey: documents.storageKey });
  const idOf = new Map(inserted.map((r) => [r.storageKey, r.id]));
  return rows.map((r) => idOf.get(r.storageKey)!);
}

const latin: Record<string, string> = Object.fromEntries(
  [..."абвгдеёжзийклмнопрстуфхцчшщъыьэюя"].map((c, i) => [
    c,
    [
      "a",
      "b",
      "v",
      "g",
      "d",
      "e",
      "e",
      "zh",
      "z",
      "i",
      "y",
      "k",
      "l",
      "m",
      "n",
      "o",
      "p",
      "r",
      "s",
      "t",
      "u",
      "f",
      "kh",
      "ts",
      "ch",
      "sh",
      "shch",
      "",
      "y",
      "",
      "e",
      "yu",
      "ya",
    ][i],
  ]),
);

/** The PDF's built-in font has no Cyrillic: its line is the title in Latin letters. */
function transliterate(text: string): string {
  return [...text].map((c) => {
    const l = latin[c.toLowerCase()];
    if (l === undefined) return c;
    return c === c.toLowerCase() ? l : l.charAt(0).toUpperCase() + l.slice(1);
  }).join("");
}

/** The shop's catalogue: every treatment unit of the estimating catalogue, plus accessories and services. */
async function seedShopCatalogue(tx: Tx, companyId: number) {
  const categories = await tx.insert(productCategories).values([
    {
      name: "Станции биологической очистки",
      slug: "stations",
      description: "Автономная канализация для частного дома",
      sortOrder: 1,
      isDemo: true,
    },
    {
      name: "Аксессуары",
      slug: "accessories",
      description: "Насосы, утеплитель, трубы и комплектующие",
      sortOrder: 2,
      isDemo: true,
    },
    {
      name: "Монтаж",
      slug: "installation",
      description: "Установка станции под ключ",
      sortOrder: 3,
      isDemo: true,
    },
    {
      name: "Обслуживание",
      slug: "maintenance",
      description: "Сервис и откачка ила",
      sortOrder: 4,
      isDemo: true,
    },
  ]).returning({ id: productCategories.id, slug: productCategories.slug });
  const category = Object.fromEntries(categories.map((c) => [c.slug, c.id]));
  await tx.insert(products).values(catalogue.map((m, i) => ({
    companyId,
    categoryId: category.stations,
    name: m.model,
    shortDescription: `${brandLabel(m.brand)}, до ${m.users} чел., ${m.capacity} л/сут`,
    sku: m.id.toUpperCase(),
    price: m.retailPrice * 100,
    category: "bio_long" as const,
    specifications: {
      "Производительность": `${m.capacity} л/сут`,
      "Залповый сброс": `${m.peakDischarge} л`,
      "Глубина подводящей трубы": `до ${m.maxDepthConnection} мм`,
      "Энергопотребление": m.energyConsumption,
      "Вес": `${m.weight} кг`,
    },
    capacity: m.capacity,
    dimensions: `${m.dimensions.length}×${m.dimensions.width}×${m.dimensions.height} мм`,
    catalogueModelId: m.id,
    isFeatured: ["topas-5", "eurolos-bio-5", "sparta-eco-800"].includes(m.id),
    stockQuantity: 3 + (i % 7),
    sortOrder: i,
    isDemo: true,
  })));
  await tx.insert(products).values([
    {
      companyId,
      categoryId: category.accessories,
      name: "Дренажный насос Unilift KP150",
      sku: "UNILIFT-KP150",
      price: 1_890_000,
      category: "accessories",
      stockQuantity: 12,
      isDemo: true,
    },
    {
      companyId,
      categoryId: category.accessories,
      name: "Дренажный насос Unilift KP250",
      sku: "UNILIFT-KP250",
      price: 2_490_000,
      category: "accessories",
      stockQuantity: 8,
      isDemo: true,
    },
    {
      companyId,
      categoryId: category.installation,
      name: "Монтаж станции под ключ",
      sku: "SERVICE-INSTALL",
      price: 3_800_000,
      category: "installation",
      isDemo: true,
    },
    {
      companyId,
      categoryId: category.maintenance,
      name: "Сервисное обслуживание станции",
      sku: "SERVICE-MAINT",
      price: 650_000,
      category: "maintenance",
      isDemo: true,
    },
  ]);
}
