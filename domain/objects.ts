// Client-site (object) rules shared by the server and the object dialog: the create and edit payloads
// of the objects and shop spec's «Validation rules» with their messages, cost cleaning and empty optional
// fields as null. zod/mini: islands import it.
import type { Tone } from "./labels.ts";
import * as z from "zod/mini";
import "./zod_messages.ts"; // the Russian messages of checks without their own
import { clientKinds, objectStatuses, workTypes } from "./enums.ts";
import { distanceFromMkadRule, wholeKm } from "../estimating/enums.ts";
import { cleanRequisite, requisiteErrors } from "./requisites.ts";

export { clientKinds, objectStatuses, workTypes };
export type ClientKind = typeof clientKinds[number];
export type ObjectStatus = typeof objectStatuses[number];
export type WorkType = typeof workTypes[number];

/**
 * The create dialog offers these; the edit dialog offers all eight (the objects and shop spec's «States and
 * transitions»).
 */
export const createStatuses: readonly ObjectStatus[] = [
  "new",
  "in_progress",
  "measurement_done",
  "estimation_done",
  "approved",
];
/** The work types the dialogs offer (the detail dialog also knows drilling and water_treatment). */
export const formWorkTypes: readonly WorkType[] = workTypes.filter((w) =>
  w !== "drilling" && w !== "water_treatment"
);

export const MAX_COST = 9_999_999_999.99;

/**
 * A cost as typed: a number stays, a string is stripped of everything but digits and the dot
 * ('1 250 000,50 ₽' → 1250000.5 after a decimal comma becomes a dot); empty is null; garbage is NaN.
 */
export function cleanCost(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") return value;
  const text = String(value).trim();
  if (!text) return null;
  // A decimal comma at the end ('123,45') is the Russian decimal separator.
  const withDot = /,\d{1,2}$/.test(text) && !text.includes(".") ? text.replace(/,(\d{1,2})$/, ".$1") : text;
  const digits = withDot.replace(/[^\d.]/g, "");
  if (!digits) return Number.NaN;
  return Number.parseFloat(digits);
}

/** A distance from МКАД by the engine's rule: a number (41.5 or "41,5 км") rounded to whole km. */
function cleanDistance(value: unknown): number | null {
  const km = cleanInteger(value);
  return km === null || !Number.isFinite(km) ? km : wholeKm(km);
}

function cleanInteger(value: unknown): number | null {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "number") return value;
  // "31", "31 км" or "31,5"; anything else ("1e400", "abc") is not a number here.
  const text = String(value).trim().replace(/\s*км$/i, "").replace(",", ".");
  if (!/^-?\d{1,15}(\.\d+)?$/.test(text)) return Number.NaN;
  return Math.round(Number(text));
}

function cleanFloat(value: unknown): number | null {
  if (value === null || value === undefined || value === "") return null;
  const n = typeof value === "number" ? value : Number(String(value).replace(",", "."));
  return Number.isFinite(n) ? n : Number.NaN;
}

/** The object's text fields: a form posts them as strings, trimmed, an empty one null. */
export const objectTextFields = [
  "address",
  "settlement",
  "region",
  "city",
  "district",
  "direction",
  "coordinates",
  "clientName",
  "clientPhone",
  "clientEmail",
  "description",
  "workType",
  "status",
  "clientKind",
  "clientLegalAddress",
  "clientSigner",
  "clientBankName",
] as const;

/** An organisation client's numbers: spaces and dashes people type are dropped (domain/requisites.ts). */
export const clientNumberFields = [
  "clientInn",
  "clientKpp",
  "clientOgrn",
  "clientBankBik",
  "clientBankAccount",
  "clientBankCorAccount",
] as const;

/** The object's field of each requisite requisiteErrors() names. */
const requisiteField = {
  inn: "clientInn",
  kpp: "clientKpp",
  ogrn: "clientOgrn",
  bankBik: "clientBankBik",
  bankAccount: "clientBankAccount",
  bankCorAccount: "clientBankCorAccount",
} as const;

