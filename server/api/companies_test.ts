import assert from "node:assert/strict";
import { expectJson, expectOk, fileForm, type TestApp, tinyPng, withTestApp } from "../testing.ts";

const staff = ["engineer@demo.local", "manager@demo.local", "surveyor@demo.local", "foreman@demo.local"];
const everyone = [
  "admin@demo.local",
  "director@demo.local",
  "admin@other.local",
  ...staff,
  "client@demo.local",
];

const validCompany = {
  name: "ООО «Новый Колодец»",
  inn: "7707083893",
  kpp: "773601001",
  ogrn: "1027700132195",
  bankName: "ПАО Сбербанк",
  bankBik: "044525225",
  bankAccount: "40702810938000000001",
  bankCorAccount: "30101810400000000225",
  email: "info@kolodec.ru",
  website: "kolodec.ru",
  subscriptionTier: "smu",
  companyType: "service_company",
  subscriptionExpiresAt: "2027-03-31",
} as const;

/** A company of the typed client, by id. */
const company = (t: TestApp, as: string) => t.as(as).api.companies[":id"];

async function companyIds(t: TestApp) {
  const list = await expectOk(t.as("admin@demo.local").api.companies.$get());
  const demo = list.find((c) => c.name === "ООО «Демо Септик»")!.id;
  const other = list.find((c) => c.name === "ООО «Другая Компания»")!.id;
  return { demo, other };
}

Deno.test("[api] /api/companies role matrix: list for admins, create for system_admin, own company for staff", () =>
  withTestApp(async (t) => {
    const { demo, other } = await companyIds(t);
    assert.equal((await t.request("/api/companies")).status, 401); // signed out
    for (const as of everyone) {
      const admin = ["admin@demo.local", "director@demo.local", "admin@other.local"].includes(as);
      assert.equal(
        (await t.as(as).api.companies.$get()).status,
        admin ? 200 : 403,
        `GET list as ${as}`,
      );
      const created = await t.as(as).api.companies.$post({ json: { name: `Компания ${as}` } });
      assert.equal(created.status, as === "admin@demo.local" ? 201 : 403, `POST as ${as}`);
      const own = await company(t, as).$get({ param: { id: String(demo) } });
      const seesDemo = as !== "admin@other.local" && as !== "client@demo.local";
      assert.equal(own.status, seesDemo ? 200 : 404, `GET demo as ${as}`);
      const patch = await company(t, as).$patch({
        param: { id: String(other) },
        json: { phone: "+7 900 000-00-00" },
      });
      const canPatchOther = as === "admin@demo.local" || as === "admin@other.local";
      assert.equal(patch.status, canPatchOther ? 200 : admin ? 404 : 403, `PATCH other as ${as}`);
    }
  }));

Deno.test("[api] GET /api/companies lists with counts; a company_admin sees only its own company", () =>
  withTestApp(async (t) => {
    const all = await expectOk(t.as("admin@demo.local").api.companies.$get());
    assert.equal(all.length, 2);
    const demo = all.find((c) => c.name === "ООО «Демо Септик»")!;
    assert.equal(demo.inn, "7723456782");
    assert.equal(demo.subscriptionTier, "standard");
    assert.equal(demo.isActive, true);
    assert.ok(demo._count, "a list carries the counts");
    assert.equal(demo._count.users, 7);
    assert.ok(demo._count.objects >= 10);
    const own = await expectOk(t.as("director@demo.local").api.companies.$get());
    assert.deepEqual(own.map((c) => c.name), ["ООО «Демо Септик»"]);
  }));

Deno.test("[api] POST /api/companies accepts valid requisites and refuses wrong check digits with 422", () =>
  withTestApp(async (t) => {
    const body = await expectOk(t.as("admin@demo.local").api.companies.$post({ json: validCompany }), 201);
    assert.equal(body.inn, "7707083893");
    assert.equal(body.website, "https://kolodec.ru");
    assert.equal(body.subscriptionTier, "smu");
    assert.equal(body.subscriptionExpiresOn, "2027-03-31");
    assert.equal(body.isActive, true);

    const cases: [Record<string, string>, string, RegExp][] = [
      [{ inn: "7707083894" }, "inn", /ИНН: неверная контрольная цифра/],
      [{ inn: "123" }, "inn", /ИНН должен содержать/],
      [{ kpp: "77360100" }, "kpp", /КПП/],
      [{ ogrn: "1027700132196" }, "ogrn", /ОГРН/],
      [{ bankAccount: "40702810138000000001" }, "bankAccount", /Расчётный счёт/],
      [{ bankCorAccount: "30101810400000000226" }, "bankCorAccount", /Корреспондентский счёт/],
      [{ bankBik: "04452522" }, "bankBik", /БИК/],
      [{ name: "" }, "name", /Заполните название компании/],
      [{ name: "А" }, "name", /Минимум 2 символа/],
      [{ email: "not-an-email" }, "email", /Некорректный email/],
      [{ subscriptionTier: "gold" }, "subscriptionTier", /тариф/],
    ];
    for (const [change, field, message] of cases) {
      // A body the types refuse: any change of strings, an unknown tier among them.
      const res = await t.as("admin@demo.local").post("/api/companies", { ...validCompany, ...change });
      assert.equal(res.status, 422, JSON.stringify(change));
      const err = await res.json();
      assert.match(err.errors[field][0], message, JSON.stringify(err));
    }
  }));

