import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { withMigratedDb } from "../../db/testing_db.ts";
import { sessions, users } from "../../db/schema/mod.ts";
import { createSession, SESSION_LIFETIME, sessionIdOf, validateSessionToken } from "./sessions.ts";
import { hashPassword, passwordHashOptions, verifyPassword } from "../../db/password.ts";

const DAY = 86_400_000;

const withDb = (fn: (db: Db, userId: number) => Promise<void>) =>
  withMigratedDb(async (db) => {
    const [u] = await db.insert(users).values({ email: "a@b.ru" }).returning();
    await fn(db, u.id);
  });

Deno.test("sessions: only the SHA-256 of the token is stored", () =>
  withDb(async (db, userId) => {
    const { token } = await createSession(db, userId, new Date());
    const rows = await db.select().from(sessions);
    assert.equal(rows.length, 1);
    assert.notEqual(rows[0].id, token);
    assert.equal(rows[0].id, sessionIdOf(token));
    assert.match(rows[0].id, /^[0-9a-f]{64}$/);
  }));

Deno.test("sessions: a session used in its last 15 days is renewed to 30 days; an expired one is deleted", () =>
  withDb(async (db, userId) => {
    const start = new Date("2026-11-01T00:00:00Z");
    const { token } = await createSession(db, userId, start);
    const fresh = await validateSessionToken(db, token, new Date(start.getTime() + DAY));
    assert.equal(fresh?.renewed, false);
    const later = new Date(start.getTime() + 20 * DAY);
    const renewed = await validateSessionToken(db, token, later);
    assert.equal(renewed?.renewed, true);
    assert.equal(renewed?.expiresAt.getTime(), later.getTime() + SESSION_LIFETIME);
    const expired = await validateSessionToken(db, token, new Date(later.getTime() + SESSION_LIFETIME + 1));
    assert.equal(expired, null);
    assert.equal((await db.select().from(sessions).where(eq(sessions.userId, userId))).length, 0);
    assert.equal(await validateSessionToken(db, "not-a-token", later), null);
  }));

Deno.test("passwords: argon2id hashes verify only the right password", async () => {
  const hash = await hashPassword("секрет123");
  assert.match(hash, /^\$argon2id\$/);
  assert.equal(await verifyPassword(hash, "секрет123"), true);
  assert.equal(await verifyPassword(hash, "секрет124"), false);
  assert.equal(await verifyPassword("garbage", "x"), false);
});

Deno.test("hashPassword() uses the production argon2id parameters when the test setting is absent", async () => {
  assert.deepEqual(passwordHashOptions(undefined), { memoryCost: 19456, timeCost: 2, parallelism: 1 });
  assert.notDeepEqual(passwordHashOptions("1"), passwordHashOptions(undefined));
  // A process without the setting, as a server is started: its hashes carry the production parameters.
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "eval",
      `import { hashPassword } from "${new URL("../../db/password.ts", import.meta.url)}";` +
      `console.log(await hashPassword("секрет123"));`,
    ],
    // Only what deno needs to find its cache: not TEST_CHEAP_PASSWORD_HASHING.
    env: Object.fromEntries(
      ["HOME", "PATH", "DENO_DIR", "NO_COLOR"].flatMap((k) => Deno.env.has(k) ? [[k, Deno.env.get(k)!]] : []),
    ),
    clearEnv: true,
    stdout: "piped",
    stderr: "inherit",
  }).output();
  assert.equal(out.code, 0);
  assert.match(new TextDecoder().decode(out.stdout), /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
});
