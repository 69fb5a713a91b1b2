// Fuzzing generated from the app's own route table: every write route gets wrong types per field, null,
// huge strings, deep nesting, a 2 MB body, odd numbers and malformed JSON; every route gets odd ids and
// query values. All of it must answer 4xx (or 2xx when it happens to be valid), never 5xx. A seeded
// random generator keeps each run the same; the counts are printed.
import assert from "node:assert/strict";
import { createTestApp, fileForm, type TestApp } from "./testing.ts";
import {
  type ApiRoute,
  apiRoutes,
  apiRules,
  boundedBodies,
  fillPath,
  people,
  queryFor,
  type Records,
  type Rule,
  seedRecords,
} from "./testing_routes.ts";
import { pageRoutes } from "../routes/mod.ts";
import type { Role } from "../domain/roles.ts";

/** mulberry32: a small seeded generator, so a failing run can be repeated exactly. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6D2B79F5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return { int, pick: <T>(list: readonly T[]): T => list[int(list.length)] };
}

/** JSON text that JSON.stringify cannot write (1e400, -0, 2^63 exactly, deep nesting). */
class Raw {
  constructor(readonly text: string) {}
}

function encode(value: unknown): string {
  if (value instanceof Raw) return value.text;
  if (Array.isArray(value)) return `[${value.map(encode).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}:${encode(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

const nested = (depth: number) => new Raw("[".repeat(depth) + "]".repeat(depth));

/** Values of the wrong type or an odd size for any field. */
const oddValues: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  new Raw("-0"),
  new Raw("1e400"),
  new Raw("-1e400"),
  new Raw("1e-400"),
  new Raw("9223372036854775808"),
  new Raw("9007199254740993"),
  9007199254740991,
  999_999,
  "NaN",
  "1e400",
  "-1",
  "",
  " ",
  "Infinity",
  "0x10",
  "2026-02-30",
  "abc",
  "я".repeat(100_000),
  "\u0000",
  "<script>alert(1)</script>",
  [],
  {},
  [1, "a", null],
  { nested: { deeper: [1] } },
  nested(40),
];

/** Odd texts for ids and numbers in paths and query strings. */
const oddTexts = [
  "1e400",
  "-1",
  "0",
  "1.5",
  "NaN",
  "",
  "abc",
  "99999999999999999999",
  "9223372036854775808",
  "9007199254740993",
  "9007199254740991",
  "999999",
  "0x10",
  "%00",
  "1%20",
  " 1",
  "-0",
  "Infinity",
  // Text a search hands to SQLite's full-text index: a NUL, quotes, its operators.
  "\u0000ab",
  '"',
  'ул "Заря" NEAR(a* b)',
];

/** Query names the pages and the API read. */
const queryNames = [
  "companyId",
  "objectId",
  "taskId",
  "userId",
  "assignedTo",
  "status",
  "page",
  "pageSize",
  "limit",
  "offset",
  "period",
  "table",
  "role",
  "q",
  "format",
  "inline",
  "download",
  "tab",
  "new",
  "next",
];

const malformed = ["{", '{"a":', "nul", "{'a':1}", '{"a":1}}', "\u0000", "[1,]", '{"a":NaN}', "", "\uFEFF{}"];

/** The person who may call a route (public routes are asked signed out, so sign-out ends no session). */
function callerOf(rule: Rule): string | undefined {
  if (rule === "public") return undefined;
  if (rule === "auth" || rule === "owner") return people.system_admin;
  const order: Role[] = [
    "system_admin",
    "company_admin",
    "chief_engineer",
    "manager",
    "measurement_engineer",
  ];
  return people[order.find((r) => rule.includes(r)) ?? rule[0]];
}

interface Fuzzer {
  sent: number;
  fiveHundreds: string[];
  send(route: ApiRoute | null, path: string, init: RequestInit, what: string): Promise<void>;
}

function fuzzer(
  t: TestApp,
  cookies: Map<string, string>,
  as: (route: ApiRoute | null) => string | undefined,
) {
  const f: Fuzzer = {
    sent: 0,
    fiveHundreds: [],
    async send(route, path, init, what) {
      const headers = new Headers(init.headers);
      headers.set("Origin", "http://localhost");
      const email = as(route);
      if (email) headers.set("Cookie", cookies.get(email)!);
      const res = await t.app.request(`http://localhost${path}`, { ...init, headers });
      await res.body?.cancel();
      f.sent++;
      if (res.status < 500) return;
      f.fiveHundreds.push(`${init.method ?? "GET"} ${path} ${what}: ${res.status}`);
    },
  };
  return f;
}

