/**
 * Pricing and sizing rules of the catalogue (the estimating spec's «Septic-unit catalogue»). The brand data
 * files are literal data; `catalogue_test.ts` checks every entry against these rules.
 *
 * @module
 */

import type { BrandId } from "./types.ts";

/**
 * Dealer price as a percentage of retail: 95 % for the DEKA brands (Биодека, Оптима, Генезис),
 * Евролос and Биодевайс; 90 % for Топас, Топас-С, Тополь, Аквалос, Спарта, Евробион and Юнилос
 * (the estimating spec's «Septic-unit catalogue» gives Евробион retail 0 in the old data; here it has real
 * prices and the 90 % rule; Юнилос publishes no dealer rate and takes the usual 90 %).
 *
 * @example
 * ```ts
 * import { dealerRatePercent } from "./pricing.ts";
 * if (dealerRatePercent("eurolos") !== 95 || dealerRatePercent("topas") !== 90) throw new Error("rate");
 * ```
 */
export function dealerRatePercent(brand: BrandId): 90 | 95 {
  switch (brand) {
    case "biodeka":
    case "optima":
    case "genesis":
    case "eurolos":
    case "biodevice":
      return 95;
    default:
      return 90;
  }
}

/**
 * Dealer price in roubles from a retail price: `retail × rate / 100`, rounded to a whole rouble.
 *
 * @example
 * ```ts
 * import { dealerPriceFor } from "./pricing.ts";
 * if (dealerPriceFor("topas", 159000) !== 143100) throw new Error("dealer");
 * ```
 */
export function dealerPriceFor(brand: BrandId, retailPrice: number): number {
  return Math.round((retailPrice * dealerRatePercent(brand)) / 100);
}

/**
 * Full-installation tiers by the number of residents (capacity / 200 l/day):
 * up to 3 → 32 000, 4 → 34 000, 5 → 36 000, 6 → 38 000, up to 8 → 42 000, up to 10 → 46 000,
 * up to 12 → 50 000, up to 15 → 56 000, up to 20 → 64 000 ₽; above 20 residents 0 (calculated individually).
 * Steps between tiers are 2 000 to 8 000 ₽.
 */
export const fullInstallationTiers: readonly { maxUsers: number; cost: number }[] = [
  { maxUsers: 3, cost: 32_000 },
  { maxUsers: 4, cost: 34_000 },
  { maxUsers: 5, cost: 36_000 },
  { maxUsers: 6, cost: 38_000 },
  { maxUsers: 8, cost: 42_000 },
  { maxUsers: 10, cost: 46_000 },
  { maxUsers: 12, cost: 50_000 },
  { maxUsers: 15, cost: 56_000 },
  { maxUsers: 20, cost: 64_000 },
];

/**
 * Full installation cost in roubles for a capacity in l/day (see {@link fullInstallationTiers}).
 *
 * @example
 * ```ts
 * import { fullInstallationCostFor } from "./pricing.ts";
 * if (fullInstallationCostFor(1000) !== 36000 || fullInstallationCostFor(6000) !== 0) throw new Error("tier");
 * ```
 */
export function fullInstallationCostFor(capacity: number): number {
  const users = capacity / 200;
  for (const tier of fullInstallationTiers) if (users <= tier.maxUsers) return tier.cost;
  return 0;
}

/**
 * Chief-installation cost and chief-crew pay in roubles: 10 000 / 7 000 normally, 15 000 / 10 000
 * for Аквалос of 15 residents and more, 0 / 0 for the Евробион Ультра line.
 *
 * @example
 * ```ts
 * import { chiefInstallationFor } from "./pricing.ts";
 * if (chiefInstallationFor("akvalos", "УНИВЕРСАЛЬНЫЙ", 20).cost !== 15000) throw new Error("chief");
 * ```
 */
export function chiefInstallationFor(
  brand: BrandId,
  series: string,
  users: number,
): { cost: number; crewSalary: number } {
  if (brand === "eurobion" && series.includes("Ультра")) return { cost: 0, crewSalary: 0 };
  if (brand === "akvalos" && users >= 15) return { cost: 15_000, crewSalary: 10_000 };
  return { cost: 10_000, crewSalary: 7_000 };
}

/** Working margin around the station body on each side of the pit, mm. */
export const PIT_MARGIN_MM = 300;
/** Sand bed under the station, mm. */
export const SAND_BED_MM = 200;

/**
 * Pit volume in integer mm³: `(length + 2×300) × (width + 2×300) × (depth + 200)`,
 * for a station body in mm and the depth of the station's bottom below ground in mm.
 *
 * @example
 * ```ts
 * import { pitVolumeMm3 } from "./pricing.ts";
 * // Топас 5 (1100 × 1200) at 2.5 m: 1.7 × 1.8 × 2.7 = 8.262 m³
 * if (pitVolumeMm3({ length: 1100, width: 1200 }, 2500) !== 8_262_000_000) throw new Error("pit");
 * ```
 */
export function pitVolumeMm3(body: { length: number; width: number }, depthMm: number): number {
  return (body.length + 2 * PIT_MARGIN_MM) * (body.width + 2 * PIT_MARGIN_MM) * (depthMm + SAND_BED_MM);
}

/**
 * Pit volume in m³ rounded half-up to 0.01, at a depth in mm (the catalogue uses the model's height).
 *
 * @example
 * ```ts
 * import { pitVolumeM3 } from "./pricing.ts";
 * if (pitVolumeM3({ length: 1100, width: 1200 }, 2500) !== 8.26) throw new Error("pit");
 * ```
 */
export function pitVolumeM3(body: { length: number; width: number }, depthMm: number): number {
  const mm3 = pitVolumeMm3(body, depthMm);
  // 1 m³ = 1e9 mm³; hundredths of m³ = mm³ / 1e7, rounded half-up.
  return Math.floor((mm3 + 5_000_000) / 10_000_000) / 100;
}
