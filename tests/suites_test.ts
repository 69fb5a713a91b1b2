// The suites of tests/ are what `deno task test` runs: every test file of the project is imported by exactly one
// of them, so none is left out of the run and none runs twice.
import assert from "node:assert/strict";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const suitesDir = fileURLToPath(new URL(".", import.meta.url));
/** Folders that hold no test of the project: dependencies, build output, data, scratch space. */
const skipped = new Set(["node_modules", "static", "data", "dist", "out"]);

async function testFiles(dir = root): Promise<string[]> {
  const files: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    if (entry.name.startsWith(".") || skipped.has(entry.name)) continue;
    const path = `${dir}${entry.name}`;
    if (entry.isDirectory) files.push(...await testFiles(`${path}/`));
    else if (/(^|[._])test\.[jt]sx?$/.test(entry.name)) files.push(relative(root, path));
  }
  return files;
}

/** Each suite (tests/NAME.ts) and the project files it imports. */
async function suites(): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  for await (const entry of Deno.readDir(suitesDir)) {
    if (!entry.isFile || !entry.name.endsWith(".ts") || entry.name.endsWith("_test.ts")) continue;
    const text = await Deno.readTextFile(`${suitesDir}${entry.name}`);
    const imports = [...text.matchAll(/^import "\.\.\/([^"]+)";$/gm)].map((m) => m[1]);
    found.set(entry.name, imports);
  }
  return found;
}

Deno.test("every test file of the project is imported by exactly one suite of tests/", async () => {
  const bySuite = await suites();
  const suitesOf = new Map<string, string[]>();
  for (const [suite, imports] of bySuite) {
    for (const file of imports) suitesOf.set(file, [...suitesOf.get(file) ?? [], suite]);
  }
  const problems: string[] = [];
  for (const file of (await testFiles()).sort()) {
    // Deno would run a name.test.ts or a test.ts beside the suites: the task ignores only name_test.ts(x).
    if (!/_test\.tsx?$/.test(file)) problems.push(`${file}: name a test file name_test.ts`);
    const inSuites = suitesOf.get(file) ?? [];
    if (inSuites.length === 0) problems.push(`${file} is in no suite: add \`import "../${file}";\` to one`);
    if (inSuites.length > 1) problems.push(`${file} is in ${inSuites.join(", ")}: it would run twice`);
  }
  assert.deepEqual(problems, []);
});

Deno.test("a suite of tests/ imports only test files that exist", async () => {
  const problems: string[] = [];
  for (const [suite, imports] of await suites()) {
    assert.ok(imports.length > 0, `${suite} imports no test file`);
    for (const file of imports) {
      if (!/_test\.tsx?$/.test(file)) problems.push(`${suite} imports ${file}, which is not a test file`);
      else if (!await Deno.stat(`${root}${file}`).then(() => true, () => false)) {
        problems.push(`${suite} imports ${file}, which does not exist`);
      }
    }
  }
  assert.deepEqual(problems, []);
});

Deno.test("`deno task test` runs the suites of tests/ and the documentation's examples", async () => {
  const config = JSON.parse(await Deno.readTextFile(`${root}deno.json`));
  const task: string = config.tasks.test;
  assert.match(task, /deno test .*--doc .*--ignore='\*\*\/\*_test\.ts,\*\*\/\*_test\.tsx' tests\/\*\.ts \.$/);
});
