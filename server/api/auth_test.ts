import assert from "node:assert/strict";
import { expectJson, expectOk, islandProps, type TestApp, withTestApp } from "../testing.ts";
import { eq } from "drizzle-orm";
import { notifications, sessions, users } from "../../db/schema/mod.ts";
import { sessionIdOf } from "../auth/sessions.ts";
import {
  ACCOUNT_UNDER_ATTACK,
  MAX_FAILURES_PER_ACCOUNT,
  MAX_FAILURES_PER_IP,
  MAX_FAILURES_PER_PAIR,
  MAX_REGISTRATIONS_PER_IP,
} from "../auth/throttle.ts";
import { insertAttempt } from "../../db/login_attempts.ts";

/** A sign-in with a password from the client address `ip`: the raw request. */
const login = (t: TestApp, email: string, password: string, ip = "10.0.0.1") =>
  t.app.request("http://localhost/api/login", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  }, { remoteAddr: { hostname: ip, port: 1, transport: "tcp" } });

Deno.test("[api] POST /api/login signs a demo user in with an HttpOnly SameSite=Lax cookie", () =>
  withTestApp(async (t) => {
    const res = await login(t, "engineer@demo.local", "demo12345");
    assert.equal(res.status, 200);
    const cookie = res.headers.get("set-cookie") ?? "";
    assert.match(cookie, /ps_session=/);
    assert.match(cookie, /HttpOnly/);
    assert.match(cookie, /SameSite=Lax/);
    assert.doesNotMatch(cookie, /Secure/, "plain http on localhost gets no Secure flag");
    const user = await expectOk(t.as("engineer@demo.local").api.user.$get());
    assert.equal(user.role, "chief_engineer");
    assert.equal(user.companyName, "ООО «Демо Септик»");
  }));

Deno.test("[api] the session cookie is Secure behind https (PUBLIC_URL)", () =>
  withTestApp({ env: { PUBLIC_URL: "https://smeta.example.ru" } }, async (t) => {
    const res = await login(t, "engineer@demo.local", "demo12345");
    assert.match(res.headers.get("set-cookie") ?? "", /Secure/);
  }));

Deno.test("[api] a wrong password answers 401 with a Russian message and sets no cookie", () =>
  withTestApp(async (t) => {
    const res = await login(t, "engineer@demo.local", "nope-nope");
    assert.equal(res.status, 401);
    assert.equal((await res.json()).message, "Неверный email или пароль");
    assert.equal(res.headers.get("set-cookie"), null);
  }));

Deno.test("[api] 10 wrong passwords from an attacker's address do not lock the owner out at another", () =>
  withTestApp(async (t) => {
    for (let i = 0; i < MAX_FAILURES_PER_PAIR; i++) {
      assert.equal((await login(t, "foreman@demo.local", "wrong", "10.6.6.6")).status, 401);
    }
    const res = await login(t, "foreman@demo.local", "demo12345", "10.0.2.1");
    assert.equal(res.status, 200, "the right password from an address that has not failed");
  }));

Deno.test("[api] past the per-account cap of failures from many addresses, new addresses get 429, the owner's known address signs in, the owner is told once", () =>
  withTestApp(async (t) => {
    const owner = "admin@demo.local";
    assert.equal((await login(t, owner, "demo12345", "10.0.9.1")).status, 200, "the owner's own address");
    // The attack so far: the cap's worth of failures spread over 20 addresses (written directly, no waiting).
    const now = t.deps.now();
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) {
      await insertAttempt(t.deps.db, { kind: "login", email: owner, ip: `10.7.0.${i % 20}`, createdAt: now });
    }
    const fresh = await login(t, owner, "guess-1", "10.7.1.1");
    assert.equal(fresh.status, 429);
    assert.equal(
      (await login(t, owner, "demo12345", "10.7.1.2")).status,
      429,
      "even a right guess elsewhere",
    );
    assert.equal((await login(t, owner, "demo12345", "10.0.9.1")).status, 200, "the owner is not locked out");
    const [me] = await t.deps.db.select().from(users).where(eq(users.email, owner));
    const notices = await t.deps.db.select().from(notifications).where(eq(notifications.userId, me.id));
    const told = notices.filter((n) => n.title === ACCOUNT_UNDER_ATTACK.title);
    assert.equal(told.length, 1);
    assert.match(told[0].message, /неудачных попыток войти в вашу учётную запись/);
    // Another account is not affected.
    assert.equal((await login(t, "foreman@demo.local", "demo12345", "10.7.1.1")).status, 200);
  }));

