// Service of installed stations and wells (docs/service.md): what is installed on an object, the
// company's service plans, the agreement sold on an object (the service contract, signed through the client's
// link) and the visits it schedules. Calendar dates are 'YYYY-MM-DD' text in the company's time zone
// (Europe/Moscow, domain/dates.ts); money is kopecks.
import { check, index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";
import { bool, createdAt, id, inList, jsonText, kopecks, timestamp, updatedAt } from "./_columns.ts";
import {
  equipmentKinds,
  equipmentSources,
  serviceAgreementStatuses,
  serviceEndReasons,
  servicePayModes,
  type ServicePrices,
  type ServiceVisitReport,
  serviceVisitStatuses,
  stationSizeBands,
} from "../../domain/service.ts";
import { companies } from "./companies.ts";
import { users } from "./users.ts";
import { objects } from "./objects.ts";
import { tasks } from "./tasks.ts";

/** What is installed on an object: a station (catalogue model or free text), a well, a pump. */
export const installedEquipment = sqliteTable("installed_equipment", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  objectId: integer("object_id").notNull().references(() => objects.id, { onDelete: "cascade" }),
  kind: text("kind", { enum: equipmentKinds }).notNull(),
  /** The catalogue model's id (estimating/catalogue, `topas-5`); null for a model not in the catalogue. */
  modelCode: text("model_code"),
  /** The model as shown: the catalogue's name, or free text («Астра 5», «Grundfos SQ 2-55»). */
  modelName: text("model_name").notNull(),
  serialNumber: text("serial_number"),
  /** 'YYYY-MM-DD'. */
  installedOn: text("installed_on"),
  source: text("source", { enum: equipmentSources }).notNull(),
  // A well's data from the end of drilling (the well passport): metres, and m³/h of the test pumping.
  depthM: real("depth_m"),
  /** The casing: material, diameter, depth («НПВХ 125 мм, 0–45 м»). */
  casing: text("casing"),
  staticLevelM: real("static_level_m"),
  dynamicLevelM: real("dynamic_level_m"),
  flowRateM3h: real("flow_rate_m3h"),
  /** The pump installed in the well (model, depth). */
  pump: text("pump"),
  notes: text("notes"),
  createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  index("installed_equipment_object_idx").on(t.objectId),
  index("installed_equipment_company_idx").on(t.companyId, t.kind),
  check("installed_equipment_kind_check", sql.raw(`kind IN (${inList(equipmentKinds)})`)),
  check("installed_equipment_source_check", sql.raw(`source IN (${inList(equipmentSources)})`)),
]);

/** Read for a stored price text that does not parse: every price 0, so no agreement is sold at a wrong price. */
const unpricedPlan: ServicePrices = {
  small: { perVisit: 0, perYear: 0 },
  medium: { perVisit: 0, perYear: 0 },
  large: { perVisit: 0, perYear: 0 },
};

/** A company's service plan («Стандарт», «Премиум», «Сезонный»). */
export const servicePlans = sqliteTable("service_plans", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  visitsPerYear: integer("visits_per_year").notNull(),
  /** The visits' recurrence, an RFC 5545 RRULE without DTSTART («FREQ=MONTHLY;INTERVAL=6»), read with npm:rrule. */
  rrule: text("rrule").notNull(),
  /** The operations every visit includes. */
  operations: jsonText<string[]>("service_plans", "operations", []).notNull(),
  priorityCallout: bool("priority_callout").notNull().default(false),
  /** Discount on spare parts, whole percent. */
  partsDiscountPercent: integer("parts_discount_percent").notNull().default(0),
  /** Prices per visit and per year by station size band, kopecks (filled from the price list's А280–А299). */
  prices: jsonText<ServicePrices>("service_plans", "prices", unpricedPlan).notNull(),
  /** An archived plan is no longer sold; the agreements made on it keep their terms. */
  archived: bool("archived").notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index("service_plans_company_idx").on(t.companyId, t.archived)]);

/**
 * A plan sold on an object: the service contract. The plan's terms are copied at sale (a plan changed later
 * does not change a signed agreement). Signed through the client's link like the works contract: the signature
 * columns keep who, when, from where, over which exact text.
 */
