import { createTestApp } from "../server/testing.ts";
const t = await createTestApp();
const cookie = await t.login("engineer@demo.local");
const h = { Cookie: cookie };
const path = Deno.args[0] ?? "/tasks";
const t0 = performance.now();
for (let i = 0; i < 3000; i++) { const r = await t.request(`${path}?_=${i}`, { headers: h }); await r.arrayBuffer(); }
console.log((performance.now() - t0) / 3000 * 1000, "µs");
await t.close();
Deno.exit(0);
