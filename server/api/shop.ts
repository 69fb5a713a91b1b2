// /api/shop: the storefront (catalogue, cart, checkout, the customer's orders, the calculators) and the
// staff's catalogue management. `?shop={companyId}` picks a storefront; without it, the main one.
import { z } from "zod";
import { Hono } from "hono";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import {
  findStorefrontProduct,
  listCatalogue,
  listShops,
  stationProducts,
  storefrontCategories,
} from "../../db/shop.ts";
import {
  findCustomerOrder,
  OrderConflictError,
  orderJson,
  orderLink,
  placeOrder,
  priceChangedMessage,
  userOrders,
} from "../../db/shop_orders.ts";
import {
  addProductImage,
  createCategory,
  createProduct,
  findManagedProduct,
  listAllCategories,
  listManagedProducts,
  TakenError,
  updateCategory,
  updateProduct,
} from "../../db/shop_manage.ts";
import {
  cartAddSchema,
  cartQuantitySchema,
  catalogueQuerySchema,
  categorySchema,
  checkoutSchema,
  productSchema,
  shopStaffRoles,
} from "../../domain/shop.ts";
import { calculatorQuerySchema, fittingModels, requirement } from "../../domain/station_calculator.ts";
import { compareEconomy, economyQuerySchema } from "../../domain/economy.ts";
import { locate } from "../../domain/location/mod.ts";
import { ApiError, invalid, notFound } from "../errors.ts";
import { companyScope, currentUser, requireApi } from "../middleware/guard.ts";
import { validate } from "../validate.ts";
import {
  cartLines,
  changeCart,
  confirmCartPrice,
  dropGuestLines,
  removeFromCart,
  requestStorefront,
  visitorCart,
} from "../shop.ts";
import { GUEST_ORDER_LIMIT_MESSAGE, releaseGuestOrder, reserveGuestOrder } from "../shop_limits.ts";
import { clientIp } from "../client_ip.ts";
import { MB, readImageUpload, serveStoredImage, streamOf } from "../image_upload.ts";
import { idText, queryText, validIdParam } from "../query.ts";

const productParam = validate("param", z.object({ productId: idText }));
import type { AppEnv } from "../types.ts";
import type { Role } from "../../domain/roles.ts";

export const PRODUCT_IMAGE_MAX_BYTES = 5 * MB;

const conflict = (e: unknown) => {
  if (e instanceof OrderConflictError) return new ApiError(409, e.message);
  if (e instanceof TakenError) return new ApiError(409, e.message, { [e.field]: [e.message] });
  return e;
};

/** `?company=`: the company a system_admin's new product belongs to. */
const companyQuery = validate("query", z.object({ company: queryText }));

/** The company a staff member's new product belongs to: their own; a system_admin names it. */
function productCompany(company: string | undefined, user: { role: Role; companyId: number | null }) {
  if (user.role !== "system_admin") return user.companyId;
  return company && /^\d+$/.test(company) ? Number(company) : user.companyId;
}

/** A product image's address: the product's id and a stored file name; anything else is not a file. */
const imageParam = validate(
  "param",
  z.object({ id: idText, file: z.string().regex(/^[a-z0-9]{8,40}\.(png|jpg|gif|webp)$/) }),
);

