// /api/client-messages: what was sent to an object's client, when, and whether it was delivered or bounced
// (GET /object/:objectId), sending one again (POST /object/:objectId/resend), and the company administrator's
// settings («Уведомления клиентам»): the events that send e-mails (GET|PUT /settings), the company's own SMTP
// server (PUT|DELETE /mail-server, POST /mail-server/test) and its webhooks (/webhooks).
import { type Context, Hono } from "hono";
import { z } from "zod";
import { idText } from "../query.ts";
import { objectMessages, resendMessage, saveCompanyMessageEvents } from "../../db/outbox.ts";
import { contractObject } from "../../db/contracts.ts";
import {
  createWebhook,
  deleteCompanyMailServer,
  deleteWebhook,
  findCompanyMailServer,
  listWebhooks,
  saveCompanyMailServer,
  updateWebhook,
} from "../../db/company_mail.ts";
import {
  clientMessageEventLabels,
  clientMessageEvents,
  isMandatory,
  outboxStatusLabel,
  smtpTlsModes,
} from "../../domain/client_messages.ts";
import { paymentKeeperRoles } from "../../domain/contract_text.ts";
import { hasRole, staffRoles } from "../../domain/roles.ts";
import { ApiError, invalid, notFound } from "../errors.ts";
import { validate } from "../validate.ts";
import { companyScope, currentUser, requireApi } from "../middleware/guard.ts";
import {
  MailError,
  smtpAnswerInRussian,
  smtpConfigFromEnv,
  smtpConfigOfCompany,
  smtpMailer,
} from "../mail.ts";
import { noSecretKeyMessage, SecretBox } from "../secret_box.ts";
import { newWebhookSecret, webhookUrlProblem } from "../webhooks.ts";
import type { Env } from "../env.ts";
import type { AppEnv } from "../types.ts";
import { messageSettingsJson } from "../client_message_settings.ts";

const objectParam = z.object({ objectId: idText });
const resendSchema = z.object({
  messageId: z.number("Неверное письмо").int("Неверное письмо").positive("Неверное письмо").max(
    2_147_483_647,
  ),
});
/** Who edits «Уведомления клиентам»: the company's administrator, like the rest of the company's settings. */
export const messageSettingsRoles = ["company_admin"] as const;

const mandatoryMessage =
  "Документы на подпись отправляются всегда: без письма клиент не узнает, что нужно подписать";
const settingsSchema = z.object({
  events: z.partialRecord(
    z.enum(clientMessageEvents, "Неизвестное событие"),
    z.boolean("Выберите: да или нет"),
  ),
}).superRefine((v, ctx) => {
  for (const [event, enabled] of Object.entries(v.events)) {
    if (enabled === false && isMandatory(event as keyof typeof clientMessageEventLabels)) {
      ctx.addIssue({ code: "custom", path: ["events", event], message: mandatoryMessage });
    }
  }
});

const emptyAsNull = (v: unknown) => typeof v === "string" && v.trim() === "" ? null : v;
const mailServerSchema = z.object({
  host: z.string("Укажите адрес сервера").trim().min(1, "Укажите адрес сервера").max(
    253,
    "Слишком длинный адрес",
  )
    .regex(/^[a-zA-Z0-9.-]+$/, "Адрес сервера — имя вроде smtp.yandex.ru, без http:// и пробелов"),
  port: z.number("Укажите порт").int("Порт — целое число").min(1, "Порт от 1 до 65535").max(
    65535,
    "Порт от 1 до 65535",
  ),
  tls: z.enum(smtpTlsModes, "Выберите шифрование"),
  username: z.preprocess(emptyAsNull, z.string().trim().max(254, "Слишком длинный логин").nullable()).default(
    null,
  ),
  /** A new password; left out (or empty) keeps the stored one. */
  password: z.string().max(512, "Слишком длинный пароль").optional(),
  removePassword: z.boolean().optional(),
  fromAddress: z.email("Укажите адрес отправителя, например noreply@septik-istra.ru").trim().max(254),
});

const webhookEventsSchema = z.array(z.enum(clientMessageEvents, "Неизвестное событие"))
  .min(1, "Выберите хотя бы одно событие").max(clientMessageEvents.length);
