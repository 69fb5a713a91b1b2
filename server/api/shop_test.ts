import assert from "node:assert/strict";
import { eq, isNotNull } from "drizzle-orm";
import { expectJson, expectOk, islandProps, type TestApp, withTestApp } from "../testing.ts";
import { companies, notifications, orders, products, shopSettings, users } from "../../db/schema/mod.ts";

const checkout = {
  customerName: "Ольга Смирнова",
  customerEmail: "Olga@Example.ru",
  customerPhone: "+7 916 111-22-33",
  deliveryAddress: "ул. Школьная, д. 4",
  deliveryCity: "Дорохово",
  deliveryRegion: "Московская область",
};

/**
 * A guest's browser: keeps the cart cookie between requests. Its requests stay raw ones, signed out with a
 * cookie header of their own, as do the storefront's other signed-out reads below.
 */
function guest(t: TestApp) {
  let cookie = "";
  return async (path: string, init: RequestInit & { json?: unknown } = {}) => {
    const headers = new Headers(init.headers);
    if (cookie) headers.set("Cookie", cookie);
    const res = await t.request(path, { ...init, headers });
    const set = res.headers.get("set-cookie");
    const m = set?.match(/shop_cart=([^;]*)/);
    if (m) cookie = m[1] ? `shop_cart=${m[1]}` : "";
    return res;
  };
}

async function productBySku(t: TestApp, sku: string) {
  const [p] = await t.deps.db.select().from(products).where(eq(products.sku, sku));
  return p;
}

Deno.test("[api] shop: a guest fills the cart and orders; totals, discount, free shipping and VAT follow the settings", () =>
  withTestApp(async (t) => {
    const db = t.deps.db;
    const topas = await productBySku(t, "TOPAS-5");
    const pump = await productBySku(t, "UNILIFT-KP150");
    // An old price makes a discount; VAT 20 %; free shipping from 300 000 ₽ (the demo's threshold).
    await db.update(products).set({ oldPrice: topas.price + 1_000_000 }).where(eq(products.id, topas.id));
    await db.update(shopSettings).set({ taxRate: 20 });
    const as = guest(t);
    assert.equal(
      (await as("/api/shop/cart", { method: "POST", json: { productId: topas.id, quantity: 0 } })).status,
      422,
    );
    const zero =
      await (await as("/api/shop/cart", { method: "POST", json: { productId: topas.id, quantity: 0 } }))
        .json();
    assert.deepEqual(zero.errors.quantity, ["Количество должно быть больше 0"]);
    assert.equal((await as("/api/shop/cart", { method: "POST", json: { productId: topas.id } })).status, 201);
    const cart =
      await (await as("/api/shop/cart", { method: "POST", json: { productId: pump.id, quantity: 2 } }))
        .json();
    assert.equal(cart.count, 3);
    const goods = topas.price + 2 * pump.price; // kopecks
    assert.equal(cart.totals.totalAmount * 100, goods + 1_000_000);
    assert.equal(cart.totals.discount * 100, 1_000_000);
    const shipping = goods >= 30_000_000 ? 0 : 500_000;
    assert.equal(cart.totals.shippingCost * 100, shipping);
    assert.equal(cart.totals.vatAmount * 100, Math.round((goods + shipping) * 0.2));

    const bad = await as("/api/shop/orders", { method: "POST", json: { customerEmail: "нет" } });
    assert.equal(bad.status, 422);
    const { errors } = await bad.json();
    assert.deepEqual(errors.customerName, ["Имя покупателя обязательно"]);
    assert.deepEqual(errors.customerEmail, ["Введите корректный email"]);
    assert.deepEqual(errors.customerPhone, ["Телефон обязателен"]);
    assert.deepEqual(errors.deliveryAddress, ["Адрес доставки обязателен"]);
    assert.deepEqual(errors.deliveryCity, ["Город доставки обязателен"]);

    const res = await as("/api/shop/orders", { method: "POST", json: checkout });
    assert.equal(res.status, 201);
    const { order, link } = await res.json();
    assert.match(order.orderNumber, /^З-\d{4}-\d{4}$/);
    assert.equal(order.customerEmail, "olga@example.ru");
    assert.equal(order.finalAmount, cart.totals.finalAmount);
    assert.equal(order.items.length, 2);
    assert.equal(order.items[0].productSku, "TOPAS-5");
    assert.equal(order.status, "pending");
    assert.equal((await productBySku(t, "TOPAS-5")).stockQuantity, topas.stockQuantity - 1);
    assert.equal((await productBySku(t, "UNILIFT-KP150")).stockQuantity, pump.stockQuantity - 2);
    // The ordered lines left the cart; the private link opens the order, a wrong key does not.
    assert.equal((await (await as("/api/shop/cart")).json()).count, 0);
    const key = new URL(link, "http://x").searchParams.get("key");
    assert.equal(
      (await t.request(`/api/shop/orders/${encodeURIComponent(order.orderNumber)}?key=${key}`)).status,
      200,
    );
    assert.equal(
      (await t.request(`/api/shop/orders/${encodeURIComponent(order.orderNumber)}?key=x`)).status,
      404,
    );
    // The managers of the shop's company are told; another company's are not.
    const list = await expectOk(t.as("manager@demo.local").api.notifications.$get({ query: {} }));
    assert.ok(list.some((n) => n.title === "Новый заказ" && n.message.includes(order.orderNumber)));
    const otherList = await expectOk(t.as("admin@other.local").api.notifications.$get({ query: {} }));
    assert.ok(!otherList.some((n) => n.message.includes(order.orderNumber)));
  }));

