import assert from "node:assert/strict";
import { expectJson, fileForm, type TestApp, tinyPng, withTestApp } from "../testing.ts";

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
};

async function companyIds(t: TestApp) {
  const list = await (await t.request("/api/companies", { as: "admin@demo.local" })).json() as {
    id: number;
    name: string;
  }[];
  const demo = list.find((c) => c.name === "ООО «Демо Септик»")!.id;
  const other = list.find((c) => c.name === "ООО «Другая Компания»")!.id;
  return { demo, other };
}

Deno.test("[api] /api/companies role matrix: list for admins, create for system_admin, own company for staff", () =>
  withTestApp(async (t) => {
    const { demo, other } = await companyIds(t);
    assert.equal((await t.request("/api/companies")).status, 401);
    for (const as of everyone) {
      const admin = ["admin@demo.local", "director@demo.local", "admin@other.local"].includes(as);
      assert.equal(
        (await t.request("/api/companies", { as })).status,
        admin ? 200 : 403,
        `GET list as ${as}`,
      );
      const created = await t.as(as).post("/api/companies", { name: `Компания ${as}` });
      assert.equal(created.status, as === "admin@demo.local" ? 201 : 403, `POST as ${as}`);
      const own = await t.request(`/api/companies/${demo}`, { as });
      const seesDemo = as !== "admin@other.local" && as !== "client@demo.local";
      assert.equal(own.status, seesDemo ? 200 : 404, `GET demo as ${as}`);
      const patch = await t.as(as).patch(`/api/companies/${other}`, { phone: "+7 900 000-00-00" });
      const canPatchOther = as === "admin@demo.local" || as === "admin@other.local";
      assert.equal(patch.status, canPatchOther ? 200 : admin ? 404 : 403, `PATCH other as ${as}`);
    }
  }));

Deno.test("[api] GET /api/companies lists with counts; a company_admin sees only its own company", () =>
  withTestApp(async (t) => {
    const all = await (await t.request("/api/companies", { as: "admin@demo.local" })).json();
    assert.equal(all.length, 2);
    const demo = all.find((c: { name: string }) => c.name === "ООО «Демо Септик»");
    assert.equal(demo.inn, "7723456782");
    assert.equal(demo.subscriptionTier, "standard");
    assert.equal(demo.isActive, true);
    assert.equal(demo._count.users, 7);
    assert.ok(demo._count.objects >= 10);
    const own = await (await t.request("/api/companies", { as: "director@demo.local" })).json();
    assert.deepEqual(own.map((c: { name: string }) => c.name), ["ООО «Демо Септик»"]);
  }));

Deno.test("[api] POST /api/companies accepts valid requisites and refuses wrong check digits with 422", () =>
  withTestApp(async (t) => {
    const body = await expectJson(t.as("admin@demo.local").post("/api/companies", validCompany), 201);
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
      const res = await t.as("admin@demo.local").post("/api/companies", { ...validCompany, ...change });
      assert.equal(res.status, 422, JSON.stringify(change));
      const err = await res.json();
      assert.match(err.errors[field][0], message, JSON.stringify(err));
    }
  }));

Deno.test("[api] PATCH /api/companies/:id checks the account key against the stored БИК; company_admin cannot change the tier", () =>
  withTestApp(async (t) => {
    const { demo } = await companyIds(t);
    // The demo company's БИК is Sberbank's: a wrong key is refused, the right one accepted.
    const bad = await t.as("director@demo.local").patch(`/api/companies/${demo}`, {
      bankAccount: "40702810138000000001",
    });
    assert.equal(bad.status, 422);
    const good = await t.as("director@demo.local").patch(`/api/companies/${demo}`, {
      bankAccount: "40702810938000000001",
      phone: "+7 495 000-00-00",
    });
    assert.equal(good.status, 200);
    assert.equal((await good.json()).bankAccount, "40702810938000000001");
    const tier = await t.as("director@demo.local").patch(`/api/companies/${demo}`, {
      subscriptionTier: "smu",
    });
    assert.equal(tier.status, 403);
    const own = await t.as("director@demo.local").patch(`/api/companies/${demo}`, { isActive: false });
    assert.equal(own.status, 403);
  }));

Deno.test("[api] a deactivated company's users cannot sign in and are told why", () =>
  withTestApp(async (t) => {
    const { other } = await companyIds(t);
    const cookie = await t.login("admin@other.local");
    const off = await t.as("admin@demo.local").patch(`/api/companies/${other}`, { isActive: false });
    assert.equal(off.status, 200);
    assert.equal((await off.json()).isActive, false);
    const login = await t.request("/api/login", {
      method: "POST",
      json: { email: "admin@other.local", password: "demo12345" },
    });
    assert.equal(login.status, 403);
    assert.match((await login.json()).message, /Компания «ООО «Другая Компания»» деактивирована/);
    // An open session stops working too.
    const me = await t.request("/api/user", { headers: { Cookie: cookie } });
    assert.equal(me.status, 401);
    await t.as("admin@demo.local").patch(`/api/companies/${other}`, { isActive: true });
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
