// The service payloads with their Russian messages (zod/mini): installed equipment, a plan, a plan sold on an
// object, a service payment; and the service contract's text, generated like the works contract's.
import * as z from "zod/mini";
import { calendarDate, isRecordId, MAX_AMOUNT_KOPECKS } from "./bounds.ts";
import { amountInWords } from "./amount_words.ts";
import type { CompanyRequisites } from "./payment_qr.ts";
import { cleanRequisite } from "./requisites.ts";
import { contractDate, contractMoney } from "./contract_text.ts";
import { recurrenceProblem } from "./service_recurrence.ts";
import { equipmentKinds, servicePayModes, type ServicePrices, stationSizeBands } from "./service.ts";

const optionalText = (max: number) =>
  z.optional(z.nullable(z.pipe(
    z.string("Введите текст").check(z.trim(), z.maxLength(max, `Не более ${max} символов`)),
    z.transform((v: string) => v || null),
  )));

const measure = (message: string, max: number) =>
  z.optional(z.nullable(
    z.number(message).check(
      z.gte(0, message),
      z.lte(max, `Не больше ${max}`),
    ),
  ));

const money = (message: string) =>
  z.number(message).check(
    z.int("Сумма — целое число копеек"),
    z.gte(0, message),
    z.lte(MAX_AMOUNT_KOPECKS, "Сумма не больше 1 млрд ₽"),
  );

/** POST/PATCH installed equipment: a station, a well or a pump; a well's data from the end of drilling. */
export const equipmentSchema = z.object({
  kind: z.enum(equipmentKinds, "Выберите вид оборудования"),
  modelCode: optionalText(60),
  modelName: z.string("Укажите модель").check(
    z.trim(),
    z.minLength(1, "Укажите модель"),
    z.maxLength(200, "Не более 200 символов"),
  ),
  serialNumber: optionalText(100),
  installedOn: z.optional(z.nullable(calendarDate("Дата установки в формате ГГГГ-ММ-ДД"))),
  depthM: measure("Глубина — число метров от 0", 1500),
  casing: optionalText(200),
  staticLevelM: measure("Статический уровень — число метров от 0", 1500),
  dynamicLevelM: measure("Динамический уровень — число метров от 0", 1500),
  flowRateM3h: measure("Дебит — число м³/ч от 0", 1000),
  pump: optionalText(200),
  notes: optionalText(1000),
}).check(z.superRefine((v, ctx) => {
  if (v.staticLevelM != null && v.dynamicLevelM != null && v.dynamicLevelM < v.staticLevelM) {
    ctx.addIssue({
      code: "custom",
      message: "Динамический уровень не выше статического",
      path: ["dynamicLevelM"],
      input: v,
    });
  }
  if (v.depthM != null && v.dynamicLevelM != null && v.dynamicLevelM > v.depthM) {
    ctx.addIssue({
      code: "custom",
      message: "Динамический уровень не глубже скважины",
      path: ["dynamicLevelM"],
      input: v,
    });
  }
}));
export type EquipmentInput = z.infer<typeof equipmentSchema>;

const bandPrice = z.object({
  perVisit: money("Цена визита — сумма от 0"),
  perYear: money("Цена года — сумма от 0"),
});

