// The role matrix, generated from the app's own route table: every API route and every page, asked by
// someone signed out, a customer, each staff role and the other company, answers what its rule says
// and never 5xx. A route added later without a rule in testing_routes.ts fails here.
import assert from "node:assert/strict";
import { type TestApp, withTestApp } from "./testing.ts";
import {
  apiRoutes,
  apiRules,
  fillPath,
  namesRecord,
  otherAdmin,
  passes,
  people,
  queryFor,
  type Records,
  type Rule,
  seedRecords,
} from "./testing_routes.ts";
import { pageRoutes } from "../routes/mod.ts";
import type { Role } from "../domain/roles.ts";

/** What a case must answer: the route's work (anything but 401, 403 and 5xx), a refusal, or "no such record". */
type Expect = "pass" | 401 | 403 | "hidden";

interface Case {
  who: string;
  email?: string;
  records: Records;
  expect: Expect;
}

/** The people of the matrix for a route: refusals are asked first, so a deletion cannot hide one. */
function casesFor(rule: Rule, path: string, records: { demo: Records; other: Records }): Case[] {
  const cases: Case[] = [{
    who: "signed out",
    records: records.demo,
    expect: rule === "public" ? "pass" : 401,
  }];
  for (const [role, email] of Object.entries(people) as [Role, string][]) {
    const expect = passes(rule, role, email === people.system_admin) ? "pass" : 403;
    cases.push({ who: role, email, records: records.demo, expect });
  }
  const adminPasses = passes(rule, "company_admin", false);
  // A public route serves everyone the same record; only a company's own routes hide another's.
  if (rule !== "public" && namesRecord(path)) {
    const expect = adminPasses ? "hidden" : 403;
    cases.push({
      who: "the other company's admin, on a demo record",
      email: otherAdmin,
      records: records.demo,
      expect,
    });
    cases.push({
      who: "the demo's company_admin, on the other company's record",
      email: people.company_admin,
      records: records.other,
      expect,
    });
  } else {
    cases.push({
      who: "the other company's admin",
      email: otherAdmin,
      records: records.demo,
      expect: adminPasses ? "pass" : 403,
    });
  }
  const order: Record<string, number> = { 401: 0, 403: 1, hidden: 2, pass: 3 };
  return cases.sort((a, b) => order[a.expect] - order[b.expect]);
}

/** `writes`: an empty body may be refused (422) before the record is looked up; that tells nothing of it. */
function meets(status: number, expect: Expect, writes = false): boolean {
  if (status >= 500) return false;
  if (expect === "pass") return status !== 401 && status !== 403;
  if (expect === "hidden") return status === 404 || status === 403 || (writes && status === 422);
  return status === expect;
}

/**
 * Pages whose handler narrows the table's access: /admin is the administrators' (and the owner's)
 * dashboard; a shop's «Мои заказы» lists the signed-in buyer's orders.
 */
const pageRules: Record<string, Rule> = {
  "/admin": ["system_admin", "company_admin"],
  "/ruslos/orders": "auth",
  "/ruslos/c/:companyId{[0-9]+}/orders": "auth",
};

/** Signs everyone in once; sign-out routes get a session of their own so the others stay signed in. */
async function sessions(t: TestApp): Promise<Map<string, string>> {
  const cookies = new Map<string, string>();
  for (const email of [...Object.values(people), otherAdmin]) cookies.set(email, await t.login(email));
  return cookies;
}

Deno.test("[matrix] every API route has a rule, and every rule a route", () =>
  withTestApp((t) => {
    const keys = apiRoutes(t.app).map((r) => r.key);
    assert.deepEqual(
      keys.filter((k) => !(k in apiRules)),
      [],
      "routes without a rule in server/testing_routes.ts",
    );
    assert.deepEqual(
      Object.keys(apiRules).filter((k) => !keys.includes(k)),
      [],
      "rules of routes that are gone",
    );
  }));

Deno.test("[matrix] every API route × signed out, customer, each staff role and the other company", () =>
  withTestApp(async (t) => {
    const records = await seedRecords(t);
    const cookies = await sessions(t);
    // Revoking the client's link ends what its token opens, and the demo clean-up removes the demo data
    // the other routes are asked about, so they go last.
    const last = ["POST /api/contracts/links/:id/revoke", "DELETE /api/admin/cleanup"];
    const routes = apiRoutes(t.app).sort((a, b) => last.indexOf(a.key) - last.indexOf(b.key));
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes) {
      const rule = apiRules[route.key];
      assert.ok(rule, `no rule for ${route.key}`);
      for (const c of casesFor(rule, route.path, records)) {
        const path = fillPath(route.path, c.records) + queryFor(route.path, c.records);
        const headers = new Headers({ Origin: "http://localhost" });
        if (c.email) {
          const signOut = route.path === "/api/logout";
          headers.set("Cookie", signOut ? await t.login(c.email) : cookies.get(c.email)!);
        }
        const writes = ["POST", "PUT", "PATCH"].includes(route.method);
        if (writes) headers.set("Content-Type", "application/json");
        const res = await t.app.request(`http://localhost${path}`, {
          method: route.method,
          headers,
          body: writes ? "{}" : undefined,
        });
        await res.body?.cancel();
        sent++;
        if (!meets(res.status, c.expect, writes)) {
          failures.push(`${route.method} ${path} as ${c.who}: ${res.status}, expected ${c.expect}`);
        }
      }
    }
    console.log(`role matrix: ${routes.length} API routes, ${sent} requests, ${failures.length} unexpected`);
    assert.deepEqual(failures, []);
  }));

Deno.test("[matrix] every page × signed out, customer, each staff role and the other company", () =>
  withTestApp(async (t) => {
    const records = await seedRecords(t);
    const cookies = await sessions(t);
    const failures: string[] = [];
    for (const page of pageRoutes) {
      const rule = pageRules[page.path] ?? page.access;
      for (const c of casesFor(rule, page.path, records)) {
        const path = fillPath(page.path, c.records) + queryFor(page.path, c.records);
        const headers = new Headers();
        if (c.email) headers.set("Cookie", cookies.get(c.email)!);
        const res = await t.app.request(`http://localhost${path}`, { headers });
        await res.body?.cancel();
        const location = res.headers.get("location") ?? "";
        const good = c.expect === 401
          ? res.status === 302 && location.startsWith("/login?next=")
          : c.expect === "pass"
          ? res.status === 200 || (res.status === 302 && !location.startsWith("/login"))
          : meets(res.status, c.expect);
        if (!good) failures.push(`GET ${path} as ${c.who}: ${res.status} ${location}, expected ${c.expect}`);
      }
    }
    console.log(`page matrix: ${pageRoutes.length} pages`);
    assert.deepEqual(failures, []);
  }));
