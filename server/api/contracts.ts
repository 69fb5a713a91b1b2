// Contracts and prepayments (the estimating spec's «Contract wizard dialog» and «Calls»): POST
// /api/contracts/generate, the contract's documents, POST /api/payment/generate with the ГОСТ QR and the
// client's private link, and what the client does through that link (accept, sign, attach the object to the
// account), which needs no session.
import { type Context, Hono } from "hono";
import { getConnInfo } from "hono/deno";
import { z } from "zod";
import { idText, validIdParam } from "../query.ts";
import {
  type ClientLink,
  linkSuperseded,
  objectLinks,
  revokeLink,
  signContractByLink,
} from "../../db/client_links.ts";
import {
  companyContractTemplates,
  contractTemplate,
  resetContractTemplate,
  saveContractTemplate,
} from "../../db/contract_templates.ts";
import {
  companyRequisites,
  contractClient,
  contractObject,
  type ContractWithState,
  currentContract,
  estimateForContract,
  getContract,
  storeContractVersion,
} from "../../db/contracts.ts";
import { createPaymentWithLink, markPaymentReceived } from "../../db/payments.ts";
import {
  customerObjectList,
  decideCustomerAccess,
  objectCustomerAccess,
  requestCustomerObject,
} from "../../db/customer_objects.ts";
import {
  CLIENT_LINK_DAYS,
  contractFileName,
  contractGenerateSchema,
  contractMakerRoles,
  contractSignSchema,
  contractTemplateSchema,
  contractValues,
  defaultTemplate,
  passportProblem,
  paymentGenerateSchema,
  paymentKeeperRoles,
  paymentPurpose,
  paymentReceivedSchema,
  placeholders,
  prepaymentAmount,
  renderTemplate,
  type WorkType,
} from "../../domain/contracts.ts";
import {
  customerAccessDecisionSchema,
  quoteApprovalSchema,
  quoteChangesSchema,
  supersededMessage,
} from "../../domain/client_links.ts";
import { gostPaymentString, requisitesProblem } from "../../domain/payment_qr.ts";
import { formatKopecks } from "../../domain/format.ts";
import { hasRole, staffRoles } from "../../domain/roles.ts";
import { workTypes } from "../../domain/enums.ts";
import { ApiError, CONTRACT_NUMBER_TAKEN, invalid, notFound } from "../errors.ts";
import { DOCX, PDF, sendDownload } from "../download.ts";
import { moscowTime } from "../../domain/dates.ts";
import { personName } from "../../domain/format.ts";
import { validate, validateOptionalJson } from "../validate.ts";
import {
  approveEstimateByLink,
  type EstimateDecision,
  estimateState,
  requestEstimateChangesByLink,
} from "../../db/quotes.ts";
import { companyScope, currentUser, requireApi } from "../middleware/guard.ts";
import type { AppEnv } from "../types.ts";
import { scopeOf } from "../../db/scope.ts";
import { contractDocx, contractPdf } from "../contract_documents.ts";
import { sha256Hex } from "../../domain/hash.ts";
import { newToken, openLink, paymentQr, paymentQrPng } from "../client_links.ts";
import { contractJson } from "../contract_json.ts";
import { latestFinalPayment, linkPayment, objectLedger } from "../../db/ledger.ts";
import { finalPaymentAmount, finalPaymentPurpose, finalPaymentSchema } from "../../domain/ledger.ts";
import { signatureImageProblem } from "../signature_image.ts";
import { getVisit, signVisitReport, VisitRuleError } from "../../db/service_visits.ts";
import { visitSignatureSchema } from "../../domain/service_visits.ts";

const objectParam = z.object({ objectId: idText });
const workTypeParam = z.object({ workType: z.enum(workTypes, { error: "Неизвестный тип работ" }) });
const templateEditorRoles = ["company_admin", "system_admin"] as const;

