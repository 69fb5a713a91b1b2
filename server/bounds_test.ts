// Every number a user writes is bounded, dates are real calendar days,
// a read survives a stored value it does not like, and every message reaching a person is Russian.
import assert from "node:assert/strict";
import { eq, sql } from "drizzle-orm";
import { expectJson, type TestApp, withTestApp } from "./testing.ts";
import { estimates, products, shopSettings } from "../db/schema/mod.ts";
import { ESTIMATE_TOO_LARGE, MAX_AMOUNT_KOPECKS, MAX_ESTIMATE_TOTAL_KOPECKS } from "../domain/bounds.ts";

const ADMIN = "director@demo.local";
const MANAGER = "manager@demo.local";
const FOREMAN = "foreman@demo.local";

/** The pages and lists of the demo company and of the public shop; none may answer 5xx. */
const readPaths = [
  "/ruslos",
  "/ruslos/cart",
  "/sitemap.xml",
  "/api/shop/products",
  "/api/shop/shops",
  "/api/shop/cart",
  "/api/shop/calculator?persons=4",
  "/api/estimates",
  "/estimates",
  "/shop-products",
  "/api/settings/shop",
];

async function expectPagesRead(t: TestApp, as = ADMIN) {
  for (const path of readPaths) {
    const res = await t.request(path, { as });
    await res.body?.cancel();
    assert.ok(res.status < 500, `${path} answered ${res.status}`);
  }
}

async function demoObjectId(t: TestApp): Promise<number> {
  const list = await expectJson(t.request("/api/objects", { as: ADMIN }));
  return (Array.isArray(list) ? list : list.items ?? list.objects)[0].id;
}

Deno.test("[api] PUT /api/settings/shop refuses a free-shipping threshold past its bound and saves nothing", () =>
  withTestApp(async (t) => {
    const settings = await expectJson(t.request("/api/settings/shop", { as: ADMIN }));
    const res = await expectJson(
      t.as(ADMIN).put("/api/settings/shop", { ...settings, freeShippingThreshold: 90071992547410 }),
      422,
    );
    assert.ok(res.errors.freeShippingThreshold);
    const after = await expectJson(t.request("/api/settings/shop", { as: ADMIN }));
    assert.equal(after.freeShippingThreshold, settings.freeShippingThreshold);
    await expectPagesRead(t);
  }));

Deno.test("[api] POST /api/estimates refuses a line whose total leaves the safe range; the list still reads", () =>
  withTestApp(async (t) => {
    const objectId = await demoObjectId(t);
    const line = { name: "Насос", unit: "шт", quantity: 1000, pricePerUnit: 10000000000000 };
    const res = await expectJson(
      t.as(FOREMAN).post("/api/estimates", { objectId, estimateNumber: "П-1", items: [line] }),
      422,
    );
    assert.ok(Object.keys(res.errors).some((k) => k.startsWith("items")), JSON.stringify(res.errors));
    const made = await expectJson(
      t.as(ADMIN).post("/api/estimates", {
        objectId,
        estimateNumber: "П-2",
        items: [{ ...line, quantity: 1, pricePerUnit: 100_000 }],
      }),
      201,
    );
    const free = await expectJson(
      t.as(ADMIN).post(`/api/estimates/${made.id}/edits`, {
        action: "add_free_item",
        name: "Насос",
        unit: "шт",
        quantity: 1e6,
        pricePerUnit: 1e13,
      }),
      422,
    );
    assert.ok(free.errors);
    await expectPagesRead(t);
    assert.equal((await t.request(`/api/estimates/${made.id}`, { as: ADMIN })).status, 200);
  }));

Deno.test("[api] POST /api/shop/manage/products refuses a price past its bound; the shop still reads", () =>
  withTestApp(async (t) => {
    const product = {
      name: "Станция Большая",
      sku: "BIG-1",
      categoryId: null,
      price: 90071992547410,
    };
    const res = await expectJson(t.as(MANAGER).post("/api/shop/manage/products", product), 422);
    assert.ok(res.errors.price);
    const made = await expectJson(
      t.as(MANAGER).post("/api/shop/manage/products", { ...product, price: 250_000 }),
      201,
    );
    const put = await t.as(MANAGER).put(`/api/shop/manage/products/${made.id ?? made.product?.id}`, {
      ...product,
      price: 90071992547410,
    });
    assert.equal(put.status, 422);
    await expectPagesRead(t, MANAGER);
  }));

