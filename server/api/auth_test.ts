import assert from "node:assert/strict";
import { createTestApp, type TestApp } from "../testing.ts";
import { MAX_FAILED_LOGINS } from "../auth/throttle.ts";

async function withApp(fn: (t: TestApp) => Promise<void>, options?: Parameters<typeof createTestApp>[0]) {
  const t = await createTestApp(options);
  try {
    await fn(t);
  } finally {
    await t.close();
  }
}

const login = (t: TestApp, email: string, password: string, ip = "10.0.0.1") =>
  t.app.request("http://localhost/api/login", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  }, { remoteAddr: { hostname: ip, port: 1, transport: "tcp" } });

Deno.test("[api] POST /api/login signs a demo user in with an HttpOnly SameSite=Lax cookie", () =>
  withApp(async (t) => {
    const res = await login(t, "engineer@demo.local", "demo12345");
    assert.equal(res.status, 200);
    const cookie = res.headers.get("set-cookie") ?? "";
    assert.match(cookie, /ps_session=/);
    assert.match(cookie, /HttpOnly/);
    assert.match(cookie, /SameSite=Lax/);
    assert.doesNotMatch(cookie, /Secure/, "plain http on localhost gets no Secure flag");
    const user = await (await t.request("/api/user", { as: "engineer@demo.local" })).json();
    assert.equal(user.role, "chief_engineer");
    assert.equal(user.companyName, "ООО «Демо Септик»");
  }));

Deno.test("[api] the session cookie is Secure behind https (PUBLIC_URL)", () =>
  withApp(async (t) => {
    const res = await login(t, "engineer@demo.local", "demo12345");
    assert.match(res.headers.get("set-cookie") ?? "", /Secure/);
  }, { env: { PUBLIC_URL: "https://smeta.example.ru" } }));

Deno.test("[api] a wrong password answers 401 with a Russian message and sets no cookie", () =>
  withApp(async (t) => {
    const res = await login(t, "engineer@demo.local", "nope-nope");
    assert.equal(res.status, 401);
    assert.equal((await res.json()).message, "Неверный email или пароль");
    assert.equal(res.headers.get("set-cookie"), null);
  }));

Deno.test("[api] after 10 failed logins for one e-mail the next answers 429, even with the right password", () =>
  withApp(async (t) => {
    for (let i = 0; i < MAX_FAILED_LOGINS; i++) {
      assert.equal((await login(t, "foreman@demo.local", "wrong", `10.0.1.${i}`)).status, 401);
    }
    const res = await login(t, "foreman@demo.local", "demo12345", "10.0.2.1");
    assert.equal(res.status, 429);
    assert.match((await res.json()).message, /Попробуйте снова через 15 минут/);
  }));

Deno.test("[api] after 10 failed logins from one address other e-mails from it are throttled too", () =>
  withApp(async (t) => {
    for (let i = 0; i < MAX_FAILED_LOGINS; i++) {
      await login(t, `nobody${i}@demo.local`, "wrong", "10.9.9.9");
    }
    assert.equal((await login(t, "manager@demo.local", "demo12345", "10.9.9.9")).status, 429);
    assert.equal((await login(t, "manager@demo.local", "demo12345", "10.9.9.10")).status, 200);
  }));

Deno.test("[api] the throttle window ends after 15 minutes", async () => {
  let now = new Date("2026-11-21T10:00:00Z");
  await withApp(async (t) => {
    for (let i = 0; i < MAX_FAILED_LOGINS; i++) await login(t, "foreman@demo.local", "wrong");
    assert.equal((await login(t, "foreman@demo.local", "demo12345")).status, 429);
    now = new Date(now.getTime() + 16 * 60_000);
    assert.equal((await login(t, "foreman@demo.local", "demo12345")).status, 200);
  }, { now: () => now });
});

Deno.test("[api] POST /api/register checks on the server with the spec's Russian messages", () =>
  withApp(async (t) => {
    const res = await t.request("/api/register", {
      method: "POST",
      json: { email: "bad", firstName: "", lastName: "", password: "123", confirmPassword: "321" },
    });
    assert.equal(res.status, 422);
    const body = await res.json();
    assert.deepEqual(body.errors.email, ["Некорректный email"]);
    assert.deepEqual(body.errors.firstName, ["Имя обязательно"]);
    assert.deepEqual(body.errors.lastName, ["Фамилия обязательна"]);
    assert.deepEqual(body.errors.password, ["Пароль должен содержать минимум 6 символов"]);
    const empty = await (await t.request("/api/register", { method: "POST", json: {} })).json();
    assert.deepEqual(empty.errors.email, ["Email обязателен"]);
    assert.deepEqual(empty.errors.password, ["Пароль обязателен"]);
  }));

