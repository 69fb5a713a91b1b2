// E-mail through an SMTP server with nodemailer, configured by the environment (SMTP_HOST, SMTP_PORT, SMTP_SECURE,
// SMTP_USER, SMTP_PASSWORD, MAIL_FROM). Without SMTP_HOST there is no mailer and the outbox keeps its messages
// («не отправлено: почта не настроена»).
// @ts-types="npm:@types/nodemailer@^8.0.2"
import type Nodemailer from "nodemailer";
import type { Env } from "./env.ts";
import type { SmtpTlsMode } from "../domain/client_messages.ts";

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
  /** A company's server: STARTTLS required, or never tried (a relay in its own network). */
  requireTLS?: boolean;
  ignoreTLS?: boolean;
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

/** The SMTP settings of a company's own server (db/company_mail.ts), its password already unsealed. */
export function smtpConfigOfCompany(
  server: { host: string; port: number; tls: SmtpTlsMode; username: string | null; fromAddress: string },
  password: string | null,
): SmtpConfig {
  return {
    host: server.host,
    port: server.port,
    secure: server.tls === "tls",
    requireTLS: server.tls === "starttls",
    ignoreTLS: server.tls === "none",
    user: server.username ?? undefined,
    password: password ?? undefined,
    from: server.fromAddress,
  };
}

/**
 * The server's answer to a try, said in Russian for the settings' «Проверить» (the server's own words kept
 * after the dash: they are what its administrator searches for).
 */
export function smtpAnswerInRussian(error: MailError, config: Pick<SmtpConfig, "host" | "port">): string {
  const code = error.responseCode;
  const said = error.message;
  if (code === 535 || code === 534 || /EAUTH/.test(said)) {
    return `Сервер не принял логин или пароль — ${said}`;
  }
  if (/ECONNREFUSED/.test(said)) {
    return `Сервер ${config.host}:${config.port} не принимает соединения — ${said}`;
  }
  if (/ENOTFOUND|EAI_AGAIN|getaddrinfo/.test(said)) return `Сервер ${config.host} не найден — ${said}`;
  if (/ETIMEDOUT|ESOCKET|timeout/i.test(said)) return `Сервер не ответил вовремя — ${said}`;
  if (/certificate|TLS|SSL|wrong version/i.test(said)) {
    return `Не удалось установить защищённое соединение: проверьте порт и шифрование — ${said}`;
  }
  if (code !== null && code >= 500) return `Сервер отказал в отправке — ${said}`;
  if (code !== null && code >= 400) return `Сервер временно отказал, письмо можно отправить позже — ${said}`;
  return `Письмо не отправлено — ${said}`;
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
      requireTLS: config.requireTLS,
      ignoreTLS: config.ignoreTLS,
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
