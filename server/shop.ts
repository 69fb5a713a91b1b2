// What the shop's API and pages share: the storefront of a request and the cart of its visitor.
// A guest's cart lives in a cookie; a signed-in customer's in cart_items, and the guest cookie joins it
// the first time the cart is read after signing in (then the cookie is cleared).
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import {
  cartJson,
  type CartLine,
  findProduct,
  findStorefront,
  mergeGuestCart,
  productsByIds,
  removeUserCartLine,
  saveUserCartLine,
  setUserCartPrice,
  type Storefront,
  userCartLines,
} from "../db/shop.ts";
import type { CartJson } from "../domain/shop.ts";
import { ApiError, notFound } from "./errors.ts";
import { isSecureRequest } from "./middleware/session.ts";
import { pageReader } from "../db/client.ts";
import type { AppEnv } from "./types.ts";

export const CART_COOKIE = "shop_cart";
const CART_MAX_LINES = 50;
const CART_LIFETIME_S = 30 * 24 * 3600;

/**
 * The shop's reads of a request outside its writes (the shop, its products, a customer's lines): through the
 * page reader (db/client.ts), as every cart change reads them again.
 */
const readsOf = (c: Context<AppEnv>) => pageReader(c.get("deps").db);

/** The storefront of a company id (null: the main one); null when there is no such shop. */
export function storefrontOf(c: Context<AppEnv>, companyId: number | null): Promise<Storefront | null> {
  return findStorefront(readsOf(c), companyId, c.get("deps").env.SHOP_COMPANY_ID ?? null);
}

/** The storefront named by `?shop=` (a company id) or the main one; 404 when there is none. */
export async function requestStorefront(c: Context<AppEnv>): Promise<Storefront> {
  const raw = c.req.query("shop");
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const shop = await storefrontOf(c, id);
  if (!shop) throw notFound("Магазин не найден");
  return shop;
}

/** The guest's lines from the cookie: `productId.quantity.priceAtAdd` joined by `_`; bad parts are skipped. */
export function readGuestCart(c: Context<AppEnv>): CartLine[] {
  const raw = getCookie(c, CART_COOKIE) ?? "";
  const lines: CartLine[] = [];
  for (const part of raw.split("_").slice(0, CART_MAX_LINES)) {
    const m = /^(\d{1,9})\.(\d{1,3})\.(\d{1,12})$/.exec(part);
    if (!m) continue;
    const [productId, quantity, priceAtAdd] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (quantity >= 1 && !lines.some((l) => l.productId === productId)) {
      lines.push({ productId, quantity, priceAtAdd });
    }
  }
  return lines;
}

function writeGuestCart(c: Context<AppEnv>, lines: CartLine[]): void {
  if (lines.length === 0) {
    deleteCookie(c, CART_COOKIE, { path: "/" });
    return;
  }
  const value = lines.slice(0, CART_MAX_LINES).map((l) => `${l.productId}.${l.quantity}.${l.priceAtAdd}`)
    .join("_");
  setCookie(c, CART_COOKIE, value, {
    path: "/",
    httpOnly: true,
    sameSite: "Lax",
    secure: isSecureRequest(c),
    maxAge: CART_LIFETIME_S,
  });
}

/** The visitor's cart lines; a signed-in customer's guest cookie is joined into the account first. */
export async function cartLines(c: Context<AppEnv>): Promise<CartLine[]> {
  const user = c.get("user");
  if (!user) return readGuestCart(c);
  const guest = readGuestCart(c);
  if (guest.length > 0) {
    await mergeGuestCart(c.get("deps").db, user.id, guest);
    writeGuestCart(c, []);
  }
  return await userCartLines(readsOf(c), user.id);
}

/** The cart as the storefront shows it. */
export async function visitorCart(
  c: Context<AppEnv>,
  shop: Storefront,
  known?: CartLine[],
): Promise<CartJson> {
  const lines = known ?? await cartLines(c);
  const rows = await productsByIds(readsOf(c), lines.map((l) => l.productId));
  return cartJson(lines, rows, shop);
}

/** Adds a product (or sets its quantity); the price at add is the product's price now. The new lines. */
export async function changeCart(
  c: Context<AppEnv>,
  productId: number,
  quantity: number,
  mode: "add" | "set",
): Promise<CartLine[]> {
  const { db } = c.get("deps");
  const user = c.get("user");
  const product = await findProduct(readsOf(c), productId);
  const lines = await cartLines(c);
  const existing = lines.find((l) => l.productId === productId);
  if (!product || (!product.isActive && !existing)) throw notFound("Товар не найден");
  if (mode === "set" && !existing) throw notFound("Этого товара нет в корзине");
  if (!product.isActive && mode === "add") throw new ApiError(409, "Товар больше не продаётся");
  const line = { productId, quantity, priceAtAdd: existing?.priceAtAdd ?? product.price };
  if (user) {
    await saveUserCartLine(db, user.id, line, mode);
    return await userCartLines(readsOf(c), user.id);
  }
  if (!existing && lines.length >= CART_MAX_LINES) {
    throw new ApiError(409, "В корзине не больше 50 разных товаров");
  }
  const next = existing
    ? lines.map((l) =>
      l.productId === productId
        ? { ...l, quantity: mode === "add" ? Math.min(999, l.quantity + quantity) : quantity }
        : l
    )
    : [...lines, line];
  writeGuestCart(c, next);
  return next;
}

/** The buyer confirms a changed price: the line keeps the product's price now. The new lines. */
export async function confirmCartPrice(c: Context<AppEnv>, productId: number): Promise<CartLine[]> {
  const { db } = c.get("deps");
  const user = c.get("user");
  const lines = await cartLines(c);
  if (!lines.some((l) => l.productId === productId)) throw notFound("Этого товара нет в корзине");
  const product = await findProduct(readsOf(c), productId);
  if (!product || !product.isActive) throw new ApiError(409, "Товар больше не продаётся");
  if (user) {
    await setUserCartPrice(db, user.id, productId, product.price);
    return await userCartLines(readsOf(c), user.id);
  }
  const next = lines.map((l) => l.productId === productId ? { ...l, priceAtAdd: product.price } : l);
  writeGuestCart(c, next);
  return next;
}

export async function removeFromCart(c: Context<AppEnv>, productId: number): Promise<CartLine[]> {
  const user = c.get("user");
  if (user) {
    await cartLines(c);
    await removeUserCartLine(c.get("deps").db, user.id, productId);
    return await userCartLines(readsOf(c), user.id);
  }
  const next = readGuestCart(c).filter((l) => l.productId !== productId);
  writeGuestCart(c, next);
  return next;
}

/** After a guest's order: the ordered lines leave the cookie. */
export function dropGuestLines(c: Context<AppEnv>, productIds: number[]): void {
  if (c.get("user")) return;
  writeGuestCart(c, readGuestCart(c).filter((l) => !productIds.includes(l.productId)));
}
