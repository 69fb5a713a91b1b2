// One validation path: a router reads its body, query string and path parameters only through
// validate() (server/validate.ts), so every input gets the same limits, statuses and Russian messages.
// Multipart uploads stream through server/multipart.ts and are not JSON, query or path reads.
import assert from "node:assert/strict";

/** Reading input by hand: each of these bypasses validate(). */
const handReads = [
  /c\.req\.json\(/,
  /c\.req\.text\(/,
  /c\.req\.query\(/,
  /c\.req\.queries\(/,
  /c\.req\.param\(/,
  /readJsonBody\(/,
  /\.safeParse\(/,
];

/** The allowed places, each with its reason; a place that no longer exists fails the test too. */
const allowed: { file: string; line: RegExp; why: string }[] = [
  {
    file: "tasks.ts",
    line: /schema\.safeParse\(raw\)/,
    why: "picks the form's schema by the validated `measurement` flag after the role check, " +
      "so a surveyor is told 403 before any field error",
  },
];

Deno.test("server/api routers read bodies, query strings and path parameters only through validate()", async () => {
  const found: string[] = [];
  const used = new Set<(typeof allowed)[number]>();
  for await (const entry of Deno.readDir(new URL(".", import.meta.url))) {
    if (!entry.isFile || !entry.name.endsWith(".ts") || entry.name.endsWith("_test.ts")) continue;
    const lines = (await Deno.readTextFile(new URL(entry.name, import.meta.url))).split("\n");
    lines.forEach((text, i) => {
      if (!handReads.some((read) => read.test(text))) return;
      const exception = allowed.find((a) => a.file === entry.name && a.line.test(text));
      if (exception) used.add(exception);
      else found.push(`${entry.name}:${i + 1}: ${text.trim()}`);
    });
  }
  assert.deepEqual(found, [], "read these through validate() (server/validate.ts) and server/query.ts");
  assert.deepEqual(allowed.filter((a) => !used.has(a)).map((a) => a.file), [], "stale exceptions");
});
