/**
 * The treatment-unit catalogue entry (the objects and shop spec's «Entities and their fields», the estimating
 * spec's «Entities and their fields») and the pricing rules of the estimating spec's «Septic-unit catalogue».
 *
 * Catalogue money is in whole roubles, as in the spec (the estimate converts it to kopecks).
 * Dimensions are millimetres, weight kilograms, capacity litres per day, peak discharge litres.
 *
 * @module
 */

/** Manufacturer-group ids of the estimating spec's «Septic-unit catalogue». */
export type BrandId =
  | "topas"
  | "topas_c"
  | "biodeka"
  | "optima"
  | "genesis"
  | "eurolos"
  | "eurobion"
  | "biodevice"
  | "topol"
  | "akvalos"
  | "sparta"
  | "unilos";

/** How treated water leaves the station: by gravity or pumped (forced, "Пр", "ПРО", "П-…", "ПЛЮС"). */
export type Discharge = "gravity" | "forced";

/** One station model of the catalogue. */
export interface SepticModel {
  /** Stable id, e.g. `topas-5-long-pr`. */
  id: string;
  /** Manufacturer-group id. */
  brand: BrandId;
  /** Manufacturer display name (the same as the brand label). */
  manufacturer: string;
  /** Model line, e.g. `ТОПАС Лонг Пр`. */
  series: string;
  /** Model name as shown to people, e.g. `Топас 5 Лонг Пр`. */
  model: string;
  /** Number of residents the station is rated for. */
  users: number;
  /** Gravity or forced (pumped) discharge. */
  discharge: Discharge;
  /** Maximum depth of the inlet pipe connection, mm. */
  maxDepthConnection: number;
  /** Retail price, roubles. */
  retailPrice: number;
  /** Dealer price, roubles: 95 % or 90 % of retail by brand ({@link dealerRatePercent}). */
  dealerPrice: number;
  /** Peak (volley) discharge, litres. */
  peakDischarge: number;
  /** Capacity, litres per day (about 200 per resident). */
  capacity: number;
  /** Chief-installation (supervision) cost, roubles. */
  chiefInstallationCost: number;
  /** Full installation cost, roubles (0 = calculated individually). */
  fullInstallationCost: number;
  /** Pit volume at the model's own height, m³ ({@link pitVolumeM3}). */
  excavationVolume: number;
  /** Body dimensions, mm. */
  dimensions: { length: number; width: number; height: number };
  /** Weight, kg. */
  weight: number;
  /** Energy consumption, text such as `1,5 кВт·ч/сут`, or `н/д` (no data). */
  energyConsumption: string;
  /** Pay of a chief-installation crew, roubles. */
  crewSalaryChief: number;
  /** Pay of a standard crew: half the full installation cost, roubles. */
  crewSalaryStandard: number;
  /** Dealer price plus full installation cost (the dealer price alone when that cost is 0), roubles. */
  totalWithInstallation: number;
}
