// /api/profile: the signed-in user's own name and avatar. /api/settings: the company_admin's company
// settings that are not requisites (the shop settings, the price list).
import { Hono } from "hono";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { eq } from "drizzle-orm";
import { storageKeyOfImageUrl } from "../../db/admin.ts";
import { findUser, updateUser } from "../../db/users.ts";
import { findShopSettings, shopSettingsJson, updateShopSettings } from "../../db/companies.ts";
import { users } from "../../db/schema/mod.ts";
import { profileSchema, shopSettingsSchema } from "../../domain/admin.ts";
import { notFound } from "../errors.ts";
import { companyScope, currentUser, requireApi } from "../middleware/guard.ts";
import { validate } from "../validate.ts";
import { MB, readImageUpload, serveStoredImage, streamOf } from "../image_upload.ts";
import { idParam } from "./companies.ts";
import type { AppEnv } from "../types.ts";

export const AVATAR_MAX_BYTES = 5 * MB;

const avatarPath = (userId: number) => `/api/profile/avatar/${userId}/`;

export const profileApi = new Hono<AppEnv>()
  .patch("/", requireApi(), validate("json", profileSchema), async (c) => {
    const user = currentUser(c);
    const { db } = c.var.deps;
    await updateUser(db, user.id, null, c.req.valid("json"));
    return c.json((await findUser(db, user.id, null))!.json);
  })
  .post("/avatar", requireApi(), async (c) => {
    const user = currentUser(c);
    const { db, storage } = c.var.deps;
    const { bytes, kind } = await readImageUpload(c, AVATAR_MAX_BYTES);
    const file = `${encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(10)))}.${kind.ext}`;
    await storage.write(`avatars/${user.id}/${file}`, streamOf(bytes), { maxBytes: AVATAR_MAX_BYTES });
    const profileImageUrl = avatarPath(user.id) + file;
    await db.update(users).set({ profileImageUrl }).where(eq(users.id, user.id));
    const old = storageKeyOfImageUrl(user.profileImageUrl);
    if (old) await storage.delete(old);
    return c.json({ profileImageUrl });
  })
  .delete("/avatar", requireApi(), async (c) => {
    const user = currentUser(c);
    const { db, storage } = c.var.deps;
    await db.update(users).set({ profileImageUrl: null }).where(eq(users.id, user.id));
    const old = storageKeyOfImageUrl(user.profileImageUrl);
    if (old) await storage.delete(old);
    return c.json({ profileImageUrl: null });
  })
  .get("/avatar/:userId/:file", requireApi(), async (c) => {
    const user = currentUser(c);
    const userId = idParam(c, "userId");
    const file = c.req.param("file");
    const match = /^[a-z0-9]{8,40}\.(png|jpg|gif|webp)$/.exec(file);
    if (!match) throw notFound();
    // Colleagues see each other's avatars; another company's answer 404.
    const found = await findUser(c.var.deps.db, userId, userId === user.id ? null : companyScope(user));
    if (!found || found.row.profileImageUrl !== avatarPath(userId) + file) throw notFound("Файл не найден");
    return serveStoredImage(c, `avatars/${userId}/${file}`, match[1]);
  });

export const settingsApi = new Hono<AppEnv>()
  .get("/shop", requireApi(["company_admin"]), async (c) => {
    const user = currentUser(c);
    const row = await findShopSettings(c.var.deps.db, user.companyId ?? -1);
    if (!row) throw notFound("У компании нет магазина");
    return c.json(shopSettingsJson(row));
  })
  .put("/shop", requireApi(["company_admin"]), validate("json", shopSettingsSchema), async (c) => {
    const user = currentUser(c);
    const row = await updateShopSettings(c.var.deps.db, user.companyId ?? -1, c.req.valid("json"));
    if (!row) throw notFound("У компании нет магазина");
    return c.json(shopSettingsJson(row));
  });
