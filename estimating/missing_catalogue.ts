/**
 * The missing-items list and the progress percent of `missing.ts`, checking the model against the built-in
 * catalogue: what `mod.ts` exports for the server, the CLI and the estimate. A caller may still pass its own
 * model check.
 *
 * @module
 */

import { findModel } from "./catalogue/mod.ts";
import type { Measurements } from "./fields.ts";
import * as checks from "./missing.ts";
import type { MissingItem, MissingOptions } from "./missing.ts";

/**
 * The model check against the built-in catalogue: an id or a display name ({@link findModel}).
 *
 * @example
 * ```ts
 * import { catalogueModels } from "./missing_catalogue.ts";
 * if (!catalogueModels.knownModel("Топас 5") || catalogueModels.knownModel("С1")) throw new Error("check");
 * ```
 */
export const catalogueModels: MissingOptions = {
  knownModel: (idOrName) => findModel(idOrName) !== undefined,
};

/**
 * The missing items with the field each points at, for already parsed (or leniently read) measurements;
 * the model must be one of the catalogue unless `options` says otherwise.
 *
 * @example
 * ```ts
 * import { missingItemsDetailed } from "./missing_catalogue.ts";
 * import { lenientMeasurements } from "./fields.ts";
 * const items = missingItemsDetailed(lenientMeasurements({ septic_model: "С1" }));
 * if (items.length !== 1 || items[0].field !== "septic_model") throw new Error("placeholder is no model");
 * ```
 */
export function missingItemsDetailed(
  m: Measurements,
  options: MissingOptions = catalogueModels,
): MissingItem[] {
  return checks.missingItemsDetailed(m, options);
}

/**
 * The live list of missing items (the estimating spec's «Validation rules») as Russian labels, for the form's
 * raw values (an invalid value counts as 0); the model must be one of the catalogue unless `options` says
 * otherwise.
 *
 * @example
 * ```ts
 * import { missingItems } from "./missing_catalogue.ts";
 * if (missingItems({ septic_model: "topas-5" }).length !== 0) throw new Error("complete");
 * if (missingItems({ septic_model: "topas-999" })[0] !== "Модель септика") throw new Error("unknown model");
 * ```
 */
export function missingItems(measurements: unknown, options: MissingOptions = catalogueModels): string[] {
  return checks.missingItems(measurements, options);
}

/**
 * Progress of the form in percent (the estimating spec's «States and transitions»): the share of the three
 * required fields filled; the model must be one of the catalogue unless `options` says otherwise.
 *
 * @example
 * ```ts
 * import { progressPercent } from "./missing_catalogue.ts";
 * if (progressPercent({ septic_model: "topas-5" }) !== 33) throw new Error("one of three");
 * ```
 */
export function progressPercent(measurements: unknown, options: MissingOptions = catalogueModels): number {
  return checks.progressPercent(measurements, options);
}
