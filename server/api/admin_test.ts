import assert from "node:assert/strict";
import { count, eq } from "drizzle-orm";
import { createTestApp } from "../testing.ts";
import { companies, objects, productCategories, products, tasks, users } from "../../db/schema/mod.ts";

const notOwners = [
  "director@demo.local",
  "admin@other.local",
  "engineer@demo.local",
  "manager@demo.local",
  "surveyor@demo.local",
  "foreman@demo.local",
  "client@demo.local",
];

Deno.test("[api] /api/admin answers the owner only and refuses everyone else", async () => {
  const t = await createTestApp();
  try {
    const list = await t.request("/api/admin/users", { as: "admin@demo.local" });
    assert.equal(list.status, 200);
    const rows = await list.json();
    assert.equal(rows.length, 9);
    assert.ok(rows.some((u: { companyName: string | null }) => u.companyName === "ООО «Другая Компания»"));
    const someone = rows.find((u: { email: string }) => u.email === "surveyor@demo.local");
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/admin/users"],
      ["PUT", `/api/admin/users/${someone.id}/role`, { role: "foreman" }],
      ["PUT", `/api/admin/users/${someone.id}/company`, { companyId: null }],
      ["DELETE", "/api/admin/cleanup"],
    ];
    for (const [method, path, json] of calls) {
      assert.equal((await t.request(path, { method, json })).status, 401, `${method} ${path} signed out`);
      for (const as of notOwners) {
        assert.equal((await t.request(path, { as, method, json })).status, 403, `${method} ${path} as ${as}`);
      }
    }
    // Nothing changed.
    const after = await (await t.request("/api/admin/users", { as: "admin@demo.local" })).json();
    assert.equal(
      after.find((u: { email: string }) => u.email === "surveyor@demo.local").role,
      "measurement_engineer",
    );
  } finally {
    await t.close();
  }
});

Deno.test("[api] the owner is OWNER_EMAIL when it is set, checked on the server", async () => {
  const t = await createTestApp({ env: { OWNER_EMAIL: "Director@demo.local" } });
  try {
    assert.equal((await t.request("/api/admin/users", { as: "director@demo.local" })).status, 200);
    assert.equal((await t.request("/api/admin/users", { as: "admin@demo.local" })).status, 403);
  } finally {
    await t.close();
  }
});

Deno.test("[api] PUT /api/admin/users/:id/role and /company change the role and assign, reassign, remove", async () => {
  const t = await createTestApp();
  try {
    const rows = await (await t.request("/api/admin/users", { as: "admin@demo.local" })).json();
    const client = rows.find((u: { email: string }) => u.email === "client@demo.local");
    const other = rows.find((u: { email: string }) => u.email === "admin@other.local").companyId;
    const role = await t.request(`/api/admin/users/${client.id}/role`, {
      as: "admin@demo.local",
      method: "PUT",
      json: { role: "foreman" },
    });
    assert.equal(role.status, 200);
    assert.equal((await role.json()).role, "foreman");
    assert.equal(
      (await t.request(`/api/admin/users/${client.id}/role`, {
        as: "admin@demo.local",
        method: "PUT",
        json: { role: "king" },
      })).status,
      422,
    );
    const assign = await t.request(`/api/admin/users/${client.id}/company`, {
      as: "admin@demo.local",
      method: "PUT",
      json: { companyId: other },
    });
    assert.equal(assign.status, 200);
    assert.equal((await assign.json()).companyName, "ООО «Другая Компания»");
    const me = await (await t.request("/api/user", { as: "client@demo.local" })).json();
    assert.equal(me.companyName, "ООО «Другая Компания»");
    assert.equal(me.pendingAssignment, false);
    const missing = await t.request(`/api/admin/users/${client.id}/company`, {
      as: "admin@demo.local",
      method: "PUT",
      json: { companyId: 999 },
    });
    assert.equal(missing.status, 422);
    const remove = await t.request(`/api/admin/users/${client.id}/company`, {
      as: "admin@demo.local",
      method: "PUT",
      json: { companyId: null },
    });
    assert.equal((await remove.json()).companyId, null);
    assert.equal(
      (await t.request("/api/admin/users/9999/role", {
        as: "admin@demo.local",
        method: "PUT",
        json: { role: "foreman" },
      })).status,
      404,
    );
  } finally {
    await t.close();
  }
});

