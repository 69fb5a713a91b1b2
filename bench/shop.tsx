// The storefront's catalogue page (50 products, filters applied) beside a bare React SSR page in the same
// run and process: requests per second, p50/p99 per request, and the ratio. In-process (app.request), one
// request at a time for a fixed time each, so the figures compare rendering and queries, not the network.
import { Hono } from "hono";
import { renderToReadableStream } from "react-dom/server";
import { createTestApp } from "../server/testing.ts";

const DURATION_MS = 5_000;
const CATALOGUE = "/ruslos?persons=3&priceMin=100000&priceMax=400000&sort=price_asc&pageSize=50";

/** The anchor: a document with a 50-item list rendered by React, the least a React SSR page costs. */
const bare = new Hono().get("/", async (c) => {
  const stream = await renderToReadableStream(
    <html lang="ru">
      <head>
        <meta charSet="utf-8" />
        <title>Bare</title>
      </head>
      <body>
        <ul>{Array.from({ length: 50 }, (_, i) => <li key={i}>Товар {i}: {i * 1000} ₽</li>)}</ul>
      </body>
    </html>,
  );
  await stream.allReady;
  return c.html(await new Response(stream).text());
});

async function measure(fetchOnce: () => Promise<Response>) {
  for (let i = 0; i < 20; i++) await (await fetchOnce()).arrayBuffer();
  const times: number[] = [];
  const end = performance.now() + DURATION_MS;
  while (performance.now() < end) {
    const t0 = performance.now();
    const res = await fetchOnce();
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`status ${res.status}`);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { rps: times.length / (DURATION_MS / 1000), p50: p(0.5), p99: p(0.99) };
}

export async function run(): Promise<void> {
  const t = await createTestApp();
  try {
    const html = await (await t.request(CATALOGUE)).text();
    const shown = (html.match(/class="product-card"/g) ?? []).length;
    const anchor = await measure(async () => await bare.request("http://localhost/"));
    const page = await measure(() => t.request(CATALOGUE));
    const f = (n: number) => n.toFixed(2);
    console.log(
      `bare React SSR page (50 items): ${anchor.rps.toFixed(0)} req/s, p50 ${f(anchor.p50)} ms, p99 ${
        f(anchor.p99)
      } ms`,
    );
    console.log(
      `catalogue ${CATALOGUE} (${shown} products): ${page.rps.toFixed(0)} req/s, p50 ${f(page.p50)} ms, p99 ${
        f(page.p99)
      } ms`,
    );
    console.log(`ratio catalogue / bare (p50): ${(page.p50 / anchor.p50).toFixed(1)}×`);
  } finally {
    await t.close();
  }
}

if (import.meta.main) await run();
