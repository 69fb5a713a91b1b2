// The storefront's text pages: contacts, questions and answers, the installation service; and the sitemap.
import { PhoneLink } from "../../components/PhoneLink.tsx";
import type { Context } from "hono";
import { listShops, type Storefront } from "../../db/shop.ts";
import { sitemapProducts } from "../../db/shop.ts";
import { DELIVERY_COST } from "../../domain/shop.ts";
import { FREE_DELIVERY_KM } from "../../estimating/mod.ts";
import type { AppEnv } from "../../server/types.ts";
import { JsonLd, renderShopPage, rub } from "./_shell.tsx";

export function contactsPage(c: Context<AppEnv>, shop: Storefront) {
  const s = shop.settings;
  return renderShopPage(c, shop, {
    title: "Контакты",
    description: `Контакты магазина «${s.storeName}»: телефон, e-mail, доставка и монтаж.`,
    active: "contacts",
    head: (
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "Organization",
          name: shop.companyName,
          ...(s.contactPhone ? { telephone: s.contactPhone } : {}),
          ...(s.contactEmail ? { email: s.contactEmail } : {}),
        }}
      />
    ),
    body: (
      <section className="shop-narrow">
        <h1>Контакты</h1>
        <div className="card">
          <dl className="details">
            <dt>Продавец</dt>
            <dd>{shop.companyName}</dd>
            {s.contactPhone && (
              <>
                <dt>Телефон</dt>
                <dd>
                  <PhoneLink phone={s.contactPhone} />
                </dd>
              </>
            )}
            {s.supportPhone && (
              <>
                <dt>Служба поддержки</dt>
                <dd>
                  <PhoneLink phone={s.supportPhone} />
                </dd>
              </>
            )}
            {s.contactEmail && (
              <>
                <dt>E-mail</dt>
                <dd>
                  <a href={`mailto:${s.contactEmail}`}>{s.contactEmail}</a>
                </dd>
              </>
            )}
            <dt>Доставка</dt>
            <dd>
              По Москве и Московской области — {rub(DELIVERY_COST / 100)}
              {s.freeShippingThreshold !== null
                ? `, бесплатно при заказе от ${rub(s.freeShippingThreshold / 100)}`
                : ""}.
            </dd>
          </dl>
        </div>
      </section>
    ),
  });
}

const faq = (shop: Storefront): [string, string][] => [
  [
    "Как выбрать станцию по числу жильцов?",
    "Станция должна очищать не меньше 200 литров в сутки на каждого постоянного жильца и принимать залповый " +
    "сброс — около 40 литров на каждого, кто бывает в доме в часы пик. Калькулятор подбора считает это за вас.",
  ],
  [
    "Чем станция лучше выгребной ямы?",
    "Яму на семью из четырёх человек приходится откачивать несколько раз в месяц. Станция очищает стоки на 95–98 % " +
    "и сбрасывает чистую воду в грунт или канаву; ил откачивают при сервисе раз в полгода. Сравните расходы в " +
    "калькуляторе экономии.",
  ],
  [
    "Что делать при глине или высоких грунтовых водах?",
    "Выбирайте станцию с принудительным отводом (в названии «Пр», «ПРО», «Плюс»): встроенный насос откачает " +
    "очищенную воду туда, где она уйдёт.",
  ],
  [
    "Сколько стоит доставка?",
    `По Московской области — ${rub(DELIVERY_COST / 100)}` +
    (shop.settings.freeShippingThreshold !== null
      ? `, а при заказе от ${rub(shop.settings.freeShippingThreshold / 100)} — бесплатно.`
      : "."),
  ],
  [
    "Как оплатить заказ?",
    "Оплата при получении: наличными или переводом по счёту. Менеджер подтвердит заказ по телефону.",
  ],
  [
    "Можно ли отменить заказ?",
    "Да, пока заказ не отгружен со склада: позвоните менеджеру, и товар вернётся на склад.",
  ],
];

