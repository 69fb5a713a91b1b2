// /api/service: installed equipment, the company's service plans, the service agreement sold on an object and
// its payments, the warranty card and the well passport. The client's side
// (/api/client-links/:token/…) signs the service contract and downloads the documents through the link.
import { type Context, Hono } from "hono";
import * as z from "zod/mini";
import { idText, validIdParam } from "../query.ts";
import { validate, validateOptionalJson } from "../validate.ts";
import { ApiError, invalid, notFound } from "../errors.ts";
import { companyScope, currentUser, requireApi } from "../middleware/guard.ts";
import type { AppEnv } from "../types.ts";
import { scopeOf } from "../../db/scope.ts";
import {
  addDefaultPlans,
  addEquipment,
  createAgreement,
  equipmentDocument,
  equipmentLabel,
  getAgreement,
  linkService,
  listPlans,
  objectService,
  renewAgreement,
  requestServicePlan,
  savePlan,
  sendAgreement,
  type ServiceAgreement,
  serviceOffer,
  signAgreementByLink,
  updateEquipment,
} from "../../db/service.ts";
import { companyRequisites } from "../../db/contracts.ts";
import { objectVisitReports, visitReportDocument } from "../../db/service_visits.ts";
import { visitReportPdf } from "./service_visits.ts";
import { liveLink } from "./contracts.ts";
import { createPaymentWithLink, markServicePaymentReceived } from "../../db/payments.ts";
import {
  equipmentSchema,
  serviceAgreementSchema,
  servicePaymentPurpose,
  servicePaymentReceivedSchema,
  servicePlanSchema,
} from "../../domain/service_forms.ts";
import { CLIENT_LINK_DAYS, contractSignSchema, paymentKeeperRoles } from "../../domain/contracts.ts";
import { contractMakerRoles } from "../../domain/contract_text.ts";
import { staffRoles } from "../../domain/roles.ts";
import { gostPaymentString, requisitesProblem } from "../../domain/payment_qr.ts";
import { moscowTime } from "../../domain/dates.ts";
import { calendarDate } from "../../domain/bounds.ts";
import { warrantyCardText, wellPassportText } from "../../domain/service_documents.ts";
import { contractPdf } from "../contract_documents.ts";
import { PDF, sendDownload } from "../download.ts";
import { sha256Hex } from "../../domain/hash.ts";
import { newToken, paymentQr } from "../client_links.ts";
import { clientIp } from "../client_ip.ts";
import { signatureImageProblem } from "../signature_image.ts";
import type { Role } from "../../domain/roles.ts";

/** Who records installed equipment: the office and the foreman who finished the works. */
export const equipmentEditorRoles = [
  "system_admin",
  "company_admin",
  "chief_engineer",
  "manager",
  "foreman",
] as const satisfies readonly Role[];
/** Who sets the company's plans. */
export const planAdminRoles = ["system_admin", "company_admin"] as const satisfies readonly Role[];

const objectParam = validate("param", z.object({ objectId: idText }));
/** A per-visit payment may name the visit's day for its purpose. */
const servicePaymentSchema = z.object({
  plannedOn: z.optional(calendarDate("Дата визита в формате ГГГГ-ММ-ДД")),
});

function sendPdf(c: Context<AppEnv>, bytes: Uint8Array, name: string, asciiName: string) {
  return sendDownload(c, bytes, { type: PDF, name, asciiName });
}

/** The service contract as a PDF, with the client's signature once signed. */
const agreementPdf = (a: ServiceAgreement) =>
  contractPdf({
    contractText: a.contractText,
    contractNumber: a.number,
    version: 1,
    footer: `Договор на сервисное обслуживание № ${a.number}`,
    signature: a.signedAt && a.signerName && a.signatureImage
      ? {
        signerName: a.signerName,
        signatureImage: a.signatureImage,
        ip: a.signedIp,
        userAgent: a.signedUserAgent,
        textSha256: a.textSha256,
        signedAt: a.signedAt,
      }
      : null,
  });

type EquipmentDoc = NonNullable<Awaited<ReturnType<typeof equipmentDocument>>>;