Deno.test("[api] a stored value past the safe range does not take a page down: the row is shown as it can be and logged", () =>
  withTestApp(async (t) => {
    const poison = 2n ** 62n;
    const [estimate] = await t.deps.db.select({ id: estimates.id }).from(estimates).limit(1);
    await t.deps.db.run(sql`UPDATE ${estimates} SET total_amount = ${poison} WHERE id = ${estimate.id}`);
    await t.deps.db.run(sql`UPDATE ${shopSettings} SET free_shipping_threshold = ${poison}`);
    const [product] = await t.deps.db.select({ id: products.id }).from(products).limit(1);
    await t.deps.db.run(sql`UPDATE ${products} SET price = ${poison} WHERE id = ${product.id}`);
    const logged: unknown[][] = [];
    const error = console.error;
    console.error = (...args: unknown[]) => void logged.push(args);
    try {
      await expectPagesRead(t);
      assert.equal((await t.request(`/api/estimates/${estimate.id}`, { as: ADMIN })).status, 200);
    } finally {
      console.error = error;
    }
    assert.ok(logged.length > 0, "the out-of-range value is logged");
    const [row] = await t.deps.db.select({ id: products.id }).from(products).where(
      eq(products.id, product.id),
    );
    assert.ok(row);
  }));

Deno.test("[api] impossible calendar dates are refused with 422, never stored or rolled over", () =>
  withTestApp(async (t) => {
    const me = await expectJson(t.request("/api/user", { as: "admin@demo.local" }));
    for (const day of ["2026-13-45", "9999-99-99", "2026-00-10", "2026-02-30", "0000-01-01"]) {
      const res = await expectJson(
        t.as("admin@demo.local").patch(`/api/companies/${me.companyId}`, { subscriptionExpiresAt: day }),
        422,
      );
      assert.ok(res.errors.subscriptionExpiresAt, day);
    }
    await expectJson(
      t.as("admin@demo.local").patch(`/api/companies/${me.companyId}`, {
        subscriptionExpiresAt: "2028-02-29",
      }),
    );
  }));

Deno.test("[api] odd numbers in task, activity and shop queries answer 4xx or a page, never 5xx", () =>
  withTestApp(async (t) => {
    const objectId = await demoObjectId(t);
    for (const assignedTo of ["Infinity", "1e400", "9223372036854775808", -1, 1.5]) {
      const res = await t.as(ADMIN).post("/api/tasks", {
        title: "Замер",
        objectId,
        type: "measurement",
        assignedTo,
      });
      await res.body?.cancel();
      assert.equal(res.status, 422, `assignedTo ${assignedTo}`);
    }
    const big = "9223372036854775808";
    const long = "9".repeat(400);
    for (
      const path of [
        "/api/activity?limit=1.5",
        "/api/activity?limit=1e400",
        `/api/shop/products?page=${big}`,
        `/api/shop/products?pageSize=${big}`,
        `/api/shop/products?priceMin=${big}`,
        `/ruslos?page=${big}&pageSize=${big}&priceMin=${big}`,
        `/api/shop/products/${long}`,
        `/ruslos/product/${long}`,
      ]
    ) {
      const res = await t.request(path, { as: ADMIN });
      await res.body?.cancel();
      assert.ok(res.status < 500, `${path} answered ${res.status}`);
    }
  }));

/** Whether a message reads as Russian: Cyrillic and no English words of zod's defaults. */
const russian = (message: string) =>
  /[а-яё]/i.test(message) && !/invalid|expected|received|unauthorized/i.test(message);