type ClientRequisiteInput = Partial<Record<typeof clientNumberFields[number], string | null>> & {
  clientKind?: ClientKind | null;
  clientName?: string | null;
};

/**
 * What is wrong with an object's client requisites, by the object's field names: the check digits of every
 * filled number, and for an organisation its name and ИНН (a document for it cannot be issued without them).
 */
export function clientRequisiteErrors(o: ClientRequisiteInput): Record<string, string> {
  const out: Record<string, string> = {};
  const found = requisiteErrors({
    inn: o.clientInn,
    kpp: o.clientKpp,
    ogrn: o.clientOgrn,
    bankBik: o.clientBankBik,
    bankAccount: o.clientBankAccount,
    bankCorAccount: o.clientBankCorAccount,
  });
  for (const [key, message] of Object.entries(found)) {
    out[requisiteField[key as keyof typeof requisiteField]] = message;
  }
  if (o.clientKind === "organisation") {
    if (!o.clientName) out.clientName = "Укажите название организации";
    if (!o.clientInn) out.clientInn ??= "Укажите ИНН организации";
  }
  return out;
}

/**
 * Normalises a posted object before validation: strings trimmed and empty ones null, costs cleaned,
 * the distance an integer, coordinates numbers.
 * Keys that were not sent stay absent (a PATCH changes only what it names).
 */
export function normalizeObjectInput(raw: unknown): Record<string, unknown> {
  const input = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of objectTextFields) {
    if (!(key in input)) continue;
    const v = input[key];
    out[key] = v === null || v === undefined ? null : String(v).trim() || null;
  }
  for (const key of clientNumberFields) {
    if (key in input) out[key] = cleanRequisite(input[key] as string | null) || null;
  }
  if ("distanceFromMKAD" in input) out.distanceFromMKAD = cleanDistance(input.distanceFromMKAD);
  for (const key of ["estimatedCost", "actualCost"] as const) {
    if (key in input) out[key] = cleanCost(input[key]);
  }
  for (const key of ["latitude", "longitude"] as const) {
    if (key in input) out[key] = cleanFloat(input[key]);
  }
  if ("companyId" in input) out.companyId = cleanInteger(input.companyId);
  return out;
}

const MIN2 = "Минимум 2 символа";
const required = (min: number, message: string, max = 500) =>
  z.string({ error: message }).check(z.minLength(min, message), z.maxLength(max, `Не более ${max} символов`));
const optionalText = (max: number) =>
  z.nullish(z.string().check(z.maxLength(max, `Не более ${max} символов`)));
const money = (message: string) =>
  z.number({ error: message }).check(
    z.refine((n) => Number.isFinite(n), "Введите сумму цифрами"),
    z.gte(0, "Сумма не может быть отрицательной"),
    z.lte(MAX_COST, "Слишком большая сумма"),
  );

const fields = {
  address: required(3, "Минимум 3 символа"),
  settlement: required(2, MIN2, 255),
  region: required(2, MIN2, 255),
  city: optionalText(255),
  district: optionalText(100),
  direction: optionalText(50),
  coordinates: optionalText(100),
  latitude: z.nullish(
    z.number("Неверная широта").check(z.gte(-90, "Неверная широта"), z.lte(90, "Неверная широта")),
  ),
  longitude: z.nullish(
    z.number("Неверная долгота").check(z.gte(-180, "Неверная долгота"), z.lte(180, "Неверная долгота")),
  ),
  // The engine's rule for the distance: whole km, a fraction rounded by normalizeObjectInput.
  distanceFromMKAD: z.nullish(
    z.number("Введите число километров").check(
      z.int("Введите целое число"),
      z.gte(distanceFromMkadRule.min, "Не может быть меньше 0"),
      z.lte(distanceFromMkadRule.max, `Не больше ${distanceFromMkadRule.max} км`),
    ),
  ),
  clientName: optionalText(255),
  clientPhone: required(1, "Телефон обязателен", 50),
  clientEmail: z.nullish(z.email("Некорректный email")),
  clientKind: z.enum(clientKinds, "Выберите: частное лицо или организация"),
  clientInn: optionalText(12),
  clientKpp: optionalText(9),
  clientOgrn: optionalText(15),
  clientLegalAddress: optionalText(500),
  clientSigner: optionalText(255),
  clientBankName: optionalText(255),
  clientBankBik: optionalText(9),
  clientBankAccount: optionalText(20),
  clientBankCorAccount: optionalText(20),
  workType: z.enum(workTypes, "Тип работ обязателен"),
  status: z.enum(objectStatuses, "Неизвестный статус"),
  estimatedCost: money("Примерная стоимость обязательна"),
  actualCost: z.nullish(money("Введите сумму цифрами")),
  description: optionalText(5000),
  companyId: z.nullish(z.number().check(z.int())),
};

