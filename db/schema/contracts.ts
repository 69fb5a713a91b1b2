import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, createdAt, id, timestamp } from "./_columns.ts";
import { companies } from "./companies.ts";
import { users } from "./users.ts";
import { objects } from "./objects.ts";
import { contracts, estimates, payments } from "./estimates.ts";

/**
 * A client's private link: opens the estimate, the contract and the prepayment without an account.
 * Only the SHA-256 of the token is kept; the link stops at expiresAt or when revoked.
 */
export const clientLinks = sqliteTable("client_links", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  objectId: integer("object_id").notNull().references(() => objects.id, { onDelete: "cascade" }),
  estimateId: integer("estimate_id").references(() => estimates.id, { onDelete: "set null" }),
  contractId: integer("contract_id").references(() => contracts.id, { onDelete: "set null" }),
  paymentId: integer("payment_id").references(() => payments.id, { onDelete: "set null" }),
  tokenHash: text("token_hash").notNull(),
  /** Itemised estimate, or only section totals. */
  showItems: bool("show_items").notNull().default(true),
  createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
  expiresAt: timestamp("expires_at").notNull(),
  revokedAt: timestamp("revoked_at"),
  openedAt: timestamp("opened_at"),
  acceptedAt: timestamp("accepted_at"),
  /** The estimate version the link shows and lets the client accept (its contract's); a newer version of the
   * estimate supersedes the link. Null for links made before it was recorded. */
  estimateVersion: integer("estimate_version"),
}, (t) => [
  uniqueIndex("client_links_token_idx").on(t.tokenHash),
  index("client_links_object_idx").on(t.objectId),
]);

/** The client's signature of one contract version: who, when, from where, over which exact text. */
export const contractSignatures = sqliteTable("contract_signatures", {
  id: id(),
  contractId: integer("contract_id").notNull().references(() => contracts.id, { onDelete: "cascade" }),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  linkId: integer("link_id").references(() => clientLinks.id, { onDelete: "set null" }),
  signerName: text("signer_name").notNull(),
  /** The drawn signature, a PNG data URL. */
  signatureImage: text("signature_image").notNull(),
  ip: text("ip"),
  userAgent: text("user_agent"),
  textSha256: text("text_sha256").notNull(),
  signedAt: timestamp("signed_at").notNull(),
}, (t) => [uniqueIndex("contract_signatures_contract_idx").on(t.contractId)]);

/**
 * Objects a customer asked to attach to the account through a private link. Holding the link proves nothing
 * (links are forwarded), so the request waits until the company's staff confirm that the account is their
 * client (approvedAt); only then does «Мои объекты» show the object.
 */
export const customerObjects = sqliteTable("customer_objects", {
  id: id(),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  objectId: integer("object_id").notNull().references(() => objects.id, { onDelete: "cascade" }),
  linkId: integer("link_id").references(() => clientLinks.id, { onDelete: "set null" }),
  createdAt: createdAt(),
  approvedAt: timestamp("approved_at"),
  approvedBy: integer("approved_by").references(() => users.id, { onDelete: "set null" }),
}, (t) => [uniqueIndex("customer_objects_user_object_idx").on(t.userId, t.objectId)]);

/** A company's own contract template for one work type; without a row the built-in template is used. */
export const contractTemplates = sqliteTable("contract_templates", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  workType: text("work_type").notNull(),
  body: text("body").notNull(),
  updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at").notNull(),
}, (t) => [uniqueIndex("contract_templates_company_type_idx").on(t.companyId, t.workType)]);

/**
 * The client's answer to an estimate version sent for approval: approved, or changes asked
 * for with a comment. Who (the name the client typed, or the staff member), when, through which link, which
 * version. A repeated approval of an approved version adds nothing (db/quotes.ts); approving again after
 * the approval was taken back adds a second row.
 */
export const estimateDecisions = sqliteTable("estimate_decisions", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  objectId: integer("object_id").notNull().references(() => objects.id, { onDelete: "cascade" }),
  estimateId: integer("estimate_id").notNull().references(() => estimates.id, { onDelete: "cascade" }),
  estimateVersion: integer("estimate_version").notNull(),
  linkId: integer("link_id").references(() => clientLinks.id, { onDelete: "set null" }),
  /** "approved" or "changes_requested". */
  decision: text("decision", { enum: ["approved", "changes_requested"] }).notNull(),
  comment: text("comment"),
  /** The name the client gave, or the staff member's name. */
  byName: text("by_name").notNull(),
  /** A staff member who recorded it (null for the client through the link); kept even if the account goes. */
  byUserId: integer("by_user_id"),
  ip: text("ip"),
  userAgent: text("user_agent"),
  createdAt: createdAt(),
}, (t) => [
  index("estimate_decisions_estimate_idx").on(t.estimateId, t.estimateVersion, t.createdAt),
  index("estimate_decisions_object_idx").on(t.objectId, t.createdAt),
]);