/** The warranty card of a station, or the passport of a well, as a PDF; 404 for another kind. */
async function equipmentPdf(c: Context<AppEnv>, doc: EquipmentDoc | null, which: "warranty" | "passport") {
  if (!doc) throw notFound("Оборудование не найдено");
  const e = doc.equipment;
  const number = `${e.objectId}-${e.id}`;
  if (which === "warranty") {
    if (e.kind === "well") throw notFound("Гарантийный талон выдаётся на станцию или насос");
    const text = warrantyCardText({
      number,
      company: doc.company,
      clientName: doc.clientName,
      address: doc.address,
      modelName: e.modelName,
      serialNumber: e.serialNumber,
      installedOn: e.installedOn,
      equipmentWarranty: doc.needs
        ? { months: doc.needs.equipmentWarrantyMonths, source: doc.needs.source }
        : null,
    });
    const bytes = await contractPdf({
      contractText: text,
      contractNumber: number,
      version: 1,
      signature: null,
      footer: `Гарантийный талон № ${number}`,
    });
    return sendPdf(c, bytes, `Гарантийный талон ${number}.pdf`, `garantiya-${number}.pdf`);
  }
  if (e.kind !== "well") throw notFound("Паспорт составляется на скважину");
  const text = wellPassportText({
    number,
    company: doc.company,
    clientName: doc.clientName,
    address: doc.address,
    coordinates: doc.latitude !== null && doc.longitude !== null
      ? `${doc.latitude.toFixed(6)}, ${doc.longitude.toFixed(6)}`
      : null,
    drilledOn: e.installedOn,
    depthM: e.depthM,
    casing: e.casing,
    staticLevelM: e.staticLevelM,
    dynamicLevelM: e.dynamicLevelM,
    flowRateM3h: e.flowRateM3h,
    pump: e.pump,
    notes: e.notes,
  });
  const bytes = await contractPdf({
    contractText: text,
    contractNumber: number,
    version: 1,
    signature: null,
    footer: `Паспорт скважины № ${number}`,
  });
  return sendPdf(c, bytes, `Паспорт скважины ${number}.pdf`, `pasport-skvazhiny-${number}.pdf`);
}

const agreementProblems = {
  plan: invalid({ planId: ["План не найден или снят с продажи"] }),
  equipment: invalid({ equipmentId: ["Выберите оборудование этого объекта"] }),
  requisites: new ApiError(409, "Заполните реквизиты компании в настройках"),
};

const renewalProblems = {
  not_signed: new ApiError(409, "Продлевается подписанный действующий договор"),
  renewed: new ApiError(409, "Договор уже продлён: продление отправлено клиенту"),
  plan: new ApiError(409, "План договора снят с продажи: оформите новый договор на другой план"),
  equipment: new ApiError(409, "Оборудование договора удалено: оформите новый договор"),
  requisites: agreementProblems.requisites,
};

