// Page figures held against anchors measured in the same run: requests per second and p99 of each page at
// 50 connections as a share of a bare Hono + React renderToString 50-row table, a mixed 80 % read / 20 %
// write load, and p50 of each page with the company at 1× and 10× data (bench seed), given again from the
// cached answers (server/page_cache.ts) and made afresh. The machine is shared, so the anchor is loaded again
// just before each page and the share is taken of that neighbouring run.
// BENCH_SECONDS sets the length of each load (8 s by default).
import { signIn, startAnchor, startServer } from "./_server.ts";
import { hasWrk, load, sequentialP50 } from "./_load.ts";
import { seedCompany } from "../db/seed/bench.ts";

const CONNECTIONS = 50;
const SECONDS = Number(Deno.env.get("BENCH_SECONDS") ?? 8);

/** Each page with the share of the anchor it must reach. */
const pages: Array<{ path: string; target: number }> = [
  { path: "/api/user", target: 0.5 },
  { path: "/api/objects", target: 0.3 },
  { path: "/objects", target: 0.3 },
  { path: "/tasks", target: 0.3 },
  { path: "/estimates", target: 0.3 },
  { path: "/engineer", target: 0.15 },
  { path: "/dashboard", target: 0.15 },
  { path: "/analytics", target: 0.15 },
];
const P99_LIMIT_MS = 50;
const MIXED = { rps: 2000, p99: 100 };
const READS = ["/api/objects", "/objects", "/tasks", "/estimates", "/api/user"];

/** 80 % reads of the list pages and 20 % task edits, each connection cycling through its own order. */
function mixedScript(cookie: string, host: string, taskIds: number[]): string {
  return `
local reads = { ${READS.map((p) => `"${p}"`).join(", ")} }
local ids = { ${taskIds.join(", ")} }
local n = 0
function request()
  n = n + 1
  if n % 5 == 0 then
    local id = ids[(n / 5) % #ids + 1]
    return wrk.format("PATCH", "/api/tasks/" .. id,
      { ["Host"] = "${host}", ["Cookie"] = "${cookie}", ["Content-Type"] = "application/json" },
      '{"description":"Нагрузочная правка ' .. n .. '"}')
  end
  return wrk.format("GET", reads[n % #reads + 1], { ["Host"] = "${host}", ["Cookie"] = "${cookie}" })
end
`;
}

function mixedPick(taskIds: number[]) {
  return (n: number) =>
    n % 5 === 4
      ? {
        path: `/api/tasks/${taskIds[Math.floor(n / 5) % taskIds.length]}`,
        init: {
          method: "PATCH",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ description: `Нагрузочная правка ${n}` }),
        },
      }
      : { path: READS[n % READS.length] };
}

/** Bytes on the wire (Content-Length) for each encoding a client may ask for. */
async function wireBytes(url: string, headers: Record<string, string>) {
  const sizes: string[] = [];
  for (const accept of ["identity", "gzip", "br"]) {
    const res = await fetch(url, { headers: { ...headers, "Accept-Encoding": accept } });
    // A page sent as it is carries no Content-Length (it is not buffered for compression); count its body.
    const length = res.headers.get("content-length") ?? (await res.arrayBuffer()).byteLength;
    await res.body?.cancel().catch(() => {});
    const encoding = res.headers.get("content-encoding") ?? "identity";
    sizes.push(
      `${accept === encoding ? "" : `${accept}→${encoding} `}${num(Number(length))}`,
    );
  }
  return sizes;
}

async function printCompression(base: string, auth: Record<string, string>) {
  const html = await (await fetch(`${base}/objects`, { headers: auth })).text();
  const scripts = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+)"/g)]
    .map((m) => m[1]);
  const sizes = await Promise.all(scripts.map(async (src) => {
    const res = await fetch(base + src);
    return (await res.arrayBuffer()).byteLength;
  }));
  const react = scripts[sizes.indexOf(Math.max(...sizes))];
  console.log("\n| bytes on the wire | identity | gzip | br |");
  console.log("| --- | ---: | ---: | ---: |");
  row([
    `largest script of /objects (\`${react.replace(/.*\//, "")}\`)`,
    ...await wireBytes(base + react, {}),
  ]);
  row(["`/objects` HTML", ...await wireBytes(`${base}/objects`, auth)]);
  row(["`/api/objects` JSON", ...await wireBytes(`${base}/api/objects`, auth)]);
  row(["`/api/user` JSON (under 1 KB: sent as it is)", ...await wireBytes(`${base}/api/user`, auth)]);
}

/** Other processes share the cores: the 1-minute load average says how much. */
async function loadAverage(): Promise<string> {
  return (await Deno.readTextFile("/proc/loadavg").catch(() => "?")).split(" ")[0];
}

const pct = (x: number) => `${Math.round(x * 100)} %`;
const num = (x: number) => Math.round(x).toLocaleString("ru-RU");
const msText = (x: number) => `${x < 10 ? x.toFixed(1) : Math.round(x)} ms`;

function row(cells: string[]) {
  console.log(`| ${cells.join(" | ")} |`);
}

