// Catalogue management for the staff: the shared categories (system_admin) and the company's products.
import { and, asc, eq, ne } from "drizzle-orm";
import type { Db } from "./client.ts";
import { findRow, preparedQuery } from "./prepared.ts";
import { productCategories, products } from "./schema/mod.ts";
import type { Scope } from "./scope.ts";
import { categoryJson, productJson, productPrices } from "./shop.ts";
import type { CategoryInput, ProductInput } from "../domain/shop.ts";

/** A value already taken by another row; the API answers 409 with the message. */
export class TakenError extends Error {
  constructor(readonly field: string, message: string) {
    super(message);
  }
}

export async function listAllCategories(db: Db) {
  const rows = await preparedQuery(
    db,
    "shop.allCategories",
    {},
    () =>
      db.select().from(productCategories).orderBy(
        asc(productCategories.sortOrder),
        asc(productCategories.id),
      ),
  )
    .all();
  return rows.map((r) => categoryJson(r));
}

async function slugTaken(db: Db, slug: string, exceptId: number | null) {
  const [row] = await db.select({ id: productCategories.id }).from(productCategories)
    .where(and(eq(productCategories.slug, slug), exceptId ? ne(productCategories.id, exceptId) : undefined));
  return !!row;
}

export async function createCategory(db: Db, input: CategoryInput) {
  if (await slugTaken(db, input.slug, null)) throw new TakenError("slug", "Такой slug уже есть");
  const [row] = await db.insert(productCategories).values(input).returning();
  return categoryJson(row);
}

export async function updateCategory(db: Db, id: number, input: CategoryInput) {
  if (await slugTaken(db, input.slug, id)) throw new TakenError("slug", "Такой slug уже есть");
  const [row] = await db.update(productCategories).set(input).where(eq(productCategories.id, id)).returning();
  return row ? categoryJson(row) : null;
}

const scoped = (scope: Scope) => (scope === null ? undefined : eq(products.companyId, scope));

/**
 * The company's products as the staff's list and its edit dialog show them, hidden ones too: only those
 * columns (the whole rows with their specifications and descriptions made /shop-products 12 ms).
 */
export async function productsToManage(db: Db, scope: Scope) {
  const rows = await preparedQuery(
    db,
    "shop.productsToManage",
    { companyId: scope ?? undefined },
    (p) =>
      db.select({
        id: products.id,
        name: products.name,
        sku: products.sku,
        categoryId: products.categoryId,
        category: products.category,
        price: products.price,
        oldPrice: products.oldPrice,
        shortDescription: products.shortDescription,
        stockQuantity: products.stockQuantity,
        isActive: products.isActive,
        isFeatured: products.isFeatured,
        images: products.images,
      }).from(products).where(p.companyId && eq(products.companyId, p.companyId))
        .orderBy(asc(products.sortOrder), asc(products.id)),
  ).all();
  return rows.map((r) => ({ ...r, ...productPrices(r) }));
}

/** Every product of the company, hidden ones too. */
export async function listManagedProducts(db: Db, scope: Scope) {
  const rows = await db.select({ product: products, categoryName: productCategories.name }).from(products)
    .leftJoin(productCategories, eq(productCategories.id, products.categoryId))
    .where(scoped(scope)).orderBy(asc(products.sortOrder), asc(products.id));
  return rows.map((r) => productJson(r.product, r.categoryName));
}

export async function findManagedProduct(db: Db, scope: Scope, id: number) {
  return await findRow(db, "shop.managedProduct", products, id, scope);
}

async function skuTaken(db: Db, sku: string, exceptId: number | null) {
  const [row] = await preparedQuery(
    db,
    "shop.skuTaken",
    { sku, exceptId: exceptId || undefined },
    (p) =>
      db.select({ id: products.id }).from(products)
        .where(and(eq(products.sku, p.sku), p.exceptId && ne(products.id, p.exceptId))),
  ).all();
  return !!row;
}

const columns = (input: ProductInput) => ({
  ...input,
  sku: input.sku.toUpperCase(),
  price: Math.round(input.price * 100),
  oldPrice: input.oldPrice == null ? null : Math.round(input.oldPrice * 100),
});

export async function createProduct(db: Db, companyId: number, input: ProductInput, now: Date) {
  if (await skuTaken(db, input.sku.toUpperCase(), null)) {
    throw new TakenError("sku", "Такой артикул уже есть");
  }
  const [row] = await db.insert(products).values({
    ...columns(input),
    companyId,
    createdAt: now,
    updatedAt: now,
  })
    .returning();
  return productJson(row);
}

/** Null when the product is another company's. */
export async function updateProduct(db: Db, scope: Scope, id: number, input: ProductInput, now: Date) {
  if (!(await findManagedProduct(db, scope, id))) return null;
  if (await skuTaken(db, input.sku.toUpperCase(), id)) throw new TakenError("sku", "Такой артикул уже есть");
  const [row] = await db.update(products).set({ ...columns(input), updatedAt: now })
    .where(and(eq(products.id, id), scoped(scope))).returning();
  return row ? productJson(row) : null;
}

/** Adds an image address to the product; null when it is another company's. */
export async function addProductImage(db: Db, scope: Scope, id: number, url: string, now: Date) {
  const row = await findManagedProduct(db, scope, id);
  if (!row) return null;
  const [updated] = await db.update(products).set({ images: [...row.images, url], updatedAt: now })
    .where(eq(products.id, id)).returning();
  return productJson(updated);
}
