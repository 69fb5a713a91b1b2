// What field work with no signal costs, for docs/field_work.md: the gzip JavaScript of the field-work page
// without and with the estimating engine, the service worker's, and what the phone caches for a surveyor with 20
// open tasks.
// NODE_ENV=production deno run -A scripts/offline_budget.ts [--write] (--write puts the table between the
// bench-offline_budget markers of docs/field_work.md).
import { gzipSync } from "node:zlib";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startBrowser } from "../e2e/harness.ts";
import { toDateInput } from "../domain/tasks.ts";
import { markdownTable, measuredOn, writeFigures } from "../bench/_doc_figures.ts";

const staticRoot = fileURLToPath(new URL("../static", import.meta.url));
const gzipOf = (url: string) =>
  gzipSync(Deno.readFileSync(join(staticRoot, url.split("?")[0])), { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

const header = await measuredOn("gzip level 9, demo data plus open tasks up to 20 for `surveyor@demo.local`");
const h = await startBrowser();
try {
  const SURVEYOR = "surveyor@demo.local";
  const me = await (await h.t.request("/api/user", { as: SURVEYOR })).json();
  // Up to 20 open tasks, each on an object of its own as in the field.
  let open = (await (await h.t.request("/api/offline/field-work", { as: SURVEYOR })).json()).tasks.length;
  const due = toDateInput(new Date(h.t.deps.now().getTime() + 7 * 86_400_000));
  for (let i = 0; open < 20; i++, open++) {
    const object = await (await h.t.request("/api/objects", {
      as: "engineer@demo.local",
      method: "POST",
      json: {
        address: `Московская обл., г. Истра, ул. Полевая, д. ${i + 1}`,
        settlement: "Истра",
        region: "Московская область",
        clientName: `Клиент ${i + 1}`,
        clientPhone: "+7 900 000-00-00",
        workType: "autonomous_sewage",
        estimatedCost: 300000,
        distanceFromMKAD: 40,
      },
    })).json();
    if (!object.id) throw new Error(`object: ${JSON.stringify(object)}`);
    const created = await h.t.request("/api/tasks", {
      as: "engineer@demo.local",
      method: "POST",
      json: {
        measurement: true,
        title: `Замер ${i + 1}`,
        description: "Замер под септик",
        dueDate: due,
        objectId: object.id,
        assignedTo: me.id,
      },
    });
    if (created.status !== 201) throw new Error(`task: ${created.status} ${await created.text()}`);
  }
  const bundle = await (await h.t.request("/api/offline/field-work", { as: SURVEYOR })).json();

  // The field-work page of a task: its scripts, then the measuring chunk it loads, then the engine.
  const page = await h.newPage("phone", { serviceWorkers: "allow" });
  await h.signIn(page, SURVEYOR);
  const loaded = new Set<string>();
  page.on("request", (r) => {
    const path = new URL(r.url()).pathname;
    if (path.endsWith(".js") && path.startsWith("/_islands/")) loaded.add(path);
  });
  await page.goto(`/field-work?taskId=${bundle.tasks[0].id}`);
  await page.locator(".field-work .task-work .msection").first().waitFor();
  await page.waitForTimeout(500);
  const { islands } = h.t.deps;
  const withoutEngine = [...loaded].filter((u) => !u.startsWith(islands.engine!.replace(/-.*$/, "")));
  const indicator = withoutEngine.filter((u) => u.includes("/SyncIndicator-"));
  const pageGzip = withoutEngine.reduce((sum, u) => sum + gzipOf(u), 0);
  const engineGzip = gzipOf(islands.engine!);

  await page.locator('[data-testid=sync-indicator][data-ready="1"]').waitFor({ timeout: 60_000 });
  const cached = await page.evaluate(async () => {
    const out: Record<string, { entries: number; bytes: number }> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      let bytes = 0;
      const requests = await cache.keys();
      for (const r of requests) bytes += (await (await cache.match(r))!.arrayBuffer()).byteLength;
      out[name.replace(/-[0-9a-f]{16}$/, "-<build>").replace(/data-\d+$/, "data-<account>")] = {
        entries: requests.length,
        bytes,
      };
    }
    const estimate = await navigator.storage.estimate();
    return { caches: out, usage: estimate.usage ?? 0 };
  });
  const rows = [
    ["what", "figure"],
    [
      "`/field-work?taskId=` on a phone: every script it loads, the measuring chunk included",
      `${kb(pageGzip)} (${withoutEngine.length} files)`,
    ],
    ["of which the sync indicator's entry", kb(indicator.reduce((sum, u) => sum + gzipOf(u), 0))],
    ["the engine, loaded only when an estimate is priced with no signal", kb(engineGzip)],
    ["the page with the engine", kb(pageGzip + engineGzip)],
    // Its budget is in server/offline_test.ts (the hand-written worker plus what Workbox adds).
    ["the service worker without its build list", kb(gzipOf(islands.serviceWorker!))],
    ...Object.entries(cached.caches).map(([name, c]) => [
      `device cache \`${name}\` (entries: ${c.entries}; bytes as cached)`,
      kb(c.bytes),
    ]),
    ["`navigator.storage.estimate().usage` (chromium, all of it)", kb(cached.usage)],
  ];
  const lines = [header, `open tasks of the surveyor: ${bundle.tasks.length}`, "", ...markdownTable(rows)];
  for (const line of lines) console.log(line);
  if (Deno.args.includes("--write")) {
    await writeFigures("offline_budget", lines, new URL("../docs/field_work.md", import.meta.url));
  }
  await page.context().close();
} finally {
  await h.close();
}
