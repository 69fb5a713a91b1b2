/**
 * The row a brand file lists a model in: only the figures a manufacturer publishes. What follows from
 * them by the rules of ./pricing.ts (dealer price, installation and crew costs, the pit) is added by
 * {@link seriesModels}, so a brand file holds its data and nothing else; `catalogue_test.ts` checks the
 * result against the rules written out independently.
 *
 * @module
 */

import { brands } from "./names.ts";
import { chiefInstallationFor, dealerPriceFor, fullInstallationCostFor, pitVolumeM3 } from "./pricing.ts";
import type { BrandId, Discharge, SepticModel } from "./types.ts";

/** A model line of one brand: what its models share. */
export interface Series {
  brand: BrandId;
  /** The line's name, e.g. `ТОПАС Лонг Пр`. */
  series: string;
  discharge: Discharge;
  /** Maximum depth of the inlet pipe connection, mm. */
  maxDepthConnection: number;
}

/** One model: id, name, residents, retail ₽, peak discharge l, capacity l/day, body mm, kg, kWh a day. */
export type ModelRow = readonly [
  id: string,
  model: string,
  users: number,
  retailPrice: number,
  peakDischarge: number,
  capacity: number,
  dimensions: readonly [length: number, width: number, height: number],
  weight: number,
  /** Energy consumption in kWh a day; null when the manufacturer gives none (`н/д`). */
  energyKwhPerDay: number | null,
];

/**
 * The catalogue entries of a model line, in the rows' order.
 *
 * @example
 * ```ts
 * import { seriesModels } from "./series.ts";
 * const [m] = seriesModels(
 *   { brand: "topas", series: "ТОПАС", discharge: "gravity", maxDepthConnection: 800 },
 *   [["topas-5", "Топас 5", 5, 159000, 220, 1000, [1100, 1200, 2500], 230, 1.5]],
 * );
 * if (m.dealerPrice !== 143100 || m.fullInstallationCost !== 36000) throw new Error("pricing");
 * if (m.excavationVolume !== 8.26 || m.energyConsumption !== "1,5 кВт·ч/сут") throw new Error("figures");
 * ```
 */
export function seriesModels(line: Series, rows: readonly ModelRow[]): SepticModel[] {
  const manufacturer = brands.find((b) => b.id === line.brand)!.label;
  return rows.map(
    ([id, model, users, retailPrice, peakDischarge, capacity, [length, width, height], weight, energy]) => {
      const dealerPrice = dealerPriceFor(line.brand, retailPrice);
      const fullInstallationCost = fullInstallationCostFor(capacity);
      const chief = chiefInstallationFor(line.brand, line.series, users);
      return {
        id,
        brand: line.brand,
        manufacturer,
        series: line.series,
        model,
        users,
        discharge: line.discharge,
        maxDepthConnection: line.maxDepthConnection,
        retailPrice,
        dealerPrice,
        peakDischarge,
        capacity,
        chiefInstallationCost: chief.cost,
        fullInstallationCost,
        excavationVolume: pitVolumeM3({ length, width }, height),
        dimensions: { length, width, height },
        weight,
        energyConsumption: energy === null ? "н/д" : `${energy.toFixed(1).replace(".", ",")} кВт·ч/сут`,
        crewSalaryChief: chief.crewSalary,
        crewSalaryStandard: fullInstallationCost / 2,
        totalWithInstallation: dealerPrice + fullInstallationCost,
      };
    },
  );
}
