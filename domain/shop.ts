// The shop's rules shared by the server, the pages and the islands: payloads (zod/mini, the objects and shop
// spec's «Validation rules» messages), order statuses and their transitions (the objects and shop spec's
// «States and transitions»), the order totals, and the API's JSON types.
import * as z from "zod/mini";
import { lenientQuery } from "./lenient_query.ts";
import {
  boundedInt,
  isRecordId,
  MAX_PAGE,
  MAX_PRODUCT_PRICE_ROUBLES,
  MAX_QUANTITY,
  optionalCalendarDate,
  recordId,
} from "./bounds.ts";
import { orderStatuses, productCategoryKinds, type Role } from "./enums.ts";

export type OrderStatus = typeof orderStatuses[number];
export { orderStatuses };

export const orderStatusLabels: Record<OrderStatus, string> = {
  pending: "Новый",
  confirmed: "Подтверждён",
  in_production: "В производстве",
  ready_for_delivery: "Готов к отгрузке",
  shipped: "Отгружен",
  delivered: "Доставлен",
  completed: "Выполнен",
  cancelled: "Отменён",
};

/** What the customer is told on the order's page at each status: the call to confirm only while it is new. */
export function orderNextStep(status: OrderStatus, phone: string): string {
  switch (status) {
    case "pending":
      return `Менеджер позвонит по телефону ${phone}, чтобы подтвердить заказ.`;
    case "confirmed":
      return "Заказ подтверждён. Мы напишем, когда он будет готов к отгрузке.";
    case "in_production":
      return "Заказ в производстве. Мы напишем, когда он будет готов к отгрузке.";
    case "ready_for_delivery":
      return "Заказ готов к отгрузке. Менеджер согласует с вами дату доставки.";
    case "shipped":
      return "Заказ отгружен и едет к вам.";
    case "delivered":
      return "Заказ доставлен. Спасибо за покупку!";
    case "completed":
      return "Заказ выполнен. Спасибо за покупку!";
    case "cancelled":
      return "Заказ отменён. Если это ошибка, позвоните нам.";
  }
}

/**
 * The forward chain of the objects and shop spec's «States and transitions» (the statuses in their order,
 * cancelling aside); one step at a time.
 */
const chain: readonly OrderStatus[] = orderStatuses.filter((s) => s !== "cancelled");

/** An order may be cancelled until it leaves the warehouse. */
export function canCancel(status: OrderStatus): boolean {
  const i = chain.indexOf(status);
  return i >= 0 && i < chain.indexOf("shipped");
}

/** The statuses an order may move to from `status`: the next step, and cancelled before shipping. */
export function nextStatuses(status: OrderStatus): OrderStatus[] {
  const i = chain.indexOf(status);
  const next: OrderStatus[] = i >= 0 && i < chain.length - 1 ? [chain[i + 1]] : [];
  if (canCancel(status)) next.push("cancelled");
  return next;
}

/** Who manages a company's shop: its orders and products. */
export const shopStaffRoles: readonly Role[] = ["system_admin", "company_admin", "manager"];

/** Categories whose products are services: no stock is kept or decremented for them. */
export const serviceKinds: readonly string[] = ["installation", "maintenance"];

/** Flat delivery in the Moscow region, kopecks; free from the shop's free-shipping threshold. */
export const DELIVERY_COST = 500_000;

export interface TotalsLine {
  /** Kopecks per unit, what the customer pays. */
  price: number;
  /** Kopecks per unit before the reduction, when the product shows an old price. */
  oldPrice: number | null;
  quantity: number;
}

export interface OrderTotals {
  /** Σ list price (old price when higher) × quantity. */
  totalAmount: number;
  /** Σ (old price − price) × quantity. */
  discount: number;
  shippingCost: number;
  vatAmount: number;
  /** totalAmount − discount + shippingCost + vatAmount. */
  finalAmount: number;
}

/**
 * The order's money, all in kopecks: goods at their list price, the reduction from old prices as the
 * discount, delivery free from the threshold (on the goods after discount), VAT at the shop's rate on top.
 */
export function orderTotals(
  lines: readonly TotalsLine[],
  settings: { taxRate: number; freeShippingThreshold: number | null },
): OrderTotals {
  let totalAmount = 0;
  let discount = 0;
  for (const l of lines) {
    const list = l.oldPrice !== null && l.oldPrice > l.price ? l.oldPrice : l.price;
    totalAmount += list * l.quantity;
    discount += (list - l.price) * l.quantity;
  }
  const goods = totalAmount - discount;
  const free = settings.freeShippingThreshold !== null && goods >= settings.freeShippingThreshold;
  const shippingCost = lines.length === 0 || free ? 0 : DELIVERY_COST;
  const vatAmount = Math.round((goods + shippingCost) * settings.taxRate / 100);
  return { totalAmount, discount, shippingCost, vatAmount, finalAmount: goods + shippingCost + vatAmount };
}

// ---- Payloads ----

