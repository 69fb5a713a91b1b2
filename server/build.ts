import * as esbuild from "esbuild";
import { fileURLToPath } from "node:url";
import { basename, join, relative } from "node:path";
import type { IslandManifest } from "./island.tsx";
import { compress } from "./compression.ts";
import { encodedSuffix } from "./static_files.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const islandsDir = join(root, "islands");
export const islandsOutDir = join(root, "static", "_islands");
const manifestPath = join(islandsOutDir, "manifest.json");

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
  const result = await esbuild.build({
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
  // Every chunk an entry imports statically, directly or not, so the page can preload them all at once.
  const staticImports = (out: string, seen = new Set<string>()): Set<string> => {
    for (const imp of outputs[out]?.imports ?? []) {
      if (imp.kind === "import-statement" && !seen.has(imp.path)) {
        seen.add(imp.path);
        staticImports(imp.path, seen);
      }
    }
    return seen;
  };
  const manifest: IslandManifest = { entries: {} };
  for (const [out, meta] of Object.entries(outputs)) {
    if (!out.endsWith(".js") || !meta.entryPoint?.startsWith("island:")) continue;
    manifest.entries[meta.entryPoint.replace(/^island:/, "")] = {
      src: urlOf(out),
      imports: [...staticImports(out)].map(urlOf),
    };
  }
  manifest.files = Object.keys(outputs).filter((out) => out.endsWith(".js")).map(urlOf).sort();
  manifest.serviceWorker = await buildServiceWorker(options.minify ?? true, urlOf);
  await precompress(Object.keys(outputs).filter((out) => out.endsWith(".js")).map((out) => join(root, out)));
  await Deno.writeTextFile(manifestPath, JSON.stringify(manifest, null, 2));
  return manifest;
}

/** Bundles the service worker (components/offline/sw.ts) on its own: a worker cannot load shared chunks. */
async function buildServiceWorker(minify: boolean, urlOf: (out: string) => string): Promise<string> {
  const result = await esbuild.build({
    entryPoints: { sw: join(root, "components", "offline", "sw.ts") },
    bundle: true,
    format: "iife",
    target: ["es2022"],
    platform: "browser",
    minify,
    outdir: islandsOutDir,
    entryNames: "[name]-[hash]",
    metafile: true,
    logLevel: "error",
    absWorkingDir: root,
  });
  return urlOf(Object.keys(result.metafile.outputs).find((out) => out.endsWith(".js"))!);
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
  esbuild.stop();
  console.log(`Built ${Object.keys(manifest.entries).length} islands into ${islandsOutDir}`);
}
