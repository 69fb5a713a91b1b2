/**
 * The estimate rules: a table that turns measurements into estimate lines with quantities.
 *
 * Each rule reads the measurements (and the chosen model, the pit geometry and the object's distance from
 * МКАД) and returns lines `{ code, quantity }` referring to price-list articles, plus warnings and notes.
 * Prices are applied afterwards from the price list (`estimate.ts`), so a company's own price list
 * changes the money and never the rules. Quantities have at most two fraction digits.
 *
 * Geometry (see `catalogue/pricing.ts`): the pit is the station's plan plus 0.3 m on each side, as deep as
 * the installation depth (depth of the station's bottom) plus a 0.2 m sand bed; backfill sand fills the
 * pit around and under the station: `pit − length × width × min(height, depth)`.
 *
 * The station line is the turnkey installation ({@link TURNKEY_SCOPE}): the earthworks rules charge only
 * what goes beyond it (a deeper pit, more sand, the inlet beyond 5 m), and the surcharges (soil, access,
 * groundwater, winter, depth) on the whole volumes they concern.
 *
 * @module
 */

import type { SepticModel } from "./catalogue/types.ts";
import { brandLabel, modelsOfBrand, smallestFittingModel } from "./catalogue/mod.ts";
import { PIT_MARGIN_MM, pitVolumeMm3, SAND_BED_MM } from "./catalogue/pricing.ts";
import {
  type EquipmentPrice,
  equipmentPrice,
  type EquipmentPriceSetting,
} from "./catalogue/equipment_price.ts";
import { itemFields, measurementFieldSpecs, type Measurements } from "./fields.ts";
import { fieldGetter } from "./fast.ts";
import type { MeasurementDocument } from "./measurement.ts";
import type { RuleLine, RuleResult } from "./rule_line.ts";
import {
  inletPipeByDiameter,
  inletRunLines,
  inspectionWellsNote,
  outletRunLines,
  type RunLine,
  STATION_WELL_ARTICLE,
  TRENCH_M3_PER_M,
  TURNKEY_INLET_M,
} from "./sewer_line.ts";
import { line, type WorkKind } from "./work_types/types.ts";
import { type Excavation, frozenGroundLine, isWinter, trench, winterNote } from "./winter.ts";

export type { RuleLine, RuleResult } from "./rule_line.ts";
export { isWinter, WINTER_MONTHS } from "./winter.ts";
import { divRound, formatQuantity, roundQuantity } from "./money.ts";

/**
 * Litres per day one resident needs (the estimating spec's «Septic-unit catalogue»: a station serves about
 * 200 l/day per resident).
 */
export const LITRES_PER_RESIDENT = 200;
/**
 * Delivery is free within this distance from МКАД, km (the estimating spec's «Business constants and
 * limits»).
 */
export const FREE_DELIVERY_KM = 30;
/** Crushed stone per metre of drainage trench, m³ (0.5 m wide × 0.8 m of stone). */
export const DRAINAGE_STONE_M3_PER_M = 0.4;
/** Capacity of one sand lorry trip, m³. */
export const SAND_TRIP_M3 = 10;
/** Height of one neck extension, mm. */
export const NECK_EXTENSION_MM = 500;
/** How far the station may stand above ground before a warning, mm. */
export const PROTRUSION_WARNING_MM = 300;

/**
 * What the turnkey installation of the station («монтаж под ключ», the works price of the station line)
 * includes, defined once: the pit dug by hand to the station's size at its standard depth (the body's own
 * height, flush with the ground) with the sand bed, the sand backfill of that pit, up to 5 m of the inlet
 * pipe with its trench, the connection and the start-up. The rules charge only what goes beyond it.
 * Source: Moscow-region installers' turnkey offers, e.g. know-house.ru «Сколько стоит установка септика под
 * ключ» (2025): the turnkey price covers the earthworks, the sand and «ограниченная длина магистрали — 4-5 м».
 * The inlet's part is priced with the other pipe runs (`sewer_line.ts`).
 */
export const TURNKEY_SCOPE = {
  /** Inlet pipe with its trench included, m. */
  inletLength: TURNKEY_INLET_M,
} as const;

export { TRENCH_M3_PER_M };
/**
 * Output of a backhoe loader (JCB 3CX, А133) per 8-hour shift, m³: an estimator's assumption (no public norm
 * fits a private plot), well below the machine's open-cut output because it works around the house, waits for
 * the hand finishing of the pit and for the pipes laid between passes: a station pit with some 50–60 m of
 * trench takes one shift, a longer run two.
 */
export const EXCAVATOR_M3_PER_SHIFT = 60;
/**
 * Pit volume one pumping shift (А089) keeps dry, m³: an estimator's assumption that a crew digs, sets and
 * backfills about 12 m³ of a waterlogged pit in a working day, so a Топас 5–8 pit takes one shift, a Топас 15
 * pit two.
 */
export const PIT_M3_PER_PUMPING_SHIFT = 12;
/** Pits deeper than this get the depth surcharge А106 and wall shoring А088, mm (the article's 3 m). */
export const DEEP_PIT_MM = 3000;
/**
 * Least distance from a station to a house's foundation, m: the 5 m the building code for sewerage sets
 * between a treatment unit and a building (СП 32.13330.2018, the revision of СНиП 2.04.03-85), as
 * Moscow-region installers and the makers' installation manuals apply it to a house's station.
 */
export const MIN_DISTANCE_TO_HOUSE_M = 5;
/**
 * Height of a basement's walls above the ground (the plinth), m: an estimator's assumption for a private
 * house. The sewer leaves a basement at its floor, so with no measured exit depth the pipe leaves at the
 * ceiling height less the plinth — never below the foundation it passes.
 */
