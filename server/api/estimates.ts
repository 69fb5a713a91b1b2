import { type Context, Hono } from "hono";
import { z } from "zod";
import {
  defaultPriceList,
  documentKinds,
  type Estimate,
  findModel,
  type PriceListItem,
  stationSummary,
  vatLine,
  workTypeLabel,
  writeEstimateWorkbook,
} from "../../estimating/mod.ts";
import { searchCompanyPriceItems } from "../../db/price_lists.ts";
import { applyEstimateEdit, listEstimateChanges, type ResolvedEdit } from "../../db/estimate_edits.ts";
import { discountJson, type EstimateDetail, getEstimate, objectForEstimate } from "../../db/estimates.ts";
import { estimateDocumentParts } from "../../db/estimate_documents.ts";
import {
  getEstimateVersion,
  listEstimateVersions,
  numberOfEarlierVersion,
} from "../../db/estimate_versions.ts";
import { listEstimates } from "../../db/estimate_lists.ts";
import { setEstimateStatus } from "../../db/estimate_status.ts";
import { storeManualEstimate } from "../../db/manual_estimates.ts";
import { estimateStatuses } from "../../domain/enums.ts";
import { clientIdSchema } from "../../domain/offline.ts";
import { estimateApproverRoles, hasRole, staffRoles } from "../../domain/roles.ts";
import { estimateStatusLabels } from "../../domain/labels.ts";
import { estimateEditSchema } from "../../domain/estimates.ts";
import {
  ESTIMATE_TOO_LARGE,
  LINE_TOO_LARGE,
  linesWithinBound,
  lineWithinBound,
  MAX_AMOUNT_KOPECKS,
  MAX_QUANTITY,
} from "../../domain/bounds.ts";
import {
  canEditEstimate,
  estimateTransitions,
  LOCKED_MESSAGE,
  needsApprover,
} from "../../domain/estimate_status.ts";
import { ApiError, forbidden, invalid, notFound } from "../errors.ts";
import { contentDisposition } from "../content_disposition.ts";
import { moscowDate } from "../../domain/dates.ts";
import { personName } from "../../domain/format.ts";
import { generateEstimates } from "../../usecases/generate_estimate.ts";
import { validate } from "../validate.ts";
import { companyScope, currentUser, requireApi } from "../middleware/guard.ts";
import { jsonNumber, validIdParam } from "../query.ts";
import type { AppEnv, CurrentUser } from "../types.ts";
import { estimateDecisionsOf, sendEstimateToClient } from "../../db/quotes.ts";
import { newToken } from "../client_links.ts";
import { CLIENT_LINK_DAYS } from "../../domain/contract_text.ts";

const sendToClientBody = z.object({
  /** Itemised estimate (default), or only section totals. */
  showItems: z.boolean({ error: "Укажите, показывать ли позиции сметы" }).optional(),
}).strict();

const listQuery = z.object({
  objectId: z.coerce.number().int().positive().optional(),
  status: z.enum(estimateStatuses).optional(),
  q: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});

const generateBody = z.object({
  objectId: jsonNumber({ error: "Выберите задачу с объектом для генерации сметы" }).int().positive(
    "Выберите задачу с объектом для генерации сметы",
  ),
  taskId: jsonNumber().int().positive().nullable().optional(),
  workType: z.string().max(50).optional(),
  /** Several work types priced in one estimate, a section per work type (validated by the engine). */
  workTypes: z.array(z.string().max(50)).max(5).optional(),
  /** With several work types: an estimate per work type instead of one with a section per work type. Only
   * estimateSplitRoles may ask it; for anyone else the task's «Сметы по видам работ» decides. */
  separate: z.boolean({ error: "Отдельные сметы: да или нет" }).optional(),
  estimateNumber: z.string().max(50).optional(),
  /** The phone's id of a queued request: a repeat answers what the first one generated. */
  clientId: clientIdSchema.optional(),
  /** The document's own object block (as the CLI reads it); only its distance is used, see below. It is checked
   * by the engine's rule (distanceFromMkadRule), as the CLI checks it. */
  object: z.object({ distanceFromMKAD: z.unknown().optional() }).passthrough().optional(),
  measurements: z.unknown(),
}).passthrough();

