// Field work with no signal, the server's side: installable pages, the service worker, the bundle
// the phone caches, idempotent saves and uploads, and the phone's estimate equal to the server's and the CLI's.
import assert from "node:assert/strict";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { createTestApp, fileForm, storedFiles, type TestApp, tinyPng, withTestApp } from "./testing.ts";
import { ACCOUNT_HEADER, type FieldWorkBundle, warmUrls } from "../components/offline/urls.ts";
import { fieldWorkDocument } from "../components/offline/estimate_document.ts";
import { moscowDate } from "../domain/dates.ts";
import { priceOnDevice } from "../components/offline/engine.ts";
import { importPriceList } from "../db/price_lists.ts";
import { defaultPriceList, writePriceListJson } from "../estimating/mod.ts";
import { generateCommand } from "../cli/estimate.ts";

const SURVEYOR = "surveyor@demo.local";

async function bundleOf(t: TestApp, as = SURVEYOR): Promise<FieldWorkBundle> {
  const res = await t.request("/api/offline/field-work", { as });
  assert.equal(res.status, 200);
  return await res.json();
}

/** A document the engine prices without questions (no `confirmed`: the suggested defaults count). */
const measured = {
  septic_model: "topas-5",
  residents_count: 5,
  installation_depth: 2.5,
  soil_type: "clay",
  need_insulation: true,
  insulation_length: 7,
  photos: [],
  notes: "Проезд узкий",
};

Deno.test(
  "[pwa] every page links the manifest and the iPhone icon; the manifest starts at the user's home page",
  () =>
    withTestApp(async (t) => {
      for (const [path, as] of [["/login", undefined], ["/surveyor", SURVEYOR]] as const) {
        const html = await (await t.request(path, { as })).text();
        assert.match(html, /<link rel="manifest" href="\/static\/manifest.webmanifest"/, path);
        assert.match(html, /<link rel="apple-touch-icon" href="\/static\/icons\/apple-touch-icon.png"/, path);
        assert.match(html, /<meta name="theme-color" content="#2563eb"/, path);
      }
      const res = await t.request("/static/manifest.webmanifest");
      assert.equal(res.headers.get("content-type"), "application/manifest+json");
      const manifest = await res.json();
      assert.equal(manifest.name, "ПолеСмета");
      assert.equal(manifest.start_url, "/");
      assert.equal(manifest.display, "standalone");
      assert.equal(manifest.theme_color, "#2563eb");
      assert.ok(manifest.icons.some((i: { purpose: string }) => i.purpose === "maskable"));
      for (const icon of manifest.icons) {
        const png = await t.request(icon.src);
        assert.equal(png.headers.get("content-type"), "image/png", icon.src);
        const bytes = new Uint8Array(await png.arrayBuffer());
        const side = new DataView(bytes.buffer).getUint32(16);
        assert.equal(`${side}x${side}`, icon.sizes, icon.src);
      }
      // "/" sends each user to their home page: the start of the installed app.
      const home = await t.request("/", { as: SURVEYOR, redirect: "manual" });
      assert.equal(home.headers.get("location"), "/surveyor");
    }),
);

Deno.test(
  "[pwa] /sw.js is served at the root, not HTTP-cached, with the build's version and every bundle",
  () =>
    withTestApp(async (t) => {
      const res = await t.request("/sw.js");
      assert.equal(res.status, 200);
      assert.match(res.headers.get("content-type") ?? "", /javascript/);
      assert.equal(res.headers.get("cache-control"), "no-cache");
      const script = await res.text();
      const build = JSON.parse(script.match(/^self\.__BUILD__=(.*);$/m)![1]);
      assert.match(build.version, /^[0-9a-f]{16}$/);
      // Workbox's precache entries: a file whose URL does not name its version carries a revision.
      const shell = build.shell.map((entry: { url: string }) => entry.url);
      for (const file of t.deps.islands.files!) assert.ok(shell.includes(file), file);
      assert.ok(shell.includes(`/static/styles.css?v=${t.deps.styles.version}`));
      for (const entry of build.shell) {
        if (!entry.url.startsWith("/_islands/") && !entry.url.includes("?v=")) {
          assert.match(entry.revision, /^[0-9a-f]{16}$/, entry.url);
        }
      }
      for (const url of shell) {
        const asset = await t.request(url);
        assert.equal(asset.status, 200, url);
        await asset.body?.cancel();
      }
    }),
);

/**
 * The service worker's script without its build list, gzip level 9 (as scripts/offline_budget.ts counts it):
 * 2 KB for the hand-written worker (1.9 KB when it did its own caching), plus the 5.6 KB Workbox's precaching,
 * routing and strategies add (the worker was 1.9 KB before them, 7.5 KB with them).
 */
const SERVICE_WORKER_BUDGET_BYTES = Math.round((2 + 5.6) * 1024);

Deno.test(
  `[budget] the service worker's script stays within ${SERVICE_WORKER_BUDGET_BYTES} bytes (gzip 9)`,
  () =>
    withTestApp((t) => {
      const code = Deno.readFileSync(new URL(`../static${t.deps.islands.serviceWorker}`, import.meta.url));
      const size = gzipSync(code, { level: 9 }).length;
      assert.ok(size <= SERVICE_WORKER_BUDGET_BYTES, `${size} bytes`);
    }),
);

