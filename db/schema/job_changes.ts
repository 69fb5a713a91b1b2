import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, createdAt, id, jsonText, kopecks, timestamp } from "./_columns.ts";
import { companies } from "./companies.ts";
import { users } from "./users.ts";
import { objects } from "./objects.ts";
import { contracts } from "./estimates.ts";
import { clientLinks } from "./contracts.ts";
import type { AgreementContent } from "../../domain/job_changes.ts";

/**
 * The supplementary agreement («Дополнительное соглашение») to an object's contract: the changes it agrees,
 * written once (content), then signed by the client through the link or refused with a comment. A signed or
 * refused agreement is never changed; the changes of a refused one return to the staff to edit and send again.
 */
export const supplementaryAgreements = sqliteTable("supplementary_agreements", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  objectId: integer("object_id").notNull().references(() => objects.id, { onDelete: "cascade" }),
  contractId: integer("contract_id").notNull().references(() => contracts.id, { onDelete: "cascade" }),
  /** N of «Дополнительное соглашение № N»: in sequence per contract (domain/job_changes.ts agreementNumber). */
  number: integer("number").notNull(),
  content: jsonText<AgreementContent | null>("supplementary_agreements", "content", null).notNull(),
  oldTotal: kopecks("old_total").notNull(),
  newTotal: kopecks("new_total").notNull(),
  /** SHA-256 of the agreement's text (domain/job_changes.ts agreementText), what the client signs. */
  textSha256: text("text_sha256").notNull(),
  createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
  linkId: integer("link_id").references(() => clientLinks.id, { onDelete: "set null" }),
  signerName: text("signer_name"),
  /** The drawn signature, a PNG data URL. */
  signatureImage: text("signature_image"),
  signedAt: timestamp("signed_at"),
  ip: text("ip"),
  userAgent: text("user_agent"),
  refusedAt: timestamp("refused_at"),
  refusalComment: text("refusal_comment"),
  refusedBy: text("refused_by"),
}, (t) => [
  uniqueIndex("supplementary_agreements_contract_number_idx").on(t.contractId, t.number),
  index("supplementary_agreements_object_idx").on(t.objectId),
]);

/**
 * A change to the approved estimate recorded at the works: a line's quantity changed («qty»), a line not done
 * («removed»), or an item added from the price list («added»), with its reason and photos (documents of the
 * object). Lines are the contract's estimate version's, by position. Decreases count at once; increases and
 * changes flagged «требует согласия клиента» count once their agreement is signed.
 */
export const jobChanges = sqliteTable("job_changes", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  objectId: integer("object_id").notNull().references(() => objects.id, { onDelete: "cascade" }),
  contractId: integer("contract_id").notNull().references(() => contracts.id, { onDelete: "cascade" }),
  kind: text("kind", { enum: ["qty", "removed", "added"] }).notNull(),
  /** The estimate line's index in the contract's estimate version (null for an added item). */
  lineIndex: integer("line_index"),
  section: text("section").notNull(),
  name: text("name").notNull(),
  unit: text("unit").notNull(),
  oldQuantity: real("old_quantity").notNull(),
  newQuantity: real("new_quantity").notNull(),
  pricePerUnit: kopecks("price_per_unit").notNull(),
  reason: text("reason").notNull(),
  requiresConsent: bool("requires_consent").notNull().default(false),
  /** Document ids of the photos (uploaded to the object through /api/objects/:id/documents). */
  photoIds: jsonText<number[]>("job_changes", "photo_ids", []).notNull(),
  agreementId: integer("agreement_id").references(() => supplementaryAgreements.id, { onDelete: "set null" }),
  createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at"),
}, (t) => [index("job_changes_object_idx").on(t.objectId)]);
