import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { runCli, spawnCli, withTempDir } from "./testing.ts";
import { openDb } from "../db/client.ts";
import { users } from "../db/schema/mod.ts";
import { verifyPassword } from "../db/password.ts";
import { localAccounts } from "../db/schema/mod.ts";
import { boot } from "../server/boot.ts";
import { readEnv } from "../server/env.ts";

async function owners(url: string) {
  const db = await openDb(url);
  try {
    return (await db.select({ email: users.email, role: users.role }).from(users).where(
      eq(users.isOwner, true),
    ));
  } finally {
    db.$client.close();
  }
}

/** `users create-admin` in-process with the password secret123. */
const createAdmin = (url: string, email: string, name: string) =>
  runCli("users", "create-admin", "--email", email, "--name", name, "--password", "secret123", "--db", url);

Deno.test("[cli] users create-admin: the first system_admin is the owner, the next are not, a taken e-mail is refused", () =>
  withTempDir(async (dir) => {
    const url = `file:${dir}/app.db`;
    const first = await createAdmin(url, "Boss@Firm.ru", "Борис Главный");
    assert.equal(first.code, 0, first.err.join("\n"));
    assert.match(first.out[0], /boss@firm\.ru .*владелец/);
    const second = await createAdmin(url, "two@firm.ru", "Вера");
    assert.equal(second.code, 0);
    assert.doesNotMatch(second.out[0], /владелец/);
    assert.deepEqual(await owners(url), [{ email: "boss@firm.ru", role: "system_admin" }]);

    const db = await openDb(url);
    try {
      const [boss] = await db.select().from(users).where(eq(users.email, "boss@firm.ru"));
      assert.equal(boss.firstName, "Борис");
      assert.equal(boss.lastName, "Главный");
      assert.equal(boss.companyId, null);
      const [account] = await db.select().from(localAccounts).where(eq(localAccounts.userId, boss.id));
      assert.equal(await verifyPassword(account.passwordHash, "secret123"), true);
    } finally {
      db.$client.close();
    }

    const again = await createAdmin(url, "boss@firm.ru", "Кто-то");
    assert.equal(again.code, 2, "a taken e-mail is a usage error: --promote is the way forward");
    assert.match(again.err[0], /уже зарегистрирован.*--promote/);
    assert.equal((await owners(url)).length, 1);

    // The app started on that database lets the owner, and only the owner, into /api/admin.
    const app = await boot(readEnv({ DATABASE_URL: url, DATA_DIR: dir }));
    try {
      const adminUsers = async (email: string) => {
        const res = await app.app.request("http://localhost/api/login", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ email, password: "secret123" }),
        });
        const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0];
        return (await app.app.request("http://localhost/api/admin/users", { headers: { Cookie: cookie } }))
          .status;
      };
      assert.equal(await adminUsers("boss@firm.ru"), 200);
      assert.equal(await adminUsers("two@firm.ru"), 403);
    } finally {
      app.close();
    }
  }));

Deno.test("[cli] users create-admin refuses a bad e-mail, a short password and a missing one with a usage error", () =>
  withTempDir(async (dir) => {
    const url = `file:${dir}/app.db`;
    const badEmail = await createAdmin(url, "boss", "Б");
    assert.equal(badEmail.code, 2);
    assert.match(badEmail.err[0], /--email: Некорректный email/);
    const short = await runCli(
      "users",
      "create-admin",
      "--email",
      "b@firm.ru",
      "--name",
      "Б",
      "--password",
      "12345",
      "--db",
      url,
    );
    assert.equal(short.code, 2);
    assert.match(short.err[0], /минимум 6 символов/);
    const noName = await runCli(
      "users",
      "create-admin",
      "--email",
      "b@firm.ru",
      "--password",
      "secret123",
      "--db",
      url,
    );
    assert.equal(noName.code, 2);
    // No --password, no ADMIN_PASSWORD and no terminal: it says how to give one and writes nothing.
    const noPassword = await spawnCli([
      "users",
      "create-admin",
      "--email",
      "b@firm.ru",
      "--name",
      "Б",
      "--db",
      url,
    ]);
    assert.equal(noPassword.code, 2, noPassword.stderr);
    assert.match(noPassword.stderr, /ADMIN_PASSWORD/);
    assert.equal(await Deno.stat(`${dir}/app.db`).then(() => true, () => false), false);
  }));