const REQUIRED_MANUAL = "Заполните все обязательные поля и добавьте позиции";
const manualBody = z.object({
  objectId: jsonNumber({ error: "Выберите объект" }).int().positive("Выберите объект"),
  estimateNumber: z.string({ error: "Укажите номер сметы" }).trim().min(1, "Укажите номер сметы").max(50),
  status: z.enum(estimateStatuses, { error: "Неизвестный статус" }).optional().default("draft"),
  templateName: z.string().trim().max(200).nullable().optional(),
  totalAmount: z.unknown().optional(),
  items: z.array(
    z.object({
      section: z.string().trim().max(100).optional(),
      category: z.string().trim().max(100).optional(),
      articleCode: z.string().trim().max(50).nullable().optional(),
      name: z.string({ error: "Укажите наименование" }).trim().min(1, "Укажите наименование").max(500),
      unit: z.enum(["шт", "м", "м²", "м³", "кг", "т"], { error: "Единица: шт, м, м², м³, кг или т" })
        .optional().default("шт"),
      quantity: jsonNumber({ error: "Количество — число" }).min(0, "Количество не меньше 0")
        .max(MAX_QUANTITY, "Слишком большое количество")
        .transform((q) => Math.round(q * 100) / 100),
      /** Kopecks per unit. */
      pricePerUnit: jsonNumber({ error: "Цена — число" }).min(0, "Цена не меньше 0")
        .max(MAX_AMOUNT_KOPECKS, "Цена не больше 1 млрд ₽")
        .transform(Math.round),
      equipmentCost: jsonNumber().min(0).max(MAX_AMOUNT_KOPECKS).optional(),
      isRequired: z.boolean().optional(),
    }).refine((line) => lineWithinBound(line.quantity, line.pricePerUnit), {
      message: LINE_TOO_LARGE,
      path: ["pricePerUnit"],
    }),
    { error: REQUIRED_MANUAL },
  ).min(1, REQUIRED_MANUAL).max(500, "Не более 500 позиций").refine(linesWithinBound, ESTIMATE_TOO_LARGE),
});

const documentQuery = z.object({
  version: z.coerce.number().int().positive().optional(),
  /** `internal` is the «Для себя» workbook; the client's one by default. */
  for: z.enum(["client", "internal"]).optional(),
});

const priceItemsQuery = z.object({ q: z.string().trim().max(100).optional().default("") });

const patchBody = z.object({
  status: z.enum(estimateStatuses, { error: "Неизвестный статус" }),
  /** Approving an estimate with alerts: the approver has read them and approves all the same. */
  confirmAlerts: z.boolean({ error: "Подтверждение: да или нет" }).optional(),
}).strict();

/** The refusal of approving an estimate with alerts without a confirmation. */
export function alertsConfirmationMessage(alerts: readonly string[]): string {
  return `Смета содержит предупреждения: ${alerts.join(" ")} Утвердить всё равно? Подтвердите утверждение.`;
}

/**
 * The JSON of a stored estimate (the estimating spec's «Entities and their fields» field names; money in
 * kopecks).
 */
export function estimateJson(e: EstimateDetail) {
  return {
    id: e.id,
    estimateNumber: e.estimateNumber,
    objectId: e.objectId,
    objectAddress: e.objectAddress,
    taskId: e.taskId,
    status: e.status,
    templateName: e.templateName,
    sections: e.sections,
    subtotals: e.subtotals,
    itemsTotal: e.itemsTotal,
    vatMode: e.vatMode,
    vatAmount: e.vatAmount,
    discount: discountJson(e),
    discountAmount: e.discountAmount,
    totalAmount: e.totalAmount,
    totalCost: e.totalAmount,
    version: e.version,
    clientNote: e.clientNote,
    internalNote: e.internalNote,
    notes: e.notes,
    warnings: e.warnings,
    alerts: e.alerts,
    alertsConfirmation: e.alertsConfirmed?.length
      ? {
        alerts: e.alertsConfirmed,
        at: e.alertsConfirmedAt,
        byUserId: e.alertsConfirmedBy,
        byName: personName(e.confirmerFirstName, e.confirmerLastName, { surnameFirst: true }) || null,
      }
      : null,
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
    date: moscowDate(e.createdAt),
    items: e.items.map((i) => ({
      id: i.id,
      ...lineFigures(i),
      category: i.section,
      articleCode: i.articleCode,
      article: i.articleCode,
    })),
  };
}

/** What a stored line says in the API's JSON and in the engine's Estimate alike. */
function lineFigures(i: EstimateDetail["items"][number]) {
  return {
    section: i.section,
    name: i.name,
    unit: i.unit,
    quantity: i.quantity,
    pricePerUnit: i.pricePerUnit,
    equipmentCost: i.equipmentCost,
    workCost: i.workCost,
    totalPrice: i.totalPrice,
    isRequired: i.isRequired,
  };
}

