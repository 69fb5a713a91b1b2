// The staff pages at a large company: the demo data plus BENCH_SCALE× (100 by default: 100 000 objects,
// 500 000 tasks, 50 000 estimates; db/seed/bench.ts). Two sections:
//   - made afresh, in-process: the app booted in this process on the data, a write that concerns the page,
//     then the page through app.request, 30 times, timed with performance.now() (wall) and the process's
//     CPU time (what the page costs, whatever the other processes on the cores do);
//   - stalls: `/api/user` under load from outside, alone and while one more connection reads the heavy
//     pages made afresh, against a server with the read worker (db/read_worker.ts) and one without
//     (READ_WORKER=false), in the same run.
// Seeding 100× takes minutes: the seeded database is cached in node_modules/.cache/polesmeta/ per scale and
// seed source, and copied for each run (the app migrates the copy). `--write` puts the tables between the
// bench-scale markers of docs/performance.md (bench-scale-10 for BENCH_SCALE=10).
import process from "node:process";
import { cp } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createHash } from "node:crypto";
import { copyDemoData } from "../server/testing.ts";
import { seedCompany } from "../db/seed/bench.ts";
import { checkpointWholly, openDb } from "../db/client.ts";
import { readEnv } from "../server/env.ts";
import { boot } from "../server/boot.ts";
import { collectingLogger } from "../server/log.ts";
import { pageCacheCounts, registry } from "../server/metrics.ts";
import { AFRESH_WARM_UPS, renderedShare, signIn, startServer } from "./_server.ts";
import { heavyPages, whileReading } from "./mix.ts";
import { hasWrk } from "./_load.ts";

const SCALE = Number(Deno.env.get("BENCH_SCALE") ?? 100);
const SAMPLES = 30;
/** The 100× tables go between the bench-scale markers, another scale's between bench-scale-N ones. */
const markerName = SCALE === 100 ? "bench-scale" : `bench-scale-${SCALE}`;
const markers = [`<!-- ${markerName} -->`, `<!-- /${markerName} -->`] as const;

/**
 * The p50 a page made afresh must stay within, ms: at up to 10× data every staff page 5 ms but `/analytics`
 * 20 ms (the period's figures), at a larger company every page 20 ms.
 */
const targetMs = (path: string) => SCALE > 10 ? 20 : path.startsWith("/analytics") ? 20 : 5;
const targetText = SCALE > 10 ? "Target: p50 ≤ 20 ms." : "Target: p50 ≤ 5 ms, `/analytics` ≤ 20 ms.";
const root = fileURLToPath(new URL("..", import.meta.url));

/** The demo data plus SCALE×, seeded once per scale and seed source and cached; a copy of it in `dir`. */
async function scaledData(dir: string): Promise<void> {
  const seedSource = await Deno.readFile(join(root, "db/seed/bench.ts"));
  const key = createHash("sha256").update(seedSource).update(String(SCALE)).digest("hex").slice(0, 12);
  const cached = join(root, "node_modules/.cache/polesmeta", `bench-scale-${SCALE}-${key}`);
  if (!await Deno.stat(join(cached, "app.db")).then(() => true, () => false)) {
    const temp = `${cached}-tmp-${Deno.pid}`;
    await copyDemoData(temp);
    console.log(`Seeding ${SCALE}× once (cached in ${cached})…`);
    await seedCompany(temp, { objects: SCALE * 1000, tasks: SCALE * 5000, estimates: SCALE * 500 });
    const db = await openDb(`file:${temp}/app.db`);
    await checkpointWholly(db);
    db.$client.close();
    await Deno.rename(temp, cached);
  }
  await Deno.mkdir(dir, { recursive: true });
  await Deno.copyFile(join(cached, "app.db"), join(dir, "app.db"));
  await cp(join(cached, "uploads"), join(dir, "uploads"), { recursive: true });
}

const ENGINEER = "engineer@demo.local";
const DIRECTOR = "director@demo.local";
const ADMIN = "admin@demo.local";
const SEARCHED_PLACE = "Коломна";
/**
 * Each page, who reads it and the write that concerns it: a task edit changes a task's description and its
 * status (in work either way), an object note an object's description; each writes a new value.
 */