Deno.test("[api] the 11th attempt of one address on one e-mail answers 429 in Russian, even with the right password", () =>
  withTestApp(async (t) => {
    for (let i = 0; i < MAX_FAILURES_PER_PAIR; i++) {
      assert.equal((await login(t, "foreman@demo.local", "wrong", "10.6.6.6")).status, 401);
    }
    const res = await login(t, "foreman@demo.local", "demo12345", "10.6.6.6");
    assert.equal(res.status, 429);
    assert.equal(
      (await res.json()).message,
      "Слишком много неудачных попыток входа. Попробуйте снова через 15 минут.",
    );
  }));

Deno.test("[api] 60 parallel wrong passwords from one address reach the password check 10 times", () =>
  withTestApp(async (t) => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, () => login(t, "engineer@demo.local", "wrong", "10.7.7.7")),
    );
    const statuses = answers.map((r) => r.status);
    await Promise.all(answers.map((r) => r.body?.cancel()));
    // A 401 is an argon2 check that failed; a 429 never reached argon2.
    assert.equal(statuses.filter((s) => s === 401).length, MAX_FAILURES_PER_PAIR);
    assert.equal(statuses.filter((s) => s === 429).length, 60 - MAX_FAILURES_PER_PAIR);
    assert.equal((await login(t, "engineer@demo.local", "demo12345", "10.0.0.8")).status, 200);
  }));

Deno.test("[api] parallel guesses spread over e-mails from one address stop at the address's limit", () =>
  withTestApp(async (t) => {
    const answers = await Promise.all(
      Array.from({ length: 70 }, (_, i) => login(t, `nobody${i}@demo.local`, "wrong", "10.8.8.8")),
    );
    const statuses = answers.map((r) => r.status);
    await Promise.all(answers.map((r) => r.body?.cancel()));
    assert.equal(statuses.filter((s) => s === 401).length, MAX_FAILURES_PER_IP);
    assert.equal(statuses.filter((s) => s === 429).length, 70 - MAX_FAILURES_PER_IP);
  }));

Deno.test("[api] colleagues behind one NAT still sign in after someone there failed 10 times", () =>
  withTestApp(async (t) => {
    for (let i = 0; i < MAX_FAILURES_PER_PAIR; i++) {
      assert.equal((await login(t, `nobody${i}@demo.local`, "wrong", "10.9.9.9")).status, 401);
    }
    assert.equal((await login(t, "nobody0@demo.local", "wrong", "10.9.9.9")).status, 401);
    assert.equal((await login(t, "manager@demo.local", "demo12345", "10.9.9.9")).status, 200);
    assert.equal((await login(t, "surveyor@demo.local", "demo12345", "10.9.9.9")).status, 200);
  }));

Deno.test("[api] a right password clears the failures of its address, and the throttle window ends after 15 minutes", async () => {
  let now = new Date("2026-11-21T10:00:00Z");
  await withTestApp({ now: () => now }, async (t) => {
    for (let i = 0; i < MAX_FAILURES_PER_PAIR - 1; i++) await login(t, "foreman@demo.local", "wrong");
    assert.equal((await login(t, "foreman@demo.local", "demo12345")).status, 200);
    for (let i = 0; i < MAX_FAILURES_PER_PAIR; i++) await login(t, "foreman@demo.local", "wrong");
    assert.equal((await login(t, "foreman@demo.local", "demo12345")).status, 429);
    now = new Date(now.getTime() + 16 * 60_000);
    assert.equal((await login(t, "foreman@demo.local", "demo12345")).status, 200);
  });
});

