import assert from "node:assert/strict";

Deno.test("the light entry form.ts imports no zod, no price list and no catalogue data", async () => {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", new URL("./form.ts", import.meta.url).href],
    stdout: "piped",
    stderr: "inherit",
  }).output();
  assert.ok(out.success);
  const graph = JSON.parse(new TextDecoder().decode(out.stdout)) as { modules: { specifier: string }[] };
  const files = graph.modules.map((m) => m.specifier.replace(/^.*\/estimating\//, "")).sort();
  assert.deepEqual(files, [
    "catalogue/names.ts",
    "catalogue/types.ts",
    "enums.ts",
    "fields.ts",
    "form.ts",
    "missing.ts",
    "money.ts",
    "rule_line.ts",
    "sewer_line.ts",
    "winter.ts",
    "work_types/drainage.ts",
    "work_types/geology.ts",
    "work_types/mod.ts",
    "work_types/pumps.ts",
    "work_types/sections.ts",
    "work_types/sewage.ts",
    "work_types/types.ts",
    "work_types/water_supply.ts",
    "work_types/well.ts",
  ]);
});
