// /api/client-messages: what was sent to an object's client, when, and whether it was delivered or bounced
// (GET /object/:objectId), sending one again (POST /object/:objectId/resend), and the company's choice of the
// events that send messages (GET|PUT /settings, the company administrator's).
import { type Context, Hono } from "hono";
import { z } from "zod";
import { idText } from "../query.ts";
import {
  companyMessageEvents,
  objectMessages,
  resendMessage,
  saveCompanyMessageEvents,
} from "../../db/outbox.ts";
import { contractObject } from "../../db/contracts.ts";
import {
  clientMessageEventLabels,
  clientMessageEvents,
  isReminder,
  outboxStatusLabel,
} from "../../domain/client_messages.ts";
import { paymentKeeperRoles } from "../../domain/contract_text.ts";
import { hasRole, staffRoles } from "../../domain/roles.ts";
import { ApiError, notFound } from "../errors.ts";
import { validate } from "../validate.ts";
import { companyScope, currentUser, requireApi } from "../middleware/guard.ts";
import { smtpConfigFromEnv } from "../mail.ts";
import type { AppEnv } from "../types.ts";

const objectParam = z.object({ objectId: idText });
const resendSchema = z.object({
  messageId: z.number("Неверное письмо").int("Неверное письмо").positive("Неверное письмо").max(
    2_147_483_647,
  ),
});
const settingsSchema = z.object({
  events: z.partialRecord(
    z.enum(clientMessageEvents, "Неизвестное событие"),
    z.boolean("Выберите: да или нет"),
  ),
});

function ownCompany(c: Context<AppEnv>): number {
  const user = currentUser(c);
  if (user.companyId === null) throw new ApiError(403, "Письма клиентам настраиваются в компании");
  return user.companyId;
}

export const clientMessagesApi = new Hono<AppEnv>()
  .use(requireApi(staffRoles))
  .get("/object/:objectId", validate("param", objectParam), async (c) => {
    const { db, env } = c.var.deps;
    const scope = companyScope(currentUser(c));
    const { objectId } = c.req.valid("param");
    if (!await contractObject(db, scope, objectId)) throw notFound("Объект не найден");
    const configured = smtpConfigFromEnv(env) !== null;
    const rows = await objectMessages(db, scope, objectId);
    return c.json({
      mailConfigured: configured,
      canResend: hasRole(currentUser(c).role, paymentKeeperRoles),
      messages: rows.map((m) => ({
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
      const { db, now } = c.var.deps;
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
  .get("/settings", requireApi(["company_admin"]), async (c) => {
    const events = await companyMessageEvents(c.var.deps.db, ownCompany(c));
    return c.json({
      events: clientMessageEvents.map((event) => ({
        event,
        label: clientMessageEventLabels[event],
        reminder: isReminder(event),
        enabled: events[event],
      })),
    });
  })
  .put("/settings", requireApi(["company_admin"]), validate("json", settingsSchema), async (c) => {
    await saveCompanyMessageEvents(c.var.deps.db, ownCompany(c), c.req.valid("json").events);
    return c.json({ ok: true });
  });