Deno.test(
  "[api] answers name the signed-in account; a signed-out answer names nobody",
  () =>
    withTestApp(async (t) => {
      const me = await (await t.request("/api/user", { as: SURVEYOR })).json();
      const page = await t.request("/surveyor", { as: SURVEYOR });
      assert.equal(page.headers.get(ACCOUNT_HEADER), String(me.id));
      await page.body?.cancel();
      const login = await t.request("/login");
      assert.equal(login.headers.get(ACCOUNT_HEADER), null);
      await login.body?.cancel();
    }),
);

Deno.test(
  "[api] GET /api/offline/field-work sends the surveyor's own open tasks and the company's price list",
  () =>
    withTestApp(async (t) => {
      const bundle = await bundleOf(t);
      const me = await (await t.request("/api/user", { as: SURVEYOR })).json();
      assert.equal(bundle.account, me.id);
      assert.ok(bundle.tasks.length > 0);
      const tasks = await (await t.request("/api/tasks?pageSize=200", { as: SURVEYOR })).json() as {
        id: number;
        assignedTo: number | null;
      }[];
      const own = new Set(tasks.filter((x) => x.assignedTo === me.id).map((x) => x.id));
      for (const task of bundle.tasks) {
        assert.ok(own.has(task.id), `task ${task.id} is the surveyor's`);
        assert.ok(["assigned", "pending", "in_progress"].includes(task.status));
      }
      const other = await bundleOf(t, "surveyor2@demo.local");
      assert.equal(other.tasks.filter((x) => own.has(x.id)).length, 0, "nothing of another surveyor");
      assert.ok(warmUrls(bundle).includes(`/field-work?taskId=${bundle.tasks[0].id}`));

      for (const as of ["engineer@demo.local", "client@demo.local", "admin@other.local"]) {
        const res = await t.request("/api/offline/field-work", { as });
        assert.equal(res.status, 403, as);
        await res.body?.cancel();
      }
      const anonymous = await t.request("/api/offline/field-work");
      assert.equal(anonymous.status, 401);
      await anonymous.body?.cancel();
    }),
);

Deno.test(
  "[api] POST /api/measurements with a client id already saved answers that record and adds none",
  () =>
    withTestApp(async (t) => {
      const task = (await bundleOf(t)).tasks[0];
      const body = {
        taskId: task.id,
        measurements: { septic_model: "topas-5" },
        clientId: crypto.randomUUID(),
      };
      const first = await t.request("/api/measurements", { as: SURVEYOR, method: "POST", json: body });
      assert.equal(first.status, 201);
      const record = await first.json();
      const again = await t.request("/api/measurements", {
        as: SURVEYOR,
        method: "POST",
        json: { ...body, measurements: { septic_model: "topas-8" } },
      });
      assert.equal((await again.json()).id, record.id);
      const count = await t.deps.db.$client.execute({
        sql: "SELECT count(*) AS n FROM measurement_records WHERE task_id = ?",
        args: [task.id],
      });
      assert.equal(count.rows[0].n, 1);
      const bad = await t.request("/api/measurements", {
        as: SURVEYOR,
        method: "POST",
        json: { ...body, clientId: "../x" },
      });
      assert.equal(bad.status, 422);
      await bad.body?.cancel();
    }),
);

Deno.test(
  "[api] a photo uploaded again under its client id is stored once",
  () =>
    withTestApp(async (t) => {
      const task = (await bundleOf(t)).tasks[0];
      const clientId = crypto.randomUUID();
      const upload = () =>
        t.request(`/api/objects/${task.objectId}/documents`, {
          as: SURVEYOR,
          method: "POST",
          body: fileForm("file", tinyPng, "фото.png", {
            fields: { taskId: String(task.id), documentType: "Фото места установки", clientId },
          }),
        });
      const first = await upload();
      assert.equal(first.status, 201);
      const doc = await first.json();
      const again = await upload();
      assert.equal(again.status, 200);
      assert.equal((await again.json()).id, doc.id);
      // The id is kept within who sent it and what it named (requestKey), so it ends the stored key.
      const rows = await t.deps.db.$client.execute({
        sql: "SELECT count(*) AS n FROM documents WHERE client_id LIKE ?",
        args: [`%:${clientId}`],
      });
      assert.equal(rows.rows[0].n, 1);
      assert.equal((await storedFiles(t)).length, 1, "the repeat's bytes are not kept");
    }),
);

