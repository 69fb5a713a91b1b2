import assert from "node:assert/strict";
import { Hono } from "hono";
import { setAnswerHeader } from "./answer_header.ts";

Deno.test("setAnswerHeader() sets a header on the finished answer itself, and on one with immutable headers too", async () => {
  const app = new Hono();
  const kept: boolean[] = [];
  app.use(async (c, next) => {
    await next();
    const before = c.res;
    setAnswerHeader(c, "X-Request-Id", "abc12345");
    kept.push(c.res === before);
  });
  app.get("/page", (c) => c.html("<p>Смета</p>"));
  // Response.redirect() answers with headers that cannot be changed: a new answer is made around it.
  app.get("/away", () => Response.redirect("http://127.0.0.1/page", 302));

  const page = await app.request("/page");
  assert.equal(page.headers.get("X-Request-Id"), "abc12345");
  assert.equal(await page.text(), "<p>Смета</p>");
  const away = await app.request("/away");
  assert.equal(away.status, 302);
  assert.equal(away.headers.get("Location"), "http://127.0.0.1/page");
  assert.equal(away.headers.get("X-Request-Id"), "abc12345");
  assert.deepEqual(kept, [true, false], "the page's answer is set in place, the redirect's is made anew");
});
