/**
 * ПолеСмета estimating package: septic catalogue, default price list, measurement document, missing
 * items, estimate rules, estimate generation, workbook export and price-list files.
 *
 * Pure: no database, no HTTP, no clock, no randomness (the date and the price list are inputs).
 * Besides the septic station it prices wells, the water pipe, drainage and external sewage (`work_types/`),
 * one or several per document, all through {@link generateEstimate}. Used by the server and by the CLI. All money is integer kopecks, except catalogue prices, which are
 * whole roubles as in the spec. Islands import the light entry `form.ts` instead (field descriptions,
 * lenient reading, missing items: no zod, no price list, no catalogue data).
 *
 * @example
 * ```ts
 * import { formatRub, generateEstimate } from "./mod.ts";
 * const estimate = generateEstimate(
 *   { measurements: { septic_model: "topas-5", residents_count: 4, soil_type: "clay" } },
 *   { date: "2026-06-01", vat: "22" },
 * );
 * console.log(estimate.templateName, formatRub(estimate.totalAmount));
 * ```
 *
 * @module
 */

export {
  brandLabel,
  brands,
  catalogue,
  chiefInstallationFor,
  dealerPriceFor,
  dealerRatePercent,
  findModel,
  fullInstallationCostFor,
  fullInstallationTiers,
  modelLookup,
  modelsOfBrand,
  normalizeModelName,
  pitVolumeM3,
  smallestFittingModel,
} from "./catalogue/mod.ts";
export type { BrandId, Discharge, SepticModel } from "./catalogue/mod.ts";
export {
  DEFAULT_MARKUP_PERCENT,
  defaultEquipmentPrice,
  equipmentPrice,
  equipmentPriceBases,
  equipmentPriceBasisLabels,
  equipmentPriceProblem,
  isEquipmentPriceNote,
  MAX_MARKUP_PERCENT,
} from "./catalogue/equipment_price.ts";
export type {
  EquipmentPrice,
  EquipmentPriceBasis,
  EquipmentPriceSetting,
} from "./catalogue/equipment_price.ts";

export {
  accessDifficulties,
  accessDifficultyLabel,
  accessDifficultyPhrase,
  distanceFromMkadRule,
  estimateStatuses,
  installationDepthOptions,
  manualDistances,
  manualUnits,
  pipeExitDiameters,
  pumpTypes,
  soilTypeLabel,
  soilTypes,
  vatLine,
  vatModes,
  vatRate,
  wholeKm,
  workTypeLabel,
  workTypes,
  workTypeValues,
} from "./enums.ts";
export type {
  AccessDifficulty,
  ManualDistance,
  Option,
  PipeExitDiameter,
  PumpType,
  SoilType,
  VatMode,
  WorkType,
} from "./enums.ts";

export {
  divRound,
  formatQuantity,
  formatRub,
  formatRubNumber,
  lineAmount,
  NBSP,
  roundQuantity,
  rubToKopecks,
  toHundredths,
} from "./money.ts";

export { defaultPriceList, normalizeCode, priceListIndex, sectionOrder, sections } from "./price_list.ts";
export type { PriceListItem } from "./price_list.ts";

export {
  defaultMeasurements,
  itemFields,
  lenientMeasurements,
  measurementFieldNames,
  measurementFieldSpecs,
  passThroughFields,
} from "./fields.ts";
export type {
  BoolSpec,
  EnumSpec,
  FieldKind,
  FieldSpec,
  FormField,
  FormSection,
  ItemField,
  ItemGroup,
  Measurements,
  MeasurementsInput,
  NumberSpec,
  PassKeys,
  PassSpec,
  Specs,
  TextSpec,
  ValueOf,
} from "./fields.ts";

export { parseMeasurementDocument } from "./measurement.ts";
export { measurementDocumentSchema } from "./measurement_schema.ts";
export { measurementJsonSchema } from "./measurement_json_schema.ts";
export { measurementFormSections } from "./measurement_form_sections.ts";
export type {
  InputIssue,
  MeasurementDocument,
  MeasurementDocumentInput,
  ObjectInfo,
  ParseResult,
} from "./measurement.ts";

export { formConfig } from "./form_config.ts";
export type { FormConfig, ModelInfo } from "./form.ts";

export { keptDefaults, missingItemLabels, suggestedDefaultFields, unconfirmedDefaults } from "./missing.ts";
export type { MissingItem, MissingOptions, SuggestedField } from "./missing.ts";
export { catalogueModels, missingItems, missingItemsDetailed, progressPercent } from "./missing_catalogue.ts";

export {
  applyRules,
  DRAINAGE_STONE_M3_PER_M,
  FREE_DELIVERY_KM,
  geometryFor,
  LITRES_PER_RESIDENT,
  rules,
} from "./rules.ts";
export type { Geometry, Rule, RuleContext, RuleLine, RuleResult } from "./rules.ts";

export { EstimateInputError, generateEstimate, stationSummary } from "./estimate.ts";

export {
  choosePump,
  districtGeology,
  districtValues,
  documentKinds,
  kindOfWorkType,
  wellPumps,
  workFieldSpecs,
  workFormSections,
  workKinds,
  workKindTitles,
  workMissingItems,
  workSections,
  workTypeModules,
  workTypeOfKind,
} from "./work_types/mod.ts";
export type { KindRule, KindValues, WellPump, WorkKind, WorkTypeModule } from "./work_types/mod.ts";
export type { Estimate, EstimateItem, GenerateOptions } from "./estimate.ts";

export { GRAND_TOTAL_LABEL, RUB_FORMAT, writeEstimateWorkbook } from "./workbook.ts";
export type { CompanyRequisites, WorkbookOptions } from "./workbook.ts";

export {
  mergePriceList,
  parseCsv,
  parseRoubles,
  PRICE_LIST_FORMAT,
  PriceListFileError,
  readPriceListFile,
  writePriceListCsv,
  writePriceListJson,
  writePriceListWorkbook,
} from "./price_list_io.ts";
export type { MergeReport, PriceListFile, RejectedRow } from "./price_list_io.ts";

export {
  discountAmount,
  discountLabel,
  estimateTotals,
  isVatNote,
  materialsPerUnit,
  priceLine,
  vatNote,
} from "./totals.ts";
export type { Discount, EstimateTotals, TotalsLine } from "./totals.ts";
export { isInternalNote } from "./notes.ts";
export { clientEstimate, clientLines, clientNotes } from "./client_view.ts";
export type { ClientEstimate, ClientLine } from "./client_view.ts";
