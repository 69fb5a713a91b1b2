import assert from "node:assert/strict";
import { count, eq } from "drizzle-orm";
import { type ApiClient, createTestApp, expectOk, type TestApp, withTestApp } from "../testing.ts";
import { boot } from "../boot.ts";
import { readEnv } from "../env.ts";
import {
  companies,
  documents,
  objects,
  productCategories,
  products,
  tasks,
  users,
} from "../../db/schema/mod.ts";

const notOwners = [
  "director@demo.local",
  "admin@other.local",
  "engineer@demo.local",
  "manager@demo.local",
  "surveyor@demo.local",
  "foreman@demo.local",
  "client@demo.local",
];

Deno.test("[api] /api/admin answers the owner only and refuses everyone else", () =>
  withTestApp(async (t) => {
    const rows = await expectOk(t.as("admin@demo.local").api.admin.users.$get(), 200);
    assert.equal(rows.length, 9);
    assert.ok(rows.some((u) => u.companyName === "ООО «Другая Компания»"));
    const someone = rows.find((u) => u.email === "surveyor@demo.local")!;
    const param = { id: String(someone.id) };
    // Each call signed out (a raw request: the typed client is always someone's) and through the typed client.
    const calls: [string, string, unknown, (api: ApiClient) => Promise<{ status: number }>][] = [
      ["GET", "/api/admin/users", undefined, (api) => api.admin.users.$get()],
      [
        "PUT",
        `/api/admin/users/${someone.id}/role`,
        { role: "foreman" },
        (api) => api.admin.users[":id"].role.$put({ param, json: { role: "foreman" } }),
      ],
      [
        "PUT",
        `/api/admin/users/${someone.id}/company`,
        { companyId: null },
        (api) => api.admin.users[":id"].company.$put({ param, json: { companyId: null } }),
      ],
      ["DELETE", "/api/admin/cleanup", undefined, (api) => api.admin.cleanup.$delete()],
    ];
    for (const [method, path, json, call] of calls) {
      assert.equal((await t.request(path, { method, json })).status, 401, `${method} ${path} signed out`);
      for (const as of notOwners) {
        assert.equal((await call(t.as(as).api)).status, 403, `${method} ${path} as ${as}`);
      }
    }
    // Nothing changed.
    const after = await expectOk(t.as("admin@demo.local").api.admin.users.$get());
    assert.equal(
      after.find((u) => u.email === "surveyor@demo.local")!.role,
      "measurement_engineer",
    );
  }));

const json = { "Content-Type": "application/json", Origin: "http://localhost" };

/**
 * Registers and signs in as a stranger would: the cookie, and the /api/user answer. Raw requests: a stranger
 * is signed out and has no demo password, which the typed client signs in with.
 */
async function registerAndSignIn(t: TestApp, email: string) {
  const password = "takeover1";
  const reg = await t.app.request("http://localhost/api/register", {
    method: "POST",
    headers: json,
    body: JSON.stringify({
      email,
      firstName: "Злой",
      lastName: "Хакер",
      password,
      confirmPassword: password,
    }),
  });
  assert.equal(reg.status, 202);
  const res = await t.app.request("http://localhost/api/login", {
    method: "POST",
    headers: json,
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) return { cookie: null, user: null, status: res.status };
  const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0];
  return { cookie, user: await res.json(), status: res.status };
}

Deno.test("[api] owner takeover: registering admin@demo.local on an install without the demo gives no owner rights", () =>
  withTestApp({ seed: false }, async (t) => {
    const { cookie, user } = await registerAndSignIn(t, "admin@demo.local");
    assert.equal(user.isOwner, false);
    assert.equal(user.role, "user");
    // The stranger's own session cookie: no demo account of the typed client.
    const promote = await t.app.request(`http://localhost/api/admin/users/${user.id}/role`, {
      method: "PUT",
      headers: { ...json, Cookie: cookie! },
      body: JSON.stringify({ role: "system_admin" }),
    });
    assert.equal(promote.status, 403);
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, user.id));
    assert.equal(row.role, "user");
    assert.equal(row.isOwner, false);
    // Nor does any other e-mail, nor being the very first account.
    for (const email of ["owner@demo.local", "ADMIN@demo.local", "root@localhost.ru"]) {
      const other = await registerAndSignIn(t, email);
      if (other.user) assert.equal(other.user.isOwner, false, email);
    }
    assert.equal((await t.deps.db.select().from(users).where(eq(users.isOwner, true))).length, 0);
  }));