Deno.test("[api] a missing field is named in Russian, with the spec's text where it has one", () =>
  withTestApp(async (t) => {
    const product = await expectJson(
      t.as(MANAGER).post("/api/shop/manage/products", { name: "Х", sku: "X" }),
      422,
    );
    for (const messages of Object.values(product.errors) as string[][]) {
      for (const m of messages) assert.ok(russian(m), m);
    }
    const settings = await expectJson(t.as(ADMIN).put("/api/settings/shop", {}), 422);
    for (const messages of Object.values(settings.errors) as string[][]) {
      for (const m of messages) assert.ok(russian(m), m);
    }
    assert.deepEqual(settings.errors.storeName, ["Название магазина обязательно"]);
    const objectId = await demoObjectId(t);
    const estimate = await expectJson(
      t.as(ADMIN).post("/api/estimates", { objectId, estimateNumber: "П-3" }),
      422,
    );
    for (const messages of Object.values(estimate.errors) as string[][]) {
      for (const m of messages) assert.ok(russian(m), m);
    }
  }));

Deno.test("[api] an estimate's total stays within 100 млрд ₽: a manual estimate past half of it and an edit past it are refused", () =>
  withTestApp(async (t) => {
    const objectId = await demoObjectId(t);
    const line = { name: "Станция", unit: "шт", quantity: 1, pricePerUnit: MAX_AMOUNT_KOPECKS };
    const lines = (n: number) => Array.from({ length: n }, () => line);
    const refused = await expectJson(
      t.as(ADMIN).post("/api/estimates", { objectId, estimateNumber: "Б-1", items: lines(51) }),
      422,
    );
    assert.deepEqual(refused.errors.items, [ESTIMATE_TOO_LARGE]);
    const made = await expectJson(
      t.as(ADMIN).post("/api/estimates", { objectId, estimateNumber: "Б-2", items: lines(50) }),
      201,
    );
    await expectJson(
      t.as(ADMIN).post(`/api/estimates/${made.id}/edits`, { action: "set_terms", vatMode: "22" }),
    );
    let status = 200;
    for (let i = 0; i < 60 && status === 200; i++) {
      const res = await t.as(ADMIN).post(`/api/estimates/${made.id}/edits`, {
        action: "add_free_item",
        name: "Ещё станция",
        unit: "шт",
        quantity: 1,
        pricePerUnit: MAX_AMOUNT_KOPECKS,
      });
      status = res.status;
      if (status === 422) assert.deepEqual((await res.json()).errors._, [ESTIMATE_TOO_LARGE]);
      else await res.body?.cancel();
    }
    assert.equal(status, 422);
    const after = await expectJson(t.request(`/api/estimates/${made.id}`, { as: ADMIN }));
    assert.ok(after.totalAmount <= MAX_ESTIMATE_TOTAL_KOPECKS, String(after.totalAmount));
    assert.ok(after.totalAmount > MAX_ESTIMATE_TOTAL_KOPECKS * 0.9, String(after.totalAmount));
  }));

Deno.test("[api] a stored JSON text that does not parse does not take a page down: the list shows the rest and logs the column", () =>
  withTestApp(async (t) => {
    const [estimate] = await t.deps.db.select({ id: estimates.id }).from(estimates).limit(1);
    await t.deps.db.run(
      sql`UPDATE ${estimates} SET notes = '{', sections = 'не JSON' WHERE id = ${estimate.id}`,
    );
    const [product] = await t.deps.db.select({ id: products.id }).from(products).limit(1);
    await t.deps.db.run(
      sql`UPDATE ${products} SET features = '[1,', specifications = 'x' WHERE id = ${product.id}`,
    );
    const logged: unknown[][] = [];
    const error = console.error;
    console.error = (...args: unknown[]) => void logged.push(args);
    try {
      await expectPagesRead(t);
      assert.equal((await t.request(`/api/estimates/${estimate.id}`, { as: ADMIN })).status, 200);
      assert.equal((await t.request(`/estimates/${estimate.id}`, { as: ADMIN })).status, 200);
    } finally {
      console.error = error;
    }
    assert.ok(logged.some((args) => String(args[0]).includes("notes")), "the column is named in the log");
  }));
