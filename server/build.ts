import type * as esbuild from "esbuild";
import { fileURLToPath } from "node:url";
import { basename, dirname, join, relative } from "node:path";
import { encodeHexLowerCase } from "@oslojs/encoding";
import type { IslandManifest } from "./island.tsx";
import { compress } from "./compress.ts";
import { encodedSuffix } from "./static_files.ts";

/** esbuild, imported when a build runs: a server whose bundles are current never loads it. */
export const loadEsbuild = (): Promise<typeof esbuild> => import("esbuild");

const root = fileURLToPath(new URL("..", import.meta.url));
const thisFile = fileURLToPath(import.meta.url);
const islandsDir = join(root, "islands");
export const islandsOutDir = join(root, "static", "_islands");
const manifestPath = join(islandsOutDir, "manifest.json");
/**
 * What the last build read (each source's SHA-256) and made, outside static/ (which is served). A start whose
 * sources are unchanged reuses the bundles: every test file boots the app in a process of its own.
 */
const buildRecordPath = join(root, "node_modules", ".cache", "polesmeta", "islands.json");

interface BuildRecord {
  minify: boolean;
  sources: Record<string, string | undefined>;
  manifest: IslandManifest;
}

/**
 * Islands are the PascalCase .tsx files directly in islands/; the default export's name must match the file.
 * The parts an island loads lazily sit in a folder named after it and are not entries.
 */
async function islandNames(): Promise<string[]> {
  const names: string[] = [];
  for await (const entry of Deno.readDir(islandsDir)) {
    if (entry.isFile && /^[A-Z][A-Za-z0-9]*\.tsx$/.test(entry.name)) names.push(basename(entry.name, ".tsx"));
  }
  return names.sort();
}

/**
 * Bundles one entry per island with shared chunks (React is loaded once for all islands),
 * content-hashed, and writes the manifest the server reads.
 */
export async function buildIslands(
  options: { minify?: boolean; clean?: boolean } = {},
): Promise<IslandManifest> {
  const names = await islandNames();
  // Names are content hashes, so processes building at once (tests, a dev server) write the same files;
  // only a standalone build clears out the old ones.
  if (options.clean) await Deno.remove(islandsOutDir, { recursive: true }).catch(() => {});
  const entryPlugin: esbuild.Plugin = {
    name: "island-entries",
    setup(build) {
      build.onResolve({ filter: /^island:/ }, (args) => ({ path: args.path.slice(7), namespace: "island" }));
      build.onLoad({ filter: /.*/, namespace: "island" }, (args) => ({
        contents: `import C from ${JSON.stringify(join(islandsDir, `${args.path}.tsx`))};
import { hydrateIsland } from ${JSON.stringify(join(islandsDir, "client.ts"))};
hydrateIsland(${JSON.stringify(args.path)}, C);`,
        loader: "ts",
        resolveDir: islandsDir,
      }));
    },
  };
  const result = await (await loadEsbuild()).build({
    entryPoints: Object.fromEntries(names.map((n) => [n, `island:${n}`])),
    bundle: true,
    splitting: true,
    format: "esm",
    target: ["es2022"],
    platform: "browser",
    minify: options.minify ?? true,
    jsx: "automatic",
    define: { "process.env.NODE_ENV": '"production"' },
    outdir: islandsOutDir,
    entryNames: "[name]-[hash]",
    chunkNames: "chunks/[name]-[hash]",
    metafile: true,
    plugins: [entryPlugin],
    logLevel: "error",
    absWorkingDir: root,
  });
  const outputs = result.metafile.outputs;
  const urlOf = (out: string) => "/" + relative(join(root, "static"), join(root, out)).replaceAll("\\", "/");
  const staticImports = (out: string) => staticImportsOf(outputs, out);
  const manifest: IslandManifest = { entries: {} };
  for (const [out, meta] of Object.entries(outputs)) {
    if (!out.endsWith(".js") || !meta.entryPoint?.startsWith("island:")) continue;
    manifest.entries[meta.entryPoint.replace(/^island:/, "")] = {
      src: urlOf(out),
      imports: [...staticImports(out)].map(urlOf),
    };
  }
  const minify = options.minify ?? true;
  const serviceWorker = await buildStandalone("sw", "iife", minify);
  const engine = await buildStandalone("engine", "esm", minify);
  manifest.serviceWorker = urlOf(serviceWorker.files[0]);
  manifest.engine = urlOf(engine.files[0]);
  const scripts = [...Object.keys(outputs).filter((out) => out.endsWith(".js")), ...engine.files];
  manifest.files = scripts.map(urlOf).sort();
  await precompress(scripts.map((out) => join(root, out)));
  await writeWhole(manifestPath, JSON.stringify(manifest, null, 2));
  const inputs = [result.metafile, serviceWorker.metafile, engine.metafile].flatMap((m) =>
    Object.keys(m.inputs)
  );
  await recordBuild(minify, inputs, manifest);
  return manifest;
}

/**
 * The manifest of the last build when it is current: the same island files, the same `minify`, every source
 * it read unchanged (build.ts among them) and every bundle still there; else null.
 */
