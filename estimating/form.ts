/**
 * The light entry of the estimating package, for the measurement form in the browser: the field
 * descriptions, the lenient reading of typed values, the live missing-items list and the progress percent,
 * the model lookup by id or name. The same code the server runs (`mod.ts` exports it too), so the form
 * lists exactly what the server lists.
 *
 * Nothing here imports zod, the price list or the catalogue data (`form_test.ts` checks the module graph):
 * `mod.ts` weighs some 50 KB gzip in a bundle, this entry a few. The form's sections (labels and units from
 * the price list) and its models come from the server as data (GET /api/measurements/form).
 *
 * @example
 * ```ts
 * import { lenientMeasurements, missingItemsDetailed, modelLookup } from "./form.ts";
 * const find = modelLookup([{ id: "topas-5", name: "Топас 5" }], (m) => m.name);
 * const options = { knownModel: (v: string) => find(v) !== undefined };
 * const m = lenientMeasurements({ septic_model: "Топас 5", need_drainage: true, drainage_length: "" });
 * const missing = missingItemsDetailed(m, options);
 * if (missing.length !== 1 || missing[0].field !== "drainage_length") throw new Error(JSON.stringify(missing));
 * ```
 *
 * @module
 */

import type { FormSection } from "./fields.ts";
import type { WorkKind } from "./work_types/mod.ts";

export {
  defaultMeasurements,
  itemFields,
  lenientMeasurements,
  measurementFieldNames,
  measurementFieldSpecs,
  parseField,
  passThroughFields,
} from "./fields.ts";
export type {
  BoolSpec,
  EnumSpec,
  FieldKind,
  FieldProblem,
  FieldRead,
  FieldSpec,
  FormField,
  FormSection,
  ItemField,
  ItemGroup,
  Measurements,
  MeasurementsInput,
  NumberSpec,
  PassSpec,
  Problem,
  TextSpec,
} from "./fields.ts";
export {
  missingItemLabels,
  missingItems,
  missingItemsDetailed,
  progressPercent,
  suggestedDefaultFields,
  unconfirmedDefaults,
} from "./missing.ts";
export type { MissingItem, MissingOptions, SuggestedField } from "./missing.ts";
export { brands, modelLookup, normalizeModelName } from "./catalogue/names.ts";
export { pricedByLengths, TURNKEY_INLET_M } from "./sewer_line.ts";
export {
  documentKinds,
  kindOfWorkType,
  kindsForTask,
  readWorkFields,
  withoutCoveredItems,
  workFieldSpecs,
  workFormSections,
  workKinds,
  workKindTitles,
  workMissingItems,
  workTypeOfKind,
} from "./work_types/mod.ts";
export type { WorkKind } from "./work_types/mod.ts";
export type { BrandId } from "./catalogue/types.ts";

/** A catalogue model as the form shows it (dealer price in roubles, dimensions in mm). */
export interface ModelInfo {
  id: string;
  brand: string;
  name: string;
  capacity: number;
  peakDischarge: number;
  length: number;
  width: number;
  height: number;
  dealerPrice: number;
  /** Gravity or forced (pumped) discharge: a forced model's outlet is the pressure pipe. */
  discharge: "gravity" | "forced";
}

/**
 * What the server sends for the form (GET /api/measurements/form, built by `formConfig()` of `mod.ts`):
 * the sections and a compact catalogue; `version` changes with the content.
 */
export interface FormConfig {
  version: string;
  sections: FormSection[];
  models: ModelInfo[];
  /** The work types the sections are for (absent: the station alone); set on the device, never sent. */
  kinds?: WorkKind[];
}