const manageApi = new Hono<AppEnv>()
  .get(
    "/categories",
    requireApi(shopStaffRoles),
    async (c) => c.json(await listAllCategories(c.get("deps").db)),
  )
  // Categories are shared by every shop, so only a system administrator changes them.
  .post("/categories", requireApi(["system_admin"]), validate("json", categorySchema), async (c) => {
    try {
      return c.json(await createCategory(c.get("deps").db, c.req.valid("json")), 201);
    } catch (e) {
      throw conflict(e);
    }
  })
  .put(
    "/categories/:id",
    requireApi(["system_admin"]),
    validIdParam,
    validate("json", categorySchema),
    async (c) => {
      try {
        const row = await updateCategory(c.get("deps").db, c.req.valid("param").id, c.req.valid("json"));
        if (!row) throw notFound("Категория не найдена");
        return c.json(row);
      } catch (e) {
        throw conflict(e);
      }
    },
  )
  .get("/products", requireApi(shopStaffRoles), async (c) => {
    return c.json(await listManagedProducts(c.get("deps").db, companyScope(currentUser(c))));
  })
  .post("/products", requireApi(shopStaffRoles), companyQuery, validate("json", productSchema), async (c) => {
    const user = currentUser(c);
    const companyId = productCompany(c.req.valid("query").company, user);
    if (companyId === null) throw invalid({ company: ["Выберите компанию"] });
    try {
      return c.json(
        await createProduct(c.get("deps").db, companyId, c.req.valid("json"), c.get("deps").now()),
        201,
      );
    } catch (e) {
      throw conflict(e);
    }
  })
  .put(
    "/products/:id",
    requireApi(shopStaffRoles),
    validIdParam,
    validate("json", productSchema),
    async (c) => {
      try {
        const row = await updateProduct(
          c.get("deps").db,
          companyScope(currentUser(c)),
          c.req.valid("param").id,
          c.req.valid("json"),
          c.get("deps").now(),
        );
        if (!row) throw notFound("Товар не найден");
        return c.json(row);
      } catch (e) {
        throw conflict(e);
      }
    },
  )
  .post("/products/:id/images", requireApi(shopStaffRoles), validIdParam, async (c) => {
    const { db, storage, now } = c.get("deps");
    const scope = companyScope(currentUser(c));
    const id = c.req.valid("param").id;
    if (!(await findManagedProduct(db, scope, id))) throw notFound("Товар не найден");
    const { bytes, kind } = await readImageUpload(c, PRODUCT_IMAGE_MAX_BYTES);
    const file = `${encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(10)))}.${kind.ext}`;
    await storage.write(`products/${id}/${file}`, streamOf(bytes), { maxBytes: PRODUCT_IMAGE_MAX_BYTES });
    const product = await addProductImage(db, scope, id, `/api/shop/images/${id}/${file}`, now());
    return c.json(product, 201);
  });

