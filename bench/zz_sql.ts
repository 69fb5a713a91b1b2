import { createTestApp } from "../server/testing.ts";
const t = await createTestApp();
const cookie = await t.login("engineer@demo.local");
const h = { Cookie: cookie };
const path = Deno.args[0] ?? "/tasks";
for (let i = 0; i < 1000; i++) { const r = await t.request(`${path}?_=${i}`, { headers: h }); await r.arrayBuffer(); }
const m = (globalThis as any).__sqlTimes as Map<string, number[]>;
for (const [sql, [ms, n, rows]] of [...m].sort((a, b) => b[1][0] - a[1][0]).slice(0, 8)) console.log((ms / n * 1000).toFixed(0).padStart(5), "µs", n, "rows", rows, sql.slice(0, 300));
await t.close();
Deno.exit(0);