Deno.test("[api] a registered person is a customer without a company, pending assignment", () =>
  withApp(async (t) => {
    const res = await t.request("/api/register", {
      method: "POST",
      json: {
        email: "New.Client@Mail.ru",
        firstName: "Пётр",
        lastName: "Новиков",
        password: "secret1",
        confirmPassword: "secret1",
      },
    });
    assert.equal(res.status, 201);
    const user = await res.json();
    assert.equal(user.email, "new.client@mail.ru");
    assert.equal(user.role, "user");
    assert.equal(user.companyId, null);
    assert.equal(user.pendingAssignment, true);
    const again = await t.request("/api/register", {
      method: "POST",
      json: {
        email: "new.client@mail.ru",
        firstName: "П",
        lastName: "Н",
        password: "secret1",
        confirmPassword: "secret1",
      },
    });
    assert.equal(again.status, 422);
    assert.equal((await login(t, "new.client@mail.ru", "secret1")).status, 200);
  }));

Deno.test("[api] GET /api/user answers 401 JSON when signed out; a work page redirects to /login with the path", () =>
  withApp(async (t) => {
    const res = await t.request("/api/user");
    assert.equal(res.status, 401);
    assert.ok((await res.json()).message);
    const page = await t.request("/profile?tab=1");
    assert.equal(page.status, 302);
    assert.equal(page.headers.get("location"), "/login?next=%2Fprofile%3Ftab%3D1");
  }));

Deno.test("[api] logout deletes the session: the old cookie no longer works", () =>
  withApp(async (t) => {
    const cookie = await t.login("surveyor@demo.local");
    const out = await t.app.request("http://localhost/api/logout", {
      method: "POST",
      headers: { Cookie: cookie, Origin: "http://localhost" },
    });
    assert.equal(out.status, 200);
    assert.equal(
      (await t.app.request("http://localhost/api/user", { headers: { Cookie: cookie } })).status,
      401,
    );
    const cookie2 = await t.login("surveyor@demo.local");
    const viaGet = await t.app.request("http://localhost/api/logout", { headers: { Cookie: cookie2 } });
    assert.equal(viaGet.status, 302);
    assert.match(viaGet.headers.get("location") ?? "", /^\/landing/);
    assert.equal(
      (await t.app.request("http://localhost/api/user", { headers: { Cookie: cookie2 } })).status,
      401,
    );
  }));

Deno.test("[api] POST /api/change-password checks the current password and changes it", () =>
  withApp(async (t) => {
    const wrong = await t.request("/api/change-password", {
      as: "manager@demo.local",
      method: "POST",
      json: { currentPassword: "nope", newPassword: "newpass1", confirmPassword: "newpass1" },
    });
    assert.equal(wrong.status, 422);
    assert.deepEqual((await wrong.json()).errors.currentPassword, ["Неверный текущий пароль"]);
    const mismatch = await t.request("/api/change-password", {
      as: "manager@demo.local",
      method: "POST",
      json: { currentPassword: "demo12345", newPassword: "newpass1", confirmPassword: "other" },
    });
    assert.deepEqual((await mismatch.json()).errors.confirmPassword, ["Пароли не совпадают"]);
    const ok = await t.request("/api/change-password", {
      as: "manager@demo.local",
      method: "POST",
      json: { currentPassword: "demo12345", newPassword: "newpass1", confirmPassword: "newpass1" },
    });
    assert.equal(ok.status, 200);
    assert.equal((await login(t, "manager@demo.local", "demo12345")).status, 401);
    assert.equal((await login(t, "manager@demo.local", "newpass1")).status, 200);
  }));

Deno.test("[api] GET /api/login redirects to /login without Yandex and to Yandex ID when configured", async () => {
  await withApp(async (t) => {
    const res = await t.request("/api/login?next=/tasks");
    assert.equal(res.status, 302);
    assert.equal(res.headers.get("location"), "/login?next=%2Ftasks");
  });
  await withApp(async (t) => {
    const res = await t.request("/api/login");
    assert.equal(res.status, 302);
    const url = new URL(res.headers.get("location")!);
    assert.match(url.host, /^oauth\.yandex\./);
    assert.equal(url.searchParams.get("client_id"), "abc");
    assert.match(res.headers.get("set-cookie") ?? "", /oauth_state=/);
  }, {
    env: { YANDEX_CLIENT_ID: "abc", YANDEX_CLIENT_SECRET: "def", PUBLIC_URL: "https://smeta.example.ru" },
  });
});
