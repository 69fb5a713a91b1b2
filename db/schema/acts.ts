import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, id, jsonText, kopecks, timestamp } from "./_columns.ts";
import { companies } from "./companies.ts";
import { users } from "./users.ts";
import { objects } from "./objects.ts";
import { contracts } from "./estimates.ts";
import { clientLinks } from "./contracts.ts";
import type { ActContent } from "../../domain/acts.ts";

/**
 * The act of completed works («Акт сдачи-приёмки выполненных работ»), one row per version of an object's
 * act. Its content (lines and figures) is written once; the client then signs it (the signature columns) or
 * refuses it with a comment (the refusal columns), and a signed or refused version is never changed: a new
 * act after a refusal is the next version.
 */
export const completionActs = sqliteTable("completion_acts", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  objectId: integer("object_id").notNull().references(() => objects.id, { onDelete: "cascade" }),
  contractId: integer("contract_id").notNull().references(() => contracts.id, { onDelete: "cascade" }),
  version: integer("version").notNull(),
  /** The works and equipment with the totals, as issued (domain/acts.ts ActContent). */
  content: jsonText<ActContent | null>("completion_acts", "content", null).notNull(),
  totalAmount: kopecks("total_amount").notNull(),
  /** Money received when the act was made, and what remained due. */
  receivedAmount: kopecks("received_amount").notNull(),
  dueAmount: kopecks("due_amount").notNull(),
  /** SHA-256 of the act's text as printed (domain/acts.ts actText), what the client signs. */
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
  uniqueIndex("completion_acts_object_version_idx").on(t.objectId, t.version),
  index("completion_acts_company_idx").on(t.companyId),
]);