Deno.test("[api] shop: the last unit bought by two customers at once — one order, one clear 409", () =>
  withTestApp(async (t) => {
    const topas = await productBySku(t, "TOPAS-5");
    await t.deps.db.update(products).set({ stockQuantity: 1 }).where(eq(products.id, topas.id));
    const a = guest(t);
    const b = guest(t);
    await a("/api/shop/cart", { method: "POST", json: { productId: topas.id } });
    await b("/api/shop/cart", { method: "POST", json: { productId: topas.id } });
    const results = await Promise.all([
      a("/api/shop/orders", { method: "POST", json: checkout }),
      b("/api/shop/orders", { method: "POST", json: { ...checkout, customerName: "Второй покупатель" } }),
    ]);
    const statuses = results.map((r) => r.status).sort();
    assert.deepEqual(statuses, [201, 409]);
    const lost = results.find((r) => r.status === 409)!;
    assert.match((await lost.json()).message, /Топас 5|закончился|раскупили/);
    assert.equal((await productBySku(t, "TOPAS-5")).stockQuantity, 0);
  }));

Deno.test("[api] shop: an order with installation creates the company's client site, seen by its chief engineer only", () =>
  withTestApp(async (t) => {
    const topas = await productBySku(t, "TOPAS-5");
    const as = guest(t);
    await as("/api/shop/cart", { method: "POST", json: { productId: topas.id } });
    const res = await as("/api/shop/orders", {
      method: "POST",
      json: {
        ...checkout,
        needInstallation: true,
        installationAddress: "Московская обл, Рузский р-н, п Дорохово, ул Школьная, д 4",
      },
    });
    assert.equal(res.status, 201);
    const { order } = await res.json();
    assert.ok(order.objectId);
    const site = (as: string) =>
      t.as(as).api.objects[":id{[0-9]+}"].$get({ param: { id: String(order.objectId) } });
    const object = await expectOk(site("engineer@demo.local"));
    assert.equal(object.workType, "septic");
    assert.equal(object.status, "new");
    assert.equal(object.clientName, "Ольга Смирнова");
    assert.equal(object.clientPhone, "+7 916 111-22-33");
    assert.equal(object.district, "Рузский");
    assert.equal(object.distanceFromMKAD, 61);
    assert.equal((await site("admin@other.local")).status, 404);
    const list = await expectOk(t.as("engineer@demo.local").api.notifications.$get({ query: {} }));
    assert.ok(list.some((n) => n.relatedObjectId === order.objectId));
  }));

