// Load generation for the benchmarks: wrk when it is installed (`apt-get install -y wrk`), otherwise a
// loop of fetch() calls in this process. Every load targets 127.0.0.1 and stops after `seconds`.

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  /** Answers outside 2xx/3xx and socket errors. */
  errors: number;
  requests: number;
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  /** A wrk Lua script choosing each request (wrk only); the fallback uses `pick`. */
  luaScript?: string;
  /** The fallback's choice of the n-th request. */
  pick?: (n: number) => { path: string; init?: RequestInit };
}

let wrkChecked: boolean | null = null;

export async function hasWrk(): Promise<boolean> {
  if (wrkChecked !== null) return wrkChecked;
  try {
    const out = await new Deno.Command("wrk", { args: ["--version"], stdout: "null", stderr: "null" })
      .output();
    wrkChecked = out.code === 0 || out.code === 1;
  } catch {
    wrkChecked = false;
  }
  return wrkChecked;
}

/** wrk prints latencies as "1.23ms", "812.00us" or "1.02s"; the result is in milliseconds. */
function ms(text: string): number {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!m) return NaN;
  const value = Number(m[1]);
  return m[2] === "us" ? value / 1000 : m[2] === "ms" ? value : m[2] === "s" ? value * 1000 : value * 60_000;
}

export function parseWrk(out: string): LoadResult {
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
  const percentile = (p: string) => ms(new RegExp(`^\\s+${p}%\\s+(\\S+)`, "m").exec(out)?.[1] ?? "");
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const socketErrors = socket ? socket.slice(1).reduce((s, n) => s + Number(n), 0) : 0;
  return { rps, p50: percentile("50"), p99: percentile("99"), errors: non2xx + socketErrors, requests };
}

async function wrk(url: string, o: LoadOptions): Promise<LoadResult> {
  const args = ["-t2", `-c${o.connections}`, `-d${o.seconds}s`, "--latency", "--timeout", "5s"];
  for (const [k, v] of Object.entries(o.headers ?? {})) args.push("-H", `${k}: ${v}`);
  let script: string | null = null;
  if (o.luaScript) {
    script = await Deno.makeTempFile({ suffix: ".lua" });
    await Deno.writeTextFile(script, o.luaScript);
    args.push("-s", script);
  }
  try {
    const out = await new Deno.Command("wrk", { args: [...args, url], stdout: "piped", stderr: "piped" })
      .output();
    return parseWrk(new TextDecoder().decode(out.stdout));
  } finally {
    if (script) await Deno.remove(script);
  }
}

async function fetchLoop(url: string, o: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  const end = performance.now() + o.seconds * 1000;
  const base = new URL(url);
  let errors = 0;
  let n = 0;
  await Promise.all(Array.from({ length: o.connections }, async () => {
    while (performance.now() < end) {
      const chosen = o.pick ? o.pick(n++) : { path: base.pathname + base.search };
      const t0 = performance.now();
      try {
        const headers = new Headers(chosen.init?.headers);
        for (const [k, v] of Object.entries(o.headers ?? {})) headers.set(k, v);
        const res = await fetch(new URL(chosen.path, base), { ...chosen.init, headers, redirect: "manual" });
        await res.arrayBuffer();
        if (res.status >= 400) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - t0);
    }
  }));
  latencies.sort((a, b) => a - b);
  const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return { rps: latencies.length / o.seconds, p50: p(0.5), p99: p(0.99), errors, requests: latencies.length };
}

/** Loads `url` for `o.seconds` at `o.connections` connections, with wrk when it is installed. */
export async function load(url: string, o: LoadOptions): Promise<LoadResult> {
  return await hasWrk() ? wrk(url, o) : fetchLoop(url, o);
}

/**
 * p50 of `n` sequential requests, ms (the cost of one request without queueing). `fresh` gives each request
 * an address of its own (an unused `_` parameter), so no answer cached for an earlier one is given again.
 */
export async function sequentialP50(
  url: string,
  headers: Record<string, string>,
  { n = 30, fresh = false } = {},
): Promise<number> {
  const times: number[] = [];
  const run = crypto.randomUUID().slice(0, 8);
  for (let i = 0; i < n; i++) {
    const address = fresh ? `${url}${url.includes("?") ? "&" : "?"}_=${run}${i}` : url;
    const t0 = performance.now();
    const res = await fetch(address, { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(n / 2)];
}