/** Every value the demo data shows under a key, from the answers of the API's GET routes: real ids, texts, dates. */
async function harvest(t: TestApp, cookie: string, records: Records): Promise<Map<string, unknown[]>> {
  const seen = new Map<string, unknown[]>();
  const walk = (value: unknown, depth: number) => {
    if (depth > 4 || value === null || typeof value !== "object") return;
    for (const [k, v] of Object.entries(value)) {
      const list = seen.get(k) ?? [];
      if (list.length < 12 && JSON.stringify(v).length < 2000) list.push(v);
      seen.set(k, list);
      if (Array.isArray(v)) v.slice(0, 5).forEach((x) => walk(x, depth + 1));
      else walk(v, depth + 1);
    }
  };
  for (const route of apiRoutes(t.app)) {
    // Public routes are sign-in and sign-out: asking them would end the session.
    if (route.method !== "GET" || route.path.includes(":file") || apiRules[route.key] === "public") continue;
    const res = await t.app.request(`http://localhost${fillPath(route.path, records)}`, {
      headers: { Cookie: cookie },
    });
    if ((res.headers.get("content-type") ?? "").includes("application/json") && res.ok) {
      const body = await res.json();
      (Array.isArray(body) ? body.slice(0, 5) : [body]).forEach((x) => walk(x, 0));
    } else await res.body?.cancel();
  }
  return seen;
}

async function setUp() {
  const t = await createTestApp();
  const records = await seedRecords(t);
  const cookies = new Map<string, string>();
  for (const email of Object.values(people)) cookies.set(email, await t.login(email));
  return { t, records, cookies };
}

function report(name: string, f: Fuzzer) {
  console.log(`${name}: ${f.sent} requests, ${f.fiveHundreds.length} answered 5xx`);
}

/** Odd bodies for every other write route from `part` on, so each half stays well under 30 s. */
async function fuzzBodies(part: number, parts: number) {
  const { t, records, cookies } = await setUp();
  try {
    const rng = random(20261123 + part);
    const values = await harvest(t, cookies.get(people.system_admin)!, records.demo);
    const vocabulary = [...values.keys()];
    // Ids a body may name (companyId, objectId, assignedTo…): a record that does not exist, or no number at all.
    const idKeys = vocabulary.filter((k) => /(^id|Id|To|By)$/.test(k));
    const oddIds: unknown[] = [-1, 0, new Raw("1e400"), new Raw("9223372036854775808"), 1.5, "1e400"];
    // The other company's records: the system administrator reaches them, and the demo's own stay intact.
    const writes = apiRoutes(t.app).filter((r) => ["POST", "PUT", "PATCH"].includes(r.method))
      .filter((_, i) => i % parts === part);
    const f = fuzzer(t, cookies, (route) => callerOf(apiRules[route!.key]));
    const json = { "Content-Type": "application/json" };
    for (const route of writes) {
      const path = fillPath(route.path, records.other);
      const send = (body: string, what: string) => {
        const query = rng.int(4) === 0
          ? `?${rng.pick(queryNames)}=${encodeURIComponent(rng.pick(oddTexts))}`
          : "";
        return f.send(route, path + query, { method: route.method, headers: json, body }, what);
      };
      // The fields the route asks for, from its own answer to an empty body.
      const caller = callerOf(apiRules[route.key]);
      const res = await t.app.request(`http://localhost${path}`, {
        method: route.method,
        headers: { ...json, ...(caller ? { Cookie: cookies.get(caller)! } : {}) },
        body: "{}",
      });
      const answer = await res.json().catch(() => ({}));
      const fields = [...new Set(Object.keys(answer?.errors ?? {}).map((k) => k.split(".")[0]))]
        .filter((k) => k !== "_");
      const base: Record<string, unknown> = {};
      // A real value of the same name where the demo shows one, a fresh e-mail (so creation passes the
      // duplicate check) and a text long enough for a password otherwise.
      const emailKeys: string[] = [];
      for (const k of fields) {
        base[k] = values.get(k)?.length ? rng.pick(values.get(k)!) : "Фаззинг-12345";
        if (typeof base[k] === "string" && (base[k] as string).includes("@")) emailKeys.push(k);
      }
      const fresh = () => ({
        ...base,
        ...Object.fromEntries(emailKeys.map((k) => [k, `fuzz${f.sent}@example.test`])),
      });

      for (const k of fields) {
        for (let i = 0; i < 6; i++) {
          const odd = rng.pick(oddValues);
          await send(encode({ ...fresh(), [k]: odd }), `${k}=${encode(odd).slice(0, 40)}`);
        }
      }
      for (const k of idKeys) {
        for (const odd of [999_999, "abc", rng.pick(oddIds)]) {
          await send(encode({ ...fresh(), [k]: odd }), `${k}=${encode(odd)}`);
        }
      }
      for (let i = 0; i < 15; i++) {
        const body: Record<string, unknown> = fresh();
        for (let j = 1 + rng.int(3); j > 0; j--) body[rng.pick(vocabulary)] = rng.pick(oddValues);
        await send(encode(body), `random fields ${encode(body).slice(0, 80)}`);
      }
      await send(nested(20_000).text, "20 000-deep array");
      await send(encode({ ...base, [fields[0] ?? "x"]: nested(20_000) }), "20 000-deep field");
      await send(encode({ ...base, [fields[0] ?? "x"]: "я".repeat(1024 * 1024) }), "2 MB body");
      for (const text of malformed) await send(text, `malformed ${JSON.stringify(text)}`);
      for (const text of ["null", "1e400", '"x"', "[]", "[{}]"]) await send(text, `top-level ${text}`);
      await f.send(route, path, {
        method: route.method,
        headers: { "Content-Type": "text/plain" },
        body: "{}",
      }, "text/plain");
      // Upload routes (those that asked for a file) read forms: a file with odd values in the fields.
      const fileField = fields.find((k) => ["file", "video", "avatar", "logo"].includes(k));
      for (const field of fileField ? new Set([...queryNames, ...fields]) : []) {
        for (const value of ["abc", rng.pick(oddTexts)]) {
          const form = fileForm(fileField!, "abc", "a.txt", {
            type: "text/plain",
            fields: { [field]: value },
          });
          await f.send(route, path, { method: route.method, body: form }, `form ${field}=${value}`);
        }
      }
    }
    report(`body fuzz, part ${part + 1} of ${parts} (${writes.length} write routes)`, f);
    assert.deepEqual(f.fiveHundreds, []);
    const still = await t.app.request("http://localhost/api/user", {
      headers: { Cookie: cookies.get(people.system_admin)! },
    });
    await still.body?.cancel();
    assert.equal(
      still.status,
      200,
      "the fuzzing administrator is still signed in, so the bodies reached the routes",
    );
  } finally {
    await t.close();
  }
}