const pages: Array<{ path: string; as: string; after: "task edit" | "object note" }> = [
  { path: "/engineer", as: ENGINEER, after: "task edit" },
  { path: "/dashboard", as: "manager@demo.local", after: "task edit" },
  { path: "/dashboard?period=1y", as: DIRECTOR, after: "task edit" },
  ...["7d", "30d", "90d", "1y", "all"].map((p) => ({
    path: `/analytics?period=${p}`,
    as: DIRECTOR,
    after: "task edit" as const,
  })),
  ...["tasks", "workTypes", "performance"].map((tab) => ({
    path: `/analytics?tab=${tab}&period=1y`,
    as: DIRECTOR,
    after: "task edit" as const,
  })),
  { path: "/surveyor", as: "surveyor@demo.local", after: "task edit" },
  { path: "/foreman", as: "foreman@demo.local", after: "object note" },
  { path: "/tasks", as: ENGINEER, after: "task edit" },
  { path: "/objects", as: ENGINEER, after: "object note" },
  { path: "/documents", as: ENGINEER, after: "object note" },
  { path: "/estimates", as: ENGINEER, after: "object note" },
  { path: "/employees", as: "manager@demo.local", after: "task edit" },
  { path: "/schedule", as: ENGINEER, after: "task edit" },
  { path: "/schedule", as: "surveyor@demo.local", after: "task edit" },
  { path: "/field-work", as: ENGINEER, after: "task edit" },
  // The system administrator's pages read every company.
  { path: "/admin", as: ADMIN, after: "task edit" },
  { path: "/dashboard", as: ADMIN, after: "task edit" },
  { path: "/tasks", as: ADMIN, after: "task edit" },
  { path: "/objects", as: ADMIN, after: "object note" },
  { path: "/engineer", as: ADMIN, after: "task edit" },
  { path: "/surveyor", as: ADMIN, after: "task edit" },
  { path: "/foreman", as: ADMIN, after: "object note" },
  // The searches a list offers, by a place (one of the seed's, about 1 object in 230).
  ...["/objects", "/tasks", "/estimates"].map((list) => ({
    path: `${list}?q=${encodeURIComponent(SEARCHED_PLACE)}`,
    as: ENGINEER,
    after: "object note" as const,
  })),
];

const msText = (x: number) => `${x < 10 ? x.toFixed(1) : Math.round(x)} ms`;
const row = (cells: string[]) => `| ${cells.join(" | ")} |`;
const loadAverage = async () => (await Deno.readTextFile("/proc/loadavg").catch(() => "?")).split(" ")[0];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)];

/** Each page made afresh in this process: wall and CPU p50 of the read after its write. */
async function madeAfresh(dir: string, say: (line?: string) => void) {
  const env = readEnv({ DATABASE_URL: `file:${dir}/app.db`, DATA_DIR: dir, SEED: "none" });
  const booted = await boot(env, { log: collectingLogger(), readWorker: true });
  // As a served app has it: the worker loaded before the first page (main.ts), not during its samples.
  await booted.deps.reads?.start();
  const origin = "http://localhost";
  const cookies = new Map<string, string>();
  const request = async (as: string, path: string, method = "GET", body?: unknown) => {
    if (!cookies.has(as)) {
      const res = await booted.app.request(`${origin}/api/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: as, password: "demo12345" }),
      });
      cookies.set(as, (res.headers.get("set-cookie") ?? "").split(";")[0]);
    }
    const headers: Record<string, string> = { Cookie: cookies.get(as)!, Origin: origin };
    if (body) headers["Content-Type"] = "application/json";
    const res = await booted.app.request(origin + path, {
      method,
      headers,
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
    return text;
  };
  try {
    const tasks = JSON.parse(await request(ENGINEER, "/api/tasks?limit=5"));
    const taskId = (tasks.tasks ?? tasks)[0].id;
    const objectId = JSON.parse(await request(ENGINEER, "/api/objects?pageSize=5"))[0].id;
    const write = (after: string, i: number) =>
      after === "task edit"
        ? request(ENGINEER, `/api/tasks/${taskId}`, "PATCH", {
          description: `Правка ${i}`,
          status: i % 2 ? "in_progress" : "pending",
        })
        : request(ENGINEER, `/api/objects/${objectId}`, "PATCH", { description: `Заметка ${i}` });
    say(row(["address", "account", "after", "p50 (wall)", "p90 (wall)", "p50 (CPU)", "rendered", "target"]));
    say(row(["---", "---", "---", "---:", "---:", "---:", "---:", "---"]));
    for (const page of pages) {
      for (let i = 0; i < AFRESH_WARM_UPS; i++) {
        await write(page.after, SAMPLES + i);
        await request(page.as, page.path);
      }
      const wall: number[] = [];
      const cpu: number[] = [];
      const lookupsBefore = pageCacheCounts(await registry.metrics());
      for (let i = 0; i < SAMPLES; i++) {
        await write(page.after, i);
        const c0 = process.cpuUsage();
        const t0 = performance.now();
        await request(page.as, page.path);
        wall.push(performance.now() - t0);
        const c = process.cpuUsage(c0);
        cpu.push((c.user + c.system) / 1000);
      }
      say(row([
        `\`${decodeURIComponent(page.path)}\``,
        page.as.replace(/@.*/, ""),
        page.after,
        msText(median(wall)),
        msText(p90(wall)),
        msText(median(cpu)),
        `${Math.round(100 * renderedShare(lookupsBefore, pageCacheCounts(await registry.metrics())))} %`,
        median(wall) <= targetMs(page.path) ? "met" : "**not met**",
      ]));
    }
  } finally {
    booted.close();
  }
}

