// Foundation figures: start-up time, requests per second and p99 for GET /login and an authenticated
// GET /api/user (10 s at 50 connections each), and the JavaScript bytes a browser receives on each page.
import { pageRoutes } from "../routes/mod.ts";
import { signIn, startServer } from "./_server.ts";

const CONNECTIONS = 50;
const DURATION_MS = 10_000;

async function load(url: string, headers: HeadersInit = {}) {
  const latencies: number[] = [];
  const end = performance.now() + DURATION_MS;
  let errors = 0;
  await Promise.all(Array.from({ length: CONNECTIONS }, async () => {
    while (performance.now() < end) {
      const t0 = performance.now();
      try {
        const res = await fetch(url, { headers });
        await res.arrayBuffer();
        if (!res.ok) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - t0);
    }
  }));
  latencies.sort((a, b) => a - b);
  const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return { rps: latencies.length / (DURATION_MS / 1000), p50: p(0.5), p99: p(0.99), errors };
}

/** Bytes a browser receives (it accepts brotli) for every script and module preload the page's HTML names. */
async function pageJsBytes(base: string, path: string, cookie?: string): Promise<number | null> {
  const res = await fetch(base + path, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
  if (res.status !== 200) {
    await res.body?.cancel();
    return null;
  }
  const html = await res.text();
  const urls = new Set(
    [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+)"/g)].map((m) =>
      m[1]
    ),
  );
  let total = 0;
  for (const url of urls) {
    const res = await fetch(base + url, { headers: { "Accept-Encoding": "gzip, deflate, br" } });
    total += Number(res.headers.get("content-length"));
    await res.body?.cancel();
  }
  return total;
}

export async function run(): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "polesmeta-bench-" });
  const server = await startServer(dir);
  try {
    console.log(
      `Старт процесса до первого ответа: ${
        server.startupMs.toFixed(0)
      } мс (миграции, демо-данные, сборка островов)`,
    );
    const cookie = await signIn(server.base, "engineer@demo.local");
    for (
      const [name, url, headers] of [
        ["GET /login", `${server.base}/login`, {}],
        ["GET /api/user (с сессией)", `${server.base}/api/user`, { Cookie: cookie }],
      ] as const
    ) {
      const r = await load(url, headers);
      console.log(
        `${name}: ${r.rps.toFixed(0)} запросов/с, p50 ${r.p50.toFixed(1)} мс, p99 ${
          r.p99.toFixed(1)
        } мс, ошибок ${r.errors} (${CONNECTIONS} соединений, ${DURATION_MS / 1000} с)`,
      );
    }
    console.log("JavaScript на странице (байт, полученных браузером, brotli):");
    // The system administrator (also the owner) may open every page.
    const admin = await signIn(server.base, "admin@demo.local");
    let worst = 0;
    for (const route of pageRoutes) {
      if (route.path === "/" || route.path.includes(":")) continue;
      const bytes = await pageJsBytes(server.base, route.path, route.access === "public" ? undefined : admin);
      if (bytes === null) continue;
      worst = Math.max(worst, bytes);
      console.log(`  ${route.path.padEnd(28)} ${String(bytes).padStart(7)}`);
    }
    console.log(`  наибольшее: ${worst} байт (бюджет 90 000)`);
  } finally {
    await server.stop();
    await Deno.remove(dir, { recursive: true });
  }
}