Deno.test("[api] shop: guest orders with installation stop at 3 per phone a day and 5 per address an hour (429); staff get one grouped notification", () =>
  withTestApp(async (t) => {
    const topas = await productBySku(t, "TOPAS-5");
    await t.deps.db.update(products).set({ stockQuantity: 100 }).where(eq(products.id, topas.id));
    // Signed out, from given client addresses.
    const order = async (phone: string, from: string) => {
      const cart = await t.request("/api/shop/cart", { method: "POST", json: { productId: topas.id }, from });
      const cookie = (cart.headers.get("set-cookie") ?? "").split(";")[0];
      return await t.request("/api/shop/orders", {
        method: "POST",
        from,
        headers: { Cookie: cookie },
        json: { ...checkout, customerPhone: phone, needInstallation: true },
      });
    };
    for (const from of ["10.1.1.1", "10.1.1.2", "10.1.1.3"]) {
      assert.equal((await order("+7 916 111-22-33", from)).status, 201);
    }
    const samePhone = await order("8 (916) 111-22-33", "10.1.1.4");
    assert.equal(samePhone.status, 429);
    assert.match((await samePhone.json()).message, /^Слишком много заказов/);
    for (let i = 0; i < 5; i++) {
      assert.equal((await order(`+7 903 000-00-0${i}`, "10.2.2.2")).status, 201);
    }
    assert.equal((await order("+7 903 000-00-09", "10.2.2.2")).status, 429);
    // Another phone from another address still orders.
    assert.equal((await order("+7 903 000-00-09", "10.3.3.3")).status, 201);

    const titles = async (email: string) => {
      const [u] = await t.deps.db.select().from(users).where(eq(users.email, email));
      return (await t.deps.db.select().from(notifications).where(eq(notifications.userId, u.id)))
        .map((n) => n.title).filter((x) => /интернет-магазина|заказ/i.test(x));
    };
    assert.deepEqual(await titles("manager@demo.local"), ["Новые заказы с монтажом: 9"]);
    assert.deepEqual(await titles("engineer@demo.local"), ["Новые объекты из интернет-магазина: 9"]);
    const sites = await t.deps.db.select().from(orders).where(isNotNull(orders.objectId));
    assert.equal(sites.length, 9);
  }));

Deno.test("[api] orders: a manager moves an order along the objects and shop spec's «States and transitions», the customer is told, cancelling returns stock; another company gets 404", () =>
  withTestApp(async (t) => {
    const topas = await productBySku(t, "TOPAS-5");
    const client = t.as("client@demo.local").api;
    await client.shop.cart.$post({ json: { productId: topas.id, quantity: 2 } });
    const { order } = await expectOk(client.shop.orders.$post({ json: checkout }), 201);
    const mine = await expectOk(client.shop.orders.mine.$get());
    assert.equal(mine[0].orderNumber, order.orderNumber);
    assert.equal(mine[0].managerNotes, undefined);

    const param = { id: String(order.id) };
    const theOrder = (as: string) => t.as(as).api.orders[":id"];
    assert.equal((await theOrder("admin@other.local").$get({ param })).status, 404);
    assert.equal(
      (await theOrder("admin@other.local").$patch({ param, json: { status: "confirmed" } })).status,
      404,
    );
    assert.equal((await theOrder("surveyor@demo.local").$get({ param })).status, 403);
    const skip = await theOrder("manager@demo.local").$patch({ param, json: { status: "shipped" } });
    assert.equal(skip.status, 409);
    const confirmed = await expectOk(
      theOrder("manager@demo.local").$patch({
        param,
        json: { status: "confirmed", managerNotes: "Позвонить за день", estimatedDeliveryDate: "2026-12-01" },
      }),
      200,
    );
    assert.equal(confirmed.status, "confirmed");
    assert.equal(confirmed.estimatedDeliveryDate, "2026-12-01");
    assert.deepEqual(confirmed.nextStatuses, ["in_production", "cancelled"]);
    const list = await expectOk(client.notifications.$get({ query: {} }));
    assert.ok(list.some((n) => n.title === `Заказ ${order.orderNumber}: Подтверждён`));
    const list2 = await expectOk(
      t.as("director@demo.local").api.orders.$get({ query: { status: "confirmed" } }),
    );
    assert.equal(list2.orders.length, 1);
    const otherList = await expectOk(t.as("admin@other.local").api.orders.$get({ query: {} }));
    assert.equal(otherList.orders.length, 0);

    const before = (await productBySku(t, "TOPAS-5")).stockQuantity;
    const cancel = await theOrder("manager@demo.local").$patch({ param, json: { status: "cancelled" } });
    assert.equal(cancel.status, 200);
    assert.equal((await productBySku(t, "TOPAS-5")).stockQuantity, before + 2);
    const again = await theOrder("manager@demo.local").$patch({ param, json: { status: "confirmed" } });
    assert.equal(again.status, 409);
  }));