Deno.test("[cli] users create-admin takes the password from ADMIN_PASSWORD and honours OWNER_EMAIL", () =>
  withTempDir(async (dir) => {
    const url = `file:${dir}/app.db`;
    const env = { ADMIN_PASSWORD: "from-env-1", OWNER_EMAIL: "boss@firm.ru", DATABASE_URL: url };
    const notOwner = await spawnCli([
      "users",
      "create-admin",
      "--email",
      "first@firm.ru",
      "--name",
      "Первый Админ",
    ], { env });
    assert.equal(notOwner.code, 0, notOwner.stderr);
    assert.deepEqual(await owners(url), [], "with OWNER_EMAIL set, only that e-mail is the owner");
    const owner = await spawnCli([
      "users",
      "create-admin",
      "--email",
      "boss@firm.ru",
      "--name",
      "Борис Главный",
    ], { env });
    assert.equal(owner.code, 0, owner.stderr);
    assert.deepEqual(await owners(url), [{ email: "boss@firm.ru", role: "system_admin" }]);
    const db = await openDb(url);
    try {
      const [account] = await db.select().from(localAccounts).where(eq(localAccounts.email, "boss@firm.ru"));
      assert.equal(await verifyPassword(account.passwordHash, "from-env-1"), true);
    } finally {
      db.$client.close();
    }
  }));

Deno.test("[cli] users create-admin for OWNER_EMAIL registered first as a customer refuses, then --promote makes it the owner", () =>
  withTempDir(async (dir) => {
    const url = `file:${dir}/app.db`;
    // Someone registers the future owner's e-mail before the operator sets OWNER_EMAIL.
    const app = await boot(readEnv({ DATABASE_URL: url, DATA_DIR: dir }));
    const signIn = (password: string) =>
      app.app.request("http://localhost/api/login", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: "boss@firm.ru", password }),
      });
    let squatterCookie = "";
    try {
      const registered = await app.app.request("http://localhost/api/register", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          email: "boss@firm.ru",
          firstName: "Иван",
          lastName: "Чужой",
          password: "squatter1",
          confirmPassword: "squatter1",
        }),
      });
      assert.equal(registered.status, 202);
      squatterCookie = ((await signIn("squatter1")).headers.get("set-cookie") ?? "").split(";")[0];
      assert.ok(squatterCookie);
    } finally {
      app.close();
    }

    const env = { ADMIN_PASSWORD: "operator-1", OWNER_EMAIL: "boss@firm.ru", DATABASE_URL: url };
    const args = ["users", "create-admin", "--email", "boss@firm.ru", "--name", "Борис Главный"];
    const refused = await spawnCli(args, { env });
    assert.equal(refused.code, 2, refused.stderr);
    const lines = refused.stderr.trim().split("\n");
    assert.equal(lines.length, 1, refused.stderr);
    assert.match(lines[0], /boss@firm\.ru: уже зарегистрирован \(Иван Чужой, роль «Пользователь».*--promote/);
    assert.deepEqual(await owners(url), []);

    const promoted = await spawnCli([...args, "--promote"], { env });
    assert.equal(promoted.code, 0, promoted.stderr);
    assert.match(promoted.stdout, /Иван Чужой, роль «Пользователь»/);
    assert.match(promoted.stdout, /системным администратором, главный администратор \(владелец\)/);
    assert.deepEqual(await owners(url), [{ email: "boss@firm.ru", role: "system_admin" }]);

    // The first registrant's password and session no longer open the account; the operator's does.
    const after = await boot(readEnv({ DATABASE_URL: url, DATA_DIR: dir, OWNER_EMAIL: "boss@firm.ru" }));
    try {
      const login = (password: string) =>
        after.app.request("http://localhost/api/login", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ email: "boss@firm.ru", password }),
        });
      assert.equal((await login("squatter1")).status, 401);
      const old = await after.app.request("http://localhost/api/user", {
        headers: { Cookie: squatterCookie },
      });
      assert.equal(old.status, 401);
      const cookie = ((await login("operator-1")).headers.get("set-cookie") ?? "").split(";")[0];
      const adminUsers = await after.app.request("http://localhost/api/admin/users", {
        headers: { Cookie: cookie },
      });
      assert.equal(adminUsers.status, 200);
    } finally {
      after.close();
    }
  }));
