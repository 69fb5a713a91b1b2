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
import { type Mailer, MailError, smtpConfigFromEnv, smtpMailer } from "./mail.ts";
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

type WorkerDeps = Pick<AppDeps, "db" | "now">;

/** One run: claims a batch of due messages and sends each; answers what happened. */
export async function deliverDueMessages(
  deps: WorkerDeps,
  mailer: Mailer,
  o: { owner: string; leaseMs: number; limit?: number; retryBaseMs?: number },
): Promise<DeliveryReport> {
  const { db, now } = deps;
  const batch = await claimDueMessages(db, o.owner, {
    now: now(),
    leaseUntil: new Date(now().getTime() + o.leaseMs),
    limit: o.limit ?? BATCH_SIZE,
  });
  const report: DeliveryReport = { claimed: batch.length, sent: 0, retried: 0, failed: 0 };
  for (const message of batch) {
    if (!await renewLease(db, message.id, o.owner, new Date(now().getTime() + o.leaseMs))) continue;
    const outcome = await sendOne(mailer, message);
    if (outcome.ok) {
      await markSent(db, message.id, { response: outcome.response, at: now() });
      report.sent++;
      continue;
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
  return report;
}

async function sendOne(mailer: Mailer, message: OutboxMessage) {
  try {
    const { response } = await mailer.send(message);
    return { ok: true as const, response };
  } catch (error) {
    if (error instanceof MailError) {
      return { ok: false as const, response: error.message, permanent: error.permanent };
    }
    return { ok: false as const, response: String(error), permanent: false };
  }
}

/**
 * Starts the worker when mail is configured (SMTP_HOST): a run every OUTBOX_POLL_MS, at once again while batches
 * come full. Answers a function that stops it. Without mail nothing runs and the messages wait.
 */
export function startOutboxWorker(deps: Pick<AppDeps, "db" | "now" | "env" | "log">): () => Promise<void> {
  const config = smtpConfigFromEnv(deps.env);
  if (!config) return () => Promise.resolve();
  const mailer = smtpMailer(config);
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
    mailer.close();
  };
}
