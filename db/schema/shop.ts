import { check, index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";
import { bool, createdAt, id, inList, jsonText, kopecks, timestamp, updatedAt } from "./_columns.ts";
import { orderStatuses, productCategoryKinds } from "../../domain/enums.ts";
import { companies } from "./companies.ts";
import { users } from "./users.ts";
import { objects } from "./objects.ts";

export const productCategories = sqliteTable("product_categories", {
  id: id(),
  name: text("name").notNull(),
  description: text("description"),
  slug: text("slug", { length: 255 }).notNull(),
  imageUrl: text("image_url"),
  sortOrder: integer("sort_order").notNull().default(0),
  isActive: bool("is_active").notNull().default(true),
  isDemo: bool("is_demo").notNull().default(false),
  createdAt: createdAt(),
}, (t) => [uniqueIndex("product_categories_slug_idx").on(t.slug)]);

export const products = sqliteTable("products", {
  id: id(),
  companyId: integer("company_id").references(() => companies.id, { onDelete: "cascade" }),
  categoryId: integer("category_id").references(() => productCategories.id, { onDelete: "set null" }),
  name: text("name").notNull(),
  description: text("description"),
  shortDescription: text("short_description"),
  sku: text("sku", { length: 100 }).notNull(),
  price: kopecks("price").notNull(),
  oldPrice: kopecks("old_price"),
  category: text("category", { enum: productCategoryKinds }).notNull().default("bio_long"),
  specifications: jsonText<Record<string, string>>("products", "specifications", {}),
  images: jsonText<string[]>("products", "images", []).notNull().default(sql`'[]'`),
  features: jsonText<string[]>("products", "features", []).notNull().default(sql`'[]'`),
  capacity: integer("capacity"),
  dimensions: text("dimensions"),
  /** The treatment-unit catalogue id this product sells, when it is a station. */
  catalogueModelId: text("catalogue_model_id"),
  isActive: bool("is_active").notNull().default(true),
  isFeatured: bool("is_featured").notNull().default(false),
  stockQuantity: integer("stock_quantity").notNull().default(0),
  sortOrder: integer("sort_order").notNull().default(0),
  isDemo: bool("is_demo").notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex("products_sku_idx").on(t.sku),
  index("products_category_idx").on(t.categoryId, t.isActive, t.sortOrder),
  check("products_category_check", sql.raw(`category IN (${inList(productCategoryKinds)})`)),
]);

export const cartItems = sqliteTable("cart_items", {
  id: id(),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  productId: integer("product_id").notNull().references(() => products.id, { onDelete: "cascade" }),
  quantity: integer("quantity").notNull().default(1),
  priceAtAdd: kopecks("price_at_add").notNull(),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex("cart_items_user_product_idx").on(t.userId, t.productId),
  check("cart_items_quantity_check", sql`quantity >= 1`),
]);

export const orders = sqliteTable("orders", {
  id: id(),
  orderNumber: text("order_number", { length: 50 }).notNull(),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  companyId: integer("company_id").references(() => companies.id, { onDelete: "cascade" }),
  status: text("status", { enum: orderStatuses }).notNull().default("pending"),
  totalAmount: kopecks("total_amount").notNull(),
  discount: kopecks("discount").notNull().default(0),
  finalAmount: kopecks("final_amount").notNull(),
  customerName: text("customer_name").notNull(),
  customerEmail: text("customer_email").notNull(),
  customerPhone: text("customer_phone").notNull(),
  deliveryAddress: text("delivery_address").notNull(),
  deliveryCity: text("delivery_city").notNull(),
  deliveryRegion: text("delivery_region"),
  deliveryPostalCode: text("delivery_postal_code", { length: 20 }),
  deliveryNotes: text("delivery_notes"),
  needInstallation: bool("need_installation").notNull().default(false),
  installationAddress: text("installation_address"),
  installationNotes: text("installation_notes"),
  notes: text("notes"),
  managerNotes: text("manager_notes"),
  estimatedDeliveryDate: timestamp("estimated_delivery_date"),
  actualDeliveryDate: timestamp("actual_delivery_date"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  // Added by migration 0002 (ALTER TABLE appends columns, so they stand last here too).
  shippingCost: kopecks("shipping_cost").notNull().default(0),
  vatAmount: kopecks("vat_amount").notNull().default(0),
  /** The secret of a guest's private link to the order (/ruslos/orders/{number}?key=…). */
  accessKey: text("access_key"),
  /** The client site created for an order with installation. */
  objectId: integer("object_id").references(() => objects.id, { onDelete: "set null" }),
}, (t) => [
  // Numbered per company and year (db/document_numbers.ts), so unique within the company.
  uniqueIndex("orders_number_idx").on(t.companyId, t.orderNumber),
  index("orders_user_idx").on(t.userId, t.createdAt),
  index("orders_company_idx").on(t.companyId, t.createdAt),
  check("orders_status_check", sql.raw(`status IN (${inList(orderStatuses)})`)),
]);

export const orderItems = sqliteTable("order_items", {
  id: id(),
  orderId: integer("order_id").notNull().references(() => orders.id, { onDelete: "cascade" }),
  productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
  quantity: integer("quantity").notNull(),
  pricePerUnit: kopecks("price_per_unit").notNull(),
  totalPrice: kopecks("total_price").notNull(),
  productName: text("product_name").notNull(),
  productSku: text("product_sku"),
}, (t) => [index("order_items_order_idx").on(t.orderId)]);

export const shopSettings = sqliteTable("shop_settings", {
  id: id(),
  companyId: integer("company_id").references(() => companies.id, { onDelete: "cascade" }),
  storeName: text("store_name").notNull(),
  storeDescription: text("store_description"),
  logoUrl: text("logo_url"),
  primaryColor: text("primary_color", { length: 7 }).notNull().default("#dc2626"),
  secondaryColor: text("secondary_color", { length: 7 }).notNull().default("#2563eb"),
  accentColor: text("accent_color", { length: 7 }).notNull().default("#16a34a"),
  contactEmail: text("contact_email"),
  contactPhone: text("contact_phone"),
  supportPhone: text("support_phone"),
  currency: text("currency", { length: 3 }).notNull().default("RUB"),
  /** Percent with two decimals, e.g. 20.00. */
  taxRate: real("tax_rate").notNull().default(0),
  freeShippingThreshold: kopecks("free_shipping_threshold"),
  enableGuestCheckout: bool("enable_guest_checkout").notNull().default(true),
  enableInstallationService: bool("enable_installation_service").notNull().default(true),
  enableCalculator: bool("enable_calculator").notNull().default(true),
  updatedAt: updatedAt(),
}, (t) => [uniqueIndex("shop_settings_company_idx").on(t.companyId)]);