/** The company whose templates the user edits: their own; a system administrator without one has none. */
function ownCompany(c: Context<AppEnv>): number {
  const user = currentUser(c);
  if (user.companyId === null) throw new ApiError(403, "Шаблоны договоров настраиваются в компании");
  return user.companyId;
}

/** Sends a document as a download named `Договор_{number}_{date}`. */
function sendDocument(
  c: Context<AppEnv>,
  bytes: Uint8Array,
  contract: ContractWithState,
  ext: "pdf" | "docx",
) {
  return sendDownload(c, bytes, {
    type: ext === "pdf" ? PDF : DOCX,
    name: contractFileName(contract.contractNumber, contract.createdAt, ext),
    asciiName: `dogovor.${ext}`,
  });
}

const documentInput = (c: ContractWithState) => ({
  contractText: c.contractText,
  contractNumber: c.contractNumber,
  version: c.version,
  signature: c.signature,
});

/** Another object of the company has this number (the same answer as the unique index gives a racer). */
const contractNumberTaken = () =>
  new ApiError(409, CONTRACT_NUMBER_TAKEN, {
    "contractData.CONTRACT_NUMBER": ["Этот номер уже занят другим объектом, выберите другой"],
  });

export const contractsApi = new Hono<AppEnv>()
  .use(requireApi(staffRoles))
  .post("/generate", requireApi(contractMakerRoles), validate("json", contractGenerateSchema), async (c) => {
    const user = currentUser(c);
    const { db, now } = c.get("deps");
    const scope = companyScope(user);
    const body = c.req.valid("json");
    const object = await contractObject(db, scope, body.objectId);
    if (!object) throw notFound("Объект не найден");
    if (body.templateId !== `${object.workType}_contract`) {
      throw invalid({ templateId: ["Шаблон не совпадает с типом работ объекта"] });
    }
    const estimate = await estimateForContract(db, scope, object.id, body.estimateData?.id);
    if (!estimate) {
      throw body.estimateData?.id
        ? notFound("Смета не найдена")
        : new ApiError(409, "У объекта нет сметы: сначала составьте смету");
    }
    if (estimate.totalAmount <= 0) throw new ApiError(409, "Сумма сметы равна нулю: договор не составить");
    const company = await companyRequisites(db, object.companyId);
    const problem = company ? requisitesProblem(company) : { message: "Компания не найдена", errors: {} };
    if (problem) throw new ApiError(409, problem.message, problem.errors);
    // The object says who the client is: a person's contract needs the passport, an organisation's carries
    // the requisites kept on the object.
    const passport = passportProblem(object.clientKind, body.contractData.CLIENT_PASSPORT);
    if (passport) throw invalid({ "contractData.CLIENT_PASSPORT": [passport] });
    const data = { ...body.contractData, CLIENT_KIND: object.clientKind };
    const client = contractClient(object);
    const date = now();
    const template = await contractTemplate(db, object.companyId, object.workType) ?? defaultTemplate;
    const row = await storeContractVersion(db, {
      companyId: object.companyId,
      objectId: object.id,
      estimateId: estimate.id,
      estimateVersion: estimate.version,
      templateId: body.templateId,
      contractNumber: data.CONTRACT_NUMBER || null,
      write: (contractNumber) => {
        const numbered = { ...data, CONTRACT_NUMBER: contractNumber };
        const contractText = renderTemplate(
          template,
          contractValues({
            workType: object.workType as WorkType,
            data: numbered,
            company: company!,
            estimate,
            date,
            client,
          }),
        );
        return {
          contractData: Object.fromEntries(Object.entries(numbered).map(([k, v]) => [k, String(v)])),
          contractText,
          textSha256: sha256Hex(contractText),
        };
      },
      prepaymentPercent: data.PREPAYMENT_PERCENT,
      totalAmount: estimate.totalAmount,
      prepaymentAmount: prepaymentAmount(estimate.totalAmount, data.PREPAYMENT_PERCENT),
    }, { id: user.id, now: date });
    if (!row) throw contractNumberTaken();
    return c.json({
      contractText: row.contractText,
      contract: contractJson({ ...row, signature: null, payment: null }),
    }, 201);
  })
  .get("/object/:objectId", validate("param", objectParam), async (c) => {
    const { db } = c.get("deps");
    const scope = companyScope(currentUser(c));
    const { objectId } = c.req.valid("param");
    const object = await contractObject(db, scope, objectId);
    if (!object) throw notFound("Объект не найден");
    const [contract, links, estimate, customerAccess, money, finalPayment] = await Promise.all([
      currentContract(db, scope, objectId),
      objectLinks(db, scope, objectId),
      estimateForContract(db, scope, objectId),
      objectCustomerAccess(db, scope, objectId),
      objectLedger(db, scope, objectId),
      latestFinalPayment(db, scope, objectId),
    ]);
    return c.json({
      contract: contract && contractJson(contract),
      ledger: money?.ledger ?? null,
      finalPayment,
      canCharge: hasRole(currentUser(c).role, paymentKeeperRoles),
      links,
      customerAccess,
      estimate: estimate && { id: estimate.id, estimateNumber: estimate.estimateNumber },
      canMake: hasRole(currentUser(c).role, contractMakerRoles),
      canDecideAccess: hasRole(currentUser(c).role, paymentKeeperRoles),
    });
  })
  .get("/templates", requireApi(templateEditorRoles), async (c) => {
    const companyId = ownCompany(c);
    const own = await companyContractTemplates(c.get("deps").db, companyId);
    return c.json({
      placeholders,
      defaultTemplate,
      templates: workTypes.map((workType) => {
        const mine = own.find((t) => t.workType === workType);
        return { workType, custom: Boolean(mine), body: mine?.body ?? defaultTemplate };
      }),
    });
  })
  .put(
    "/templates/:workType",
    requireApi(templateEditorRoles),
    validate("param", workTypeParam),
    validate("json", contractTemplateSchema),
    async (c) => {
      const { db, now } = c.get("deps");
      await saveContractTemplate(db, ownCompany(c), {
        workType: c.req.valid("param").workType,
        body: c.req.valid("json").body,
      }, { id: currentUser(c).id, now: now() });
      return c.json({ ok: true });
    },
  )
  .delete(
    "/templates/:workType",
    requireApi(templateEditorRoles),
    validate("param", workTypeParam),
    async (c) => {
      await resetContractTemplate(c.get("deps").db, ownCompany(c), c.req.valid("param").workType);
      return c.json({ ok: true });
    },
  )
  .get("/:id", validIdParam, async (c) => {
    const contract = await getContract(
      c.get("deps").db,
      companyScope(currentUser(c)),
      c.req.valid("param").id,
    );
    if (!contract) throw notFound("Договор не найден");
    return c.json(contractJson(contract));
  })
  .get("/:id/pdf", validIdParam, async (c) => {
    const contract = await getContract(
      c.get("deps").db,
      companyScope(currentUser(c)),
      c.req.valid("param").id,
    );
    if (!contract) throw notFound("Договор не найден");
    return sendDocument(c, await contractPdf(documentInput(contract)), contract, "pdf");
  })
  .get("/:id/docx", validIdParam, async (c) => {
    const contract = await getContract(
      c.get("deps").db,
      companyScope(currentUser(c)),
      c.req.valid("param").id,
    );
    if (!contract) throw notFound("Договор не найден");
    return sendDocument(c, await contractDocx(documentInput(contract)), contract, "docx");
  })
  .post(
    "/object/:objectId/access",
    requireApi(paymentKeeperRoles),
    validate("param", objectParam),
    validate("json", customerAccessDecisionSchema),
    async (c) => {
      const { db, now } = c.get("deps");
      const user = currentUser(c);
      const { accessId, decision } = c.req.valid("json");
      const done = await decideCustomerAccess(db, companyScope(user), {
        objectId: c.req.valid("param").objectId,
        accessId,
        decision,
      }, { id: user.id, now: now() });
      if (!done) throw notFound("Запрос клиента не найден");
      return c.json({ ok: true });
    },
  )
  .post("/links/:id/revoke", requireApi(paymentKeeperRoles), validIdParam, async (c) => {
    const { db, now } = c.get("deps");
    const done = await revokeLink(db, companyScope(currentUser(c)), c.req.valid("param").id, now());
    if (!done) throw notFound("Ссылка не найдена или уже отозвана");
    return c.json({ ok: true });
  });

