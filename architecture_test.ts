// The import direction of the project, checked on its module graph (`deno info`, type-only and dynamic imports
// included): pure packages reach no storage or server, browser code reaches no server, and no module imports
// itself back through others.
import assert from "node:assert/strict";
import { relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = fileURLToPath(new URL(".", import.meta.url));
/** Folders that are not the project's source: dependencies, build output, data. */
const skipped = new Set(["node_modules", "static", "data", "dist", ".git"]);

/** What a folder must not reach, directly or through other modules. */
const forbidden: Record<string, string[]> = {
  "estimating/": ["db/", "usecases/", "server/", "routes/", "islands/", "components/", "cli/"],
  "domain/": ["db/", "usecases/", "server/", "routes/", "islands/", "components/", "cli/"],
  "islands/": ["db/", "usecases/", "server/", "routes/", "cli/"],
  "components/": ["db/", "usecases/", "server/", "routes/", "islands/", "cli/"],
  "db/": ["usecases/", "server/", "routes/", "islands/", "components/", "cli/"],
  "usecases/": ["server/", "routes/", "islands/", "components/", "cli/"],
};

/**
 * The one door from browser code into server/: the API's type for the typed client (components/api.ts), imported
 * with `import type` only, so the bundles get none of the server's code. A load-time import of it is a violation.
 */
const typeOnlyDoor = "server/api_type.ts";

/** Folders whose tests start the seeded app (server/testing.ts) to run their functions on a real database. */
const testsStartTheApp = ["usecases/"];

/** What a folder's modules (tests aside: they start the whole app) must not import themselves. */
const forbiddenImports: Record<string, string[]> = {
  "routes/": ["server/api/", "cli/"],
};

/** The project's files under `dir` whose names match `name` (its modules unless told). */
async function sourceFiles(dir = root, name = /\.tsx?$/): Promise<string[]> {
  const files: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    const path = `${dir}${entry.name}`;
    if (entry.isDirectory && !skipped.has(entry.name)) files.push(...await sourceFiles(`${path}/`, name));
    else if (entry.isFile && name.test(entry.name)) files.push(path);
  }
  return files;
}

interface DenoInfo {
  modules: {
    specifier: string;
    dependencies?: { code?: { specifier: string }; type?: { specifier: string }; isDynamic?: boolean }[];
  }[];
}

/** The packages (npm:, jsr:, https:) each project module imports itself. */
const packageImports = new Map<string, Set<string>>();
/** What each project module imports when it loads: neither type-only nor `await import(…)` imports. */
const loadTimeImports = new Map<string, Set<string>>();

/** Every project module (a path relative to the root) and the project modules it imports. */
async function projectGraph(): Promise<Map<string, Set<string>>> {
  const files = await sourceFiles();
  const entry = await Deno.makeTempFile({ suffix: ".ts" });
  try {
    await Deno.writeTextFile(
      entry,
      files.map((f) => `import ${JSON.stringify(pathToFileURL(f).href)};`).join("\n"),
    );
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["info", "--json", entry],
      cwd: root,
      stdout: "piped",
      stderr: "inherit",
    }).output();
    assert.ok(out.success, "deno info failed");
    const info: DenoInfo = JSON.parse(new TextDecoder().decode(out.stdout));
    const local = (specifier: string) => {
      if (!specifier.startsWith("file://")) return null;
      const path = relative(root, fileURLToPath(specifier));
      return path.startsWith("..") ? null : path;
    };
    const graph = new Map<string, Set<string>>();
    for (const module of info.modules) {
      const from = local(module.specifier);
      if (!from) continue;
      const to = new Set<string>();
      const packages = new Set<string>();
      const atLoad = new Set<string>();
      for (const dep of module.dependencies ?? []) {
        if (dep.code && !dep.isDynamic) atLoad.add(local(dep.code.specifier) ?? dep.code.specifier);
        for (const target of [dep.code?.specifier, dep.type?.specifier]) {
          if (!target) continue;
          const path = local(target);
          if (path) to.add(path);
          else if (!target.startsWith("file:") && !target.startsWith("node:")) packages.add(target);
        }
      }
      graph.set(from, to);
      packageImports.set(from, packages);
      loadTimeImports.set(from, atLoad);
    }
    return graph;
  } finally {
    await Deno.remove(entry);
  }
}

const graph = await projectGraph();

/** The first import chain from `start` to a module under one of `folders`, or null. */
function pathTo(start: string, folders: string[], door?: string): string[] | null {
  const parent = new Map<string, string | null>([[start, null]]);
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const at = queue[i];
    if (at !== start && folders.some((f) => at.startsWith(f))) {
      const chain = [at];
      for (let p = parent.get(at); p; p = parent.get(p)) chain.unshift(p);
      return chain;
    }
    for (const next of graph.get(at) ?? []) {
      if (next === door && !loadTimeImports.get(at)?.has(next)) continue;
      if (!parent.has(next)) {
        parent.set(next, at);
        queue.push(next);
      }
    }
  }
  return null;
}

/** Strongly connected groups of more than one module, or a module importing itself (Tarjan). */
function cycles(): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  function visit(v: string) {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || graph.get(v)?.has(v)) found.push(group.sort());
    }
  }
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

Deno.test("the module graph holds every source file of the project", async () => {
  const files = (await sourceFiles()).map((f) => relative(root, f));
  assert.deepEqual(files.filter((f) => !graph.has(f)), []);
  assert.ok(
    graph.get("islands/UsersManager.tsx")?.has("islands/UsersManager/UserForm.tsx"),
    "a dynamic import",
  );
  assert.ok(graph.get("islands/UsersManager.tsx")?.has("domain/admin.ts"), "a type-only import");
  assert.deepEqual(pathTo("server/app.ts", ["db/"])?.at(-1)?.startsWith("db/"), true, "a chain is found");
});

