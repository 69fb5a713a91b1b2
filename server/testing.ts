// Test helpers: a fresh app on a temporary database with the demo data, and signed-in requests.
// deno-lint-ignore-file no-explicit-any
import assert from "node:assert/strict";
import { cp, readdir } from "node:fs/promises";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { readEnv } from "./env.ts";
import { boot } from "./boot.ts";
import { checkpointWholly, openDb } from "../db/client.ts";
import { SESSION_COOKIE } from "./auth/sessions.ts";
import { collectingLogger } from "./log.ts";
import { type ClientResponse, hc } from "hono/client";
import type { SuccessStatusCode } from "hono/utils/http-status";
import type { Api } from "./api_type.ts";
import type { JsonOf, OkJson } from "../components/api.ts";
import { islandPropsId } from "../components/island_props.ts";

export interface TestApp {
  app: Awaited<ReturnType<typeof boot>>["app"];
  deps: Awaited<ReturnType<typeof boot>>["deps"];
  dir: string;
  /** The app's log lines (server/log.ts), kept here rather than printed. */
  logs: string[];
  /** Signs in with the demo password and returns the cookie header value. */
  login(email: string, password?: string): Promise<string>;
  /**
   * A request as the given demo user (or signed out when `as` is omitted), from the client address
   * `from` when given (else none, as in-process requests have). JSON bodies are encoded.
   */
  request(
    path: string,
    init?: RequestInit & { as?: string; json?: unknown; from?: string },
  ): Promise<Response>;
  /** The requests of one demo user, JSON bodies encoded: `t.as("director@demo.local").patch(path, body)`. */
  as(email: string): UserClient;
  close(): Promise<void>;
}

/** The typed client of `/api` (Hono's `hc` over the server's routes): a renamed route or field fails the check. */
export type ApiClient = ReturnType<typeof hc<Api>>;

export interface UserClient {
  /** The same user's requests through the typed client: `await expectOk(t.as(email).api.tasks.$get({ query: {} }))`. */
  api: ApiClient;
  get(path: string): Promise<Response>;
  post(path: string, json?: unknown): Promise<Response>;
  put(path: string, json?: unknown): Promise<Response>;
  patch(path: string, json?: unknown): Promise<Response>;
  delete(path: string, json?: unknown): Promise<Response>;
}

export const DEMO_PASSWORD = "demo12345";

type TestAppOptions = {
  seed?: boolean;
  now?: () => Date;
  env?: Record<string, string>;
  /** The long reads in a worker, as a served app has them (db/read_worker.ts). */
  readWorker?: boolean;
};

/** The environment of a test app whose database and files live in `dir`. */
const testEnv = (dir: string, options: TestAppOptions) =>
  readEnv({
    DATABASE_URL: `file:${dir}/app.db`,
    DATA_DIR: dir,
    SEED: options.seed === false ? "none" : "demo",
    DEMO_PASSWORD,
    ...options.env,
  });

/**
 * A folder with the migrated database seeded with the demo data and its uploads, made by the app's own boot;
 * each test app starts from a copy of it rather than migrating and seeding again. It is cached on disk for the
 * hour and shared by the test workers (each suite of tests/ runs in a worker of its own): seeding takes about
 * two CPU-seconds, which some 250 test files paid each before. Its name holds a hash of every source a boot
 * and the seed run and of the environment that changes them, so a changed migration, seed or rule never
 * starts from an old template; the hour (Moscow) keeps the seed's dates, made by the real clock, as near to
 * the test's as before.
 */
let demoTemplate: Promise<string> | null = null;

const root = fileURLToPath(new URL("..", import.meta.url));
const templatesDir = join(root, "node_modules", ".cache", "polesmeta");
const seededSources = ["db", "domain", "estimating", "server", "components", "routes", "static/fonts"];

/**
 * The environment variable that hands the sources' hash from the first test file of a run to the others, with
 * the fingerprint (each file's path, size and modification time) it was made for: the files of a `deno test`
 * run are workers of one process, which shares one environment. Reading and hashing some 500 files cost each
 * of about 100 files that start an app 0.1–0.3 s, their fingerprint a third of that; a file edited since (as
 * in `deno test --watch`, one process for many runs) changes the fingerprint, and the sources are hashed again.
 */
const SOURCES_HASH_VARIABLE = "POLESMETA_TEST_SOURCES_HASH";

