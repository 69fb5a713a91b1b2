// Works done with changes: the foreman and the engineers record changes against the
// contract's estimate, staff correct them before they are agreed and send those needing consent as a
// supplementary agreement; the client signs or refuses it through the link. A signed agreement never changes.
import { type Context, Hono } from "hono";
import { z } from "zod";
import {
  type ChangeRefusal,
  deleteJobChange,
  editJobChange,
  getAgreement,
  jobChangesView,
  linkAgreement,
  recordJobChange,
  refuseAgreementByLink,
  sendAgreement,
  signAgreementByLink,
  type SupplementaryAgreement,
} from "../../db/job_changes.ts";
import {
  agreementMakerRoles,
  agreementRefusalSchema,
  agreementSignSchema,
  agreementTitle,
  changeRecorderRoles,
  jobChangeEditSchema,
  jobChangeSchema,
} from "../../domain/job_changes.ts";
import { CLIENT_LINK_DAYS } from "../../domain/contract_text.ts";
import { signatureState } from "../../domain/client_signature.ts";
import { staffRoles } from "../../domain/roles.ts";
import { ApiError, forbidden, invalid, notFound } from "../errors.ts";
import { idText, validIdParam } from "../query.ts";
import { validate } from "../validate.ts";
import { companyScope, currentUser, requireApi } from "../middleware/guard.ts";
import type { AppEnv } from "../types.ts";
import { newToken } from "../client_links.ts";
import { PDF, sendDownload } from "../download.ts";
import { agreementFileName, agreementPdf } from "../agreement_documents.ts";
import { signatureImageProblem } from "../signature_image.ts";
import { clientIp, liveLink } from "./contracts.ts";

const objectParam = validate("param", z.object({ objectId: idText }));
const tokenParam = validate("param", z.object({ token: z.string() }));

const refusals: Record<ChangeRefusal, () => Error> = {
  missing: () => notFound("Объект не найден"),
  no_contract: () => new ApiError(409, "У объекта нет договора со сметой: изменения записываются к договору"),
  not_started: () => new ApiError(409, "Изменения записываются, когда работы начаты"),
  act_issued: () => new ApiError(409, "Акт уже выставлен клиенту: изменения работ больше не записываются"),
  bad_line: () => invalid({ lineIndex: ["Выберите позицию сметы"] }),
  bad_price_item: () => invalid({ priceItemId: ["Выберите позицию прайс-листа компании"] }),
  bad_photo: () => invalid({ photoIds: ["Фото должны быть загружены к этому объекту"] }),
  locked: () =>
    new ApiError(409, "Изменение уже в дополнительном соглашении, отправленном клиенту: его нельзя менять"),
  agreed: () =>
    new ApiError(
      409,
      "Изменение вошло в подписанное клиентом дополнительное соглашение: его нельзя менять или удалять",
    ),
  not_your_job: () => forbidden("Изменение может исправить бригадир этого объекта, инженер или менеджер"),
  bad_quantity: () => invalid({ newQuantity: ["Укажите количество больше нуля"] }),
  nothing_to_agree: () => new ApiError(409, "Нет изменений, требующих согласия клиента"),
  agreement_pending: () =>
    new ApiError(409, "Дополнительное соглашение уже отправлено и ждёт ответа клиента"),
};

function refused(r: ChangeRefusal): never {
  throw refusals[r]();
}

/** An agreement as the staff's screens read it. */
export function agreementJson(a: SupplementaryAgreement) {
  return {
    id: a.id,
    number: a.number,
    title: a.content ? agreementTitle(a.content) : "Дополнительное соглашение",
    state: signatureState(a),
    oldTotal: a.oldTotal,
    newTotal: a.newTotal,
    createdAt: a.createdAt.toISOString(),
    signerName: a.signerName,
    signedAt: a.signedAt?.toISOString() ?? null,
    refusedAt: a.refusedAt?.toISOString() ?? null,
    refusalComment: a.refusalComment,
    pdfUrl: `/api/job-changes/agreement/${a.id}/pdf`,
  };
}

async function sendPdf(c: Context<AppEnv>, a: SupplementaryAgreement) {
  return sendDownload(c, await agreementPdf(a), {
    type: PDF,
    name: agreementFileName(a),
    asciiName: "dop-soglashenie.pdf",
  });
}