/** POST/PATCH a service plan; its rule must give as many visits a year as the plan says. */
export const servicePlanSchema = z.object({
  name: z.string("Введите название плана").check(
    z.trim(),
    z.minLength(2, "Введите название плана"),
    z.maxLength(100, "Не более 100 символов"),
  ),
  visitsPerYear: z.number("Укажите число визитов в год").check(
    z.int("Число визитов — целое"),
    z.gte(1, "Хотя бы один визит в год"),
    z.lte(12, "Не больше 12 визитов в год"),
  ),
  rrule: z.string("Укажите правило повторения").check(z.trim(), z.maxLength(200, "Не более 200 символов")),
  operations: z.array(
    z.string("Операция — текст").check(
      z.trim(),
      z.minLength(1, "Пустая операция"),
      z.maxLength(200, "Не более 200 символов"),
    ),
    "Перечислите операции визита",
  ).check(z.maxLength(30, "Не более 30 операций")),
  priorityCallout: z._default(z.boolean("Приоритетный выезд: да или нет"), false),
  partsDiscountPercent: z._default(
    z.number("Скидка на запчасти — процент").check(
      z.int("Скидка — целый процент"),
      z.gte(0, "Скидка от 0 до 50 %"),
      z.lte(50, "Скидка от 0 до 50 %"),
    ),
    0,
  ),
  prices: z.object(
    { small: bandPrice, medium: bandPrice, large: bandPrice },
    "Укажите цены по размеру станции",
  ),
  archived: z._default(z.boolean(), false),
}).check(z.superRefine((v, ctx) => {
  const problem = recurrenceProblem(v.rrule, v.visitsPerYear);
  if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["rrule"], input: v });
}));
export type ServicePlanInput = z.infer<typeof servicePlanSchema>;

/** POST a plan sold on an object: the plan, the station it serves, the start, how the client pays. */
export const serviceAgreementSchema = z.object({
  planId: z.number("Выберите план").check(z.refine(isRecordId, "Выберите план")),
  equipmentId: z.number("Выберите оборудование").check(z.refine(isRecordId, "Выберите оборудование")),
  startsOn: calendarDate("Дата начала в формате ГГГГ-ММ-ДД"),
  payMode: z.enum(servicePayModes, "Выберите порядок оплаты: за год или за визит"),
  sizeBand: z.optional(z.enum(stationSizeBands, "Выберите размер станции")),
});
export type ServiceAgreementInput = z.infer<typeof serviceAgreementSchema>;

/** The payment of a service agreement received (the same body as the works' payments). */
export { paymentReceivedSchema as servicePaymentReceivedSchema } from "./contracts.ts";

/** The prices of a plan by band read from the price list's service rows: per visit and per year codes. */
export function planPrices(
  price: (code: string) => number | undefined,
  codes: { perVisit: [string, string, string]; perYear: [string, string, string] },
): ServicePrices | null {
  const at = (c: string) => price(c);
  const out = {} as ServicePrices;
  for (const [i, band] of stationSizeBands.entries()) {
    const perVisit = at(codes.perVisit[i]);
    const perYear = at(codes.perYear[i]);
    if (perVisit === undefined || perYear === undefined) return null;
    out[band] = { perVisit, perYear };
  }
  return out;
}

/** The plan's terms an agreement copies when it is made (a later change of the plan leaves it as it was). */
export function agreementTerms(
  plan: Pick<
    ServicePlanInput,
    "name" | "visitsPerYear" | "rrule" | "operations" | "priorityCallout" | "partsDiscountPercent"
  >,
) {
  return {
    planName: plan.name,
    visitsPerYear: plan.visitsPerYear,
    rrule: plan.rrule,
    operations: plan.operations,
    priorityCallout: plan.priorityCallout,
    partsDiscountPercent: plan.partsDiscountPercent,
  };
}

/** What the service contract prints. */
export interface ServiceContractFields {
  number: string;
  date: Date;
  company: CompanyRequisites;
  clientName: string;
  objectAddress: string;
  equipment: string;
  planName: string;
  visitsPerYear: number;
  operations: readonly string[];
  priorityCallout: boolean;
  partsDiscountPercent: number;
  startsOn: string;
  endsOn: string;
  payMode: "year" | "visit";
  pricePerYear: number;
  pricePerVisit: number;
}

const day = (iso: string) => iso.split("-").reverse().join(".");

