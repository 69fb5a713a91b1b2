import assert from "node:assert/strict";
import { readmeMarkers, replaceBetweenMarkers } from "./mix.ts";

const [open, close] = readmeMarkers;

Deno.test("replaceBetweenMarkers() puts the bench's tables between the markers and keeps the rest", () => {
  const readme = `# A\n\nbefore\n\n${open}\n\nold table\n\n${close}\n\nafter\n`;
  assert.equal(
    replaceBetweenMarkers(readme, "| new | table |"),
    `# A\n\nbefore\n\n${open}\n\n| new | table |\n\n${close}\n\nafter\n`,
  );
});

Deno.test("replaceBetweenMarkers() refuses a document without the markers", () => {
  assert.throws(() => replaceBetweenMarkers("# A\n", "x"), /markers/);
});

Deno.test("docs/performance.md has the bench's markers", async () => {
  const doc = await Deno.readTextFile(new URL("../docs/performance.md", import.meta.url));
  assert.ok(doc.indexOf(open) >= 0 && doc.indexOf(close) > doc.indexOf(open));
});
