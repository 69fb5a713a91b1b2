import assert from "node:assert/strict";
import type { InferRequestType } from "hono/client";
import { type ApiClient, expectJson, expectOk, type TestApp, withTestApp } from "../testing.ts";

const nonAdmins = [
  "engineer@demo.local",
  "manager@demo.local",
  "surveyor@demo.local",
  "foreman@demo.local",
  "client@demo.local",
];

async function usersAs(t: TestApp, as: string) {
  const res = await t.as(as).api.users.$get();
  assert.equal(res.status, 200);
  return await res.json();
}

/** PATCH /api/users/:id through the typed client. */
const patchUser = (t: TestApp, as: string, id: number, json: UserPatch) =>
  t.as(as).api.users[":id"].$patch({ param: { id: String(id) }, json });

type NewUser = InferRequestType<ApiClient["users"]["$post"]>["json"];
type UserPatch = InferRequestType<ApiClient["users"][":id"]["$patch"]>["json"];

const newUser = (email: string, extra: Partial<NewUser> = {}): NewUser => ({
  firstName: "Антон",
  lastName: "Григорьев",
  email,
  password: "secret123",
  ...extra,
});

Deno.test("[api] /api/users role matrix: only system_admin and company_admin", () =>
  withTestApp(async (t) => {
    // Signed out.
    assert.equal((await t.request("/api/users")).status, 401);
    const surveyor = (await usersAs(t, "admin@demo.local")).find((u) => u.email === "surveyor@demo.local")!;
    for (const as of nonAdmins) {
      assert.equal((await t.as(as).api.users.$get()).status, 403, `GET as ${as}`);
      assert.equal(
        (await t.as(as).api.users.$post({ json: newUser(`x-${as}`) })).status,
        403,
        `POST as ${as}`,
      );
      assert.equal(
        (await patchUser(t, as, surveyor.id, { isActive: false })).status,
        403,
        `PATCH as ${as}`,
      );
    }
    for (const as of ["admin@demo.local", "director@demo.local"]) {
      const res = await patchUser(t, as, surveyor.id, { firstName: "Дмитрий" });
      assert.equal(res.status, 200, `PATCH as ${as}`);
    }
    assert.equal(
      (await patchUser(t, "admin@other.local", surveyor.id, { isActive: false })).status,
      404,
    );
  }));

Deno.test("[api] GET /api/users: a company_admin sees only its company, system_admin sees all", () =>
  withTestApp(async (t) => {
    const all = await usersAs(t, "admin@demo.local");
    assert.equal(all.length, 9);
    const demo = await usersAs(t, "director@demo.local");
    assert.equal(demo.length, 7);
    assert.ok(demo.every((u) => u.companyName === "ООО «Демо Септик»"));
    assert.ok(!demo.some((u) => u.email === "admin@other.local"));
    const other = await usersAs(t, "admin@other.local");
    assert.deepEqual(other.map((u) => u.email), ["admin@other.local"]);
    const surveyor = all.find((u) => u.email === "surveyor@demo.local")!;
    assert.equal(
      (await t.as("admin@other.local").api.users[":id"].$get({ param: { id: String(surveyor.id) } })).status,
      404,
    );
  }));

Deno.test("[api] POST /api/users by a company_admin: default role, own company, signs in; no system_admin", () =>
  withTestApp(async (t) => {
    const created = await expectOk(
      t.as("director@demo.local").api.users.$post({ json: newUser("new@demo.local") }),
      201,
    );
    assert.equal(created.role, "measurement_engineer");
    assert.equal(created.companyName, "ООО «Демо Септик»");
    assert.equal(created.isActive, true);
    // The answer's type has no password, as the JSON must not: read past the type.
    assert.equal(Reflect.get(created, "password"), undefined);
    // Raw: the session of a fresh sign-in, sent as a Cookie header of its own.
    const me = await t.request("/api/user", {
      headers: { Cookie: await t.login("new@demo.local", "secret123") },
    });
    assert.equal(me.status, 200);
    assert.equal((await me.json()).companyName, "ООО «Демо Септик»");

    const sys = await t.as("director@demo.local").api.users.$post({
      json: newUser("sys@demo.local", { role: "system_admin" }),
    });
    assert.equal(sys.status, 403);
    const otherIds = (await usersAs(t, "admin@demo.local")).find((u) =>
      u.email === "admin@other.local"
    )!.companyId;
    const foreign = await t.as("director@demo.local").api.users.$post({
      json: newUser("foreign@demo.local", { companyId: otherIds }),
    });
    assert.equal(foreign.status, 403);
    const promote = await patchUser(t, "director@demo.local", created.id, { role: "system_admin" });
    assert.equal(promote.status, 403);
    const admin = (await usersAs(t, "director@demo.local")).find((u) => u.email === "admin@demo.local")!;
    const touchSys = await patchUser(t, "director@demo.local", admin.id, { isActive: false });
    assert.equal(touchSys.status, 403);
  }));

Deno.test("[api] POST /api/users validates required fields, password length and a taken e-mail", () =>
  withTestApp(async (t) => {
    // A body the types refuse: every required field missing.
    const empty = await t.as("admin@demo.local").post("/api/users", {});
    assert.equal(empty.status, 422);
    const errors = (await empty.json()).errors;
    assert.deepEqual(Object.keys(errors).sort(), ["email", "firstName", "lastName", "password"]);
    const users = (as: string) => t.as(as).api.users;
    const noCompany = await expectJson(
      users("admin@demo.local").$post({ json: newUser("nc@demo.local") }),
      422,
    );
    assert.equal(noCompany.errors.companyId[0], "Выберите компанию");
    const short = await expectJson(
      users("admin@demo.local").$post({
        json: newUser("short@demo.local", { password: "123", companyId: 1 }),
      }),
      422,
    );
    assert.equal(short.errors.password[0], "Пароль должен содержать минимум 6 символов");
    const taken = await expectJson(
      users("director@demo.local").$post({ json: newUser("Surveyor@demo.local") }),
      422,
    );
    assert.match(taken.errors.email[0], /уже существует/);
  }));

Deno.test("[api] PATCH /api/users/:id deactivates a user, who can no longer sign in; not oneself", () =>
  withTestApp(async (t) => {
    const list = await usersAs(t, "director@demo.local");
    const foreman = list.find((u) => u.email === "foreman@demo.local")!;
    const director = list.find((u) => u.email === "director@demo.local")!;
    const off = await patchUser(t, "director@demo.local", foreman.id, { isActive: false });
    assert.equal(off.status, 200);
    assert.equal((await off.json()).isActive, false);
    // Signed out.
    const login = await t.request("/api/login", {
      method: "POST",
      json: { email: "foreman@demo.local", password: "demo12345" },
    });
    assert.equal(login.status, 403);
    assert.match((await login.json()).message, /деактивирована/);
    const self = await patchUser(t, "director@demo.local", director.id, { isActive: false });
    assert.equal(self.status, 422);
  }));
