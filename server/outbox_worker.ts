// The outbox worker: claims due messages with a lease, sends them one by one, and records each answer.
//
// Exactly once: a message is claimed (lease), its claim renewed right before the send, and marked sent right after
// the SMTP server accepted it. A process killed before the acceptance leaves a claim that lapses: another run
// sends the message then. The one window left is between the server's «250» and the commit of «sent» (one local
// write, about a millisecond): a kill exactly there sends the message again after the lease, with the same
// Message-ID (server/mail.ts), which a receiver that keeps Message-IDs drops.
import {
  claimDueMessages,
  markAttemptFailed,
  markSent,
  type OutboxMessage,
  renewLease,
} from "../db/outbox.ts";
import { deletedWebhookAnswer, findCompanyMailServer, findWebhook } from "../db/company_mail.ts";
import { type Mailer, MailError, smtpConfigFromEnv, smtpConfigOfCompany, smtpMailer } from "./mail.ts";
import { SecretBox } from "./secret_box.ts";
import { postWebhook } from "./webhooks.ts";
import type { AppDeps } from "./types.ts";

/** Messages claimed at once. */
export const BATCH_SIZE = 20;
/** After this many failed tries a message is failed for good. */
export const MAX_ATTEMPTS = 8;
/** The first retry's delay; each next one doubles, up to an hour. */
export const RETRY_BASE_MS = 30_000;
const RETRY_MAX_MS = 60 * 60_000;

/** When to try again after `attempts` failed tries (1, 2, …): 30 s, 1 min, 2 min … at most 1 h. */
export const retryDelayMs = (attempts: number, base = RETRY_BASE_MS) =>
  Math.min(base * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);

export interface DeliveryReport {
  claimed: number;
  sent: number;
  retried: number;
  failed: number;
}

type WorkerDeps = Pick<AppDeps, "db" | "now" | "env">;

/**
 * One run: claims a batch of due messages and sends each (an e-mail through its company's own server when it has
 * one, else through `mailer`, the environment's; a webhook to its endpoint); answers what happened. Without
 * `mailer` the e-mails of companies without a server of their own wait.
 */
export async function deliverDueMessages(
  deps: WorkerDeps,
  mailer: Mailer | null,
  o: { owner: string; leaseMs: number; limit?: number; retryBaseMs?: number },
): Promise<DeliveryReport> {
  const { db, now } = deps;
  const batch = await claimDueMessages(db, o.owner, {
    now: now(),
    leaseUntil: new Date(now().getTime() + o.leaseMs),
    limit: o.limit ?? BATCH_SIZE,
    defaultMailServer: mailer !== null,
  });
  const report: DeliveryReport = { claimed: batch.length, sent: 0, retried: 0, failed: 0 };
  const couriers = new Couriers(deps, mailer);
  try {
    for (const message of batch) await deliverOne(deps, couriers, message, o, report);
  } finally {
    couriers.close();
  }
  return report;
}

async function deliverOne(
  { db, now }: WorkerDeps,
  couriers: Couriers,
  message: OutboxMessage,
  o: { owner: string; leaseMs: number; retryBaseMs?: number },
  report: DeliveryReport,
) {
  if (!await renewLease(db, message.id, o.owner, new Date(now().getTime() + o.leaseMs))) return;
  const outcome = await sendOne(() => couriers.deliver(message));
  if (outcome.ok) {
    await markSent(db, message.id, { response: outcome.response, at: now() });
    report.sent++;
    return;
  }
  const attempts = message.attempts + 1;
  const forGood = outcome.permanent || attempts >= MAX_ATTEMPTS;
  await markAttemptFailed(db, message.id, {
    response: outcome.response,
    retryAt: forGood ? null : new Date(now().getTime() + retryDelayMs(attempts, o.retryBaseMs)),
  });
  if (forGood) report.failed++;
  else report.retried++;
}