/** SHA-256 of the seed's sources (test files aside), deno.lock and the environment that changes a boot. */
async function templateKey(): Promise<string> {
  const files: string[] = [];
  for (const dir of seededSources) {
    for (const entry of await readdir(join(root, dir), { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && !/_test\.tsx?$/.test(entry.name)) files.push(join(entry.parentPath, entry.name));
    }
  }
  files.push(join(root, "deno.lock"));
  files.sort();
  const stats = await Promise.all(files.map((file) => Deno.stat(file)));
  const fingerprint = createHash("sha256");
  stats.forEach((stat, i) => fingerprint.update(`${files[i]}\0${stat.size}\0${stat.mtime?.getTime()}\0`));
  const seen = fingerprint.digest("hex");
  const [handedFor, handed] = (Deno.env.get(SOURCES_HASH_VARIABLE) ?? "").split(" ");
  let sources = handedFor === seen ? handed : "";
  if (!sources) {
    const hash = createHash("sha256");
    for (const file of files) hash.update(file).update(await Deno.readFile(file));
    sources = hash.digest("hex");
    Deno.env.set(SOURCES_HASH_VARIABLE, `${seen} ${sources}`);
  }
  const key = createHash("sha256").update(sources);
  for (const name of ["NODE_ENV", "TEST_CHEAP_PASSWORD_HASHING"]) key.update(`${name}=${Deno.env.get(name)}`);
  key.update(new Date().toLocaleString("sv", { timeZone: "Europe/Moscow" }).slice(0, 13));
  return key.digest("hex").slice(0, 16);
}

function demoTemplateDir(): Promise<string> {
  demoTemplate ??= (async () => {
    const dir = join(templatesDir, `demo-template-${await templateKey()}`);
    if (await Deno.stat(join(dir, "app.db")).then(() => true, () => false)) return dir;
    await Deno.mkdir(templatesDir, { recursive: true });
    const temp = await Deno.makeTempDir({ dir: templatesDir, prefix: "demo-template-tmp-" });
    const booted = await boot(testEnv(temp, {}), { log: collectingLogger() });
    // Everything into the database file, so that a copy of the file alone is the whole database.
    await checkpointWholly(booted.deps.db);
    booted.close();
    // Whole or not at all: another file may have made the same template meanwhile (then it stays).
    await Deno.rename(temp, dir).catch(() => Deno.remove(temp, { recursive: true }));
    await removeOldTemplates(dir);
    return dir;
  })();
  return demoTemplate;
}

/** Templates of other sources or hours, a day old or more, are removed. */
async function removeOldTemplates(current: string): Promise<void> {
  const dayAgo = Date.now() - 24 * 3600_000;
  for await (const entry of Deno.readDir(templatesDir)) {
    const path = join(templatesDir, entry.name);
    if (!entry.name.startsWith("demo-template-") || path === current) continue;
    const { mtime } = await Deno.stat(path);
    if (mtime && mtime.getTime() < dayAgo) await Deno.remove(path, { recursive: true }).catch(() => {});
  }
}

/** Fills the empty folder `dir` with the demo data (database and uploads), for a server spawned on it. */
export async function copyDemoData(dir: string): Promise<void> {
  const template = await demoTemplateDir();
  await Deno.mkdir(dir, { recursive: true });
  await Deno.copyFile(join(template, "app.db"), join(dir, "app.db"));
  await cp(join(template, "uploads"), join(dir, "uploads"), { recursive: true });
}

/**
 * Whether the app may start from the demo template: seeded with the demo data by the real clock (a fixed
 * `now` seeds other dates) and without an environment that changes what is seeded or where.
 */
const fromDemoTemplate = (options: TestAppOptions) =>
  options.seed !== false && options.now === undefined &&
  !["SEED", "DEMO_PASSWORD", "DATABASE_URL", "DATA_DIR"].some((name) => name in (options.env ?? {}));

/** Boots the app on a temporary database (seeded with the demo data unless `seed: false`). */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dir = await Deno.makeTempDir({ prefix: "polesmeta-test-" });
  if (fromDemoTemplate(options)) {
    // The database file and the uploads only: the template's -wal and -shm files may still be going away.
    const template = await demoTemplateDir();
    await Deno.copyFile(join(template, "app.db"), join(dir, "app.db"));
    await cp(join(template, "uploads"), join(dir, "uploads"), { recursive: true });
  }
  const env = testEnv(dir, options);
  const log = collectingLogger();
  const booted = await boot(env, { now: options.now, log, readWorker: options.readWorker });
  const cookies = new Map<string, string>();
  const origin = "http://localhost";

  async function login(email: string, password = DEMO_PASSWORD): Promise<string> {
    const res = await booted.app.request(`${origin}/api/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email, password }),
    });
    if (res.status !== 200) {
      throw new Error(`Login of "${email}" failed with ${res.status}: ${await res.text()}`);
    }
    const setCookie = res.headers.get("set-cookie") ?? "";
    const token = setCookie.match(new RegExp(`${SESSION_COOKIE}=([^;]+)`))?.[1];
    if (!token) throw new Error("No session cookie");
    return `${SESSION_COOKIE}=${token}`;
  }

  async function request(
    path: string,
    init: RequestInit & { as?: string; json?: unknown; from?: string } = {},
  ): Promise<Response> {
    const { as, json, from, ...rest } = init;
    const headers = new Headers(rest.headers);
    // Same-origin requests from a browser carry Origin; without it the CSRF guard refuses non-JSON posts.
    if (!headers.has("Origin")) headers.set("Origin", origin);
    if (as) {
      if (!cookies.has(as)) cookies.set(as, await login(as));
      headers.set("Cookie", cookies.get(as)!);
    }
    let body = rest.body;
    if (json !== undefined) {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(json);
    }
    // hono/deno's getConnInfo() reads the address from the handler info Deno.serve passes as env.
    const info = from ? { remoteAddr: { hostname: from, port: 40000, transport: "tcp" } } : undefined;
    return booted.app.request(`${origin}${path}`, { ...rest, headers, body }, info);
  }

  return {
    app: booted.app,
    deps: booted.deps,
    dir,
    logs: log.lines,
    login,
    request,
    as: (as) => ({
      // In-process: hc's fetch is the app's own request(), with this user's session cookie.
      api: hc<Api>(`${origin}/api`, {
        fetch: (input: RequestInfo | URL, init?: RequestInit) => {
          const url = new URL(input instanceof Request ? input.url : input);
          return request(url.pathname + url.search, { ...init, as });
        },
      }),
      get: (path) => request(path, { as }),
      post: (path, json) => request(path, { as, method: "POST", json }),
      put: (path, json) => request(path, { as, method: "PUT", json }),
      patch: (path, json) => request(path, { as, method: "PATCH", json }),
      delete: (path, json) => request(path, { as, method: "DELETE", json }),
    }),
    async close() {
      booted.close();
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    },
  };
}

/** Runs `fn` on a fresh test app (createTestApp's options first, when given) and closes the app after. */
export async function withTestApp(fn: (t: TestApp) => Promise<void> | void): Promise<void>;
export async function withTestApp(
  options: TestAppOptions,
  fn: (t: TestApp) => Promise<void> | void,
): Promise<void>;
export async function withTestApp(
  first: TestAppOptions | ((t: TestApp) => Promise<void> | void),
  second?: (t: TestApp) => Promise<void> | void,
): Promise<void> {
  const [options, fn] = typeof first === "function" ? [{}, first] : [first, second!];
  await closingAfter(await createTestApp(options), fn);
}

/** Runs `fn` with `resource` and closes the resource after, whatever happens. */
export async function closingAfter<T extends { close(): Promise<void> }>(
  resource: T,
  fn: (resource: T) => Promise<void> | void,
): Promise<void> {
  try {
    await fn(resource);
  } finally {
    await resource.close();
  }
}

/** The response's JSON body (null when empty) after asserting its status, which the message shows with the body. */
export async function expectJson<T = any>(response: Answered | Promise<Answered>, status = 200): Promise<T> {
  const res = await response;
  const body = await res.text();
  assert.equal(res.status, status, body);
  return (body ? JSON.parse(body) : null) as T;
}

/** A Response or a typed client's answer: what expectJson() reads. */
type Answered = { status: number; text(): Promise<string> };

/** A typed client call's success JSON, typed by the route, after asserting its status (200 unless said). */
export async function expectOk<R extends ClientResponse<unknown, number, any>>(
  response: Promise<R>,
  status: SuccessStatusCode = 200,
): Promise<OkJson<R>> {
  return await expectJson<OkJson<R>>(response, status);
}

/** The body of POST /api/estimates/generate (an object, a task, the measurements). */
export type GenerateBody = JsonOf<ApiClient["estimates"]["generate"]["$post"]>;

/**
 * POST /api/estimates/generate as `as`, answering one estimate (not one per work type), its status asserted
 * (201 unless said); the answer is narrowed to the one estimate.
 */
export async function generateOneEstimate(
  t: TestApp,
  as: string,
  json: GenerateBody,
  status: 200 | 201 = 201,
) {
  const made = await expectOk(t.as(as).api.estimates.generate.$post({ json }), status);
  if ("estimates" in made) assert.fail("one estimate is answered, not one per work type");
  return made;
}

/** What a prepayment link is asked for: its amount, object and (when it has one) contract. */
export type PrepaymentRequest = Omit<JsonOf<ApiClient["payment"]["generate"]["$post"]>, "description">;

/** POST /api/payment/generate as `as`: a prepayment link («Предоплата»), its 201 asserted. */
export function prepaymentLink(t: TestApp, as: string, request: PrepaymentRequest) {
  return expectOk(
    t.as(as).api.payment.generate.$post({ json: { ...request, description: "Предоплата" } }),
    201,
  );
}

/** The demo surveyor's task in progress that has an object (the demo data holds one). */
export async function demoSurveyorTask(t: TestApp) {
  const tasks = await expectOk(t.as("surveyor@demo.local").api.tasks.$get({ query: {} }));
  type WithObject<T extends { object: unknown }> = T & { objectId: number; object: NonNullable<T["object"]> };
  const task = tasks.find((x): x is WithObject<typeof x> =>
    x.storedStatus === "in_progress" && !!x.objectId && x.object !== null
  );
  assert.ok(task, "the demo surveyor has a task in progress");
  return task;
}

/** The props of the page's first `name` island (the JSON script after its root, server/island.tsx), or null. */
export function islandProps(html: string, name: string): any {
  const prefix = new RegExp(`data-island="${name}" data-prefix="([^"]*)"`).exec(html)?.[1];
  if (prefix === undefined) return null;
  const script = new RegExp(`<script type="application/json" id="${islandPropsId(prefix)}">([^<]*)</script>`)
    .exec(html)?.[1];
  return script === undefined ? null : JSON.parse(script);
}