export const BASEMENT_PLINTH_M = 0.5;

/**
 * Smallest slope of a gravity sewer pipe by diameter, mm → m per m (СП 30.13330.2020 §8.3: 0.03 for 50 mm,
 * 0.02 for 100–110 mm, 0.008 for 150–160 mm): the inlet reaches the station this much deeper per metre.
 */
export const MIN_SLOPE_BY_DIAMETER: Record<string, number> = { "50": 0.03, "110": 0.02, "160": 0.008 };

/** Pit geometry of the chosen model at the measured installation depth. */
export interface Geometry {
  /** Pit volume, m³ (0.01). */
  pitVolume: number;
  /** Backfill sand, m³ (0.01). */
  sandVolume: number;
  /** Installation depth, mm. */
  depthMm: number;
}

/** What the rules read. */
export interface RuleContext {
  /** The parsed document. */
  doc: MeasurementDocument;
  /** Its measurements (defaults applied). */
  m: Measurements;
  /** The chosen station. */
  model: SepticModel;
  /** Pit geometry of the station at the installation depth. */
  geometry: Geometry;
  /** Date of the estimate, `YYYY-MM-DD` (the season is inferred from it). */
  date?: string;
  /** The kinds the document prices together (absent: the station alone). */
  kinds?: readonly WorkKind[];
  /** The company's equipment-price basis; the maker's retail price when absent. */
  equipmentPrice?: EquipmentPriceSetting;
}

/** One rule of the table. */
export interface Rule {
  /** Stable id, used by tests and docs. */
  id: string;
  /** What the rule does, in Russian. */
  title: string;
  /** Applies the rule; `undefined` when it does not apply. */
  apply(ctx: RuleContext): RuleResult | undefined;
}

/**
 * Pit geometry for a model at an installation depth in metres.
 *
 * @example
 * ```ts
 * import { geometryFor } from "./rules.ts";
 * import { findModel } from "./catalogue/mod.ts";
 * // Топас 5 at 2.5 m: pit 1.7 × 1.8 × 2.7 = 8.26 m³; sand 8.262 − 1.1 × 1.2 × 2.5 = 4.96 m³
 * const g = geometryFor(findModel("topas-5")!, 2.5);
 * if (g.pitVolume !== 8.26 || g.sandVolume !== 4.96) throw new Error("geometry");
 * ```
 */
export function geometryFor(model: SepticModel, installationDepth: number): Geometry {
  const depthMm = Math.round(installationDepth * 1000);
  const { length, width, height } = model.dimensions;
  const pitMm3 = pitVolumeMm3(model.dimensions, depthMm);
  const sandMm3 = pitMm3 - length * width * Math.min(height, depthMm);
  return {
    pitVolume: divRound(pitMm3, 10_000_000) / 100,
    sandVolume: divRound(sandMm3, 10_000_000) / 100,
    depthMm,
  };
}

/** Where the inlet pipe meets the station. */
export interface InletDepth {
  /** Depth of the pipe leaving the house, m. */
  exitDepth: number;
  /** Whether that depth was taken from the basement's foundation depth (not measured). */
  fromBasement: boolean;
  /** Slope of the inlet, m per m. */
  slope: number;
  /** Depth of the inlet at the station: exit depth + slope × inlet length, mm. */
  atStationMm: number;
}

/**
 * The inlet's depth at the station, from the measured depth of the pipe leaving the house (or, with a
 * basement and no such measure, the foundation depth) and the smallest slope over the inlet's length;
 * `undefined` when neither is known.
 *
 * @example
 * ```ts
 * import { inletDepth } from "./rules.ts";
 * import { defaultMeasurements } from "./fields.ts";
 * // 1.7 m + 0.02 × 6 m = 1.82 m
 * const d = inletDepth({ ...defaultMeasurements(), pipe_exit_depth: 1.7, inlet_pipe_length: 6 });
 * if (d?.atStationMm !== 1820) throw new Error(String(d?.atStationMm));
 * ```
 */
export function inletDepth(m: Measurements): InletDepth | undefined {
  const basement = m.pipe_exit_depth > 0 ? undefined : basementExitDepth(m);
  const fromBasement = basement !== undefined;
  const exitDepth = m.pipe_exit_depth > 0 ? m.pipe_exit_depth : basement ?? 0;
  if (!(exitDepth > 0)) return undefined;
  const slope = MIN_SLOPE_BY_DIAMETER[m.pipe_exit_diameter] ?? 0.02;
  return {
    exitDepth,
    fromBasement,
    slope,
    atStationMm: Math.round((exitDepth + slope * m.inlet_pipe_length) * 1000),
  };
}

/**
 * Where the sewer leaves a basement, m, when the exit was not measured: at the basement's floor, the ceiling
 * height less the plinth ({@link BASEMENT_PLINTH_M}), no deeper than the foundation; the foundation depth
 * alone when the ceiling height gives no floor below ground; `undefined` without a basement.
 *
 * @example
 * ```ts
 * import { basementExitDepth } from "./rules.ts";
 * import { defaultMeasurements } from "./fields.ts";
 * const m = { ...defaultMeasurements(), has_basement: true, foundation_depth: 220 };
 * // ceiling 2.6 m − plinth 0.5 m = floor at 2.1 m, above the 2.2 m foundation
 * if (basementExitDepth({ ...m, ceiling_height: 260 }) !== 2.1) throw new Error("floor");
 * // ceiling 3.0 m: the floor would be at 2.5 m, below the foundation: 2.2 m
 * if (basementExitDepth({ ...m, ceiling_height: 300 }) !== 2.2) throw new Error("foundation");
 * if (basementExitDepth({ ...m, has_basement: false }) !== undefined) throw new Error("no basement");
 * ```
 */