export const serviceApi = new Hono<AppEnv>()
  .get("/objects/:objectId", requireApi(staffRoles), objectParam, async (c) => {
    const user = currentUser(c);
    const { db } = c.get("deps");
    const service = await objectService(db, companyScope(user), c.req.valid("param").objectId);
    if (!service) throw notFound("Объект не найден");
    const [allPlans, visits, offer] = await Promise.all([
      listPlans(db, service.object.companyId),
      objectVisitReports(db, service.object.companyId, service.object.id),
      serviceOffer(db, service.object.companyId, service.object.id),
    ]);
    const plans = allPlans.filter((p) => !p.archived);
    // The done visits' reports, for the Documents tab (their PDF and «Отправить отчёт клиенту»).
    const reports = visits.map((v) => ({
      id: v.id,
      plannedOn: v.plannedOn,
      planName: v.planName,
      clientSigned: v.clientSignedAt !== null,
    }));
    return c.json({ ...service, plans, reports, offer });
  })
  .post(
    "/objects/:objectId/equipment",
    requireApi(equipmentEditorRoles),
    objectParam,
    validate("json", equipmentSchema),
    async (c) => {
      const user = currentUser(c);
      const row = await addEquipment(
        c.get("deps").db,
        companyScope(user),
        c.req.valid("param").objectId,
        c.req.valid("json"),
        user.id,
      );
      if (!row) throw notFound("Объект не найден");
      return c.json(row, 201);
    },
  )
  .put(
    "/equipment/:id",
    requireApi(equipmentEditorRoles),
    validIdParam,
    validate("json", equipmentSchema),
    async (c) => {
      const user = currentUser(c);
      const row = await updateEquipment(
        c.get("deps").db,
        companyScope(user),
        c.req.valid("param").id,
        c.req.valid("json"),
      );
      if (!row) throw notFound("Оборудование не найдено");
      return c.json(row);
    },
  )
  .get("/equipment/:id/warranty.pdf", requireApi(staffRoles), validIdParam, async (c) => {
    const user = currentUser(c);
    const doc = await equipmentDocument(c.get("deps").db, companyScope(user), c.req.valid("param").id);
    return await equipmentPdf(c, doc, "warranty");
  })
  .get("/equipment/:id/passport.pdf", requireApi(staffRoles), validIdParam, async (c) => {
    const user = currentUser(c);
    const doc = await equipmentDocument(c.get("deps").db, companyScope(user), c.req.valid("param").id);
    return await equipmentPdf(c, doc, "passport");
  })
  .get("/plans", requireApi(staffRoles), async (c) => {
    const user = currentUser(c);
    if (user.companyId === null) return c.json([]);
    return c.json(await listPlans(c.get("deps").db, user.companyId));
  })
  .post("/plans/defaults", requireApi(planAdminRoles), async (c) => {
    const user = currentUser(c);
    if (user.companyId === null) throw new ApiError(409, "Планы задаёт компания");
    const added = await addDefaultPlans(c.get("deps").db, user.companyId);
    return c.json(added, added.length ? 201 : 200);
  })
  .post("/plans", requireApi(planAdminRoles), validate("json", servicePlanSchema), async (c) => {
    const user = currentUser(c);
    if (user.companyId === null) throw new ApiError(409, "Планы задаёт компания");
    const row = await savePlan(c.get("deps").db, companyScope(user), user.companyId, c.req.valid("json"));
    return c.json(row, 201);
  })
  .put(
    "/plans/:id",
    requireApi(planAdminRoles),
    validIdParam,
    validate("json", servicePlanSchema),
    async (c) => {
      const user = currentUser(c);
      const row = await savePlan(
        c.get("deps").db,
        companyScope(user),
        user.companyId ?? 0,
        c.req.valid("json"),
        c.req.valid("param").id,
      );
      if (!row) throw notFound("План не найден");
      return c.json(row);
    },
  )
  .post(
    "/objects/:objectId/agreements",
    requireApi(contractMakerRoles),
    objectParam,
    validate("json", serviceAgreementSchema),
    async (c) => {
      const user = currentUser(c);
      const { db, now } = c.get("deps");
      const result = await createAgreement(
        db,
        companyScope(user),
        c.req.valid("param").objectId,
        c.req.valid("json"),
        {
          id: user.id,
          now: now(),
        },
      );
      if ("problem" in result) {
        if (result.problem === "missing") throw notFound("Объект не найден");
        throw agreementProblems[result.problem];
      }
      return c.json(result.agreement, 201);
    },
  )
  .post("/agreements/:id/send", requireApi(contractMakerRoles), validIdParam, async (c) => {
    const user = currentUser(c);
    const { db } = c.get("deps");
    const scope = companyScope(user);
    const id = c.req.valid("param").id;
    const sent = await sendAgreement(db, scope, id);
    if (sent) return c.json(sent);
    if (await getAgreement(db, scope, id)) {
      throw new ApiError(409, "Договор уже подписан, подписанный не меняется");
    }
    throw notFound("Договор не найден");
  })
  .post("/agreements/:id/renew", requireApi(contractMakerRoles), validIdParam, async (c) => {
    const user = currentUser(c);
    const { db, now } = c.get("deps");
    const result = await renewAgreement(db, companyScope(user), c.req.valid("param").id, {
      id: user.id,
      now: now(),
    });
    if ("agreement" in result) return c.json(result.agreement, 201);
    if (result.problem === "missing") throw notFound("Договор не найден");
    throw renewalProblems[result.problem];
  })
  .get("/agreements/:id/pdf", requireApi(staffRoles), validIdParam, async (c) => {
    const user = currentUser(c);
    const a = await getAgreement(c.get("deps").db, companyScope(user), c.req.valid("param").id);
    if (!a) throw notFound("Договор не найден");
    return sendPdf(
      c,
      await agreementPdf(a),
      `Договор обслуживания ${a.number}.pdf`,
      `dogovor-to-${a.id}.pdf`,
    );
  })
  .post(
    "/agreements/:id/payment",
    requireApi(paymentKeeperRoles),
    validIdParam,
    validateOptionalJson(servicePaymentSchema),
    async (c) => {
      const user = currentUser(c);
      const { db, now, env } = c.get("deps");
      const a = await getAgreement(db, companyScope(user), c.req.valid("param").id);
      if (!a) throw notFound("Договор не найден");
      if (a.status !== "signed") throw new ApiError(409, "Счёт выставляется по подписанному договору");
      const company = await companyRequisites(db, a.companyId);
      const problem = company ? requisitesProblem(company) : { message: "Компания не найдена", errors: {} };
      if (problem) throw new ApiError(409, problem.message, problem.errors);
      const amount = a.payMode === "year" ? a.pricePerYear : a.pricePerVisit;
      if (amount <= 0) throw new ApiError(409, "Цена по договору — 0 ₽, выставлять нечего");
      const purpose = servicePaymentPurpose(a.number, a.payMode, c.req.valid("json").plannedOn);
      const qrPayload = gostPaymentString(company!, { sum: amount, purpose });
      const { token, hash } = newToken();
      const origin = (env.PUBLIC_URL ?? new URL(c.req.url).origin).replace(/\/$/, "");
      const at = now();
      const { payment, linkId } = await createPaymentWithLink(db, {
        kind: "service",
        companyId: a.companyId,
        objectId: a.objectId,
        serviceAgreementId: a.id,
        amount,
        description: purpose,
        qrPayload,
        tokenHash: hash,
        paymentLink: `${origin}/c/…${token.slice(-4)}`,
        expiresAt: new Date(at.getTime() + CLIENT_LINK_DAYS * 86_400_000),
      }, { id: user.id, now: at });
      return c.json({
        amount,
        purpose,
        qrPayload,
        qrCode: await paymentQr(qrPayload),
        paymentId: payment.id,
        linkId,
        paymentLink: `${origin}/c/${token}`,
      }, 201);
    },
  )
  .post(
    "/payments/:id/received",
    requireApi(paymentKeeperRoles),
    validIdParam,
    validate("json", servicePaymentReceivedSchema),
    async (c) => {
      const user = currentUser(c);
      const { db, now } = c.get("deps");
      const body = c.req.valid("json");
      const done = await markServicePaymentReceived(db, companyScope(user), c.req.valid("param").id, {
        amount: body.amount,
        receivedAt: moscowTime(body.receivedOn, 12),
        byUserId: user.id,
        now: now(),
      });
      if (!done) throw notFound("Платёж не найден");
      return c.json({ ok: true, status: "paid" });
    },
  );