const browserCode = ["islands/", "components/"];

Deno.test("browser code reaches server/ only by `import type` of server/api_type.ts, the API's type", () => {
  const users = [...graph].filter(([file, imports]) =>
    browserCode.some((f) => file.startsWith(f)) && imports.has(typeOnlyDoor)
  );
  assert.deepEqual(users.map(([file]) => file), ["components/api.ts"]);
  assert.deepEqual(
    users.filter(([file]) => loadTimeImports.get(file)?.has(typeOnlyDoor)).map(([file]) => file),
    [],
  );
  assert.ok(
    pathTo(typeOnlyDoor, ["db/"]),
    "the door leads to the server: only the type-only edge is allowed",
  );
});

for (const [folder, targets] of Object.entries(forbidden)) {
  Deno.test(`${folder} reaches none of ${targets.join(", ")}`, () => {
    const violations = [...graph.keys()]
      .filter((file) => file.startsWith(folder))
      .filter((file) => !(testsStartTheApp.includes(folder) && file.endsWith("_test.ts")))
      .map((file) => pathTo(file, targets, browserCode.includes(folder) ? typeOnlyDoor : undefined))
      .filter((chain) => chain !== null)
      .map((chain) => chain.join(" → "));
    assert.deepEqual(violations, []);
  });
}

for (const [folder, targets] of Object.entries(forbiddenImports)) {
  Deno.test(`${folder} imports nothing from ${targets.join(", ")}`, () => {
    const violations = [...graph]
      .filter(([file]) => file.startsWith(folder) && !file.endsWith("_test.ts"))
      .flatMap(([file, imports]) =>
        [...imports].filter((i) => targets.some((t) => i.startsWith(t))).map((i) => `${file} → ${i}`)
      );
    assert.deepEqual(violations, []);
  });
}

/** The app's code that must reach the database only through db/<area>.ts functions. */
const outsideDb = [
  "usecases/",
  "server/",
  "routes/",
  "cli/",
  "islands/",
  "components/",
  "domain/",
  "estimating/",
  "main.ts",
];

Deno.test("every query is in db/: no module outside it imports drizzle-orm or db/schema/ (tests aside)", () => {
  const app = [...graph.keys()].filter((file) =>
    outsideDb.some((f) => file.startsWith(f)) && !/_test\.tsx?$/.test(file)
  );
  const violations = app.flatMap((file) =>
    [
      ...[...packageImports.get(file) ?? []].filter((p) => /^npm:\/?drizzle-orm@/.test(p)),
      ...[...graph.get(file) ?? []].filter((i) => i.startsWith("db/schema/")),
    ].map((i) => `${file} → ${i}`)
  );
  assert.deepEqual(violations, []);
  assert.ok(
    [...packageImports.get("db/users.ts") ?? []].some((p) => /^npm:\/?drizzle-orm@/.test(p)),
    "seen in db/",
  );
});

Deno.test("no module imports itself back through others", () => {
  assert.deepEqual(cycles(), []);
});

Deno.test("islands/ holds only the hydrated entries, one PascalCase .tsx each, and the folders of their parts", async () => {
  const misplaced: string[] = [];
  const entries = new Set<string>();
  for await (const e of Deno.readDir(`${root}islands`)) {
    if (e.isFile) entries.add(e.name.replace(/\.tsx$/, ""));
  }
  for await (const e of Deno.readDir(`${root}islands`)) {
    const ok = e.isFile
      ? /^[A-Z][A-Za-z0-9]*\.tsx$/.test(e.name) || e.name === "client.ts"
      : e.isDirectory && entries.has(e.name);
    if (!ok) misplaced.push(e.name);
  }
  assert.deepEqual(misplaced, []);
});

/**
 * Libraries that take a large part of a start to load (pdf-lib and fontkit about a CPU-second, exceljs, the AWS
 * SDK, esbuild, nodemailer, docx), imported where they are used with `await import(…)`: every start of the
 * server, and every test file booting the app, would load them otherwise.
 */
const loadedOnUse = /^npm:\/?(pdf-lib|@pdf-lib\/fontkit|docx|nodemailer|exceljs|esbuild|@aws-sdk\/[\w-]+)@/;

Deno.test("the server starts without the heavy libraries: none is imported at load from server/boot.ts", () => {
  const parent = new Map<string, string | null>([["server/boot.ts", null]]);
  const queue = ["server/boot.ts"];
  const found: string[] = [];
  for (let i = 0; i < queue.length; i++) {
    for (const next of loadTimeImports.get(queue[i]) ?? []) {
      if (loadedOnUse.test(next)) {
        const chain = [next];
        for (let p: string | null | undefined = queue[i]; p; p = parent.get(p)) chain.unshift(p);
        found.push(chain.join(" → "));
      } else if (!parent.has(next) && loadTimeImports.has(next)) {
        parent.set(next, queue[i]);
        queue.push(next);
      }
    }
  }
  assert.deepEqual(found, []);
});

/**
 * Every module of the project type-checks, with the examples in its JSDoc and in its Markdown files (which
 * `deno check` reads only when they are named): the app, the tests, the islands, the bench and the scripts, as
 * one program. `deno task test` runs the suites with `--no-check`, so the check runs here, in a test worker
 * beside the other suites, instead of before all of them with the second core idle.
 */
Deno.test("every module, test and documentation example type-checks", async () => {
  const markdown = (await sourceFiles(root, /\.md$/)).map((path) => relative(root, path));
  const { code, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["check", "--quiet", "--doc", ".", ...markdown],
    cwd: root,
    stdout: "null",
    stderr: "piped",
  }).output();
  assert.equal(code, 0, new TextDecoder().decode(stderr));
});
