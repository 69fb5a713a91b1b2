import assert from "node:assert/strict";
import { safeNext } from "./auth.ts";

Deno.test("safeNext() keeps a path of this site with its query and hash", () => {
  assert.equal(safeNext("/tasks"), "/tasks");
  assert.equal(safeNext("/profile?tab=1#password"), "/profile?tab=1#password");
  assert.equal(safeNext("/objects/%2F%2Fx"), "/objects/%2F%2Fx", "an encoded slash stays inside the path");
});

Deno.test("safeNext() sends every way off the site home", () => {
  const offSite = [
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/\\/evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/\u0000/evil.example",
    "/.//evil.example",
    "/..//evil.example",
    "/a/../..//evil.example",
    "/%2e%2e//evil.example",
    "https://evil.example",
    "http:evil.example",
    "javascript:alert(1)",
    " /tasks",
    "evil.example",
    "",
    "/api/logout",
    "/api/../api/logout",
  ];
  for (const next of offSite) assert.equal(safeNext(next), "/", JSON.stringify(next));
  for (const next of [undefined, null, 42, ["/tasks"], { next: "/" }]) assert.equal(safeNext(next), "/");
});

Deno.test("safeNext() never returns what a browser would resolve to another origin", () => {
  // Every character in a short prefix, so a variation nobody listed above is tried too.
  const chars = ["/", "\\", ".", "%", "2", "f", "5", "c", "\t", " ", "@", ":", "e", "?", "#"];
  const base = "https://app.example";
  let tried = 0;
  const grow = (prefix: string, depth: number) => {
    const next = `${prefix}evil.example/x`;
    const safe = safeNext(next);
    tried++;
    assert.equal(new URL(safe, base).origin, base, JSON.stringify(next));
    assert.ok(safe.startsWith("/") && !safe.startsWith("//") && !safe.includes("\\"), JSON.stringify(next));
    if (depth === 0) return;
    for (const c of chars) grow(prefix + c, depth - 1);
  };
  grow("", 4);
  assert.ok(tried > 50_000);
});
