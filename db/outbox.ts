// The outbox of messages to clients. An event writes its message with enqueueClientMessage in its own
// transaction; the worker (server/outbox_worker.ts) claims due messages with a lease, sends each, and marks it
// sent the moment the mail server accepted it, or schedules a retry, or marks it failed with the server's answer.
import { and, asc, count, desc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { encodeBase64url } from "@oslojs/encoding";
import { sha256Hex } from "../domain/hash.ts";
import type { Db, Executor } from "./client.ts";
import {
  companies,
  companyMailServers,
  companyMessageSettings,
  mailUnsubscribes,
  outboxMessages,
  webhookEndpoints,
} from "./schema/mod.ts";
import type { Scope } from "./scope.ts";
import {
  type ClientMessageEvent,
  clientMessageEventLabels,
  clientMessageEvents,
  type ClientMessageFacts,
  isMandatory,
  isReminder,
  renderClientMessage,
} from "../domain/client_messages.ts";

export type OutboxMessage = typeof outboxMessages.$inferSelect;

export interface ClientMessage {
  companyId: number;
  objectId?: number | null;
  orderId?: number | null;
  event: ClientMessageEvent;
  /** The client's e-mail; a message with none is not written. */
  recipient: string | null | undefined;
  /** What makes this event this one (a payment's id, an order's id and status …): with the event and the
   * recipient it is the message's unique key, so the event raised twice writes one message. */
  key: string;
  facts: ClientMessageFacts;
  /** The site's address, for the unsubscribe link of a reminder. */
  origin: string;
  now: Date;
}

/** Why a message was not written: no address, the company switched the event off, the client unsubscribed. */
export type EnqueueResult =
  | { id: number }
  | { skipped: "no_recipient" | "disabled" | "unsubscribed" | "duplicate" };

/**
 * Writes the message of a client event into the outbox, in the caller's transaction (`tx`), so the message exists
 * exactly when the event does. Renders it now (the link carries a token whose hash alone is kept elsewhere).
 * A repeat of the same event, key and recipient writes nothing (the unique dedupe key).
 */
export async function enqueueClientMessage(tx: Executor, m: ClientMessage): Promise<EnqueueResult> {
  const [company] = await tx.select({
    name: companies.name,
    phone: companies.phone,
    email: companies.email,
    inn: companies.inn,
    kpp: companies.kpp,
    ogrn: companies.ogrn,
    legalAddress: companies.legalAddress,
  }).from(companies).where(eq(companies.id, m.companyId));
  if (!company) throw new Error(`Company ${m.companyId} not found for a client message`);
  // The company's webhooks get the event whatever the client's address, switch or unsubscription.
  await enqueueWebhooks(tx, m, company.name);
  const recipient = m.recipient?.trim().toLowerCase();
  if (!recipient || !recipient.includes("@")) return { skipped: "no_recipient" };
  if (!isMandatory(m.event)) {
    const [setting] = await tx.select({ enabled: companyMessageSettings.enabled }).from(
      companyMessageSettings,
    )
      .where(
        and(eq(companyMessageSettings.companyId, m.companyId), eq(companyMessageSettings.event, m.event)),
      );
    if (setting && !setting.enabled) return { skipped: "disabled" };
  }
  const reminder = isReminder(m.event);
  if (reminder) {
    const [gone] = await tx.select({ id: mailUnsubscribes.id }).from(mailUnsubscribes)
      .where(and(eq(mailUnsubscribes.companyId, m.companyId), eq(mailUnsubscribes.email, recipient)));
    if (gone) return { skipped: "unsubscribed" };
  }
  const unsubscribeToken = reminder
    ? encodeBase64url(crypto.getRandomValues(new Uint8Array(24))).replace(/=+$/, "")
    : null;
  const origin = m.origin.replace(/\/$/, "");
  const rendered = renderClientMessage(m.event, m.facts, {
    company,
    unsubscribeLink: unsubscribeToken ? `${origin}/unsubscribe/${unsubscribeToken}` : null,
  });
  const rows = await tx.insert(outboxMessages).values({
    companyId: m.companyId,
    objectId: m.objectId ?? null,
    orderId: m.orderId ?? null,
    event: m.event,
    recipient,
    dedupeKey: `${m.companyId}:${m.event}:${m.key}:${recipient}`,
    isReminder: reminder,
    senderName: company.name,
    replyTo: company.email,
    subject: rendered.subject,
    textBody: rendered.text,
    htmlBody: rendered.html,
    nextAttemptAt: m.now,
    createdAt: m.now,
    unsubscribeHash: unsubscribeToken ? sha256Hex(unsubscribeToken) : null,
  }).onConflictDoNothing({ target: outboxMessages.dedupeKey }).returning({ id: outboxMessages.id });
  return rows[0] ? { id: rows[0].id } : { skipped: "duplicate" };
}

/** The JSON a webhook receives for an event (docs/messages.md shows it). */
export function webhookPayload(
  m: Pick<ClientMessage, "companyId" | "objectId" | "orderId" | "event" | "facts" | "now">,
  companyName: string,
) {
  return {
    event: m.event,
    eventLabel: clientMessageEventLabels[m.event],
    object: m.objectId ? { id: m.objectId, address: m.facts.address ?? null } : null,
    order: m.orderId ? { id: m.orderId, number: m.facts.orderNumber ?? null } : null,
    company: { id: m.companyId, name: companyName },
    time: m.now.toISOString(),
    link: m.facts.link,
  };
}

/** A row per endpoint of the company that chose this event, each with its own unique key. */
async function enqueueWebhooks(tx: Executor, m: ClientMessage, companyName: string) {
  const endpoints = await tx.select({
    id: webhookEndpoints.id,
    url: webhookEndpoints.url,
    events: webhookEndpoints.events,
  })
    .from(webhookEndpoints).where(eq(webhookEndpoints.companyId, m.companyId));
  const chosen = endpoints.filter((e) => e.events.includes(m.event));
  if (chosen.length === 0) return;
  const body = JSON.stringify(webhookPayload(m, companyName));
  await tx.insert(outboxMessages).values(chosen.map((e) => ({
    companyId: m.companyId,
    objectId: m.objectId ?? null,
    orderId: m.orderId ?? null,
    event: m.event,
    channel: "webhook" as const,
    webhookId: e.id,
    recipient: e.url,
    dedupeKey: `${m.companyId}:${m.event}:${m.key}:webhook:${e.id}`,
    senderName: companyName,
    subject: clientMessageEventLabels[m.event],
    textBody: body,
    htmlBody: "",
    nextAttemptAt: m.now,
    createdAt: m.now,
  }))).onConflictDoNothing({ target: outboxMessages.dedupeKey });
}

/**
 * Claims up to `limit` due messages for `owner` until `leaseUntil`, in one statement: a message whose claim has
 * lapsed (its worker was killed) is due again. Oldest first.
 */
export async function claimDueMessages(
  db: Db,
  owner: string,
  o: { now: Date; leaseUntil: Date; limit: number; companyIds?: number[]; defaultMailServer?: boolean },
): Promise<OutboxMessage[]> {
  // Without the environment's server an e-mail waits unless its company has a server of its own.
  const sendable = o.defaultMailServer === false
    ? or(
      eq(outboxMessages.channel, "webhook"),
      inArray(
        outboxMessages.companyId,
        db.select({ id: companyMailServers.companyId }).from(companyMailServers),
      ),
    )
    : undefined;
  const due = db.select({ id: outboxMessages.id }).from(outboxMessages).where(and(
    eq(outboxMessages.status, "pending"),
    lte(outboxMessages.nextAttemptAt, o.now),
    or(isNull(outboxMessages.leaseUntil), lte(outboxMessages.leaseUntil, o.now)),
    o.companyIds ? inArray(outboxMessages.companyId, o.companyIds) : undefined,
    sendable,
  )).orderBy(asc(outboxMessages.id)).limit(o.limit);
  const rows = await db.update(outboxMessages).set({ leaseOwner: owner, leaseUntil: o.leaseUntil })
    .where(inArray(outboxMessages.id, due)).returning();
  return rows.sort((a, b) => a.id - b.id);
}

/**
 * Renews the claim on one message right before it is sent; false when it is no longer this worker's to send
 * (another worker took it after the claim lapsed, or it was sent meanwhile).
 */
export async function renewLease(db: Db, id: number, owner: string, leaseUntil: Date): Promise<boolean> {
  const rows = await db.update(outboxMessages).set({ leaseUntil })
    .where(and(
      eq(outboxMessages.id, id),
      eq(outboxMessages.leaseOwner, owner),
      eq(outboxMessages.status, "pending"),
    )).returning({ id: outboxMessages.id });
  return rows.length > 0;
}

/** The mail server accepted the message: it is sent, with the server's answer kept. */
export async function markSent(db: Db, id: number, o: { response: string; at: Date }): Promise<void> {
  await db.update(outboxMessages).set({
    status: "sent",
    sentAt: o.at,
    lastResponse: o.response,
    attempts: sql`${outboxMessages.attempts} + 1`,
    leaseOwner: null,
    leaseUntil: null,
  }).where(eq(outboxMessages.id, id));
}

/** A try failed: again at `retryAt`, or for good (`retryAt` null) with the server's answer. */
export async function markAttemptFailed(
  db: Db,
  id: number,
  o: { response: string; retryAt: Date | null },
): Promise<void> {
  await db.update(outboxMessages).set({
    status: o.retryAt ? "pending" : "failed",
    nextAttemptAt: o.retryAt ?? undefined,
    lastResponse: o.response,
    attempts: sql`${outboxMessages.attempts} + 1`,
    leaseOwner: null,
    leaseUntil: null,
  }).where(eq(outboxMessages.id, id));
}

/** The messages of an object, newest first, for its staff page (what was sent when, delivered or bounced). */
export async function objectMessages(db: Db, scope: Scope, objectId: number) {
  return await db.select({
    id: outboxMessages.id,
    companyId: outboxMessages.companyId,
    event: outboxMessages.event,
    channel: outboxMessages.channel,
    recipient: outboxMessages.recipient,
    subject: outboxMessages.subject,
    status: outboxMessages.status,
    attempts: outboxMessages.attempts,
    lastResponse: outboxMessages.lastResponse,
    createdAt: outboxMessages.createdAt,
    sentAt: outboxMessages.sentAt,
    nextAttemptAt: outboxMessages.nextAttemptAt,
  }).from(outboxMessages).where(and(
    eq(outboxMessages.objectId, objectId),
    scope === null ? undefined : eq(outboxMessages.companyId, scope),
  )).orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id)).limit(100);
}

