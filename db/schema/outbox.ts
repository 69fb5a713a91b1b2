import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";
import { bool, createdAt, id, inList, timestamp } from "./_columns.ts";
import { companies } from "./companies.ts";
import { objects } from "./objects.ts";
import { outboxStatuses } from "../../domain/client_messages.ts";

/**
 * A message to a client, written in the same transaction as the event that causes it (db/outbox.ts) and sent
 * by the worker (server/outbox_worker.ts). The text is rendered when the event happens: the client's link in
 * it carries a token of which the database keeps only the hash elsewhere, and the message says what was true
 * at the event. `dedupeKey` is unique: one message per event and recipient, however often the event repeats.
 */
export const outboxMessages = sqliteTable("outbox_messages", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  objectId: integer("object_id").references(() => objects.id, { onDelete: "cascade" }),
  /** A shop order's id when the message is about one. */
  orderId: integer("order_id"),
  event: text("event").notNull(),
  recipient: text("recipient").notNull(),
  dedupeKey: text("dedupe_key").notNull(),
  /** A reminder may be unsubscribed from; a document to sign may not. */
  isReminder: bool("is_reminder").notNull().default(false),
  /** The company's name and e-mail: the sender's name and the Reply-To of the message. */
  senderName: text("sender_name").notNull(),
  replyTo: text("reply_to"),
  subject: text("subject").notNull(),
  textBody: text("text_body").notNull(),
  htmlBody: text("html_body").notNull(),
  status: text("status", { enum: outboxStatuses }).notNull().default("pending"),
  attempts: integer("attempts").notNull().default(0),
  nextAttemptAt: timestamp("next_attempt_at").notNull(),
  /** A worker's claim: until this moment no other worker takes the message (a killed worker's claim lapses). */
  leaseUntil: timestamp("lease_until"),
  leaseOwner: text("lease_owner"),
  /** The mail server's last answer: the acceptance line when sent, the refusal when it failed. */
  lastResponse: text("last_response"),
  sentAt: timestamp("sent_at"),
  createdAt: createdAt(),
  /** SHA-256 of the reminder's unsubscribe token (the link in its footer); null for a document to sign. */
  unsubscribeHash: text("unsubscribe_hash"),
}, (t) => [
  uniqueIndex("outbox_messages_dedupe_idx").on(t.dedupeKey),
  index("outbox_messages_due_idx").on(t.status, t.nextAttemptAt),
  index("outbox_messages_object_idx").on(t.objectId, t.createdAt),
  index("outbox_messages_unsubscribe_idx").on(t.unsubscribeHash),
  check("outbox_messages_status_check", sql.raw(`status IN (${inList(outboxStatuses)})`)),
]);

/** Addresses that unsubscribed from a company's reminders (the signed link in every reminder). */
export const mailUnsubscribes = sqliteTable("mail_unsubscribes", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  email: text("email").notNull(),
  createdAt: createdAt(),
}, (t) => [uniqueIndex("mail_unsubscribes_company_email_idx").on(t.companyId, t.email)]);

/** The events a company has switched off (no row: the event sends its message). */
export const companyMessageSettings = sqliteTable("company_message_settings", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  event: text("event").notNull(),
  enabled: bool("enabled").notNull(),
}, (t) => [uniqueIndex("company_message_settings_event_idx").on(t.companyId, t.event)]);
