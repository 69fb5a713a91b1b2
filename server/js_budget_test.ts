// Every page's JavaScript (its island entries and the chunks they import), as the bytes a browser receives
// (it sends Accept-Encoding: gzip, deflate, br), within the budget.
import assert from "node:assert/strict";
import { pageRoutes } from "../routes/mod.ts";
import { createTestApp } from "./testing.ts";

import { JS_BUDGET_BYTES } from "./js_budget.ts";

const browserAccepts = { "Accept-Encoding": "gzip, deflate, br" };

// Each page as the people who use it: the system administrator sees every page, the others their own.
const viewers = [
  "admin@demo.local",
  "director@demo.local",
  "engineer@demo.local",
  "surveyor@demo.local",
  "foreman@demo.local",
];

Deno.test("[budget] no page receives more than 90 000 bytes of JavaScript; pages without islands load none", async () => {
  const t = await createTestApp();
  const sizes = new Map<string, number>();
  try {
    const cache = new Map<string, number>();
    const over: string[] = [];
    for (const route of pageRoutes) {
      if (route.path === "/" || route.path.includes(":")) continue;
      for (const as of route.access === "public" ? [undefined] : viewers) {
        const res = await t.request(route.path, { as });
        if (res.status !== 200) {
          await res.body?.cancel();
          continue;
        }
        const html = await res.text();
        const urls = [
          ...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+)"/g),
        ]
          .map((m) => m[1]);
        let total = 0;
        for (const url of new Set(urls)) {
          if (!cache.has(url)) {
            const file = await t.request(url, { headers: browserAccepts });
            assert.equal(file.status, 200, url);
            cache.set(url, (await file.arrayBuffer()).byteLength);
          }
          total += cache.get(url)!;
        }
        sizes.set(`${route.path} (${as ?? "гость"})`, total);
        if (total > JS_BUDGET_BYTES) over.push(`${route.path} as ${as}: ${total} bytes`);
        // Structured data (`application/ld+json`) is a data block, never run: only executable script counts.
        if (!urls.length) {
          assert.doesNotMatch(
            html,
            /<script(?![^>]*type="application\/ld\+json")/,
            `${route.path} has an inline script`,
          );
        }
        if (route.path.startsWith("/ruslos") || route.path === "/economy-calculator") {
          console.log(`${route.path}: ${total} bytes of JavaScript received`);
        }
      }
    }
    assert.deepEqual(over, [], `pages over the budget:\n${over.join("\n")}`);
    assert.equal(sizes.get("/landing (гость)"), 0);
  } finally {
    await t.close();
  }
});