/**
 * Sends a message again as a new one (its own key, so the first keeps its history): null when the message is
 * not in the scope.
 */
export async function resendMessage(
  db: Db,
  scope: Scope,
  id: number,
  now: Date,
): Promise<{ id: number } | null> {
  return await db.transaction(async (tx) => {
    const [m] = await tx.select().from(outboxMessages).where(and(
      eq(outboxMessages.id, id),
      scope === null ? undefined : eq(outboxMessages.companyId, scope),
    ));
    if (!m) return null;
    const [row] = await tx.insert(outboxMessages).values({
      ...m,
      id: undefined,
      dedupeKey: `${m.dedupeKey}#resend:${now.getTime()}:${m.id}`,
      status: "pending",
      attempts: 0,
      nextAttemptAt: now,
      leaseOwner: null,
      leaseUntil: null,
      lastResponse: null,
      sentAt: null,
      createdAt: now,
    }).returning({ id: outboxMessages.id });
    return row;
  });
}

/** Unsubscribes the recipient of a reminder from the company's reminders; the company's name, or null. */
export async function unsubscribeByToken(db: Db, token: string, now: Date): Promise<string | null> {
  const [m] = await db.select({ companyId: outboxMessages.companyId, recipient: outboxMessages.recipient })
    .from(outboxMessages).where(eq(outboxMessages.unsubscribeHash, sha256Hex(token))).limit(1);
  if (!m) return null;
  await db.insert(mailUnsubscribes).values({ companyId: m.companyId, email: m.recipient, createdAt: now })
    .onConflictDoNothing();
  const [company] = await db.select({ name: companies.name }).from(companies).where(
    eq(companies.id, m.companyId),
  );
  return company?.name ?? "";
}

