// Test helpers: a fresh app on a temporary database with the demo data, and signed-in requests.
import { readEnv } from "./env.ts";
import { boot } from "./boot.ts";
import { SESSION_COOKIE } from "./auth/sessions.ts";

export interface TestApp {
  app: Awaited<ReturnType<typeof boot>>["app"];
  deps: Awaited<ReturnType<typeof boot>>["deps"];
  dir: string;
  /** Signs in with the demo password and returns the cookie header value. */
  login(email: string, password?: string): Promise<string>;
  /** A request as the given demo user (or signed out when `as` is omitted). JSON bodies are encoded. */
  request(path: string, init?: RequestInit & { as?: string; json?: unknown }): Promise<Response>;
  close(): Promise<void>;
}

export const DEMO_PASSWORD = "demo12345";

/** Boots the app on a temporary database (seeded with the demo data unless `seed: false`). */
export async function createTestApp(
  options: { seed?: boolean; now?: () => Date; env?: Record<string, string> } = {},
): Promise<TestApp> {
  const dir = await Deno.makeTempDir({ prefix: "polesmeta-test-" });
  const env = readEnv({
    DATABASE_URL: `file:${dir}/app.db`,
    DATA_DIR: dir,
    SEED: options.seed === false ? "none" : "demo",
    DEMO_PASSWORD,
    ...options.env,
  });
  const booted = await boot(env, { now: options.now });
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

  return {
    app: booted.app,
    deps: booted.deps,
    dir,
    login,
    async request(path, init = {}) {
      const { as, json, ...rest } = init;
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
      return booted.app.request(`${origin}${path}`, { ...rest, headers, body });
    },
    async close() {
      booted.close();
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    },
  };
}