/** Each wrong client requisite as an issue on its field (the same messages as the company's own). */
const clientRequisites = z.superRefine((o: ClientRequisiteInput, ctx) => {
  for (const [field, message] of Object.entries(clientRequisiteErrors(o))) {
    ctx.addIssue({ code: "custom", message, path: [field], input: o });
  }
});

/** POST /api/objects, after normalizeObjectInput(). */
export const objectCreateSchema = z.object({
  ...fields,
  workType: z._default(fields.workType, "construction"),
  status: z._default(fields.status, "new"),
  clientKind: z._default(fields.clientKind, "person"),
}).check(clientRequisites);

/**
 * PATCH /api/objects/:id: any subset; the required fields stay required when sent; costs may be cleared.
 * The requisites sent are checked together (an account with its БИК); the edit form sends them all.
 */
export const objectPatchSchema = z.partial(
  z.object({
    ...fields,
    estimatedCost: z.nullable(fields.estimatedCost),
    clientPhone: z.nullable(fields.clientPhone),
  }),
).check(clientRequisites);

export type ObjectCreateInput = z.infer<typeof objectCreateSchema>;
export type ObjectPatchInput = z.infer<typeof objectPatchSchema>;

/** The object as the API answers it (money in roubles). */
export interface ObjectJson {
  id: number;
  companyId: number;
  address: string;
  settlement: string | null;
  region: string | null;
  city: string | null;
  district: string | null;
  direction: string | null;
  coordinates: string | null;
  latitude: number | null;
  longitude: number | null;
  distanceFromMKAD: number | null;
  clientName: string | null;
  clientPhone: string | null;
  clientEmail: string | null;
  /** The client's kind and, for an organisation, its requisites. */
  clientKind: ClientKind;
  clientInn: string | null;
  clientKpp: string | null;
  clientOgrn: string | null;
  clientLegalAddress: string | null;
  clientSigner: string | null;
  clientBankName: string | null;
  clientBankBik: string | null;
  clientBankAccount: string | null;
  clientBankCorAccount: string | null;
  workType: WorkType;
  status: ObjectStatus;
  /** The job's step and its badge (domain/job_status.ts). */
  stage: string;
  badge: { label: string; tone: Tone };
  /** The chief engineer's hand-set status, with its reason. */
  statusOverride: { status: ObjectStatus; reason: string; at: string | null } | null;
  description: string | null;
  estimatedCost: number | null;
  actualCost: number | null;
  /** domain/job_money.ts, roubles. */
  money: { value: number; contracted: boolean; received: number; owed: number };
  createdAt: string;
  updatedAt: string;
  tasks?: Array<{
    id: number;
    title: string;
    description: string | null;
    status: string;
    assignedUser: { id: number; firstName: string | null; lastName: string | null } | null;
  }>;
}

/** Roubles (API) → kopecks (storage). */
export const toKopecks = (roubles: number | null | undefined) =>
  roubles === null || roubles === undefined ? null : Math.round(roubles * 100);
/** Kopecks (storage) → roubles (API). */
export const toRoubles = (kopecks: number | null | undefined) =>
  kopecks === null || kopecks === undefined ? null : kopecks / 100;