export function faqPage(c: Context<AppEnv>, shop: Storefront) {
  const items = faq(shop);
  return renderShopPage(c, shop, {
    title: "Вопросы и ответы",
    description: "Ответы на частые вопросы о выборе, доставке и монтаже станций биологической очистки.",
    active: "faq",
    head: (
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "FAQPage",
          mainEntity: items.map(([q, a]) => ({
            "@type": "Question",
            name: q,
            acceptedAnswer: { "@type": "Answer", text: a },
          })),
        }}
      />
    ),
    body: (
      <section className="shop-narrow">
        <h1>Вопросы и ответы</h1>
        {items.map(([q, a]) => (
          <details key={q} className="card faq-item">
            <summary>{q}</summary>
            <p>{a}</p>
          </details>
        ))}
      </section>
    ),
  });
}

export function installationPage(c: Context<AppEnv>, shop: Storefront) {
  const s = shop.settings;
  const on = s.enableInstallationService;
  return renderShopPage(c, shop, {
    title: "Монтаж станций под ключ",
    description: "Монтаж станции биологической очистки под ключ: замер, смета, установка и пусконаладка.",
    active: "installation",
    body: (
      <section className="shop-narrow">
        <h1>Монтаж под ключ</h1>
        {!on && (
          <p className="notice notice-info">
            Сейчас магазин не принимает заказы на монтаж: станцию можно купить с доставкой.
          </p>
        )}
        <ol className="steps">
          <li>
            <strong>Заказ с монтажом.</strong>{" "}
            Отметьте «Нужен монтаж» при оформлении заказа — мы заведём объект и назначим замерщика.
          </li>
          <li>
            <strong>Замер на участке.</strong>{" "}
            Замерщик определит глубину трубы, грунт и уровень грунтовых вод.
          </li>
          <li>
            <strong>Смета.</strong>{" "}
            Смета по прайс-листу: котлован, песок, трубы, утепление и доставка (бесплатно в пределах{" "}
            {FREE_DELIVERY_KM} км от МКАД).
          </li>
          <li>
            <strong>Установка за 1 день.</strong>{" "}
            Бригада ставит станцию, подключает трубы и электричество, запускает.
          </li>
        </ol>
        <p>
          <a className="btn btn-primary" href={s.enableCalculator ? `${shop.base}/calculator` : shop.base}>
            Подобрать станцию
          </a>
        </p>
      </section>
    ),
  });
}

/** /sitemap.xml: every storefront's pages and products. */
export async function sitemap(c: Context<AppEnv>) {
  const { db, env } = c.get("deps");
  const origin = env.PUBLIC_URL?.replace(/\/$/, "") ?? new URL(c.req.url).origin;
  const shops = await listShops(db);
  const main = shops.find((s) => s.companyId === env.SHOP_COMPANY_ID) ?? shops[0];
  const baseOf = (id: number | null) => (id === main?.companyId ? "/ruslos" : `/ruslos/c/${id}`);
  const urls: string[] = ["/economy-calculator"];
  for (const s of shops) {
    const base = baseOf(s.companyId);
    urls.push(base, `${base}/economy-calculator`, `${base}/contacts`, `${base}/faq`);
    if (s.settings.enableCalculator) urls.push(`${base}/calculator`);
    if (s.settings.enableInstallationService) urls.push(`${base}/installation`);
  }
  const products = await sitemapProducts(db, shops.map((s) => s.companyId));
  const entries = urls.map((u) => `<url><loc>${origin}${u}</loc></url>`);
  for (const p of products) {
    entries.push(
      `<url><loc>${origin}${baseOf(p.companyId)}/product/${encodeURIComponent(p.sku.toLowerCase())}</loc>` +
        `<lastmod>${p.updatedAt.toISOString().slice(0, 10)}</lastmod></url>`,
    );
  }
  c.header("Content-Type", "application/xml; charset=utf-8");
  return c.body(
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${
      entries.join("\n")
    }\n</urlset>\n`,
  );
}

export function robots(c: Context<AppEnv>) {
  const origin = c.get("deps").env.PUBLIC_URL?.replace(/\/$/, "") ?? new URL(c.req.url).origin;
  return c.text(
    `User-agent: *\nAllow: /ruslos\nAllow: /economy-calculator\nDisallow: /ruslos/cart\nDisallow: /ruslos/checkout\n` +
      `Disallow: /ruslos/orders\nDisallow: /api/\nSitemap: ${origin}/sitemap.xml\n`,
  );
}
