// The storefront's routes: the main shop at /ruslos, every other company's at /ruslos/c/{companyId}.
import type { Context, Handler } from "hono";
import type { AppEnv } from "../../server/types.ts";
import { renderPage } from "../../server/render.tsx";
import { cataloguePage } from "./catalogue.tsx";
import { productPage } from "./product.tsx";
import { cartPage, checkoutPage, myOrdersPage, orderPage } from "./orders.tsx";
import { contactsPage, faqPage, installationPage, robots, sitemap } from "./info.tsx";
import { calculatorPage, economyPage, shopEconomyPage } from "./calculators.tsx";
import { pageStorefront, shopRoute } from "./_shell.tsx";
import type { CacheRule } from "../../server/page_cache.ts";
import { CART_COOKIE } from "../../server/shop.ts";

const pages = {
  "": cataloguePage,
  "/product/:slug": productPage,
  "/calculator": calculatorPage,
  "/cart": cartPage,
  "/checkout": checkoutPage,
  "/contacts": contactsPage,
  "/faq": faqPage,
  "/installation": installationPage,
  "/economy-calculator": shopEconomyPage,
  "/orders": myOrdersPage,
  "/orders/:number": orderPage,
};

/** /economy-calculator: in the main shop's frame, or on its own when no company has a shop. */
async function publicEconomyPage(c: Context<AppEnv>) {
  const shop = await pageStorefront(c);
  if (shop) return shopEconomyPage(c, shop);
  const { body } = economyPage(c, null);
  return renderPage(c, {
    title: "Калькулятор экономии",
    bodyClass: "shop-page",
    body: <main className="shop-main">{body}</main>,
  });
}

/**
 * Storefront pages every signed-out visitor without a guest cart gets alike: one cached copy serves them all
 * (server/page_cache.ts) until a product, a price, the stock or the shop's settings change.
 */
const storefrontCache: CacheRule = {
  tables: ["companies", "shop_settings", "products", "product_categories"],
  sharedUnless: [CART_COOKIE],
};
const cached: Partial<Record<keyof typeof pages, CacheRule>> = {
  "": storefrontCache,
  "/product/:slug": storefrontCache,
  "/calculator": storefrontCache,
  "/economy-calculator": storefrontCache,
};

export const shopPageRoutes: { path: string; handler: Handler<AppEnv>; cache?: CacheRule }[] = [
  ...["/ruslos", "/ruslos/c/:companyId{[0-9]+}"].flatMap((prefix) =>
    Object.entries(pages).map(([path, page]) => ({
      path: prefix + path,
      handler: shopRoute(page),
      cache: cached[path as keyof typeof pages],
    }))
  ),
  { path: "/economy-calculator", handler: publicEconomyPage, cache: storefrontCache },
  { path: "/sitemap.xml", handler: sitemap },
  { path: "/robots.txt", handler: robots },
];
