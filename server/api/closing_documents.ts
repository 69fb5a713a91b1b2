// КС-2 and КС-3 of an object: GET …/ks2.pdf, …/ks3.pdf and …/ks.xlsx (both forms, with
// formulas). Staff of the object's company only; another company's object answers 404.
import { type Context, Hono } from "hono";
import { z } from "zod";
import { objectKsDocument } from "../../db/ks_forms.ts";
import { staffRoles } from "../../domain/roles.ts";
import { ApiError, notFound } from "../errors.ts";
import { PDF, sendDownload, XLSX } from "../download.ts";
import { companyScope, currentUser, requireApi } from "../middleware/guard.ts";
import { idText } from "../query.ts";
import { validate } from "../validate.ts";
import { ksPdf, ksXlsx } from "../ks_documents.ts";
import type { AppEnv } from "../types.ts";
import { liveLink } from "./contracts.ts";
import { contractObject } from "../../db/contracts.ts";
import { linkAct } from "../../db/acts.ts";
import { type Scope, scopeOf } from "../../db/scope.ts";

const objectParam = z.object({ objectId: idText });

async function ksOf(c: Context<AppEnv>, objectId: number, scope: Scope = companyScope(currentUser(c))) {
  const { db, now } = c.get("deps");
  const d = await objectKsDocument(db, scope, objectId, now());
  if (d === "not_found") throw notFound("Объект не найден");
  if (d === "no_contract") {
    throw new ApiError(409, "У объекта нет договора: КС-2 и КС-3 составляются по договору");
  }
  return d;
}

function send(c: Context<AppEnv>, bytes: Uint8Array, name: string, asciiName: string, type: string) {
  return sendDownload(c, bytes, { type, name, asciiName });
}

const fileSafe = (s: string) => s.replace(/[\\/:*?"<>|\s]+/g, "-");

const tokenParam = validate("param", z.object({ token: z.string() }));

/** The КС forms of the link's object, for an organisation client once its act is signed; 404 otherwise. */
async function linkKs(c: Context<AppEnv>, token: string) {
  const link = await liveLink(c, token);
  const scope = scopeOf(link.companyId);
  const [object, act] = await Promise.all([
    contractObject(c.get("deps").db, scope, link.objectId),
    linkAct(c.get("deps").db, link),
  ]);
  if (object?.clientKind !== "organisation" || !act?.signedAt) throw notFound("Документ не найден");
  return await ksOf(c, link.objectId, scope);
}

/** КС-2 and КС-3 on the client's page (/c/:token), the same files the staff download. */
export const clientClosingDocumentsApi = new Hono<AppEnv>()
  .get("/:token/ks2.pdf", tokenParam, async (c) => {
    const d = await linkKs(c, c.req.valid("param").token);
    return send(c, await ksPdf(d, "ks2"), `КС-2_${fileSafe(d.number)}.pdf`, "ks2.pdf", PDF);
  })
  .get("/:token/ks3.pdf", tokenParam, async (c) => {
    const d = await linkKs(c, c.req.valid("param").token);
    return send(c, await ksPdf(d, "ks3"), `КС-3_${fileSafe(d.number)}.pdf`, "ks3.pdf", PDF);
  })
  .get("/:token/ks.xlsx", tokenParam, async (c) => {
    const d = await linkKs(c, c.req.valid("param").token);
    return send(c, await ksXlsx(d), `КС-2_КС-3_${fileSafe(d.number)}.xlsx`, "ks.xlsx", XLSX);
  });

export const closingDocumentsApi = new Hono<AppEnv>()
  .use(requireApi(staffRoles))
  .get("/object/:objectId/ks2.pdf", validate("param", objectParam), async (c) => {
    const d = await ksOf(c, c.req.valid("param").objectId);
    return send(c, await ksPdf(d, "ks2"), `КС-2_${fileSafe(d.number)}.pdf`, "ks2.pdf", PDF);
  })
  .get("/object/:objectId/ks3.pdf", validate("param", objectParam), async (c) => {
    const d = await ksOf(c, c.req.valid("param").objectId);
    return send(c, await ksPdf(d, "ks3"), `КС-3_${fileSafe(d.number)}.pdf`, "ks3.pdf", PDF);
  })
  .get("/object/:objectId/ks.xlsx", validate("param", objectParam), async (c) => {
    const d = await ksOf(c, c.req.valid("param").objectId);
    return send(
      c,
      await ksXlsx(d),
      `КС-2_КС-3_${fileSafe(d.number)}.xlsx`,
      "ks.xlsx",
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
  });
