/**
 * Well drilling and arrangement: measurements, form, missing items and pricing rules.
 *
 * The well is priced as drillers around Moscow quote it: one all-in rate per metre (drilling, casing and
 * flushing) by casing and depth band (0–30, 30–60, 60–100, over 100 m), each band's metres at its own rate.
 * The casing follows the well type unless chosen: ПНД 125 mm on sand, two strings (steel 133 + ПНД 117)
 * on limestone. A company list that still has the separate drilling and casing articles (А168–А174) and
 * not the all-in ones is priced by its own articles, as before. The arrangement (caisson, adapter or pit),
 * the pump chosen by flow at the required head, accumulator and automation are pieces.
 *
 * @module
 */

import type { FormSection } from "../fields.ts";
import type { MissingItem } from "../missing.ts";
import type { RuleLine } from "../rule_line.ts";
import { formatQuantity } from "../money.ts";
import { type District, districtGeology, districtValues } from "./geology.ts";
import { choosePump } from "./pumps.ts";
import { workSections } from "./sections.ts";
import type { KindContext, KindRule, KindValues, WorkTypeModule } from "./types.ts";
import { formField, line, spec, winterRule } from "./types.ts";
import type { Excavation } from "../winter.ts";

/** Metres at the bottom of an artesian well left without casing (the separate casing articles only). */
export const ARTESIAN_OPEN_HOLE_M = 10;
/** Pressure wanted at the highest tap, m of water (3 bar). */
export const HOUSE_PRESSURE_M = 30;
/** Delivery of the rig is free within this distance from МКАД, km. */
export const FREE_RIG_KM = 30;
/** Pipe inside the house from the entry to the highest tap, m (added to the run for the friction loss). */
export const HOUSE_PIPE_M = 5;

/** Depth bands of the drilling rates: each band's metres at its own rate. */
export const drillingBands = [
  { from: 0, to: 30 },
  { from: 30, to: 60 },
  { from: 60, to: 100 },
  { from: 100, to: Infinity },
] as const;

/** A casing of the form; `""` is the standard of the well type. */
export type Casing = "pnd_125" | "steel_133" | "steel_133_pnd_117" | "steel_159";

/** The all-in articles (drilling, casing, flushing) of each casing, one per band of {@link drillingBands}. */
export const allInArticles: Readonly<Record<Casing, readonly string[]>> = {
  pnd_125: ["А245", "А246", "А247", "А248"],
  steel_133: ["А249", "А250", "А251", "А252"],
  steel_133_pnd_117: ["А253", "А254", "А255", "А256"],
  steel_159: ["А257", "А258", "А259", "А260"],
};
/** The separate drilling articles by band of a company's own list older than the all-in rates. */
const separateDrilling = ["А168", "А169", "А170", "А171"];
const separateCasing: Record<Casing, string> = {
  pnd_125: "А174",
  steel_133: "А172",
  steel_133_pnd_117: "А172",
  steel_159: "А173",
};

const wellTypeLabels = { sand: "На песок", artesian: "Артезианская (на известняк)" } as const;
const casingLabels = {
  "": "По типу скважины",
  pnd_125: "ПНД 125 мм",
  steel_133: "Сталь 133 мм",
  steel_133_pnd_117: "Сталь 133 мм + ПНД 117 мм",
  steel_159: "Сталь 159 мм",
} as const;
const arrangementLabels = {
  none: "Без обустройства",
  caisson_plastic: "Кессон пластиковый",
  caisson_steel: "Кессон стальной",
  adapter: "Скважинный адаптер",
  pit: "Приямок из ж/б колец",
} as const;
const arrangementArticle: Record<string, string> = {
  caisson_plastic: "А182",
  caisson_steel: "А183",
  adapter: "А184",
  pit: "А185",
};
/** The arrangements set in a dug pit: the caissons and the pit of concrete rings (an adapter needs none). */
const CAISSON_PIT_ARRANGEMENTS: readonly string[] = ["caisson_plastic", "caisson_steel", "pit"];
/**
 * The pit of a Ø1 m caisson or ring pit (А182/А183/А185): 1.6 × 1.6 m in plan (0.3 m around the body, as the
 * station's pit) and 2.4 m deep (a 2 m caisson on a 0.2 m bed with its neck at ground level), for the winter
 * surcharge.
 */