export function basementExitDepth(m: Measurements): number | undefined {
  if (!m.has_basement) return undefined;
  const floorCm = m.ceiling_height - BASEMENT_PLINTH_M * 100;
  const foundationCm = m.foundation_depth;
  const cm = floorCm > 0 && foundationCm > 0
    ? Math.min(floorCm, foundationCm)
    : floorCm > 0
    ? floorCm
    : foundationCm;
  return cm > 0 ? cm / 100 : undefined;
}

const distanceDefault = measurementFieldSpecs.distance_to_house.def;

/**
 * The station's measurements with the distance to the house taken into account, and what the surveyor is told:
 * when the distance was measured (not the form's 10 m left untouched), an inlet shorter than it is priced at
 * the distance (a pipe cannot be shorter than the way it runs) and a station nearer the house than
 * {@link MIN_DISTANCE_TO_HOUSE_M} is a warning. The same object when nothing changes.
 *
 * @example
 * ```ts
 * import { withHouseDistance } from "./rules.ts";
 * import { defaultMeasurements } from "./fields.ts";
 * const m = { ...defaultMeasurements(), inlet_pipe_length: 5, distance_to_house: 8 };
 * const r = withHouseDistance(m);
 * if (r.m.inlet_pipe_length !== 8 || r.warnings.length !== 1) throw new Error(JSON.stringify(r));
 * if (!withHouseDistance({ ...m, distance_to_house: 3 }).warnings[0].includes("ближе 5 м")) throw new Error("near");
 * const untouched = defaultMeasurements(); // the form's 10 m, not measured: nothing changes
 * if (withHouseDistance(untouched).m !== untouched) throw new Error("default");
 * ```
 */
export function withHouseDistance(
  m: Measurements,
  kinds?: readonly WorkKind[],
): { m: Measurements; warnings: string[] } {
  const d = m.distance_to_house;
  const confirmed = (m as { confirmed?: unknown }).confirmed;
  const measured = d > 0 &&
    (d !== distanceDefault || (Array.isArray(confirmed) && confirmed.includes("distance_to_house")));
  if (!measured) return { m, warnings: [] };
  const warnings: string[] = [];
  if (d < MIN_DISTANCE_TO_HOUSE_M) {
    warnings.push(
      `Станция в ${
        formatQuantity(d)
      } м от дома — ближе ${MIN_DISTANCE_TO_HOUSE_M} м от фундамента (СП 32.13330.2018): перенесите станцию дальше или согласуйте место с заказчиком.`,
    );
  }
  // With the external sewer in the same document, that sewer is the inlet (its own length).
  if (kinds?.includes("sewage") || !(m.inlet_pipe_length < d)) return { m, warnings };
  warnings.push(
    `Подводящая труба ${formatQuantity(m.inlet_pipe_length)} м короче расстояния от станции до дома ${
      formatQuantity(d)
    } м: учтена длина ${formatQuantity(d)} м.`,
  );
  return { m: { ...m, inlet_pipe_length: d }, warnings };
}

/**
 * The installation depth priced, m: the surveyor's, or deeper when the inlet reaches the station below the
 * model's deepest connection (the station is lowered by the difference, with neck extensions).
 *
 * @example
 * ```ts
 * import { installationDepthFor } from "./rules.ts";
 * import { defaultMeasurements } from "./fields.ts";
 * import { findModel } from "./catalogue/mod.ts";
 * // Топас 5 Лонг (3.0 m, inlet up to 1.4 m), inlet at 1.82 m: lowered 0.42 m → 3.42 m
 * const m = { ...defaultMeasurements(), pipe_exit_depth: 1.7, inlet_pipe_length: 6, installation_depth: 3 };
 * if (installationDepthFor(m, findModel("topas-5-long")!) !== 3.42) throw new Error("depth");
 * ```
 */
export function installationDepthFor(m: Measurements, model: SepticModel): number {
  const inlet = inletDepth(m);
  if (!inlet) return m.installation_depth;
  const lowered = Math.max(0, inlet.atStationMm - model.maxDepthConnection);
  return Math.max(m.installation_depth, (model.dimensions.height + lowered) / 1000);
}

/** Water in the pit: the groundwater level against the pit's bottom. */
interface PitWater {
  /** Depth of the groundwater, mm. */
  levelMm: number;
  /** Pit volume below the groundwater level, m³ (А105). */
  waterlogged: number;
  /** Backfill below the groundwater level, sand-cement instead of sand, m³ (А091). */
  sandCement: number;
}

const m3 = (mm3: number) => divRound(mm3, 10_000_000) / 100;

/** The water in the pit, when the groundwater level is above the pit's bottom. */
function pitWater(m: Measurements, model: SepticModel, geometry: Geometry): PitWater | undefined {
  const levelMm = Math.round(m.groundwater_level * 1000);
  const bottomMm = geometry.depthMm + SAND_BED_MM;
  if (!(levelMm > 0 && levelMm < bottomMm)) return undefined;
  const { length, width, height } = model.dimensions;
  const plan = (length + 2 * PIT_MARGIN_MM) * (width + 2 * PIT_MARGIN_MM);
  const wet = plan * (bottomMm - levelMm);
  // The body stands from depth − height to depth; its part below the water displaces backfill.
  const bodyWet = length * width *
    Math.max(0, geometry.depthMm - Math.max(levelMm, geometry.depthMm - height));
  return { levelMm, waterlogged: m3(wet), sandCement: m3(wet - bodyWet) };
}