Deno.test("[api] owner takeover: nobody takes the configured OWNER_EMAIL by registering, renaming or being created", () =>
  withTestApp({ env: { OWNER_EMAIL: "Boss@Firm.ru" } }, async (t) => {
    // Registering it answers like any registration but creates nothing.
    const registered = await registerAndSignIn(t, "boss@firm.ru");
    assert.equal(registered.status, 401);
    assert.equal((await t.deps.db.select().from(users).where(eq(users.email, "boss@firm.ru"))).length, 0);
    // A company_admin renaming itself to it (any case) is refused.
    const director = await expectOk(t.as("director@demo.local").api.user.$get());
    for (const email of ["boss@firm.ru", " BOSS@firm.RU "]) {
      const rename = await t.as("director@demo.local").api.users[":id"].$patch({
        param: { id: String(director.id) },
        json: { email },
      });
      assert.equal(rename.status, 422, email);
    }
    // A system_admin cannot hand it to a new account either.
    const created = await t.as("admin@demo.local").api.users.$post({
      json: {
        firstName: "А",
        lastName: "Б",
        email: "boss@firm.ru",
        password: "secret123",
        role: "system_admin",
      },
    });
    assert.equal(created.status, 422);
    // With OWNER_EMAIL set and no such system_admin there is no owner at all, not even the demo one.
    for (const as of ["director@demo.local", "admin@demo.local"]) {
      assert.equal((await expectOk(t.as(as).api.user.$get())).isOwner, false, as);
      assert.equal((await t.as(as).api.admin.users.$get()).status, 403, as);
    }
  }));

Deno.test("[api] OWNER_EMAIL makes the owner only of an existing system_admin, at start", async () => {
  const first = await createTestApp();
  const url = `file:${first.dir}/app.db`;
  try {
    const res = await first.as("admin@demo.local").api.users.$post({
      json: {
        firstName: "Борис",
        lastName: "Главный",
        email: "boss@firm.ru",
        password: "secret123",
        role: "system_admin",
      },
    });
    assert.equal(res.status, 201);
    first.deps.db.$client.close();
    // The same database started again, now with OWNER_EMAIL naming the system_admin and then a company_admin.
    for (
      const [owner, expected] of [["boss@firm.ru", "boss@firm.ru"], ["director@demo.local", null]] as const
    ) {
      const again = await boot(readEnv({ DATABASE_URL: url, DATA_DIR: first.dir, OWNER_EMAIL: owner }));
      try {
        const owners = await again.deps.db.select({ email: users.email }).from(users).where(
          eq(users.isOwner, true),
        );
        assert.deepEqual(owners.map((o) => o.email), expected ? [expected] : [], owner);
      } finally {
        again.close();
      }
    }
  } finally {
    await Deno.remove(first.dir, { recursive: true }).catch(() => {});
  }
});

Deno.test("[api] only the owner changes the owner's account; the owner keeps system_admin", () =>
  withTestApp(async (t) => {
    const owner = await expectOk(t.as("admin@demo.local").api.user.$get());
    assert.equal(owner.isOwner, true);
    const made = await t.as("admin@demo.local").api.users.$post({
      json: {
        firstName: "Вера",
        lastName: "Т",
        email: "second@firm.ru",
        password: "secret123",
        role: "system_admin",
      },
    });
    assert.equal(made.status, 201);
    const second = await t.login("second@firm.ru", "secret123");
    const param = { id: String(owner.id) };
    for (const patch of [{ password: "hijacked1" }, { email: "mine@firm.ru" }, { isActive: false }]) {
      // The new account's session cookie: no demo account of the typed client.
      const res = await t.request(`/api/users/${owner.id}`, {
        headers: { Cookie: second },
        method: "PATCH",
        json: patch,
      });
      assert.equal(res.status, 403, JSON.stringify(patch));
    }
    assert.equal(
      (await t.as("director@demo.local").api.users[":id"].$patch({ param, json: { password: "hijacked1" } }))
        .status,
      403,
    );
    const demote = await t.as("admin@demo.local").api.admin.users[":id"].role.$put({
      param,
      json: { role: "user" },
    });
    assert.equal(demote.status, 422);
    const self = await t.as("admin@demo.local").api.users[":id"].$patch({
      param,
      json: { firstName: "Алексей Петрович" },
    });
    assert.equal(self.status, 200);
    assert.equal((await t.as("admin@demo.local").api.admin.users.$get()).status, 200);
  }));

