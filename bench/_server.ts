// The app as a separate process on a free loopback port, for benchmarks that measure it from outside.
import { type PageCacheCounts, pageCacheCounts } from "../server/metrics.ts";

/** A free loopback port. */
export function freePort(): number {
  const listener = Deno.listen({ port: 0, hostname: "127.0.0.1" });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

export interface BenchServer {
  base: string;
  child: Deno.ChildProcess;
  /** From spawning the process to its first answer, ms. */
  startupMs: number;
  /**
   * CPU time (user + system) the server's processes have spent so far, ms: the first and the serving processes
   * it started, those still running (Linux /proc; NaN elsewhere).
   */
  cpuMs(): Promise<number>;
  /** The page cache's lookups so far (server/metrics.ts), of the process that answers this request. */
  pageCacheLookups(): Promise<PageCacheCounts>;
  stop(): Promise<void>;
}

/**
 * Pairs of a write and its page sent untimed before a page made afresh is timed (bench mix, bench scale): the
 * page's code compiled, as in a server in use (several pages they time are not in the mix).
 */
export const AFRESH_WARM_UPS = 5;

/** The share of the pages made afresh between two counts that were rendered (0 when none was made). */
export function renderedShare(before: PageCacheCounts, after: PageCacheCounts): number {
  const made = after.miss - before.miss;
  return made === 0 ? 0 : (made - (after.same - before.same)) / made;
}

/** The token the bench's servers serve /metrics behind (server/metrics_route.ts). */
const METRICS_TOKEN = crypto.randomUUID();

/**
 * Starts `main.ts` on the database in `dir` (seeded with the demo data) as `processes` processes on one port
 * (WEB_CONCURRENCY, server/cluster.ts) and waits for its first answer and for every process to listen.
 */
export async function startServer(
  dir: string,
  { processes = 1, env = {} }: { processes?: number; env?: Record<string, string> } = {},
): Promise<BenchServer> {
  const port = freePort();
  const started = performance.now();
  const child = new Deno.Command(Deno.execPath(), {
    // BENCH_CPU_PROF=dir: each process writes a V8 CPU profile into dir when it stops (SIGTERM, a graceful exit).
    args: ["run", "-A", ...cpuProfileFlags(), "main.ts"],
    env: {
      PORT: String(port),
      DATABASE_URL: `file:${dir}/app.db`,
      DATA_DIR: dir,
      SEED: "demo",
      NODE_ENV: "production",
      WEB_CONCURRENCY: String(processes),
      METRICS_TOKEN,
      ...env,
    },
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const listening = servingProcesses(child.stdout, processes - 1);
  const base = `http://127.0.0.1:${port}`;
  await answering(`${base}/login`);
  await listening;
  return {
    base,
    child,
    startupMs: performance.now() - started,
    async cpuMs() {
      // The serving processes the primary started are its children (server/cluster.ts).
      const children = await Deno.readTextFile(`/proc/${child.pid}/task/${child.pid}/children`).catch(() =>
        ""
      );
      const times = await Promise.all([child.pid, ...children.split(" ").filter(Boolean)].map(processCpuMs));
      return times.reduce((sum, ms) => sum + ms, 0);
    },
    async pageCacheLookups() {
      const res = await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
      return pageCacheCounts(await res.text());
    },
    async stop() {
      child.kill();
      await child.status;
    },
  };
}

/** CPU time (user + system) process `pid` has spent so far, ms; 0 for a process gone, NaN without /proc. */
async function processCpuMs(pid: number | string): Promise<number> {
  const stat = await Deno.readTextFile(`/proc/${pid}/stat`).catch(() => null);
  if (stat === null) return Deno.build.os === "linux" ? 0 : NaN;
  // Fields 14 and 15 of /proc/<pid>/stat: user and system time in clock ticks (100 per second).
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function cpuProfileFlags(): string[] {
  const dir = Deno.env.get("BENCH_CPU_PROF");
  return dir ? ["--cpu-prof", `--cpu-prof-dir=${dir}`] : [];
}

/** Reads the server's output to its end; resolves once `count` serving processes said they listen. */
function servingProcesses(stdout: ReadableStream<Uint8Array>, count: number): Promise<void> {
  return new Promise((resolve) => {
    let seen = 0;
    if (count === 0) resolve();
    (async () => {
      const decoder = new TextDecoder();
      for await (const chunk of stdout) {
        seen += decoder.decode(chunk, { stream: true }).split("обслуживает порт").length - 1;
        if (seen >= count) resolve();
      }
    })();
  });
}

/** Signs a demo account in and returns its cookie. */
export async function signIn(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password: "demo12345" }),
  });
  await res.body?.cancel();
  return (res.headers.get("set-cookie") ?? "").split(";")[0];
}

/** Waits until `url` answers 200 (a process on loopback that is starting). */
export async function answering(url: string): Promise<void> {
  for (;;) {
    try {
      const res = await fetch(url);
      await res.body?.cancel();
      if (res.ok) return;
    } catch {
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

/** The anchors of bench/_anchor.tsx in a process of their own: `/hello` (bare Hono) and `/table` (React SSR). */
export async function startAnchor(): Promise<{ base: string; stop(): Promise<void> }> {
  const port = freePort();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", new URL("./_anchor.tsx", import.meta.url).pathname, String(port)],
    env: { NODE_ENV: "production" },
    stdout: "null",
    stderr: "inherit",
  }).spawn();
  const base = `http://127.0.0.1:${port}`;
  await answering(`${base}/hello`);
  return {
    base,
    async stop() {
      child.kill();
      await child.status;
    },
  };
}