// Per-model caches: what depends only on the model (and the company's setting) is computed once, not for
// every estimate — the notes' number formatting was a good part of the engine's time (bench/estimating.ts).
const includedGeometries = new WeakMap<SepticModel, Geometry>();
/** The pit and sand the turnkey installation includes: the model's pit at its standard depth. */
function includedGeometry(model: SepticModel): Geometry {
  let g = includedGeometries.get(model);
  if (!g) includedGeometries.set(model, g = geometryFor(model, model.dimensions.height / 1000));
  return g;
}

const stationPrices = new WeakMap<SepticModel, Map<string, EquipmentPrice>>();
/** The station's price and its internal note on a company's basis. */
function stationPrice(model: SepticModel, setting: EquipmentPriceSetting | undefined): EquipmentPrice {
  const key = setting ? `${setting.basis}:${setting.markupPercent}` : "";
  let byKey = stationPrices.get(model);
  if (!byKey) stationPrices.set(model, byKey = new Map());
  let price = byKey.get(key);
  if (!price) byKey.set(key, price = equipmentPrice(model, setting));
  return price;
}

const turnkeyNotes = new WeakMap<SepticModel, string>();
/** The note saying what the model's turnkey installation includes. */
function turnkeyNote(model: SepticModel): string {
  let note = turnkeyNotes.get(model);
  if (note) return note;
  const included = includedGeometry(model);
  note = `Монтаж станции под ключ включает: котлован вручную под габариты станции на стандартную глубину ${
    formatQuantity(model.dimensions.height / 1000)
  } м (${formatQuantity(included.pitVolume)} м³) с песчаной подушкой, обратную засыпку песком (${
    formatQuantity(included.sandVolume)
  } м³), до ${TURNKEY_SCOPE.inletLength} м подводящей трубы с траншеей, подключение, пусконаладку и запуск. Сверх этого в смете учтены только дополнительные работы и надбавки.`;
  turnkeyNotes.set(model, note);
  return note;
}

const capacityAlerts = new WeakMap<SepticModel, Map<number, string>>();
/** The alert of a model too small for its residents (the same few sizes recur: cached per model). */
function capacityAlert(model: SepticModel, residents: number): string {
  let byResidents = capacityAlerts.get(model);
  if (!byResidents) capacityAlerts.set(model, byResidents = new Map());
  let alert = byResidents.get(residents);
  if (alert) return alert;
  const need = residents * LITRES_PER_RESIDENT;
  const fit = smallestFittingModel(model, need);
  const head = `Производительность станции ${model.model} (${
    formatQuantity(model.capacity)
  } л/сут) меньше потребности ${residents} проживающих (${
    formatQuantity(need)
  } л/сут из расчёта ${LITRES_PER_RESIDENT} л/сут на человека).`;
  alert = fit
    ? `${head} Подходит модель ${fit.model} (${formatQuantity(fit.capacity)} л/сут).`
    : `${head} В линейке ${brandLabel(model.brand)} нет модели такой производительности.`;
  byResidents.set(residents, alert);
  return alert;
}

const q = roundQuantity;

/** Item fields with compiled getters for their flag and amount. */
const items = itemFields.map((item) => ({
  ...item,
  getFlag: item.flag ? fieldGetter(item.flag) : undefined,
  getAmount: fieldGetter(item.amount),
}));

export { inletPipeByDiameter };
/** Surcharge article per m³ of the pit by soil type (sandy and mixed soils have none). */
export const soilSurcharge: Record<string, string | undefined> = {
  clay: "А096",
  loam: "А097",
  rocky: "А098",
  peat: "А099",
  landfill: "А100",
};
/** Surcharge article per m³ of the pit by access difficulty (easy and medium have none). */
export const accessSurcharge: Record<string, string | undefined> = {
  difficult: "А101",
  very_difficult: "А102",
};
/** Article of the manual carrying of the station by distance option. */
export const manualDistanceArticle: Record<string, string | undefined> = {
  "10-20": "А139",
  "до-20": "А139",
  "20-50": "А140",
  "до-50": "А140",
};
/** The length of the station's own trenches, m: the inlet (unless the external sewer is the inlet) and the outlet. */
function stationTrenches(m: Measurements, kinds: readonly WorkKind[] | undefined): number {
  return (kinds?.includes("sewage") ? 0 : m.inlet_pipe_length) + m.outlet_pipe_length;
}

/** Depth of the station's trenches, m: the depth of the trench article А002. */
const STATION_TRENCH_DEPTH_M = 1.2;

/**
 * The station's excavations for the winter surcharge: the pit (its plan at the pit's depth) and the trenches
 * of the inlet (unless the external sewer is the inlet), the outlet and the drainage.
 */
export function stationExcavations(
  m: Measurements,
  model: SepticModel,
  geometry: Geometry,
  kinds?: readonly WorkKind[],
): Excavation[] {
  const { length, width } = model.dimensions;
  const planMm2 = (length + 2 * PIT_MARGIN_MM) * (width + 2 * PIT_MARGIN_MM);
  const out: Excavation[] = [{
    what: "котлован",
    area: planMm2 / 1_000_000,
    depth: (geometry.depthMm + SAND_BED_MM) / 1000,
  }];
  const trenches = stationTrenches(m, kinds) + (m.need_drainage ? m.drainage_length : 0);
  if (trenches > 0) out.push(trench("траншеи", trenches, STATION_TRENCH_DEPTH_M));
  return out;
}

/** Pump article by pump type. */
export const pumpArticle: Record<string, string> = { kp150: "А033", kp250: "А034" };
/**
 * What a separate pump of a gravity station needs besides the pump: its well (А036, a 1 m³ HDPE chamber the
 * station drains into), the piping in the well (А037) and the check valve on the pressure pipe (А018).
 */
