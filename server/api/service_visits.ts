import { type Context, Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import {
  activateAgreement,
  agreementsDueForRenewal,
  getVisit,
  listVisits,
  moveVisit,
  saveVisitReport,
  type SendReportRefusal,
  sendVisitReport,
  signVisitReport,
  visitParts,
  visitReportDocument,
  VisitRuleError,
} from "../../db/service_visits.ts";
import {
  moveVisitSchema,
  visitFormSections,
  visitReportSchema,
  visitSignatureSchema,
  visitStateLabels,
} from "../../domain/service_visits.ts";
import { seesOnlyOwnTasks, taskManagerRoles } from "../../domain/tasks.ts";
import { hasRole, staffRoles } from "../../domain/roles.ts";
import { isCalendarDate } from "../../domain/calendar_date.ts";
import { ApiError, forbidden, invalid, notFound } from "../errors.ts";
import { newToken } from "../client_links.ts";
import { CLIENT_LINK_DAYS } from "../../domain/contracts.ts";
import { validate, validateOptionalJson } from "../validate.ts";
import { companyScope, currentUser, requireApi } from "../middleware/guard.ts";
import { validIdParam } from "../query.ts";
import { signatureImageProblem } from "../signature_image.ts";
import type { AppEnv } from "../types.ts";
import { contractPdf } from "../contract_documents.ts";
import { PDF, sendDownload } from "../download.ts";
import { visitReportText } from "../../domain/service_documents.ts";
import { formatDateTime } from "../../domain/format.ts";

type ReportDocument = NonNullable<Awaited<ReturnType<typeof visitReportDocument>>>;

/** The visit report as a PDF (the contract's PDF path): the report's text and the client's drawn signature. */
export async function visitReportPdf(c: Context<AppEnv>, doc: ReportDocument) {
  const v = doc.visit;
  if (v.status !== "done" || !v.report) throw notFound("Отчёт о визите ещё не готов");
  const number = `${doc.agreementNumber}-${v.id}`;
  const signed = v.clientSignedAt && v.clientSignerName
    ? { name: v.clientSignerName, at: v.clientSignedAt }
    : null;
  const text = visitReportText({
    number,
    company: doc.company,
    clientName: doc.clientName,
    address: doc.address,
    agreementNumber: doc.agreementNumber,
    planName: doc.planName,
    equipment: doc.equipment,
    plannedOn: v.plannedOn,
    doneAt: v.doneAt,
    technician: doc.technician,
    report: v.report,
    photos: doc.photos,
    clientSigned: signed,
  });
  const bytes = await contractPdf({
    contractText: text,
    contractNumber: number,
    version: 1,
    footer: `Акт сервисного обслуживания № ${number}`,
    signature: signed && v.clientSignature
      ? {
        signerName: signed.name,
        signatureImage: v.clientSignature,
        ip: null,
        userAgent: null,
        textSha256: "",
        signedAt: signed.at,
      }
      : null,
    signatureHeading: signed
      ? ["ПОДПИСЬ ЗАКАЗЧИКА", `Подписал: ${signed.name}`, `Дата и время: ${formatDateTime(signed.at)} (МСК)`]
      : undefined,
  });
  return sendDownload(c, bytes, {
    type: PDF,
    name: `Акт сервисного обслуживания ${number}.pdf`,
    asciiName: `servis-akt-${v.id}.pdf`,
  });
}

const day = z.string().refine(isCalendarDate, "Укажите дату в формате ГГГГ-ММ-ДД");
const listQuery = z.object({
  from: day.optional(),
  to: day.optional(),
  objectId: z.coerce.number().int().positive().optional(),
  assignedTo: z.coerce.number().int().positive().optional(),
  state: z.enum(Object.keys(visitStateLabels) as [keyof typeof visitStateLabels]).optional(),
});
const activateBody = z.object({ assignedTo: z.number().int().positive().optional() }).strict();

const sendReportRefusals: Record<SendReportRefusal, string> = {
  not_done: "Отчёт о визите ещё не готов",
  no_recipient: "У клиента не указана электронная почта: добавьте её в карточке объекта",
  disabled: "Письма «Отчёт о сервисном визите» отключены в настройках сообщений",
  unsubscribed: "Клиент отписался от писем",
  duplicate: "Отчёт уже отправлен клиенту",
};

function ruleError(error: unknown): never {
  if (error instanceof VisitRuleError) throw invalid({ [error.field]: [error.message] });
  throw error;
}

/** Refuses, before the body is read, anyone but a manager, chief engineer or administrator. */
const editorsOnly = (what: string): MiddlewareHandler<AppEnv> => async (c, next) => {
  if (!hasRole(currentUser(c).role, taskManagerRoles)) {
    throw forbidden(`${what} могут менеджер, главный инженер и администратор`);
  }
  await next();
};

/**
 * Service visits (docs/service.md): the schedule, a visit's screen data, moving it, its report from the
 * phone and the client's signature; activating an agreement signed on paper; the agreements due for renewal.
 * A surveyor or foreman sees and carries out only the visits assigned to them; another's answers 404.
 */
export const serviceVisitsApi = new Hono<AppEnv>()
  .use(requireApi(staffRoles))
  .get("/visits", validate("query", listQuery), async (c) => {
    const user = currentUser(c);
    const q = c.req.valid("query");
    const { db, now } = c.get("deps");
    return c.json(
      await listVisits(db, companyScope(user), {
        ...q,
        ownerId: seesOnlyOwnTasks(user) ? user.id : undefined,
        now: now(),
      }),
    );
  })
  .get("/visits/:id", validIdParam, async (c) => {
    const user = currentUser(c);
    const v = await getVisit(c.get("deps").db, companyScope(user), c.req.valid("param").id);
    if (!v || (seesOnlyOwnTasks(user) && v.assignedTo !== user.id)) throw notFound("Визит не найден");
    const { clientSignature: _drawn, ...visit } = v.visit;
    return c.json({
      ...v,
      visit: { ...visit, clientSigned: v.visit.clientSignedAt !== null },
      form: {
        sections: visitFormSections(
          v.operations,
          await visitParts(c.get("deps").db, v.visit.companyId),
          v.partsDiscountPercent,
        ),
        models: [],
        version: "visit",
      },
    });
  })
  .get("/visits/:id/report.pdf", validIdParam, async (c) => {
    const user = currentUser(c);
    const doc = await visitReportDocument(c.get("deps").db, companyScope(user), c.req.valid("param").id);
    if (!doc || (seesOnlyOwnTasks(user) && doc.assignedTo !== user.id)) throw notFound("Визит не найден");
    return await visitReportPdf(c, doc);
  })
  .post("/visits/:id/send-report", validIdParam, async (c) => {
    const user = currentUser(c);
    const { db, now, env } = c.get("deps");
    const at = now();
    const { token, hash } = newToken();
    const result = await sendVisitReport(db, companyScope(user), c.req.valid("param").id, {
      token,
      tokenHash: hash,
      expiresAt: new Date(at.getTime() + CLIENT_LINK_DAYS * 86_400_000),
      origin: env.PUBLIC_URL ?? new URL(c.req.url).origin,
    }, { userId: user.id, now: at, ownOnly: seesOnlyOwnTasks(user) });
    if (!result) throw notFound("Визит не найден");
    if ("refused" in result) throw new ApiError(409, sendReportRefusals[result.refused]);
    return c.json({ ok: true, messageId: result.sent }, 201);
  })
  .post(
    "/visits/:id/move",
    editorsOnly("Переносить визиты"),
    validIdParam,
    validate("json", moveVisitSchema),
    async (c) => {
      const user = currentUser(c);
      const { db, now } = c.get("deps");
      const body = c.req.valid("json");
      const moved = await moveVisit(db, companyScope(user), c.req.valid("param").id, body, {
        userId: user.id,
        now: now(),
      }).catch(ruleError);
      if (!moved) throw notFound("Визит не найден");
      return c.json(moved);
    },
  )
  .post("/visits/:id/report", validIdParam, validate("json", visitReportSchema), async (c) => {
    const user = currentUser(c);
    const { db, now } = c.get("deps");
    const saved = await saveVisitReport(
      db,
      companyScope(user),
      c.req.valid("param").id,
      c.req.valid("json"),
      {
        userId: user.id,
        now: now(),
        ownOnly: seesOnlyOwnTasks(user),
      },
    ).catch(ruleError);
    if (!saved) throw notFound("Визит не найден");
    return c.json(saved, saved.repeated ? 200 : 201);
  })
  .post("/visits/:id/sign", validIdParam, validate("json", visitSignatureSchema), async (c) => {
    const user = currentUser(c);
    const body = c.req.valid("json");
    const problem = signatureImageProblem(body.signature);
    if (problem) throw invalid({ signature: [problem] });
    const { db, now } = c.get("deps");
    const scope = companyScope(user);
    const id = c.req.valid("param").id;
    const v = await getVisit(db, scope, id);
    if (!v || (seesOnlyOwnTasks(user) && v.assignedTo !== user.id)) throw notFound("Визит не найден");
    const signed = await signVisitReport(db, scope, id, body, now()).catch(ruleError);
    if (!signed) throw notFound("Визит не найден");
    return c.json(signed);
  })
  .post(
    "/agreements/:id/activate",
    editorsOnly("Запускать обслуживание"),
    validIdParam,
    validateOptionalJson(activateBody),
    async (c) => {
      const user = currentUser(c);
      const { db, now } = c.get("deps");
      const done = await activateAgreement(db, companyScope(user), c.req.valid("param").id, {
        userId: user.id,
        now: now(),
        assignedTo: c.req.valid("json").assignedTo,
      }).catch(ruleError);
      if (!done) throw notFound("Договор обслуживания не найден");
      return c.json(done);
    },
  )
  .get("/renewals", editorsOnly("Продлевать договоры"), async (c) => {
    const user = currentUser(c);
    const { db, now } = c.get("deps");
    return c.json(await agreementsDueForRenewal(db, companyScope(user), now()));
  });
