import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";
import { bool, createdAt, id, inList, jsonText, timestamp, updatedAt } from "./_columns.ts";
import { companies } from "./companies.ts";
import { objects } from "./objects.ts";
import {
  type ClientMessageEvent,
  outboxChannels,
  outboxStatuses,
  smtpTlsModes,
} from "../../domain/client_messages.ts";

/**
 * A company's webhook: every event it chose is POSTed to `url` as JSON signed with the endpoint's secret
 * (server/webhooks.ts). The secret is kept encrypted (server/secret_box.ts): the server needs it to sign.
 */
export const webhookEndpoints = sqliteTable("webhook_endpoints", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  url: text("url").notNull(),
  events: jsonText<ClientMessageEvent[]>("webhook_endpoints", "events", [])
    .notNull(),
  secretCipher: text("secret_cipher").notNull(),
  createdAt: createdAt(),
}, (t) => [index("webhook_endpoints_company_idx").on(t.companyId)]);

/**
 * A company's own SMTP server: its messages go through it instead of the environment's. The password is
 * kept encrypted with MAIL_SECRET_KEY (server/secret_box.ts) and never leaves the server.
 */
export const companyMailServers = sqliteTable("company_mail_servers", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  host: text("host").notNull(),
  port: integer("port").notNull(),
  tls: text("tls", { enum: smtpTlsModes }).notNull(),
  username: text("username"),
  passwordCipher: text("password_cipher"),
  fromAddress: text("from_address").notNull(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex("company_mail_servers_company_idx").on(t.companyId),
  check("company_mail_servers_tls_check", sql.raw(`tls IN (${inList(smtpTlsModes)})`)),
]);

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
  /** "email": `recipient` is the client's address; "webhook": it is the endpoint's URL and `textBody` the JSON. */
  channel: text("channel", { enum: outboxChannels }).notNull().default("email"),
  /** The webhook's id (no foreign key: deleting an endpoint fails its waiting rows, db/webhooks.ts). */
  webhookId: integer("webhook_id"),
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