export const pumpUnitArticles: readonly string[] = ["А036", "А037", "А018"];
/** The form section of each item group, as a merge warning names it. */
const itemSectionTitle: Record<string, string> = {
  pipes: "Прокладка труб",
  electrical: "Электромонтажные работы",
  misc: "Прочие работы и оборудование",
  drilling: "Алмазное бурение и проколы",
  demolition: "Демонтаж",
  foundation: "Дополнительные замеры",
};

/** A run's lines, with a note on why it has its inspection wells when it has any (the last line). */
function runResult(
  run: RunLine[],
  where: string,
  length: number,
  turns: number,
  diameter: string,
): RuleResult {
  const wells = run[run.length - 1];
  if (wells?.code !== STATION_WELL_ARTICLE) return { lines: run };
  const note = inspectionWellsNote(where, { length, turns, diameter }, wells.quantity);
  return { lines: run, notes: [note] };
}

/** The rule table, applied in order. */
export const rules: readonly Rule[] = [
  {
    id: "station",
    title:
      "Станция: оборудование по цене на основе, выбранной компанией (РРЦ по умолчанию), и монтаж под ключ",
    apply: ({ model, equipmentPrice: setting }) => {
      const price = stationPrice(model, setting);
      const lines: RuleLine[] = [{
        code: model.id,
        quantity: 1,
        isRequired: true,
        custom: {
          name:
            `Станция биологической очистки ${model.model} (${model.capacity} л/сут): поставка и монтаж под ключ`,
          unit: "компл",
          section: "Оборудование и монтаж станции",
          materialsPrice: price.kopecks,
          worksPrice: model.fullInstallationCost * 100,
        },
      }];
      const warnings: string[] = [];
      if (model.fullInstallationCost === 0) {
        lines.push(line("А154", model.capacity / 1000, true));
        warnings.push(
          `Монтаж модели ${model.model} рассчитывается индивидуально: учтён по позиции А154 за ${
            formatQuantity(model.capacity / 1000)
          } м³/сут.`,
        );
      }
      return { lines, warnings, notes: [price.note] };
    },
  },
  {
    id: "capacity",
    title: "Проверка производительности: проживающие × 200 л/сут",
    apply: ({ m, model }) => {
      if (model.capacity >= m.residents_count * LITRES_PER_RESIDENT) return;
      return { alerts: [capacityAlert(model, m.residents_count)] };
    },
  },
  {
    id: "neck",
    title: "Удлинитель горловины, когда станция ниже своей высоты; предупреждение, когда выступает",
    apply: ({ model, geometry }) => {
      const h = model.dimensions.height;
      if (geometry.depthMm > h) {
        return { lines: [line("А095", Math.ceil((geometry.depthMm - h) / NECK_EXTENSION_MM), true)] };
      }
      if (h - geometry.depthMm > PROTRUSION_WARNING_MM) {
        return {
          warnings: [
            `Станция ${model.model} высотой ${formatQuantity(h / 1000)} м при глубине установки ${
              formatQuantity(geometry.depthMm / 1000)
            } м выступает над землёй на ${formatQuantity((h - geometry.depthMm) / 1000)} м.`,
          ],
        };
      }
    },
  },
  {
    id: "pipe_depth",
    title:
      "Глубина ввода: выпуск из дома (или фундамент подвала) плюс уклон подводящей трубы против ввода модели; гидроизоляция ввода через стену подвала",
    apply: ({ m, model, geometry }) => {
      const inlet = inletDepth(m);
      const lines: RuleLine[] = [];
      const notes: string[] = [];
      const alerts: string[] = [];
      const warnings: string[] = [];
      if (m.has_basement) {
        lines.push(line("А164", 1, true, "выпуск через стену подвала ниже уровня земли"));
        notes.push(
          "Дом с подвалом: выпуск проходит через стену подвала ниже уровня земли, учтена гидроизоляция ввода.",
        );
      }
      if (!inlet) return { lines, notes };
      const at = inlet.atStationMm;
      const lowered = at - model.maxDepthConnection;
      notes.push(
        `Глубина выхода трубы из дома ${formatQuantity(inlet.exitDepth)} м${
          inlet.fromBasement
            ? ` (не измерена: принята по подвалу — пол подвала при высоте потолка ${
              formatQuantity(m.ceiling_height / 100)
            } м и цоколе ${formatQuantity(BASEMENT_PLINTH_M)} м, не ниже фундамента ${
              formatQuantity(m.foundation_depth / 100)
            } м)`
            : ""
        }; с уклоном ${formatQuantity(inlet.slope)} на ${
          formatQuantity(m.inlet_pipe_length)
        } м ввод в станцию на глубине ${formatQuantity(at / 1000)} м${
          lowered > 0
            ? `: станция заглублена на ${formatQuantity(lowered / 1000)} м (глубина установки ${
              formatQuantity(geometry.depthMm / 1000)
            } м)`
            : ""
        }.`,
      );
      // An estimator's rule (no maker's document states a limit): a station may go one neck extension (0.5 m)
      // deeper than its deepest inlet; beyond that the deep-inlet model of the same size is installed.
      if (lowered > NECK_EXTENSION_MM) {
        const fit = modelsOfBrand(model.brand).filter((o) =>
          o.capacity === model.capacity && o.maxDepthConnection + NECK_EXTENSION_MM >= at
        ).sort((a, b) => a.maxDepthConnection - b.maxDepthConnection || a.retailPrice - b.retailPrice);
        const head = `Ввод в станцию на глубине ${formatQuantity(at / 1000)} м (выход трубы из дома ${
          formatQuantity(inlet.exitDepth)
        } м и уклон подводящей трубы), а ${model.model} принимает ввод не глубже ${
          formatQuantity(model.maxDepthConnection / 1000)
        } м (с одним удлинителем горловины — ${
          formatQuantity((model.maxDepthConnection + NECK_EXTENSION_MM) / 1000)
        } м).`;
        alerts.push(
          fit.length > 0
            ? `${head} Подходят модели с глубоким вводом: ${
              fit.map((o) => `${o.model} (ввод до ${formatQuantity(o.maxDepthConnection / 1000)} м)`).join(
                ", ",
              )
            }.`
            : `${head} В линейке ${
              brandLabel(model.brand)
            } нет модели этой производительности с таким глубоким вводом: нужна КНС перед станцией или выпуск из дома выше.`,
        );
      } else if (lowered > 0) {
        // Within one extension the chosen model will do; the surveyor is told which model needs none.
        const without = modelsOfBrand(model.brand).filter((o) =>
          o.capacity === model.capacity && o.maxDepthConnection >= at
        ).sort((a, b) => a.retailPrice - b.retailPrice);
        if (without.length > 0) {
          warnings.push(
            `${model.model} заглублена на ${
              formatQuantity(lowered / 1000)
            } м с удлинителем горловины: ввод на глубине ${
              formatQuantity(at / 1000)
            } м без удлинителя принимает ${without.map((o) => o.model).join(", ")}.`,
          );
        }
      }
      return { lines, notes, alerts, warnings };
    },
  },
  {
    id: "excavation",
    title:
      "Котлован: объём по габаритам модели и глубине установки; в монтаж под ключ входит котлован на стандартную глубину, сверх неё — доработка",
    apply: ({ m, model, geometry }) => {
      const included = includedGeometry(model);
      const extra = q(geometry.pitVolume - included.pitVolume);
      return {
        lines: extra > 0
          ? [line(m.need_excavator ? "А087" : "А086", extra, true, "сверх котлована, входящего в монтаж")]
          : [],
        notes: [
          turnkeyNote(model),
          `Объём котлована ${
            formatQuantity(geometry.pitVolume)
          } м³: габариты станции ${model.dimensions.length}×${model.dimensions.width}×${model.dimensions.height} мм, глубина установки ${
            formatQuantity(geometry.depthMm / 1000)
          } м, по 0,3 м с каждой стороны и песчаная подушка 0,2 м.`,
        ],
      };
    },
  },
  {
    id: "deep_pit",
    title: "Котлован глубже 3 м: доплата за глубину на объём котлована и крепление стенок щитами",
    apply: ({ model, geometry }) => {
      const depthMm = geometry.depthMm + SAND_BED_MM;
      if (depthMm <= DEEP_PIT_MM) return;
      const { length, width } = model.dimensions;
      const wallsMm2 = 2 * (length + width + 4 * PIT_MARGIN_MM) * depthMm;
      return {
        lines: [
          line("А106", geometry.pitVolume, true, `котлован глубиной ${formatQuantity(depthMm / 1000)} м`),
          line("А088", divRound(wallsMm2, 10_000) / 100, true, "стенки котлована глубже 3 м"),
        ],
      };
    },
  },
  {
    id: "sand",
    title:
      "Песок для обратной засыпки (по расчёту или misc_a122_quantity) сверх входящего в монтаж, за вычетом пескоцементной обсыпки",
    apply: ({ m, model, geometry }) => {
      const total = m.misc_a122_quantity > 0 ? m.misc_a122_quantity : geometry.sandVolume;
      const sandCement = pitWater(m, model, geometry)?.sandCement ?? 0;
      const extra = q(total - sandCement - includedGeometry(model).sandVolume);
      return extra > 0
        ? { lines: [line("А122", extra, true, "сверх засыпки, входящей в монтаж")] }
        : undefined;
    },
  },
  {
    id: "inlet",
    title:
      "Подводящий трубопровод от дома до станции (диаметр по выпуску из дома) и траншея сверх 5 м, входящих в монтаж; ревизионные колодцы на всю длину",
    apply: ({ m, kinds }) => {
      if (!(m.inlet_pipe_length > 0)) return;
      // The external sewer of the same document runs from the house to the station.
      if (kinds?.includes("sewage")) {
        return {
          notes: ["Подводящий трубопровод от дома до станции учтён в разделе «Наружная канализация»."],
        };
      }
      return runResult(
        inletRunLines(m, false),
        "подводящем трубопроводе",
        m.inlet_pipe_length,
        m.inlet_turns,
        m.pipe_exit_diameter,
      );
    },
  },
  {
    id: "outlet",
    title: "Отводящий трубопровод: ПВХ 110 самотёком или ПНД 32 при принудительном отводе, и траншея",
    apply: ({ m, model }) => {
      if (!(m.outlet_pipe_length > 0)) return;
      const run = outletRunLines(m, model.discharge === "forced" || m.need_pumping);
      return runResult(run, "отводящем трубопроводе", m.outlet_pipe_length, m.outlet_turns, "110");
    },
  },
  {
    id: "insulation",
    title: "Утепление трубопровода на длину insulation_length",
    apply: (
      { m },
    ) => (m.need_insulation && m.insulation_length > 0
      ? { lines: [line("А021", m.insulation_length, true)] }
      : undefined),
  },
  {
    id: "drainage",
    title: "Дренаж: перфорированная труба на длину drainage_length и щебень 0,4 м³ на метр",
    apply: ({ m }) => (m.need_drainage && m.drainage_length > 0
      ? {
        lines: [
          line("А026", m.drainage_length, true),
          line("А027", m.drainage_length * DRAINAGE_STONE_M3_PER_M, true),
        ],
      }
      : undefined),
  },
  {
    id: "pump",
    title:
      "Насос Unilift KP150 или KP250 при принудительном отводе; у самотёчной станции — с колодцем, обвязкой и обратным клапаном",
    apply: ({ m, model }) => {
      if (!m.need_pumping) return;
      const pump = line(pumpArticle[m.pump_type] ?? "А033", 1, true);
      if (model.discharge === "forced") {
        // An alert: a second pump changes what is installed.
        return {
          lines: [pump],
          alerts: [
            `Станция ${model.model} уже оснащена насосом принудительного отвода: проверьте, нужен ли отдельный насос.`,
          ],
        };
      }
      // A gravity station has no pump chamber; the separate pump stands in its own well.
      return {
        lines: [pump, ...pumpUnitArticles.map((code) => line(code, 1, true, "принудительный отвод"))],
        notes: [
          `Станция ${model.model} самотёчная: для принудительного отвода учтён отдельный насосный узел — насос, колодец-накопитель, обвязка и обратный клапан на напорной трубе.`,
        ],
      };
    },
  },
  {
    id: "items",
    title:
      "Отмеченные позиции форм (трубы, электрика, демонтаж, бурение, прочее): флаг и количество → артикул прайс-листа",
    apply: ({ m }) => {
      const lines: RuleLine[] = [];
      const warnings: string[] = [];
      for (const item of items) {
        if (item.group === "foundation") continue;
        const amount = item.getAmount(m) as number;
        if (!(amount > 0)) continue;
        if (item.getFlag && item.getFlag(m) !== true) {
          warnings.push(`Поле ${item.amount} заполнено, но позиция ${item.flag} не отмечена: не учтено.`);
          continue;
        }
        lines.push({ ...line(item.code, amount, false), formField: item.amount });
      }
      return { lines, warnings };
    },
  },
  {
    id: "reinforced_rings",
    title: "Доплата за армированные кольца: по числу демонтируемых колец",
    apply: ({ m }) => {
      const rings = m.demolition_ring_1000_count + m.demolition_ring_1500_count +
        m.demolition_ring_2000_count;
      return m.demolition_rings_reinforced && rings > 0 ? { lines: [line("А057", rings, false)] } : undefined;
    },
  },
  {
    id: "foundation_drilling",
    title: "Бурение отверстий в фундаменте: отверстия × толщина фундамента, см",
    apply: ({ m }) => {
      if (!m.foundation_drilling) return;
      const lines: RuleLine[] = [];
      for (const item of items) {
        if (item.group !== "foundation") continue;
        const holes = item.getAmount(m) as number;
        if (holes > 0 && m.foundation_width > 0) {
          lines.push(
            line(item.code, holes * m.foundation_width, false, `${holes} шт × ${m.foundation_width} см`),
          );
        }
      }
      const warnings = m.foundation_width > 0
        ? []
        : ["Толщина фундамента не указана: бурение в фундаменте не учтено."];
      return { lines, warnings };
    },
  },
  {
    id: "electricity",
    title: "Кабель питания станции (cable_length); бензогенератор, когда на участке нет электричества",
    apply: ({ m }) => {
      const lines: RuleLine[] = [];
      const warnings: string[] = [];
      if (m.cable_length > 0) lines.push(line("А040", m.cable_length, false, "питание станции от дома"));
      if (!m.has_electricity) {
        lines.push(line("А145", 1, true));
        warnings.push(
          "На участке нет электроснабжения: станции нужно питание 220 В; на время работ учтён генератор.",
        );
      }
      return { lines, warnings };
    },
  },
  {
    id: "machinery",
    title: "Спецтехника и транспорт: экскаватор, манипулятор, вывоз грунта, песок, вода, ручной перенос",
    apply: ({ m, geometry, kinds }) => {
      const lines: RuleLine[] = [];
      if (m.need_excavator) {
        // The machine digs the whole pit and every trench, the turnkey part included.
        const trenches = stationTrenches(m, kinds);
        const volume = geometry.pitVolume + trenches * TRENCH_M3_PER_M;
        lines.push(
          line(
            "А133",
            Math.max(1, Math.ceil(volume / EXCAVATOR_M3_PER_SHIFT)),
            false,
            `котлован и траншеи ${formatQuantity(q(volume))} м³, до ${EXCAVATOR_M3_PER_SHIFT} м³ за смену`,
          ),
        );
      }
      if (m.need_crane) lines.push(line("А135", 1, false));
      if (m.soil_removal) {
        lines.push(line("А136", m.soil_volume > 0 ? m.soil_volume : geometry.pitVolume, false));
      }
      if (m.sand_delivery) {
        const sand = m.sand_volume > 0
          ? m.sand_volume
          : m.misc_a122_quantity > 0
          ? m.misc_a122_quantity
          : geometry.sandVolume;
        lines.push(line("А137", Math.ceil(sand / SAND_TRIP_M3), false));
      }
      if (m.water_delivery) lines.push(line("А138", 1, false));
      const carry = manualDistanceArticle[m.manual_distance];
      if (carry) lines.push(line(carry, 1, false));
      return { lines };
    },
  },
  {
    id: "delivery",
    title: "Доставка: бесплатно в пределах 30 км от МКАД, далее за каждый километр",
    apply: ({ doc }) => {
      const km = doc.object?.distanceFromMKAD;
      const lines: RuleLine[] = [line("А151", 1, true)];
      const warnings: string[] = [];
      if (km === undefined) {
        warnings.push("Расстояние от МКАД не указано: доставка учтена как бесплатная (в пределах 30 км).");
      } else if (km > FREE_DELIVERY_KM) {
        lines.push(line("А152", km - FREE_DELIVERY_KM, true, `${formatQuantity(km)} км от МКАД`));
      }
      return { lines, warnings };
    },
  },
  {
    id: "soil",
    title: "Надбавка за тип грунта на объём котлована",
    apply: ({ m, geometry }) => {
      const code = soilSurcharge[m.soil_type];
      return code ? { lines: [line(code, geometry.pitVolume, true)] } : undefined;
    },
  },
  {
    id: "access",
    title: "Надбавка за сложный подъезд на объём котлована",
    apply: ({ m, geometry }) => {
      const code = accessSurcharge[m.access_difficulty];
      return code ? { lines: [line(code, geometry.pitVolume, true)] } : undefined;
    },
  },
  {
    id: "groundwater",
    title:
      "Грунтовые воды выше дна котлована: водоотлив по объёму, доплата за обводнённый объём, пескоцементная обсыпка ниже уровня воды, анкеровка выше дна станции",
    apply: ({ m, model, geometry }) => {
      const water = pitWater(m, model, geometry);
      if (!water) return;
      const aboveStationBottom = water.levelMm < geometry.depthMm;
      const shifts = Math.max(1, Math.ceil(geometry.pitVolume / PIT_M3_PER_PUMPING_SHIFT));
      return {
        lines: [
          ...(aboveStationBottom ? [line("А090", 1, true)] : []),
          line("А089", shifts, true, `котлован ${formatQuantity(geometry.pitVolume)} м³`),
          line("А105", water.waterlogged, true, "объём котлована ниже уровня грунтовых вод"),
          line("А091", water.sandCement, true, "обратная засыпка ниже уровня грунтовых вод"),
        ],
        notes: [
          `Грунтовые воды на глубине ${formatQuantity(m.groundwater_level)} м выше дна котлована (${
            formatQuantity((geometry.depthMm + SAND_BED_MM) / 1000)
          } м): предусмотрены водоотлив, обсыпка пескоцементной смесью ниже уровня воды${
            aboveStationBottom ? " и анкеровка станции" : ""
          }.`,
        ],
      };
    },
  },
  {
    id: "winter",
    title:
      "Зимние работы (по дате сметы: декабрь–март, или по выбору замерщика): мёрзлый слой котлована и траншей, утепление на период запуска",
    apply: ({ m, model, geometry, date, kinds }) => {
      if (!isWinter(m, date)) return;
      const frozen = frozenGroundLine(stationExcavations(m, model, geometry, kinds));
      return {
        lines: [...(frozen ? [frozen] : []), line("А104", 1, true)],
        notes: [winterNote(m)],
      };
    },
  },
];