export async function run(): Promise<void> {
  const out: string[] = [];
  const say = (line = "") => {
    console.log(line);
    out.push(line);
  };
  const dir = await Deno.makeTempDir({ prefix: "polesmeta-bench-scale-" });
  try {
    await scaledData(dir);
    const cpuName = (await Deno.readTextFile("/proc/cpuinfo").catch(() => "")).match(/model name\s*:\s*(.*)/)
      ?.[1];
    say(
      `${
        new Date().toISOString().slice(0, 16).replace("T", " ")
      } UTC, ${navigator.hardwareConcurrency} cores ` +
        `(${
          cpuName ?? "?"
        }), load average ${await loadAverage()} at the start; the demo data plus ${SCALE}× ` +
        `(${(SCALE * 1000).toLocaleString("ru-RU")} objects, ${
          (SCALE * 5000).toLocaleString("ru-RU")
        } tasks)`,
    );
    say();
    say(
      `**Made afresh at ${SCALE}×**, in the app's own process: a write that concerns the page, then the page, ` +
        `${SAMPLES} times after ${AFRESH_WARM_UPS} such reads; wall time of the read (performance.now()) and the ` +
        `process's CPU time for it (the read worker's included); «rendered», the share of those reads rendered, ` +
        `not found equal to their cached copy (server/page_fingerprint.ts). ${targetText}`,
    );
    say();
    await madeAfresh(dir, say);
    say();
    say(
      `**Stalls at ${SCALE}×**: \`/api/user\` under load (${
        (await hasWrk()) ? "wrk" : "a fetch() loop"
      }, 50 connections) alone, then while one more connection reads ${
        heavyPages.map((p) => `\`${p}\``).join(", ")
      } made afresh in turn; a server with the read worker and one without, in the same run. ` +
        "Target: p99 < 50 ms.",
    );
    say();
    say(row(["server", "load", "req/s", "p50", "p99", "errors", "heavy reads meanwhile"]));
    say(row(["---", "---", "---:", "---:", "---:", "---:", "---:"]));
    for (const worker of ["false", "true"]) {
      const server = await startServer(dir, { env: { READ_WORKER: worker, SEED: "none" } });
      try {
        const cookie = await signIn(server.base, ENGINEER);
        // The worker starts at its first read: that start is not what the loads measure.
        await (await fetch(`${server.base}/analytics`, { headers: { Cookie: cookie } })).arrayBuffer();
        for (const heavy of [false, true]) {
          const r = await whileReading(server.base, cookie, heavy);
          say(row([
            worker === "true" ? "read worker" : "no worker",
            heavy ? "while the heavy pages are read" : "alone",
            Math.round(r.user.rps).toLocaleString("ru-RU"),
            msText(r.user.p50),
            msText(r.user.p99),
            String(r.user.errors),
            heavy ? `${r.heavyReads} (p50 ${msText(r.heavyP50)})` : "",
          ]));
        }
      } finally {
        await server.stop();
      }
    }
    say();
    say(`Load average ${await loadAverage()} at the end.`);
  } finally {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
  if (Deno.args.includes("--write")) {
    const doc = join(root, "docs/performance.md");
    const text = await Deno.readTextFile(doc);
    const [open, close] = markers;
    const start = text.indexOf(open);
    const end = text.indexOf(close);
    if (start < 0 || end < start) throw new Error(`docs/performance.md has no ${open} … ${close} markers`);
    await Deno.writeTextFile(
      doc,
      `${text.slice(0, start + open.length)}\n\n${out.join("\n")}\n\n${text.slice(end)}`,
    );
    await new Deno.Command(Deno.execPath(), { args: ["fmt", "--quiet", doc] }).output();
    console.log(`\ndocs/performance.md: the tables are written between its ${markerName} markers.`);
  }
}

if (import.meta.main) await run();