const CAISSON_PIT: Excavation = { what: "котлован кессона", area: 1.6 * 1.6, depth: 2.4 };
const accumulatorLabels = { none: "Не нужен", "50": "50 л", "100": "100 л", "200": "200 л" } as const;
const accumulatorArticle: Record<string, string> = { "50": "А187", "100": "А188", "200": "А189" };
const accessLabels = { easy: "Свободный заезд", difficult: "Нужна подготовка заезда" } as const;

const specs = {
  well_type: spec.oneOf(["sand", "artesian"], "sand"),
  well_district: spec.oneOf(districtValues, ""),
  well_depth: spec.dec(0, 300),
  well_casing: spec.oneOf(["pnd_125", "steel_133", "steel_133_pnd_117", "steel_159"], ""),
  well_filter: spec.bool(true),
  well_test_pumping: spec.bool(true),
  well_water_analysis: spec.bool(true),
  well_rig_access: spec.oneOf(["easy", "difficult"], "easy"),
  well_arrangement: spec.oneOf(
    ["none", "caisson_plastic", "caisson_steel", "adapter", "pit"],
    "caisson_plastic",
  ),
  well_pump: spec.bool(true),
  well_flow: spec.dec(3, 10),
  well_pump_depth: spec.dec(0, 300),
  well_dynamic_level: spec.dec(0, 300),
  well_house_height: spec.dec(5, 30),
  well_accumulator: spec.oneOf(["none", "50", "100", "200"], "100"),
  well_automation: spec.bool(true),
};

/**
 * The well's depth: the measured one, else the district's typical depth for the well type, else 0.
 *
 * @example
 * ```ts
 * import { wellDepth } from "./well.ts";
 * if (wellDepth({ well_depth: 0, well_district: "istra", well_type: "artesian" }) !== 80) throw new Error("Истра");
 * if (wellDepth({ well_depth: 42, well_district: "istra", well_type: "sand" }) !== 42) throw new Error("measured");
 * ```
 */
export function wellDepth(v: KindValues): number {
  if ((v.well_depth as number) > 0) return v.well_depth as number;
  const g = districtGeology[v.well_district as District] as (typeof districtGeology)[District] | undefined;
  if (!g) return 0;
  return v.well_type === "artesian" ? g.artesian : g.sand;
}

/**
 * Where the pump hangs, m: as measured, else 3 m above the bottom of a sand well (above the filter), else
 * 5 m above the bottom of an artesian well but no deeper than 50 m (its water rises high in the casing).
 *
 * @example
 * ```ts
 * import { pumpDepth } from "./well.ts";
 * if (pumpDepth({ well_pump_depth: 0, well_type: "sand" }, 30) !== 27) throw new Error("sand");
 * if (pumpDepth({ well_pump_depth: 0, well_type: "artesian" }, 80) !== 50) throw new Error("artesian");
 * ```
 */
export function pumpDepth(v: KindValues, depth: number): number {
  const given = v.well_pump_depth as number;
  if (given > 0) return Math.min(given, depth);
  return v.well_type === "artesian" ? Math.min(Math.max(depth - 5, 0), 50) : Math.max(depth - 3, 0);
}

/**
 * The casing of a well: as chosen, else the standard of its type (ПНД 125 on sand, steel 133 + ПНД 117 on
 * limestone).
 *
 * @example
 * ```ts
 * import { wellCasing } from "./well.ts";
 * if (wellCasing({ well_casing: "", well_type: "artesian" }) !== "steel_133_pnd_117") throw new Error("artesian");
 * if (wellCasing({ well_casing: "", well_type: "sand" }) !== "pnd_125") throw new Error("sand");
 * if (wellCasing({ well_casing: "steel_159", well_type: "sand" }) !== "steel_159") throw new Error("chosen");
 * ```
 */
export function wellCasing(v: KindValues): Casing {
  if (v.well_casing) return v.well_casing as Casing;
  return v.well_type === "artesian" ? "steel_133_pnd_117" : "pnd_125";
}