/**
 * Who carries each message of one run: the company's own SMTP server (made once per run, its password unsealed
 * with MAIL_SECRET_KEY), the environment's, or the webhook's endpoint.
 */
class Couriers {
  private readonly companyMailers = new Map<number, Promise<Mailer | null>>();
  private box: Promise<SecretBox | null> | null = null;

  constructor(private readonly deps: WorkerDeps, private readonly mailer: Mailer | null) {}

  private secrets() {
    return this.box ??= SecretBox.fromSecret(this.deps.env.MAIL_SECRET_KEY);
  }

  private async unseal(sealed: string, what: string): Promise<string> {
    const box = await this.secrets();
    try {
      if (!box) throw new Error("no key");
      return await box.open(sealed);
    } catch {
      throw new MailError(`не удалось расшифровать ${what}: проверьте MAIL_SECRET_KEY`, false, null);
    }
  }

  private companyMailer(companyId: number): Promise<Mailer | null> {
    let made = this.companyMailers.get(companyId);
    if (!made) {
      made = findCompanyMailServer(this.deps.db, companyId).then(async (server) => {
        if (!server) return null;
        const password = server.passwordCipher
          ? await this.unseal(server.passwordCipher, "пароль почтового сервера компании")
          : null;
        return smtpMailer(smtpConfigOfCompany(server, password));
      });
      this.companyMailers.set(companyId, made);
    }
    return made;
  }

  async deliver(message: OutboxMessage): Promise<{ response: string }> {
    if (message.channel === "webhook") {
      const endpoint = message.webhookId ? await findWebhook(this.deps.db, message.webhookId) : null;
      // Deleted while this message was claimed: failed at once, like its other waiting deliveries.
      if (!endpoint) throw new MailError(deletedWebhookAnswer, true, null);
      return await postWebhook({
        url: endpoint.url,
        secret: await this.unseal(endpoint.secretCipher, "секрет вебхука"),
        body: message.textBody,
        deliveryId: message.id,
        now: this.deps.now(),
      });
    }
    const mailer = (await this.companyMailer(message.companyId)) ?? this.mailer;
    if (!mailer) throw new MailError("почта не настроена", false, null);
    return await mailer.send(message);
  }

  close() {
    for (const made of this.companyMailers.values()) made.then((m) => m?.close(), () => {});
  }
}

async function sendOne(send: () => Promise<{ response: string }>) {
  try {
    const { response } = await send();
    return { ok: true as const, response };
  } catch (error) {
    if (error instanceof MailError) {
      return { ok: false as const, response: error.message, permanent: error.permanent };
    }
    return { ok: false as const, response: String(error), permanent: false };
  }
}

/**
 * Starts the worker: a run every OUTBOX_POLL_MS, at once again while batches come full. Answers a function that
 * stops it. Without SMTP_HOST it still carries webhooks and the e-mails of companies with a server of their own;
 * the other e-mails wait.
 */
export function startOutboxWorker(deps: Pick<AppDeps, "db" | "now" | "env" | "log">): () => Promise<void> {
  const config = smtpConfigFromEnv(deps.env);
  const mailer = config ? smtpMailer(config) : null;
  const owner = `${Deno.hostname()}:${Deno.pid}:${crypto.randomUUID().slice(0, 8)}`;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void>;
  const run = async () => {
    let full = false;
    try {
      const report = await deliverDueMessages(deps, mailer, { owner, leaseMs: deps.env.OUTBOX_LEASE_MS });
      full = report.claimed >= BATCH_SIZE;
    } catch (error) {
      // Through the redacting logger: an SMTP error may quote a recipient's address.
      deps.log.error("outbox", { stack: (error as Error)?.stack ?? String(error) });
    }
    if (!stopped) timer = setTimeout(() => running = run(), full ? 0 : deps.env.OUTBOX_POLL_MS);
  };
  running = run();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    // The batch being sent is finished (each message marked sent or failed) before the mailer closes.
    await running;
    mailer?.close();
  };
}
