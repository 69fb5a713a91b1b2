// What the «Уведомления клиентам» settings show (the page /settings?tab=messages and GET /api/client-messages/settings).
import type { Db } from "../db/client.ts";
import { companyMessageEvents } from "../db/outbox.ts";
import { findCompanyMailServer, listWebhooks } from "../db/company_mail.ts";
import {
  clientMessageEventLabels,
  clientMessageEvents,
  isMandatory,
  isReminder,
  type MessageSettingsJson,
} from "../domain/client_messages.ts";
import { smtpConfigFromEnv } from "./mail.ts";
import type { Env } from "./env.ts";

/** Everything the «Уведомления клиентам» screen shows; never a password or a secret. */
export async function messageSettingsJson(db: Db, env: Env, companyId: number): Promise<MessageSettingsJson> {
  const [events, webhooks, server] = await Promise.all([
    companyMessageEvents(db, companyId),
    listWebhooks(db, companyId),
    findCompanyMailServer(db, companyId),
  ]);
  return {
    events: clientMessageEvents.map((event) => ({
      event,
      label: clientMessageEventLabels[event],
      reminder: isReminder(event),
      mandatory: isMandatory(event),
      enabled: isMandatory(event) || events[event],
    })),
    webhooks: webhooks.map((w) => ({ ...w, createdAt: w.createdAt.toISOString() })),
    mailServer: server && {
      host: server.host,
      port: server.port,
      tls: server.tls,
      username: server.username,
      fromAddress: server.fromAddress,
      passwordSaved: server.passwordCipher !== null,
    },
    secretKeyConfigured: Boolean(env.MAIL_SECRET_KEY),
    defaultServerConfigured: smtpConfigFromEnv(env) !== null,
  };
}