// ---- The client's link ----

const tokenParam = validate("param", z.object({ token: z.string() }));
/** The client asks for one of the offered plans. */
const serviceRequestSchema = z.object({
  planId: z.number("Выберите план").check(z.int("Выберите план"), z.positive("Выберите план")),
});
const tokenIdParam = validate("param", z.object({ token: z.string(), id: idText }));

/** The equipment of the link's object, or 404. */
async function linkEquipment(c: Context<AppEnv>, token: string, id: number) {
  const link = await liveLink(c, token);
  const doc = await equipmentDocument(c.get("deps").db, scopeOf(link.companyId), id);
  return doc && doc.equipment.objectId === link.objectId ? doc : null;
}

export const serviceLinkApi = new Hono<AppEnv>()
  .get("/:token/service", tokenParam, async (c) => {
    const link = await liveLink(c, c.req.valid("param").token);
    const service = await linkService(c.get("deps").db, link);
    return c.json({
      agreements: service.agreements.map((a) => ({
        id: a.id,
        number: a.number,
        planName: a.planName,
        status: a.status,
        startsOn: a.startsOn,
        endsOn: a.endsOn,
        payMode: a.payMode,
        pricePerYear: a.pricePerYear,
        pricePerVisit: a.pricePerVisit,
        contractText: a.contractText,
        signedAt: a.signedAt,
        signerName: a.signerName,
      })),
      equipment: service.equipment.map((e) => ({ id: e.id, kind: e.kind, label: equipmentLabel(e) })),
      offer: await serviceOffer(c.get("deps").db, link.companyId, link.objectId),
    });
  })
  .post("/:token/service-request", tokenParam, validate("json", serviceRequestSchema), async (c) => {
    const link = await liveLink(c, c.req.valid("param").token);
    const { db, now } = c.get("deps");
    const result = await requestServicePlan(db, link, c.req.valid("json").planId, now());
    if ("agreement" in result) {
      return c.json({ ok: true, number: result.agreement.number, planName: result.agreement.planName }, 201);
    }
    if (result.problem === "plan") throw invalid({ planId: ["Выберите один из предложенных планов"] });
    if (result.problem === "closed") {
      throw new ApiError(409, "Заявка на обслуживание уже отправлена — мы свяжемся с вами");
    }
    throw agreementProblems.requisites;
  })
  .post("/:token/agreements/:id/sign", tokenIdParam, validate("json", contractSignSchema), async (c) => {
    const { token, id } = c.req.valid("param");
    const link = await liveLink(c, token);
    const body = c.req.valid("json");
    const unreadable = signatureImageProblem(body.signature);
    if (unreadable) throw invalid({ signature: [unreadable] });
    const { db, now } = c.get("deps");
    const signed = await signAgreementByLink(db, link, id, {
      signerName: body.fullName.trim().replace(/\s+/g, " "),
      signatureImage: body.signature,
      ip: clientIp(c),
      userAgent: c.req.header("user-agent")?.slice(0, 500) ?? null,
      at: now(),
    });
    if (signed === "missing") throw notFound("Договор не найден");
    if (signed === "signed") throw new ApiError(409, "Договор уже подписан, подписанный не меняется");
    return c.json({ ok: true, textSha256: sha256Hex(signed.contractText) });
  })
  .get("/:token/agreements/:id/pdf", tokenIdParam, async (c) => {
    const { token, id } = c.req.valid("param");
    const link = await liveLink(c, token);
    const a = await getAgreement(c.get("deps").db, scopeOf(link.companyId), id);
    if (!a || a.objectId !== link.objectId || a.status === "draft") throw notFound("Договор не найден");
    return sendPdf(
      c,
      await agreementPdf(a),
      `Договор обслуживания ${a.number}.pdf`,
      `dogovor-to-${a.id}.pdf`,
    );
  })
  .get("/:token/visits/:id/report.pdf", tokenIdParam, async (c) => {
    const { token, id } = c.req.valid("param");
    const link = await liveLink(c, token);
    const doc = await visitReportDocument(c.get("deps").db, scopeOf(link.companyId), id);
    if (!doc || doc.visit.objectId !== link.objectId) throw notFound("Визит не найден");
    return await visitReportPdf(c, doc);
  })
  .get("/:token/equipment/:id/warranty.pdf", tokenIdParam, async (c) => {
    const { token, id } = c.req.valid("param");
    return await equipmentPdf(c, await linkEquipment(c, token, id), "warranty");
  })
  .get("/:token/equipment/:id/passport.pdf", tokenIdParam, async (c) => {
    const { token, id } = c.req.valid("param");
    return await equipmentPdf(c, await linkEquipment(c, token, id), "passport");
  });
