// Messages to a client: the events that send one, whether each is a reminder (the client may
// unsubscribe) or a document the client must act on (always sent), and their Russian texts. Pure: the outbox
// (db/outbox.ts enqueueClientMessage) renders a message with renderClientMessage when its event happens.
//
// Events and who raises them:
//   estimate_ready          — an estimate version is ready for the client's approval (POST /api/estimates/:id/send-to-client)
//   contract_to_sign        — the contract and its prepayment link are sent (POST /api/payment/generate)
//   prepayment_requested    — the same link asks for the prepayment; kept apart for companies that send the
//                             invoice separately
//   prepayment_received     — staff record the prepayment (POST /api/payment/:id/received)
//   works_scheduled         — the works' date and time window are set (PATCH /api/tasks/:id of a foreman's or
//                             crew's task, db/tasks.ts)
//   visit_scheduled         — a visit's (a measurement's, a service visit's) date and window are set (the same)
//   agreement_to_sign       — a supplementary agreement (changes of the works) is sent to sign (db/job_changes.ts)
//   act_to_sign             — the act of completed works is ready to sign («Завершить работы», db/acts.ts)
//   final_payment_requested — the final payment is due (POST /api/payment/final)
//   final_payment_received  — the final payment is recorded (POST /api/payment/:id/received)
//   order_status            — a shop order moved to another status (PATCH /api/orders/:id)
//   service_visit_due       — a service visit is due (when service plans exist)
//   service_visit_soon      — a scheduled service visit is a few days ahead (server/jobs.ts, db/service_visits.ts)
//   service_renewal_due     — a service agreement ends within 30 days, not yet renewed (server/jobs.ts,
//                             db/service.ts remindRenewals)
//   service_report_ready    — staff send the report of a service visit («Отправить отчёт клиенту»,
//                             POST /api/service/visits/:id/send-report)
import { formatKopecks } from "./format.ts";

export const clientMessageEvents = [
  "estimate_ready",
  "contract_to_sign",
  "prepayment_requested",
  "prepayment_received",
  "works_scheduled",
  "visit_scheduled",
  "agreement_to_sign",
  "act_to_sign",
  "final_payment_requested",
  "final_payment_received",
  "order_status",
  "service_visit_due",
  "service_visit_soon",
  "service_renewal_due",
  "service_report_ready",
] as const;
export type ClientMessageEvent = typeof clientMessageEvents[number];

export const outboxStatuses = ["pending", "sent", "failed"] as const;
export type OutboxStatus = typeof outboxStatuses[number];

/** Where an outbox row goes: the client's e-mail or one of the company's webhooks. */
export const outboxChannels = ["email", "webhook"] as const;
export type OutboxChannel = typeof outboxChannels[number];

/** A company SMTP server's encryption: TLS from the first byte (465), STARTTLS (587), none (a local relay). */
export const smtpTlsModes = ["tls", "starttls", "none"] as const;
export type SmtpTlsMode = typeof smtpTlsModes[number];
export const smtpTlsModeLabels: Record<SmtpTlsMode, string> = {
  tls: "SSL/TLS (обычно порт 465)",
  starttls: "STARTTLS (обычно порт 587)",
  none: "Без шифрования (только сервер в своей сети)",
};

/** Documents the client must act on are never unsubscribed from; everything else is a reminder. */
const mustAct: ReadonlySet<ClientMessageEvent> = new Set([
  "estimate_ready",
  "contract_to_sign",
  "agreement_to_sign",
  "act_to_sign",
  "service_report_ready",
]);
export const isReminder = (event: ClientMessageEvent) => !mustAct.has(event);
/** A document the client must sign: its e-mail cannot be switched off by the company (the client would never
 * learn there is something to sign, and the job would stop at it). */
export const isMandatory = (event: ClientMessageEvent) => mustAct.has(event);

