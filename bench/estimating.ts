// Estimating benchmark: estimates per second in one process, and the CLI's wall time for 1000
// measurement files to JSON and to xlsx. Targets: ≥ 20 000 estimates/s; 1000 files to xlsx ≤ 60 s.
// `deno task bench estimating --write` puts the table between the bench-estimating markers of
// docs/estimating.md.
import { fileURLToPath } from "node:url";
import { catalogue, generateEstimate, writeEstimateWorkbook } from "../estimating/mod.ts";
import { markdownTable, measuredOn, writeFigures } from "./_doc_figures.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const DATE = "2026-06-01";

/** Varied, valid measurement documents (deterministic). */
function documents(n: number): Record<string, unknown>[] {
  const soils = ["sandy", "clay", "loam", "rocky", "mixed", "peat", "landfill"];
  const access = ["easy", "medium", "difficult", "very_difficult"];
  const docs: Record<string, unknown>[] = [];
  for (let i = 0; i < n; i++) {
    const model = catalogue[(i * 37) % catalogue.length];
    const m: Record<string, unknown> = {
      septic_model: model.id,
      residents_count: 1 + (i % 12),
      installation_depth: [1.5, 2, 2.5, 3, 3.5][i % 5],
      groundwater_level: [0, 1.2, 2, 3.5][i % 4],
      soil_type: soils[i % soils.length],
      access_difficulty: access[i % access.length],
      inlet_pipe_length: 3 + (i % 20) * 0.5,
      outlet_pipe_length: 5 + (i % 15),
      pipe_exit_diameter: ["50", "110", "160"][i % 3],
      need_insulation: i % 3 === 0,
      insulation_length: 6 + (i % 7),
      need_drainage: i % 4 === 0,
      drainage_length: 10 + (i % 9),
      need_pumping: i % 5 === 0,
      pump_type: i % 2 ? "kp150" : "kp250",
      winter_conditions: i % 6 === 0,
    };
    if (i % 2 === 0) {
      Object.assign(m, {
        electrical_work_needed: true,
        elect_a039: true,
        elect_a039_length: 12.5,
        elect_a038: true,
        elect_a038_quantity: 1,
      });
    }
    if (i % 3 === 1) {
      Object.assign(m, { pipe_a006: true, pipe_a006_length: 8, misc_a107: true, misc_a107_quantity: 1 });
    }
    if (i % 7 === 0) {
      Object.assign(m, {
        demolition_work: true,
        demolition_description: "Старый септик",
        demolition_old_septic: true,
        demolition_septic_volume: 3,
      });
    }
    if (i % 5 === 2) {
      Object.assign(m, {
        machinery_work: true,
        need_excavator: true,
        soil_removal: true,
        sand_delivery: true,
      });
    }
    docs.push({
      objectId: i + 1,
      object: {
        address: `Московская обл., д. Пример, участок ${i + 1}`,
        distanceFromMKAD: (i * 7) % 90,
        clientName: `Клиент ${i + 1}`,
        clientPhone: "+7 900 000-00-00",
      },
      measurements: m,
    });
  }
  return docs;
}

function inProcess(): { perSecond: number; count: number } {
  const docs = documents(500);
  for (let i = 0; i < 20_000; i++) generateEstimate(docs[i % docs.length], { date: DATE }); // warm-up
  let count = 0;
  const start = performance.now();
  while (performance.now() - start < 2000) {
    for (let i = 0; i < 1000; i++) generateEstimate(docs[(count + i) % docs.length], { date: DATE });
    count += 1000;
  }
  return { perSecond: count / ((performance.now() - start) / 1000), count };
}

async function workbooksInProcess(): Promise<number> {
  const estimate = generateEstimate(documents(1)[0], { date: DATE });
  await writeEstimateWorkbook(estimate, { date: DATE });
  const n = 100;
  const start = performance.now();
  for (let i = 0; i < n; i++) await writeEstimateWorkbook(estimate, { date: DATE });
  return (performance.now() - start) / n;
}

async function cliWallTime(
  dir: string,
  format: "json" | "xlsx",
): Promise<{ seconds: number; files: number }> {
  const out = `${dir}/out-${format}`;
  const start = performance.now();
  const result = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      `${root}cli/main.ts`,
      "estimate",
      "generate",
      `${dir}/in`,
      "--out",
      out,
      "--format",
      format,
      "--date",
      DATE,
      "--quiet",
    ],
    env: { NODE_ENV: "production" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const seconds = (performance.now() - start) / 1000;
  if (result.code !== 0) {
    throw new Error(`CLI exited ${result.code}: ${new TextDecoder().decode(result.stderr)}`);
  }
  let files = 0;
  for (const entry of Deno.readDirSync(out)) if (entry.name.endsWith(`.${format}`)) files++;
  return { seconds, files };
}

/** Prints the figures of the estimating benchmark (and writes them into docs/estimating.md with --write). */
export async function run(): Promise<void> {
  const header = await measuredOn(
    "wall time of one process (the engine, the workbook) and of the CLI's process",
  );
  const { perSecond } = inProcess();
  const rows = [
    ["what", "measured", "target"],
    [
      "`generateEstimate()`, one process",
      `${String(Math.round(perSecond)).replace(/\B(?=(\d{3})+$)/g, " ")} estimates/s`,
      "≥ 20 000",
    ],
    [
      "`writeEstimateWorkbook()`, one process",
      `${(await workbooksInProcess()).toFixed(1)} ms a workbook`,
      "",
    ],
  ];
  const dir = await Deno.makeTempDir({ prefix: "polesmeta-bench-" });
  try {
    await Deno.mkdir(`${dir}/in`);
    const docs = documents(1000);
    await Promise.all(
      docs.map((d, i) =>
        Deno.writeTextFile(`${dir}/in/${String(i + 1).padStart(4, "0")}.json`, JSON.stringify(d))
      ),
    );
    for (const format of ["json", "xlsx"] as const) {
      const { seconds, files } = await cliWallTime(dir, format);
      if (files !== docs.length) throw new Error(`the CLI wrote ${files} ${format} files of ${docs.length}`);
      rows.push([
        `\`estimate generate\`, 1000 files → ${format}`,
        `${seconds.toFixed(1)} s`,
        format === "xlsx" ? "≤ 60 s" : "",
      ]);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
  const lines = [header, "", ...markdownTable(rows)];
  for (const line of lines) console.log(line);
  if (Deno.args.includes("--write")) {
    await writeFigures("estimating", lines, new URL("../docs/estimating.md", import.meta.url));
  }
}

if (import.meta.main) await run();
