// Storefront queries: which company a storefront sells for, its settings, categories, the catalogue with
// its filters, and carts (a signed-in customer's in cart_items; a guest's lines come from the cookie).
import { and, asc, count, desc, eq, gte, inArray, like, lte, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "./client.ts";
import { type Placeholders, preparedQuery } from "./prepared.ts";
import { cartItems, companies, productCategories, products, shopSettings } from "./schema/mod.ts";
import { brandLabel, catalogue, findModel } from "../estimating/mod.ts";
import { isRecordId } from "../domain/bounds.ts";
import {
  type CartJson,
  type CartLineJson,
  type CatalogueQuery,
  type CategoryJson,
  orderTotals,
  type ProductJson,
  serviceKinds,
} from "../domain/shop.ts";

export type ProductRow = typeof products.$inferSelect;
export type CategoryRow = typeof productCategories.$inferSelect;
export type ShopSettingsRow = typeof shopSettings.$inferSelect;

export interface Storefront {
  companyId: number;
  companyName: string;
  settings: ShopSettingsRow;
  /** Where its pages live: '/ruslos', or '/ruslos/c/{companyId}' for the other shops. */
  base: string;
}

/** Every active company with a shop (a shop_settings row), the lowest id first. */
export async function listShops(db: Db) {
  return await preparedQuery(
    db,
    "shop.shops",
    {},
    () =>
      db.select({ companyId: companies.id, companyName: companies.name, settings: shopSettings })
        .from(shopSettings).innerJoin(companies, eq(companies.id, shopSettings.companyId))
        .where(eq(companies.isActive, true)).orderBy(asc(companies.id)),
  ).all();
}

/** Opens a company's storefront with the default settings (the test matrix gives the other company one). */
export async function openStorefront(db: Db, companyId: number, storeName: string): Promise<void> {
  await db.insert(shopSettings).values({ companyId, storeName });
}

/**
 * The storefront of a path. /ruslos sells for `mainCompanyId` (SHOP_COMPANY_ID) when it has a shop, else
 * for the first company with a shop; /ruslos/c/{id} sells for company {id}. Null when there is no such shop.
 */
export async function findStorefront(
  db: Db,
  requested: number | null,
  mainCompanyId: number | null,
): Promise<Storefront | null> {
  const shops = await listShops(db);
  const main = shops.find((s) => s.companyId === mainCompanyId) ?? shops[0];
  if (!main) return null;
  const shop = requested === null ? main : shops.find((s) => s.companyId === requested);
  if (!shop) return null;
  const base = shop.companyId === main.companyId ? "/ruslos" : `/ruslos/c/${shop.companyId}`;
  return { ...shop, base };
}

export const productSlug = (p: { sku: string }) => p.sku.toLowerCase();

/** What a catalogue card shows; the list reads only these columns (each column costs on every row). */
const cardColumns = {
  id: products.id,
  companyId: products.companyId,
  categoryId: products.categoryId,
  name: products.name,
  sku: products.sku,
  shortDescription: products.shortDescription,
  price: products.price,
  oldPrice: products.oldPrice,
  category: products.category,
  images: products.images,
  capacity: products.capacity,
  catalogueModelId: products.catalogueModelId,
  isActive: products.isActive,
  isFeatured: products.isFeatured,
  stockQuantity: products.stockQuantity,
};
type CardRow = { [K in keyof typeof cardColumns]: ProductRow[K] };

/** A catalogue card: the product without its long texts (description, specifications, features). */
function cardJson(p: CardRow, categoryName: string | null): ProductJson {
  return productJson(
    { ...p, description: null, specifications: null, features: [], dimensions: null },
    categoryName,
  );
}

/** A product's price and old price in roubles, as the API gives them (stored in kopecks). */
export function productPrices(p: { price: number; oldPrice: number | null }) {
  return { price: p.price / 100, oldPrice: p.oldPrice === null ? null : p.oldPrice / 100 };
}

export function productJson(
  p: Omit<ProductRow, "createdAt" | "updatedAt" | "sortOrder" | "isDemo">,
  categoryName: string | null = null,
): ProductJson {
  const model = p.catalogueModelId ? findModel(p.catalogueModelId) : undefined;
  return {
    id: p.id,
    companyId: p.companyId,
    categoryId: p.categoryId,
    categoryName,
    name: p.name,
    slug: productSlug(p),
    sku: p.sku,
    description: p.description,
    shortDescription: p.shortDescription,
    ...productPrices(p),
    category: p.category,
    specifications: p.specifications ?? {},
    images: p.images,
    features: p.features,
    capacity: p.capacity,
    dimensions: p.dimensions,
    catalogueModelId: p.catalogueModelId,
    brand: model ? brandLabel(model.brand) : null,
    persons: model?.users ?? null,
    isActive: p.isActive,
    isFeatured: p.isFeatured,
    stockQuantity: p.stockQuantity,
    inStock: isService(p) || p.stockQuantity > 0,
  };
}

export const isService = (p: { category: string }) => serviceKinds.includes(p.category);

export function categoryJson(c: CategoryRow, productCount?: number): CategoryJson {
  return {
    id: c.id,
    name: c.name,
    slug: c.slug,
    description: c.description,
    sortOrder: c.sortOrder,
    isActive: c.isActive,
    ...(productCount === undefined ? {} : { productCount }),
  };
}

/** The active categories with the number of the company's active products in each. */
export async function storefrontCategories(db: Db, companyId: number) {
  const rows = await preparedQuery(
    db,
    "shop.storefrontCategories",
    { companyId },
    (p) =>
      db.select({ category: productCategories, n: count(products.id) })
        .from(productCategories)
        .leftJoin(
          products,
          and(
            eq(products.categoryId, productCategories.id),
            eq(products.companyId, p.companyId),
            eq(products.isActive, true),
          ),
        )
        .where(eq(productCategories.isActive, true))
        .groupBy(productCategories.id)
        .orderBy(asc(productCategories.sortOrder), asc(productCategories.id)),
  ).all();
  return rows.filter((r) => r.n > 0).map((r) => categoryJson(r.category, r.n));
}

/** SQLite's LIKE folds case for ASCII only: try the spellings a person types Cyrillic in. */
function caseVariants(q: string): string[] {
  const lower = q.toLowerCase();
  return [...new Set([q, lower, q.toUpperCase(), lower.charAt(0).toUpperCase() + lower.slice(1)])];
}

/** The brands of the catalogue's models, for the filter: id and label. */
export const catalogueBrands = [...new Map(catalogue.map((m) => [m.brand, brandLabel(m.brand)])).entries()]
  .map(([id, label]) => ({ id, label }));

const modelIdsOfBrand = (brand: string) => catalogue.filter((m) => m.brand === brand).map((m) => m.id);

const SEARCH_SLOTS = ["q0", "q1", "q2", "q3"] as const;

/** The values of the catalogue's filters, each bound to a placeholder of the prepared queries. */
function catalogueValues(companyId: number, q: CatalogueQuery) {
  const variants = q.q ? caseVariants(q.q) : [];
  return {
    companyId,
    category: q.category || undefined,
    capacity: q.persons ? Math.round(q.persons) * 200 : undefined,
    priceMin: q.priceMin === null ? undefined : Math.round(q.priceMin * 100),
    priceMax: q.priceMax === null ? undefined : Math.round(q.priceMax * 100),
    ...Object.fromEntries(variants.map((v, i) => [SEARCH_SLOTS[i], `%${v}%`])) as {
      [K in typeof SEARCH_SLOTS[number]]?: string;
    },
  };
}

/** The catalogue's condition; a brand's models are a list of the code's catalogue, fixed per brand. */
function catalogueCondition(p: Placeholders<ReturnType<typeof catalogueValues>>, brandModels?: string[]) {
  const search: SQL[] = [];
  for (const slot of SEARCH_SLOTS) {
    const pattern = p[slot];
    if (pattern) {
      search.push(
        like(products.name, pattern),
        like(products.sku, pattern),
        like(products.shortDescription, pattern),
      );
    }
  }
  return and(
    eq(products.companyId, p.companyId),
    eq(products.isActive, true),
    p.category && eq(productCategories.slug, p.category),
    brandModels && inArray(products.catalogueModelId, brandModels),
    p.capacity && gte(products.capacity, p.capacity),
    p.priceMin && gte(products.price, p.priceMin),
    p.priceMax && lte(products.price, p.priceMax),
    search.length > 0 ? or(...search) : undefined,
  );
}

const catalogueOrders = {
  popular: [desc(products.isFeatured), asc(products.sortOrder), asc(products.id)],
  price_asc: [asc(products.price), asc(products.id)],
  price_desc: [desc(products.price), asc(products.id)],
  capacity: [asc(products.capacity), asc(products.price), asc(products.id)],
  name: [asc(products.name), asc(products.id)],
};

/** One page of the company's active products matching the storefront's filters, and the total. */
export async function listCatalogue(db: Db, companyId: number, q: CatalogueQuery) {
  const values = catalogueValues(companyId, q);
  const brandModels = q.brand ? modelIdsOfBrand(q.brand) : undefined;
  // A query per brand of the catalogue (an unknown brand has no models: one query for them all).
  const brand = brandModels ? (brandModels.length > 0 ? q.brand : "unknown") : "any";
  const [rows, [{ n }]] = await Promise.all([
    preparedQuery(
      db,
      `shop.catalogue.${q.sort}.${brand}`,
      { ...values, limit: q.pageSize, offset: (q.page - 1) * q.pageSize },
      (p) =>
        db.select({ ...cardColumns, categoryName: productCategories.name }).from(products)
          .leftJoin(productCategories, eq(productCategories.id, products.categoryId))
          .where(catalogueCondition(p, brandModels)).orderBy(...catalogueOrders[q.sort])
          .limit(p.limit).offset(p.offset),
    ).all(),
    preparedQuery(db, `shop.catalogueCount.${brand}`, values, (p) =>
      db.select({ n: count() }).from(products)
        .leftJoin(productCategories, eq(productCategories.id, products.categoryId))
        .where(catalogueCondition(p, brandModels))).all(),
  ]);
  return { items: rows.map(({ categoryName, ...card }) => cardJson(card, categoryName)), total: n };
}

/** An active product of the company by its SKU (any case) or its id. */
export async function findStorefrontProduct(db: Db, companyId: number, slugOrId: string) {
  const number = /^\d{1,16}$/.test(slugOrId) ? Number(slugOrId) : null;
  const byId = isRecordId(number) ? number : null;
  const values = { companyId, sku: slugOrId.toUpperCase(), slug: slugOrId, id: byId ?? undefined };
  const [row] = await preparedQuery(
    db,
    "shop.storefrontProduct",
    values,
    (p) =>
      db.select({ product: products, categoryName: productCategories.name }).from(products)
        .leftJoin(productCategories, eq(productCategories.id, products.categoryId))
        .where(and(
          eq(products.companyId, p.companyId),
          eq(products.isActive, true),
          or(eq(products.sku, p.sku), eq(products.sku, p.slug), p.id && eq(products.id, p.id)),
        )),
  ).all();
  return row ? productJson(row.product, row.categoryName) : null;
}

/**
 * The company's active products of these catalogue models (the ones that fit), by model id, for the
 * calculators: only those rows, not the whole catalogue.
 */
export async function stationProducts(
  db: Db,
  companyId: number,
  modelIds: string[],
): Promise<Map<string, ProductJson>> {
  if (modelIds.length === 0) return new Map();
  const rows = await db.select().from(products).where(and(
    eq(products.companyId, companyId),
    eq(products.isActive, true),
    inArray(products.catalogueModelId, modelIds),
  ));
  return new Map(rows.map((p) => [p.catalogueModelId!, productJson(p)]));
}

/** Every active product of the active shops, for the sitemap. */
export async function sitemapProducts(db: Db, companyIds: number[]) {
  if (companyIds.length === 0) return [];
  return await db.select({ sku: products.sku, companyId: products.companyId, updatedAt: products.updatedAt })
    .from(products).where(and(inArray(products.companyId, companyIds), eq(products.isActive, true)))
    .orderBy(asc(products.companyId), asc(products.sortOrder), asc(products.id));
}

// ---- Carts ----

/** A cart line as kept: in cart_items for a customer, in the cookie for a guest. Price in kopecks. */
export interface CartLine {
  productId: number;
  quantity: number;
  priceAtAdd: number;
}

/** The products of these ids: one prepared statement for any number of them (the ids as a JSON array). */
export async function productsByIds(db: Db, ids: number[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return await preparedQuery(
    db,
    "shop.productsByIds",
    { ids: JSON.stringify(ids) },
    (p) => db.select().from(products).where(sql`${products.id} in (select value from json_each(${p.ids}))`),
  ).all();
}

export async function findProduct(db: Db, id: number): Promise<ProductRow | null> {
  const [row] = await preparedQuery(
    db,
    "shop.product",
    { id },
    (p) => db.select().from(products).where(eq(products.id, p.id)),
  ).all();
  return row ?? null;
}

export async function userCartLines(db: Db, userId: number): Promise<CartLine[]> {
  return await db.select({
    productId: cartItems.productId,
    quantity: cartItems.quantity,
    priceAtAdd: cartItems.priceAtAdd,
  }).from(cartItems).where(eq(cartItems.userId, userId)).orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}

/** Adds to a line (or creates it at the current price); `set` replaces the quantity instead. */
export async function saveUserCartLine(
  db: Db,
  userId: number,
  line: CartLine,
  mode: "add" | "set",
): Promise<void> {
  await db.insert(cartItems).values({ userId, ...line }).onConflictDoUpdate({
    target: [cartItems.userId, cartItems.productId],
    set: mode === "add" ? { quantity: sqlAdd(line.quantity) } : { quantity: line.quantity },
  });
}

/** The customer accepts the product's current price for a cart line (the one the order will charge). */
export async function setUserCartPrice(
  db: Db,
  userId: number,
  productId: number,
  price: number,
): Promise<void> {
  await db.update(cartItems).set({ priceAtAdd: price }).where(
    and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)),
  );
}

