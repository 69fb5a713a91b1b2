import assert from "node:assert/strict";
import { markersOf, replaceFigures } from "./_doc_figures.ts";

const root = new URL("../", import.meta.url);

Deno.test("replaceFigures() puts the bench's lines between its markers and keeps the rest of the document", () => {
  const doc = "# A\n\n<!-- bench-start -->\n\nold\n\n<!-- /bench-start -->\n\nrest\n";
  assert.equal(
    replaceFigures(doc, "start", "| a | b |"),
    "# A\n\n<!-- bench-start -->\n\n| a | b |\n\n<!-- /bench-start -->\n\nrest\n",
  );
});

Deno.test("replaceFigures() refuses a document without the bench's markers", () => {
  assert.throws(() => replaceFigures("# A\n<!-- bench-mix -->\n", "start", "x"), /bench-start/);
  assert.throws(
    () => replaceFigures(`${markersOf("start").reverse().join("\n")}\n`, "start", "x"),
    /markers/,
  );
});

Deno.test("every bench-NAME(-N, -PART) block of README.md and docs/ is closed and written by bench/NAME or scripts/NAME --write", async () => {
  const docs = ["README.md", ...[...Deno.readDirSync(new URL("docs/", root))].map((e) => `docs/${e.name}`)];
  const writers = new Set<string>();
  for (const folder of ["bench", "scripts"]) {
    for (const e of Deno.readDirSync(new URL(`${folder}/`, root))) {
      const source = await Deno.readTextFile(new URL(`${folder}/${e.name}`, root));
      if (source.includes("--write")) writers.add(e.name.replace(/\.tsx?$/, ""));
    }
  }
  let blocks = 0;
  for (const path of docs.filter((p) => p.endsWith(".md"))) {
    const text = await Deno.readTextFile(new URL(path, root));
    for (const [, name] of text.matchAll(/<!-- bench-([\w-]+) -->/g)) {
      blocks++;
      assert.ok(text.includes(markersOf(name)[1]), `${path}: bench-${name} is never closed`);
      // bench-NAME-N: the same bench run at another size (bench-scale-10, BENCH_SCALE=10); bench-NAME-PART: a
      // table of its own that the bench writes with another flag (bench-mix-by-write: mix --by-write --write).
      const writer = [name.replace(/-\d+$/, ""), name.split("-")[0]].find((w) => writers.has(w));
      assert.ok(writer, `${path}: no bench/NAME.ts or scripts/NAME.ts writes bench-${name}`);
    }
  }
  assert.ok(blocks >= 6, `found ${blocks} bench blocks`);
});
