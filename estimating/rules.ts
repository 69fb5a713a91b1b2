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
 * @module
 */

import type { SepticModel } from "./catalogue/types.ts";
import { brandLabel, smallestFittingModel } from "./catalogue/mod.ts";
import { pitVolumeMm3 } from "./catalogue/pricing.ts";
import { itemFields, type Measurements } from "./fields.ts";
import { fieldGetter } from "./fast.ts";
import type { MeasurementDocument } from "./measurement.ts";
import type { RuleLine, RuleResult } from "./rule_line.ts";

export type { RuleLine, RuleResult } from "./rule_line.ts";
import { divRound, formatQuantity, roundQuantity } from "./money.ts";

/** Litres per day one resident needs (spec/3 §9.1: a station serves about 200 l/day per resident). */
export const LITRES_PER_RESIDENT = 200;
/** Delivery is free within this distance from МКАД, km (spec/3 §9). */
export const FREE_DELIVERY_KM = 30;
/** Crushed stone per metre of drainage trench, m³ (0.5 m wide × 0.8 m of stone). */
export const DRAINAGE_STONE_M3_PER_M = 0.4;
/** Capacity of one sand lorry trip, m³. */
export const SAND_TRIP_M3 = 10;
/** Height of one neck extension, mm. */
export const NECK_EXTENSION_MM = 500;
/** How far the station may stand above ground before a warning, mm. */
export const PROTRUSION_WARNING_MM = 300;

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

const q = roundQuantity;
const line = (code: string, quantity: number, isRequired: boolean, detail?: string): RuleLine => ({
  code,
  quantity: q(quantity),
  isRequired,
  ...(detail ? { detail } : {}),
});

/** Item fields with compiled getters for their flag and amount. */
const items = itemFields.map((item) => ({
  ...item,
  getFlag: item.flag ? fieldGetter(item.flag) : undefined,
  getAmount: fieldGetter(item.amount),
}));

/** Article of the inlet pipe by the diameter of the pipe leaving the house. */
export const inletPipeByDiameter: Record<string, string> = { "50": "А010", "110": "А001", "160": "А003" };
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
/** Pump article by pump type. */
export const pumpArticle: Record<string, string> = { kp150: "А033", kp250: "А034" };

/** The rule table, applied in order. */
export const rules: readonly Rule[] = [
  {
    id: "station",
    title: "Станция: оборудование по дилерской цене модели и монтаж под ключ по модели",
    apply: ({ model }) => {
      const lines: RuleLine[] = [{
        code: model.id,
        quantity: 1,
        isRequired: true,
        custom: {
          name:
            `Станция биологической очистки ${model.model} (${model.capacity} л/сут): поставка и монтаж под ключ`,
          unit: "компл",
          section: "Оборудование и монтаж станции",
          materialsPrice: model.dealerPrice * 100,
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
      return { lines, warnings };
    },
  },
  {
    id: "capacity",
    title: "Проверка производительности: проживающие × 200 л/сут",
    apply: ({ m, model }) => {
      const need = m.residents_count * LITRES_PER_RESIDENT;
      if (model.capacity >= need) return;
      const fit = smallestFittingModel(model, need);
      const head = `Производительность станции ${model.model} (${
        formatQuantity(model.capacity)
      } л/сут) меньше потребности ${m.residents_count} проживающих (${
        formatQuantity(need)
      } л/сут из расчёта ${LITRES_PER_RESIDENT} л/сут на человека).`;
      return {
        alerts: [
          fit
            ? `${head} Подходит модель ${fit.model} (${formatQuantity(fit.capacity)} л/сут).`
            : `${head} В линейке ${brandLabel(model.brand)} нет модели такой производительности.`,
        ],
      };
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
    id: "excavation",
    title: "Котлован: объём по габаритам модели и глубине установки",
    apply: ({ m, model, geometry }) => ({
      lines: [line(m.need_excavator ? "А087" : "А086", geometry.pitVolume, true)],
      notes: [
        `Объём котлована ${
          formatQuantity(geometry.pitVolume)
        } м³: габариты станции ${model.dimensions.length}×${model.dimensions.width}×${model.dimensions.height} мм, глубина установки ${
          formatQuantity(geometry.depthMm / 1000)
        } м, по 0,3 м с каждой стороны и песчаная подушка 0,2 м.`,
      ],
    }),
  },
  {
    id: "sand",
    title: "Песок для обратной засыпки: по расчёту или по misc_a122_quantity",
    apply: ({ m, geometry }) => ({
      lines: [line("А122", m.misc_a122_quantity > 0 ? m.misc_a122_quantity : geometry.sandVolume, true)],
    }),
  },
  {
    id: "inlet",
    title: "Подводящий трубопровод от дома до станции (диаметр по выпуску из дома) и траншея",
    apply: ({ m }) => {
      if (!(m.inlet_pipe_length > 0)) return;
      return {
        lines: [
          line(
            inletPipeByDiameter[m.pipe_exit_diameter] ?? "А001",
            m.inlet_pipe_length,
            true,
            "подводящий трубопровод",
          ),
          line("А002", m.inlet_pipe_length, true, "под подводящий трубопровод"),
        ],
      };
    },
  },
  {
    id: "outlet",
    title: "Отводящий трубопровод: ПВХ 110 самотёком или ПНД 32 при принудительном отводе, и траншея",
    apply: ({ m, model }) => {
      if (!(m.outlet_pipe_length > 0)) return;
      const forced = model.discharge === "forced" || m.need_pumping;
      return {
        lines: [
          line(forced ? "А007" : "А001", m.outlet_pipe_length, true, "отводящий трубопровод"),
          line("А002", m.outlet_pipe_length, true, "под отводящий трубопровод"),
        ],
      };
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
    title: "Насос Unilift KP150 или KP250 при принудительном отводе",
    apply: ({ m, model }) => {
      if (!m.need_pumping) return;
      const warnings = model.discharge === "forced"
        ? [
          `Станция ${model.model} уже оснащена насосом принудительного отвода: проверьте, нужен ли отдельный насос.`,
        ]
        : [];
      return { lines: [line(pumpArticle[m.pump_type] ?? "А033", 1, true)], warnings };
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
        lines.push(line(item.code, amount, false));
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
    apply: ({ m, geometry }) => {
      const lines: RuleLine[] = [];
      if (m.need_excavator) lines.push(line("А133", 1, false));
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
    title: "Грунтовые воды выше дна станции: анкеровка и водоотлив",
    apply: ({ m }) => {
      const gw = m.groundwater_level;
      if (!(gw > 0 && gw < m.installation_depth)) return;
      return {
        lines: [line("А090", 1, true), line("А089", 1, true)],
        notes: [
          `Грунтовые воды на глубине ${formatQuantity(gw)} м выше дна станции (${
            formatQuantity(m.installation_depth)
          } м): предусмотрены анкеровка станции и водоотлив.`,
        ],
      };
    },
  },
  {
    id: "winter",
    title: "Зимние работы: мёрзлый грунт на объём котлована и утепление на период запуска",
    apply: (
      { m, geometry },
    ) => (m.winter_conditions || m.winter_work
      ? { lines: [line("А103", geometry.pitVolume, true), line("А104", 1, true)] }
      : undefined),
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
  for (const rule of table) {
    const r = rule.apply(ctx);
    if (!r) continue;
    if (r.lines) { for (const l of r.lines) if (l.quantity > 0) lines.push(l); }
    if (r.warnings) warnings.push(...r.warnings);
    if (r.alerts) alerts.push(...r.alerts);
    if (r.notes) notes.push(...r.notes);
  }
  return { lines, warnings, alerts, notes };
}