for (const part of [0, 1]) {
  Deno.test(`[fuzz] JSON routes, part ${part + 1} of 2: odd bodies answer 4xx, never 5xx`, () =>
    fuzzBodies(part, 2));
}

/** Numbers at and past the bounds of domain/bounds.ts, and those no bound may let through. */
const boundNumbers: unknown[] = [
  0,
  -1,
  1.5,
  1000,
  1_000_000,
  1_000_001,
  100_000_000,
  100_000_001,
  100_000_000_000,
  100_000_000_001,
  1e13,
  90071992547410,
  9007199254740991,
  new Raw("9007199254740993"),
  new Raw("9223372036854775808"),
  new Raw("1e400"),
  new Raw("-1e400"),
  "Infinity",
  "1e400",
  new Raw("9".repeat(400)),
  "9".repeat(400),
];

/** Calendar days at the edges of the allowed years, and days that do not exist. */
const boundDates: unknown[] = [
  "2026-13-45",
  "9999-99-99",
  "2026-00-10",
  "2026-02-30",
  "2026-02-29",
  "2028-02-29",
  "1899-12-31",
  "1900-01-01",
  "2999-12-31",
  "3000-01-01",
  "+275760-09-13",
  "2026-1-1",
  "",
];

const isDateText = (v: unknown) => typeof v === "string" && /^\d{4}-\d{2}-\d{2}/.test(v);
const isIdName = (k: string) => /(^id|Id|To|By)$/.test(k);

/** The paths of a body's numbers, dates and ids, nested ones included. */
function boundedPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => boundedPaths(v, [...path, i]));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) =>
      typeof v === "number" || isDateText(v) || isIdName(k) ? [[...path, k]] : boundedPaths(v, [...path, k])
    );
  }
  return [];
}

