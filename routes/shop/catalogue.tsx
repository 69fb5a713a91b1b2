// /ruslos: the catalogue. Filters are a plain GET form, so the page works and is indexed without script.
import { pageLinks, Pagination } from "../../components/Pagination.tsx";
import type { Context } from "hono";
import type { Storefront } from "../../db/shop.ts";
import { catalogueBrands, listCatalogue, storefrontCategories } from "../../db/shop.ts";
import {
  type CatalogueQuery,
  catalogueSorts,
  type ProductJson,
  readCatalogueQuery,
} from "../../domain/shop.ts";
import { countOf } from "../../domain/format.ts";
import type { AppEnv } from "../../server/types.ts";
import { EmptyState } from "../../components/Card.tsx";
import { JsonLd, renderShopPage, rub } from "./_shell.tsx";

const productForms = ["товар", "товара", "товаров"] as const;

export function ProductCard({ p, base }: { p: ProductJson; base: string }) {
  const href = `${base}/product/${p.slug}`;
  return (
    <article className="product-card">
      <a className="product-card-link" href={href}>
        <ProductPicture p={p} />
        <h3>{p.name}</h3>
      </a>
      {p.shortDescription && <p className="muted product-card-text">{p.shortDescription}</p>}
      <div className="product-card-foot">
        <div className="price">
          <strong className="num">{rub(p.price)}</strong>
          {p.oldPrice && p.oldPrice > p.price && <s className="muted num">{rub(p.oldPrice)}</s>}
        </div>
        <StockBadge p={p} />
      </div>
    </article>
  );
}

export function StockBadge({ p }: { p: ProductJson }) {
  if (p.category === "installation" || p.category === "maintenance") {
    return <span className="stock stock-service">Услуга</span>;
  }
  return p.stockQuantity > 0
    ? <span className="stock stock-in">В наличии: {p.stockQuantity} шт.</span>
    : <span className="stock stock-out">Нет в наличии</span>;
}

/** The product's first image, or a drawing of a station body with its capacity. */
export function ProductPicture({ p, large }: { p: ProductJson; large?: boolean }) {
  if (p.images[0]) {
    return (
      <img className="product-picture" src={p.images[0]} alt={p.name} loading={large ? "eager" : "lazy"} />
    );
  }
  return (
    <div className={large ? "product-picture product-picture-lg" : "product-picture"} aria-hidden="true">
      <svg viewBox="0 0 120 90" width="100%" height="100%">
        <rect x="30" y="14" width="60" height="66" rx="8" fill="var(--shop-secondary)" opacity="0.14" />
        <rect
          x="30"
          y="14"
          width="60"
          height="66"
          rx="8"
          fill="none"
          stroke="var(--shop-secondary)"
          strokeWidth="2"
        />
        <rect x="48" y="6" width="24" height="10" rx="2" fill="var(--shop-secondary)" opacity="0.5" />
        <path d="M14 40h16M90 56h16" stroke="var(--gray-400)" strokeWidth="4" />
        {p.capacity && (
          <text x="60" y="52" textAnchor="middle" fontSize="9" fill="var(--gray-700)">
            {p.capacity} л/сут
          </text>
        )}
      </svg>
    </div>
  );
}

function pageLink(base: string, q: CatalogueQuery, page: number) {
  const params = new URLSearchParams();
  if (q.category) params.set("category", q.category);
  if (q.brand) params.set("brand", q.brand);
  if (q.persons) params.set("persons", String(q.persons));
  if (q.priceMin !== null) params.set("priceMin", String(q.priceMin));
  if (q.priceMax !== null) params.set("priceMax", String(q.priceMax));
  if (q.q) params.set("q", q.q);
  if (q.sort !== "popular") params.set("sort", q.sort);
  if (page > 1) params.set("page", String(page));
  const s = params.toString();
  return s ? `${base}?${s}` : base;
}

