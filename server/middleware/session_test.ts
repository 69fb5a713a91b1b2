// The session check on every request: one read, a write only past half the lifetime, none for static
// files, and a revoked session or a deactivated user refused on the very next request.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { companies, sessions, users } from "../../db/schema/mod.ts";
import { SESSION_LIFETIME, sessionIdOf, validateSessionToken } from "../auth/sessions.ts";
import { countQueries } from "../query_count.ts";
import { localSessionLookup, lookupSql } from "../../db/session_reader.ts";
import { createTestApp, withTestApp } from "../testing.ts";

const DAY = 86_400_000;

Deno.test("session: the lookup is one read by the primary key", () =>
  withTestApp(async (t) => {
    const plan = await t.deps.db.$client.execute({ sql: `explain query plan ${lookupSql}`, args: ["x"] });
    const steps = plan.rows.map((r) => String(r.detail));
    assert.equal(steps.length, 3, steps.join("; "));
    assert.match(steps[0], /^SEARCH s USING INDEX sqlite_autoindex_sessions_1 \(id=\?\)$/);
    assert.match(steps[1], /^SEARCH u USING INTEGER PRIMARY KEY/);
    assert.match(steps[2], /^SEARCH c USING INTEGER PRIMARY KEY/);
  }));

Deno.test("session: no statement through the general client per request; renewed (one write) only after half the lifetime", async () => {
  let now = new Date("2026-11-01T00:00:00Z");
  const t = await createTestApp({ now: () => now });
  try {
    const cookie = await t.login("engineer@demo.local");
    const get = (path: string) =>
      countQueries(t.deps.db, async () => {
        const res = await t.request(path, { headers: { Cookie: cookie } });
        await res.arrayBuffer();
        return res;
      });
    // The read goes through the session reader's own connection, so the general client sees only writes.
    now = new Date(now.getTime() + 14 * DAY);
    const early = await get("/api/user");
    assert.equal(early.result.status, 200);
    assert.deepEqual(early.queries, []);
    assert.equal(early.result.headers.get("set-cookie"), null);

    now = new Date(now.getTime() + 2 * DAY);
    const late = await get("/api/user");
    assert.equal(late.queries.length, 1);
    assert.match(late.queries[0], /^update "sessions"/);
    assert.match(late.result.headers.get("set-cookie")!, /Max-Age=2592000/);
    const [row] = await t.deps.db.select().from(sessions);
    assert.equal(row.expiresAt.getTime(), now.getTime() + SESSION_LIFETIME);

    const again = await get("/api/user");
    assert.deepEqual(again.queries, [], "a renewed session is not written again");

    const html = await (await t.request("/objects", { headers: { Cookie: cookie } })).text();
    const script = html.match(/<script type="module" src="([^"]+)"/)![1];
    for (const path of [script, `/static/styles.css?v=${t.deps.styles.version}`, "/static/favicon.svg"]) {
      const file = await get(path);
      assert.equal(file.result.status, 200, path);
      assert.equal(file.queries.length, 0, `${path} reads no session`);
    }
  } finally {
    await t.close();
  }
});

Deno.test("session: a revoked session, a deactivated user or company are refused on the next request", () =>
  withTestApp(async (t) => {
    const engineer = await t.login("engineer@demo.local");
    const surveyor = await t.login("surveyor@demo.local");
    const ask = (cookie: string) => t.request("/api/user", { headers: { Cookie: cookie } });
    assert.equal((await ask(engineer)).status, 200);
    assert.equal((await ask(surveyor)).status, 200);

    await t.deps.db.delete(sessions);
    assert.equal((await ask(engineer)).status, 401);

    const again = await t.login("surveyor@demo.local");
    assert.equal((await ask(again)).status, 200);
    await t.deps.db.update(users).set({ isActive: false }).where(eq(users.email, "surveyor@demo.local"));
    const refused = await ask(again);
    assert.equal(refused.status, 401);
    assert.match(refused.headers.get("set-cookie")!, /ps_session=;/);
    const page = await t.request("/objects", { headers: { Cookie: again } });
    assert.equal(page.status, 302);
    assert.match(page.headers.get("location")!, /^\/login/);

    const director = await t.login("director@demo.local");
    assert.equal((await ask(director)).status, 200);
    await t.deps.db.update(companies).set({ isActive: false }).where(eq(companies.name, "ООО «Демо Септик»"));
    assert.equal((await ask(director)).status, 401, "a deactivated company signs its people out");
  }));

Deno.test("session: a user without a company is signed in, with no company fields", () =>
  withTestApp(async (t) => {
    const res = await t.request("/api/user", { as: "client@demo.local" });
    assert.equal(res.status, 200);
    const user = await res.json();
    assert.equal(user.email, "client@demo.local");
    assert.equal(user.companyId ?? null, null);
  }));

Deno.test("session: the reader's row equals the general client's for a user with and without a company", () =>
  withTestApp(async (t) => {
    const lookup = localSessionLookup(t.deps.env.DATABASE_URL)!;
    for (const email of ["engineer@demo.local", "client@demo.local"]) {
      const token = (await t.login(email)).split("=")[1];
      const now = t.deps.now();
      const viaReader = await validateSessionToken(t.deps.db, token, now, lookup);
      const viaClient = await validateSessionToken(t.deps.db, token, now);
      assert.ok(viaReader);
      assert.deepEqual(viaReader, viaClient, email);
    }
    assert.equal(await lookup(sessionIdOf("not-a-token")), undefined);
    assert.equal(localSessionLookup("libsql://example.turso.io"), null, "a remote database uses the client");
  }));
