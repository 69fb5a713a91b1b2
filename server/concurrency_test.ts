// deno-lint-ignore-file no-explicit-any
// Bursts of parallel writes inside one process: each must answer 2xx or a 4xx with a message, never 5xx,
// leave consistent rows behind, and sign-ins must keep answering while and after the bursts run.
import assert from "node:assert/strict";
import { count, eq } from "drizzle-orm";
import { DEMO_PASSWORD, type TestApp, withTestApp } from "./testing.ts";
import { estimates, localAccounts, objects, tasks, users } from "../db/schema/mod.ts";

/** Fires `n` requests at once; answers their statuses and bodies. */
async function burst(n: number, send: (i: number) => Promise<Response>) {
  const responses = await Promise.all(Array.from({ length: n }, (_, i) => send(i)));
  return await Promise.all(responses.map(async (r) => ({ status: r.status, body: await r.json() as any })));
}

function tally(results: { status: number }[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const r of results) out[r.status] = (out[r.status] ?? 0) + 1;
  return out;
}

function assertNo5xx(results: { status: number; body: any }[], what: string) {
  const failed = results.filter((r) => r.status >= 500);
  assert.equal(
    failed.length,
    0,
    `${what}: ${JSON.stringify(tally(results))} ${JSON.stringify(failed[0]?.body)}`,
  );
}

/** One 201 and the rest refused with 409 or 422 and a Russian message about the e-mail. */
function assertOneCreated(results: { status: number; body: any }[], what: string) {
  assertNo5xx(results, what);
  assert.equal(
    results.filter((r) => r.status === 201).length,
    1,
    `${what}: ${JSON.stringify(tally(results))}`,
  );
  for (const r of results.filter((r) => r.status !== 201)) {
    assert.ok([409, 422].includes(r.status), `${what}: ${r.status} ${JSON.stringify(r.body)}`);
    assert.match(r.body.message, /[а-яё]/i);
  }
}

/** A sign-up from its own loopback address (each address may sign up 10 times in 15 minutes). */
function register(t: TestApp, email: string, from: string) {
  return t.request("/api/register", {
    method: "POST",
    from,
    json: {
      email,
      password: "secret77",
      confirmPassword: "secret77",
      firstName: "Иван",
      lastName: "Параллельный",
    },
  });
}

function login(t: TestApp, email: string) {
  return t.request("/api/login", { method: "POST", json: { email, password: DEMO_PASSWORD } });
}

async function usersWithEmail(t: TestApp, email: string) {
  const [u] = await t.deps.db.select({ n: count() }).from(users).where(eq(users.email, email));
  const [a] = await t.deps.db.select({ n: count() }).from(localAccounts).where(
    eq(localAccounts.email, email),
  );
  return { users: u.n, accounts: a.n };
}

Deno.test("[concurrency] 20 parallel registrations with one e-mail: no 5xx, one account", () =>
  withTestApp(async (t) => {
    const results = await burst(20, (i) => register(t, "same@example.ru", `127.0.1.${i}`));
    assertNo5xx(results, "registrations");
    // How a taken e-mail is answered is the sign-up's business (it may hide that the e-mail exists).
    for (const r of results) assert.ok(r.status < 300 || [409, 422].includes(r.status), `${r.status}`);
    assert.deepEqual(await usersWithEmail(t, "same@example.ru"), { users: 1, accounts: 1 });
  }));

Deno.test("[concurrency] sign-ins keep answering 200 during and after bursts of registrations", () =>
  withTestApp(async (t) => {
    for (let round = 0; round < 3; round++) {
      const [writes, logins] = await Promise.all([
        burst(
          20,
          (i) =>
            register(
              t,
              i % 2 ? `dup${round}@example.ru` : `u${round}-${i}@example.ru`,
              `127.0.${round + 2}.${i}`,
            ),
        ),
        burst(10, () => login(t, "director@demo.local")),
      ]);
      assertNo5xx(writes, `registrations, round ${round}`);
      assert.deepEqual(tally(logins), { 200: 10 }, `logins during round ${round}`);
    }
    const after = await burst(40, () => login(t, "manager@demo.local"));
    assert.deepEqual(tally(after), { 200: 40 }, "logins after the bursts");
  }));

Deno.test("[concurrency] 20 parallel POST /api/employees with one e-mail: one 201, the rest 409/422", () =>
  withTestApp(async (t) => {
    await t.login("director@demo.local");
    const results = await burst(
      20,
      () =>
        t.as("director@demo.local").post("/api/employees", {
          firstName: "Пётр",
          lastName: "Двойной",
          email: "twin@demo.local",
          role: "foreman",
        }),
    );
    assertOneCreated(results, "employees");
    assert.deepEqual(await usersWithEmail(t, "twin@demo.local"), { users: 1, accounts: 1 });
  }));

