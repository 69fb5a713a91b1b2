import { createTestApp } from "../server/testing.ts";
const t = await createTestApp();
const cookie = await t.login("engineer@demo.local");
const ids = (await (await t.request("/api/tasks?limit=50", { headers: { Cookie: cookie } })).json()).map((x: any) => x.id);
const h = { Cookie: cookie };
const conc = Number(Deno.args[0] ?? 1);
let n = 0;
async function one() {
  const i = n++;
  const k = i % 5;
  const r = k === 0
    ? await t.request(`/api/tasks/${ids[(i / 5 | 0) % ids.length]}`, { method: "PATCH", headers: h, json: { description: "x" + i } })
    : await t.request(["", "/objects", "/tasks", "/estimates", "/api/user"][k], { headers: h });
  await r.arrayBuffer();
}
for (let round = 0; round < 3; round++) {
  const total = 5000; n = 0;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: conc }, async () => { while (n < total) await one(); }));
  console.log(`conc ${conc}:`, ((performance.now() - t0) / total * 1000).toFixed(0), "µs/request");
}
await t.close();
Deno.exit(0);