Deno.test("[api] shop: a guest's cart joins the account's at sign-in; changed prices and removed products are flagged", () =>
  withTestApp(async (t) => {
    const topas = await productBySku(t, "TOPAS-5");
    const pump = await productBySku(t, "UNILIFT-KP150");
    const client = t.as("client@demo.local").api;
    await client.shop.cart.$post({ json: { productId: pump.id } });
    const session = await t.login("client@demo.local");
    // The browser signed in with a guest cart cookie: the first read joins it into the account (a raw request
    // with its own cookie header).
    const both = await t.request("/api/shop/cart", {
      headers: { Cookie: `${session}; shop_cart=${topas.id}.1.${topas.price}_${pump.id}.2.${pump.price}` },
    });
    const cart = await both.json();
    const qty = Object.fromEntries(
      cart.items.map((i: { sku: string; quantity: number }) => [i.sku, i.quantity]),
    );
    assert.equal(qty["TOPAS-5"], 1);
    assert.equal(qty["UNILIFT-KP150"], 3);
    assert.match(both.headers.get("set-cookie") ?? "", /shop_cart=;/);

    await t.deps.db.update(products).set({ price: topas.price + 500_000 }).where(eq(products.id, topas.id));
    await t.deps.db.update(products).set({ isActive: false }).where(eq(products.id, pump.id));
    const flagged = await expectOk(client.shop.cart.$get());
    const line = (sku: string) => flagged.items.find((i) => i.sku === sku)!;
    assert.equal(line("TOPAS-5").priceChanged, true);
    assert.equal(line("TOPAS-5").priceAtAdd * 100, topas.price);
    assert.equal(line("UNILIFT-KP150").unavailable, true);
    assert.equal(flagged.problems.length, 2);
    const refused = await client.shop.orders.$post({ json: checkout });
    assert.equal(refused.status, 409);
    assert.equal(
      (await client.shop.cart[":productId"].$patch({
        param: { productId: String(topas.id) },
        json: { quantity: 0 },
      })).status,
      422,
    );
  }));

Deno.test("[api] shop: an order with a repriced line is refused with 409 until the buyer confirms the new price", () =>
  withTestApp(async (t) => {
    const topas = await productBySku(t, "TOPAS-5");
    const as = guest(t);
    await t.deps.db.update(products).set({ price: 21_900_000 }).where(eq(products.id, topas.id));
    await expectJson(as("/api/shop/cart", { method: "POST", json: { productId: topas.id } }), 201);
    await t.deps.db.update(products).set({ price: 22_000_000 }).where(eq(products.id, topas.id));

    const refused = await expectJson(as("/api/shop/orders", { method: "POST", json: checkout }), 409);
    assert.match(
      refused.message,
      /Цена «.*» изменилась: было 219\s000 ₽, стало 220\s000 ₽\. Подтвердите новую цену/,
    );
    const stillFlagged = await expectJson(as("/api/shop/cart"));
    assert.equal(stillFlagged.items[0].priceChanged, true);
    assert.equal(stillFlagged.items[0].priceAtAdd, 219_000);

    const confirmed = await expectJson(as(`/api/shop/cart/${topas.id}/confirm-price`, { method: "POST" }));
    assert.equal(confirmed.items[0].priceChanged, false);
    assert.equal(confirmed.items[0].priceAtAdd, 220_000);
    const placed = await expectJson(as("/api/shop/orders", { method: "POST", json: checkout }), 201);
    assert.equal(placed.order.items[0].pricePerUnit, 220_000);

    // A signed-in customer's cart (cart_items) works the same way.
    const client = t.as("client@demo.local").api.shop;
    const confirmPrice = () =>
      client.cart[":productId"]["confirm-price"].$post({ param: { productId: String(topas.id) } });
    await expectOk(client.cart.$post({ json: { productId: topas.id } }), 201);
    await t.deps.db.update(products).set({ price: 22_100_000 }).where(eq(products.id, topas.id));
    assert.equal((await client.orders.$post({ json: checkout })).status, 409);
    assert.equal((await confirmPrice()).status, 200);
    await expectOk(client.orders.$post({ json: checkout }), 201);
    // Confirming a product that is not in the cart answers 404.
    assert.equal((await confirmPrice()).status, 404);
  }));