/**
 * Metres of each depth band for a depth, with the band's article: `[[code, metres], …]`.
 *
 * @example
 * ```ts
 * import { drillingMetres } from "./well.ts";
 * const m = drillingMetres(75, ["А253", "А254", "А255", "А256"]);
 * if (JSON.stringify(m) !== '[["А253",30],["А254",30],["А255",15]]') throw new Error(JSON.stringify(m));
 * ```
 */
export function drillingMetres(depth: number, codes: readonly string[]): [string, number][] {
  const out: [string, number][] = [];
  drillingBands.forEach((b, i) => {
    const metres = Math.min(depth, b.to) - b.from;
    if (metres > 0) out.push([codes[i], Math.round(metres * 100) / 100]);
  });
  return out;
}

/**
 * The dynamic water level (while the pump runs), m: as measured, else 40 % of the well's depth (at least
 * 10 m above the bottom of an artesian well). Deeper aquifers around Moscow stand deeper: a 60 m artesian
 * well in Домодедово has its static level at 19 m in the driller's published passport (ok.ru «Кимберия»,
 * December 2023), 24 m by this rule with the drawdown; a 30 m sand well 12 m. The test pumping gives the
 * real one, and the note asks for it.
 *
 * @example
 * ```ts
 * import { dynamicLevel } from "./well.ts";
 * if (dynamicLevel({ well_dynamic_level: 0, well_type: "sand" }, 30) !== 12) throw new Error("sand");
 * if (dynamicLevel({ well_dynamic_level: 0, well_type: "artesian" }, 80) !== 32) throw new Error("artesian");
 * if (dynamicLevel({ well_dynamic_level: 0, well_type: "artesian" }, 15) !== 5) throw new Error("shallow");
 * if (dynamicLevel({ well_dynamic_level: 22, well_type: "artesian" }, 80) !== 22) throw new Error("measured");
 * ```
 */
export function dynamicLevel(v: KindValues, depth: number): number {
  const given = v.well_dynamic_level as number;
  if (given > 0) return Math.min(given, depth);
  const level = Math.round(depth * 0.4 * 10) / 10;
  return v.well_type === "artesian" ? Math.max(Math.min(level, depth - 10), 0) : level;
}

/** Inner diameter of a ПНД PN10–PN16 pipe by its outer diameter, mm (SDR 11, ГОСТ 18599). */
const innerDiameterMm: Readonly<Record<string, number>> = { "32": 26, "40": 32.6, "50": 40.8 };

/**
 * Friction loss in a polyethylene pipe, m of water: the Hazen–Williams formula with C = 150 (smooth
 * plastic), h = 10,67 · L · Q^1,852 / (C^1,852 · d^4,87), Q in m³/s, d the inner diameter in m; 3 m³/h in
 * a 32 mm pipe loses about 0,1 m per metre.
 *
 * @example
 * ```ts
 * import { frictionLoss } from "./well.ts";
 * const h = frictionLoss(3, 100, "32");
 * if (h < 10 || h > 10.6) throw new Error(String(h));
 * ```
 */
export function frictionLoss(flowM3h: number, lengthM: number, outerMm: string): number {
  const d = (innerDiameterMm[outerMm] ?? innerDiameterMm["32"]) / 1000;
  const q = flowM3h / 3600;
  return 10.67 * lengthM * q ** 1.852 / (150 ** 1.852 * d ** 4.87);
}

/** The head a pump must give, m, and what it is made of. */
export interface RequiredHead {
  /** Whole metres, rounded up. */
  head: number;
  /** Dynamic level, m. */
  level: number;
  /** Friction loss in the pipe in the well, to the house and inside it, m. */
  losses: number;
}

/**
 * The head the pump must give at the wanted flow: the dynamic level (the water is lifted from there, wherever
 * the pump hangs) + the height of the highest tap + {@link HOUSE_PRESSURE_M} m of pressure there + the
 * friction loss in the pipe (the riser from the pump, the pipe to the house, {@link HOUSE_PIPE_M} m inside).
 *
 * @example
 * ```ts
 * import { requiredHead } from "./well.ts";
 * // 32 (40 % of 80) + 5 + 30 + loss in 50 m of riser and 15 + 5 m of 32 mm pipe at 3 m³/h (≈ 7,3 m) → 75 m.
 * const r = requiredHead({ well_type: "artesian", well_dynamic_level: 0, well_house_height: 5, well_flow: 3 }, 80, 50, 15, "32");
 * if (r.head !== 75 || r.level !== 32) throw new Error(JSON.stringify(r));
 * ```
 */
