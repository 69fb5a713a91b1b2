import assert from "node:assert/strict";
import { markersOf } from "./_doc_figures.ts";

Deno.test("docs/performance.md has the markers of the mix by kind of write", async () => {
  const [open, close] = markersOf("mix-by-write");
  const doc = await Deno.readTextFile(new URL("../docs/performance.md", import.meta.url));
  assert.ok(doc.indexOf(open) >= 0 && doc.indexOf(close) > doc.indexOf(open));
});

Deno.test("README.md and docs/performance.md have the mix's markers", async () => {
  const [open, close] = markersOf("mix");
  for (const name of ["../README.md", "../docs/performance.md"]) {
    const doc = await Deno.readTextFile(new URL(name, import.meta.url));
    assert.ok(doc.indexOf(open) >= 0 && doc.indexOf(close) > doc.indexOf(open), name);
  }
});