Deno.test("[api] POST /api/register checks on the server with the spec's Russian messages", () =>
  withTestApp(async (t) => {
    const body = await expectJson(
      t.request("/api/register", {
        method: "POST",
        json: { email: "bad", firstName: "", lastName: "", password: "123", confirmPassword: "321" },
      }),
      422,
    );
    assert.deepEqual(body.errors.email, ["Некорректный email"]);
    assert.deepEqual(body.errors.firstName, ["Имя обязательно"]);
    assert.deepEqual(body.errors.lastName, ["Фамилия обязательна"]);
    assert.deepEqual(body.errors.password, ["Пароль должен содержать минимум 6 символов"]);
    const empty = await (await t.request("/api/register", { method: "POST", json: {} })).json();
    assert.deepEqual(empty.errors.email, ["Email обязателен"]);
    assert.deepEqual(empty.errors.password, ["Пароль обязателен"]);
  }));

const registration = (email: string, password = "secret1") => ({
  email,
  firstName: "Пётр",
  lastName: "Новиков",
  password,
  confirmPassword: password,
});

const register = (t: TestApp, email: string, ip = "10.0.0.1", password?: string) =>
  t.app.request("http://localhost/api/register", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(registration(email, password)),
  }, { remoteAddr: { hostname: ip, port: 1, transport: "tcp" } });

Deno.test("[api] a registered person is a customer without a company, pending assignment", () =>
  withTestApp(async (t) => {
    const res = await register(t, "New.Client@Mail.ru");
    assert.equal(res.status, 202);
    assert.equal(res.headers.get("set-cookie"), null, "registering does not sign in: the form signs in next");
    const signedIn = await login(t, "new.client@mail.ru", "secret1");
    assert.equal(signedIn.status, 200);
    const user = await signedIn.json();
    assert.equal(user.email, "new.client@mail.ru");
    assert.equal(user.role, "user");
    assert.equal(user.companyId, null);
    assert.equal(user.pendingAssignment, true);
    assert.equal(user.isOwner, false);
  }));

Deno.test("[api] POST /api/register answers a taken e-mail exactly as a new one and leaves the account alone", () =>
  withTestApp(async (t) => {
    const fresh = await register(t, "brand.new@mail.ru");
    const taken = await register(t, "Engineer@Demo.local", "10.0.0.1", "attacker1");
    assert.equal(taken.status, fresh.status);
    assert.deepEqual(await taken.json(), await fresh.json());
    assert.equal((await login(t, "engineer@demo.local", "attacker1")).status, 401);
    assert.equal((await login(t, "engineer@demo.local", "demo12345")).status, 200);
    const [engineer] = await t.deps.db.select().from(users).where(eq(users.email, "engineer@demo.local"));
    assert.equal(engineer.firstName, "Павел", "the existing account is untouched");
  }));

Deno.test("[api] POST /api/register is throttled per address; another address still registers", () =>
  withTestApp(async (t) => {
    for (let i = 0; i < MAX_REGISTRATIONS_PER_IP; i++) {
      assert.equal((await register(t, `bulk${i}@mail.ru`, "10.5.5.5")).status, 202);
    }
    const over = await register(t, "bulk-extra@mail.ru", "10.5.5.5");
    assert.equal(over.status, 429);
    assert.match((await over.json()).message, /Попробуйте снова через 15 минут/);
    assert.equal((await login(t, "bulk-extra@mail.ru", "secret1", "10.0.0.2")).status, 401, "not created");
    assert.equal((await register(t, "other@mail.ru", "10.5.5.6")).status, 202);
  }));

Deno.test("[api] GET /api/user answers 401 JSON when signed out; a work page redirects to /login with the path", () =>
  withTestApp(async (t) => {
    const res = await t.request("/api/user");
    assert.equal(res.status, 401);
    assert.ok((await res.json()).message);
    const page = await t.request("/profile?tab=1");
    assert.equal(page.status, 302);
    assert.equal(page.headers.get("location"), "/login?next=%2Fprofile%3Ftab%3D1");
  }));

const userStatus = async (t: TestApp, cookie: string) =>
  (await t.app.request("http://localhost/api/user", { headers: { Cookie: cookie } })).status;

