// The storefront's routes: the main shop at /ruslos, every other company's at /ruslos/c/{companyId}.
import type { Context } from "hono";
import type { AppEnv } from "../../server/types.ts";
import { renderPage } from "../../server/render.tsx";
import { cataloguePage } from "./catalogue.tsx";
import { productPage } from "./product.tsx";
import { cartPage, checkoutPage, myOrdersPage, orderPage } from "./orders.tsx";
import { contactsPage, faqPage, installationPage, robots, sitemap } from "./info.tsx";
import { calculatorPage, economyPage, shopEconomyPage } from "./calculators.tsx";
import { pageStorefront, shopRoute } from "./_shell.tsx";

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

export const shopPageRoutes = [
  ...["/ruslos", "/ruslos/c/:companyId{[0-9]+}"].flatMap((prefix) =>
    Object.entries(pages).map(([path, page]) => ({ path: prefix + path, handler: shopRoute(page) }))
  ),
  { path: "/economy-calculator", handler: publicEconomyPage },
  { path: "/sitemap.xml", handler: sitemap },
  { path: "/robots.txt", handler: robots },
];