export const paymentApi = new Hono<AppEnv>()
  .use(requireApi(staffRoles))
  .post("/generate", requireApi(contractMakerRoles), validate("json", paymentGenerateSchema), async (c) => {
    const user = currentUser(c);
    const { db, now, env } = c.get("deps");
    const scope = companyScope(user);
    const body = c.req.valid("json");
    const object = await contractObject(db, scope, body.objectId);
    if (!object) throw notFound("Объект не найден");
    const contract = body.contractId
      ? await getContract(db, scope, body.contractId)
      : await currentContract(db, scope, object.id);
    if (!contract || contract.objectId !== object.id) {
      throw body.contractId
        ? notFound("Договор не найден")
        : new ApiError(409, "Сначала сгенерируйте договор");
    }
    if (body.amount !== contract.prepaymentAmount) {
      throw invalid({
        amount: [
          `Сумма предоплаты по договору — ${formatKopecks(contract.prepaymentAmount)} ` +
          `(${contract.prepaymentPercent} % от ${formatKopecks(contract.totalAmount)})`,
        ],
      });
    }
    const company = await companyRequisites(db, object.companyId);
    const problem = company ? requisitesProblem(company) : { message: "Компания не найдена", errors: {} };
    if (problem) throw new ApiError(409, problem.message, problem.errors);
    const purpose = paymentPurpose(contract.contractNumber, contract.createdAt);
    const qrPayload = gostPaymentString(company!, { sum: body.amount, purpose });
    const { token, hash } = newToken();
    const origin = env.PUBLIC_URL ?? new URL(c.req.url).origin;
    const paymentLink = `${origin.replace(/\/$/, "")}/c/${token}`;
    const at = now();
    const { payment, linkId } = await createPaymentWithLink(
      db,
      {
        companyId: object.companyId,
        objectId: object.id,
        contractId: contract.id,
        estimateId: contract.estimateId,
        estimateVersion: contract.estimateVersion,
        amount: body.amount,
        description: body.description,
        qrPayload,
        showItems: body.showItems,
        tokenHash: hash,
        // Only the hash identifies the link; the stored address shows where it led, without the secret.
        paymentLink: `${origin.replace(/\/$/, "")}/c/…${token.slice(-4)}`,
        expiresAt: new Date(at.getTime() + CLIENT_LINK_DAYS * 86_400_000),
      },
      { id: user.id, now: at },
      [{
        companyId: object.companyId,
        objectId: object.id,
        // A signed contract (a payment made again) asks only for the money.
        event: contract.signature ? "prepayment_requested" : "contract_to_sign",
        recipient: object.clientEmail,
        facts: {
          clientName: object.clientName ?? contract.contractData?.CLIENT_NAME,
          address: object.address,
          link: paymentLink,
          amount: body.amount,
          contractNumber: contract.contractNumber,
        },
        origin,
      }],
    );
    return c.json({
      amount: payment.amount,
      paymentLink,
      qrCode: await paymentQr(qrPayload),
      qrPayload,
      paymentId: payment.id,
      linkId,
      purpose,
    }, 201);
  })
  .post("/final", requireApi(paymentKeeperRoles), validate("json", finalPaymentSchema), async (c) => {
    const user = currentUser(c);
    const { db, now, env } = c.get("deps");
    const scope = companyScope(user);
    const body = c.req.valid("json");
    const object = await contractObject(db, scope, body.objectId);
    const money = object && await objectLedger(db, scope, object.id);
    if (!object || !money) throw notFound("Объект не найден");
    const contract = money.contract && await getContract(db, scope, money.contract.id);
    if (!contract) throw new ApiError(409, "Сначала сгенерируйте договор");
    if (contract.payment?.status === "pending") {
      throw new ApiError(409, "Предоплата ещё не получена: отметьте её, затем выставляйте остаток");
    }
    const amount = finalPaymentAmount(money.ledger);
    if (amount === null) {
      throw new ApiError(409, "По объекту нет остатка к оплате: договор оплачен полностью");
    }
    const company = await companyRequisites(db, object.companyId);
    const problem = company ? requisitesProblem(company) : { message: "Компания не найдена", errors: {} };
    if (problem) throw new ApiError(409, problem.message, problem.errors);
    const purpose = finalPaymentPurpose(contract.contractNumber, contract.createdAt);
    const qrPayload = gostPaymentString(company!, { sum: amount, purpose });
    const { token, hash } = newToken();
    const origin = (env.PUBLIC_URL ?? new URL(c.req.url).origin).replace(/\/$/, "");
    const at = now();
    const { payment, linkId } = await createPaymentWithLink(
      db,
      {
        kind: "final",
        companyId: object.companyId,
        objectId: object.id,
        contractId: contract.id,
        estimateId: contract.estimateId,
        estimateVersion: contract.estimateVersion,
        amount,
        description: purpose,
        qrPayload,
        showItems: body.showItems,
        tokenHash: hash,
        paymentLink: `${origin}/c/…${token.slice(-4)}`,
        expiresAt: new Date(at.getTime() + CLIENT_LINK_DAYS * 86_400_000),
      },
      { id: user.id, now: at },
      [{
        companyId: object.companyId,
        objectId: object.id,
        event: "final_payment_requested",
        recipient: object.clientEmail,
        facts: {
          clientName: object.clientName ?? contract.contractData?.CLIENT_NAME,
          address: object.address,
          link: `${origin}/c/${token}`,
          amount,
          contractNumber: contract.contractNumber,
        },
        origin,
      }],
    );
    return c.json({
      amount: payment.amount,
      paymentLink: `${origin}/c/${token}`,
      qrCode: await paymentQr(qrPayload),
      qrPayload,
      paymentId: payment.id,
      linkId,
      purpose,
      ledger: money.ledger,
    }, 201);
  })
  .post(
    "/:id/received",
    requireApi(paymentKeeperRoles),
    validIdParam,
    validate("json", paymentReceivedSchema),
    async (c) => {
      const user = currentUser(c);
      const body = c.req.valid("json");
      const { db, env, now } = c.get("deps");
      const scope = companyScope(user);
      const { token, hash } = newToken();
      const origin = (env.PUBLIC_URL ?? new URL(c.req.url).origin).replace(/\/$/, "");
      const done = await markPaymentReceived(db, scope, c.req.valid("param").id, {
        amount: body.amount,
        receivedAt: moscowTime(body.receivedOn, 12),
        byUserId: user.id,
        now: now(),
      }, {
        tokenHash: hash,
        expiresAt: new Date(now().getTime() + CLIENT_LINK_DAYS * 86_400_000),
        message: (payment) => ({
          companyId: payment.companyId,
          objectId: payment.objectId,
          event: payment.kind === "final" ? "final_payment_received" : "prepayment_received",
          recipient: null,
          facts: { link: `${origin}/c/${token}`, amount: body.amount },
          origin,
        }),
      });
      if (!done) throw notFound("Платёж не найден");
      return c.json({ ok: true, status: "paid" });
    },
  );