Deno.test("[api] POST /api/logout deletes the session; the menu's form gets a redirect, a fetch gets JSON", () =>
  withTestApp(async (t) => {
    const cookie = await t.login("surveyor@demo.local");
    const out = await t.app.request("http://localhost/api/logout", {
      method: "POST",
      headers: { Cookie: cookie, Origin: "http://localhost", "Content-Type": "application/json" },
    });
    assert.equal(out.status, 200);
    assert.equal((await out.json()).message, "Вы успешно вышли из системы");
    assert.equal(await userStatus(t, cookie), 401);
    const cookie2 = await t.login("surveyor@demo.local");
    const form = await t.app.request("http://localhost/api/logout", {
      method: "POST",
      headers: {
        Cookie: cookie2,
        Origin: "http://localhost",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: "",
    });
    assert.equal(form.status, 303);
    assert.equal(form.headers.get("location"), "/landing?logout=1");
    assert.equal(await userStatus(t, cookie2), 401);
  }));

Deno.test("[api] GET /api/logout does not sign out (any link or image could); a form from another site is refused", () =>
  withTestApp(async (t) => {
    const cookie = await t.login("surveyor@demo.local");
    const viaGet = await t.app.request("http://localhost/api/logout", { headers: { Cookie: cookie } });
    assert.equal(viaGet.status, 405);
    assert.equal(viaGet.headers.get("allow"), "POST");
    assert.ok((await viaGet.json()).message);
    const viaImg = await t.app.request("http://localhost/api/logout?x=1", {
      headers: { Cookie: cookie, Accept: "image/*", Referer: "http://evil.example/" },
    });
    assert.equal(viaImg.status, 405);
    const crossSite = await t.app.request("http://localhost/api/logout", {
      method: "POST",
      headers: {
        Cookie: cookie,
        Origin: "http://evil.example",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: "",
    });
    assert.equal(crossSite.status, 403);
    assert.equal(await userStatus(t, cookie), 200, "still signed in");
  }));

Deno.test("[api] the shell's «Выйти» is a POST form, not a link", () =>
  withTestApp(async (t) => {
    const html = await (await t.request("/profile", { as: "manager@demo.local" })).text();
    assert.match(html, /<form action="\/api\/logout" method="post">/);
    assert.doesNotMatch(html, /href="\/api\/logout"/);
  }));

Deno.test("[api] signing in as another user ends the first user's session on the server", () =>
  withTestApp(async (t) => {
    const first = await t.login("manager@demo.local");
    const res = await t.app.request("http://localhost/api/login", {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: first },
      body: JSON.stringify({ email: "foreman@demo.local", password: "demo12345" }),
    });
    assert.equal(res.status, 200);
    assert.equal((await res.json()).email, "foreman@demo.local");
    assert.equal(await userStatus(t, first), 401);
    const left = await t.deps.db.select().from(sessions).where(
      eq(sessions.id, sessionIdOf(first.split("=")[1])),
    );
    assert.equal(left.length, 0, "the row is gone, not just the cookie");
    // A failed sign-in does not end the session it was tried from.
    const again = await t.login("manager@demo.local");
    await t.app.request("http://localhost/api/login", {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: again },
      body: JSON.stringify({ email: "foreman@demo.local", password: "wrong" }),
    });
    assert.equal(await userStatus(t, again), 200);
  }));

Deno.test("[api] POST /api/change-password checks the current password and changes it", () =>
  withTestApp(async (t) => {
    const changePassword = t.as("manager@demo.local").api["change-password"];
    const wrong = await expectJson(
      changePassword.$post({
        json: { currentPassword: "nope", newPassword: "newpass1", confirmPassword: "newpass1" },
      }),
      422,
    );
    assert.deepEqual(wrong.errors.currentPassword, ["Неверный текущий пароль"]);
    const mismatch = await expectJson(
      changePassword.$post({
        json: { currentPassword: "demo12345", newPassword: "newpass1", confirmPassword: "other" },
      }),
      422,
    );
    assert.deepEqual(mismatch.errors.confirmPassword, ["Пароли не совпадают"]);
    await expectOk(
      changePassword.$post({
        json: { currentPassword: "demo12345", newPassword: "newpass1", confirmPassword: "newpass1" },
      }),
    );
    assert.equal((await login(t, "manager@demo.local", "demo12345")).status, 401);
    assert.equal((await login(t, "manager@demo.local", "newpass1")).status, 200);
  }));

