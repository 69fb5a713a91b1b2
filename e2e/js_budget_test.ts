// The JavaScript budget as a browser spends it: every script a page loads by itself — the bundles its HTML
// names, the chunks they import and the lazy parts an island loads during hydration or once the page is idle —
// until every island is hydrated and the network is quiet, as the bytes a browser receives. The HTML-only
// count (server/js_budget_test.ts) cannot see the lazy parts.
import assert from "node:assert/strict";
import type { Cookie, Page } from "playwright-core";
import { browserTest } from "./harness.ts";
import { DEMO_PASSWORD } from "../server/testing.ts";
import { pageRoutes } from "../routes/mod.ts";
import { JS_BUDGET_BYTES } from "../server/js_budget.ts";

const browserAccepts = { "Accept-Encoding": "gzip, deflate, br" };

// Each page as the people who use it, as in server/js_budget_test.ts.
const viewers = [
  "admin@demo.local",
  "director@demo.local",
  "engineer@demo.local",
  "surveyor@demo.local",
  "foreman@demo.local",
];

/** The scripts `page` loads at `path` until its islands are hydrated and no request has run for 500 ms. */
async function scriptsLoaded(page: Page, path: string): Promise<{ status: number; scripts: string[] }> {
  const scripts = new Set<string>();
  const onRequest = (request: { resourceType(): string; url(): string }) => {
    if (request.resourceType() === "script") scripts.add(new URL(request.url()).pathname);
  };
  page.on("request", onRequest);
  try {
    const response = await page.goto(path);
    const status = response?.status() ?? 0;
    if (status === 200) {
      await page.waitForFunction(() =>
        [...document.querySelectorAll<HTMLElement>("[data-island]")].every((el) => el.dataset.hydrated)
      );
      await page.waitForLoadState("networkidle");
    }
    return { status, scripts: [...scripts] };
  } finally {
    page.off("request", onRequest);
  }
}

browserTest(
  "[e2e budget] no page loads more than 90 000 bytes of JavaScript by itself, lazy parts included",
  async (h) => {
    const sizes = new Map<string, number>();
    const sizeOf = async (path: string) => {
      if (!sizes.has(path)) {
        const file = await h.t.request(path, { headers: browserAccepts });
        assert.equal(file.status, 200, path);
        sizes.set(path, (await file.arrayBuffer()).byteLength);
      }
      return sizes.get(path)!;
    };
    const over: string[] = [];
    const loaded = new Map<string, number>();
    // A page is loaded once per set of bundles its HTML names: viewers with the same islands load the same.
    // The HTML is asked of the app directly; what to load in the browser is known before the first load.
    const toLoad = new Map<string | undefined, string[]>();
    for (const route of pageRoutes) {
      if (route.path === "/" || route.path.includes(":")) continue;
      const measured = new Set<string>();
      for (const as of route.access === "public" ? [undefined] : viewers) {
        const html = await h.t.request(route.path, { as });
        if (html.status !== 200) {
          await html.body?.cancel();
          continue;
        }
        const named = [...(await html.text()).matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]).sort()
          .join(" ");
        if (measured.has(named)) continue;
        measured.add(named);
        toLoad.set(as, [...toLoad.get(as) ?? [], route.path]);
      }
    }
    // One context for all the viewers, each signed in once through the API (the form is not measured here); a
    // viewer's turn puts its session cookie in the context. A context of its own per viewer cost a renderer
    // and a first load each, and counted nothing more: a script from the cache is still a request the page
    // makes. A viewer's pages load in tabs side by side: each waits for a quiet network (half a second
    // without requests) while the other works.
    const context = (await h.newPage("phone")).context();
    const tabs = [context.pages()[0], await context.newPage()];
    const sessions = new Map<string | undefined, Cookie[]>([[undefined, []]]);
    for (const as of viewers) {
      const res = await context.request.post("/api/login", { data: { email: as, password: DEMO_PASSWORD } });
      assert.equal(res.status(), 200, `sign-in of ${as}`);
      sessions.set(as, await context.cookies());
      await context.clearCookies();
    }
    for (const [as, paths] of toLoad) {
      await context.clearCookies();
      await context.addCookies(sessions.get(as)!);
      const queue = [...paths];
      await Promise.all(tabs.map(async (page) => {
        for (let path = queue.shift(); path; path = queue.shift()) {
          const { status, scripts } = await scriptsLoaded(page, path);
          if (status !== 200) continue;
          let total = 0;
          for (const script of scripts) total += await sizeOf(script);
          loaded.set(`${path} (${as ?? "гость"})`, total);
          if (path === "/surveyor" || path === "/field-work" || path === "/schedule") {
            console.log(`${path} as ${as}: ${total} bytes in ${scripts.length} scripts`);
          }
          if (total > JS_BUDGET_BYTES) {
            over.push(`${path} as ${as ?? "гость"}: ${total} bytes in ${scripts.length} scripts`);
          }
        }
      }));
    }
    assert.deepEqual(over, [], `pages over the budget:\n${over.join("\n")}`);
    // The surveyor's cabinet is measured (the page the budget was first exceeded on), and a page without
    // islands loads nothing.
    assert.ok([...loaded.keys()].some((page) => page.startsWith("/surveyor (")));
    assert.equal(loaded.get("/landing (гость)"), 0);
  },
);