Deno.test("[api] PATCH /api/companies/:id checks the account key against the stored БИК; company_admin cannot change the tier", () =>
  withTestApp(async (t) => {
    const { demo } = await companyIds(t);
    const director = company(t, "director@demo.local");
    const param = { id: String(demo) };
    // The demo company's БИК is Sberbank's: a wrong key is refused, the right one accepted.
    await expectJson(director.$patch({ param, json: { bankAccount: "40702810138000000001" } }), 422);
    const good = await expectOk(
      director.$patch({ param, json: { bankAccount: "40702810938000000001", phone: "+7 495 000-00-00" } }),
    );
    assert.equal(good.bankAccount, "40702810938000000001");
    await expectJson(director.$patch({ param, json: { subscriptionTier: "smu" } }), 403);
    await expectJson(director.$patch({ param, json: { isActive: false } }), 403);
  }));

Deno.test("[api] a deactivated company's users cannot sign in and are told why", () =>
  withTestApp(async (t) => {
    const { other } = await companyIds(t);
    const cookie = await t.login("admin@other.local");
    const admin = company(t, "admin@demo.local");
    const param = { id: String(other) };
    const off = await expectOk(admin.$patch({ param, json: { isActive: false } }));
    assert.equal(off.isActive, false);
    // Signing in is a signed-out request.
    const login = await t.request("/api/login", {
      method: "POST",
      json: { email: "admin@other.local", password: "demo12345" },
    });
    assert.equal(login.status, 403);
    assert.match((await login.json()).message, /Компания «ООО «Другая Компания»» деактивирована/);
    // An open session stops working too (its own cookie, sent by hand).
    const me = await t.request("/api/user", { headers: { Cookie: cookie } });
    assert.equal(me.status, 401);
    await admin.$patch({ param, json: { isActive: true } });
    assert.equal(
      (await t.request("/api/login", {
        method: "POST",
        json: { email: "admin@other.local", password: "demo12345" },
      })).status,
      200,
    );
  }));

Deno.test("[api] POST /api/companies/:id/logo takes an image by content up to 1 MB and serves it to the company", () =>
  withTestApp(async (t) => {
    const { demo } = await companyIds(t);
    // Multipart uploads and the image's bytes: raw requests.
    const res = await t.request(`/api/companies/${demo}/logo`, {
      as: "director@demo.local",
      method: "POST",
      body: fileForm("file", tinyPng, "logo.png", { type: "image/png" }),
    });
    assert.equal(res.status, 200);
    const { logoUrl } = await res.json();
    assert.match(logoUrl, new RegExp(`^/api/companies/${demo}/logo/[a-z0-9]+\\.png$`));
    const img = await t.request(logoUrl, { as: "surveyor@demo.local" });
    assert.equal(img.status, 200);
    assert.equal(img.headers.get("content-type"), "image/png");
    assert.deepEqual(new Uint8Array(await img.arrayBuffer()), tinyPng);
    assert.equal((await t.request(logoUrl, { as: "admin@other.local" })).status, 404);

    // A text file named .png is refused; so is an image over 1 MB.
    const fake = await t.request(`/api/companies/${demo}/logo`, {
      as: "director@demo.local",
      method: "POST",
      body: fileForm("file", "<svg onload=alert(1)>", "logo.png", { type: "image/png" }),
    });
    assert.equal(fake.status, 422);
    const big = new Uint8Array(1024 * 1024 + 10);
    big.set(tinyPng);
    const large = await t.request(`/api/companies/${demo}/logo`, {
      as: "director@demo.local",
      method: "POST",
      body: fileForm("file", big, "big.png", { type: "image/png" }),
    });
    assert.equal(large.status, 413);
    assert.equal(
      (await t.request(`/api/companies/${demo}/logo`, {
        as: "admin@other.local",
        method: "POST",
        body: fileForm("file", tinyPng, "logo.png", { type: "image/png" }),
      })).status,
      404,
    );
  }));