/** The name of the company whose reminder carried this unsubscribe token, or null. */
export async function companyOfUnsubscribeToken(db: Db, token: string): Promise<string | null> {
  const [row] = await db.select({ name: companies.name }).from(outboxMessages)
    .innerJoin(companies, eq(companies.id, outboxMessages.companyId))
    .where(eq(outboxMessages.unsubscribeHash, sha256Hex(token))).limit(1);
  return row?.name ?? null;
}

/** The company's switch per event (true: the event sends its message). */
export async function companyMessageEvents(db: Db, companyId: number) {
  const rows = await db.select().from(companyMessageSettings).where(
    eq(companyMessageSettings.companyId, companyId),
  );
  return Object.fromEntries(
    clientMessageEvents.map((event) => [event, rows.find((r) => r.event === event)?.enabled ?? true]),
  ) as Record<ClientMessageEvent, boolean>;
}

/** Sets the company's switches of the events given (the API refuses switching off a document to sign). */
export async function saveCompanyMessageEvents(
  db: Db,
  companyId: number,
  events: Partial<Record<ClientMessageEvent, boolean>>,
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [event, enabled] of Object.entries(events)) {
      await tx.insert(companyMessageSettings).values({ companyId, event, enabled })
        .onConflictDoUpdate({
          target: [companyMessageSettings.companyId, companyMessageSettings.event],
          set: { enabled },
        });
    }
  });
}

/** How many messages wait to be sent, in every company (the server's metrics). */
export async function pendingMessageCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(outboxMessages).where(
    eq(outboxMessages.status, "pending"),
  );
  return row.n;
}