const sqlAdd = (n: number) => sql`min(${cartItems.quantity} + ${n}, 999)`;

export async function removeUserCartLine(db: Db, userId: number, productId: number): Promise<void> {
  await db.delete(cartItems).where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)));
}

/** A guest's lines join the account's cart at sign-in: quantities add up, the earlier price is kept. */
export async function mergeGuestCart(db: Db, userId: number, lines: CartLine[]): Promise<void> {
  if (lines.length === 0) return;
  const existing = await productsByIds(db, lines.map((l) => l.productId));
  const known = new Set(existing.map((p) => p.id));
  await db.transaction(async (tx) => {
    for (const line of lines.filter((l) => known.has(l.productId))) {
      await tx.insert(cartItems).values({ userId, ...line }).onConflictDoUpdate({
        target: [cartItems.userId, cartItems.productId],
        set: { quantity: sqlAdd(line.quantity) },
      });
    }
  });
}

/**
 * The cart as the customer sees it: each line with its current price and whether it changed since it was
 * added, flagged when the product is gone, hidden or short in stock (never silently dropped). Totals
 * cover the lines that can be ordered from `companyId`'s shop.
 */
export function cartJson(
  lines: CartLine[],
  rows: ProductRow[],
  shop: { companyId: number; settings: { taxRate: number; freeShippingThreshold: number | null } },
): CartJson {
  const byId = new Map(rows.map((p) => [p.id, p]));
  const problems: string[] = [];
  const items: CartLineJson[] = lines.map((l) => {
    const p = byId.get(l.productId);
    const unavailable = !p || !p.isActive || p.companyId !== shop.companyId;
    const stock = p?.stockQuantity ?? 0;
    const outOfStock = !unavailable && !isService(p!) && stock < l.quantity;
    const name = p?.name ?? `Товар №${l.productId}`;
    if (unavailable) problems.push(`«${name}» больше не продаётся — удалите его из корзины.`);
    else if (outOfStock) {
      problems.push(
        stock === 0
          ? `«${name}» закончился на складе.`
          : `«${name}»: на складе только ${stock} шт. — уменьшите количество.`,
      );
    }
    const price = p?.price ?? l.priceAtAdd;
    if (!unavailable && price !== l.priceAtAdd) {
      problems.push(
        `Цена «${name}» изменилась: было ${(l.priceAtAdd / 100).toLocaleString("ru-RU")} ₽, стало ${
          (price / 100).toLocaleString("ru-RU")
        } ₽.`,
      );
    }
    return {
      productId: l.productId,
      name,
      slug: p ? productSlug(p) : "",
      sku: p?.sku ?? "",
      quantity: l.quantity,
      price: price / 100,
      oldPrice: p?.oldPrice ? p.oldPrice / 100 : null,
      priceAtAdd: l.priceAtAdd / 100,
      priceChanged: !unavailable && price !== l.priceAtAdd,
      unavailable,
      outOfStock,
      stockQuantity: stock,
      companyId: p?.companyId ?? null,
    };
  });
  const orderable = items.filter((i) => !i.unavailable && !i.outOfStock).map((i) => {
    const p = byId.get(i.productId)!;
    return { price: p.price, oldPrice: p.oldPrice, quantity: i.quantity };
  });
  const t = orderTotals(orderable, shop.settings);
  return {
    items,
    totals: {
      totalAmount: t.totalAmount / 100,
      discount: t.discount / 100,
      shippingCost: t.shippingCost / 100,
      vatAmount: t.vatAmount / 100,
      finalAmount: t.finalAmount / 100,
    },
    count: items.reduce((s, i) => s + i.quantity, 0),
    problems,
  };
}
