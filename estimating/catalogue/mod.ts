/**
 * The treatment-unit catalogue of the estimating spec's «Septic-unit catalogue» and Юнилос: 12 manufacturer
 * groups, one literal data file each.
 *
 * @module
 */

import { akvalosModels } from "./akvalos.ts";
import { biodekaModels } from "./biodeka.ts";
import { biodeviceModels } from "./biodevice.ts";
import { eurobionModels } from "./eurobion.ts";
import { eurolosModels } from "./eurolos.ts";
import { genesisModels } from "./genesis.ts";
import { optimaModels } from "./optima.ts";
import { spartaModels } from "./sparta.ts";
import { topasModels } from "./topas.ts";
import { topasCModels } from "./topas_c.ts";
import { topolModels } from "./topol.ts";
import { unilosModels } from "./unilos.ts";
import { brands, modelLookup } from "./names.ts";
import type { SepticModel } from "./types.ts";

export type { BrandId, Discharge, SepticModel } from "./types.ts";
export { brands, modelLookup, normalizeModelName } from "./names.ts";
export {
  chiefInstallationFor,
  dealerPriceFor,
  dealerRatePercent,
  fullInstallationCostFor,
  fullInstallationTiers,
  pitVolumeM3,
  pitVolumeMm3,
} from "./pricing.ts";

/**
 * Every model of every brand, in brand order.
 *
 * @example
 * ```ts
 * import { catalogue } from "./mod.ts";
 * if (catalogue.length < 80) throw new Error("catalogue too small");
 * ```
 */
export const catalogue: readonly SepticModel[] = [
  ...topasModels,
  ...topasCModels,
  ...biodekaModels,
  ...optimaModels,
  ...genesisModels,
  ...eurolosModels,
  ...eurobionModels,
  ...biodeviceModels,
  ...topolModels,
  ...akvalosModels,
  ...spartaModels,
  ...unilosModels,
];

const byBrand = new Map<string, SepticModel[]>();
for (const m of catalogue) {
  const list = byBrand.get(m.brand);
  if (list) list.push(m);
  else byBrand.set(m.brand, [m]);
}
const lookup = modelLookup(catalogue, (m) => m.model);

/**
 * A model by its id (`topas-5`); also accepts the model's display name (`Топас 5`, any case).
 * Returns `undefined` for an empty or unknown value (such as the legacy placeholder `С1`).
 *
 * @example
 * ```ts
 * import { findModel } from "./mod.ts";
 * if (findModel("topas-5")?.capacity !== 1000) throw new Error("Топас 5");
 * if (findModel("Топас 5 Лонг")?.id !== "topas-5-long") throw new Error("by name");
 * if (findModel("С1") !== undefined) throw new Error("placeholder");
 * ```
 */
export function findModel(idOrName: string | undefined | null): SepticModel | undefined {
  return lookup(idOrName);
}

/**
 * The models of one brand.
 *
 * @example
 * ```ts
 * import { modelsOfBrand } from "./mod.ts";
 * if (!modelsOfBrand("sparta").every((m) => m.brand === "sparta")) throw new Error("brand");
 * ```
 */
export function modelsOfBrand(brand: string): readonly SepticModel[] {
  return byBrand.get(brand) ?? [];
}

/**
 * The Russian label of a brand id.
 *
 * @example
 * ```ts
 * import { brandLabel } from "./mod.ts";
 * if (brandLabel("eurolos") !== "Евролос") throw new Error("label");
 * ```
 */
export function brandLabel(brand: string): string {
  return brands.find((b) => b.id === brand)?.label ?? brand;
}

/**
 * The smallest model of the same brand whose capacity covers `needLitresPerDay`; models of the same
 * series win ties, then the same discharge type, then the lower retail price. `undefined` when none fits.
 *
 * @example
 * ```ts
 * import { findModel, smallestFittingModel } from "./mod.ts";
 * const topas4 = findModel("topas-4")!;
 * if (smallestFittingModel(topas4, 1200)?.id !== "topas-6") throw new Error("fit");
 * ```
 */
export function smallestFittingModel(model: SepticModel, needLitresPerDay: number): SepticModel | undefined {
  let best: SepticModel | undefined;
  let bestKey: number[] = [];
  for (const m of byBrand.get(model.brand) ?? []) {
    if (m.capacity < needLitresPerDay) continue;
    const key = [
      m.capacity,
      m.series === model.series ? 0 : 1,
      m.discharge === model.discharge ? 0 : 1,
      m.retailPrice,
    ];
    if (!best || compareKeys(key, bestKey) < 0) {
      best = m;
      bestKey = key;
    }
  }
  return best;
}

function compareKeys(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}
