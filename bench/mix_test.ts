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

Deno.test("replaceBetweenMarkers() refuses a README without the markers", () => {
  assert.throws(() => replaceBetweenMarkers("# A\n", "x"), /markers/);
});

Deno.test("the README's performance section has the bench's markers", async () => {
  const readme = await Deno.readTextFile(new URL("../README.md", import.meta.url));
  const section = readme.slice(readme.indexOf("## Performance"));
  assert.ok(section.indexOf(open) >= 0 && section.indexOf(close) > section.indexOf(open));
});