/** The service contract's text («Договор на сервисное обслуживание»); the signature covers its SHA-256. */
export function serviceContractText(f: ServiceContractFields): string {
  const co = f.company;
  const kpp = cleanRequisite(co.kpp);
  const requisites = [`ИНН ${cleanRequisite(co.inn)}`, ...(kpp ? [`КПП ${kpp}`] : [])].join(", ");
  const pay = f.payMode === "year"
    ? `2.2. Заказчик оплачивает стоимость года обслуживания ${contractMoney(f.pricePerYear)} (${
      amountInWords(f.pricePerYear)
    }) в течение 5 банковских дней со дня подписания договора.`
    : `2.2. Заказчик оплачивает каждый визит ${contractMoney(f.pricePerVisit)} (${
      amountInWords(f.pricePerVisit)
    }) в течение 5 банковских дней со дня визита.`;
  return [
    `ДОГОВОР НА СЕРВИСНОЕ ОБСЛУЖИВАНИЕ № ${f.number}`,
    `План обслуживания «${f.planName}»`,
    "",
    `${contractDate(f.date)}`,
    "",
    `${co.name} (${requisites}), в лице руководителя ${
      co.directorName ?? ""
    }, именуемое в дальнейшем «Исполнитель», и ${f.clientName}, именуемый(-ая) в дальнейшем «Заказчик», заключили настоящий договор о нижеследующем.`,
    "",
    "1. ПРЕДМЕТ ДОГОВОРА",
    `1.1. Исполнитель обслуживает оборудование Заказчика: ${f.equipment}, по адресу: ${f.objectAddress}.`,
    `1.2. Визитов в год: ${f.visitsPerYear}. Каждый визит включает:`,
    ...f.operations.map((o, i, all) => `  ${i + 1}) ${o}${i === all.length - 1 ? "." : ";"}`),
    ...(f.priorityCallout ? ["1.3. Аварийный выезд по вызову Заказчика — в течение 24 часов."] : []),
    ...(f.partsDiscountPercent > 0
      ? [`1.4. Запасные части Исполнителя — со скидкой ${f.partsDiscountPercent} % от прайс-листа.`]
      : []),
    "",
    "2. ЦЕНА И ПОРЯДОК РАСЧЁТОВ",
    `2.1. Стоимость обслуживания: ${contractMoney(f.pricePerYear)} в год, ${
      contractMoney(f.pricePerVisit)
    } за визит.`,
    pay,
    "2.3. Запасные части и работы сверх плана оплачиваются отдельно по прайс-листу Исполнителя после согласования с Заказчиком.",
    "",
    "3. СРОК ДЕЙСТВИЯ",
    `3.1. Договор действует с ${day(f.startsOn)} по ${day(f.endsOn)}.`,
    "3.2. Исполнитель сообщает Заказчику о дате визита заранее; результат визита оформляется отчётом, который подписывает Заказчик.",
    "",
    "4. ОТВЕТСТВЕННОСТЬ СТОРОН",
    "4.1. Права Заказчика как потребителя определяются Законом РФ «О защите прав потребителей»; за просрочку визита Исполнитель уплачивает неустойку в размере, установленном статьёй 28 этого закона.",
    "4.2. Исполнитель не отвечает за неисправности, вызванные сбросом в станцию веществ, запрещённых руководством по эксплуатации.",
    "",
    "5. ПРОЧИЕ УСЛОВИЯ",
    "5.1. Договор может быть подписан простой электронной подписью Заказчика по персональной ссылке Исполнителя; такая подпись равнозначна собственноручной.",
    "",
    "6. ПОДПИСИ СТОРОН",
    `Исполнитель: ${co.name}, ${requisites}`,
    `Руководитель: ____________ / ${co.directorName ?? ""} /`,
    `Заказчик: ${f.clientName}`,
    `Подпись: ____________ / ${f.clientName} /`,
  ].join("\n");
}

/** The agreement's number: «ТО-2026-007», the company's seventh service contract of 2026. */
export function serviceAgreementNumber(year: number, sequence: number): string {
  return `ТО-${year}-${String(sequence).padStart(3, "0")}`;
}

/** The purpose a service payment's QR and bank order carry. */
export function servicePaymentPurpose(number: string, payMode: "year" | "visit", plannedOn?: string): string {
  return payMode === "year"
    ? `Оплата обслуживания по договору №${number} за год`
    : `Оплата визита по договору №${number}${plannedOn ? ` от ${day(plannedOn)}` : ""}`;
}
