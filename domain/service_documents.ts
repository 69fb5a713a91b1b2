// The texts of the warranty card («Гарантийный талон»), the well passport («Паспорт скважины») and the service
// visit's report, printed as PDF by server/contract_documents.ts like the contract. The works' warranty is the
// contract's (domain/contract_text.ts: 1 year from the act); the equipment's is the maker's (estimating/service.ts).
import type { CompanyRequisites } from "./payment_qr.ts";
import { cleanRequisite } from "./requisites.ts";
import type { ServiceVisitReport } from "./service.ts";
import { partsTotal, readingLabels, readingValueLabels, visitReadings } from "./service_visits.ts";
import { countOf, formatDateTime, formatKopecks } from "./format.ts";

const day = (iso: string | null) => iso ? iso.split("-").reverse().join(".") : "не указана";
const value = (v: string | number | null | undefined, unit = "") =>
  v === null || v === undefined || v === "" ? "не указано" : `${String(v).replace(".", ",")}${unit}`;
const contractor = (co: CompanyRequisites | null) =>
  co ? `${co.name}, ИНН ${cleanRequisite(co.inn)}${co.legalAddress ? `, ${co.legalAddress}` : ""}` : "—";

/** The months as a warranty prints them: «36 месяцев (3 года)». */
export function warrantyTerm(months: number): string {
  const years = months / 12;
  const y = Number.isInteger(years) ? ` (${countOf(years, ["год", "года", "лет"])})` : "";
  return `${countOf(months, ["месяц", "месяца", "месяцев"])}${y}`;
}

export interface WarrantyCardFields {
  number: string;
  company: CompanyRequisites | null;
  clientName: string | null;
  address: string;
  modelName: string;
  serialNumber: string | null;
  installedOn: string | null;
  /** The maker's warranty on the equipment and its source; null for a model not in the catalogue. */
  equipmentWarranty: { months: number; source: string } | null;
}

/** The warranty card's lines. */
export function warrantyCardText(f: WarrantyCardFields): string {
  return [
    `ГАРАНТИЙНЫЙ ТАЛОН № ${f.number}`,
    "на станцию очистки сточных вод и работы по её монтажу",
    "",
    `Исполнитель: ${contractor(f.company)}`,
    `Заказчик: ${f.clientName ?? "—"}`,
    `Адрес объекта: ${f.address}`,
    "",
    "1. ОБОРУДОВАНИЕ",
    `Модель: ${f.modelName}`,
    `Заводской номер: ${f.serialNumber ?? "не указан"}`,
    `Дата установки: ${day(f.installedOn)}`,
    "",
    "2. ГАРАНТИЙНЫЕ СРОКИ",
    "2.1. Гарантия на монтажные работы — 12 месяцев (1 год) со дня подписания акта сдачи-приёмки работ.",
    f.equipmentWarranty
      ? `2.2. Гарантия изготовителя на оборудование — ${
        warrantyTerm(f.equipmentWarranty.months)
      } со дня установки (${f.equipmentWarranty.source}).`
      : "2.2. Гарантия изготовителя на оборудование — по паспорту изготовителя.",
    "2.3. Гарантия не распространяется на повреждения из-за нарушения правил эксплуатации, сброса запрещённых веществ и отсутствия сервисного обслуживания в сроки руководства по эксплуатации.",
    "",
    "3. ОБРАЩЕНИЕ ПО ГАРАНТИИ",
    `Обращайтесь к Исполнителю${
      f.company ? `: ${f.company.name}` : ""
    }; при обращении назовите номер талона.`,
    "",
    "Исполнитель: ____________ / М. П.",
    "Заказчик: ____________",
  ].join("\n");
}

export interface WellPassportFields {
  number: string;
  company: CompanyRequisites | null;
  clientName: string | null;
  address: string;
  coordinates: string | null;
  drilledOn: string | null;
  depthM: number | null;
  casing: string | null;
  staticLevelM: number | null;
  dynamicLevelM: number | null;
  flowRateM3h: number | null;
  pump: string | null;
  notes: string | null;
}

/** The well passport's lines: location, depth, casing, levels, flow rate of the test pumping, the pump. */
export function wellPassportText(f: WellPassportFields): string {
  return [
    `ПАСПОРТ СКВАЖИНЫ № ${f.number}`,
    "на воду, для индивидуального водоснабжения",
    "",
    `Буровая организация: ${contractor(f.company)}`,
    `Владелец: ${f.clientName ?? "—"}`,
    "",
    "1. МЕСТОПОЛОЖЕНИЕ",
    `Адрес: ${f.address}`,
    `Координаты: ${f.coordinates ?? "не указаны"}`,
    `Дата окончания бурения: ${day(f.drilledOn)}`,
    "",
    "2. КОНСТРУКЦИЯ",
    `Глубина скважины: ${value(f.depthM, " м")}`,
    `Обсадная колонна: ${value(f.casing)}`,
    "",
    "3. ГИДРОГЕОЛОГИЧЕСКИЕ ДАННЫЕ (ПРОБНАЯ ОТКАЧКА)",
    `Статический уровень: ${value(f.staticLevelM, " м")}`,
    `Динамический уровень: ${value(f.dynamicLevelM, " м")}`,
    `Дебит: ${value(f.flowRateM3h, " м³/ч")}`,
    "",
    "4. ОБОРУДОВАНИЕ",
    `Насос: ${value(f.pump)}`,
    ...(f.notes ? ["", `Примечания: ${f.notes}`] : []),
    "",
    "Паспорт составил: ____________ / М. П.",
    "Владелец: ____________",
  ].join("\n");
}

