// A company's own SMTP server and its webhooks: what the settings screen edits and the outbox worker reads.
// Secrets arrive here sealed (server/secret_box.ts) and are stored as they came.
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "./client.ts";
import { companyMailServers, outboxMessages, webhookEndpoints } from "./schema/mod.ts";
import type { ClientMessageEvent, SmtpTlsMode } from "../domain/client_messages.ts";

export type CompanyMailServer = typeof companyMailServers.$inferSelect;

/** The company's SMTP server, with its sealed password, or null when it uses the environment's. */
export async function findCompanyMailServer(db: Db, companyId: number): Promise<CompanyMailServer | null> {
  const [row] = await db.select().from(companyMailServers).where(eq(companyMailServers.companyId, companyId));
  return row ?? null;
}

export interface MailServerInput {
  host: string;
  port: number;
  tls: SmtpTlsMode;
  username: string | null;
  /** The sealed password; undefined keeps the stored one, null removes it. */
  passwordCipher: string | null | undefined;
  fromAddress: string;
}

/** Sets the company's SMTP server (one per company). */
export async function saveCompanyMailServer(
  db: Db,
  companyId: number,
  input: MailServerInput,
): Promise<void> {
  const { passwordCipher, ...rest } = input;
  const keep = passwordCipher === undefined ? {} : { passwordCipher };
  await db.insert(companyMailServers).values({ companyId, ...rest, passwordCipher: passwordCipher ?? null })
    .onConflictDoUpdate({
      target: companyMailServers.companyId,
      set: { ...rest, ...keep, updatedAt: new Date() },
    });
}

/** The company goes back to the environment's server. */
export async function deleteCompanyMailServer(db: Db, companyId: number): Promise<void> {
  await db.delete(companyMailServers).where(eq(companyMailServers.companyId, companyId));
}

export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;

/** The company's webhooks, oldest first, without their secrets. */
export async function listWebhooks(db: Db, companyId: number) {
  return await db.select({
    id: webhookEndpoints.id,
    url: webhookEndpoints.url,
    events: webhookEndpoints.events,
    createdAt: webhookEndpoints.createdAt,
  }).from(webhookEndpoints).where(eq(webhookEndpoints.companyId, companyId)).orderBy(
    asc(webhookEndpoints.id),
  );
}

/** One webhook with its sealed secret, for the worker; null when deleted. */
export async function findWebhook(db: Db, id: number): Promise<WebhookEndpoint | null> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row ?? null;
}

export async function createWebhook(
  db: Db,
  companyId: number,
  input: { url: string; events: ClientMessageEvent[]; secretCipher: string; now: Date },
): Promise<number> {
  const [row] = await db.insert(webhookEndpoints).values({
    companyId,
    url: input.url,
    events: input.events,
    secretCipher: input.secretCipher,
    createdAt: input.now,
  }).returning({ id: webhookEndpoints.id });
  return row.id;
}

/** Changes a webhook's address, events or sealed secret; false when it is not the company's. */
export async function updateWebhook(
  db: Db,
  companyId: number,
  id: number,
  change: { url?: string; events?: ClientMessageEvent[]; secretCipher?: string },
): Promise<boolean> {
  const mine = and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.companyId, companyId));
  if (Object.keys(change).length === 0) {
    return (await db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(mine)).length > 0;
  }
  const rows = await db.update(webhookEndpoints).set(change).where(mine).returning({
    id: webhookEndpoints.id,
  });
  return rows.length > 0;
}

/** The webhook's deliveries still waiting fail with this answer when it is deleted. */
export const deletedWebhookAnswer = "адрес удалён";

/**
 * Deletes a webhook and, in the same transaction, fails its deliveries still waiting (a worker that claimed one
 * already finds the endpoint gone and fails it too); false when it is not the company's.
 */
export async function deleteWebhook(db: Db, companyId: number, id: number): Promise<boolean> {
  return await db.transaction(async (tx) => {
    const rows = await tx.delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.companyId, companyId)))
      .returning({ id: webhookEndpoints.id });
    if (rows.length === 0) return false;
    await tx.update(outboxMessages).set({
      status: "failed",
      lastResponse: deletedWebhookAnswer,
      leaseOwner: null,
      leaseUntil: null,
    }).where(and(
      eq(outboxMessages.channel, "webhook"),
      eq(outboxMessages.webhookId, id),
      eq(outboxMessages.status, "pending"),
    ));
    return true;
  });
}