/**
 * Applies every rule and returns the lines, warnings and notes in rule order.
 *
 * @example
 * ```ts
 * import { applyRules, geometryFor } from "./rules.ts";
 * import { findModel } from "./catalogue/mod.ts";
 * import { parseMeasurementDocument } from "./measurement.ts";
 * const r = parseMeasurementDocument({ measurements: { septic_model: "topas-5" } });
 * if (!r.ok) throw new Error("invalid");
 * const model = findModel("topas-5")!;
 * const out = applyRules({ doc: r.value, m: r.value.measurements, model, geometry: geometryFor(model, 2.5) });
 * if (out.lines[0].code !== "topas-5") throw new Error("station first");
 * ```
 */
export function applyRules(ctx: RuleContext, table: readonly Rule[] = rules): Required<RuleResult> {
  const lines: RuleLine[] = [];
  const warnings: string[] = [];
  const alerts: string[] = [];
  const notes: string[] = [];
  let ticked = false;
  for (const rule of table) {
    const r = rule.apply(ctx);
    if (!r) continue;
    if (r.lines) {
      for (const l of r.lines) {
        if (!(l.quantity > 0)) continue;
        lines.push(l);
        if (l.formField) ticked = true;
      }
    }
    if (r.warnings) warnings.push(...r.warnings);
    if (r.alerts) alerts.push(...r.alerts);
    if (r.notes) notes.push(...r.notes);
  }
  if (ticked) return { lines: mergeTickedItems(lines, warnings), warnings, alerts, notes };
  return { lines, warnings, alerts, notes };
}

