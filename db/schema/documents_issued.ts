import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, id, jsonText, kopecks } from "./_columns.ts";
import { companies } from "./companies.ts";
import { users } from "./users.ts";
import { objects } from "./objects.ts";
import { contracts } from "./estimates.ts";

/**
 * Every number given to a document (domain/document_numbers.ts): per company, kind and year in sequence.
 * The unique index makes two writers that read the same last number at once fail rather than share it.
 */
export const documentNumbers = sqliteTable("document_numbers", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  /** domain/document_numbers.ts DocumentNumberKind. */
  kind: text("kind").notNull(),
  year: integer("year").notNull(),
  seq: integer("seq").notNull(),
  /** The number as printed, «СЧ-2026-0003». */
  label: text("label").notNull(),
  createdAt: createdAt(),
}, (t) => [uniqueIndex("document_numbers_seq_idx").on(t.companyId, t.kind, t.year, t.seq)]);

/**
 * An issued invoice («Счёт на оплату»), kept as issued: the document (seller, buyer, lines, VAT, the amount
 * asked) is stored whole, so a later change of the estimate or the requisites makes a new invoice, never
 * rewrites this one.
 */
export const invoices = sqliteTable("invoices", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  objectId: integer("object_id").notNull().references(() => objects.id, { onDelete: "cascade" }),
  contractId: integer("contract_id").references(() => contracts.id, { onDelete: "set null" }),
  number: text("number").notNull(),
  /** "prepayment" or "final": what the amount asked is. */
  kind: text("kind", { enum: ["prepayment", "final"] }).notNull(),
  amount: kopecks("amount").notNull(),
  /** domain/invoice.ts InvoiceDocument. */
  document: jsonText<unknown>("invoices", "document", null).notNull(),
  createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex("invoices_company_number_idx").on(t.companyId, t.number),
  index("invoices_object_idx").on(t.objectId, t.createdAt),
]);