Deno.test("[api] shop: settings switch guest checkout and installation off; other companies get their own storefront", () =>
  withTestApp(async (t) => {
    const db = t.deps.db;
    await db.update(shopSettings).set({ enableGuestCheckout: false, enableInstallationService: false });
    const topas = await productBySku(t, "TOPAS-5");
    const as = guest(t);
    await as("/api/shop/cart", { method: "POST", json: { productId: topas.id } });
    assert.equal((await as("/api/shop/orders", { method: "POST", json: checkout })).status, 401);
    const client = t.as("client@demo.local").api.shop;
    await client.cart.$post({ json: { productId: topas.id } });
    const noInstall = await client.orders.$post({ json: { ...checkout, needInstallation: true } });
    assert.equal(noInstall.status, 409);

    const [other] = await db.select().from(companies).where(eq(companies.name, "ООО «Другая Компания»"));
    assert.equal((await t.request(`/api/shop/products?shop=${other.id}`)).status, 404);
    await db.insert(shopSettings).values({ companyId: other.id, storeName: "Другой магазин" });
    const empty = await (await t.request(`/api/shop/products?shop=${other.id}`)).json();
    assert.equal(empty.total, 0);
    // The main storefront's product is not sold by the other one.
    assert.equal((await t.request(`/api/shop/products/topas-5?shop=${other.id}`)).status, 404);
    assert.equal((await t.request(`/api/shop/products/topas-5`)).status, 200);
  }));

Deno.test("[api] shop: catalogue filters, search, sort and paging", () =>
  withTestApp(async (t) => {
    const all = await (await t.request("/api/shop/products?pageSize=100")).json();
    assert.ok(all.total >= 214);
    assert.equal(all.items.length, 100);
    const topas =
      await (await t.request("/api/shop/products?brand=topas&persons=6&sort=price_asc&pageSize=100")).json();
    assert.ok(topas.items.length > 0);
    for (const p of topas.items) {
      assert.equal(p.brand, "Топас");
      assert.ok(p.capacity >= 1200);
    }
    const prices = topas.items.map((p: { price: number }) => p.price);
    assert.deepEqual(prices, [...prices].sort((a, b) => a - b));
    const ranged = await (await t.request("/api/shop/products?priceMin=100000&priceMax=150000&pageSize=100"))
      .json();
    for (const p of ranged.items) assert.ok(p.price >= 100000 && p.price <= 150000);
    const found = await (await t.request("/api/shop/products?q=топас 5")).json();
    assert.ok(found.items.some((p: { sku: string }) => p.sku === "TOPAS-5"));
    const acc = await (await t.request("/api/shop/products?category=accessories")).json();
    assert.equal(acc.total, 2);
    const page2 = await (await t.request("/api/shop/products?page=2&pageSize=10")).json();
    assert.equal(page2.items.length, 10);
  }));