export interface VisitReportFields {
  /** The visit's number as printed: «<agreement>-<visit id>». */
  number: string;
  company: CompanyRequisites | null;
  clientName: string | null;
  address: string;
  agreementNumber: string;
  planName: string;
  /** The equipment serviced, as the contract prints it; null when the agreement names none. */
  equipment: string | null;
  plannedOn: string;
  doneAt: Date | null;
  technician: string | null;
  report: ServiceVisitReport;
  /** The names of the visit's photos, in the report's order. */
  photos: string[];
  /** The client's signature (the drawn image is printed under the text), or null while unsigned. */
  clientSigned: { name: string; at: Date } | null;
}

/**
 * The visit report's lines («Акт сервисного обслуживания»): the object, the equipment, the date, the
 * operations done, the readings, the parts with their prices after the plan's discount and what they bill,
 * the photos, the technician's and the client's signatures.
 *
 * @example
 * ```ts
 * import { visitReportText } from "./service_documents.ts";
 * import { formatKopecks } from "./format.ts";
 * const text = visitReportText({
 *   number: "ТО-2026-001-7", company: null, clientName: "Смирнов А.", address: "Истра", agreementNumber: "ТО-2026-001",
 *   planName: "Стандарт", equipment: "Топас 6", plannedOn: "2026-05-15", doneAt: null, technician: "Петров И.",
 *   report: { checklist: [{ operation: "Откачка ила", done: true }], readings: { sludge_level: 35 },
 *     parts: [{ code: "А300", name: "Мембраны", quantity: 2, price: 3_150_00, billable: true }], photoIds: [], comment: "" },
 *   photos: [], clientSigned: null,
 * });
 * if (!text.includes(`Итого за детали: ${formatKopecks(6_300_00)}`)) throw new Error(text);
 * ```
 */
export function visitReportText(f: VisitReportFields): string {
  const r = f.report;
  const done = r.checklist.filter((c) => c.done);
  const readings = Object.entries(r.readings);
  const partsSum = partsTotal(r);
  return [
    `АКТ СЕРВИСНОГО ОБСЛУЖИВАНИЯ № ${f.number}`,
    "очистной станции (отчёт о визите)",
    "",
    `Исполнитель: ${contractor(f.company)}`,
    `Заказчик: ${f.clientName ?? "—"}`,
    `Адрес объекта: ${f.address}`,
    `Договор обслуживания: № ${f.agreementNumber}, план «${f.planName}»`,
    `Оборудование: ${f.equipment ?? "не указано"}`,
    `Дата визита: ${day(f.plannedOn)}${f.doneAt ? `; проведён ${formatDateTime(f.doneAt)} (МСК)` : ""}`,
    "",
    "1. ВЫПОЛНЕННЫЕ ОПЕРАЦИИ",
    ...(done.length ? done.map((c, i) => `1.${i + 1}. ${c.operation}`) : ["Операции не отмечены."]),
    ...r.checklist.filter((c) => !c.done).map((c) => `Не выполнялось: ${c.operation}`),
    "",
    "2. ПОКАЗАНИЯ",
    ...(readings.length
      ? readings.map(([k, v]) => {
        const unit = k in visitReadings ? ` ${visitReadings[k as keyof typeof visitReadings].unit}` : "";
        const shown = typeof v === "string"
          ? readingValueLabels[v] ?? v
          : `${String(v).replace(".", ",")}${unit}`;
        return `${readingLabels[k] ?? k}: ${shown}`;
      })
      : ["Показания не записаны."]),
    "",
    "3. ЗАМЕНЁННЫЕ ДЕТАЛИ",
    ...(r.parts.length
      ? [
        ...r.parts.map((p, i) =>
          `3.${i + 1}. ${p.code} ${p.name} — ${p.quantity} × ${formatKopecks(p.price)} = ${
            formatKopecks(p.price * p.quantity)
          }${p.billable ? "" : " (входит в договор)"}`
        ),
        `Итого за детали: ${
          formatKopecks(partsSum)
        } (цены прайс-листа со скидкой плана; работы по плану оплачены договором).`,
      ]
      : ["Детали не заменялись."]),
    "",
    "4. ФОТОГРАФИИ",
    ...(f.photos.length ? f.photos.map((name, i) => `4.${i + 1}. ${name}`) : ["Фотографии не приложены."]),
    ...(r.comment ? ["", "5. КОММЕНТАРИЙ", r.comment] : []),
    "",
    `Исполнитель: ${f.technician ?? "—"} ____________`,
    f.clientSigned
      ? `Заказчик: ${f.clientSigned.name}, подписано электронно ${formatDateTime(f.clientSigned.at)} (МСК)`
      : "Заказчик: ____________ (не подписан)",
  ].join("\n");
}
