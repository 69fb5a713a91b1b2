// The service visit on the phone: its form as a form kind of the measurement form engine (the same
// FormSection/FormField description that components/measurement/MeasurementForm.tsx renders), the reading of
// the form's values into the visit's report, the bills of parts, the visit's status as a person sees it and the
// payloads of the visit's API. zod/mini and no db: the server, the visit island and the seed share it.
import * as z from "zod/mini";
import type { FormField, FormSection } from "../estimating/fields.ts";
import { isCalendarDate } from "./calendar_date.ts";
import { recordId } from "./bounds.ts";
import { formatKopecks } from "./format.ts";
import type { ServiceVisitReport } from "./service.ts";

/** The report of a done visit (service_visits.report), as domain/service.ts defines it. */
export type VisitReport = ServiceVisitReport;

/**
 * The operations of a treatment station's visit when the model has none of its own: the common list of the
 * makers' service manuals (Топас «Паспорт и руководство по эксплуатации», § «Обслуживание»; Юнилос Астра
 * «Руководство по эксплуатации», § 7): sludge removal, airlifts, the compressor's filter, the float switch.
 */
export const genericStationOperations: readonly string[] = [
  "Откачка избыточного ила из стабилизатора",
  "Промывка эрлифтов и рециркулятора",
  "Очистка фильтра компрессора",
  "Проверка компрессора и поплавкового выключателя",
  "Очистка приёмной камеры и решётки",
  "Осмотр корпуса, крышки и утепления",
];

/** A part the visit may replace: a price-list article, price per unit in kopecks. */
export interface VisitPart {
  code: string;
  name: string;
  unit: string;
  price: number;
}

/**
 * The parts when the company's price list has none of its own (articles А300–А305): retail prices of the makers'
 * spare parts, November 2026 (Hiblow and Secoh membrane kits, compressors, Topas float switch, filters).
 */
export const genericStationParts: readonly VisitPart[] = [
  { code: "А300", name: "Ремкомплект мембран компрессора", unit: "компл.", price: 3_500_00 },
  { code: "А301", name: "Компрессор HIBLOW HP-80", unit: "шт", price: 22_900_00 },
  { code: "А302", name: "Поплавковый выключатель", unit: "шт", price: 2_400_00 },
  { code: "А303", name: "Воздушный фильтр компрессора", unit: "шт", price: 450_00 },
  { code: "А304", name: "Аэратор (диспергатор)", unit: "шт", price: 1_900_00 },
  { code: "А305", name: "Таблетки для обеззараживания, 1 кг", unit: "уп.", price: 1_200_00 },
];

/** A price-list code of the station parts' section (А300–А319), the rows a visit's form offers. */
export const isPartCode = (code: string) => /^А3[01]\d$/.test(code);

/** A part's price less the plan's discount (whole percent), kopecks rounded. */
export const discountedPrice = (price: number, discountPercent: number) =>
  Math.round(price * (100 - Math.min(100, Math.max(0, Math.round(discountPercent)))) / 100);

/** The readings asked at every visit, with their units and bounds. */
export const visitReadings = {
  sludge_level: { label: "Уровень ила в стабилизаторе", unit: "см", min: 0, max: 300 },
  compressor_pressure: { label: "Давление компрессора", unit: "кПа", min: 0, max: 100 },
} as const;
const smellOptions = [
  { value: "none", label: "Нет запаха" },
  { value: "weak", label: "Слабый" },
  { value: "strong", label: "Сильный, гнилостный" },
];
const clarityOptions = [
  { value: "clear", label: "Прозрачный" },
  { value: "slightly_turbid", label: "Слегка мутный" },
  { value: "turbid", label: "Мутный" },
];
/** The label of a reading's value, as the report shows it. */
export const readingValueLabels: Record<string, string> = Object.fromEntries(
  [...smellOptions, ...clarityOptions].map((o) => [o.value, o.label]),
);
export const readingLabels: Record<string, string> = {
  sludge_level: visitReadings.sludge_level.label,
  compressor_pressure: visitReadings.compressor_pressure.label,
  smell: "Запах",
  clarity: "Прозрачность стока",
};