/** A multipart form with one file (and optional text fields), as a browser sends an upload. */
export function fileForm(
  field: string,
  content: Uint8Array<ArrayBuffer> | string,
  fileName: string,
  options: { type?: string; fields?: Record<string, string> } = {},
): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(options.fields ?? {})) form.set(k, v);
  form.set(field, new File([content], fileName, { type: options.type ?? "" }));
  return form;
}

/** A whole 1×1 PNG image. */
export const tinyPng: Uint8Array<ArrayBuffer> = Uint8Array.from([
  0x89,
  0x50,
  0x4e,
  0x47,
  0x0d,
  0x0a,
  0x1a,
  0x0a,
  0,
  0,
  0,
  13,
  0x49,
  0x48,
  0x44,
  0x52,
  0,
  0,
  0,
  1,
  0,
  0,
  0,
  1,
  8,
  6,
  0,
  0,
  0,
  0x1f,
  0x15,
  0xc4,
  0x89,
  0,
  0,
  0,
  10,
  0x49,
  0x44,
  0x41,
  0x54,
  0x78,
  0x9c,
  0x63,
  0,
  1,
  0,
  0,
  5,
  0,
  1,
  0x0d,
  0x0a,
  0x2d,
  0xb4,
  0,
  0,
  0,
  0,
  0x49,
  0x45,
  0x4e,
  0x44,
  0xae,
  0x42,
  0x60,
  0x82,
]);