// ---- The client's link ----

/** validate("param", tokenParam): the client's link token of the path. */
const tokenParam = validate("param", z.object({ token: z.string() }));

/** The link of the token, or 404/410 as an API error. */
export async function liveLink(c: Context<AppEnv>, token: string): Promise<ClientLink> {
  const state = await openLink(c, token);
  if ("status" in state) {
    throw new ApiError(
      state.status,
      state.status === 410 ? "Ссылка больше не действует" : "Ссылка не найдена",
    );
  }
  return state.link;
}

/** The client's address as the connection shows it (no proxy header is trusted). */
export function clientIp(c: Context<AppEnv>): string | null {
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null;
  }
}

/** A link that acts: refused with 409 once a newer contract or estimate version replaced the one it was made for. */
async function actingLink(c: Context<AppEnv>, token: string): Promise<ClientLink> {
  const link = await liveLink(c, token);
  const superseded = await linkSuperseded(c.get("deps").db, link);
  if (superseded) throw new ApiError(409, supersededMessage(superseded));
  return link;
}

async function linkContract(c: Context<AppEnv>, link: ClientLink) {
  const contract = link.contractId
    ? await getContract(c.get("deps").db, scopeOf(link.companyId), link.contractId)
    : null;
  if (!contract) throw notFound("Договор не найден");
  return contract;
}