/** What the company's settings call each event («Какие события отправляют письма клиенту»). */
export const clientMessageEventLabels: Record<ClientMessageEvent, string> = {
  estimate_ready: "Смета готова к согласованию",
  contract_to_sign: "Договор на подпись",
  prepayment_requested: "Запрошена предоплата",
  prepayment_received: "Предоплата получена",
  works_scheduled: "Назначены работы",
  visit_scheduled: "Назначен визит специалиста",
  agreement_to_sign: "Дополнительное соглашение на подпись",
  act_to_sign: "Акт на подпись",
  final_payment_requested: "Запрошен окончательный расчёт",
  final_payment_received: "Окончательный расчёт получен",
  order_status: "Изменился статус заказа",
  service_visit_due: "Пора сервисное обслуживание",
  service_visit_soon: "Напоминание о сервисном визите",
  service_renewal_due: "Пора продлить договор обслуживания",
  service_report_ready: "Отчёт о сервисном визите",
};

/** The facts a message names; each event uses the ones it needs. */
export interface ClientMessageFacts {
  clientName?: string | null;
  address?: string | null;
  /** The page the message leads to (the client's page, the order's page). */
  link: string;
  /** Kopecks. */
  amount?: number | null;
  contractNumber?: string | null;
  estimateNumber?: string | null;
  orderNumber?: string | null;
  statusLabel?: string | null;
  /** «25.11.2026, 9:00–13:00». */
  when?: string | null;
}

/** The sender of every message: the company, with its contacts and requisites in the footer. */
export interface MessageCompany {
  name: string;
  phone?: string | null;
  email?: string | null;
  inn?: string | null;
  kpp?: string | null;
  ogrn?: string | null;
  legalAddress?: string | null;
}

export interface RenderedMessage {
  subject: string;
  text: string;
  html: string;
}

const on = (f: ClientMessageFacts) => f.address ? ` по адресу ${f.address}` : "";
const money = (f: ClientMessageFacts) => f.amount ? ` на сумму ${formatKopecks(f.amount)}` : "";

/** Subject, the lines of the body and the button's words of each event. */
const templates: Record<
  ClientMessageEvent,
  (f: ClientMessageFacts) => { subject: string; lines: string[]; action: string }