Deno.test(
  "[api] a request id replayed by another user or for another object or task is a request of its own: measurements, estimates, documents",
  () =>
    withTestApp(async (t) => {
      const [mine, theirs] = [
        (await bundleOf(t)).tasks[0],
        (await bundleOf(t, "surveyor2@demo.local")).tasks[0],
      ];
      assert.ok(mine && theirs && mine.objectId !== theirs.objectId);
      const clientId = crypto.randomUUID();
      const post = (as: string, path: string, json: unknown) => t.request(path, { as, method: "POST", json });

      // Measurements: the chief engineer saving on the surveyor's task with the surveyor's id gets a record of their own.
      const measured = { taskId: mine.id, measurements: { septic_model: "topas-5" }, clientId };
      const first = await (await post(SURVEYOR, "/api/measurements", measured)).json();
      const chief = await post("engineer@demo.local", "/api/measurements", measured);
      assert.equal(chief.status, 201);
      assert.notEqual((await chief.json()).id, first.id);

      // Estimates: the second surveyor replaying the first one's id on their own object gets their own estimate.
      const estimateBody = (task: typeof mine) => ({
        objectId: task.objectId,
        taskId: task.id,
        workType: "autonomous_sewage",
        measurements: { septic_model: "topas-5", residents_count: 4 },
        clientId,
      });
      const made = await post(SURVEYOR, "/api/estimates/generate", estimateBody(mine));
      assert.equal(made.status, 201, await made.clone().text());
      const estimate = await made.json();
      // (The demo approved the estimate of the second surveyor's object; a draft can be generated again.)
      await t.deps.db.$client.execute({
        sql: "UPDATE estimates SET status = 'draft' WHERE object_id = ?",
        args: [theirs.objectId],
      });
      const replayed = await post("surveyor2@demo.local", "/api/estimates/generate", estimateBody(theirs));
      assert.equal(replayed.status, 201, await replayed.clone().text());
      const own = await replayed.json();
      assert.notEqual(own.id, estimate.id);
      assert.equal(own.objectId, theirs.objectId);
      // The first surveyor's own repeat is still a repeat.
      assert.equal((await post(SURVEYOR, "/api/estimates/generate", estimateBody(mine))).status, 200);

      // Documents: the same id on another object stores the new upload instead of answering the first.
      const upload = (as: string, task: typeof mine) =>
        t.request(`/api/objects/${task.objectId}/documents`, {
          as,
          method: "POST",
          body: fileForm("file", tinyPng, "фото.png", { fields: { taskId: String(task.id), clientId } }),
        });
      const doc = await (await upload(SURVEYOR, mine)).json();
      const other = await upload("surveyor2@demo.local", theirs);
      assert.equal(other.status, 201);
      const otherDoc = await other.json();
      assert.notEqual(otherDoc.id, doc.id);
      assert.equal(otherDoc.objectId, theirs.objectId);
      assert.equal((await storedFiles(t)).length, 2, "both uploads are kept");
      assert.equal((await upload(SURVEYOR, mine)).status, 200, "the sender's own repeat is still a repeat");
    }),
);

Deno.test("the phone's estimate equals the server's and the CLI's to the kopeck, on the company's own price list", async () => {
  const t = await createTestApp();
  const dir = await Deno.makeTempDir({ prefix: "polesmeta-offline-cli-" });
  try {
    // The company's own prices differ from the built-in list, so the phone must use the cached list.
    const me = await (await t.request("/api/user", { as: SURVEYOR })).json();
    const dearer = defaultPriceList.map((item) => ({
      ...item,
      worksPrice: Math.round(item.worksPrice * 1.137) + 1,
    }));
    await importPriceList(t.deps.db, me.companyId, dearer);
    const bundle = await bundleOf(t);
    assert.ok(bundle.priceList);
    const task = bundle.tasks[0];
    const at = t.deps.now();

    const onPhone = priceOnDevice(bundle, task, measured, { at });
    const res = await t.request("/api/estimates/generate", {
      as: SURVEYOR,
      method: "POST",
      json: {
        objectId: task.objectId,
        taskId: task.id,
        workType: "autonomous_sewage",
        measurements: measured,
      },
    });
    assert.equal(res.status, 201);
    const onServer = await res.json();
    assert.equal(onPhone.totalAmount, onServer.totalAmount);
    assert.deepEqual(onPhone.subtotals, onServer.subtotals);
    const builtIn = priceOnDevice({ ...bundle, priceList: null }, task, measured, { at });
    assert.notEqual(builtIn.totalAmount, onServer.totalAmount, "the company's prices were used");

    // The CLI, given the same document and the same list as files.
    const docFile = join(dir, "doc.json");
    const listFile = join(dir, "list.json");
    await Deno.writeTextFile(
      docFile,
      JSON.stringify(fieldWorkDocument(task, measured, { account: me.id, at })),
    );
    await Deno.writeTextFile(listFile, writePriceListJson(bundle.priceList.items as typeof defaultPriceList));
    const lines: string[] = [];
    const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) };
    const code = await generateCommand([docFile], {
      out: join(dir, "out"),
      format: "json",
      vat: "none",
      date: moscowDate(at),
      priceList: listFile,
      quiet: true,
    }, io);
    assert.equal(code, 0, lines.join("\n"));
    const cli = JSON.parse(await Deno.readTextFile(join(dir, "out", "doc.json")));
    assert.equal(cli.totalAmount, onServer.totalAmount);
  } finally {
    await t.close();
    await Deno.remove(dir, { recursive: true });
  }
});