export function requiredHead(
  v: KindValues,
  depth: number,
  hang: number,
  pipe: number,
  pipeMm: string,
): RequiredHead {
  const flow = v.well_flow as number;
  const level = dynamicLevel(v, depth);
  const losses = frictionLoss(flow, hang, "32") + frictionLoss(flow, pipe + HOUSE_PIPE_M, pipeMm);
  const head = Math.ceil(level + (v.well_house_height as number) + HOUSE_PRESSURE_M + losses - 1e-9);
  return { head, level, losses };
}

/**
 * Whether the well is priced by the separate drilling and casing articles: the price list in use (a
 * company's own) lacks the all-in articles and has the separate ones.
 */
function separatelyPriced(ctx: KindContext, casing: Casing): boolean {
  const has = ctx.hasArticle;
  return !!has && !has(allInArticles[casing][0]) && has(separateDrilling[0]);
}

/**
 * The rules of a well. Worked example (default price list): a sand well 35 m deep, 45 km from МКАД, casing
 * by the type (ПНД 125), filter, plastic caisson, flow 3 m³/h, no water pipe in the document:
 * well all-in 30 × 2 200 + 5 × 2 300 = 77 500 ₽; filter 6 300 ₽; head 4 000 ₽; test pumping 6 500 ₽;
 * analysis 7 500 ₽; rig 15 km × 150 = 2 250 ₽; caisson 68 000 ₽; caisson fittings 13 500 ₽; the pump must
 * lift from the dynamic level 14 m (40 % of 35) + 5 m to the tap + 30 m of pressure + 3,9 m of friction
 * (32 m of riser and 5 m in the house at 3 m³/h) = 53 m → Джилекс Водомет ПРОФ 55/90, 26 500 ₽, installed
 * 6 000 ₽; cable 32 + 5 + 10 = 47 m × 170 = 7 990 ₽; rope 35 m × 90 = 3 150 ₽; pipe 34 m × 130 = 4 420 ₽;
 * accumulator 100 л 14 900 ₽; automation 10 400 ₽. Total 258 910 ₽ (`work_types_test.ts` checks it).
 */