/** A copy of the body with the value at `path` replaced. */
function withValue(body: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const copy = (Array.isArray(body) ? [...body] : { ...(body as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head] = withValue(copy[head], rest, value);
  return copy;
}

Deno.test("[fuzz] every number, date and id of every write route, at and past its bound, leaves every page of the company readable", async () => {
  const { t, records, cookies } = await setUp();
  try {
    const values = await harvest(t, cookies.get(people.system_admin)!, records.demo);
    const samples = boundedBodies(records.demo);
    const f = fuzzer(t, cookies, (route) => route ? callerOf(apiRules[route.key]) : people.company_admin);
    const json = { "Content-Type": "application/json" };
    let fields = 0;
    for (const route of apiRoutes(t.app).filter((r) => ["POST", "PUT", "PATCH"].includes(r.method))) {
      const path = fillPath(route.path, records.demo);
      let bodies = samples[route.key];
      if (!bodies) {
        // The fields the route asks for, from its own answer to an empty body, with the demo's values.
        const caller = callerOf(apiRules[route.key]);
        const res = await t.app.request(`http://localhost${path}`, {
          method: route.method,
          headers: {
            ...json,
            Origin: "http://localhost",
            ...(caller ? { Cookie: cookies.get(caller)! } : {}),
          },
          body: "{}",
        });
        const answer = await res.json().catch(() => ({}));
        const names = [...new Set(Object.keys(answer?.errors ?? {}).map((k) => k.split(".")[0]))];
        if (names.some((k) => ["file", "video", "avatar", "logo"].includes(k))) continue; // forms, not JSON
        bodies = [
          Object.fromEntries(names.filter((k) => k !== "_").map((k) => [k, values.get(k)?.[0] ?? "Граница"])),
        ];
      }
      for (const body of bodies) {
        for (const at of boundedPaths(body)) {
          fields++;
          const current = at.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)?.[k], body);
          for (const value of isDateText(current) ? boundDates : boundNumbers) {
            await f.send(route, path, {
              method: route.method,
              headers: json,
              body: encode(withValue(body, at, value)),
            }, `${at.join(".")}=${encode(value).slice(0, 30)}`);
          }
        }
      }
    }
    // Every page and list of the company, as its administrator, as the system administrator and signed
    // out (the public shop): nothing written above may break a read.
    const readers = [people.company_admin, people.system_admin, undefined].map((as) =>
      fuzzer(t, cookies, () => as)
    );
    for (const reader of readers) {
      for (const page of pageRoutes) await reader.send(null, fillPath(page.path, records.demo), {}, "page");
      for (const route of apiRoutes(t.app)) {
        if (route.method !== "GET" || route.path.includes(":file") || route.path.includes("logout")) continue;
        await reader.send(
          null,
          fillPath(route.path, records.demo) + queryFor(route.path, records.demo),
          {},
          "list",
        );
      }
    }
    const reads = readers.reduce((n, r) => n + r.sent, 0);
    const failed = [...f.fiveHundreds, ...readers.flatMap((r) => r.fiveHundreds)];
    console.log(
      `bounds fuzz: ${fields} fields, ${f.sent} writes, ${reads} pages and lists read after them, ` +
        `${failed.length} answered 5xx`,
    );
    assert.deepEqual(failed, []);
    assert.ok(fields > 60, `${fields} bounded fields found`);
  } finally {
    await t.close();
  }
});

Deno.test("[fuzz] every route and page answers odd ids and query values with 4xx, never 5xx", async () => {
  const { t, records, cookies } = await setUp();
  try {
    const rng = random(7544);
    const f = fuzzer(t, cookies, (route) => route ? callerOf(apiRules[route.key]) : people.system_admin);
    for (const route of apiRoutes(t.app)) {
      if (route.path.includes(":")) {
        for (const text of oddTexts) {
          const path = fillPath(route.path, records.other, text);
          await f.send(route, path, { method: route.method }, `id ${JSON.stringify(text)}`);
        }
      }
      // Reads only: a write or a deletion without an id would change the data, not test the query.
      if (route.method !== "GET" && route.method !== "HEAD") continue;
      const path = fillPath(route.path, records.other);
      // Every query name once per route, three to a request in a shuffled order, each with an odd text: the
      // names all reach every route in 7 requests, where 25 random draws of one to three took 25 and could
      // miss some (the query fuzz was half the file's time).
      const names = [...queryNames];
      for (let i = names.length - 1; i > 0; i--) {
        const j = rng.int(i + 1);
        [names[i], names[j]] = [names[j], names[i]];
      }
      for (let i = 0; i < names.length; i += 3) {
        const query = new URLSearchParams(names.slice(i, i + 3).map((name) => [name, rng.pick(oddTexts)]));
        await f.send(route, `${path}?${query}`, { method: route.method }, "query");
      }
    }
    for (const page of pageRoutes) {
      for (let i = 0; i < 12; i++) {
        const path = fillPath(page.path, records.demo, i % 3 === 0 ? rng.pick(oddTexts) : undefined);
        const query = new URLSearchParams();
        for (let j = 1 + rng.int(3); j > 0; j--) query.set(rng.pick(queryNames), rng.pick(oddTexts));
        await f.send(null, `${path}?${query}`, {}, "page query");
      }
    }
    report(`query and id fuzz (${apiRoutes(t.app).length} API routes, ${pageRoutes.length} pages)`, f);
    assert.deepEqual(f.fiveHundreds, []);
  } finally {
    await t.close();
  }
});