export async function currentIslandManifest(
  options: { minify?: boolean } = {},
): Promise<IslandManifest | null> {
  let record: BuildRecord;
  try {
    record = JSON.parse(await Deno.readTextFile(buildRecordPath));
  } catch {
    return null;
  }
  const { manifest } = record;
  if (record.minify !== (options.minify ?? true)) return null;
  if ((await islandNames()).join() !== Object.keys(manifest.entries).sort().join()) return null;
  const hashes = await sourceHashes(Object.keys(record.sources));
  if (Object.entries(record.sources).some(([path, hash]) => hashes[path] !== hash)) return null;
  const bundles = [...(manifest.files ?? []), manifest.serviceWorker ?? ""].map((url) =>
    join(root, "static", url)
  );
  const present = await Promise.all(bundles.map((file) => Deno.stat(file).then(() => true, () => false)));
  return present.every(Boolean) ? manifest : null;
}

/** Notes the sources a build read (paths relative to the root; esbuild's plugin namespaces are not files). */
async function recordBuild(minify: boolean, inputs: string[], manifest: IslandManifest): Promise<void> {
  const files = [...new Set([...inputs.filter((path) => !path.includes(":")), relative(root, thisFile)])];
  const record: BuildRecord = { minify, sources: await sourceHashes(files), manifest };
  await Deno.mkdir(dirname(buildRecordPath), { recursive: true });
  await writeWhole(buildRecordPath, JSON.stringify(record));
}

/** Each file's SHA-256 in hex; a missing file has none. */
async function sourceHashes(files: string[]): Promise<Record<string, string | undefined>> {
  const hashes = await Promise.all(files.map(async (file) => {
    const bytes = await Deno.readFile(join(root, file)).catch(() => null);
    if (!bytes) return undefined;
    return encodeHexLowerCase(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)));
  }));
  return Object.fromEntries(files.map((file, i) => [file, hashes[i]]));
}

/** Writes a file whole (a temporary file renamed), so that a process building at the same time never reads half. */
async function writeWhole(path: string, text: string): Promise<void> {
  const temp = `${path}.${crypto.randomUUID()}.tmp`;
  await Deno.writeTextFile(temp, text);
  await Deno.rename(temp, path);
}

/**
 * Bundles a script of the offline work on its own, out of the islands' shared chunks: the service
 * worker (components/offline/sw.ts), which cannot load chunks, and the estimating engine for the phone
 * (components/offline/engine.ts), whose zod would otherwise join the chunk every island loads. Answers its
 * output path and those of the chunks it imports statically.
 */
async function buildStandalone(
  name: "sw" | "engine",
  format: "iife" | "esm",
  minify: boolean,
): Promise<{ files: string[]; metafile: esbuild.Metafile }> {
  const result = await (await loadEsbuild()).build({
    entryPoints: { [name]: join(root, "components", "offline", `${name}.ts`) },
    bundle: true,
    format,
    // The engine's own lazy parts (the workbook writer) stay apart, never loaded on the phone.
    splitting: format === "esm",
    chunkNames: "chunks/[name]-[hash]",
    target: ["es2022"],
    platform: "browser",
    minify,
    // Workbox's modules keep their logging and assertions behind this test.
    define: { "process.env.NODE_ENV": '"production"' },
    outdir: islandsOutDir,
    entryNames: "[name]-[hash]",
    metafile: true,
    logLevel: "error",
    absWorkingDir: root,
  });
  const outputs = result.metafile.outputs;
  const entry = Object.entries(outputs).find(([, meta]) => meta.entryPoint)![0];
  return { files: [entry, ...staticImportsOf(outputs, entry)], metafile: result.metafile };
}

/** Every chunk an entry imports statically, directly or not, so the page can preload them all at once. */
function staticImportsOf(
  outputs: esbuild.Metafile["outputs"],
  out: string,
  seen = new Set<string>(),
): Set<string> {
  for (const imp of outputs[out]?.imports ?? []) {
    if (imp.kind === "import-statement" && !seen.has(imp.path)) {
      seen.add(imp.path);
      staticImportsOf(outputs, imp.path, seen);
    }
  }
  return seen;
}

/**
 * Writes `x.js.br` and `x.js.gz` (brotli 11, gzip 9) beside each bundle, for the server to send as they are.
 * Names are content hashes, so a variant already there is current; each is written whole, then renamed.
 */
async function precompress(files: string[]): Promise<void> {
  for (const file of files) {
    for (const encoding of ["br", "gzip"] as const) {
      const target = file + encodedSuffix[encoding];
      if (await Deno.stat(target).then(() => true, () => false)) continue;
      const temp = `${target}.${crypto.randomUUID()}.tmp`;
      await Deno.writeFile(temp, compress(await Deno.readFile(file), encoding, true));
      await Deno.rename(temp, target);
    }
  }
}

/** The manifest written by an earlier build, or null. */
export async function loadIslandManifest(): Promise<IslandManifest | null> {
  try {
    return JSON.parse(await Deno.readTextFile(manifestPath));
  } catch {
    return null;
  }
}

if (import.meta.main) {
  const manifest = await buildIslands({ clean: true });
  (await loadEsbuild()).stop();
  console.log(`Built ${Object.keys(manifest.entries).length} islands into ${islandsOutDir}`);
}