> = {
  estimate_ready: (f) => ({
    subject: `Смета${f.estimateNumber ? ` №${f.estimateNumber}` : ""} готова к согласованию`,
    lines: [
      `Мы подготовили смету работ${on(f)}${money(f)}. Посмотрите её и согласуйте или попросите изменить.`,
    ],
    action: "Посмотреть смету",
  }),
  contract_to_sign: (f) => ({
    subject: `Договор${f.contractNumber ? ` №${f.contractNumber}` : ""} на подпись`,
    lines: [
      `Договор на работы${on(f)} готов. Прочитайте его и подпишите на странице объекта.`,
      ...(f.amount ? [`После подписания оплатите предоплату ${formatKopecks(f.amount)} по QR-коду.`] : []),
    ],
    action: "Открыть договор",
  }),
  prepayment_requested: (f) => ({
    subject: "Счёт на предоплату",
    lines: [
      `Пожалуйста, оплатите предоплату${money(f)} по договору${num(f)}. QR-код и реквизиты — на странице.`,
    ],
    action: "Оплатить",
  }),
  prepayment_received: (f) => ({
    subject: "Предоплата получена",
    lines: [`Мы получили предоплату${money(f)} по договору${num(f)}. Спасибо!`],
    action: "Страница объекта",
  }),
  works_scheduled: (f) => ({
    subject: "Назначена дата работ",
    lines: [`Работы${on(f)} назначены${f.when ? ` на ${f.when}` : ""}.`],
    action: "Страница объекта",
  }),
  visit_scheduled: (f) => ({
    subject: "Назначен визит специалиста",
    lines: [
      `Наш специалист приедет${on(f)}${f.when ? ` — ${f.when}` : ""}.`,
      "Если время неудобно, ответьте на это письмо или позвоните нам.",
    ],
    action: "Страница объекта",
  }),
  agreement_to_sign: (f) => ({
    subject: `Дополнительное соглашение к договору${
      f.contractNumber ? ` №${f.contractNumber}` : ""
    } на подпись`,
    lines: [
      `Состав работ${
        on(f)
      } изменился. Прочитайте дополнительное соглашение и подпишите его на странице объекта.`,
      ...(f.amount ? [`Новая цена работ: ${formatKopecks(f.amount)}.`] : []),
    ],
    action: "Открыть соглашение",
  }),
  act_to_sign: (f) => ({
    subject: "Акт готов к подписанию",
    lines: [
      `Работы${on(f)} выполнены. Проверьте акт и подпишите его на странице объекта.`,
      ...(f.amount ? [`К оплате по акту: ${formatKopecks(f.amount)}.`] : []),
    ],
    action: "Открыть акт",
  }),
  final_payment_requested: (f) => ({
    subject: "Окончательный расчёт",
    lines: [
      `Пожалуйста, оплатите остаток${money(f)} по договору${num(f)}. QR-код и реквизиты — на странице.`,
    ],
    action: "Оплатить",
  }),
  final_payment_received: (f) => ({
    subject: "Оплата получена",
    lines: [`Мы получили окончательный расчёт${money(f)} по договору${num(f)}. Спасибо, что выбрали нас!`],
    action: "Страница объекта",
  }),
  order_status: (f) => ({
    subject: `Заказ ${f.orderNumber ?? ""}: ${f.statusLabel ?? "статус изменён"}`.replace("  ", " "),
    lines: [`Статус вашего заказа ${f.orderNumber ?? ""} — «${f.statusLabel ?? ""}».`],
    action: "Открыть заказ",
  }),
  service_visit_due: (f) => ({
    subject: "Пора сервисное обслуживание",
    lines: [`Подошёл срок сервисного обслуживания${on(f)}. Выберите удобную дату.`],
    action: "Страница объекта",
  }),
  service_visit_soon: (f) => ({
    subject: `Сервисный визит${f.when ? ` ${f.when}` : ""}`,
    lines: [
      `Напоминаем: ${
        f.when ? `${f.when} ` : ""
      }к вам приедет наш специалист на сервисное обслуживание станции${on(f)}.`,
      "Пожалуйста, обеспечьте доступ к станции. Если дата неудобна, позвоните нам — перенесём визит.",
    ],
    action: "Личный кабинет",
  }),
  service_renewal_due: (f) => ({
    subject: `Договор обслуживания${num(f)} заканчивается${f.when ? ` ${f.when}` : ""}`,
    lines: [
      `Срок договора на сервисное обслуживание станции${on(f)} заканчивается${f.when ? ` ${f.when}` : ""}.`,
      "Чтобы визиты продолжились без перерыва, продлите договор: позвоните нам или ответьте на это письмо.",
    ],
    action: "Личный кабинет",
  }),
  service_report_ready: (f) => ({
    subject: `Отчёт о сервисном визите${f.when ? ` ${f.when}` : ""}`,
    lines: [
      `Отчёт о сервисном обслуживании станции${on(f)}${f.when ? ` ${f.when}` : ""} готов.`,
      "В нём выполненные операции, показания, заменённые детали и их стоимость. Его можно скачать в PDF и подписать.",
    ],
    action: "Открыть отчёт",
  }),
};