/** A stored estimate as the engine's Estimate, for the workbook writer. */
function asEngineEstimate(e: EstimateDetail): Estimate {
  const doc = (e.measurementDocument ?? {}) as { measurements?: Record<string, unknown>; workType?: string };
  const m = doc.measurements ?? {};
  const model = findModel(typeof m.septic_model === "string" ? m.septic_model : undefined);
  const workType = (doc.workType ?? e.objectWorkType ?? "other") as Estimate["workType"];
  const vat = vatLine(e.vatMode);
  return {
    estimateNumber: e.estimateNumber,
    templateName: e.templateName ?? "Смета",
    date: moscowDate(e.createdAt),
    workType,
    workTypeLabel: workTypeLabel(workType),
    objectId: e.objectId,
    objectAddress: e.objectAddress,
    clientName: e.objectClientName ?? undefined,
    clientPhone: e.objectClientPhone ?? undefined,
    // A manual estimate has no station: the workbook then prints no station line.
    model: model && stationSummary(model),
    residentsCount: typeof m.residents_count === "number" ? m.residents_count : 0,
    excavationVolume: 0,
    sections: e.subtotals.map((s) => s.section),
    subtotals: e.subtotals,
    items: e.items.map((i) => ({ ...lineFigures(i), articleCode: i.articleCode ?? "" })),
    itemsTotal: e.itemsTotal,
    vat: { mode: e.vatMode, rate: vat.rate, label: vat.label, amount: e.vatAmount, included: vat.included },
    totalAmount: e.totalAmount,
    notes: e.notes,
    warnings: e.warnings,
    alerts: e.alerts,
    currency: "RUB",
    moneyUnit: "kopeck",
  };
}

/** A stored generated estimate as POST /generate answers it: the engine's estimate with its record's fields. */
function generatedAnswer(e: EstimateDetail) {
  const doc = (e.measurementDocument ?? {}) as {
    workType?: string;
    workTypes?: string[];
    measurements?: object;
  };
  return {
    ...asEngineEstimate(e),
    workKinds: documentKinds(doc, (doc.measurements ?? {}) as Record<string, unknown>),
    id: e.id,
    version: e.version,
    status: e.status,
    objectId: e.objectId,
    taskId: e.taskId,
    createdAt: e.createdAt,
  };
}

async function estimateOr404(c: Pick<Context<AppEnv>, "get">, user: CurrentUser, id: number) {
  const e = await getEstimate(c.get("deps").db, companyScope(user), id);
  if (!e) throw notFound("Смета не найдена");
  return e;
}

/**
 * Estimates (the estimating spec's «Estimates screen» and «Calls»): list (and ?objectId=), create by hand,
 * generate from measurements, read, change status (approving and rejecting only for estimateApproverRoles),
 * export to Excel. Company scoped: another company's estimate or object answers 404.
 */
