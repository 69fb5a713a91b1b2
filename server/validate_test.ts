import assert from "node:assert/strict";
import { Hono } from "hono";
import { z } from "zod";
import { jsonDepth, MAX_JSON_BYTES, MAX_JSON_DEPTH, readJsonBody, validate } from "./validate.ts";
import { ApiError } from "./errors.ts";

/** A tiny app with one route of each kind of JSON reading, and the API's error answer. */
function app() {
  return new Hono()
    .post("/validated", validate("json", z.object({ a: z.unknown() })), (c) => c.json(c.req.valid("json")))
    .post("/read", async (c) => c.json({ read: await readJsonBody(c) }))
    .onError((e, c) => c.json({ message: e.message }, e instanceof ApiError ? e.status : 500));
}

function post(path: string, body: BodyInit, headers: Record<string, string> = {}) {
  return app().request(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body,
  });
}

Deno.test("jsonDepth() counts nesting outside strings only", () => {
  assert.equal(jsonDepth('{"a":[1,{"b":"[[[["}]}'), 3);
  assert.equal(jsonDepth('"\\"[[["'), 0);
  assert.equal(jsonDepth("[]"), 1);
});

Deno.test("validate() and readJsonBody() refuse deep, large and malformed bodies with 4xx in Russian", async () => {
  for (const path of ["/validated", "/read"]) {
    const deep = await post(path, "[".repeat(20_000) + "]".repeat(20_000));
    assert.equal(deep.status, 400);
    assert.match((await deep.json()).message, /вложенность/);
    const fine = `{"a":${"[".repeat(MAX_JSON_DEPTH - 1)}${"]".repeat(MAX_JSON_DEPTH - 1)}}`;
    assert.equal((await post(path, fine)).status, 200);
    const big = JSON.stringify({ a: "я".repeat(MAX_JSON_BYTES) });
    assert.equal((await post(path, big)).status, 413);
    const malformed = await post(path, '{"a":');
    assert.equal(malformed.status, 400);
    assert.equal((await malformed.json()).message, "Ожидается JSON");
  }
});

Deno.test("readJsonBody() stops a chunked body without Content-Length at the limit", async () => {
  let pulled = 0;
  const chunk = new TextEncoder().encode(" ".repeat(64 * 1024));
  const endless = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  const res = await post("/read", endless);
  assert.equal(res.status, 413);
  assert.ok(pulled <= MAX_JSON_BYTES + 2 * chunk.byteLength, `read ${pulled} bytes`);
});

Deno.test("validate() answers malformed JSON 400 whatever the Content-Type, and a bad path id 404", async () => {
  const app = new Hono()
    .post("/json", validate("json", z.object({ a: z.number() })), (c) => c.json(c.req.valid("json")))
    .get(
      "/things/:id",
      validate("param", z.object({ id: z.string().regex(/^[0-9]+$/) })),
      (c) => c.text("ok"),
    )
    .onError((e, c) => c.json({ message: e.message }, e instanceof ApiError ? e.status : 500));
  for (const headers of [{ "Content-Type": "text/plain" }, {} as Record<string, string>]) {
    const res = await app.request("/json", { method: "POST", headers, body: '{"a":' });
    assert.equal(res.status, 400, JSON.stringify(headers));
    assert.equal((await res.json()).message, "Ожидается JSON");
    const read = await app.request("/json", { method: "POST", headers, body: '{"a":1}' });
    assert.deepEqual(await read.json(), { a: 1 }, "a JSON body is read whatever it is labelled");
  }
  const wrong = await app.request("/json", { method: "POST", body: '{"a":"x"}' });
  assert.equal(wrong.status, 422);
  assert.equal((await app.request("/things/x")).status, 404);
  assert.equal((await app.request("/things/7")).status, 200);
});