const toNull = (v: string) => (v === "" ? null : v);
const emailRe = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const required = (message: string, max = 500) =>
  z.string({ error: message }).check(
    z.trim(),
    z.minLength(1, message),
    z.maxLength(max, `Не более ${max} символов`),
  );

const optionalText = (max = 2000) =>
  z.optional(z.nullable(z.pipe(
    z.string().check(z.trim(), z.maxLength(max, `Не более ${max} символов`)),
    z.transform(toNull),
  )));

const QUANTITY_MESSAGE = "Количество должно быть больше 0";
const quantity = z.pipe(
  z.union([z.number(QUANTITY_MESSAGE), z.string(QUANTITY_MESSAGE)]),
  z.transform((v: number | string) => Number(v)),
).check(
  z.refine((v) => Number.isInteger(v) && v >= 1, QUANTITY_MESSAGE),
  z.refine((v) => v <= 999, "Не более 999 штук"),
);

/** POST /api/shop/cart */
export const cartAddSchema = z.object({
  productId: z.number("Выберите товар").check(z.refine(isRecordId, "Выберите товар")),
  quantity: z._default(quantity, 1),
});
export type CartAddInput = z.infer<typeof cartAddSchema>;

/** PATCH /api/shop/cart/{productId} */
export const cartQuantitySchema = z.object({ quantity });

/** POST /api/shop/orders: the checkout form. The items come from the cart. */
export const checkoutSchema = z.object({
  customerName: required("Имя покупателя обязательно", 200),
  customerEmail: z.pipe(
    z.string({ error: "Введите корректный email" }).check(
      z.trim(),
      z.refine((v) => emailRe.test(v), "Введите корректный email"),
      z.maxLength(255, "Не более 255 символов"),
    ),
    z.transform((v: string) => v.toLowerCase()),
  ),
  customerPhone: required("Телефон обязателен", 50),
  deliveryAddress: required("Адрес доставки обязателен"),
  deliveryCity: required("Город доставки обязателен", 200),
  deliveryRegion: optionalText(200),
  deliveryPostalCode: optionalText(20),
  deliveryNotes: optionalText(),
  needInstallation: z._default(z.boolean(), false),
  /** Where to install; the delivery address when empty. */
  installationAddress: optionalText(),
  installationNotes: optionalText(),
  notes: optionalText(),
});
export type CheckoutInput = z.infer<typeof checkoutSchema>;

/** 'YYYY-MM-DD' from a date input (a real calendar day), or empty for none. */
const dateOnly = optionalCalendarDate("Укажите дату");

/** PATCH /api/orders/{id}: the manager's changes. */
export const orderPatchSchema = z.object({
  status: z.optional(z.enum(orderStatuses, "Неизвестный статус")),
  managerNotes: optionalText(5000),
  estimatedDeliveryDate: dateOnly,
  actualDeliveryDate: dateOnly,
});
export type OrderPatchInput = z.infer<typeof orderPatchSchema>;

const slugRe = /^[a-z0-9][a-z0-9-]*$/;

/** POST/PATCH /api/shop/manage/categories */
export const categorySchema = z.object({
  name: required("Название обязательно", 255),
  slug: z.string({ error: "Slug обязателен" }).check(
    z.trim(),
    z.minLength(1, "Slug обязателен"),
    z.maxLength(255, "Не более 255 символов"),
    z.refine((v) => v === "" || slugRe.test(v), "Только латинские буквы, цифры и дефис"),
  ),
  description: optionalText(),
  sortOrder: z._default(z.number().check(z.int(), z.gte(-MAX_QUANTITY), z.lte(MAX_QUANTITY)), 0),
  isActive: z._default(z.boolean(), true),
});
export type CategoryInput = z.infer<typeof categorySchema>;

/** A price in roubles up to MAX_PRODUCT_PRICE_ROUBLES: a number, or a string such as '125 000,50'. */
const roubles = (message: string) =>
  z.pipe(
    z.union([z.number(message), z.string(message)], { error: message }),
    z.transform((v: number | string) =>
      typeof v === "number" ? v : Number(v.replace(/[\s\u00a0₽]/g, "").replace(",", "."))
    ),
  ).check(
    z.refine((v) => Number.isFinite(v) && v >= 0, message),
    z.refine((v) => !(v > MAX_PRODUCT_PRICE_ROUBLES), "Цена не больше 100 млн ₽"),
  );

/** POST/PATCH /api/shop/manage/products (prices in roubles). */
export const productSchema = z.object({
  name: required("Название товара обязательно", 255),
  sku: required("Артикул обязателен", 100),
  categoryId: z.nullable(recordId("Выберите категорию")),
  category: z._default(z.enum(productCategoryKinds), "bio_long"),
  price: roubles("Укажите цену"),
  oldPrice: z.optional(z.nullable(roubles("Укажите цену"))),
  shortDescription: optionalText(500),
  description: optionalText(10000),
  /** Left out: an edit keeps the product's own. */
  features: z.optional(z.array(z.string().check(z.trim(), z.maxLength(300)))),
  specifications: z.optional(z.record(z.string(), z.string())),
  capacity: z.optional(z.nullable(z.number().check(z.int(), z.gte(0), z.lte(10_000)))),
  dimensions: optionalText(100),
  stockQuantity: z._default(
    z.number("Укажите остаток").check(z.int(), z.gte(0, "Не меньше 0"), z.lte(MAX_QUANTITY)),
    0,
  ),
  isActive: z._default(z.boolean(), true),
  isFeatured: z._default(z.boolean(), false),
});
export type ProductInput = z.infer<typeof productSchema>;

