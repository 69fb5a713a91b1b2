import { createTestApp } from "../server/testing.ts";
const t = await createTestApp();
const cookie = await t.login("engineer@demo.local");
const ids = (await (await t.request("/api/tasks?limit=50", { headers: { Cookie: cookie } })).json()).map((x: any) => x.id);
const h = { Cookie: cookie };
const t0 = performance.now();
for (let i = 0; i < 4000; i++) { const r = await t.request(`/api/tasks/${ids[i % ids.length]}`, { method: "PATCH", headers: h, json: { description: "x" + i } }); await r.arrayBuffer(); }
console.log((performance.now() - t0) / 4000 * 1000, "µs");
await t.close();
Deno.exit(0);