/** A tiny MP4: an ftyp box and an mdat box of counted bytes. */
export function tinyMp4(size = 4096): Uint8Array<ArrayBuffer> {
  const enc = new TextEncoder();
  const bytes = new Uint8Array(size);
  bytes.set([0, 0, 0, 24], 0);
  bytes.set(enc.encode("ftypisom"), 4);
  bytes.set([0, 0, 2, 0], 8);
  bytes.set(enc.encode("isomiso2"), 16);
  const mdat = size - 24;
  bytes.set([(mdat >>> 24) & 255, (mdat >>> 16) & 255, (mdat >>> 8) & 255, mdat & 255], 24);
  bytes.set(enc.encode("mdat"), 28);
  for (let i = 32; i < size; i++) bytes[i] = i & 255;
  return bytes;
}

/** Every file the test left below the storage root (the demo's seeded documents are not the test's uploads). */
export async function storedFiles(t: TestApp): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string) => {
    try {
      for await (const e of Deno.readDir(dir)) {
        if (e.isDirectory) await walk(join(dir, e.name));
        else if (!e.name.startsWith("demo-")) out.push(join(dir, e.name));
      }
    } catch { /* no folder yet */ }
  };
  await walk(join(t.dir, "uploads"));
  return out;
}

/** Runs `sql` on a connection of its own to the app's database and closes it, as the CLI or another process writes. */
export async function commitElsewhere(t: TestApp, sql: string): Promise<void> {
  const other = await openDb(t.deps.env.DATABASE_URL);
  try {
    await other.$client.execute(sql);
  } finally {
    other.$client.close();
  }
}
