// The station price basis in the CLI: `--equipment-price retail|dealer|dealer+N` (retail by default).
import assert from "node:assert/strict";
import type { Estimate } from "../estimating/mod.ts";
import { runCli, withTempDir } from "./testing.ts";

const doc = {
  object: { address: "МО, Истринский р-н, д. Лечищево, уч. 12", distanceFromMKAD: 20, clientName: "Смирнов" },
  measurements: { septic_model: "topas-5", residents_count: 5, soil_type: "sandy", groundwater_level: 0 },
};

/** The station line's total in kopecks with the given extra options. */
async function stationTotal(dir: string, ...extra: string[]): Promise<number> {
  await Deno.writeTextFile(`${dir}/job.json`, JSON.stringify(doc));
  const r = await runCli(
    "estimate",
    "generate",
    `${dir}/job.json`,
    "--out",
    `${dir}/out`,
    "--format",
    "json",
    "--date",
    "2026-02-10",
    ...extra,
  );
  assert.equal(r.code, 0, r.err.join("\n"));
  const e: Estimate = JSON.parse(await Deno.readTextFile(`${dir}/out/job.json`));
  return e.items.find((i) => i.articleCode === "topas-5")!.totalPrice;
}

Deno.test("[cli] estimate generate --equipment-price: retail by default, dealer, dealer+N", () =>
  withTempDir(async (dir) => {
    // Топас 5 + 36 000 installation: РРЦ 159 000 → 195 000; dealer 143 100 → 179 100;
    // dealer + 20 % = 171 720 → 207 720 ₽.
    assert.equal(await stationTotal(dir), 19_500_000);
    assert.equal(await stationTotal(dir, "--equipment-price", "retail"), 19_500_000);
    assert.equal(await stationTotal(dir, "--equipment-price", "dealer"), 17_910_000);
    assert.equal(await stationTotal(dir, "--equipment-price", "dealer+20"), 20_772_000);
  }));

Deno.test("[cli] estimate generate refuses a wrong --equipment-price with one line and exit 2", () =>
  withTempDir(async (dir) => {
    await Deno.writeTextFile(`${dir}/job.json`, JSON.stringify(doc));
    for (const bad of ["opt", "dealer+301", "dealer-5"]) {
      const r = await runCli(
        "estimate",
        "generate",
        `${dir}/job.json`,
        "--out",
        `${dir}/out`,
        "--equipment-price",
        bad,
      );
      assert.equal(r.code, 2, bad);
      assert.match(r.err.join("\n"), /--equipment-price: ожидается retail, dealer или dealer\+N/);
    }
  }));
