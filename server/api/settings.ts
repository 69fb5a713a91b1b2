// /api/profile: the signed-in user's own name and avatar. /api/settings: the company_admin's company
// settings that are not requisites (the shop settings, the price list, the equipment-price basis).
import { Hono } from "hono";
import { z } from "zod";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { storageKeyOfImageUrl } from "../../db/admin.ts";
import { findUser, setProfileImage, updateUser } from "../../db/users.ts";
import {
  findEquipmentPrice,
  findShopSettings,
  shopSettingsJson,
  updateEquipmentPrice,
  updateShopSettings,
} from "../../db/companies.ts";
import {
  activePriceList,
  BASE_PRICE_LIST_NAME,
  COMPANY_PRICE_LIST_NAME,
  importPriceList,
  priceListSummary,
  resetPriceList,
} from "../../db/price_lists.ts";
import {
  defaultPriceList,
  PriceListFileError,
  writePriceListCsv,
  writePriceListWorkbook,
} from "../../estimating/mod.ts";
import { equipmentPriceSchema, profileSchema, shopSettingsSchema } from "../../domain/admin.ts";
import { invalid, notFound, uploadTooLarge } from "../errors.ts";
import { contentDisposition } from "../content_disposition.ts";
import { companyScope, currentUser, requireApi } from "../middleware/guard.ts";
import { validate } from "../validate.ts";
import { MB, readImageUpload, serveStoredImage, streamOf } from "../image_upload.ts";
import { receiveUploadBytes } from "../multipart.ts";
import { readPriceListInWorker } from "../price_list_reader.ts";
import { idText, queryText } from "../query.ts";
import type { AppEnv } from "../types.ts";
import { scopeOf } from "../../db/scope.ts";
import { setWorksStartRule, worksStartRule } from "../../db/job_status.ts";
import { worksStartRuleLabels, worksStartRuleSchema } from "../../domain/job_status.ts";

export const AVATAR_MAX_BYTES = 5 * MB;

const avatarParam = z.object({ userId: idText, file: z.string() });
const downloadQuery = z.object({ format: queryText });

const avatarPath = (userId: number) => `/api/profile/avatar/${userId}/`;

export const profileApi = new Hono<AppEnv>()
  .patch("/", requireApi(), validate("json", profileSchema), async (c) => {
    const user = currentUser(c);
    const { db } = c.get("deps");
    await updateUser(db, scopeOf(null), user.id, c.req.valid("json"));
    return c.json((await findUser(db, scopeOf(null), user.id))!.json);
  })
  .post("/avatar", requireApi(), async (c) => {
    const user = currentUser(c);
    const { db, storage } = c.get("deps");
    const { bytes, kind } = await readImageUpload(c, AVATAR_MAX_BYTES);
    const file = `${encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(10)))}.${kind.ext}`;
    await storage.write(`avatars/${user.id}/${file}`, streamOf(bytes), { maxBytes: AVATAR_MAX_BYTES });
    const profileImageUrl = avatarPath(user.id) + file;
    await setProfileImage(db, user.id, profileImageUrl);
    const old = storageKeyOfImageUrl(user.profileImageUrl);
    if (old) await storage.delete(old);
    return c.json({ profileImageUrl });
  })
  .delete("/avatar", requireApi(), async (c) => {
    const user = currentUser(c);
    const { db, storage } = c.get("deps");
    await setProfileImage(db, user.id, null);
    const old = storageKeyOfImageUrl(user.profileImageUrl);
    if (old) await storage.delete(old);
    return c.json({ profileImageUrl: null });
  })
  .get("/avatar/:userId/:file", requireApi(), validate("param", avatarParam), async (c) => {
    const user = currentUser(c);
    const { userId, file } = c.req.valid("param");
    const match = /^[a-z0-9]{8,40}\.(png|jpg|gif|webp)$/.exec(file);
    if (!match) throw notFound();
    // Colleagues see each other's avatars; another company's answer 404.
    const found = await findUser(
      c.get("deps").db,
      userId === user.id ? scopeOf(null) : companyScope(user),
      userId,
    );
    if (!found || found.row.profileImageUrl !== avatarPath(userId) + file) throw notFound("Файл не найден");
    return serveStoredImage(c, `avatars/${userId}/${file}`, match[1]);
  });

export const PRICE_LIST_MAX_BYTES = 5 * MB;