export const wellRules: readonly KindRule[] = [
  {
    id: "well_drilling",
    title:
      "Скважина под ключ за метр (бурение, обсадка, прокачка) по обсадной трубе и интервалам глубины: каждый метр по ставке своего интервала",
    apply: (ctx) => {
      const { v } = ctx;
      const depth = wellDepth(v);
      const casing = wellCasing(v);
      const notes: string[] = [];
      const warnings: string[] = [];
      const g = districtGeology[v.well_district as District] as
        | (typeof districtGeology)[District]
        | undefined;
      if (g && !((v.well_depth as number) > 0)) {
        notes.push(
          `Глубина скважины ${depth} м принята по типичной геологии района ${g.label}${
            v.well_type === "artesian" ? ` (${g.aquifer})` : " (водоносные пески)"
          }; окончательная — по результату бурения.`,
        );
      }
      if (v.well_type === "artesian" && casing === "pnd_125") {
        warnings.push(
          "Артезианскую скважину обсаживают стальной трубой 133–159 мм; ПНД 125 мм — только внутренней колонной.",
        );
      }
      if (separatelyPriced(ctx, casing)) {
        // The company's own list prices drilling, casing and flushing apart: its articles, as before.
        const artesian = v.well_type === "artesian";
        const cased = artesian ? Math.max(depth - ARTESIAN_OPEN_HOLE_M, 0) : depth;
        const lines = drillingMetres(depth, separateDrilling).map(([code, metres]) =>
          line(code, metres, true)
        );
        lines.push(line(separateCasing[casing], cased, true), line("А176", 1, true));
        notes.push("Бурение, обсадка и прокачка — отдельными позициями прайс-листа компании (А168–А176).");
        return { lines, notes, warnings };
      }
      const lines = drillingMetres(depth, allInArticles[casing]).map(([code, metres]) =>
        line(code, metres, true)
      );
      return { lines, notes, warnings };
    },
  },
  {
    id: "well_filter_head",
    title: "Фильтр скважины на песок; оголовок, кроме скважины с адаптером",
    apply: ({ v }) => {
      const lines: RuleLine[] = [];
      if (v.well_type === "sand" && v.well_filter) lines.push(line("А175", 1, true));
      if (v.well_arrangement !== "adapter") lines.push(line("А181", 1, true));
      return { lines };
    },
  },
  {
    id: "well_commissioning",
    title: "Пробная откачка и анализ воды, когда отмечены (прокачка входит в ставку за метр)",
    apply: ({ v }) => {
      const lines: RuleLine[] = [];
      if (v.well_test_pumping) lines.push(line("А177", 1, false));
      if (v.well_water_analysis) lines.push(line("А178", 1, false));
      return { lines };
    },
  },
  {
    id: "well_rig",
    title:
      `Буровая установка: подготовка заезда; мобилизация за пределы ${FREE_RIG_KM} км от МКАД за каждый километр`,
    apply: ({ v, distanceFromMKAD: km }) => {
      const lines: RuleLine[] = [];
      const warnings: string[] = [];
      if (v.well_rig_access === "difficult") lines.push(line("А180", 1, true));
      if (km === undefined) {
        warnings.push(
          `Расстояние от МКАД не указано: выезд буровой учтён как бесплатный (в пределах ${FREE_RIG_KM} км).`,
        );
      } else if (km > FREE_RIG_KM) {
        lines.push(line("А179", km - FREE_RIG_KM, true, `${formatQuantity(km)} км от МКАД`));
      }
      return { lines, warnings };
    },
  },
  {
    id: "well_arrangement",
    title:
      "Обустройство устья: кессон, адаптер или приямок; обвязка — в кессоне или приямке (у адаптера её нет)",
    apply: ({ v }) => {
      const code = arrangementArticle[v.well_arrangement as string];
      if (!code) return;
      const lines = [line(code, 1, true)];
      if (v.well_arrangement !== "adapter") lines.push(line("А194", 1, true));
      return { lines };
    },
  },
  {
    id: "well_pump",
    title:
      `Насос из каталога, самый дешёвый с нужным расходом при требуемом напоре: динамический уровень + высота верхней точки + ${HOUSE_PRESSURE_M} м давления + потери в трубе; кабель, трос, труба`,
    apply: ({ v, all }) => {
      if (!v.well_pump) return;
      const depth = wellDepth(v);
      const hang = pumpDepth(v, depth);
      const pipe = typeof all.ws_length === "number" && all.ws_length > 0 ? all.ws_length : 0;
      const pipeMm = typeof all.ws_pipe === "string" ? all.ws_pipe.replace("pnd_", "") : "32";
      const { head, level, losses } = requiredHead(v, depth, hang, pipe, pipeMm);
      const flow = v.well_flow as number;
      const pump = choosePump(flow, head);
      const levelNote = (v.well_dynamic_level as number) > 0
        ? ""
        : " (принят по типу скважины — уточните по пробной откачке)";
      if (!pump) {
        return {
          warnings: [
            `Насоса на ${
              formatQuantity(flow)
            } м³/ч с напором ${head} м нет в каталоге: подберите насос вручную.`,
          ],
        };
      }
      const cable = hang + 5 + (pipe > 0 ? pipe : 10);
      const alerts = hang < level + 2
        ? [
          `Насос на глубине ${formatQuantity(hang)} м висит выше динамического уровня ${
            formatQuantity(level)
          } м (+2 м запаса): опустите насос, иначе он будет работать всухую.`,
        ]
        : [];
      return {
        lines: [
          {
            code: pump.id,
            quantity: 1,
            isRequired: true,
            custom: {
              name: `Насос скважинный ${pump.name} (${formatQuantity(pump.flow)} м³/ч, напор ${pump.head} м)`,
              unit: "шт",
              section: workSections.wellEquipment,
              materialsPrice: pump.price * 100,
              worksPrice: 0,
            },
          },
          line("А186", 1, true),
          line("А191", cable, true, `${formatQuantity(hang)} м в скважине и до дома`),
          line("А192", hang + 3, true),
          line("А193", hang + 2, true),
        ],
        alerts,
        notes: [
          `Насос подобран на ${formatQuantity(flow)} м³/ч и напор ${head} м: динамический уровень ${
            formatQuantity(level)
          } м${levelNote}, высота ${
            formatQuantity(v.well_house_height as number)
          } м, ${HOUSE_PRESSURE_M} м давления у крана, потери в трубе ${
            formatQuantity(Math.round(losses * 10) / 10)
          } м; насос на глубине ${formatQuantity(hang)} м.`,
        ],
      };
    },
  },
  {
    id: "well_automation",
    title: "Гидроаккумулятор выбранного объёма и автоматика",
    apply: ({ v }) => {
      const lines: RuleLine[] = [];
      const code = accumulatorArticle[v.well_accumulator as string];
      if (code) lines.push(line(code, 1, true));
      if (v.well_automation) lines.push(line("А190", 1, true));
      return { lines };
    },
  },
  winterRule((v) => CAISSON_PIT_ARRANGEMENTS.includes(v.well_arrangement as string) ? [CAISSON_PIT] : []),
];