function num(f: ClientMessageFacts) {
  return f.contractNumber ? ` №${f.contractNumber}` : "";
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The footer's lines: the company's name, contacts and requisites. */
export function companyFooter(company: MessageCompany): string[] {
  const requisites = [
    company.inn && `ИНН ${company.inn}`,
    company.kpp && `КПП ${company.kpp}`,
    company.ogrn && `ОГРН ${company.ogrn}`,
  ].filter(Boolean).join(", ");
  return [
    company.name,
    [company.phone && `тел. ${company.phone}`, company.email].filter(Boolean).join(", "),
    requisites,
    company.legalAddress ?? "",
  ].filter((line) => line !== "");
}

/**
 * The message of an event: a short Russian subject, a plain-text part and an HTML part with the same words,
 * the link to the page, and the company's footer; a reminder ends with the unsubscribe link.
 */
export function renderClientMessage(
  event: ClientMessageEvent,
  facts: ClientMessageFacts,
  options: { company: MessageCompany; unsubscribeLink?: string | null },
): RenderedMessage {
  const { subject, lines, action } = templates[event](facts);
  const greeting = facts.clientName ? `Здравствуйте, ${facts.clientName}!` : "Здравствуйте!";
  const footer = companyFooter(options.company);
  const unsubscribe = options.unsubscribeLink
    ? `Не хотите получать напоминания? Отписаться: ${options.unsubscribeLink}`
    : null;
  const text = [
    greeting,
    "",
    ...lines,
    "",
    ...(facts.link ? [`${action}: ${facts.link}`, ""] : []),
    "—",
    ...footer,
    ...(unsubscribe ? ["", unsubscribe] : []),
    "",
  ].join("\n");
  const p = (s: string) => `<p>${escapeHtml(s)}</p>`;
  const html = [
    '<!doctype html><html lang="ru"><body style="font-family:Arial,sans-serif;font-size:16px;color:#111">',
    p(greeting),
    ...lines.map(p),
    // A visit may come before the client has a page: then the message has no button.
    ...(facts.link
      ? [
        `<p><a href="${
          escapeHtml(facts.link)
        }" style="display:inline-block;padding:12px 20px;background:#2563eb;` +
        `color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(action)}</a></p>`,
      ]
      : []),
    `<hr><p style="font-size:13px;color:#555">${footer.map(escapeHtml).join("<br>")}</p>`,
    ...(options.unsubscribeLink
      ? [
        `<p style="font-size:12px;color:#777">Не хотите получать напоминания? ` +
        `<a href="${escapeHtml(options.unsubscribeLink)}">Отписаться</a></p>`,
      ]
      : []),
    "</body></html>",
  ].join("\n");
  return { subject: `${subject} — ${options.company.name}`, text, html };
}

/**
 * What the staff see of a message: «не отправлено: почта не настроена» while mail is not configured, «в очереди»,
 * «повтор …» with the server's answer, «доставлено на почтовый сервер», «не доставлено» (a bounce) with the answer.
 */
export function outboxStatusLabel(
  m: { status: OutboxStatus; attempts: number; lastResponse: string | null; channel?: OutboxChannel },
  mailConfigured: boolean,
): string {
  const webhook = m.channel === "webhook";
  if (m.status === "sent") {
    return webhook ? `доставлено: ${m.lastResponse ?? ""}`.trim() : "доставлено на почтовый сервер";
  }
  if (m.status === "failed") return `не доставлено: ${m.lastResponse ?? "ошибка"}`;
  if (!mailConfigured && !webhook) return "не отправлено: почта не настроена";
  if (m.attempts === 0) return "в очереди";
  return `повтор после ошибки: ${m.lastResponse ?? ""}`.trim();
}

/** What the «Уведомления клиентам» screen shows (GET /api/client-messages/settings); never a password or secret. */
export interface MessageSettingsJson {
  events: {
    event: ClientMessageEvent;
    label: string;
    reminder: boolean;
    mandatory: boolean;
    enabled: boolean;
  }[];
  webhooks: { id: number; url: string; events: ClientMessageEvent[]; createdAt: string }[];
  mailServer: {
    host: string;
    port: number;
    tls: SmtpTlsMode;
    username: string | null;
    fromAddress: string;
    passwordSaved: boolean;
  } | null;
  secretKeyConfigured: boolean;
  defaultServerConfigured: boolean;
}