Deno.test("[api] shop: catalogue management — messages, isolation, hidden products leave the storefront", () =>
  withTestApp(async (t) => {
    const categories = (as: string) => t.as(as).api.shop.manage.categories;
    const ce = (await expectJson(categories("admin@demo.local").$post({ json: { name: "", slug: "" } }), 422))
      .errors;
    assert.deepEqual(ce.name, ["Название обязательно"]);
    assert.deepEqual(ce.slug, ["Slug обязателен"]);
    assert.equal(
      (await categories("director@demo.local").$post({ json: { name: "x", slug: "x" } })).status,
      403,
    );
    const manage = (as: string) => t.as(as).api.shop.manage.products;
    const bad = await manage("manager@demo.local").$post({
      query: {},
      json: { name: " ", sku: "X-1", categoryId: null, price: 1 },
    });
    assert.deepEqual((await expectJson(bad, 422)).errors.name, ["Название товара обязательно"]);
    const product = await expectOk(
      manage("manager@demo.local").$post({
        query: {},
        json: { name: "Крышка люка", sku: "lid-1", categoryId: null, price: "4 500", stockQuantity: 5 },
      }),
      201,
    );
    assert.equal(product.price, 4500);
    assert.equal(product.sku, "LID-1");
    assert.equal((await t.request("/api/shop/products/lid-1")).status, 200);
    const payload = { name: "Крышка люка", sku: "LID-1", categoryId: null, price: 4500, isActive: false };
    const param = { id: String(product.id) };
    assert.equal(
      (await manage("admin@other.local")[":id"].$put({ param, json: payload })).status,
      404,
    );
    assert.equal(
      (await manage("director@demo.local")[":id"].$put({ param, json: payload })).status,
      200,
    );
    assert.equal((await t.request("/api/shop/products/lid-1")).status, 404);
    const dup = await manage("manager@demo.local").$post({ query: {}, json: { ...payload, isActive: true } });
    assert.equal(dup.status, 409);
  }));

Deno.test("[api] shop: the station calculator recommends only models that fit, sorted by price with installation", () =>
  withTestApp(async (t) => {
    const res = await (await t.request("/api/shop/calculator?residents=5&guests=3&inletDepth=1.2&soil=clay"))
      .json();
    assert.equal(res.requirement.dailyLitres, 1000);
    assert.equal(res.requirement.peakLitres, 320);
    assert.equal(res.requirement.discharge, "forced");
    assert.ok(res.models.length > 0);
    for (const { model } of res.models) {
      assert.ok(model.capacity >= 1000);
      assert.ok(model.peakDischarge >= 320);
      assert.ok(model.maxDepthConnection >= 1200);
      assert.equal(model.discharge, "forced");
    }
    const totals = res.models.map((m: { totalWithInstallation: number }) => m.totalWithInstallation);
    assert.deepEqual(totals, [...totals].sort((a, b) => a - b));
  }));

Deno.test("[page] /shop-products lists the first 50 products with «Показать все (N)», carries every product for its search, and shows an edit at the next read", () =>
  withTestApp(async (t) => {
    const manager = t.as("manager@demo.local").api.shop.manage.products;
    const all = await expectOk(manager.$get());
    assert.ok(all.length > 50, "the demo shop has more than a screen of products");
    const page = async () => {
      const res = await t.request("/shop-products", { as: "manager@demo.local" });
      assert.equal(res.status, 200);
      return await res.text();
    };
    const first = await page();
    assert.equal(first.match(/<tr>/g)?.length ?? 0, 50 + 1, "50 rows and the head's");
    assert.match(first, new RegExp(`Показать все \\(<!-- -->${all.length}<!-- -->\\)`));
    const last = all.at(-1)!;
    assert.ok(
      islandProps(first, "ProductsManager").products.some((p: { sku: string }) => p.sku === last.sku),
      "the last product is in the island's props",
    );

    // The product as the API gives it is what an edit sends back (unknown fields are dropped by its schema).
    const renamed = `${all[0].name} (новинка)`;
    await expectOk(
      manager[":id"].$put({ param: { id: String(all[0].id) }, json: { ...all[0], name: renamed } }),
    );
    assert.ok((await page()).includes(renamed));
  }));