const { number, check, select, section } = formField;
const sections: FormSection[] = [
  section("well_drilling", "Бурение скважины", [
    select("well_type", specs.well_type, wellTypeLabels, "Тип скважины", { required: true }),
    {
      name: "well_district",
      label: "Район (типичная глубина)",
      kind: "select",
      default: "",
      options: districtValues.map((d) => ({ value: d, label: districtGeology[d].label })),
    },
    number("well_depth", specs.well_depth, "Глубина скважины (0 — по району)", "м", 1, { required: true }),
    select(
      "well_casing",
      specs.well_casing,
      casingLabels,
      "Обсадная труба (по типу: песок — ПНД 125, известняк — сталь 133 + ПНД 117)",
    ),
    check("well_filter", specs.well_filter, "Фильтр (скважина на песок)", "А175"),
    check("well_test_pumping", specs.well_test_pumping, "Пробная откачка", "А177"),
    check("well_water_analysis", specs.well_water_analysis, "Анализ воды", "А178"),
    select("well_rig_access", specs.well_rig_access, accessLabels, "Заезд буровой установки"),
  ]),
  section("well_equipment", "Обустройство скважины", [
    select("well_arrangement", specs.well_arrangement, arrangementLabels, "Обустройство устья"),
    check("well_pump", specs.well_pump, "Скважинный насос"),
    number("well_flow", specs.well_flow, "Нужный расход воды", "м³/ч", 0.5, { revealedBy: "well_pump" }),
    number(
      "well_pump_depth",
      specs.well_pump_depth,
      "Глубина установки насоса (0 — по типу скважины)",
      "м",
      1,
      { revealedBy: "well_pump" },
    ),
    number(
      "well_dynamic_level",
      specs.well_dynamic_level,
      "Динамический уровень воды (0 — по типу скважины)",
      "м",
      1,
      { revealedBy: "well_pump" },
    ),
    number("well_house_height", specs.well_house_height, "Высота верхней точки водоразбора", "м", 1, {
      revealedBy: "well_pump",
    }),
    select("well_accumulator", specs.well_accumulator, accumulatorLabels, "Гидроаккумулятор"),
    check("well_automation", specs.well_automation, "Автоматика насоса", "А190"),
  ]),
];

function missing(v: KindValues): MissingItem[] {
  const out: MissingItem[] = [];
  if (wellDepth(v) <= 0) out.push({ label: "Глубина скважины или район", field: "well_depth" });
  if (v.well_pump && !((v.well_flow as number) > 0)) out.push({ label: "Расход воды", field: "well_flow" });
  return out;
}

/** Well drilling and arrangement. */
export const well: WorkTypeModule = {
  kind: "well",
  title: "Скважина",
  specs,
  sections,
  missing,
  rules: wellRules,
  summary: (v) =>
    `${v.well_type === "artesian" ? "артезианская скважина" : "скважина на песок"} ${
      formatQuantity(wellDepth(v))
    } м`,
};
