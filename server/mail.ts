// E-mail through an SMTP server with nodemailer, configured by the environment (SMTP_HOST, SMTP_PORT, SMTP_SECURE,
// SMTP_USER, SMTP_PASSWORD, MAIL_FROM). Without SMTP_HOST there is no mailer and the outbox keeps its messages
// («не отправлено: почта не настроена»).
// @ts-types="npm:@types/nodemailer@^8.0.2"
import type Nodemailer from "nodemailer";
import type { Env } from "./env.ts";

/** One message as the outbox holds it. */
export interface MailMessage {
  id: number;
  recipient: string;
  senderName: string;
  replyTo: string | null;
  subject: string;
  textBody: string;
  htmlBody: string;
  dedupeKey: string;
}

/** The server's refusal or the connection's failure; `permanent` for a 5xx answer (a bounce). */
export class MailError extends Error {
  constructor(message: string, readonly permanent: boolean, readonly responseCode: number | null) {
    super(message);
  }
}

export interface Mailer {
  /** Hands the message to the SMTP server; answers the server's acceptance line or throws MailError. */
  send(message: MailMessage): Promise<{ response: string }>;
  close(): void;
}

export interface SmtpConfig {
  host: string;
  port: number;
  secure: boolean;
  user?: string;
  password?: string;
  /** `Name <address>` or an address. */
  from: string;
}

/** The SMTP settings of the environment, or null when mail is not configured. */
export function smtpConfigFromEnv(env: Env): SmtpConfig | null {
  if (!env.SMTP_HOST) return null;
  const secure = env.SMTP_SECURE === "true";
  return {
    host: env.SMTP_HOST,
    port: env.SMTP_PORT ?? (secure ? 465 : 587),
    secure,
    user: env.SMTP_USER,
    password: env.SMTP_PASSWORD,
    from: env.MAIL_FROM ?? (env.SMTP_USER?.includes("@") ? env.SMTP_USER : `noreply@${env.SMTP_HOST}`),
  };
}

/** The bare address of `Name <address>`. */
const addressOf = (from: string) => from.match(/<([^>]+)>/)?.[1] ?? from.trim();

/** A stable Message-ID per outbox message: a receiver that keeps Message-IDs drops a repeat after a crash. */
export const messageIdOf = (m: Pick<MailMessage, "id">, from: string) =>
  `<outbox-${m.id}@${addressOf(from).split("@")[1] ?? "polesmeta.local"}>`;

/** A mailer for one SMTP server. Timeouts are well under the outbox lease, so a claim outlives its send. */
export function smtpMailer(config: SmtpConfig): Mailer {
  // Imported with the first mailer (as pdf-lib is, pdf_document.ts): a server without mail never loads it.
  const transport = import("nodemailer").then(({ default: nodemailer }) =>
    (nodemailer as typeof Nodemailer).createTransport({
      host: config.host,
      port: config.port,
      secure: config.secure,
      auth: config.user ? { user: config.user, pass: config.password ?? "" } : undefined,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    })
  );
  const fromAddress = addressOf(config.from);
  return {
    async send(m) {
      try {
        const info = await (await transport).sendMail({
          from: { name: m.senderName, address: fromAddress },
          replyTo: m.replyTo ?? undefined,
          to: m.recipient,
          subject: m.subject,
          text: m.textBody,
          html: m.htmlBody,
          messageId: messageIdOf(m, config.from),
          headers: { "X-Polesmeta-Message": m.dedupeKey },
        });
        return { response: String(info.response ?? "250 accepted") };
      } catch (error) {
        const e = error as { responseCode?: number; response?: string; message?: string; code?: string };
        const code = typeof e.responseCode === "number" ? e.responseCode : null;
        const text = e.response ?? `${e.code ? `${e.code}: ` : ""}${e.message ?? String(error)}`;
        throw new MailError(text, code !== null && code >= 500, code);
      }
    },
    close: () => void transport.then((t) => t.close()),
  };
}