const opField = (i: number) => `op_${i}`;
const partField = (code: string) => `part_${code}`;
const partQuantity = (code: string) => `part_${code}_quantity`;

/**
 * The visit's form as sections of the measurement form engine: the checklist of the model's operations, the
 * readings, the parts replaced (each a checkbox with its price after the plan's discount, revealing its
 * quantity) and a comment.
 */
export function visitFormSections(
  operations: readonly string[],
  parts: readonly VisitPart[],
  discountPercent = 0,
): FormSection[] {
  const ops = operations.length > 0 ? operations : genericStationOperations;
  return [
    {
      id: "checklist",
      title: "Операции",
      fields: ops.map((op, i): FormField => ({
        name: opField(i),
        label: op,
        kind: "boolean",
        default: false,
      })),
    },
    {
      id: "readings",
      title: "Показания",
      fields: [
        {
          name: "sludge_level",
          label: visitReadings.sludge_level.label,
          kind: "decimal",
          unit: visitReadings.sludge_level.unit,
          default: "",
          min: 0,
          max: 300,
        },
        { name: "smell", label: "Запах", kind: "select", default: "none", options: smellOptions },
        {
          name: "clarity",
          label: "Прозрачность стока",
          kind: "select",
          default: "clear",
          options: clarityOptions,
        },
        {
          name: "compressor_pressure",
          label: visitReadings.compressor_pressure.label,
          kind: "decimal",
          unit: visitReadings.compressor_pressure.unit,
          default: "",
          min: 0,
          max: 100,
        },
      ],
    },
    {
      id: "parts",
      title: "Замена деталей",
      fields: parts.flatMap((p): FormField[] => [
        {
          name: partField(p.code),
          label: `${p.name} — ${formatKopecks(discountedPrice(p.price, discountPercent))} за ${p.unit}`,
          kind: "boolean",
          default: false,
          code: p.code,
        },
        {
          name: partQuantity(p.code),
          label: "Количество",
          kind: "integer",
          unit: p.unit,
          default: "1",
          min: 1,
          max: 100,
          revealedBy: partField(p.code),
        },
      ]),
    },
    {
      id: "comment",
      title: "Комментарий",
      fields: [{ name: "comment", label: "Что сделано, что заметили", kind: "textarea", default: "" }],
    },
  ];
}

/** The form's starting values: every field's default, as the form holds them (strings and booleans). */
export function visitFormDefaults(sections: readonly FormSection[]): Record<string, string | boolean> {
  const values: Record<string, string | boolean> = {};
  for (const s of sections) {
    for (const f of s.fields) {
      values[f.name] = typeof f.default === "boolean" ? f.default : String(f.default ?? "");
    }
  }
  return values;
}

const decimal = (v: unknown, max: number): number | null => {
  const n = Number(String(v ?? "").replace(",", ".").trim());
  return String(v ?? "").trim() === "" || !Number.isFinite(n) || n < 0 || n > max ? null : n;
};

/**
 * The report the form's values mean: the operations ticked, the readings given, each part ticked with its
 * quantity (billable: the plan covers the operations, not the parts) at the price list's price less the plan's
 * discount, the photos and the comment.
 *
 * @example
 * ```ts
 * import { visitReport } from "./service_visits.ts";
 * const r = visitReport({ op_0: true, part_А300: true, part_А300_quantity: "2", sludge_level: "35" },
 *   { operations: ["Откачка ила"], parts: [{ code: "А300", name: "Мембраны", unit: "шт", price: 100_00 }],
 *     discountPercent: 10 });
 * if (r.parts[0].price !== 90_00 || r.readings.sludge_level !== 35) throw new Error(JSON.stringify(r));
 * ```
 */
