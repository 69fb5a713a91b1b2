import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import {
  activateAgreement,
  agreementsDueForRenewal,
  getVisit,
  listVisits,
  moveVisit,
  saveVisitReport,
  signVisitReport,
  visitParts,
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
import { forbidden, invalid, notFound } from "../errors.ts";
import { validate, validateOptionalJson } from "../validate.ts";
import { companyScope, currentUser, requireApi } from "../middleware/guard.ts";
import { validIdParam } from "../query.ts";
import { signatureImageProblem } from "../signature_image.ts";
import type { AppEnv } from "../types.ts";

const day = z.string().refine(isCalendarDate, "Укажите дату в формате ГГГГ-ММ-ДД");
const listQuery = z.object({
  from: day.optional(),
  to: day.optional(),
  objectId: z.coerce.number().int().positive().optional(),
  assignedTo: z.coerce.number().int().positive().optional(),
  state: z.enum(Object.keys(visitStateLabels) as [keyof typeof visitStateLabels]).optional(),
});
const activateBody = z.object({ assignedTo: z.number().int().positive().optional() }).strict();

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
    const { db, now } = c.var.deps;
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
    const v = await getVisit(c.var.deps.db, companyScope(user), c.req.valid("param").id);
    if (!v || (seesOnlyOwnTasks(user) && v.assignedTo !== user.id)) throw notFound("Визит не найден");
    const { clientSignature: _drawn, ...visit } = v.visit;
    return c.json({
      ...v,
      visit: { ...visit, clientSigned: v.visit.clientSignedAt !== null },
      form: { sections: visitFormSections(v.operations, visitParts()), models: [], version: "visit" },
    });
  })
  .post(
    "/visits/:id/move",
    editorsOnly("Переносить визиты"),
    validIdParam,
    validate("json", moveVisitSchema),
    async (c) => {
      const user = currentUser(c);
      const { db, now } = c.var.deps;
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
    const { db, now } = c.var.deps;
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
    const { db, now } = c.var.deps;
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
      const { db, now } = c.var.deps;
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
    const { db, now } = c.var.deps;
    return c.json(await agreementsDueForRenewal(db, companyScope(user), now()));
  });