Deno.test("[api] changing the password ends every other session of the user and keeps the current one", () =>
  withTestApp(async (t) => {
    const phone = await t.login("manager@demo.local");
    const laptop = await t.login("manager@demo.local");
    const stolen = await t.login("manager@demo.local");
    const other = await t.login("engineer@demo.local");
    // In one chosen session of the user (its own cookie): the raw request.
    const res = await t.app.request("http://localhost/api/change-password", {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: laptop },
      body: JSON.stringify({
        currentPassword: "demo12345",
        newPassword: "newpass1",
        confirmPassword: "newpass1",
      }),
    });
    assert.equal(res.status, 200);
    assert.equal(await userStatus(t, laptop), 200, "the session it was changed in stays");
    assert.equal(await userStatus(t, phone), 401);
    assert.equal(await userStatus(t, stolen), 401);
    assert.equal(await userStatus(t, other), 200, "other users are not touched");
  }));

Deno.test("[api] a new password follows the registration rule: 6 characters at least, same message", () =>
  withTestApp(async (t) => {
    for (const newPassword of ["1", "12345", ""]) {
      const res = await expectJson(
        t.as("manager@demo.local").api["change-password"].$post({
          json: { currentPassword: "demo12345", newPassword, confirmPassword: newPassword },
        }),
        422,
      );
      const expected = newPassword ? "Пароль должен содержать минимум 6 символов" : "Введите новый пароль";
      assert.equal(res.errors.newPassword[0], expected, JSON.stringify(newPassword));
    }
    assert.equal((await login(t, "manager@demo.local", "demo12345")).status, 200, "unchanged");
  }));

Deno.test("[api] GET /api/login redirects to /login without Yandex and to Yandex ID when configured", async () => {
  await withTestApp(async (t) => {
    const res = await t.request("/api/login?next=/tasks");
    assert.equal(res.status, 302);
    assert.equal(res.headers.get("location"), "/login?next=%2Ftasks");
  });
  await withTestApp({
    env: { YANDEX_CLIENT_ID: "abc", YANDEX_CLIENT_SECRET: "def", PUBLIC_URL: "https://smeta.example.ru" },
  }, async (t) => {
    const res = await t.request("/api/login");
    assert.equal(res.status, 302);
    const url = new URL(res.headers.get("location")!);
    assert.match(url.host, /^oauth\.yandex\./);
    assert.equal(url.searchParams.get("client_id"), "abc");
    assert.match(res.headers.get("set-cookie") ?? "", /oauth_state=/);
  });
});

Deno.test("[api] /login?next= and /api/login?next= never lead off the site", () =>
  withTestApp(async (t) => {
    const nextProp = async (query: string) => {
      const html = await (await t.request(`/login?next=${query}`)).text();
      return islandProps(html, "LoginForm")?.next;
    };
    assert.equal(await nextProp("%2Ftasks%3Fid%3D3"), "/tasks?id=3");
    const attacks = [
      "/%5Cevil.example",
      "/%09/evil.example",
      "%2F%5Cevil.example",
      "//evil.example",
      "/%5C%5Cevil.example",
      "%2F%2Fevil.example",
      "/.//evil.example",
      "/%0A/evil.example",
      "https://evil.example",
      "javascript:alert(1)",
      "javascript%3Aalert(1)",
    ];
    for (const query of attacks) {
      assert.equal(await nextProp(query), "/", query);
      const viaApi = await t.request(`/api/login?next=${query}`);
      assert.equal(viaApi.status, 302);
      assert.equal(viaApi.headers.get("location"), "/login", query);
    }
    // Signed in, /login goes home whatever next says.
    const signedIn = await t.request("/login?next=/%5Cevil.example", { as: "manager@demo.local" });
    assert.equal(signedIn.headers.get("location"), "/");
  }));
