import { createTestApp } from "../server/testing.ts";
const t = await createTestApp();
const cookie = await t.login("engineer@demo.local");
const ids = (await (await t.request("/api/tasks?limit=50", { headers: { Cookie: cookie } })).json()).map((x: any) => x.id);
async function time(name: string, n: number, f: (i: number) => Promise<Response>) {
  for (let i = 0; i < 50; i++) await (await f(i)).arrayBuffer();
  const t0 = performance.now();
  for (let i = 0; i < n; i++) { const r = await f(i); await r.arrayBuffer(); if (r.status >= 400) throw new Error(name + r.status); }
  console.log(name.padEnd(30), ((performance.now() - t0) / n * 1000).toFixed(0), "µs");
}
const h = { Cookie: cookie };
for (let round = 0; round < 2; round++) {
await time("PATCH task", 1000, (i) => t.request(`/api/tasks/${ids[i % ids.length]}`, { method: "PATCH", headers: h, json: { description: "x" + i } }));
await time("/tasks miss", 500, (i) => t.request(`/tasks?_=${i}`, { headers: h }));
await time("/tasks hit", 2000, () => t.request(`/tasks`, { headers: h }));
await time("/objects miss", 500, (i) => t.request(`/objects?_=${i}`, { headers: h }));
await time("/estimates miss", 500, (i) => t.request(`/estimates?_=${i}`, { headers: h }));
await time("/api/user", 2000, () => t.request(`/api/user`, { headers: h }));
}
await t.close();