export const estimatesApi = new Hono<AppEnv>()
  .use(requireApi(staffRoles))
  .get("/", validate("query", listQuery), async (c) => {
    const user = currentUser(c);
    return c.json(await listEstimates(c.get("deps").db, companyScope(user), c.req.valid("query")));
  })
  .post("/generate", validate("json", generateBody), async (c) => {
    const user = currentUser(c);
    const { db, now } = c.get("deps");
    const outcome = await generateEstimates(
      db,
      { user, scope: companyScope(user), now: now() },
      c.req.valid("json"),
    );
    if ("repeated" in outcome) {
      // A repeat writes nothing: it answers the estimate(s) the first request made, in the same shape.
      const answers = outcome.repeated.map(generatedAnswer);
      return c.json(answers.length > 1 ? { estimates: answers } : answers[0], 200);
    }
    const { made, separate } = outcome;
    return c.json(separate && made.length > 1 ? { estimates: made } : made[0], 201);
  })
  .post("/", validate("json", manualBody, REQUIRED_MANUAL), async (c) => {
    const user = currentUser(c);
    const body = c.req.valid("json");
    const { db, now } = c.get("deps");
    const object = await objectForEstimate(db, companyScope(user), body.objectId);
    if (!object) throw notFound("Объект не найден");
    if (
      (body.status === "approved" || body.status === "rejected") && !hasRole(user.role, estimateApproverRoles)
    ) throw forbidden("Утверждать и отклонять сметы могут главный инженер и администраторы");
    if (await numberOfEarlierVersion(db, object.companyId, body.estimateNumber)) {
      const message = "Смета с таким номером уже существует";
      throw new ApiError(409, message, { estimateNumber: [message] });
    }
    const id = await storeManualEstimate(db, {
      companyId: object.companyId,
      objectId: object.id,
      address: object.address,
      estimateNumber: body.estimateNumber,
      status: body.status,
      templateName: body.templateName,
      items: body.items.map((i) => ({ ...i, section: i.section || i.category })),
    }, { id: user.id, now: now() });
    const e = await getEstimate(db, null, id);
    return c.json(estimateJson(e!), 201);
  })
  .get("/:id{[0-9]+}", validIdParam, async (c) => {
    const user = currentUser(c);
    return c.json(estimateJson(await estimateOr404(c, user, c.req.valid("param").id)));
  })
  .patch("/:id{[0-9]+}", validIdParam, validate("json", patchBody), async (c) => {
    const user = currentUser(c);
    const e = await estimateOr404(c, user, c.req.valid("param").id);
    const { status, confirmAlerts } = c.req.valid("json");
    if (status !== e.status) {
      if (needsApprover(e.status, status) && !hasRole(user.role, estimateApproverRoles)) {
        throw forbidden("Утверждать и отклонять сметы могут главный инженер и администраторы");
      }
      if (!estimateTransitions[e.status].includes(status)) {
        throw invalid({
          status: [
            `Нельзя перевести смету из статуса «${estimateStatusLabels[e.status].label}» в «${
              estimateStatusLabels[status].label
            }»`,
          ],
        });
      }
      // Alerts change what should be installed: approving over them is a decision, asked for and recorded.
      const overAlerts = status === "approved" && e.alerts.length > 0;
      if (overAlerts && confirmAlerts !== true) {
        throw new ApiError(409, alertsConfirmationMessage(e.alerts), { confirmAlerts: e.alerts });
      }
      const { db, now } = c.get("deps");
      await setEstimateStatus(db, { ...e, address: e.objectAddress }, status, {
        id: user.id,
        now: now(),
        label: estimateStatusLabels[status].label,
      }, overAlerts ? e.alerts : undefined);
    }
    return c.json(estimateJson(await estimateOr404(c, user, e.id)));
  })
  .post(
    "/:id{[0-9]+}/send-to-client",
    validIdParam,
    validate("json", sendToClientBody),
    async (c) => {
      const user = currentUser(c);
      if (!canEditEstimate(user.role)) {
        throw forbidden("Отправлять сметы клиенту могут менеджер, главный инженер и администраторы");
      }
      const e = await estimateOr404(c, user, c.req.valid("param").id);
      if (e.totalAmount <= 0) throw new ApiError(409, "Сумма сметы равна нулю: отправлять клиенту нечего");
      if (e.status === "rejected") {
        throw new ApiError(409, "Смета отклонена: верните её на доработку, прежде чем отправлять клиенту");
      }
      const { db, now, env } = c.get("deps");
      const at = now();
      const { token, hash } = newToken();
      const expiresAt = new Date(at.getTime() + CLIENT_LINK_DAYS * 86_400_000);
      const origin = (env.PUBLIC_URL ?? new URL(c.req.url).origin).replace(/\/$/, "");
      const url = `${origin}/c/${token}`;
      const { linkId } = await sendEstimateToClient(db, e, {
        tokenHash: hash,
        showItems: c.req.valid("json").showItems ?? true,
        expiresAt,
        url,
        origin,
      }, { id: user.id, now: at });
      return c.json({ linkId, url, expiresAt: expiresAt.toISOString() }, 201);
    },
  )
  .get("/:id{[0-9]+}/decisions", validIdParam, async (c) => {
    const user = currentUser(c);
    const e = await estimateOr404(c, user, c.req.valid("param").id);
    const rows = await estimateDecisionsOf(c.get("deps").db, companyScope(user), e.id);
    return c.json(rows.map((d) => ({
      decision: d.decision,
      comment: d.comment,
      byName: d.byName,
      byStaff: d.byUserId !== null,
      estimateVersion: d.estimateVersion,
      at: d.createdAt.toISOString(),
    })));
  })
  .get("/:id{[0-9]+}/versions", validIdParam, async (c) => {
    const user = currentUser(c);
    const e = await estimateOr404(c, user, c.req.valid("param").id);
    return c.json(await listEstimateVersions(c.get("deps").db, companyScope(user), e));
  })
  .get("/:id{[0-9]+}/changes", validIdParam, async (c) => {
    const user = currentUser(c);
    const e = await estimateOr404(c, user, c.req.valid("param").id);
    return c.json(await listEstimateChanges(c.get("deps").db, companyScope(user), e.id));
  })
  .get("/price-items", validate("query", priceItemsQuery), async (c) => {
    const user = currentUser(c);
    if (!user.companyId) return c.json([]);
    return c.json(await findPriceItems(c.get("deps").db, user.companyId, c.req.valid("query").q));
  })
  .post(
    "/:id{[0-9]+}/edits",
    async (c, next) => {
      // Roles first, so a surveyor hears 403 whatever the body.
      if (!canEditEstimate(currentUser(c).role)) {
        throw forbidden("Изменять сметы могут главный инженер, менеджер и администратор компании");
      }
      await next();
    },
    validIdParam,
    validate("json", estimateEditSchema),
    async (c) => {
      const user = currentUser(c);
      const e = await estimateOr404(c, user, c.req.valid("param").id);
      const edit = c.req.valid("json");
      const { db, now } = c.get("deps");
      let resolved: ResolvedEdit;
      if (edit.action === "add_item") {
        const [item] = (await findPriceItems(db, e.companyId, edit.code)).filter((i) => i.code === edit.code);
        if (!item) throw invalid({ code: ["Такой позиции нет в прайс-листе"] });
        resolved = {
          action: "add_line",
          line: {
            section: item.section,
            articleCode: item.code,
            name: item.name,
            unit: item.unit,
            quantity: edit.quantity,
            pricePerUnit: item.materialsPrice + item.worksPrice,
            materialsPerUnit: item.materialsPrice,
          },
        };
      } else if (edit.action === "add_free_item") {
        resolved = {
          action: "add_line",
          line: {
            section: edit.section || "Дополнительные работы",
            articleCode: null,
            name: edit.name,
            unit: edit.unit,
            quantity: edit.quantity,
            pricePerUnit: edit.pricePerUnit,
            materialsPerUnit: 0,
          },
        };
      } else if (edit.action === "set_terms") {
        const { discount, ...rest } = edit;
        resolved = {
          ...rest,
          ...(discount === undefined ? {} : {
            discount: discount === null
              ? null
              : discount.kind === "percent"
              ? { kind: "percent", value: Math.round(discount.value * 100) }
              : discount,
          }),
        };
      } else resolved = edit;
      const outcome = await applyEstimateEdit(db, companyScope(user), e.id, resolved, {
        id: user.id,
        now: now(),
      });
      if (!outcome.ok) {
        if (outcome.reason === "locked") throw new ApiError(409, LOCKED_MESSAGE);
        if (outcome.reason === "item_not_found") throw notFound("Позиция сметы не найдена");
        if (outcome.reason === "not_found") throw notFound("Смета не найдена");
        if (outcome.reason === "line_too_large") throw invalid({ pricePerUnit: [LINE_TOO_LARGE] });
        if (outcome.reason === "total_too_large") throw invalid({ _: [ESTIMATE_TOO_LARGE] });
      }
      return c.json({
        ...estimateJson(await estimateOr404(c, user, e.id)),
        change: outcome.ok ? { summary: outcome.summary, totalDelta: outcome.totalDelta } : null,
      });
    },
  )
  .get(
    "/:id{[0-9]+}/export",
    validIdParam,
    validate("query", documentQuery),
    async (c) => {
      const user = currentUser(c);
      const { id } = c.req.valid("param");
      const query = c.req.valid("query");
      const { db } = c.get("deps");
      const e = query.version
        ? await getEstimateVersion(db, companyScope(user), id, query.version)
        : await getEstimate(db, companyScope(user), id);
      if (!e) throw notFound("Смета не найдена");
      const internal = query.for === "internal";
      const bytes = await writeEstimateWorkbook(asEngineEstimate(e), {
        ...await estimateDocumentParts(db, e),
        audience: internal ? "internal" : "client",
      });
      const fileName = `Смета_${e.estimateNumber}${internal ? "_для_себя" : ""}.xlsx`;
      return new Response(bytes as Uint8Array<ArrayBuffer>, {
        headers: {
          "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
          "Content-Disposition": contentDisposition(fileName, {
            asciiName: `Smeta_${e.id}${internal ? "_internal" : ""}.xlsx`,
          }),
          "Content-Length": String(bytes.byteLength),
          "Cache-Control": "private, no-store",
        },
      });
    },
  );

/** Price-list items of the company matching `q` (code or name); the default price list when it has none. */
async function findPriceItems(db: AppEnv["Variables"]["deps"]["db"], companyId: number, q: string) {
  const own = await searchCompanyPriceItems(db, companyId, q);
  if (own) return own;
  const needle = q.trim().toLowerCase();
  return defaultPriceList.filter((i: PriceListItem) =>
    i.code.toLowerCase().includes(needle) || i.name.toLowerCase().includes(needle)
  ).slice(0, 20);
}