export async function cataloguePage(c: Context<AppEnv>, shop: Storefront) {
  const { db } = c.get("deps");
  const q = readCatalogueQuery(c.req.query());
  const [{ items, total }, categories] = await Promise.all([
    listCatalogue(db, shop.companyId, q),
    storefrontCategories(db, shop.companyId),
  ]);
  const pages = Math.max(1, Math.ceil(total / q.pageSize));
  const current = categories.find((x) => x.slug === q.category);
  const title = current ? current.name : "Станции биологической очистки и септики";
  const s = shop.settings;
  const filtered = q.brand || q.persons || q.priceMin !== null || q.priceMax !== null || q.q;
  // The same filters twice: folded above the list on a phone, beside it on a desktop (CSS shows one).
  const filters = (id: string, className: string) => (
    <FiltersForm id={id} className={className} base={shop.base} q={q} filtered={Boolean(filtered)} />
  );
  return renderShopPage(c, shop, {
    title: q.page > 1 ? `${title}, страница ${q.page}` : title,
    description: `${title} в магазине «${s.storeName}»: ${countOf(total, productForms)} с ценами, ` +
      `наличием и монтажом под ключ по Московской области.`,
    active: "catalogue",
    head: (
      <>
        <link rel="canonical" href={pageLink(shop.base, { ...q, sort: "popular" }, q.page)} />
        <JsonLd
          data={{
            "@context": "https://schema.org",
            "@type": "ItemList",
            name: title,
            numberOfItems: total,
            itemListElement: items.map((p, i) => ({
              "@type": "ListItem",
              position: (q.page - 1) * q.pageSize + i + 1,
              url: `${shop.base}/product/${p.slug}`,
              name: p.name,
            })),
          }}
        />
      </>
    ),
    body: (
      <>
        <section className="shop-hero">
          <h1>{title}</h1>
          <p>
            {current?.description ?? s.storeDescription ??
              "Автономная канализация для частного дома с доставкой и монтажом."}
          </p>
          {s.enableCalculator && (
            <a className="btn btn-primary" href={`${shop.base}/calculator`}>Подобрать установку</a>
          )}
        </section>
        <nav className="shop-categories" aria-label="Категории">
          <a href={shop.base} aria-current={!q.category ? "page" : undefined}>Все товары</a>
          {categories.map((x) => (
            <a
              key={x.id}
              href={`${shop.base}?category=${x.slug}`}
              aria-current={x.slug === q.category ? "page" : undefined}
            >
              {x.name} <span className="muted num">{x.productCount}</span>
            </a>
          ))}
        </nav>
        <div className="shop-layout">
          <details className="card shop-filters-toggle" open={Boolean(filtered)}>
            <summary>Фильтры и сортировка</summary>
            {filters("fm", "shop-filters")}
          </details>
          {filters("f", "card shop-filters shop-filters-side")}
          <section aria-label="Товары">
            <p className="muted shop-found">Найдено: {countOf(total, productForms)}</p>
            {items.length === 0
              ? (
                <EmptyState
                  icon="search"
                  text="Ничего не найдено"
                  hint="Измените условия поиска или сбросьте фильтры."
                />
              )
              : (
                <div className="product-grid">
                  {items.map((p) => <ProductCard key={p.id} p={p} base={shop.base} />)}
                </div>
              )}
            <Pagination {...pageLinks(q.page, pages, (p) => pageLink(shop.base, q, p))} />
          </section>
        </div>
      </>
    ),
  });
}

function FiltersForm(
  { id, className, base, q, filtered }: {
    id: string;
    className: string;
    base: string;
    q: CatalogueQuery;
    filtered: boolean;
  },
) {
  return (
    <form className={className} method="get" action={base}>
      {q.category && <input type="hidden" name="category" value={q.category} />}
      <div className="field">
        <label htmlFor={`${id}-q`}>Поиск</label>
        <input
          id={`${id}-q`}
          name="q"
          type="search"
          defaultValue={q.q ?? ""}
          placeholder="Название или артикул"
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-brand`}>Производитель</label>
        <select id={`${id}-brand`} name="brand" defaultValue={q.brand ?? ""}>
          <option value="">Любой</option>
          {catalogueBrands.map((b) => <option key={b.id} value={b.id}>{b.label}</option>)}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-persons`}>Проживающих, не меньше</label>
        <input
          id={`${id}-persons`}
          name="persons"
          type="number"
          inputMode="numeric"
          min={1}
          max={50}
          defaultValue={q.persons ?? ""}
        />
      </div>
      <fieldset className="field shop-range">
        <legend>Цена, ₽</legend>
        {([["priceMin", "от"], ["priceMax", "до"]] as const).map(([name, word]) => (
          <input
            key={name}
            name={name}
            type="number"
            inputMode="numeric"
            min={0}
            placeholder={word}
            aria-label={`Цена ${word}`}
            defaultValue={q[name] ?? ""}
          />
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-sort`}>Сортировка</label>
        <select id={`${id}-sort`} name="sort" defaultValue={q.sort}>
          {Object.entries(catalogueSorts).map(([k, v]) => <option key={k} value={k}>{v}</option>)}
        </select>
      </div>
      <div className="form-actions">
        <button className="btn btn-primary" type="submit">Показать</button>
        {filtered && (
          <a
            className="btn btn-ghost"
            href={q.category ? `${base}?category=${q.category}` : base}
          >
            Сбросить
          </a>
        )}
      </div>
    </form>
  );
}
