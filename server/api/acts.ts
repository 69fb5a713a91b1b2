// The act of completed works: «Завершить работы» (foreman, engineers) finishes the works and makes the act,
// staff read it and its PDF, the client signs or refuses it through the link.
import { type Context, Hono } from "hono";
import { z } from "zod";
import {
  actContent,
  type CompletionAct,
  currentAct,
  finishWorksWithAct,
  getAct,
  linkAct,
  objectActs,
  refuseActByLink,
  signActByLink,
} from "../../db/acts.ts";
import { changeProjectStatus } from "../../db/foreman.ts";
import { awaitingAgreement } from "../../db/job_changes.ts";
import { agreementTitle } from "../../domain/job_changes.ts";
import { contractObject } from "../../db/contracts.ts";
import { scopeOf } from "../../db/scope.ts";
import { actMakerRoles, actRefusalSchema, actSignSchema } from "../../domain/acts.ts";
import { signatureState } from "../../domain/client_signature.ts";
import { CLIENT_LINK_DAYS } from "../../domain/contract_text.ts";
import { hasRole, staffRoles } from "../../domain/roles.ts";
import { ApiError, invalid, notFound } from "../errors.ts";
import { idText, validIdParam } from "../query.ts";
import { validate } from "../validate.ts";
import { companyScope, currentUser, requireApi } from "../middleware/guard.ts";
import type { AppEnv } from "../types.ts";
import { newToken } from "../client_links.ts";
import { PDF, sendDownload } from "../download.ts";
import { actFileName, actPdf } from "../act_documents.ts";
import { signatureImageProblem } from "../signature_image.ts";
import { clientIp, liveLink } from "./contracts.ts";

const objectParam = validate("param", z.object({ objectId: idText }));
const tokenParam = validate("param", z.object({ token: z.string() }));

/** An act version as the staff's screens read it. */
export function actJson(a: CompletionAct) {
  return {
    id: a.id,
    objectId: a.objectId,
    version: a.version,
    actNumber: a.content?.actNumber ?? "",
    state: signatureState(a),
    totalAmount: a.totalAmount,
    receivedAmount: a.receivedAmount,
    dueAmount: a.dueAmount,
    createdAt: a.createdAt.toISOString(),
    signerName: a.signerName,
    signedAt: a.signedAt?.toISOString() ?? null,
    refusedAt: a.refusedAt?.toISOString() ?? null,
    refusalComment: a.refusalComment,
    refusedBy: a.refusedBy,
    pdfUrl: `/api/acts/${a.id}/pdf`,
  };
}

const refusals = {
  missing: () => notFound("Объект не найден"),
  signed: () => new ApiError(409, "Акт уже подписан клиентом, подписанный акт не меняется"),
  pending: () => new ApiError(409, "Акт уже отправлен клиенту и ждёт ответа"),
  finished: () => new ApiError(409, "Работы по объекту уже завершены"),
  not_started: () => new ApiError(409, "Завершить можно только проект, по которому ведутся работы"),
} as const;

/**
 * «Завершить работы»: finishes the works of an object of the user's company and makes its act (a new version
 * after the client refused one); an object without a contract is finished without an act.
 */
export async function finishWorks(c: Context<AppEnv>, objectId: number) {
  const user = currentUser(c);
  const { db, now, env } = c.get("deps");
  const scope = companyScope(user);
  const { token, hash } = newToken();
  const origin = (env.PUBLIC_URL ?? new URL(c.req.url).origin).replace(/\/$/, "");
  const at = now();
  const url = `${origin}/c/${token}`;
  const result = await finishWorksWithAct(db, scope, objectId, {
    tokenHash: hash,
    expiresAt: new Date(at.getTime() + CLIENT_LINK_DAYS * 86_400_000),
    url,
    origin,
  }, { id: user.id, now: at });
  if ("made" in result) {
    return c.json({ status: "completed", act: actJson(result.made), clientLink: url });
  }
  if (result.refused !== "no_contract") throw refusals[result.refused]();
  // No contract, no act: the works are finished as before the act existed.
  const updated = await changeProjectStatus(db, scope, objectId, {
    from: "work_in_progress",
    to: "completed",
    activity: "Проект завершен",
    userId: user.id,
    at,
  });
  if (updated === "missing") throw notFound("Объект не найден");
  if (updated === "refused") throw refusals.not_started();
  return c.json({ status: updated.status, act: null, clientLink: null });
}

