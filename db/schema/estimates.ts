import { serviceAgreements } from "./service.ts";
import { check, index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";
import { bool, createdAt, id, inList, jsonText, kopecks, timestamp, updatedAt } from "./_columns.ts";
import {
  discountKinds,
  estimateStatuses,
  paymentKinds,
  paymentStatuses,
  vatModes,
} from "../../domain/enums.ts";
import { companies } from "./companies.ts";
import { users } from "./users.ts";
import { objects } from "./objects.ts";
import { tasks } from "./tasks.ts";

export const estimates = sqliteTable("estimates", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  objectId: integer("object_id").notNull().references(() => objects.id, { onDelete: "cascade" }),
  taskId: integer("task_id").references(() => tasks.id, { onDelete: "set null" }),
  createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  estimateNumber: text("estimate_number").notNull(),
  templateName: text("template_name"),
  status: text("status", { enum: estimateStatuses }).notNull().default("draft"),
  /** Section names in display order, JSON array. */
  sections: jsonText<string[]>("estimates", "sections", []).notNull().default(sql`'[]'`),
  vatMode: text("vat_mode", { enum: vatModes }).notNull().default("none"),
  vatAmount: kopecks("vat_amount").notNull().default(0),
  totalAmount: kopecks("total_amount").notNull().default(0),
  notes: jsonText<string[]>("estimates", "notes", []).notNull().default(sql`'[]'`),
  warnings: jsonText<string[]>("estimates", "warnings", []).notNull().default(sql`'[]'`),
  /** The measurement document the estimate was generated from, when it was generated. */
  measurementDocument: jsonText<unknown>("estimates", "measurement_document", null),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  // Added by migration 0004 (ALTER TABLE appends columns, so they follow the timestamps).
  /** 1 for the first generation; each generation again for the same task adds one (earlier ones in estimate_versions). */
  version: integer("version").notNull().default(1),
  /** A discount: percent (value in hundredths of a percent) or sum (value in kopecks); null without one.
   * No CHECK: adding one would make drizzle-kit rebuild the table; the zod schema of the editor guards it. */
  discountKind: text("discount_kind", { enum: discountKinds }),
  discountValue: integer("discount_value").notNull().default(0),
  discountAmount: kopecks("discount_amount").notNull().default(0),
  /** Printed for the client. */
  clientNote: text("client_note"),
  /** Seen only by the company. */
  internalNote: text("internal_note"),
  /** The phone's id of the generate request that made this version: a repeat answers it. Not unique:
   * separate estimates made by one request share it. */
  clientId: text("client_id"),
  /** Warnings that change what should be installed (Estimate.alerts: an undersized station …), JSON array. */
  alerts: text("alerts", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
  /** Approving over alerts needs a confirmation: the alerts confirmed, who confirmed and when.
   * Cleared when a new version is generated. */
  alertsConfirmed: text("alerts_confirmed", { mode: "json" }).$type<string[]>(),
  /** A user id, kept even if the account goes (as payments.receivedBy). */
  alertsConfirmedBy: integer("alerts_confirmed_by"),
  alertsConfirmedAt: timestamp("alerts_confirmed_at"),
  /** With a VAT rate in vat_mode: the prices include VAT («в т.ч. НДС», the amount shown) instead of VAT added
   * on top. A column of its own, so the vat_mode CHECK (and the table) stay as they are. */
  vatIncluded: bool("vat_included").notNull().default(false),
}, (t) => [
  index("estimates_company_idx").on(t.companyId, t.createdAt),
  index("estimates_client_idx").on(t.companyId, t.clientId),
  // A number names one estimate of its company (db/estimates.ts picks a free one when generating).
  uniqueIndex("estimates_company_number_idx").on(t.companyId, t.estimateNumber),
  // With the amount, the /estimates cards (count, drafts, approved, sum) are summed from the index alone.
  index("estimates_company_status_idx").on(t.companyId, t.status, t.totalAmount),
  index("estimates_object_idx").on(t.objectId),
  // How many estimates a surveyor made (the cabinet's card): that person's rows, not the company's.
  index("estimates_company_creator_idx").on(t.companyId, t.createdBy),
  check("estimates_status_check", sql.raw(`status IN (${inList(estimateStatuses)})`)),
  check("estimates_vat_check", sql.raw(`vat_mode IN (${inList(vatModes)})`)),
]);

export const estimateItems = sqliteTable("estimate_items", {
  id: id(),
  estimateId: integer("estimate_id").notNull().references(() => estimates.id, { onDelete: "cascade" }),
  position: integer("position").notNull(),
  section: text("section").notNull(),
  articleCode: text("article_code"),
  name: text("name").notNull(),
  unit: text("unit").notNull().default("шт"),
  quantity: real("quantity").notNull(),
  pricePerUnit: kopecks("price_per_unit").notNull(),
  equipmentCost: kopecks("equipment_cost").notNull(),
  workCost: kopecks("work_cost").notNull(),
  totalPrice: kopecks("total_price").notNull(),
  isRequired: bool("is_required").notNull().default(true),
}, (t) => [index("estimate_items_estimate_idx").on(t.estimateId, t.position)]);

/** An earlier version of an estimate, as it was when it was replaced by generating again. */
export const estimateVersions = sqliteTable("estimate_versions", {
  id: id(),
  estimateId: integer("estimate_id").notNull().references(() => estimates.id, { onDelete: "cascade" }),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  version: integer("version").notNull(),
  estimateNumber: text("estimate_number").notNull(),
  status: text("status", { enum: estimateStatuses }).notNull(),
  totalAmount: kopecks("total_amount").notNull(),
  /** The estimate and its items as they were (EstimateSnapshot of db/estimates.ts). */
  snapshot: jsonText<unknown>("estimate_versions", "snapshot", null).notNull(),
  /** When the estimate of this version was created. */
  createdAt: createdAt(),
  /** When it was replaced by the next version. */
  replacedAt: timestamp("replaced_at").notNull(),
  /** The client id of the request that made this version, kept so its repeat still writes nothing. */
  clientId: text("client_id"),
}, (t) => [
  uniqueIndex("estimate_versions_estimate_version_idx").on(t.estimateId, t.version),
  index("estimate_versions_client_idx").on(t.companyId, t.clientId),
]);

/** Who changed what in an estimate, and when (the editor's log). */
export const estimateChanges = sqliteTable("estimate_changes", {
  id: id(),
  estimateId: integer("estimate_id").notNull().references(() => estimates.id, { onDelete: "cascade" }),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  /** What was changed, in Russian («Количество «Труба ПВХ 110»: 8 → 10 м»). */
  summary: text("summary").notNull(),
  /** How much the total changed, kopecks. */
  totalDelta: kopecks("total_delta").notNull().default(0),
  createdAt: createdAt(),
}, (t) => [index("estimate_changes_estimate_idx").on(t.estimateId, t.createdAt)]);

/** What a surveyor recorded at the site, one row per save. */
export const measurementRecords = sqliteTable("measurement_records", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  taskId: integer("task_id").notNull().references(() => tasks.id, { onDelete: "cascade" }),
  objectId: integer("object_id").references(() => objects.id, { onDelete: "cascade" }),
  surveyorId: integer("surveyor_id").references(() => users.id, { onDelete: "set null" }),
  measurements: jsonText<Record<string, unknown>>("measurement_records", "measurements", {}).notNull(),
  /** Document ids of the photos, JSON array. */
  photos: jsonText<number[]>("measurement_records", "photos", []).notNull().default(sql`'[]'`),
  notes: text("notes"),
  createdAt: createdAt(),
  /** The phone's id of this save: a repeated request answers this record instead of a second one. */
  clientId: text("client_id"),
}, (t) => [
  index("measurement_records_task_idx").on(t.taskId, t.createdAt),
  uniqueIndex("measurement_records_client_idx").on(t.taskId, t.clientId),
]);