const webhookSchema = z.object({
  url: z.string("Укажите адрес").trim().min(1, "Укажите адрес").max(2000, "Слишком длинный адрес"),
  events: webhookEventsSchema,
});
const webhookChangeSchema = z.object({
  url: z.string("Укажите адрес").trim().min(1, "Укажите адрес").max(2000, "Слишком длинный адрес").optional(),
  events: webhookEventsSchema.optional(),
});
const webhookParam = z.object({ id: idText });
/** Endpoints a company may have: each event is POSTed to each of them. */
const MAX_WEBHOOKS = 10;

/** The box sealing secrets, or a 422 saying the server has no key (field `field`). */
async function secretBox(env: Env, field: string): Promise<SecretBox> {
  const box = await SecretBox.fromSecret(env.MAIL_SECRET_KEY);
  if (!box) throw invalid({ [field]: [noSecretKeyMessage] });
  return box;
}

function checkedUrl(url: string, env: Env): string {
  const problem = webhookUrlProblem(url, env);
  if (problem) throw invalid({ url: [problem] });
  return url;
}

function ownCompany(c: Context<AppEnv>): number {
  const user = currentUser(c);
  if (user.companyId === null) throw new ApiError(403, "Письма клиентам настраиваются в компании");
  return user.companyId;
}

