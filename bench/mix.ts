// The realistic mix: several staff accounts of the demo company and of a second company reading
// the pages and filters a company uses in a day, the public shop signed out, and one request in five a write
// (task edits and status changes, an object note, a cart add). Every load is held against the bare React SSR
// anchor (bench/_anchor.tsx) loaded just before it in the same run. It prints three tables:
//   - the mix, then the mix as Chrome and as Safari ask it (their Accept-Encoding: every answer compressed),
//     then the busier day's pages (busierDay(): pages the mix does not read) with the mix's writes, and a busier
//     day (those pages, and writes that add tasks and move visits and prices);
//   - each page cached: the same address asked again and again (what a cached answer gives);
//   - each staff page made afresh: asked right after a write that concerns it, one at a time.
// `deno task bench mix --write` also puts the tables into docs/performance.md between its markers;
// `--mix-only` stops after the mix (BENCH_MIX_ROUNDS rounds, 3 by default, of one process and of one per core);
// `--by-write` loads the mix with each kind of its writes alone instead (`--write`: into docs/performance.md).
// BENCH_SECONDS sets the length of each load (5 s by default); BENCH_SCALE=N adds N× data
// (1 000 objects, 5 000 tasks, 500 estimates per 1×) to the demo company before the loads.
import {
  AFRESH_WARM_UPS,
  type BenchServer,
  renderedShare,
  signIn,
  startAnchor,
  startServer,
} from "./_server.ts";
import { hasWrk, load, type LoadResult } from "./_load.ts";
import { loadAverage, writeFigures } from "./_doc_figures.ts";
import { seedCompany } from "../db/seed/bench.ts";

const CONNECTIONS = 50;
const SECONDS = Number(Deno.env.get("BENCH_SECONDS") ?? 5);
const SCALE = Number(Deno.env.get("BENCH_SCALE") ?? 0);
const AFRESH_SAMPLES = 30;
/** The mix each server answers before its first round, s. */
const WARM_UP_SECONDS = 2;
/** Rounds of the mix, each with one process and with two. */
const MIX_ROUNDS = Number(Deno.env.get("BENCH_MIX_ROUNDS") ?? 3);
/** Browsers' Accept-Encoding: Chrome's (and Firefox's, Edge's) takes zstd, Safari's does not. */
const BROWSERS = [["Chrome", "gzip, deflate, br, zstd"], ["Safari", "gzip, deflate, br"]] as const;
const TARGET = { share: 0.25, p99: 50 };

/**
 * One request of the mix: who asks (an e-mail, or null when signed out), what, and with which body. A write
 * that users make again and again sends its `bodies` in turn, so that each time it changes what it writes.
 */
interface Call {
  account: string | null;
  method: "GET" | "PATCH" | "POST" | "PUT";
  path: string;
  body?: unknown;
  bodies?: unknown[];
  /** A write's kind, as `--by-write` groups the writes and the made-afresh table picks them. */
  kind?: WriteKind;
}

const writeKindsInOrder = [
  "task description edits",
  "task status changes",
  "task priority changes",
  "object notes (both companies)",
  "cart adds (signed out)",
] as const;
type WriteKind = typeof writeKindsInOrder[number];

/** The body of the `turn`-th sending of `call` (counted from 0). */
const bodyOf = (call: Call, turn: number) => call.bodies ? call.bodies[turn % call.bodies.length] : call.body;

/** Edits numbered 1…n: a field written with a new value each time. */
const numbered = (n: number, make: (i: number) => unknown) =>
  Array.from({ length: n }, (_, i) => make(i + 1));

const staffAccounts = [
  "engineer@demo.local",
  "manager@demo.local",
  "director@demo.local",
  "surveyor@demo.local",
  "foreman@demo.local",
  "admin@other.local",
];

/** Ids the mix's addresses need, read from the server as the accounts see them. */
interface Fixtures {
  objectIds: number[];
  taskIds: number[];
  otherObjectIds: number[];
  estimateIds: number[];
  /** The object of the first estimate, whose address its estimate page and the documents list show. */
  estimateObjectId: number;
  productIds: number[];
  productSlugs: string[];
  district: string;
  searchWord: string;
  /** A product of the shop as its staff edit it (/shop-products), for an edit of its price. */
  managedProduct: { id: number; body: Record<string, unknown> };
  /** A service visit still to be made, moved from day to day (/service), and a contract (/contracts/:id). */
  visitId: number;
  contractId: number;
}

async function json(base: string, path: string, cookie?: string) {
  const res = await fetch(base + path, { headers: cookie ? { Cookie: cookie } : {} });
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  return await res.json();
}