Deno.test("[concurrency] 20 parallel POST /api/tasks each store one task", () =>
  withTestApp(async (t) => {
    const [object] = await t.deps.db.select({ id: objects.id, companyId: objects.companyId }).from(objects)
      .innerJoin(users, eq(users.companyId, objects.companyId)).where(eq(users.email, "engineer@demo.local"))
      .limit(1);
    const [surveyor] = await t.deps.db.select({ id: users.id }).from(users)
      .where(eq(users.email, "surveyor@demo.local"));
    const [before] = await t.deps.db.select({ n: count() }).from(tasks);
    const due = new Date(t.deps.now().getTime() + 3 * 86_400_000).toISOString().slice(0, 10);
    const results = await burst(20, (i) =>
      t.request("/api/tasks", {
        as: "engineer@demo.local",
        method: "POST",
        json: {
          title: `Параллельная задача ${i}`,
          dueDate: due,
          objectId: object.id,
          assignedTo: surveyor.id,
        },
      }));
    assert.deepEqual(tally(results), { 201: 20 });
    const [after] = await t.deps.db.select({ n: count() }).from(tasks);
    assert.equal(after.n - before.n, 20, "one row per 201");
  }));

Deno.test("[concurrency] 20 parallel generations from one measurement give 20 estimates with distinct numbers", () =>
  withTestApp(async (t) => {
    const list = await (await t.request("/api/tasks", { as: "surveyor@demo.local" })).json() as any[];
    const task = list.find((x) => x.storedStatus === "in_progress" && x.objectId);
    const body = {
      objectId: task.objectId,
      taskId: task.id,
      measurements: {
        septic_model: "topas-5",
        residents_count: 5,
        installation_depth: 2.5,
        soil_type: "clay",
      },
    };
    const results = await burst(
      20,
      () => t.as("surveyor@demo.local").post("/api/estimates/generate", body),
    );
    assertNo5xx(results, "generations");
    assert.deepEqual(tally(results), { 201: 20 });
    const numbers = results.map((r) => r.body.estimateNumber);
    assert.equal(new Set(numbers).size, 20, `numbers: ${numbers.join(", ")}`);
    const stored = await t.deps.db.select({ number: estimates.estimateNumber }).from(estimates)
      .where(eq(estimates.objectId, task.objectId));
    assert.equal(new Set(stored.map((s) => s.number)).size, stored.length, "stored numbers are unique");
    for (const n of numbers) assert.ok(stored.some((s) => s.number === n), `${n} is stored as answered`);
  }));

Deno.test("[concurrency] registrations, employees, tasks, generations and sign-ins at once: no 5xx", () =>
  withTestApp(async (t) => {
    for (const as of ["director@demo.local", "engineer@demo.local", "surveyor@demo.local"]) await t.login(as);
    const [surveyor] = await t.deps.db.select({ id: users.id }).from(users)
      .where(eq(users.email, "surveyor@demo.local"));
    const list = await (await t.request("/api/tasks", { as: "surveyor@demo.local" })).json() as any[];
    const task = list.find((x) => x.storedStatus === "in_progress" && x.objectId);
    const due = new Date(t.deps.now().getTime() + 3 * 86_400_000).toISOString().slice(0, 10);
    const [registrations, employees, created, generated, logins] = await Promise.all([
      burst(10, (i) => register(t, "mixed@example.ru", `127.0.9.${i}`)),
      burst(
        10,
        () =>
          t.as("director@demo.local").post("/api/employees", {
            firstName: "Смешанный",
            lastName: "Поток",
            email: "mixed@demo.local",
            role: "foreman",
          }),
      ),
      burst(
        10,
        (i) =>
          t.as("engineer@demo.local").post("/api/tasks", {
            title: `Смешанная ${i}`,
            dueDate: due,
            objectId: task.objectId,
            assignedTo: surveyor.id,
          }),
      ),
      burst(
        10,
        () =>
          t.as("surveyor@demo.local").post("/api/estimates/generate", {
            objectId: task.objectId,
            measurements: { septic_model: "topas-5", residents_count: 3 },
          }),
      ),
      burst(20, () => login(t, "manager@demo.local")),
    ]);
    assertNo5xx(registrations, "registrations");
    assertOneCreated(employees, "employees");
    assert.deepEqual(tally(created), { 201: 10 });
    assert.deepEqual(tally(generated), { 201: 10 });
    assert.equal(new Set(generated.map((r) => r.body.estimateNumber)).size, 10);
    assert.deepEqual(tally(logins), { 200: 20 });
    assert.deepEqual(await usersWithEmail(t, "mixed@example.ru"), { users: 1, accounts: 1 });
    assert.deepEqual(await usersWithEmail(t, "mixed@demo.local"), { users: 1, accounts: 1 });
  }));