export async function run(): Promise<void> {
  const withWrk = await hasWrk();
  console.log(
    withWrk
      ? `Load: wrk -t2 -c${CONNECTIONS} -d${SECONDS}s`
      : `Load: wrk is not installed (apt-get install -y wrk), so a fetch() loop in this process ` +
        `(${CONNECTIONS} connections, ${SECONDS} s); its figures are lower than wrk's`,
  );
  const cpu = (await Deno.readTextFile("/proc/cpuinfo").catch(() => "")).match(/model name\s*:\s*(.*)/)?.[1];
  console.log(
    `${new Date().toISOString().slice(0, 10)}, ${navigator.hardwareConcurrency} cores, ${cpu ?? "?"}, ` +
      `load average ${await loadAverage()} at the start`,
  );

  const anchor = await startAnchor();
  const dir = await Deno.makeTempDir({ prefix: "polesmeta-bench-pages-" });
  const server = await startServer(dir);
  try {
    const cookie = await signIn(server.base, "engineer@demo.local");
    const auth = { Cookie: cookie };
    const hello = await load(`${anchor.base}/hello`, { connections: CONNECTIONS, seconds: SECONDS });
    const table = await load(`${anchor.base}/table`, { connections: CONNECTIONS, seconds: SECONDS });

    console.log(
      "\n| what | req/s | anchor just before | share of the anchor | p50 | p99 | errors | target |",
    );
    console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |");
    row([
      'bare Deno.serve + Hono, "hello"',
      num(hello.rps),
      "",
      "",
      msText(hello.p50),
      msText(hello.p99),
      "0",
      "",
    ]);
    row([
      "anchor: Hono + React renderToString, 50-row table",
      num(table.rps),
      "",
      "100 %",
      msText(table.p50),
      msText(table.p99),
      String(table.errors),
      "",
    ]);
    const anchorNow = () => load(`${anchor.base}/table`, { connections: CONNECTIONS, seconds: SECONDS });
    for (const page of pages) {
      const before = await anchorNow();
      const r = await load(server.base + page.path, {
        connections: CONNECTIONS,
        seconds: SECONDS,
        headers: auth,
      });
      const share = r.rps / before.rps;
      const met = share >= page.target && r.p99 < P99_LIMIT_MS && r.errors === 0;
      row([
        `\`${page.path}\``,
        num(r.rps),
        num(before.rps),
        pct(share),
        msText(r.p50),
        msText(r.p99),
        String(r.errors),
        `≥ ${pct(page.target)}, p99 < ${P99_LIMIT_MS} ms: ${met ? "met" : "not met"}`,
      ]);
    }

    const taskList = await (await fetch(`${server.base}/api/tasks?limit=50`, { headers: auth })).json();
    const taskIds: number[] = (taskList.tasks ?? taskList).map((t: { id: number }) => t.id);
    const host = new URL(server.base).host;
    const beforeMixed = await anchorNow();
    const mixed = await load(server.base + READS[0], {
      connections: CONNECTIONS,
      seconds: SECONDS,
      headers: auth,
      luaScript: mixedScript(cookie, host, taskIds),
      pick: mixedPick(taskIds),
    });
    const mixedMet = mixed.rps >= MIXED.rps && mixed.p99 < MIXED.p99 && mixed.errors === 0;
    row([
      "mixed: 80 % reads of the list pages, 20 % task edits",
      num(mixed.rps),
      num(beforeMixed.rps),
      pct(mixed.rps / beforeMixed.rps),
      msText(mixed.p50),
      msText(mixed.p99),
      String(mixed.errors),
      `≥ ${num(MIXED.rps)} req/s, p99 < ${MIXED.p99} ms: ${mixedMet ? "met" : "not met"}`,
    ]);

    console.log(`\nLoad average ${await loadAverage()} at the end of the loads`);
    await printCompression(server.base, auth);
    console.log(
      "\nScale: p50 of 30 sequential requests with the demo data, then 1× and 10× data added to the company;" +
        " each page given again (cached) and made afresh (a new address for every request, so no cached answer" +
        " is used; reads of unchanged tables still are)",
    );
    const scales = [
      { name: "demo", size: { objects: 0, tasks: 0, estimates: 0 } },
      {
        name: "1× (1 000 objects, 5 000 tasks, 500 estimates)",
        size: { objects: 1_000, tasks: 5_000, estimates: 500 },
      },
      {
        name: "10× (10 000 objects, 50 000 tasks, 5 000 estimates)",
        size: { objects: 9_000, tasks: 45_000, estimates: 4_500 },
      },
    ];
    const cached: number[][] = [];
    const fresh: number[][] = [];
    for (const scale of scales) {
      if (scale.size.objects) await seedCompany(dir, scale.size);
      const cachedLine: number[] = [];
      const freshLine: number[] = [];
      for (const page of pages) {
        cachedLine.push(await sequentialP50(server.base + page.path, auth));
        freshLine.push(await sequentialP50(server.base + page.path, auth, { fresh: true }));
      }
      cached.push(cachedLine);
      fresh.push(freshLine);
    }
    const cells = (line: number[][], i: number) => line.map((l) => msText(l[i]));
    console.log(
      `\n| page | ${scales.map((s) => `${s.name}: cached / afresh`).join(" | ")} | afresh 10× / 1× |`,
    );
    console.log(`| --- | ${scales.map(() => "---:").join(" | ")} | ---: |`);
    pages.forEach((page, i) => {
      const cachedCells = cells(cached, i);
      const freshCells = cells(fresh, i);
      row([
        `\`${page.path}\``,
        ...cachedCells.map((k, s) => `${k} / ${freshCells[s]}`),
        `${(fresh[2][i] / fresh[1][i]).toFixed(1)}×`,
      ]);
    });
  } finally {
    await server.stop();
    await anchor.stop();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

if (import.meta.main) await run();