export const shopApi = new Hono<AppEnv>()
  .get("/shops", async (c) => {
    const shops = await listShops(c.get("deps").db);
    return c.json(
      shops.map((s) => ({
        companyId: s.companyId,
        companyName: s.companyName,
        storeName: s.settings.storeName,
      })),
    );
  })
  .get("/categories", async (c) => {
    const shop = await requestStorefront(c);
    return c.json(await storefrontCategories(c.get("deps").db, shop.companyId));
  })
  .get("/products", validate("query", catalogueQuerySchema), async (c) => {
    const shop = await requestStorefront(c);
    const q = c.req.valid("query");
    const { items, total } = await listCatalogue(c.get("deps").db, shop.companyId, q);
    c.header("X-Total-Count", String(total));
    return c.json({ items, total, page: q.page, pageSize: q.pageSize });
  })
  .get("/products/:slug", validate("param", z.object({ slug: z.string() })), async (c) => {
    const shop = await requestStorefront(c);
    const product = await findStorefrontProduct(c.get("deps").db, shop.companyId, c.req.valid("param").slug);
    if (!product) throw notFound("Товар не найден");
    return c.json(product);
  })
  // Product images are public: the storefront shows them to everyone.
  .get("/images/:id/:file", imageParam, (c) => {
    const { id, file } = c.req.valid("param");
    return serveStoredImage(c, `products/${id}/${file}`, file.slice(file.lastIndexOf(".") + 1));
  })
  .get("/cart", async (c) => c.json(await visitorCart(c, await requestStorefront(c))))
  .post("/cart", validate("json", cartAddSchema), async (c) => {
    const shop = await requestStorefront(c);
    const { productId, quantity } = c.req.valid("json");
    const lines = await changeCart(c, productId, quantity, "add");
    return c.json(await visitorCart(c, shop, lines), 201);
  })
  .patch("/cart/:productId", productParam, validate("json", cartQuantitySchema), async (c) => {
    const shop = await requestStorefront(c);
    const lines = await changeCart(c, c.req.valid("param").productId, c.req.valid("json").quantity, "set");
    return c.json(await visitorCart(c, shop, lines));
  })
  .post("/cart/:productId/confirm-price", productParam, async (c) => {
    const shop = await requestStorefront(c);
    return c.json(await visitorCart(c, shop, await confirmCartPrice(c, c.req.valid("param").productId)));
  })
  .delete("/cart/:productId", productParam, async (c) => {
    const shop = await requestStorefront(c);
    return c.json(await visitorCart(c, shop, await removeFromCart(c, c.req.valid("param").productId)));
  })
  .post("/orders", validate("json", checkoutSchema), async (c) => {
    const shop = await requestStorefront(c);
    const user = c.get("user");
    if (!user && !shop.settings.enableGuestCheckout) {
      throw new ApiError(401, "Войдите или зарегистрируйтесь, чтобы оформить заказ");
    }
    const input = c.req.valid("json");
    const lines = await cartLines(c);
    const cart = await visitorCart(c, shop, lines);
    const mine = cart.items.filter((i) => i.companyId === shop.companyId);
    if (mine.length === 0) throw new ApiError(409, "Корзина пуста");
    const blocked = mine.find((i) => i.unavailable || i.outOfStock);
    if (blocked) throw new ApiError(409, cart.problems[0] ?? `«${blocked.name}» нельзя заказать`);
    const repriced = mine.find((i) => i.priceChanged);
    if (repriced) {
      throw new ApiError(
        409,
        priceChangedMessage(
          repriced.name,
          Math.round(repriced.priceAtAdd * 100),
          Math.round(repriced.price * 100),
        ),
      );
    }
    let site = null;
    if (input.needInstallation) {
      const where = locate({
        address: input.installationAddress ?? input.deliveryAddress,
        city: input.deliveryCity,
        area: input.deliveryRegion,
      });
      site = {
        district: where.district,
        direction: where.direction,
        distanceFromMKAD: where.distanceFromMKAD,
        latitude: where.latitude,
        longitude: where.longitude,
      };
    }
    const counted = !user && input.needInstallation
      ? await reserveGuestOrder(c.get("deps").db, input.customerPhone, clientIp(c), c.get("deps").now())
      : undefined;
    if (counted === null) throw new ApiError(429, GUEST_ORDER_LIMIT_MESSAGE);
    try {
      const { order, items } = await placeOrder(c.get("deps").db, {
        companyId: shop.companyId,
        settings: shop.settings,
        userId: user?.id ?? null,
        lines: lines.filter((l) => mine.some((i) => i.productId === l.productId)),
        input,
        site,
        now: c.get("deps").now(),
      });
      dropGuestLines(c, items.map((i) => i.productId!));
      return c.json({ order: orderJson(order, items), link: orderLink(shop.base, order) }, 201);
    } catch (e) {
      if (counted) await releaseGuestOrder(c.get("deps").db, counted);
      throw conflict(e);
    }
  })
  .get(
    "/orders/mine",
    requireApi(),
    async (c) => c.json(await userOrders(c.get("deps").db, currentUser(c).id)),
  )
  .get(
    "/orders/:number",
    validate("param", z.object({ number: z.string() })),
    validate("query", z.object({ key: queryText })),
    async (c) => {
      const order = await findCustomerOrder(c.get("deps").db, c.req.valid("param").number, {
        userId: c.get("user")?.id ?? null,
        key: c.req.valid("query").key ?? null,
      });
      if (!order) throw notFound("Заказ не найден");
      return c.json(order);
    },
  )
  .get("/calculator", validate("query", calculatorQuerySchema), async (c) => {
    const shop = await requestStorefront(c);
    if (!shop.settings.enableCalculator) throw notFound("Калькулятор выключен в настройках магазина");
    const input = c.req.valid("query");
    const need = requirement(input);
    const fitting = fittingModels(need);
    const onSale = await stationProducts(c.get("deps").db, shop.companyId, fitting.map((m) => m.id));
    const models = fitting.filter((m) => onSale.has(m.id)).map((m) => ({
      model: m,
      product: onSale.get(m.id)!,
      installation: m.fullInstallationCost,
      totalWithInstallation: onSale.get(m.id)!.price + m.fullInstallationCost,
    })).sort((a, b) => a.totalWithInstallation - b.totalWithInstallation);
    return c.json({ input, requirement: need, models });
  })
  .get("/economy", validate("query", economyQuerySchema), (c) => c.json(compareEconomy(c.req.valid("query"))))
  .route("/manage", manageApi);
