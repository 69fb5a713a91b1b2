import assert from "node:assert/strict";
import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from "node:zlib";
import { Hono } from "hono";
import {
  compressedAnswers,
  MIN_COMPRESS_BYTES,
  negotiateDynamic,
  negotiateEncoding,
  negotiateStatic,
} from "./compression.ts";
import type { AppEnv } from "./types.ts";
import { type TestApp, withTestApp } from "./testing.ts";

Deno.test("negotiateEncoding: the caller's order, q=0 refuses, * counts, nothing means identity", () => {
  assert.equal(negotiateStatic("gzip, deflate, br"), "br");
  assert.equal(negotiateStatic("gzip, deflate"), "gzip");
  assert.equal(negotiateStatic("br;q=0, gzip;q=0.5"), "gzip");
  assert.equal(negotiateStatic("*"), "br");
  assert.equal(negotiateStatic("*, br;q=0"), "gzip");
  assert.equal(negotiateStatic("identity"), null);
  assert.equal(negotiateStatic("br;q=0, gzip;q=0"), null);
  assert.equal(negotiateStatic(undefined), null);
  assert.equal(negotiateStatic("gzip, deflate, br, zstd"), "br", "static files have no zstd variant");
  assert.equal(negotiateEncoding("br, gzip", ["gzip", "br"]), "gzip", "the caller's order");
  assert.equal(negotiateEncoding("br", ["gzip", "br"]), "br");
  // Answers made per request: zstd where accepted (Chrome's header), then gzip, then brotli.
  assert.equal(negotiateDynamic("gzip, deflate, br, zstd"), "zstd");
  assert.equal(negotiateDynamic("gzip, deflate, br, zstd;q=0"), "gzip");
  assert.equal(negotiateDynamic("gzip, deflate, br"), "gzip");
  assert.equal(negotiateDynamic("br"), "br");
});

/** The largest script a page loads (the React chunk). */
async function largestScript(t: TestApp): Promise<string> {
  const html = await (await t.request("/objects", { as: "engineer@demo.local" })).text();
  const urls = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+)"/g)]
    .map((m) => m[1]);
  const sizes = await Promise.all(
    urls.map(async (u) => (await (await t.request(u)).arrayBuffer()).byteLength),
  );
  return urls[sizes.indexOf(Math.max(...sizes))];
}

Deno.test("static files: br, gzip or identity by Accept-Encoding, with Vary and a per-variant ETag and 304", () =>
  withTestApp(async (t) => {
    const src = await largestScript(t);
    const plain = await t.request(src);
    const identity = new Uint8Array(await plain.arrayBuffer());
    assert.equal(plain.headers.get("content-encoding"), null);
    assert.equal(plain.headers.get("vary"), "Accept-Encoding");
    assert.equal(Number(plain.headers.get("content-length")), identity.length);
    assert.match(plain.headers.get("cache-control")!, /immutable/);

    const br = await t.request(src, { headers: { "Accept-Encoding": "gzip, deflate, br" } });
    assert.equal(br.headers.get("content-encoding"), "br");
    assert.equal(br.headers.get("vary"), "Accept-Encoding");
    const brBytes = new Uint8Array(await br.arrayBuffer());
    assert.ok(brBytes.length < identity.length / 2);
    assert.deepEqual(new Uint8Array(brotliDecompressSync(brBytes)), identity);

    const gz = await t.request(src, { headers: { "Accept-Encoding": "gzip" } });
    assert.equal(gz.headers.get("content-encoding"), "gzip");
    assert.deepEqual(new Uint8Array(gunzipSync(new Uint8Array(await gz.arrayBuffer()))), identity);

    const etags = new Set([plain, br, gz].map((r) => r.headers.get("etag")));
    assert.equal(etags.size, 3, "each encoding has its own ETag");
    const again = await t.request(src, {
      headers: { "Accept-Encoding": "br", "If-None-Match": br.headers.get("etag")! },
    });
    assert.equal(again.status, 304);
    assert.equal(await again.text(), "");
    const otherVariant = await t.request(src, {
      headers: { "Accept-Encoding": "gzip", "If-None-Match": br.headers.get("etag")! },
    });
    assert.equal(otherVariant.status, 200, "a brotli ETag does not validate the gzip bytes");
    await otherVariant.body?.cancel();

    const css = await t.request(`/static/styles.css?v=${t.deps.styles.version}`, {
      headers: { "Accept-Encoding": "br" },
    });
    assert.equal(css.headers.get("content-encoding"), "br");
    assert.equal(
      new TextDecoder().decode(brotliDecompressSync(new Uint8Array(await css.arrayBuffer()))),
      t.deps.styles.css,
    );

    // The build's own .br files are not URLs of their own, and paths cannot leave the folder.
    for (const path of [`${src}.br`, "/static/../server/app.ts", "/_islands/..%2f..%2fdeno.json"]) {
      const res = await t.request(path);
      assert.equal(res.status, 404, path);
      await res.body?.cancel();
    }
  }));