/** The group of each item's amount field, for the merge warning. */
const groupOfAmount = new Map(itemFields.map((i) => [i.amount, i.group]));

/**
 * , one source for each quantity: an article ticked in the form that another rule already
 * prices from the measurements (А001/А002 from the pipe lengths, А040 from the cable length) is merged into
 * the rule's line — the measured quantity stays, the ticked one is not added again — and a warning says so.
 */
function mergeTickedItems(lines: RuleLine[], warnings: string[]): RuleLine[] {
  // A handful of ticked lines against a dozen others: a scan, no index (this runs for every estimate).
  const measuredOf = (code: string) => lines.filter((l) => !l.formField && l.code === code);
  let merged: Set<RuleLine> | undefined;
  for (const l of lines) {
    if (!l.formField || !lines.some((o) => !o.formField && o.code === l.code)) continue;
    const from = measuredOf(l.code).map((s) => `${s.detail ?? "по замерам"} ${formatQuantity(s.quantity)}`)
      .join(", ");
    const section = itemSectionTitle[groupOfAmount.get(l.formField) ?? ""] ?? "";
    warnings.push(
      `${l.code} (${
        formatQuantity(l.quantity)
      }), отмеченная в разделе «${section}», уже рассчитана по замерам ` +
        `(${from}) и второй раз не учтена. Другую трассу добавьте к длине в замерах.`,
    );
    (merged ??= new Set()).add(l);
  }
  return merged ? lines.filter((l) => !merged.has(l)) : lines;
}
