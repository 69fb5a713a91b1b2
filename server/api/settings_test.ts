import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { expectJson, expectOk, fileForm, type TestApp, withTestApp } from "../testing.ts";
import { companies, shopSettings } from "../../db/schema/mod.ts";
import { defaultPriceList, readPriceListFile } from "../../estimating/mod.ts";

/** The company's price list through the typed client. */
const priceList = (t: TestApp, as: string) => t.as(as).api.settings["price-list"];
/** The company's shop settings through the typed client. */
const shop = (t: TestApp, as: string) => t.as(as).api.settings.shop;

Deno.test("[api] PATCH /api/profile changes the own name; the avatar is an image by content", () =>
  withTestApp(async (t) => {
    const surveyor = t.as("surveyor@demo.local").api;
    await expectOk(surveyor.profile.$patch({ json: { firstName: "Дмитрий", lastName: "Орлов-Новый" } }));
    const me = await expectOk(surveyor.user.$get());
    assert.equal(me.lastName, "Орлов-Новый");
    await expectJson(surveyor.profile.$patch({ json: { firstName: "", lastName: "X" } }), 422);

    // Multipart uploads and the image's bytes: raw requests.
    const gif = Uint8Array.from([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0, 0, 0, 0x3b]);
    const up = await t.request("/api/profile/avatar", {
      as: "surveyor@demo.local",
      method: "POST",
      body: fileForm("file", gif, "me.gif", { type: "image/gif" }),
    });
    assert.equal(up.status, 200);
    const { profileImageUrl } = await up.json();
    assert.equal((await t.request(profileImageUrl, { as: "engineer@demo.local" })).status, 200);
    assert.equal((await t.request(profileImageUrl, { as: "admin@other.local" })).status, 404);
    const bad = await t.request("/api/profile/avatar", {
      as: "surveyor@demo.local",
      method: "POST",
      body: fileForm("file", "#!/bin/sh", "me.jpg", { type: "image/jpeg" }),
    });
    assert.equal(bad.status, 422);
  }));

Deno.test("[api] /api/settings/price-list: a company_admin uploads a CSV and downloads the merged .xlsx", () =>
  withTestApp(async (t) => {
    for (const as of ["surveyor@demo.local", "engineer@demo.local", "client@demo.local"]) {
      assert.equal((await priceList(t, as).$get()).status, 403, as);
    }
    const before = await expectOk(priceList(t, "director@demo.local").$get());
    assert.equal(before.source, "default");
    assert.equal(before.itemCount, defaultPriceList.length);

    const csv = "Артикул;Наименование;Ед. изм.;Раздел;Материалы;Работы\n" +
      "А001;Труба ПВХ 110 мм;м;Трубопроводы;700;550\n" +
      "Я900;Новая позиция;шт;;1 000,50;200\n" +
      ";Без кода;шт;;1;1\n";
    // A multipart upload, answered in JSON.
    const report = await expectJson(
      t.request("/api/settings/price-list", {
        as: "director@demo.local",
        method: "POST",
        body: fileForm("file", csv, "Прайс 2026.csv", { type: "text/csv" }),
      }),
      200,
    );
    assert.equal(report.added, 1);
    assert.equal(report.updated, 1);
    assert.equal(report.rejectedCount, 1);
    assert.equal(report.summary.source, "company");
    assert.equal(report.summary.itemCount, defaultPriceList.length + 1);

    // A binary download.
    const xlsx = await t.request("/api/settings/price-list/download", { as: "director@demo.local" });
    assert.equal(xlsx.status, 200);
    assert.match(xlsx.headers.get("content-disposition") ?? "", /attachment/);
    const back = await readPriceListFile(new Uint8Array(await xlsx.arrayBuffer()), "back.xlsx");
    const a001 = back.items.find((i) => i.code === "А001")!;
    assert.equal(a001.materialsPrice, 70000);
    assert.equal(back.items.find((i) => i.code === "Я900")?.materialsPrice, 100050);

    // The other company still has the base list.
    const other = await expectOk(priceList(t, "admin@other.local").$get());
    assert.equal(other.source, "default");

    const junk = await t.request("/api/settings/price-list", {
      as: "director@demo.local",
      method: "POST",
      body: fileForm("file", "not a spreadsheet", "list.xlsx", { type: "application/octet-stream" }),
    });
    assert.equal(junk.status, 422);
    const exe = await t.request("/api/settings/price-list", {
      as: "director@demo.local",
      method: "POST",
      body: fileForm("file", "MZ", "list.exe", { type: "application/octet-stream" }),
    });
    assert.equal(exe.status, 422);

    const reset = await expectOk(priceList(t, "director@demo.local").$delete());
    assert.equal(reset.source, "default");
  }));

Deno.test("[api] /api/settings/shop answers 404 for a company without a shop and saves the company's shop settings", () =>
  withTestApp(async (t) => {
    await expectJson(shop(t, "admin@other.local").$get(), 404);
    await expectJson(shop(t, "surveyor@demo.local").$get(), 403);
    const [other] = await t.deps.db.select().from(companies).where(
      eq(companies.name, "ООО «Другая Компания»"),
    );
    await t.deps.db.insert(shopSettings).values({
      companyId: other.id,
      storeName: "Другая Компания — магазин",
    });
    const got = await expectOk(shop(t, "admin@other.local").$get());
    assert.equal(got.primaryColor, "#dc2626");
    await expectOk(
      shop(t, "admin@other.local").$put({
        json: { ...got, storeName: "Септики Подмосковья", freeShippingThreshold: 150000.5, taxRate: 20 },
      }),
    );
    const [row] = await t.deps.db.select().from(shopSettings).where(eq(shopSettings.companyId, other.id));
    assert.equal(row.storeName, "Септики Подмосковья");
    assert.equal(row.freeShippingThreshold, 15000050);
    await expectJson(shop(t, "admin@other.local").$put({ json: { ...got, primaryColor: "red" } }), 422);
    // Another company's admin sees their own shop, never this one.
    const demoShop = await expectOk(shop(t, "director@demo.local").$get());
    assert.equal(demoShop.storeName, "Демо Септик — магазин");
  }));