export const serviceAgreements = sqliteTable("service_agreements", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  objectId: integer("object_id").notNull().references(() => objects.id, { onDelete: "cascade" }),
  equipmentId: integer("equipment_id").references(() => installedEquipment.id, { onDelete: "set null" }),
  planId: integer("plan_id").references(() => servicePlans.id, { onDelete: "set null" }),
  /** The agreement this one renews (the renewals figure); null for a first agreement. */
  renewsId: integer("renews_id"),
  /** «ТО-2026-001», numbered per company per year. */
  number: text("number").notNull(),
  planName: text("plan_name").notNull(),
  visitsPerYear: integer("visits_per_year").notNull(),
  rrule: text("rrule").notNull(),
  operations: jsonText<string[]>("service_agreements", "operations", []).notNull(),
  priorityCallout: bool("priority_callout").notNull().default(false),
  partsDiscountPercent: integer("parts_discount_percent").notNull().default(0),
  sizeBand: text("size_band", { enum: stationSizeBands }).notNull(),
  /** 'YYYY-MM-DD', the first day and the last day covered. */
  startsOn: text("starts_on").notNull(),
  endsOn: text("ends_on").notNull(),
  payMode: text("pay_mode", { enum: servicePayModes }).notNull(),
  pricePerYear: kopecks("price_per_year").notNull(),
  pricePerVisit: kopecks("price_per_visit").notNull(),
  status: text("status", { enum: serviceAgreementStatuses }).notNull().default("draft"),
  /** The contract text as generated; the signature covers its SHA-256. */
  contractText: text("contract_text").notNull(),
  textSha256: text("text_sha256").notNull(),
  signerName: text("signer_name"),
  /** The drawn signature, a PNG data URL. */
  signatureImage: text("signature_image"),
  signedIp: text("signed_ip"),
  signedUserAgent: text("signed_user_agent"),
  signedAt: timestamp("signed_at"),
  endedAt: timestamp("ended_at"),
  endReason: text("end_reason", { enum: serviceEndReasons }),
  createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  // Last: added by a later migration (ALTER TABLE … ADD puts it at the end).
  /** When staff and the client were reminded that the term ends soon (once per agreement). */
  renewalRemindedAt: timestamp("renewal_reminded_at"),
}, (t) => [
  index("service_agreements_object_idx").on(t.objectId),
  index("service_agreements_company_idx").on(t.companyId, t.status, t.endsOn),
  check("service_agreements_status_check", sql.raw(`status IN (${inList(serviceAgreementStatuses)})`)),
  check("service_agreements_pay_mode_check", sql.raw(`pay_mode IN (${inList(servicePayModes)})`)),
]);

/** One visit of an agreement, planned by its rrule; a task carries it to the staff who do service. */
export const serviceVisits = sqliteTable("service_visits", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  agreementId: integer("agreement_id").notNull().references(() => serviceAgreements.id, {
    onDelete: "cascade",
  }),
  objectId: integer("object_id").notNull().references(() => objects.id, { onDelete: "cascade" }),
  /** 'YYYY-MM-DD'. */
  plannedOn: text("planned_on").notNull(),
  taskId: integer("task_id").references(() => tasks.id, { onDelete: "set null" }),
  status: text("status", { enum: serviceVisitStatuses }).notNull().default("planned"),
  doneAt: timestamp("done_at"),
  doneBy: integer("done_by").references(() => users.id, { onDelete: "set null" }),
  report: jsonText<ServiceVisitReport | null>("service_visits", "report", null),
  clientSignerName: text("client_signer_name"),
  /** The client's drawn signature of the visit report, a PNG data URL. */
  clientSignature: text("client_signature"),
  clientSignedAt: timestamp("client_signed_at"),
  /** The first planned day of a visit a person moved (its recurrence day); null while never moved. */
  movedFrom: text("moved_from"),
  /** Why it was last moved (day or assignee), as the person wrote it. */
  moveReason: text("move_reason"),
  /** When the client's reminder of the visit's current day was written to the outbox. */
  reminderSentAt: timestamp("reminder_sent_at"),
  /** The phone's client id of the report: its queue sending again gets the visit as it is. */
  reportClientId: text("report_client_id"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  index("service_visits_agreement_idx").on(t.agreementId, t.plannedOn),
  index("service_visits_company_idx").on(t.companyId, t.status, t.plannedOn),
  index("service_visits_object_idx").on(t.objectId),
  index("service_visits_task_idx").on(t.taskId),
  check("service_visits_status_check", sql.raw(`status IN (${inList(serviceVisitStatuses)})`)),
]);