/** The acting link's estimate version and who answers through it (the given name, else the client's). */
async function quoteAnswer(c: Context<AppEnv>, token: string, name: string | undefined) {
  const link = await actingLink(c, token);
  const { db, now } = c.get("deps");
  if (!link.estimateId) throw new ApiError(409, "По этой ссылке нет сметы для согласования");
  const [object, estimate] = await Promise.all([
    contractObject(db, scopeOf(link.companyId), link.objectId),
    estimateState(db, link.estimateId),
  ]);
  const version = link.estimateVersion ?? estimate?.version ?? 1;
  return {
    link: { ...link, estimateId: link.estimateId, estimateVersion: version },
    answer: {
      name: name || object?.clientName || "Клиент",
      ip: clientIp(c),
      userAgent: c.req.header("user-agent")?.slice(0, 500) ?? null,
      address: object?.address ?? "",
      now: now(),
    },
  };
}

/** An answer to a quote as the API gives it. */
const decisionJson = (d: EstimateDecision) => ({
  decision: d.decision,
  comment: d.comment,
  byName: d.byName,
  estimateVersion: d.estimateVersion,
  at: d.createdAt.toISOString(),
});

export const clientLinksApi = new Hono<AppEnv>()
  // The name is optional: an empty body approves under the name the company knows the client by.
  .post("/:token/accept", tokenParam, validateOptionalJson(quoteApprovalSchema), async (c) => {
    const { link, answer } = await quoteAnswer(c, c.req.valid("param").token, c.req.valid("json").name);
    const approval = await approveEstimateByLink(c.get("deps").db, link, answer);
    return c.json({
      ok: true,
      acceptedAt: approval.createdAt.toISOString(),
      approval: decisionJson(approval),
    });
  })
  .post("/:token/request-changes", tokenParam, validate("json", quoteChangesSchema), async (c) => {
    const body = c.req.valid("json");
    const { link, answer } = await quoteAnswer(c, c.req.valid("param").token, body.name);
    const { db } = c.get("deps");
    const estimate = await estimateState(db, link.estimateId);
    if (estimate?.status === "approved" && estimate.version === link.estimateVersion) {
      throw new ApiError(409, "Смета уже согласована. Чтобы что-то изменить, свяжитесь с компанией.");
    }
    const decision = await requestEstimateChangesByLink(db, link, { ...answer, comment: body.comment });
    return c.json({ ok: true, decision: decisionJson(decision) }, 201);
  })
  .post("/:token/sign", tokenParam, validate("json", contractSignSchema), async (c) => {
    const link = await actingLink(c, c.req.valid("param").token);
    const { db, now } = c.get("deps");
    const contract = await linkContract(c, link);
    if (contract.signature) throw new ApiError(409, "Договор уже подписан, подписанная версия не меняется");
    const body = c.req.valid("json");
    const unreadable = signatureImageProblem(body.signature);
    if (unreadable) throw invalid({ signature: [unreadable] });
    const object = await contractObject(
      db,
      scopeOf(link.companyId),
      link.objectId,
    );
    const signed = await signContractByLink(db, link, {
      contractNumber: contract.contractNumber,
      address: object?.address ?? "",
      signerName: body.fullName.trim().replace(/\s+/g, " "),
      signatureImage: body.signature,
      ip: clientIp(c),
      userAgent: c.req.header("user-agent")?.slice(0, 500) ?? null,
      textSha256: sha256Hex(contract.contractText),
      now: now(),
    });
    if (!signed) throw new ApiError(409, "Договор уже подписан, подписанная версия не меняется");
    return c.json({ ok: true, textSha256: sha256Hex(contract.contractText) });
  })
  // The client signs a service visit's report of the link's object (any live link of the object shows them).
  .post(
    "/:token/visits/:visitId/sign",
    validate("param", z.object({ token: z.string(), visitId: idText })),
    validate("json", visitSignatureSchema),
    async (c) => {
      const { token, visitId } = c.req.valid("param");
      const link = await liveLink(c, token);
      const body = c.req.valid("json");
      const unreadable = signatureImageProblem(body.signature);
      if (unreadable) throw invalid({ signature: [unreadable] });
      const { db, now } = c.get("deps");
      const scope = scopeOf(link.companyId);
      const visit = await getVisit(db, scope, visitId);
      if (!visit || visit.visit.objectId !== link.objectId) throw notFound("Визит не найден");
      const signed = await signVisitReport(db, scope, visitId, body, now()).catch((error) => {
        if (error instanceof VisitRuleError) throw invalid({ [error.field]: [error.message] });
        throw error;
      });
      return c.json({ ok: true, signedAt: signed!.signedAt.toISOString() });
    },
  )
  .post("/:token/attach", tokenParam, async (c) => {
    const user = currentUser(c);
    if (user.role !== "user") {
      throw new ApiError(403, "Прикрепить объект можно только к учётной записи клиента");
    }
    const link = await liveLink(c, c.req.valid("param").token);
    const { db, now } = c.get("deps");
    const object = await contractObject(db, scopeOf(link.companyId), link.objectId);
    const name = personName(user.firstName, user.lastName) || user.email;
    const state = await requestCustomerObject(
      db,
      { id: user.id, email: user.email, name },
      link,
      object?.address ?? "",
      now(),
    );
    return c.json({ ok: true, state });
  })
  .get("/:token/qr.png", tokenParam, async (c) => {
    const link = await liveLink(c, c.req.valid("param").token);
    const payment = await linkPayment(c.get("deps").db, link);
    if (!payment || payment.status === "cancelled") throw notFound("Платёж не найден");
    return sendDownload(c, await paymentQrPng(payment.qrPayload), {
      type: "image/png",
      name: `qr-oplata-${payment.id}.png`,
    });
  })
  .get("/:token/contract.pdf", tokenParam, async (c) => {
    const contract = await linkContract(c, await liveLink(c, c.req.valid("param").token));
    return sendDocument(c, await contractPdf(documentInput(contract)), contract, "pdf");
  })
  .get("/:token/contract.docx", tokenParam, async (c) => {
    const contract = await linkContract(c, await liveLink(c, c.req.valid("param").token));
    return sendDocument(c, await contractDocx(documentInput(contract)), contract, "docx");
  });

/** A customer's own documents: the contracts of objects attached to the account, as «Мои объекты» lists them. */
export const customerApi = new Hono<AppEnv>()
  .use(requireApi(["user"]))
  .get("/contracts/:id/pdf", validIdParam, async (c) => {
    const user = currentUser(c);
    const { db, now } = c.get("deps");
    const id = c.req.valid("param").id;
    const objects = await customerObjectList(db, user.id, now());
    const contract = objects.flatMap((o) => o.views).map((v) => v.view.contract).find((k) => k?.id === id);
    if (!contract) throw notFound("Договор не найден");
    return sendDocument(c, await contractPdf(documentInput(contract)), contract, "pdf");
  });