export const priceLists = sqliteTable("price_lists", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  name: text("name", { length: 255 }).notNull(),
  category: text("category", { length: 100 }),
  region: text("region"),
  isActive: bool("is_active").notNull().default(true),
  createdAt: createdAt(),
}, (t) => [index("price_lists_company_idx").on(t.companyId, t.isActive)]);

export const priceListItems = sqliteTable("price_list_items", {
  id: id(),
  priceListId: integer("price_list_id").notNull().references(() => priceLists.id, { onDelete: "cascade" }),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  code: text("code", { length: 50 }).notNull(),
  name: text("name").notNull(),
  description: text("description"),
  unit: text("unit", { length: 20 }).notNull(),
  section: text("section", { length: 100 }),
  materialsPrice: kopecks("materials_price").notNull().default(0),
  worksPrice: kopecks("works_price").notNull().default(0),
  manufacturer: text("manufacturer", { length: 100 }),
}, (t) => [index("price_list_items_list_idx").on(t.priceListId, t.code)]);

export const contracts = sqliteTable("contracts", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  objectId: integer("object_id").notNull().references(() => objects.id, { onDelete: "cascade" }),
  estimateId: integer("estimate_id").references(() => estimates.id, { onDelete: "set null" }),
  createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  contractNumber: text("contract_number").notNull(),
  templateId: text("template_id").notNull(),
  contractData: jsonText<Record<string, string>>("contracts", "contract_data", {}).notNull(),
  contractText: text("contract_text").notNull(),
  prepaymentPercent: integer("prepayment_percent").notNull().default(30),
  createdAt: createdAt(),
  // Added after the first release, so after created_at (ALTER TABLE appends columns).
  /** 1, 2, … per contract number: editing a contract makes a new version, a signed one never changes. */
  version: integer("version").notNull().default(1),
  /** SHA-256 (hex) of contractText, the exact text a signature covers. */
  textSha256: text("text_sha256").notNull().default(""),
  totalAmount: kopecks("total_amount").notNull().default(0),
  prepaymentAmount: kopecks("prepayment_amount").notNull().default(0),
  /** The estimate's version the contract was made from (estimates.version then); null for rows made before it
   * was recorded (the migration fills what it can). */
  estimateVersion: integer("estimate_version"),
}, (t) => [
  index("contracts_object_idx").on(t.objectId),
  index("contracts_company_idx").on(t.companyId),
  // A number belongs to one object: its versions count 1, 2, … per object, so a second object taking the
  // number would write version 1 again and meet this index.
  uniqueIndex("contracts_company_number_idx").on(t.companyId, t.contractNumber, t.version),
]);

export const payments = sqliteTable("payments", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  objectId: integer("object_id").notNull().references(() => objects.id, { onDelete: "cascade" }),
  contractId: integer("contract_id").references(() => contracts.id, { onDelete: "set null" }),
  amount: kopecks("amount").notNull(),
  description: text("description").notNull(),
  paymentLink: text("payment_link").notNull(),
  qrPayload: text("qr_payload").notNull(),
  status: text("status", { enum: paymentStatuses }).notNull().default("pending"),
  createdAt: createdAt(),
  /** What staff recorded as received, when, and who (a user id, kept even if the account goes). */
  receivedAmount: kopecks("received_amount"),
  receivedAt: timestamp("received_at"),
  receivedBy: integer("received_by"),
  /** The prepayment of the contract, or the final payment of the ledger's remainder. */
  kind: text("kind", { enum: paymentKinds }).notNull().default("prepayment"),
  /** The service agreement a "service" payment is for (db/schema/service.ts); null for the works' payments. */
  serviceAgreementId: integer("service_agreement_id").references(() => serviceAgreements.id, {
    onDelete: "set null",
  }),
}, (t) => [index("payments_object_idx").on(t.objectId), index("payments_company_idx").on(t.companyId)]);