const priceListApi = new Hono<AppEnv>()
  .use(requireApi(["company_admin"]))
  .get("/", async (c) => {
    return c.json(await priceListSummary(c.get("deps").db, currentUser(c).companyId ?? -1));
  })
  .get("/download", validate("query", downloadQuery), async (c) => {
    const user = currentUser(c);
    if (user.companyId === null) throw notFound();
    const own = await activePriceList(c.get("deps").db, user.companyId);
    const items = own?.items ?? defaultPriceList;
    const name = own?.name ?? BASE_PRICE_LIST_NAME;
    if (c.req.valid("query").format === "csv") {
      c.header("Content-Type", "text/csv; charset=utf-8");
      c.header("Content-Disposition", contentDisposition("Прайс-лист.csv", { asciiName: "price-list.csv" }));
      return c.body("\uFEFF" + writePriceListCsv(items));
    }
    const bytes = await writePriceListWorkbook(items, { name });
    c.header("Content-Type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    c.header("Content-Disposition", contentDisposition("Прайс-лист.xlsx", { asciiName: "price-list.xlsx" }));
    return c.body(bytes as Uint8Array<ArrayBuffer>);
  })
  .post("/", async (c) => {
    const user = currentUser(c);
    const { db } = c.get("deps");
    if (user.companyId === null) throw notFound();
    const { file } = await receiveUploadBytes(c.req.raw, {
      field: "file",
      maxBytes: PRICE_LIST_MAX_BYTES,
      tooLarge: uploadTooLarge(c, "Файл слишком большой: не более 5 MB"),
      noFile: () => invalid({ file: ["Выберите файл прайс-листа"] }),
    });
    if (!/\.(xlsx|csv|json)$/i.test(file.fileName)) {
      throw invalid({ file: ["Загрузите прайс-лист в формате .xlsx, .csv или .json"] });
    }
    let read;
    try {
      read = await readPriceListInWorker(file.bytes, file.fileName);
    } catch (error) {
      if (error instanceof PriceListFileError) {
        throw invalid({ file: [`Не удалось прочитать файл: ${error.message}`] });
      }
      throw invalid({ file: ["Не удалось прочитать файл: он повреждён или это не прайс-лист"] });
    }
    if (read.items.length === 0) {
      throw invalid({ file: ["В файле нет ни одной подходящей строки: проверьте заголовки столбцов"] });
    }
    const name = read.name || file.fileName.replace(/\.[^.]+$/, "") || COMPANY_PRICE_LIST_NAME;
    const { merge: merged } = await importPriceList(db, user.companyId, read.items, name);
    return c.json({
      summary: await priceListSummary(db, user.companyId),
      added: merged.added.length,
      updated: merged.updated.length,
      unchanged: merged.unchanged.length,
      rejected: read.rejected.slice(0, 50),
      rejectedCount: read.rejected.length,
    });
  })
  .delete("/", async (c) => {
    const user = currentUser(c);
    if (user.companyId === null) throw notFound();
    await resetPriceList(c.get("deps").db, user.companyId);
    return c.json(await priceListSummary(c.get("deps").db, user.companyId));
  });

export const settingsApi = new Hono<AppEnv>()
  .get("/shop", requireApi(["company_admin"]), async (c) => {
    const user = currentUser(c);
    const row = await findShopSettings(c.get("deps").db, user.companyId ?? -1);
    if (!row) throw notFound("У компании нет магазина");
    return c.json(shopSettingsJson(row));
  })
  .put("/shop", requireApi(["company_admin"]), validate("json", shopSettingsSchema), async (c) => {
    const user = currentUser(c);
    const row = await updateShopSettings(c.get("deps").db, user.companyId ?? -1, c.req.valid("json"));
    if (!row) throw notFound("У компании нет магазина");
    return c.json(shopSettingsJson(row));
  })
  // The price the estimates quote for a station (РРЦ, dealer + markup, dealer).
  .get("/equipment-price", requireApi(["company_admin"]), async (c) => {
    const row = await findEquipmentPrice(c.get("deps").db, currentUser(c).companyId ?? -1);
    if (!row) throw notFound();
    return c.json(row);
  })
  .put(
    "/equipment-price",
    requireApi(["company_admin"]),
    validate("json", equipmentPriceSchema),
    async (c) => {
      const row = await updateEquipmentPrice(
        c.get("deps").db,
        currentUser(c).companyId ?? -1,
        c.req.valid("json"),
      );
      if (!row) throw notFound();
      return c.json(row);
    },
  )
  // When a job reaches the foreman (by default: contract signed and prepayment received).
  .get("/works-start", requireApi(["company_admin", "chief_engineer"]), async (c) => {
    const rule = await worksStartRule(c.get("deps").db, currentUser(c).companyId ?? -1);
    return c.json({ rule, options: worksStartRuleLabels });
  })
  .put(
    "/works-start",
    requireApi(["company_admin"]),
    validate("json", worksStartRuleSchema),
    async (c) => {
      const { db, now } = c.get("deps");
      const done = await setWorksStartRule(
        db,
        currentUser(c).companyId ?? -1,
        c.req.valid("json").rule,
        now(),
      );
      if (!done) throw notFound();
      return c.json({ rule: c.req.valid("json").rule });
    },
  )
  .route("/price-list", priceListApi);
