import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { createTestApp, fileForm, tinyPng } from "../../server/testing.ts";
import { companies, products, shopSettings } from "../../db/schema/mod.ts";

const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]));

Deno.test("[pages] storefront pages: real titles, descriptions, structured data, no script without an island, the sitemap", async () => {
  const t = await createTestApp();
  try {
    const catalogue = await t.request("/ruslos?brand=topas&persons=4");
    assert.equal(catalogue.status, 200);
    const html = await catalogue.text();
    assert.match(html, /<title>Станции биологической очистки и септики — Демо Септик — магазин<\/title>/);
    assert.match(html, /<meta name="description" content="[^"]*товар/);
    assert.doesNotMatch(html, /<script(?![^>]*application\/ld\+json)/);
    assert.equal(jsonLd(html)[0]["@type"], "ItemList");
    assert.ok(!html.includes("Интернет-магазин скоро откроется"));

    const product = await (await t.request("/ruslos/product/topas-5")).text();
    assert.match(product, /<title>Топас 5 — Демо Септик — магазин<\/title>/);
    const data = jsonLd(product)[0];
    assert.equal(data["@type"], "Product");
    assert.equal(data.sku, "TOPAS-5");
    assert.equal(data.offers.priceCurrency, "RUB");
    assert.equal(data.offers.availability, "https://schema.org/InStock");
    for (
      const spec of [
        "Производительность",
        "Залповый сброс",
        "Число проживающих",
        "Габариты",
        "Вес",
        "Глубина подключения",
        "Энергопотребление",
      ]
    ) {
      assert.ok(product.includes(spec), spec);
    }
    assert.match(product, /data-island="AddToCart"/);
    assert.equal((await t.request("/ruslos/product/no-such")).status, 404);

    for (
      const path of [
        "/ruslos/contacts",
        "/ruslos/faq",
        "/ruslos/installation",
        "/ruslos/economy-calculator",
        "/economy-calculator",
        "/ruslos/calculator",
        "/ruslos/cart",
        "/ruslos/checkout",
      ]
    ) {
      assert.equal((await t.request(path)).status, 200, path);
    }
    const economy = await (await t.request("/economy-calculator?residents=5")).text();
    assert.match(economy, /<svg[^>]*role="img"/);
    assert.match(economy, /4 000 ₽ за рейс/);

    const sitemap = await (await t.request("/sitemap.xml")).text();
    assert.match(sitemap, /<loc>http:\/\/localhost\/ruslos\/product\/topas-5<\/loc>/);
    assert.ok((sitemap.match(/<url>/g) ?? []).length > 218);
  } finally {
    await t.close();
  }
});

Deno.test("[pages] shop settings change the storefront; another company's shop lives under /ruslos/c/{id}", async () => {
  const t = await createTestApp();
  try {
    const db = t.deps.db;
    await db.update(shopSettings).set({
      storeName: "Септики у Петровича",
      enableCalculator: false,
      primaryColor: "#123456",
    });
    const html = await (await t.request("/ruslos")).text();
    assert.match(html, /— Септики у Петровича<\/title>/);
    assert.match(html, /--shop-primary:#123456/);
    assert.ok(!html.includes(">Подбор станции<"));
    assert.equal((await t.request("/ruslos/calculator")).status, 404);
    assert.equal((await t.request("/api/shop/calculator")).status, 404);

    const [other] = await db.select().from(companies).where(eq(companies.name, "ООО «Другая Компания»"));
    assert.equal((await t.request(`/ruslos/c/${other.id}`)).status, 404);
    await db.insert(shopSettings).values({ companyId: other.id, storeName: "Другой магазин" });
    const otherPage = await (await t.request(`/ruslos/c/${other.id}`)).text();
    assert.match(otherPage, /— Другой магазин<\/title>/);
    assert.match(otherPage, new RegExp(`href="/ruslos/c/${other.id}/cart"`));
    assert.equal((await t.request(`/ruslos/c/${other.id}/product/topas-5`)).status, 404);
  } finally {
    await t.close();
  }
});

Deno.test("[api] product pictures are checked by content and served to everyone; another company's product is 404", async () => {
  const t = await createTestApp();
  try {
    const [p] = await t.deps.db.select().from(products).where(eq(products.sku, "TOPAS-5"));
    const bad = await t.request(`/api/shop/manage/products/${p.id}/images`, {
      as: "manager@demo.local",
      method: "POST",
      body: fileForm("file", "not an image", "fake.png", { type: "image/png" }),
    });
    assert.equal(bad.status, 422);
    assert.equal(
      (await t.request(`/api/shop/manage/products/${p.id}/images`, {
        as: "admin@other.local",
        method: "POST",
        body: fileForm("file", tinyPng, "a.png", { type: "image/png" }),
      })).status,
      404,
    );
    const ok = await t.request(`/api/shop/manage/products/${p.id}/images`, {
      as: "manager@demo.local",
      method: "POST",
      body: fileForm("file", tinyPng, "a.png", { type: "image/png" }),
    });
    assert.equal(ok.status, 201);
    const url = (await ok.json()).images[0];
    const image = await t.request(url);
    assert.equal(image.status, 200);
    assert.equal(image.headers.get("content-type"), "image/png");
    assert.match(
      await (await t.request("/ruslos/product/topas-5")).text(),
      new RegExp(`<img[^>]*src="${url}"`),
    );
  } finally {
    await t.close();
  }
});