Deno.test("pages and JSON: compressed once when large, left alone when small, Vary always", () =>
  withTestApp(async (t) => {
    const as = "engineer@demo.local";
    const page = await t.request("/objects", { as, headers: { "Accept-Encoding": "br, gzip" } });
    assert.equal(page.headers.get("content-encoding"), "gzip", "made per request: gzip, cheaper than brotli");
    assert.match(page.headers.get("vary")!, /Accept-Encoding/);
    const html = new TextDecoder().decode(gunzipSync(new Uint8Array(await page.arrayBuffer())));
    assert.match(html, /^<!DOCTYPE html>/, "compressed once: one decompression gives the HTML");
    const brOnly = await t.request("/objects", { as, headers: { "Accept-Encoding": "br" } });
    assert.equal(brOnly.headers.get("content-encoding"), "br");
    assert.match(
      new TextDecoder().decode(brotliDecompressSync(new Uint8Array(await brOnly.arrayBuffer()))),
      /<\/html>/,
    );

    // A browser's header (Chrome's): zstd, a page from the cache and a JSON answer made afresh alike.
    const chrome = { "Accept-Encoding": "gzip, deflate, br, zstd" };
    for (const path of ["/objects", "/api/objects"]) {
      const zstd = await t.request(path, { as, headers: chrome });
      assert.equal(zstd.headers.get("content-encoding"), "zstd", path);
      assert.match(zstd.headers.get("vary")!, /Accept-Encoding/);
      const text = new TextDecoder().decode(zstdDecompressSync(new Uint8Array(await zstd.arrayBuffer())));
      assert.match(text, path === "/objects" ? /^<!DOCTYPE html>[^]*<\/html>$/ : /^\[\{"id":/, path);
    }

    const json = await t.request("/api/objects", { as, headers: { "Accept-Encoding": "gzip" } });
    assert.equal(json.headers.get("content-encoding"), "gzip");
    const list = JSON.parse(new TextDecoder().decode(gunzipSync(new Uint8Array(await json.arrayBuffer()))));
    assert.ok(Array.isArray(list) && list.length > 0);

    const plain = await t.request("/objects", { as });
    assert.equal(plain.headers.get("content-encoding"), null);
    assert.match(plain.headers.get("vary")!, /Accept-Encoding/);
    assert.match(await plain.text(), /^<!DOCTYPE html>/);

    const small = await t.request("/api/user", { as, headers: { "Accept-Encoding": "br" } });
    const body = await small.text();
    assert.ok(body.length < MIN_COMPRESS_BYTES);
    assert.equal(small.headers.get("content-encoding"), null);
    assert.equal(JSON.parse(body).email, as);
  }));

Deno.test("an ETag of a compressed JSON answer turns weak and still answers 304", () =>
  withTestApp(async (t) => {
    const as = "engineer@demo.local";
    const first = await t.request("/api/measurements/form", { as, headers: { "Accept-Encoding": "br" } });
    await first.arrayBuffer();
    const etag = first.headers.get("etag")!;
    if (first.headers.get("content-encoding")) assert.match(etag, /^W\//);
    const again = await t.request("/api/measurements/form", {
      as,
      headers: { "Accept-Encoding": "br", "If-None-Match": etag },
    });
    assert.equal(again.status, 304);
    assert.equal(again.headers.get("content-encoding"), null);
  }));

Deno.test("a stored file answered with Content-Disposition streams uncompressed", async () => {
  const app = new Hono<AppEnv>();
  app.use(compressedAnswers);
  const big = JSON.stringify({ rows: Array.from({ length: 500 }, (_, i) => ({ i })) });
  app.get("/file", (c) => {
    c.header("Content-Disposition", 'attachment; filename="rows.json"');
    return c.body(big, 200, { "Content-Type": "application/json" });
  });
  app.get("/json", (c) => c.json(JSON.parse(big)));
  const file = await app.request("/file", { headers: { "Accept-Encoding": "br" } });
  assert.equal(file.headers.get("content-encoding"), null);
  assert.equal(await file.text(), big);
  const json = await app.request("/json", { headers: { "Accept-Encoding": "br" } });
  assert.equal(json.headers.get("content-encoding"), "br");
  await json.body?.cancel();
});

Deno.test("an answer sent as it is keeps its body of bytes: the middleware never reads `body`, which would make it a stream", async () => {
  class WatchedResponse extends Response {
    bodyReads = 0;
    override get body() {
      this.bodyReads++;
      return super.body;
    }
  }
  const html = "<!DOCTYPE html>" + "<p>строка</p>".repeat(200);
  let answer!: WatchedResponse;
  const app = new Hono<AppEnv>();
  app.use(compressedAnswers);
  app.get("/page", () => answer = new WatchedResponse(html, { headers: { "Content-Type": "text/html" } }));
  const plain = await app.request("/page");
  assert.equal(plain, answer, "the answer itself, not a copy");
  assert.equal(answer.bodyReads, 0);
  assert.equal(plain.headers.get("vary"), "Accept-Encoding");
  assert.equal(await plain.text(), html);
  const gzip = await app.request("/page", { headers: { "Accept-Encoding": "gzip" } });
  assert.equal(answer.bodyReads, 0);
  assert.equal(gzip.headers.get("content-encoding"), "gzip");
  assert.equal(gunzipSync(new Uint8Array(await gzip.arrayBuffer())).toString(), html);
});