Deno.test("[api] PUT /api/admin/users/:id/role and /company change the role and assign, reassign, remove", () =>
  withTestApp(async (t) => {
    const admin = t.as("admin@demo.local").api.admin.users;
    const rows = await expectOk(admin.$get());
    const client = rows.find((u) => u.email === "client@demo.local")!;
    const other = rows.find((u) => u.email === "admin@other.local")!.companyId;
    const param = { id: String(client.id) };
    const role = await expectOk(admin[":id"].role.$put({ param, json: { role: "foreman" } }), 200);
    assert.equal(role.role, "foreman");
    // A role the types refuse.
    assert.equal(
      (await t.as("admin@demo.local").put(`/api/admin/users/${client.id}/role`, { role: "king" })).status,
      422,
    );
    const assign = await expectOk(admin[":id"].company.$put({ param, json: { companyId: other } }), 200);
    assert.equal(assign.companyName, "ООО «Другая Компания»");
    const me = await expectOk(t.as("client@demo.local").api.user.$get());
    assert.equal(me.companyName, "ООО «Другая Компания»");
    assert.equal(me.pendingAssignment, false);
    const missing = await admin[":id"].company.$put({ param, json: { companyId: 999 } });
    assert.equal(missing.status, 422);
    const remove = await expectOk(admin[":id"].company.$put({ param, json: { companyId: null } }));
    assert.equal(remove.companyId, null);
    assert.equal(
      (await admin[":id"].role.$put({ param: { id: "9999" }, json: { role: "foreman" } })).status,
      404,
    );
  }));

Deno.test("[api] DELETE /api/admin/cleanup removes the demo data and its files, and nothing else", () =>
  withTestApp(async (t) => {
    const { db, storage } = t.deps;
    // Real data first: a company with a user, an object and a task, and a non-demo product.
    const company = await expectOk(
      t.as("admin@demo.local").api.companies.$post({ json: { name: "ООО «Настоящая»", inn: "7736207543" } }),
      201,
    );
    const user = await expectOk(
      t.as("admin@demo.local").api.users.$post({
        json: {
          firstName: "Олег",
          lastName: "Реальный",
          email: "real@real.ru",
          password: "secret123",
          companyId: company.id,
          role: "company_admin",
        },
      }),
      201,
    );
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
    // Uploads: multipart bodies.
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
    assert.ok(await storage.stat(keyOf(logo.logoUrl)));
    // The demo's own documents and photos, seeded into the storage.
    const seededKeys = (await db.select({ key: documents.storageKey }).from(documents)).map((d) => d.key);
    assert.ok(seededKeys.length > 0);
    for (const key of seededKeys) assert.ok(await storage.stat(key), key);

    const body = await expectOk(t.as("admin@demo.local").api.admin.cleanup.$delete(), 200);
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
    assert.equal(await storage.stat(keyOf(logo.logoUrl)), null);
    for (const key of seededKeys) assert.equal(await storage.stat(key), null, key);
    assert.equal(body.files, seededKeys.length + 1, "the demo's documents and its logo");
    assert.ok(await storage.stat(keyOf(realLogo.logoUrl)));
    // The real company's admin still signs in; the owner is still the owner.
    const cookie = await t.login("real@real.ru", "secret123");
    // The real account's own session cookie: no demo account of the typed client.
    assert.equal((await t.request("/api/user", { headers: { Cookie: cookie } })).status, 200);
    assert.equal((await t.as("admin@demo.local").api.admin.users.$get()).status, 200);
    // A second clean-up finds nothing more.
    const again = await expectOk(t.as("admin@demo.local").api.admin.cleanup.$delete());
    assert.equal(again.companies + again.users + again.products, 0);
  }));