export function visitReport(
  values: Record<string, unknown>,
  options: {
    operations: readonly string[];
    parts: readonly VisitPart[];
    discountPercent: number;
    photoIds?: number[];
  },
): VisitReport {
  const ops = options.operations.length > 0 ? options.operations : genericStationOperations;
  const readings: Record<string, string | number> = {};
  const sludge = decimal(values.sludge_level, visitReadings.sludge_level.max);
  if (sludge !== null) readings.sludge_level = sludge;
  const pressure = decimal(values.compressor_pressure, visitReadings.compressor_pressure.max);
  if (pressure !== null) readings.compressor_pressure = pressure;
  for (const name of ["smell", "clarity"]) {
    const v = String(values[name] ?? "");
    if (v in readingValueLabels) readings[name] = v;
  }
  const parts = options.parts.filter((p) => values[partField(p.code)] === true).map((p) => {
    const q = Math.round(Number(values[partQuantity(p.code)] ?? 1));
    return {
      code: p.code,
      name: p.name,
      quantity: Number.isFinite(q) && q >= 1 ? Math.min(q, 100) : 1,
      price: discountedPrice(p.price, options.discountPercent),
      billable: true,
    };
  });
  return {
    checklist: ops.map((operation, i) => ({ operation, done: values[opField(i)] === true })),
    readings,
    parts,
    photoIds: options.photoIds ?? [],
    comment: String(values.comment ?? "").trim().slice(0, 5000),
  };
}

/** What the parts of a report bill, kopecks. */
export function partsTotal(report: Pick<VisitReport, "parts">): number {
  return report.parts.filter((p) => p.billable).reduce((sum, p) => sum + p.price * p.quantity, 0);
}

/** How a visit reads: planned, overdue (its day passed undone), done, cancelled. */
export type VisitState = "planned" | "overdue" | "done" | "cancelled";
export const visitStateLabels: Record<VisitState, string> = {
  planned: "Запланирован",
  overdue: "Просрочен",
  done: "Выполнен",
  cancelled: "Отменён",
};

/** The visit's state on `today` ('YYYY-MM-DD', Moscow): a planned visit whose day has passed is overdue. */
export function visitState(visit: { status: string; plannedOn: string }, today: string): VisitState {
  if (visit.status === "done" || visit.status === "cancelled") return visit.status;
  return visit.plannedOn < today ? "overdue" : "planned";
}

const day = (message: string) =>
  z.string({ error: message }).check(z.refine((v) => isCalendarDate(v), message));

/** POST /api/service/visits/:id/move: a new day and/or assignee, always with the reason. */
export const moveVisitSchema = z.object({
  plannedOn: z.optional(day("Укажите дату визита")),
  assignedTo: z.optional(recordId("Исполнитель не найден")),
  reason: z.string({ error: "Укажите причину переноса" }).check(
    z.trim(),
    z.minLength(3, "Укажите причину переноса"),
    z.maxLength(500, "Не длиннее 500 символов"),
  ),
});

/** POST /api/service/visits/:id/report: the form's values (the server reads them) and the phone's client id. */
export const visitReportSchema = z.object({
  values: z.record(z.string(), z.union([z.string().check(z.maxLength(5000)), z.boolean()])),
  clientId: z.optional(z.string().check(z.minLength(8), z.maxLength(64))),
});

/** The client's signature of the visit report: the name and the drawn signature (a PNG data URL). */
export const visitSignatureSchema = z.object({
  signerName: z.string({ error: "Укажите фамилию и имя" }).check(
    z.trim(),
    z.minLength(3, "Укажите фамилию и имя"),
    z.maxLength(200, "Не длиннее 200 символов"),
  ),
  signature: z.string({ error: "Распишитесь в поле подписи" }).check(
    z.startsWith("data:image/png;base64,", "Распишитесь в поле подписи"),
    z.maxLength(400_000, "Подпись слишком большая"),
  ),
});