// ---- The catalogue query ----

export const catalogueSorts = {
  popular: "Сначала популярные",
  price_asc: "Сначала дешевле",
  price_desc: "Сначала дороже",
  capacity: "По числу проживающих",
  name: "По названию",
} as const;
export type CatalogueSort = keyof typeof catalogueSorts;

export const CATALOGUE_PAGE_SIZE = 24;

export interface CatalogueQuery {
  category: string | null;
  brand: string | null;
  persons: number | null;
  priceMin: number | null;
  priceMax: number | null;
  q: string | null;
  sort: CatalogueSort;
  page: number;
  pageSize: number;
}

/** A filter's number, null when unreadable or past what any product could have (a price filter is roubles). */
const positive = (v: string | undefined): number | null => {
  if (!v) return null;
  const n = Number(v.replace(/[\s\u00a0]/g, "").replace(",", "."));
  return Number.isFinite(n) && n >= 0 && n <= MAX_PRODUCT_PRICE_ROUBLES ? n : null;
};

/** Reads the catalogue's URL query leniently: anything unreadable is "not filtered". Prices in roubles. */
export function readCatalogueQuery(q: Record<string, string | undefined>): CatalogueQuery {
  const sort = (q.sort && q.sort in catalogueSorts ? q.sort : "popular") as CatalogueSort;
  const page = boundedInt(q.page, 1, MAX_PAGE, 1);
  const size = boundedInt(q.pageSize, 1, 100, CATALOGUE_PAGE_SIZE);
  return {
    category: q.category?.trim() || null,
    brand: q.brand?.trim() || null,
    persons: positive(q.persons),
    priceMin: positive(q.priceMin),
    priceMax: positive(q.priceMax),
    q: q.q?.trim().slice(0, 100) || null,
    sort,
    page,
    pageSize: size,
  };
}

/** validate("query", catalogueQuerySchema): the catalogue's filters, sort and page. */
export const catalogueQuerySchema = lenientQuery(readCatalogueQuery);

// ---- The API's JSON ----

export interface ProductJson {
  id: number;
  companyId: number | null;
  categoryId: number | null;
  categoryName: string | null;
  name: string;
  /** The product page's address part: the SKU in lower case. */
  slug: string;
  sku: string;
  description: string | null;
  shortDescription: string | null;
  /** Roubles. */
  price: number;
  oldPrice: number | null;
  category: typeof productCategoryKinds[number];
  specifications: Record<string, string>;
  images: string[];
  features: string[];
  capacity: number | null;
  dimensions: string | null;
  catalogueModelId: string | null;
  brand: string | null;
  persons: number | null;
  isActive: boolean;
  isFeatured: boolean;
  stockQuantity: number;
  inStock: boolean;
}

export interface CategoryJson {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  sortOrder: number;
  isActive: boolean;
  productCount?: number;
}

export interface CartLineJson {
  productId: number;
  name: string;
  slug: string;
  sku: string;
  quantity: number;
  /** Roubles, now. */
  price: number;
  oldPrice: number | null;
  /** Roubles, when added. */
  priceAtAdd: number;
  priceChanged: boolean;
  /** The product was removed or hidden. */
  unavailable: boolean;
  /** Fewer in stock than wanted (0 when none). */
  outOfStock: boolean;
  stockQuantity: number;
  companyId: number | null;
}

export interface CartJson {
  items: CartLineJson[];
  /** Roubles, the lines that can be ordered. */
  totals: {
    totalAmount: number;
    discount: number;
    shippingCost: number;
    vatAmount: number;
    finalAmount: number;
  };
  count: number;
  problems: string[];
}

export interface OrderItemJson {
  productId: number | null;
  productName: string;
  productSku: string | null;
  quantity: number;
  pricePerUnit: number;
  totalPrice: number;
}

export interface OrderJson {
  id: number;
  orderNumber: string;
  companyId: number | null;
  userId: number | null;
  status: OrderStatus;
  statusLabel: string;
  nextStatuses: OrderStatus[];
  /** Roubles. */
  totalAmount: number;
  discount: number;
  shippingCost: number;
  vatAmount: number;
  finalAmount: number;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  deliveryAddress: string;
  deliveryCity: string;
  deliveryRegion: string | null;
  deliveryPostalCode: string | null;
  deliveryNotes: string | null;
  needInstallation: boolean;
  installationAddress: string | null;
  installationNotes: string | null;
  notes: string | null;
  managerNotes?: string | null;
  estimatedDeliveryDate: string | null;
  actualDeliveryDate: string | null;
  objectId: number | null;
  createdAt: string;
  updatedAt: string;
  items: OrderItemJson[];
}
