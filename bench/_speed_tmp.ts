import process from "node:process";
// Estimating benchmark: estimates per second in one process, and the CLI's wall time for 1000
// measurement files to JSON and to xlsx. Targets: ≥ 20 000 estimates/s; 1000 files to xlsx ≤ 60 s.
import { fileURLToPath } from "node:url";
import { catalogue, generateEstimate, writeEstimateWorkbook } from "../estimating/mod.ts";

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

const docs = documents(500);
for (let i = 0; i < 20_000; i++) generateEstimate(docs[i % docs.length], { date: DATE });
const n = 100_000;
const c0 = process.cpuUsage();
for (let i = 0; i < n; i++) generateEstimate(docs[i % docs.length], { date: DATE });
const c = process.cpuUsage(c0);
console.log(Math.round(n / ((c.user + c.system) / 1e6)), "estimates per CPU-second");