function sendActPdf(c: Context<AppEnv>, bytes: Uint8Array, act: CompletionAct) {
  return sendDownload(c, bytes, { type: PDF, name: actFileName(act), asciiName: "akt.pdf" });
}

export const actsApi = new Hono<AppEnv>()
  .use(requireApi(staffRoles))
  .get("/object/:objectId", objectParam, async (c) => {
    const user = currentUser(c);
    const { db, now } = c.get("deps");
    const scope = companyScope(user);
    const { objectId } = c.req.valid("param");
    const object = await contractObject(db, scope, objectId);
    if (!object) throw notFound("Объект не найден");
    const acts = await objectActs(db, scope, objectId);
    const last = acts[0] ?? null;
    // What «Завершить работы» would issue now: the figures its confirmation states.
    const next = last?.signedAt || (last && !last.refusedAt)
      ? null
      : await actContent(db, objectId, now(), () => Promise.resolve(""));
    // An agreement awaiting the client's answer: its changes are not in the act (the confirmation says so).
    const awaiting = await awaitingAgreement(db, objectId);
    return c.json({
      acts: acts.map(actJson),
      awaitingAgreement: awaiting?.content ? agreementTitle(awaiting.content) : null,
      preview: next && {
        totalAmount: next.content.totalAmount,
        receivedAmount: next.content.receivedAmount,
        dueAmount: next.content.dueAmount,
      },
      canFinish: hasRole(user.role, actMakerRoles) &&
        (object.status === "work_in_progress" || last?.refusedAt != null) && !last?.signedAt,
    });
  })
  .post("/object/:objectId/finish", requireApi(actMakerRoles), objectParam, async (c) => {
    return await finishWorks(c, c.req.valid("param").objectId);
  })
  .get("/:id/pdf", validIdParam, async (c) => {
    const act = await getAct(c.get("deps").db, companyScope(currentUser(c)), c.req.valid("param").id);
    if (!act) throw notFound("Акт не найден");
    return sendActPdf(c, await actPdf(act), act);
  });

/** The newest act of the link's object; 404 when there is none. */
async function linkedAct(c: Context<AppEnv>, token: string) {
  const link = await liveLink(c, token);
  const act = await linkAct(c.get("deps").db, link);
  if (!act) throw notFound("Акт не найден");
  return { link, act };
}

const alreadyAnswered = (act: CompletionAct) =>
  new ApiError(
    409,
    act.signedAt
      ? "Акт уже подписан, подписанный акт не меняется"
      : "Вы уже ответили на этот акт: компания пришлёт новую версию",
  );

/** What the client does with the act through the private link (no session needed). */
export const clientActsApi = new Hono<AppEnv>()
  .get("/:token/act.pdf", tokenParam, async (c) => {
    const { act } = await linkedAct(c, c.req.valid("param").token);
    return sendActPdf(c, await actPdf(act), act);
  })
  .post("/:token/act/sign", tokenParam, validate("json", actSignSchema), async (c) => {
    const { link, act } = await linkedAct(c, c.req.valid("param").token);
    if (act.signedAt || act.refusedAt) throw alreadyAnswered(act);
    const body = c.req.valid("json");
    const unreadable = signatureImageProblem(body.signature);
    if (unreadable) throw invalid({ signature: [unreadable] });
    const signed = await signActByLink(c.get("deps").db, link, act.id, {
      signerName: body.fullName.trim().replace(/\s+/g, " "),
      signatureImage: body.signature,
      ip: clientIp(c),
      userAgent: c.req.header("user-agent")?.slice(0, 500) ?? null,
      now: c.get("deps").now(),
    });
    if (!signed) {
      throw alreadyAnswered((await currentAct(c.get("deps").db, scopeOf(link.companyId), link.objectId))!);
    }
    return c.json({ ok: true, textSha256: act.textSha256 });
  })
  .post("/:token/act/refuse", tokenParam, validate("json", actRefusalSchema), async (c) => {
    const { link, act } = await linkedAct(c, c.req.valid("param").token);
    if (act.signedAt || act.refusedAt) throw alreadyAnswered(act);
    const body = c.req.valid("json");
    const { db, now } = c.get("deps");
    const object = await contractObject(db, scopeOf(link.companyId), link.objectId);
    const refused = await refuseActByLink(db, link, act.id, {
      comment: body.comment,
      name: body.name || act.content?.customer || object?.clientName || "Клиент",
      now: now(),
    });
    if (!refused) throw alreadyAnswered((await currentAct(db, scopeOf(link.companyId), link.objectId))!);
    return c.json({ ok: true }, 201);
  });