export const jobChangesApi = new Hono<AppEnv>()
  .use(requireApi(staffRoles))
  .get("/object/:objectId", objectParam, async (c) => {
    const user = currentUser(c);
    const view = await jobChangesView(
      c.get("deps").db,
      companyScope(user),
      c.req.valid("param").objectId,
      user,
    );
    if (!view) throw notFound("Объект не найден");
    return c.json({ ...view, agreements: view.agreements.map(agreementJson) });
  })
  .post(
    "/object/:objectId",
    requireApi(changeRecorderRoles),
    objectParam,
    validate("json", jobChangeSchema),
    async (c) => {
      const user = currentUser(c);
      const result = await recordJobChange(
        c.get("deps").db,
        companyScope(user),
        c.req.valid("param").objectId,
        c.req.valid("json"),
        { id: user.id, now: c.get("deps").now() },
      );
      if ("refused" in result) refused(result.refused);
      return c.json(result.change, 201);
    },
  )
  .patch(
    "/:id",
    requireApi(changeRecorderRoles),
    validIdParam,
    validate("json", jobChangeEditSchema),
    async (c) => {
      const user = currentUser(c);
      const result = await editJobChange(
        c.get("deps").db,
        companyScope(user),
        c.req.valid("param").id,
        c.req.valid("json"),
        { id: user.id, role: user.role, now: c.get("deps").now() },
      );
      if ("refused" in result) refused(result.refused);
      return c.json(result.change);
    },
  )
  .delete("/:id", requireApi(agreementMakerRoles), validIdParam, async (c) => {
    const user = currentUser(c);
    const result = await deleteJobChange(c.get("deps").db, companyScope(user), c.req.valid("param").id, {
      id: user.id,
      now: c.get("deps").now(),
    });
    if ("refused" in result) refused(result.refused);
    return c.json({ ok: true });
  })
  .post("/object/:objectId/agreement", requireApi(agreementMakerRoles), objectParam, async (c) => {
    const user = currentUser(c);
    const { db, now, env } = c.get("deps");
    const { token, hash } = newToken();
    const origin = (env.PUBLIC_URL ?? new URL(c.req.url).origin).replace(/\/$/, "");
    const at = now();
    const url = `${origin}/c/${token}`;
    const result = await sendAgreement(db, companyScope(user), c.req.valid("param").objectId, {
      tokenHash: hash,
      expiresAt: new Date(at.getTime() + CLIENT_LINK_DAYS * 86_400_000),
      url,
      origin,
    }, { id: user.id, now: at });
    if ("refused" in result) refused(result.refused);
    return c.json({ agreement: agreementJson(result.agreement), clientLink: url }, 201);
  })
  .get("/agreement/:id/pdf", validIdParam, async (c) => {
    const a = await getAgreement(c.get("deps").db, companyScope(currentUser(c)), c.req.valid("param").id);
    if (!a) throw notFound("Дополнительное соглашение не найдено");
    return await sendPdf(c, a);
  });

async function linkedAgreement(c: Context<AppEnv>, token: string) {
  const link = await liveLink(c, token);
  const agreement = await linkAgreement(c.get("deps").db, link);
  if (!agreement) throw notFound("Дополнительное соглашение не найдено");
  return { link, agreement };
}

const alreadyAnswered = (a: SupplementaryAgreement) =>
  new ApiError(
    409,
    a.signedAt
      ? "Соглашение уже подписано, подписанное соглашение не меняется"
      : "Вы уже ответили на это соглашение: компания пришлёт новое",
  );

/** What the client does with the agreement through the private link (no session needed). */
export const clientAgreementApi = new Hono<AppEnv>()
  .get("/:token/agreement.pdf", tokenParam, async (c) => {
    const { agreement } = await linkedAgreement(c, c.req.valid("param").token);
    return await sendPdf(c, agreement);
  })
  .post("/:token/agreement/sign", tokenParam, validate("json", agreementSignSchema), async (c) => {
    const { link, agreement } = await linkedAgreement(c, c.req.valid("param").token);
    if (agreement.signedAt || agreement.refusedAt) throw alreadyAnswered(agreement);
    const body = c.req.valid("json");
    const unreadable = signatureImageProblem(body.signature);
    if (unreadable) throw invalid({ signature: [unreadable] });
    const signed = await signAgreementByLink(c.get("deps").db, link, agreement.id, {
      signerName: body.fullName.trim().replace(/\s+/g, " "),
      signatureImage: body.signature,
      ip: clientIp(c),
      userAgent: c.req.header("user-agent")?.slice(0, 500) ?? null,
      now: c.get("deps").now(),
    });
    if (!signed) throw alreadyAnswered((await linkAgreement(c.get("deps").db, link))!);
    return c.json({ ok: true, textSha256: agreement.textSha256 });
  })
  .post("/:token/agreement/refuse", tokenParam, validate("json", agreementRefusalSchema), async (c) => {
    const { link, agreement } = await linkedAgreement(c, c.req.valid("param").token);
    if (agreement.signedAt || agreement.refusedAt) throw alreadyAnswered(agreement);
    const body = c.req.valid("json");
    const ok = await refuseAgreementByLink(c.get("deps").db, link, agreement.id, {
      comment: body.comment,
      name: body.name || agreement.content?.customer || "Клиент",
      now: c.get("deps").now(),
    });
    if (!ok) throw alreadyAnswered((await linkAgreement(c.get("deps").db, link))!);
    return c.json({ ok: true }, 201);
  });
