// /ruslos/product/{sku}: one product with its specifications, price, stock and «В корзину».
import type { Context } from "hono";
import { findStorefrontProduct, type Storefront } from "../../db/shop.ts";
import { findModel } from "../../estimating/mod.ts";
import { formatNumber } from "../../domain/format.ts";
import type { AppEnv } from "../../server/types.ts";
import { BuyButtons, JsonLd, renderShopNotFound, renderShopPage, rub } from "./_shell.tsx";
import { ProductPicture, StockBadge } from "./catalogue.tsx";

/** The specifications table: the catalogue entry's figures for a station, else the product's own. */
function specRows(p: NonNullable<Awaited<ReturnType<typeof findStorefrontProduct>>>): [string, string][] {
  const m = p.catalogueModelId ? findModel(p.catalogueModelId) : undefined;
  if (!m) return Object.entries(p.specifications);
  const d = m.dimensions;
  return [
    ["Производительность", `${formatNumber(m.capacity)} л/сут`],
    ["Залповый сброс", `${formatNumber(m.peakDischarge)} л`],
    ["Число проживающих", `до ${m.users} чел.`],
    ["Габариты (Д×Ш×В)", `${d.length}×${d.width}×${d.height} мм`],
    ["Вес", `${formatNumber(m.weight)} кг`],
    ["Глубина подключения подводящей трубы", `до ${formatNumber(m.maxDepthConnection)} мм`],
    ["Энергопотребление", m.energyConsumption],
    ["Отвод очищенной воды", m.discharge === "forced" ? "Принудительный (насос)" : "Самотёком"],
    ["Производитель", m.manufacturer],
    [
      "Монтаж под ключ",
      m.fullInstallationCost > 0 ? rub(m.fullInstallationCost) : "Рассчитывается индивидуально",
    ],
  ];
}

export async function productPage(c: Context<AppEnv>, shop: Storefront) {
  const p = await findStorefrontProduct(c.get("deps").db, shop.companyId, c.req.param("slug") ?? "");
  if (!p) {
    return renderShopNotFound(c, shop, {
      title: "Товар не найден",
      description: "Такого товара нет в каталоге.",
      hint: "Возможно, он снят с продажи.",
    });
  }
  const s = shop.settings;
  const model = p.catalogueModelId ? findModel(p.catalogueModelId) : undefined;
  const features = p.features.length > 0 ? p.features : model
    ? [
      `Очищает ${formatNumber(model.capacity)} л стоков в сутки — хватит семье до ${model.users} человек`,
      `Принимает залповый сброс до ${formatNumber(model.peakDischarge)} л — ванна и стирка одновременно`,
      model.discharge === "forced"
        ? "Встроенный насос отводит воду при глине и высоких грунтовых водах"
        : "Очищенная вода уходит самотёком, без насоса",
      "Без запаха и без вызова ассенизатора: ил откачивают при сервисе 1–2 раза в год",
    ]
    : [];
  const service = p.category === "installation" || p.category === "maintenance";
  const available = service || p.stockQuantity > 0;
  const description = p.shortDescription
    ? `${p.name}: ${p.shortDescription}. Цена ${rub(p.price)}, доставка и монтаж по Московской области.`
    : `${p.name} — цена ${rub(p.price)}, доставка и монтаж по Московской области.`;
  const url = `${shop.base}/product/${p.slug}`;
  return renderShopPage(c, shop, {
    title: p.name,
    description,
    active: "catalogue",
    head: (
      <>
        <link rel="canonical" href={url} />
        <JsonLd
          data={{
            "@context": "https://schema.org",
            "@type": "Product",
            name: p.name,
            sku: p.sku,
            description: p.description ?? p.shortDescription ?? description,
            ...(p.images.length ? { image: p.images } : {}),
            ...(p.brand ? { brand: { "@type": "Brand", name: p.brand } } : {}),
            offers: {
              "@type": "Offer",
              url,
              priceCurrency: s.currency,
              price: p.price.toFixed(2),
              availability: available ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
              seller: { "@type": "Organization", name: shop.companyName },
            },
          }}
        />
      </>
    ),
    body: (
      <article className="product">
        <nav className="crumbs" aria-label="Навигация">
          <a href={shop.base}>Каталог</a>
          {p.categoryName && <span>/ {p.categoryName}</span>}
        </nav>
        <div className="product-top">
          <div className="product-gallery">
            <ProductPicture p={p} large />
            {p.images.length > 1 && (
              <div className="product-thumbs">
                {p.images.slice(1).map((src) => <img key={src} src={src} alt={p.name} loading="lazy" />)}
              </div>
            )}
          </div>
          <div className="product-buy card">
            <h1>{p.name}</h1>
            <p className="muted">Артикул: {p.sku}{p.brand ? ` · ${p.brand}` : ""}</p>
            {p.shortDescription && <p>{p.shortDescription}</p>}
            <div className="price price-lg">
              <strong className="num">{rub(p.price)}</strong>
              {p.oldPrice && p.oldPrice > p.price && <s className="muted num">{rub(p.oldPrice)}</s>}
            </div>
            <StockBadge p={p} />
            <BuyButtons
              shop={shop}
              productId={p.id}
              available={available}
              installable={Boolean(model) && s.enableInstallationService}
              quantity
            />
            {s.enableCalculator && (
              <a className="btn btn-ghost" href={`${shop.base}/calculator`}>Подобрать установку</a>
            )}
          </div>
        </div>
        {features.length > 0 && (
          <section className="card">
            <h2>Преимущества</h2>
            <ul className="product-features">
              {features.map((f) => <li key={f}>{f}</li>)}
            </ul>
          </section>
        )}
        <section className="card">
          <h2>Характеристики</h2>
          <div className="table-wrap">
            <table className="table spec-table">
              <tbody>
                {specRows(p).map(([k, v]) => (
                  <tr key={k}>
                    <th scope="row">{k}</th>
                    <td>{v}</td>
                  </tr>
                ))}
                {p.dimensions && !model && (
                  <tr>
                    <th scope="row">Габариты</th>
                    <td>{p.dimensions}</td>
                  </tr>
                )}
              </tbody>
            </table>
          </div>
        </section>
        {p.description && (
          <section className="card">
            <h2>Описание</h2>
            {p.description.split(/\n{2,}/).map((para, i) => <p key={i}>{para}</p>)}
          </section>
        )}
      </article>
    ),
  });
}
