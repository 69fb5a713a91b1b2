// /api/companies: the list for administrators, creation by system_admin, editing (a company_admin edits
// its own company's requisites and contacts), the logo as an image checked by content (≤ 1 MB).
import { Hono } from "hono";
import { z } from "zod";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import {
  companyJson,
  createCompany,
  findCompany,
  listCompanies,
  setCompanyLogo,
  updateCompany,
} from "../../db/companies.ts";
import { companyAdminEditable, companyPatchSchema, companySchema } from "../../domain/admin.ts";
import { requisiteErrors } from "../../domain/requisites.ts";
import { adminRoles } from "../../domain/roles.ts";
import { forbidden, invalid, notFound } from "../errors.ts";
import { companyScope, currentUser, requireApi } from "../middleware/guard.ts";
import { validate } from "../validate.ts";
import { idText, validIdParam } from "../query.ts";
import { MB, readImageUpload, serveStoredImage, streamOf } from "../image_upload.ts";
import type { AppEnv } from "../types.ts";

export const LOGO_MAX_BYTES = 1 * MB;

const logoParam = z.object({ id: idText, file: z.string() });

const logoPath = (companyId: number) => `/api/companies/${companyId}/logo/`;
const logoKey = (companyId: number, file: string) => `logos/${companyId}/${file}`;

/** The storage key of the logo a company row points at, if it is a stored one. */
function storedLogoKey(companyId: number, logoUrl: string | null): string | null {
  if (!logoUrl?.startsWith(logoPath(companyId))) return null;
  return logoKey(companyId, logoUrl.slice(logoPath(companyId).length));
}

export const companiesApi = new Hono<AppEnv>()
  .get("/", requireApi(adminRoles), async (c) => {
    return c.json(await listCompanies(c.get("deps").db, companyScope(currentUser(c))));
  })
  .post("/", requireApi(["system_admin"]), validate("json", companySchema), async (c) => {
    const company = await createCompany(c.get("deps").db, c.req.valid("json"));
    return c.json(companyJson(company), 201);
  })
  .get("/:id", requireApi(), validIdParam, async (c) => {
    const company = await findCompany(
      c.get("deps").db,
      companyScope(currentUser(c)),
      c.req.valid("param").id,
    );
    if (!company) throw notFound("Компания не найдена");
    return c.json(companyJson(company));
  })
  .patch("/:id", requireApi(adminRoles), validate("json", companyPatchSchema), validIdParam, async (c) => {
    const user = currentUser(c);
    const { db } = c.get("deps");
    const id = c.req.valid("param").id;
    const scope = companyScope(user);
    const patch = c.req.valid("json");
    const existing = await findCompany(db, scope, id);
    if (!existing) throw notFound("Компания не найдена");
    if (user.role !== "system_admin") {
      const extra = Object.keys(patch).filter((k) =>
        patch[k as keyof typeof patch] !== undefined &&
        !(companyAdminEditable as readonly string[]).includes(k)
      );
      if (extra.length) {
        throw forbidden("Тариф, срок подписки и активность компании меняет системный администратор");
      }
    }
    // The bank account keys depend on the БИК: check the record as it will be after the change.
    const errors = requisiteErrors({ ...existing, ...patch });
    if (Object.keys(errors).length) {
      throw invalid(Object.fromEntries(Object.entries(errors).map(([k, m]) => [k, [m]])));
    }
    const updated = await updateCompany(db, scope, id, patch);
    if (!updated) throw notFound("Компания не найдена");
    return c.json(companyJson(updated));
  })
  .post("/:id/logo", requireApi(adminRoles), validIdParam, async (c) => {
    const { db, storage } = c.get("deps");
    const id = c.req.valid("param").id;
    const company = await findCompany(db, companyScope(currentUser(c)), id);
    if (!company) throw notFound("Компания не найдена");
    const { bytes, kind } = await readImageUpload(c, LOGO_MAX_BYTES);
    const file = `${encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(10)))}.${kind.ext}`;
    await storage.write(logoKey(id, file), streamOf(bytes), { maxBytes: LOGO_MAX_BYTES });
    const logoUrl = logoPath(id) + file;
    await setCompanyLogo(db, id, logoUrl);
    const old = storedLogoKey(id, company.logoUrl);
    if (old) await storage.delete(old);
    return c.json({ logoUrl });
  })
  .delete("/:id/logo", requireApi(adminRoles), validIdParam, async (c) => {
    const { db, storage } = c.get("deps");
    const id = c.req.valid("param").id;
    const company = await findCompany(db, companyScope(currentUser(c)), id);
    if (!company) throw notFound("Компания не найдена");
    await setCompanyLogo(db, id, null);
    const old = storedLogoKey(id, company.logoUrl);
    if (old) await storage.delete(old);
    return c.json({ logoUrl: null });
  })
  .get("/:id/logo/:file", requireApi(), validate("param", logoParam), async (c) => {
    const { id, file } = c.req.valid("param");
    const match = /^[a-z0-9]{8,40}\.(png|jpg|gif|webp)$/.exec(file);
    if (!match) throw notFound();
    const company = await findCompany(c.get("deps").db, companyScope(currentUser(c)), id);
    if (!company || company.logoUrl !== logoPath(id) + file) throw notFound("Файл не найден");
    return serveStoredImage(c, logoKey(id, file), match[1]);
  });
