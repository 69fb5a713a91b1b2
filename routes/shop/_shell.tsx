// The storefront's frame: header with the store's name and colours, the shop's menu, the cart link, the
// footer with its contacts. Server-rendered without script; a page adds islands only where it acts.
import { telHref } from "../../components/PhoneLink.tsx";
import type { Context } from "hono";
import type { ReactNode } from "react";
import { renderPage } from "../../server/render.tsx";
import { storefrontOf, visitorCart } from "../../server/shop.ts";
import type { Storefront } from "../../db/shop.ts";
import { Icon } from "../../components/Icon.tsx";
import { EmptyState } from "../../components/Card.tsx";
import { notFoundPage } from "../_errors.tsx";
import shopPlaceholderPage from "../shop_placeholder.tsx";
import type { AppEnv } from "../../server/types.ts";
import { DataScript } from "../../components/DataScript.tsx";
import { Island } from "../../server/island.tsx";
import AddToCart from "../../islands/AddToCart.tsx";

/** '143 000 ₽' (whole roubles), '1 234,5 ₽'. */
export { formatRoubles as rub } from "../../domain/format.ts";

/** The storefront of a page's path: /ruslos… is the main shop, /ruslos/c/{id}… another company's. */
export async function pageStorefront(c: Context<AppEnv>): Promise<Storefront | null> {
  const raw = c.req.param("companyId");
  return await storefrontOf(c, raw ? Number(raw) : null);
}

/** `?shop={id}` for the API calls of a storefront that is not the main one. */
export const shopQuery = (shop: Storefront) => (shop.base === "/ruslos" ? "" : `?shop=${shop.companyId}`);

export interface ShopPage {
  title: string;
  description: string;
  body: ReactNode;
  /** The menu item to mark. */
  active?: string;
  head?: ReactNode;
  status?: 200 | 404;
}

export function shopMenu(shop: Storefront) {
  const s = shop.settings;
  return [
    { href: shop.base, label: "Каталог", key: "catalogue" },
    ...(s.enableCalculator
      ? [{ href: `${shop.base}/calculator`, label: "Подбор станции", key: "calculator" }]
      : []),
    { href: `${shop.base}/economy-calculator`, label: "Калькулятор экономии", key: "economy" },
    ...(s.enableInstallationService
      ? [{ href: `${shop.base}/installation`, label: "Монтаж", key: "installation" }]
      : []),
    { href: `${shop.base}/faq`, label: "Вопросы", key: "faq" },
    { href: `${shop.base}/contacts`, label: "Контакты", key: "contacts" },
  ];
}

/** Renders a storefront page in the shop's frame. */
export async function renderShopPage(c: Context<AppEnv>, shop: Storefront, page: ShopPage) {
  const s = shop.settings;
  const cart = await visitorCart(c, shop);
  const user = c.get("user");
  const style = {
    "--shop-primary": s.primaryColor,
    "--shop-secondary": s.secondaryColor,
    "--shop-accent": s.accentColor,
  } as React.CSSProperties;
  return renderPage(c, {
    title: page.title,
    siteName: s.storeName,
    description: page.description,
    head: page.head,
    bodyClass: "shop-page",
    body: (
      <div className="shop" style={style}>
        <header className="shop-head">
          <div className="shop-bar">
            <a className="shop-brand" href={shop.base}>
              <span className="shop-mark" aria-hidden="true">
                <Icon name="shop" size={20} />
              </span>
              <span>{s.storeName}</span>
            </a>
            <div className="shop-tools">
              {s.contactPhone && (
                <a className="shop-phone" href={telHref(s.contactPhone)}>
                  <Icon name="phone" size={18} />
                  <span>{s.contactPhone}</span>
                </a>
              )}
              {user
                ? (
                  <a className="shop-tool" href={`${shop.base}/orders`}>
                    <Icon name="user" size={18} />
                    <span>Мои заказы</span>
                  </a>
                )
                : (
                  <a className="shop-tool" href={`/login?next=${encodeURIComponent(c.req.path)}`}>
                    <Icon name="user" size={18} />
                    <span>Войти</span>
                  </a>
                )}
              <a
                className="shop-cart"
                href={`${shop.base}/cart`}
                aria-label={`Корзина, товаров: ${cart.count}`}
              >
                <Icon name="shop" size={18} />
                <span className="shop-cart-label">Корзина</span>
                <span className="shop-cart-count num">{cart.count}</span>
              </a>
            </div>
          </div>
          <nav className="shop-nav" aria-label="Разделы магазина">
            {shopMenu(shop).map((m) => (
              <a key={m.key} href={m.href} aria-current={m.key === page.active ? "page" : undefined}>
                {m.label}
              </a>
            ))}
            {user && user.role !== "user" && <a href="/">Рабочий кабинет</a>}
          </nav>
        </header>
        <main className="shop-main">{page.body}</main>
        <footer className="shop-foot">
          <div>
            <strong>{s.storeName}</strong>
            {s.storeDescription && <p>{s.storeDescription}</p>}
            <p className="muted">Продавец: {shop.companyName}</p>
          </div>
          <div>
            {s.contactPhone && <p>Телефон: {s.contactPhone}</p>}
            {s.supportPhone && <p>Поддержка: {s.supportPhone}</p>}
            {s.contactEmail && (
              <p>
                E-mail: <a href={`mailto:${s.contactEmail}`}>{s.contactEmail}</a>
              </p>
            )}
          </div>
        </footer>
      </div>
    ),
  }, page.status ?? 200);
}

/** A storefront page handler: 404 when the path names no shop. */
export function shopRoute(
  render: (c: Context<AppEnv>, shop: Storefront) => Promise<Response> | Response,
) {
  return async (c: Context<AppEnv>) => {
    const shop = await pageStorefront(c);
    // No company has a shop yet: the section says it opens soon; an unknown shop is not found.
    if (!shop) return c.req.param("companyId") ? notFoundPage(c) : shopPlaceholderPage(c);
    return render(c, shop);
  };
}

/** Structured data for search engines. */
export function JsonLd({ data }: { data: unknown }) {
  return <DataScript type="application/ld+json" json={JSON.stringify(data)} />;
}

/** «В корзину» (with a quantity where asked) and, for a product the shop installs, «В корзину с монтажом». */
export function BuyButtons({ shop, productId, available, installable, quantity }: {
  shop: Storefront;
  productId: number;
  available: boolean;
  /** A station, in a shop with the installation service. */
  installable: boolean;
  quantity?: boolean;
}) {
  const target = { productId, base: shop.base, query: shopQuery(shop) };
  return (
    <>
      <Island component={AddToCart} props={{ ...target, quantity, disabled: !available }} />
      {installable && available && (
        <Island component={AddToCart} props={{ ...target, withInstallation: true }} />
      )}
    </>
  );
}

/** A storefront page that is not there (404): an empty state (its text the title unless given), a way to the catalogue. */
export function renderShopNotFound(
  c: Context<AppEnv>,
  shop: Storefront,
  page: Omit<ShopPage, "body" | "status"> & {
    text?: string;
    hint: string;
    icon?: string;
    action?: ReactNode;
  },
) {
  const { text = page.title, hint, icon = "search", action, ...rest } = page;
  return renderShopPage(c, shop, {
    ...rest,
    status: 404,
    body: (
      <EmptyState
        icon={icon}
        text={text}
        hint={hint}
        action={action ?? <a className="btn btn-primary" href={shop.base}>В каталог</a>}
      />
    ),
  });
}