export const clientMessagesApi = new Hono<AppEnv>()
  .use(requireApi(staffRoles))
  .get("/object/:objectId", validate("param", objectParam), async (c) => {
    const { db, env } = c.get("deps");
    const scope = companyScope(currentUser(c));
    const { objectId } = c.req.valid("param");
    if (!await contractObject(db, scope, objectId)) throw notFound("Объект не найден");
    const rows = await objectMessages(db, scope, objectId);
    const company = rows[0]?.companyId;
    const configured = smtpConfigFromEnv(env) !== null ||
      (company !== undefined && await findCompanyMailServer(db, company) !== null);
    return c.json({
      mailConfigured: configured,
      canResend: hasRole(currentUser(c).role, paymentKeeperRoles),
      messages: rows.map(({ companyId: _, ...m }) => ({
        ...m,
        eventLabel: clientMessageEventLabels[m.event as keyof typeof clientMessageEventLabels] ?? m.event,
        statusLabel: outboxStatusLabel(m, configured),
      })),
    });
  })
  .post(
    "/object/:objectId/resend",
    requireApi(paymentKeeperRoles),
    validate("param", objectParam),
    validate("json", resendSchema),
    async (c) => {
      const { db, now } = c.get("deps");
      const scope = companyScope(currentUser(c));
      const { objectId } = c.req.valid("param");
      const { messageId } = c.req.valid("json");
      const mine = (await objectMessages(db, scope, objectId)).some((m) => m.id === messageId);
      if (!mine) throw notFound("Письмо не найдено");
      const copy = await resendMessage(db, scope, messageId, now());
      if (!copy) throw notFound("Письмо не найдено");
      return c.json({ id: copy.id }, 201);
    },
  )
  .get("/settings", requireApi(messageSettingsRoles), async (c) => {
    return c.json(await messageSettingsJson(c.get("deps").db, c.get("deps").env, ownCompany(c)));
  })
  .put("/settings", requireApi(messageSettingsRoles), validate("json", settingsSchema), async (c) => {
    await saveCompanyMessageEvents(c.get("deps").db, ownCompany(c), c.req.valid("json").events);
    return c.json({ ok: true });
  })
  .put("/mail-server", requireApi(messageSettingsRoles), validate("json", mailServerSchema), async (c) => {
    const { db, env } = c.get("deps");
    const { password, removePassword, ...server } = c.req.valid("json");
    const passwordCipher = removePassword
      ? null
      : password
      ? await (await secretBox(env, "password")).seal(password)
      : undefined;
    await saveCompanyMailServer(db, ownCompany(c), { ...server, passwordCipher });
    return c.json(await messageSettingsJson(db, env, ownCompany(c)));
  })
  .delete("/mail-server", requireApi(messageSettingsRoles), async (c) => {
    const { db, env } = c.get("deps");
    await deleteCompanyMailServer(db, ownCompany(c));
    return c.json(await messageSettingsJson(db, env, ownCompany(c)));
  })
  // «Проверить»: a message to the administrator through the saved server; the answer said in Russian.
  .post("/mail-server/test", requireApi(messageSettingsRoles), async (c) => {
    const { db, env } = c.get("deps");
    const server = await findCompanyMailServer(db, ownCompany(c));
    if (!server) throw invalid({ host: ["Сначала сохраните настройки почтового сервера"] });
    let password: string | null = null;
    if (server.passwordCipher) {
      const box = await secretBox(env, "password");
      password = await box.open(server.passwordCipher).catch(() => {
        throw invalid({ password: ["Сохранённый пароль не расшифровывается: введите его заново"] });
      });
    }
    const config = smtpConfigOfCompany(server, password);
    const mailer = smtpMailer(config);
    const to = currentUser(c).email;
    try {
      const { response } = await mailer.send({
        id: 0,
        recipient: to,
        senderName: "ПолеСмета",
        replyTo: null,
        subject: "Проверка почты ПолеСмета",
        textBody:
          "Это проверочное письмо: почтовый сервер компании настроен, письма клиентам уйдут через него.",
        htmlBody:
          "<p>Это проверочное письмо: почтовый сервер компании настроен, письма клиентам уйдут через него.</p>",
        dedupeKey: `test:${Date.now()}`,
      });
      return c.json({ ok: true, message: `Сервер принял письмо на ${to} — ${response}`, response });
    } catch (error) {
      const e = error instanceof MailError ? error : new MailError(String(error), false, null);
      return c.json({ ok: false, message: smtpAnswerInRussian(e, config), response: e.message });
    } finally {
      mailer.close();
    }
  })
  .post("/webhooks", requireApi(messageSettingsRoles), validate("json", webhookSchema), async (c) => {
    const { db, env, now } = c.get("deps");
    const companyId = ownCompany(c);
    const { url, events } = c.req.valid("json");
    const box = await secretBox(env, "url");
    if ((await listWebhooks(db, companyId)).length >= MAX_WEBHOOKS) {
      throw invalid({ url: [`Не больше ${MAX_WEBHOOKS} адресов`] });
    }
    const secret = newWebhookSecret();
    const id = await createWebhook(db, companyId, {
      url: checkedUrl(url, env),
      events: [...new Set(events)],
      secretCipher: await box.seal(secret),
      now: now(),
    });
    // The secret is shown this once; afterwards it can only be replaced (rotate).
    return c.json({ id, secret }, 201);
  })
  .patch(
    "/webhooks/:id",
    requireApi(messageSettingsRoles),
    validate("param", webhookParam),
    validate("json", webhookChangeSchema),
    async (c) => {
      const { db, env } = c.get("deps");
      const { url, events } = c.req.valid("json");
      const change = {
        ...(url === undefined ? {} : { url: checkedUrl(url, env) }),
        ...(events === undefined ? {} : { events: [...new Set(events)] }),
      };
      if (!await updateWebhook(db, ownCompany(c), c.req.valid("param").id, change)) {
        throw notFound("Адрес не найден");
      }
      return c.json({ ok: true });
    },
  )
  .post(
    "/webhooks/:id/rotate",
    requireApi(messageSettingsRoles),
    validate("param", webhookParam),
    async (c) => {
      const { db, env } = c.get("deps");
      const box = await secretBox(env, "_");
      const secret = newWebhookSecret();
      const changed = await updateWebhook(db, ownCompany(c), c.req.valid("param").id, {
        secretCipher: await box.seal(secret),
      });
      if (!changed) throw notFound("Адрес не найден");
      return c.json({ secret });
    },
  )
  .delete("/webhooks/:id", requireApi(messageSettingsRoles), validate("param", webhookParam), async (c) => {
    if (!await deleteWebhook(c.get("deps").db, ownCompany(c), c.req.valid("param").id)) {
      throw notFound("Адрес не найден");
    }
    return c.json({ ok: true });
  });
