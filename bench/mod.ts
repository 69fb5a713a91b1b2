// `deno task bench`: runs every bench/*.ts module's run() in turn and prints its figures.
import { fileURLToPath } from "node:url";

const dir = fileURLToPath(new URL(".", import.meta.url));
const names: string[] = [];
for await (const entry of Deno.readDir(dir)) {
  // Modules whose names start with "_" are shared helpers, not benchmarks.
  const helper = entry.name.startsWith("_") || entry.name === "mod.ts" || entry.name.endsWith("_test.ts");
  if (entry.isFile && (entry.name.endsWith(".ts") || entry.name.endsWith(".tsx")) && !helper) {
    names.push(entry.name);
  }
}
// The first argument that is not a flag names the bench (`deno task bench mix --write`).
const only = Deno.args.find((a) => !a.startsWith("--"));
for (const name of names.sort()) {
  if (only && !name.startsWith(only)) continue;
  console.log(`\n== ${name.replace(/\.tsx?$/, "")} ==`);
  const mod = await import(new URL(name, import.meta.url).href);
  await mod.run();
}