/** The second company starts empty: its administrator adds a few objects and tasks, as on a first day. */
async function furnishOtherCompany(base: string, cookie: string) {
  const post = async (path: string, body: unknown) => {
    const res = await fetch(base + path, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return await res.json();
  };
  const due = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  for (let i = 1; i <= 5; i++) {
    const o = await post("/api/objects", {
      address: `Московская обл, Рузский р-н, п Дорохово, ул Школьная, д ${i}`,
      settlement: "Дорохово",
      region: "Московская область",
      clientName: `Клиент ${i}`,
      clientPhone: `+7 916 555-44-3${i}`,
      workType: "septic",
      estimatedCost: 180_000 + i * 10_000,
    });
    await post("/api/tasks", { title: `Замер ${i}`, dueDate: due, objectId: o.id });
  }
}

async function fixtures(base: string, cookies: Map<string, string>): Promise<Fixtures> {
  const engineer = cookies.get("engineer@demo.local")!;
  const objects: Array<{ id: number; district: string | null; settlement: string | null }> = await json(
    base,
    "/api/objects?pageSize=20",
    engineer,
  );
  const tasks: Array<{ id: number; status: string }> = await json(base, "/api/tasks?limit=50", engineer);
  const other: Array<{ id: number }> = await json(
    base,
    "/api/objects?pageSize=20",
    cookies.get("admin@other.local"),
  );
  const estimates = await json(base, "/api/estimates", engineer);
  const products: { items: Array<{ id: number; slug: string }> } = await json(base, "/api/shop/products");
  const estimateRows: Array<{ id: number; objectId: number }> = Array.isArray(estimates)
    ? estimates
    : estimates.rows ?? [];
  const visits: Array<{ id: number; state: string }> = await json(base, "/api/service/visits", engineer);
  let contract: { id: number } | null = null;
  for (const o of objects) {
    contract ??= (await json(base, `/api/contracts/object/${o.id}`, engineer)).contract;
  }
  if (!contract) throw new Error("the demo data has no contract");
  const [product]: Array<Record<string, unknown> & { id: number }> = await json(
    base,
    "/api/shop/manage/products",
    cookies.get("manager@demo.local"),
  );
  return {
    objectIds: objects.slice(0, 8).map((o) => o.id),
    // Only tasks whose status may move between «Назначено» and «В работе» take status changes.
    taskIds: tasks.filter((t) => ["assigned", "pending", "in_progress"].includes(t.status)).map((t) => t.id),
    otherObjectIds: other.map((o) => o.id),
    estimateIds: estimateRows.slice(0, 5).map((e) => e.id),
    estimateObjectId: estimateRows[0].objectId,
    productIds: products.items.slice(0, 10).map((p) => p.id),
    productSlugs: products.items.slice(0, 10).map((p) => p.slug),
    district: objects.find((o) => o.district)?.district ?? "Коломенский",
    searchWord: objects.find((o) => o.settlement)?.settlement ?? "Коломна",
    // Sent back as the API gives it: the edit's schema drops the fields it does not take.
    managedProduct: { id: product.id, body: product },
    // One still to be made (planned or overdue): a done visit is not moved.
    visitId: visits.find((v) => v.state === "planned" || v.state === "overdue")!.id,
    contractId: contract.id,
  };
}

/** The reads of a company's day, weighted by repetition: lists and cabinets more than settings. */
function reads(f: Fixtures): Call[] {
  const as = (account: string | null, ...paths: string[]) =>
    paths.map((path): Call => ({ account, method: "GET", path }));
  const [o1, o2, o3] = f.objectIds;
  const q = encodeURIComponent(f.searchWord);
  return [
    ...as(
      "engineer@demo.local",
      "/engineer",
      "/objects",
      "/objects?status=new",
      `/objects?q=${q}`,
      `/objects?objectId=${o1}`,
      `/api/objects/${o1}`,
      `/api/objects/${o1}/documents`,
      `/api/objects/${o1}/videos`,
      `/api/contracts/object/${o1}`,
      "/tasks",
      "/tasks?status=in_progress",
      `/tasks?objectId=${o2}`,
      "/estimates",
      `/estimates/${f.estimateIds[0]}`,
      "/analytics",
      "/documents",
    ),
    ...as(
      "manager@demo.local",
      "/engineer",
      `/objects?district=${encodeURIComponent(f.district)}`,
      "/objects?workType=septic",
      `/objects?objectId=${o3}`,
      `/api/objects/${o3}`,
      "/tasks",
      "/dashboard",
      "/estimates?status=draft",
      "/employees",
    ),
    ...as(
      "director@demo.local",
      "/dashboard",
      "/dashboard?period=quarter",
      "/analytics?period=year",
      "/analytics?tab=performance",
      "/employees",
      "/objects?page=2",
    ),
    ...as("surveyor@demo.local", "/surveyor", "/tasks", "/tasks?status=assigned"),
    ...as("foreman@demo.local", "/foreman", "/objects", "/documents"),
    ...as("admin@other.local", "/objects", "/tasks", "/dashboard", "/analytics", "/employees"),
    ...as(
      null,
      "/ruslos",
      "/ruslos?sort=price_asc",
      `/ruslos?q=${encodeURIComponent("Топас")}`,
      "/ruslos?persons=5",
      ...f.productSlugs.slice(0, 4).map((s) => `/ruslos/product/${s}`),
      "/ruslos/calculator",
      "/ruslos/economy-calculator",
    ),
  ];
}

/**
 * A busier day of the same company: other pages (the schedule, service, contracts, estimates, the shop's
 * staff page, notifications, the field work), and writes that add and move rather than edit in place: a new
 * task (each one moves every card of the lists below it), a status and a priority on other tasks, an object's
 * address, a service visit moved, a product's price (which the storefront shows). Its lists grow as it runs.
 */
function busierDay(f: Fixtures): { reads: Call[]; writes: Call[] } {
  const as = (account: string | null, ...paths: string[]) =>
    paths.map((path): Call => ({ account, method: "GET", path }));
  const [, , , o4, o5, o6] = f.objectIds;
  const task = (i: number) => f.taskIds[i % f.taskIds.length];
  const { productEdit, addressEdit, visitMove } = movingEdits(f);
  const reads = [
    ...as(
      "engineer@demo.local",
      "/schedule",
      "/service",
      `/service/visits/${f.visitId}`,
      "/measurements",
      `/contracts/${f.contractId}`,
      ...f.estimateIds.slice(1, 4).map((id) => `/estimates/${id}`),
      "/objects?status=in_progress",
      `/objects?objectId=${o4}`,
      "/dashboard?period=year",
      "/analytics?tab=tasks",
      "/tasks?status=pending",
      `/api/objects/${o5}`,
      "/engineer",
    ),
    ...as(
      "manager@demo.local",
      "/shop-products",
      "/documents",
      `/objects?objectId=${o6}`,
      "/tasks?status=assigned",
      "/estimates",
      "/objects",
    ),
    ...as("director@demo.local", "/employees", "/analytics?tab=workTypes", "/dashboard", "/tasks"),
    ...as("surveyor@demo.local", "/notifications", "/field-work", "/surveyor", "/schedule"),
    ...as("foreman@demo.local", "/foreman", "/tasks"),
    ...as("admin@other.local", "/objects?status=new", "/tasks?status=in_progress", "/analytics?period=year"),
    ...as(
      null,
      "/ruslos?sort=price_desc",
      "/ruslos?persons=3",
      ...f.productSlugs.slice(4, 8).map((s) => `/ruslos/product/${s}`),
      "/ruslos",
    ),
  ];
  const writes: Call[] = [
    {
      account: "engineer@demo.local",
      method: "POST",
      path: "/api/tasks",
      bodies: numbered(100, (i) => ({
        title: `Новая задача ${i}`,
        objectId: f.objectIds[i % 4],
        dueDate: "2099-12-01",
      })),
    },
    {
      account: "manager@demo.local",
      method: "PATCH",
      path: `/api/tasks/${task(3)}`,
      bodies: [{ status: "in_progress" }, { status: "assigned" }],
    },
    {
      account: "engineer@demo.local",
      method: "PATCH",
      path: `/api/tasks/${task(4)}`,
      bodies: [{ priority: "urgent" }, { priority: "low" }],
    },
    addressEdit,
    visitMove,
    productEdit,
  ];
  return { reads, writes };
}

/**
 * The writes (a fifth of the mix): task edits and status changes, object notes, a guest's cart add. Each
 * writes a value other than the one before it: a description or a note numbered anew, the next status or
 * priority.
 */
function writes(f: Fixtures): Call[] {
  const task = (i: number) => f.taskIds[i % f.taskIds.length];
  return [
    {
      account: "engineer@demo.local",
      method: "PATCH",
      path: `/api/tasks/${task(0)}`,
      kind: "task description edits",
      bodies: numbered(100, (i) => ({ description: `Правка ${i}: уточнить глубину залегания` })),
    },
    {
      account: "engineer@demo.local",
      method: "PATCH",
      path: `/api/tasks/${task(1)}`,
      kind: "task status changes",
      bodies: [{ status: "in_progress" }, { status: "pending" }],
    },
    {
      account: "manager@demo.local",
      method: "PATCH",
      path: `/api/tasks/${task(1)}`,
      kind: "task status changes",
      bodies: [{ status: "assigned" }, { status: "in_progress" }, { status: "pending" }],
    },
    {
      account: "manager@demo.local",
      method: "PATCH",
      path: `/api/tasks/${task(2)}`,
      kind: "task priority changes",
      bodies: [{ priority: "high" }, { priority: "medium" }, { priority: "urgent" }, { priority: "low" }],
    },
    {
      account: "engineer@demo.local",
      method: "PATCH",
      path: `/api/objects/${f.objectIds[0]}`,
      kind: "object notes (both companies)",
      bodies: numbered(100, (i) => ({ description: `Заметка ${i}: клиент просит позвонить за час` })),
    },
    {
      account: "admin@other.local",
      method: "PATCH",
      path: `/api/objects/${f.otherObjectIds[0]}`,
      kind: "object notes (both companies)",
      bodies: numbered(100, (i) => ({ description: `Заметка другой компании ${i}` })),
    },
    ...f.productIds.slice(0, 2).map((productId): Call => ({
      account: null,
      method: "POST",
      path: "/api/shop/cart",
      kind: "cart adds (signed out)",
      body: { productId },
    })),
  ];
}

/**
 * The writes of the mix by kind (`--by-write`): each kind alone as the mix's fifth requests, to see what it
 * costs through the pages it makes stale, beside the mix without writes and the mix itself.
 */
function writeKinds(writeCalls: Call[]): Array<[label: string, writes: Call[]]> {
  return [
    ["no writes (every request a read)", []],
    ...writeKindsInOrder.map((kind): [string, Call[]] => [kind, writesOf(writeCalls, kind)]),
    ["all of them: the mix", writeCalls],
  ];
}

const writesOf = (writeCalls: Call[], kind: WriteKind) => writeCalls.filter((c) => c.kind === kind);

/** Every call answered once before loading: a mix with a refused request would measure error pages. */
async function checkCalls(base: string, calls: Call[], cookies: Map<string, string>) {
  const failed: string[] = [];
  for (const call of calls) {
    const res = await send(base, call, cookies);
    await res.body?.cancel();
    if (res.status >= 400) {
      failed.push(`${call.method} ${call.path} (${call.account ?? "гость"}): ${res.status}`);
    }
  }
  if (failed.length) throw new Error(`the mix has requests that fail:\n${failed.join("\n")}`);
}

function send(base: string, call: Call, cookies: Map<string, string>, turn = 0): Promise<Response> {
  const headers: Record<string, string> = {};
  if (call.account) headers.Cookie = cookies.get(call.account)!;
  const body = bodyOf(call, turn);
  if (body !== undefined) headers["Content-Type"] = "application/json";
  return fetch(base + call.path, {
    method: call.method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: "manual",
  });
}

const lua = (s: string) => `"${s.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;

/**
 * wrk's script: every fifth request a write (a read when there are none), the others the reads in turn; each
 * thread starts elsewhere.
 * A write's bodies are sent in turn (its k-th sending, the k-th body).
 */
function mixScript(
  host: string,
  cookies: Map<string, string>,
  readCalls: Call[],
  writeCalls: Call[],
  extra: Record<string, string> = {},
) {
  const entry = (c: Call) => {
    const headers = [
      `["Host"] = ${lua(host)}`,
      ...Object.entries(extra).map(([k, v]) => `[${lua(k)}] = ${lua(v)}`),
    ];
    if (c.account) headers.push(`["Cookie"] = ${lua(cookies.get(c.account)!)}`);
    const bodies = c.bodies ?? (c.body === undefined ? [] : [c.body]);
    if (bodies.length) headers.push(`["Content-Type"] = "application/json"`);
    const sent = bodies.map((body) => lua(JSON.stringify(body)));
    return `{ ${lua(c.method)}, ${lua(c.path)}, { ${headers.join(", ")} }, { ${sent.join(", ")} } }`;
  };
  return `
local reads = { ${readCalls.map(entry).join(",\n")} }
local writes = { ${writeCalls.map(entry).join(",\n")} }
local n = 0
local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("start", threads * 7919)
end
function init(args)
  n = start or 0
end
function request()
  n = n + 1
  local c, turn
  if n % 5 == 0 and #writes > 0 then
    c = writes[(n / 5) % #writes + 1]
    turn = math.floor(n / 5 / #writes)
  else
    c = reads[n % #reads + 1]
    turn = 0
  end
  local body = nil
  if #c[4] > 0 then body = c[4][turn % #c[4] + 1] end
  return wrk.format(c[1], c[2], c[3], body)
end
`;
}

/** The fallback's choice of the n-th request (no wrk): the same order as the script's. */
function mixPick(
  cookies: Map<string, string>,
  readCalls: Call[],
  writeCalls: Call[],
  extra: Record<string, string> = {},
) {
  return (n: number) => {
    const write = n % 5 === 4 && writeCalls.length > 0;
    const c = write ? writeCalls[Math.floor(n / 5) % writeCalls.length] : readCalls[n % readCalls.length];
    const body = bodyOf(c, write ? Math.floor(n / 5 / writeCalls.length) : 0);
    const headers: Record<string, string> = { ...extra };
    if (c.account) headers.Cookie = cookies.get(c.account)!;
    if (body !== undefined) headers["Content-Type"] = "application/json";
    return {
      path: c.path,
      init: { method: c.method, headers, body: body === undefined ? undefined : JSON.stringify(body) },
    };
  };
}

/** Edits that change what other pages show: a product's price, an object's address, a service visit's day. */
function movingEdits(f: Fixtures): { productEdit: Call; addressEdit: Call; visitMove: Call } {
  const productEdit: Call = {
    account: "manager@demo.local",
    method: "PUT",
    path: `/api/shop/manage/products/${f.managedProduct.id}`,
    // The product as the API gives it, its price a rouble higher each time.
    bodies: numbered(
      100,
      (i) => ({ ...f.managedProduct.body, price: Number(f.managedProduct.body.price) + i }),
    ),
  };
  // A note is not what the estimates and the documents show of an object (db/table_versions.ts
  // columnCounters): its address is.
  const addressEdit: Call = {
    account: "engineer@demo.local",
    method: "PATCH",
    path: `/api/objects/${f.estimateObjectId}`,
    bodies: numbered(
      100,
      (i) => ({ address: `Московская обл, г Коломна, ул Октябрьской Революции, д ${i}` }),
    ),
  };
  const visitMove: Call = {
    account: "engineer@demo.local",
    method: "POST",
    path: `/api/service/visits/${f.visitId}/move`,
    // A day of the coming months, another each time.
    bodies: numbered(100, (i) => ({
      plannedOn: new Date(Date.now() + (7 + i) * 86_400_000).toISOString().slice(0, 10),
      reason: `Клиент просит перенести (${i})`,
    })),
  };
  return { productEdit, addressEdit, visitMove };
}

/**
 * The staff pages made afresh, each with a write that changes what it shows: a task's description for the
 * lists of tasks, a task's status for the figures, an object's note for the lists of objects.
 */
function afreshPages(f: Fixtures, writeCalls: Call[]): Array<{ read: Call; write: Call; after: string }> {
  const [taskEdit] = writesOf(writeCalls, "task description edits");
  const [statusChange] = writesOf(writeCalls, "task status changes");
  const [objectNote] = writesOf(writeCalls, "object notes (both companies)");
  const { productEdit, addressEdit, visitMove } = movingEdits(f);
  const engineer = (path: string): Call => ({ account: "engineer@demo.local", method: "GET", path });
  const as = (account: string, path: string): Call => ({ account, method: "GET", path });
  return [
    { read: engineer("/objects"), write: objectNote, after: "object note" },
    {
      read: engineer(`/objects?q=${encodeURIComponent(f.searchWord)}`),
      write: objectNote,
      after: "object note",
    },
    { read: engineer(`/objects?objectId=${f.objectIds[0]}`), write: objectNote, after: "object note" },
    { read: engineer(`/api/objects/${f.objectIds[0]}`), write: objectNote, after: "object note" },
    { read: engineer("/tasks"), write: taskEdit, after: "task edit" },
    { read: engineer("/estimates"), write: taskEdit, after: "task edit" },
    { read: engineer(`/estimates/${f.estimateIds[0]}`), write: addressEdit, after: "address edit" },
    { read: engineer("/engineer"), write: statusChange, after: "status change" },
    { read: engineer("/dashboard"), write: statusChange, after: "status change" },
    { read: engineer("/analytics"), write: statusChange, after: "status change" },
    {
      read: as("director@demo.local", "/analytics?period=year"),
      write: statusChange,
      after: "status change",
    },
    { read: as("surveyor@demo.local", "/surveyor"), write: taskEdit, after: "task edit" },
    { read: as("foreman@demo.local", "/foreman"), write: objectNote, after: "object note" },
    { read: engineer("/documents"), write: addressEdit, after: "address edit" },
    { read: engineer("/employees"), write: taskEdit, after: "task edit" },
    { read: engineer("/schedule"), write: taskEdit, after: "task edit" },
    { read: as("surveyor@demo.local", "/field-work"), write: taskEdit, after: "task edit" },
    { read: as("manager@demo.local", "/shop-products"), write: productEdit, after: "product edit" },
    { read: engineer("/service"), write: visitMove, after: "visit move" },
    { read: engineer(`/service/visits/${f.visitId}`), write: visitMove, after: "visit move" },
    { read: as("surveyor@demo.local", "/notifications"), write: taskEdit, after: "task edit" },
    { read: engineer("/measurements"), write: taskEdit, after: "task edit" },
    { read: engineer(`/contracts/${f.contractId}`), write: addressEdit, after: "address edit" },
  ];
}

/**
 * p50, p99 and one-at-a-time req/s of `read` asked right after `write` (its bodies in turn), timing the read
 * alone, after AFRESH_WARM_UPS such pairs untimed, and the share of the reads that were rendered rather than
 * found equal to their cached copy.
 */
async function afresh(server: BenchServer, cookies: Map<string, string>, read: Call, write: Call) {
  const times: number[] = [];
  let errors = 0;
  for (let i = 0; i < AFRESH_WARM_UPS; i++) {
    const w = await send(server.base, write, cookies, AFRESH_SAMPLES + i);
    await w.body?.cancel();
    await (await send(server.base, read, cookies)).arrayBuffer();
  }
  const lookupsBefore = await server.pageCacheLookups();
  for (let i = 0; i < AFRESH_SAMPLES; i++) {
    const w = await send(server.base, write, cookies, i);
    await w.body?.cancel();
    if (w.status >= 400) errors++;
    const t0 = performance.now();
    const r = await send(server.base, read, cookies);
    await r.arrayBuffer();
    times.push(performance.now() - t0);
    if (r.status >= 400) errors++;
  }
  const rendered = renderedShare(lookupsBefore, await server.pageCacheLookups());
  times.sort((a, b) => a - b);
  const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  const total = times.reduce((s, t) => s + t, 0);
  return {
    rps: (times.length * 1000) / total,
    p50: p(0.5),
    p99: p(0.99),
    errors,
    requests: times.length,
    rendered,
  };
}

/** The pages whose reads grow with the company: analytics over a month and over a year, the cabinets, searches. */
export const heavyPages = [
  "/analytics",
  "/analytics?period=1y",
  "/engineer",
  "/dashboard",
  // The searches of objects read every object of the company.
  `/objects?q=${encodeURIComponent("Истра")}`,
  `/tasks?q=${encodeURIComponent("Истра")}`,
];

/** `/api/user` under load while (when `heavy`) one more connection reads the heavy pages made afresh. */
export async function whileReading(base: string, cookie: string, heavy: boolean, paths = heavyPages) {
  let running = heavy;
  const heavyTimes: number[] = [];
  const reader = (async () => {
    for (let i = 0; running; i++) {
      const t0 = performance.now();
      const path = paths[i % paths.length];
      const res = await fetch(`${base}${path}${path.includes("?") ? "&" : "?"}_=${crypto.randomUUID()}`, {
        headers: { Cookie: cookie },
      });
      await res.arrayBuffer();
      heavyTimes.push(performance.now() - t0);
    }
  })();
  const user = await load(`${base}/api/user`, {
    connections: CONNECTIONS,
    seconds: SECONDS,
    headers: { Cookie: cookie },
  });
  running = false;
  await reader;
  heavyTimes.sort((a, b) => a - b);
  return {
    user,
    heavyReads: heavyTimes.length,
    heavyP50: heavyTimes[Math.floor(heavyTimes.length / 2)] ?? 0,
  };
}

const pct = (x: number) => `${Math.round(x * 100)} %`;
const num = (x: number) => Math.round(x).toLocaleString("ru-RU");
const msText = (x: number) => `${x < 10 ? x.toFixed(1) : Math.round(x)} ms`;
const who = (c: Call) => c.account ? c.account.replace(/@.*/, "") : "гость";

function loadCells(r: LoadResult, anchor?: LoadResult): string[] {
  return [
    num(r.rps),
    anchor ? num(anchor.rps) : "",
    anchor ? pct(r.rps / anchor.rps) : "",
    msText(r.p50),
    msText(r.p99),
    String(r.errors),
  ];
}

const row = (cells: string[]) => `| ${cells.join(" | ")} |`;

type MixLoad = (
  on: BenchServer,
  seconds?: number,
  extra?: Record<string, string>,
  writes?: Call[],
  reads?: Call[],
) => Promise<LoadResult>;

/**
 * `loadIt` (a load of `server`) with what the server says of it: the CPU time per answer of its processes (from
 * /proc, independent of the machine's other load), the share of its cached addresses answered from the page
 * cache, and of those made afresh the share found equal to their cached copy and not rendered
 * (server/page_fingerprint.ts); the last two are one process's, whichever answered /metrics.
 */
async function measured(server: BenchServer, loadIt: () => Promise<LoadResult>) {
  const [cpuBefore, before] = [await server.cpuMs(), await server.pageCacheLookups()];
  const mix = await loadIt();
  const cpu = await server.cpuMs() - cpuBefore;
  const after = await server.pageCacheLookups();
  const [hit, miss, same] = [after.hit - before.hit, after.miss - before.miss, after.same - before.same];
  return {
    mix,
    cpuPerAnswer: cpu / Math.max(1, mix.requests),
    fromCache: hit / Math.max(1, hit + miss),
    madeEqual: same / Math.max(1, miss),
  };
}

/**
 * `--by-write`: the mix with each kind of its writes alone as the fifth requests, and with none, on one
 * process, each beside the anchor loaded just before it: what a kind of write costs through the pages it
 * makes stale for the reads after it.
 */
async function byWrite(
  say: (line?: string) => void,
  server: BenchServer,
  anchorNow: () => Promise<LoadResult>,
  mixLoad: MixLoad,
  kinds: Array<[label: string, writes: Call[]]>,
) {
  say();
  say(
    "**The mix by kind of write**: the mix's reads, every fifth request one kind of its writes (or none), " +
      `1 process, after ${WARM_UP_SECONDS} s of the mix. CPU per answer: the process's own (from /proc); ` +
      "«from the cache»: the share of reads answered from the page cache; «equal»: of the rest, the share " +
      "made again equal to their cached copy (their statements ran, nothing was rendered).",
  );
  say();
  say(
    row([
      "fifth requests",
      "req/s",
      "anchor just before",
      "share",
      "p50",
      "p99",
      "CPU per answer",
      "from the cache",
      "equal",
    ]),
  );
  say(row(["---", "---:", "---:", "---:", "---:", "---:", "---:", "---:", "---:"]));
  await mixLoad(server, WARM_UP_SECONDS);
  for (const [label, writes] of kinds) {
    const anchorBefore = await anchorNow();
    const { mix, cpuPerAnswer, fromCache, madeEqual } = await measured(
      server,
      () => mixLoad(server, SECONDS, {}, writes),
    );
    say(row([
      label,
      num(mix.rps),
      num(anchorBefore.rps),
      pct(mix.rps / anchorBefore.rps),
      msText(mix.p50),
      msText(mix.p99),
      `${cpuPerAnswer.toFixed(2)} ms`,
      pct(fromCache),
      // Of next to no pages made afresh, a share says nothing.
      fromCache < 0.99 ? pct(madeEqual) : "–",
    ]));
  }
  say();
  say(`Load average ${await loadAverage()} at the end.`);
}

export async function run(): Promise<void> {
  const out: string[] = [];
  /** The mix's own lines, for the README's performance section. */
  const summary: string[] = [];
  const say = (line = "") => {
    console.log(line);
    out.push(line);
  };
  const withWrk = await hasWrk();
  const cpu = (await Deno.readTextFile("/proc/cpuinfo").catch(() => "")).match(/model name\s*:\s*(.*)/)?.[1];
  say(
    `${
      new Date().toISOString().slice(0, 16).replace("T", " ")
    } UTC, ${navigator.hardwareConcurrency} cores ` +
      `(${cpu ?? "?"}), load average ${await loadAverage()} at the start; ` +
      (withWrk
        ? `load: wrk -t2 -c${CONNECTIONS} -d${SECONDS}s`
        : `load: a fetch() loop of ${CONNECTIONS} connections for ${SECONDS} s (wrk is not installed)`) +
      (SCALE
        ? `; the demo data plus ${SCALE}× (${num(SCALE * 1000)} objects, ${num(SCALE * 5000)} tasks)`
        : "; the demo data"),
  );

  const anchor = await startAnchor();
  const dir = await Deno.makeTempDir({ prefix: "polesmeta-bench-mix-" });
  let server: BenchServer | null = null;
  let pair: BenchServer | null = null;
  try {
    server = await startServer(dir);
    if (SCALE) {
      await seedCompany(dir, { objects: SCALE * 1000, tasks: SCALE * 5000, estimates: SCALE * 500 });
    }
    const base = server.base;
    const cookies = new Map<string, string>();
    for (const email of staffAccounts) cookies.set(email, await signIn(base, email));
    await furnishOtherCompany(base, cookies.get("admin@other.local")!);
    const f = await fixtures(base, cookies);
    const readCalls = reads(f);
    const writeCalls = writes(f);
    await checkCalls(base, [...readCalls, ...writeCalls], cookies);
    const anchorNow = () => load(`${anchor.base}/table`, { connections: CONNECTIONS, seconds: SECONDS });
    const busier = busierDay(f);
    await checkCalls(base, [...busier.reads, ...busier.writes], cookies);
    const mixLoad: MixLoad = (
      on,
      seconds = SECONDS,
      extra = {},
      mixWrites = writeCalls,
      mixReads = readCalls,
    ) =>
      load(on.base + "/", {
        connections: CONNECTIONS,
        seconds,
        luaScript: mixScript(new URL(on.base).host, cookies, mixReads, mixWrites, extra),
        pick: mixPick(cookies, mixReads, mixWrites, extra),
      });
    if (Deno.args.includes("--by-write")) {
      await byWrite(say, server, anchorNow, mixLoad, writeKinds(writeCalls));
      if (Deno.args.includes("--write")) await writeFigures("mix-by-write", out);
      return;
    }

    const accounts = new Set(readCalls.map(who));
    say();
    say(
      `**The mix**: ${readCalls.length} reads by ${
        accounts.size - 1
      } accounts of two companies and signed-out ` +
        `visitors of the shop, every fifth request one of ${writeCalls.length} writes (task edits and status ` +
        `changes, object notes, a cart add; each edit writes a new value), after ${WARM_UP_SECONDS} s of the ` +
        `mix to warm each server. ` +
        `Target: ≥ ${pct(TARGET.share)} of the anchor, p99 < ${TARGET.p99} ms, 0 errors.`,
    );
    say();
    say(row(["load", "req/s", "anchor just before", "share", "p50", "p99", "errors", "target"]));
    say(row(["---", "---:", "---:", "---:", "---:", "---:", "---:", "---"]));
    // The same database served by one process and by one per core, the default (WEB_CONCURRENCY,
    // server/cluster.ts), each load beside the anchor loaded just before it; the idle server costs nothing
    // while the other is loaded.
    const cores = navigator.hardwareConcurrency;
    pair = await startServer(dir, { processes: cores });
    // Both servers answer the mix for a moment before the first round, as a server in use has: a process
    // just started compiles each page's code at its first requests (bench start measures a start).
    for (const on of [server, pair]) await mixLoad(on, WARM_UP_SECONDS);
    const gains: number[] = [];
    // What the wall clock of a shared machine hides: the one process's CPU time per answer and the share of
    // answers given from the page cache, read from the process itself around each of its loads.
    const perAnswer: string[] = [];
    // The CPU time per answer of each round: one process's, then all of one per core's together (their page
    // caches are each their own, so no share of the cache is told for them).
    const cpuPairs: Array<[one: number, perCore: number]> = [];
    for (let round = 1; round <= MIX_ROUNDS; round++) {
      const rps: number[] = [];
      const cpu: number[] = [];
      for (
        const [label, on] of [["1 process", server], [`one per core (${cores}), the default`, pair]] as const
      ) {
        const anchorBefore = await anchorNow();
        const { mix, cpuPerAnswer, fromCache, madeEqual } = await measured(on, () => mixLoad(on));
        if (on === server) {
          perAnswer.push(
            `${cpuPerAnswer.toFixed(2)} ms, ${pct(fromCache)} (${pct(madeEqual)} of the rest made again ` +
              "equal to their copy)",
          );
        }
        cpu.push(cpuPerAnswer);
        rps.push(mix.rps);
        const met = mix.rps / anchorBefore.rps >= TARGET.share && mix.p99 < TARGET.p99 && mix.errors === 0;
        say(row([
          `the mix, ${label} (round ${round})`,
          ...loadCells(mix, anchorBefore),
          met ? "met" : "**not met**",
        ]));
      }
      gains.push(rps[1] / rps[0]);
      cpuPairs.push([cpu[0], cpu[1]]);
    }
    // What browsers send: every page and JSON answer compressed, zstd where the browser takes it (Chrome,
    // Firefox, Edge), gzip where it does not (Safari); the anchor's page is not compressed.
    const asBrowsers: string[] = [];
    // The one process has idled through the other server's last round, and the other server's writes made
    // its cached pages stale: it is warmed first, with compression, as each server was before the rounds.
    await mixLoad(server, WARM_UP_SECONDS, { "Accept-Encoding": BROWSERS[1][1] });
    for (const [browser, acceptEncoding] of BROWSERS) {
      const anchorBefore = await anchorNow();
      const cpuBefore = await server.cpuMs();
      const mix = await mixLoad(server, SECONDS, { "Accept-Encoding": acceptEncoding });
      asBrowsers.push(
        `${browser} ${((await server.cpuMs() - cpuBefore) / Math.max(1, mix.requests)).toFixed(2)} ms`,
      );
      const met = mix.rps / anchorBefore.rps >= TARGET.share && mix.p99 < TARGET.p99 && mix.errors === 0;
      say(row([
        `the mix as ${browser} asks it (\`${acceptEncoding}\`), 1 process`,
        ...loadCells(mix, anchorBefore),
        met ? "met" : "**not met**",
      ]));
    }
    // The busier day's pages (pages the mix does not read) first with the mix's own writes, task edits
    // above all, then with the busier day's writes; the busier day last: its new tasks stay in the database
    // the loads after it would read.
    const busierLoads = [
      { name: "the busier day's pages with the mix's writes", writes: writeCalls, cpu: [] as string[] },
      { name: "a busier day", writes: busier.writes, cpu: [] as string[] },
    ];
    for (const day of busierLoads) {
      for (
        const [label, on] of [["1 process", server], [`one per core (${cores}), the default`, pair]] as const
      ) {
        const busierLoad = () => mixLoad(on, SECONDS, {}, day.writes, busier.reads);
        await mixLoad(on, WARM_UP_SECONDS, {}, day.writes, busier.reads);
        const anchorBefore = await anchorNow();
        const { mix, cpuPerAnswer, fromCache } = await measured(on, busierLoad);
        if (on === server) day.cpu.push(`${cpuPerAnswer.toFixed(2)} ms, ${pct(fromCache)} from the cache`);
        const met = mix.rps / anchorBefore.rps >= TARGET.share && mix.p99 < TARGET.p99 && mix.errors === 0;
        say(
          row([
            `${day.name} (${busier.reads.length} reads, ${day.writes.length} writes), ${label}`,
            ...loadCells(mix, anchorBefore),
            met ? "met" : "**not met**",
          ]),
        );
      }
    }
    await pair.stop();
    pair = null;
    say();
    say(
      `A busier day (busierDay() in bench/mix.ts): other pages of the same accounts (the schedule, service, ` +
        `contracts, estimates, the shop's staff page, notifications, the field work), first with the mix's ` +
        `writes, then with writes that add and move: a new task, a status and a priority, an object's address, ` +
        `a service visit moved, a product's price. CPU time per answer on 1 process: ` +
        `${busierLoads.map((l) => `${l.name}, ${l.cpu.join("")}`).join("; ")}.`,
    );
    say();
    say(
      `One process's CPU time per answer of the mix and the share of its cached addresses answered from the ` +
        `page cache, and of those made afresh the share equal to their cached copy, not rendered ` +
        `(server/page_fingerprint.ts): ${
          perAnswer.join("; ")
        } in ${MIX_ROUNDS} rounds (CPU time from /proc, independent of ` +
        "the other load of the machine). Asked as browsers ask: " + asBrowsers.join(", ") + ".",
    );
    summary.push(...out);
    say();
    say(
      `One process per core against one: ${
        gains.map((g) => `×${g.toFixed(2)}`).join(", ")
      } in ${MIX_ROUNDS} rounds (req/s of the mix, ${navigator.hardwareConcurrency} cores; the load generator ` +
        `runs on the same cores). CPU time per answer of all the processes of one per core against one process's: ${
          cpuPairs.map(([one, perCore]) => `${perCore.toFixed(2)} against ${one.toFixed(2)} ms`).join("; ")
        }.`,
    );
    // `--mix-only`: the mix alone.
    if (!Deno.args.includes("--mix-only")) {
      say();
      say(
        "**Cached**: each address asked again and again by one account (what a cached answer gives), " +
          "beside the anchor loaded just before it.",
      );
      say();
      say(row(["address", "account", "req/s", "anchor just before", "share", "p50", "p99", "errors"]));
      say(row(["---", "---", "---:", "---:", "---:", "---:", "---:", "---:"]));
      const seen = new Set<string>();
      for (const call of readCalls) {
        if (seen.has(call.path)) continue;
        seen.add(call.path);
        const before = await anchorNow();
        const r = await load(base + call.path, {
          connections: CONNECTIONS,
          seconds: SECONDS,
          headers: call.account ? { Cookie: cookies.get(call.account)! } : {},
        });
        say(row([`\`${call.path}\``, who(call), ...loadCells(r, before)]));
      }

      say();
      say(
        `**Made afresh**: each staff page asked right after a write that concerns it, ${AFRESH_SAMPLES} times ` +
          `after ${AFRESH_WARM_UPS} such reads, ` +
          "one request at a time (req/s is one connection's: 1 / the mean time of the read). «Rendered»: the " +
          "share of those reads rendered, not found equal to their cached copy (server/page_fingerprint.ts). " +
          "Target: p50 ≤ 5 ms.",
      );
      say();
      say(
        row([
          "address",
          "account",
          "after",
          "req/s",
          "anchor just before",
          "p50",
          "p99",
          "rendered",
          "errors",
        ]),
      );
      say(row(["---", "---", "---", "---:", "---:", "---:", "---:", "---:", "---:"]));
      for (const { read, write, after } of afreshPages(f, writeCalls)) {
        const before = await anchorNow();
        const r = await afresh(server, cookies, read, write);
        say(row([
          `\`${read.path}\``,
          who(read),
          after,
          num(r.rps),
          num(before.rps),
          msText(r.p50),
          msText(r.p99),
          pct(r.rendered),
          String(r.errors),
        ]));
      }
      say();
      say(
        "**Stalls**: `/api/user` loaded alone, then while one more connection reads " +
          `${heavyPages.map((p) => `\`${p}\``).join(", ")} made afresh (a new address each time) in turn. ` +
          "Target: p99 < 50 ms.",
      );
      say();
      say(row(["load", "req/s", "anchor just before", "p50", "p99", "errors", "heavy reads meanwhile"]));
      say(row(["---", "---:", "---:", "---:", "---:", "---:", "---:"]));
      for (const heavy of [false, true]) {
        const before = await anchorNow();
        const r = await whileReading(base, cookies.get("engineer@demo.local")!, heavy);
        say(row([
          heavy ? "`/api/user` while the heavy pages are read" : "`/api/user` alone",
          num(r.user.rps),
          num(before.rps),
          msText(r.user.p50),
          msText(r.user.p99),
          String(r.user.errors),
          heavy ? `${r.heavyReads} (p50 ${msText(r.heavyP50)})` : "",
        ]));
      }
    }
    say();
    say(`Load average ${await loadAverage()} at the end.`);
  } finally {
    await pair?.stop();
    await server?.stop();
    await anchor.stop();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }

  if (Deno.args.includes("--write")) {
    await writeFigures("mix", out);
    await writeFigures("mix", summary, new URL("../README.md", import.meta.url));
  }
}

if (import.meta.main) await run();
