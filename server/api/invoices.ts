// Invoices («Счёт на оплату»): issued for the amount the object's ledger asks now and kept as
// issued; the PDF carries the ГОСТ Р 56042 QR of that amount. Another company's invoice or object is 404.
import { type Context, Hono } from "hono";
import { z } from "zod";
import { getInvoice, issueInvoice, objectInvoices } from "../../db/invoices.ts";
import { companyRequisites } from "../../db/contracts.ts";
import { contractMakerRoles } from "../../domain/contract_text.ts";
import { gostPaymentString } from "../../domain/payment_qr.ts";
import { staffRoles } from "../../domain/roles.ts";
import { ApiError, notFound } from "../errors.ts";
import { PDF, sendDownload } from "../download.ts";
import { companyScope, currentUser, requireApi } from "../middleware/guard.ts";
import { idText, validIdParam } from "../query.ts";
import { validate } from "../validate.ts";
import { invoicePdf } from "../invoice_pdf.ts";
import type { AppEnv } from "../types.ts";
import { liveLink } from "./contracts.ts";
import { scopeOf } from "../../db/scope.ts";

const objectParam = z.object({ objectId: idText });

/** The invoice as a PDF with its QR, named by its number. */
async function sendInvoicePdf(
  c: Context<AppEnv>,
  invoice: NonNullable<Awaited<ReturnType<typeof getInvoice>>>,
) {
  const seller = await companyRequisites(c.get("deps").db, invoice.companyId);
  const qr = gostPaymentString(seller!, { sum: invoice.amount, purpose: invoice.document.purpose });
  const bytes = await invoicePdf(invoice.document, qr);
  return sendDownload(c, bytes, { type: PDF, name: `Счёт_${invoice.number}.pdf`, asciiName: "schet.pdf" });
}

export const invoicesApi = new Hono<AppEnv>()
  .use(requireApi(staffRoles))
  .get("/object/:objectId", validate("param", objectParam), async (c) => {
    const { db } = c.get("deps");
    const list = await objectInvoices(db, companyScope(currentUser(c)), c.req.valid("param").objectId);
    if (!list) throw notFound("Объект не найден");
    return c.json(list);
  })
  .post("/object/:objectId", requireApi(contractMakerRoles), validate("param", objectParam), async (c) => {
    const user = currentUser(c);
    const { db, now } = c.get("deps");
    const result = await issueInvoice(db, companyScope(user), c.req.valid("param").objectId, {
      id: user.id,
      now: now(),
    });
    if ("invoice" in result) {
      const { document: _, ...invoice } = result.invoice;
      return c.json(invoice, 201);
    }
    if (result.problem === "not_found") throw notFound("Объект не найден");
    throw new ApiError(409, result.problem, "errors" in result ? result.errors : undefined);
  })
  .get("/:id/pdf", validIdParam, async (c) => {
    const { db } = c.get("deps");
    const invoice = await getInvoice(db, companyScope(currentUser(c)), c.req.valid("param").id);
    if (!invoice) throw notFound("Счёт не найден");
    return await sendInvoicePdf(c, invoice);
  });

const linkInvoiceParam = z.object({ token: z.string(), id: idText });

/** The invoices of the link's object, for the client's page (/c/:token): only that object's, by the token. */
export const clientInvoicesApi = new Hono<AppEnv>()
  .get("/:token/invoices/:id/pdf", validate("param", linkInvoiceParam), async (c) => {
    const { token, id } = c.req.valid("param");
    const link = await liveLink(c, token);
    const invoice = await getInvoice(c.get("deps").db, scopeOf(link.companyId), id);
    if (!invoice || invoice.objectId !== link.objectId) throw notFound("Счёт не найден");
    return await sendInvoicePdf(c, invoice);
  });