Deno.test("[api] DELETE /api/admin/cleanup removes the demo data and its files, and nothing else", async () => {
  const t = await createTestApp();
  try {
    const { db, storage } = t.deps;
    // Real data first: a company with a user, an object and a task, and a non-demo product.
    const company = await (await t.request("/api/companies", {
      as: "admin@demo.local",
      method: "POST",
      json: { name: "ООО «Настоящая»", inn: "7736207543" },
    })).json();
    const user = await (await t.request("/api/users", {
      as: "admin@demo.local",
      method: "POST",
      json: {
        firstName: "Олег",
        lastName: "Реальный",
        email: "real@real.ru",
        password: "secret123",
        companyId: company.id,
        role: "company_admin",
      },
    })).json();
    const [obj] = await db.insert(objects).values({
      companyId: company.id,
      address: "Москва, ул. Настоящая, 1",
    }).returning();
    await db.insert(tasks).values({
      companyId: company.id,
      objectId: obj.id,
      title: "Замер",
      assignedTo: user.id,
    });
    await db.insert(products).values({ name: "Настоящий товар", sku: "REAL-1", price: 100_00 });
    // A demo-company file and a demo-company logo in the storage.
    const demoCompany = (await db.select().from(companies).where(eq(companies.name, "ООО «Демо Септик»")))[0];
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const form = new FormData();
    form.append("file", new File([png], "logo.png", { type: "image/png" }));
    const logo = await (await t.request(`/api/companies/${demoCompany.id}/logo`, {
      as: "admin@demo.local",
      method: "POST",
      body: form,
    })).json();
    const realForm = new FormData();
    realForm.append("file", new File([png], "logo.png", { type: "image/png" }));
    const realLogo = await (await t.request(`/api/companies/${company.id}/logo`, {
      as: "admin@demo.local",
      method: "POST",
      body: realForm,
    })).json();
    const keyOf = (url: string) => url.replace(/^\/api\/companies\/(\d+)\/logo\//, "logos/$1/");
    assert.ok(await storage.open(keyOf(logo.logoUrl)).then((f) => (f?.file.close(), !!f)));

    const res = await t.request("/api/admin/cleanup", { as: "admin@demo.local", method: "DELETE" });
    assert.equal(res.status, 200);
    const body = await res.json();
    assert.equal(body.message, "Все тестовые данные очищены");
    assert.equal(body.companies, 2);
    assert.equal(body.users, 8); // every demo account but the owner doing it

    const left = await db.select({ name: companies.name }).from(companies);
    assert.deepEqual(left.map((c) => c.name), ["ООО «Настоящая»"]);
    const emails = (await db.select({ email: users.email, isDemo: users.isDemo }).from(users)).map((u) =>
      u.email
    ).sort();
    assert.deepEqual(emails, ["admin@demo.local", "real@real.ru"]);
    const [objCount] = await db.select({ n: count() }).from(objects);
    assert.equal(objCount.n, 1);
    const [taskCount] = await db.select({ n: count() }).from(tasks);
    assert.equal(taskCount.n, 1);
    const productNames = (await db.select({ name: products.name }).from(products)).map((p) => p.name);
    assert.deepEqual(productNames, ["Настоящий товар"]);
    const [demoCategories] = await db.select({ n: count() }).from(productCategories).where(
      eq(productCategories.isDemo, true),
    );
    assert.equal(demoCategories.n, 0);
    assert.equal(await storage.open(keyOf(logo.logoUrl)), null);
    const kept = await storage.open(keyOf(realLogo.logoUrl));
    assert.ok(kept);
    kept.file.close();
    // The real company's admin still signs in; the owner is still the owner.
    const cookie = await t.login("real@real.ru", "secret123");
    assert.equal((await t.request("/api/user", { headers: { Cookie: cookie } })).status, 200);
    assert.equal((await t.request("/api/admin/users", { as: "admin@demo.local" })).status, 200);
    // A second clean-up finds nothing more.
    const again = await (await t.request("/api/admin/cleanup", { as: "admin@demo.local", method: "DELETE" }))
      .json();
    assert.equal(again.companies + again.users + again.products, 0);
  } finally {
    await t.close();
  }
});
