/**
 * Well drilling and arrangement: measurements, form, missing items and pricing rules.
 *
 * Drilling is priced per metre by depth band (0–30, 30–60, 60–100, over 100 m), each band's metres at its
 * own rate; casing per metre (the whole well on sand; an artesian well is cased to the limestone, the last
 * {@link ARTESIAN_OPEN_HOLE_M} m stay an open hole); the arrangement (caisson, adapter or pit), the pump
 * chosen from the catalogue by flow and head, accumulator and automation are pieces.
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
import type { KindRule, KindValues, WorkTypeModule } from "./types.ts";
import { formField, line, spec } from "./types.ts";

/** Metres at the bottom of an artesian well left without casing (open hole in the limestone). */
export const ARTESIAN_OPEN_HOLE_M = 10;
/** Pressure the pump must keep at the house, m of water (3 bar). */
export const HOUSE_PRESSURE_M = 30;
/** Delivery of the rig is free within this distance from МКАД, km. */
export const FREE_RIG_KM = 30;
/** Horizontal pipe that costs a metre of head, m (friction in a 32 mm pipe at 3 m³/h, rounded up). */
export const PIPE_M_PER_HEAD_M = 10;

/** Drilling bands: up to `to` metres at the article's rate. */
export const drillingBands = [
  { from: 0, to: 30, code: "А168" },
  { from: 30, to: 60, code: "А169" },
  { from: 60, to: 100, code: "А170" },
  { from: 100, to: Infinity, code: "А171" },
] as const;

const wellTypeLabels = { sand: "На песок", artesian: "Артезианская (на известняк)" } as const;
const casingLabels = {
  pnd_125: "ПНД 125 мм",
  steel_133: "Сталь 133 мм",
  steel_159: "Сталь 159 мм",
} as const;
const casingArticle: Record<string, string> = { pnd_125: "А174", steel_133: "А172", steel_159: "А173" };
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
const accumulatorLabels = { none: "Не нужен", "50": "50 л", "100": "100 л", "200": "200 л" } as const;
const accumulatorArticle: Record<string, string> = { "50": "А187", "100": "А188", "200": "А189" };
const accessLabels = { easy: "Свободный заезд", difficult: "Нужна подготовка заезда" } as const;

const specs = {
  well_type: spec.oneOf(["sand", "artesian"], "sand"),
  well_district: spec.oneOf(districtValues, ""),
  well_depth: spec.dec(0, 300),
  well_casing: spec.oneOf(["pnd_125", "steel_133", "steel_159"], "steel_133"),
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
 * Metres of each drilling band for a depth: `[[code, metres], …]`.
 *
 * @example
 * ```ts
 * import { drillingMetres } from "./well.ts";
 * const m = drillingMetres(75);
 * if (JSON.stringify(m) !== '[["А168",30],["А169",30],["А170",15]]') throw new Error(JSON.stringify(m));
 * ```
 */
export function drillingMetres(depth: number): [string, number][] {
  const out: [string, number][] = [];
  for (const b of drillingBands) {
    const metres = Math.min(depth, b.to) - b.from;
    if (metres > 0) out.push([b.code, Math.round(metres * 100) / 100]);
  }
  return out;
}

/**
 * The rules of a well. Worked example (default price list): a sand well 35 m deep, 45 km from МКАД, steel
 * casing 133 mm, filter, plastic caisson, flow 3 m³/h, no water pipe in the document:
 * drilling 30 × 2 200 + 5 × 2 500 = 78 500 ₽; casing 35 × 2 100 = 73 500 ₽; filter 6 300 ₽; head 4 000 ₽;
 * flushing 8 000 ₽; test pumping 6 500 ₽; analysis 7 500 ₽; rig 15 km × 150 = 2 250 ₽;
 * caisson 80 000 ₽; caisson fittings 13 500 ₽; pump at 32 m needs 32 + 30 + 5 = 67 m of head at
 * 3 m³/h → Джилекс Водомет ПРОФ 55/90, 26 500 ₽, installed 6 000 ₽; cable 32 + 5 + 10 = 47 m × 230 =
 * 10 810 ₽; rope 35 m × 90 = 3 150 ₽; pipe 34 m × 160 = 5 440 ₽; accumulator 100 л 14 900 ₽; automation
 * 10 400 ₽. Total 357 250 ₽ (`work_types_test.ts` checks it).
 */
export const wellRules: readonly KindRule[] = [
  {
    id: "well_drilling",
    title: "Бурение по интервалам глубины: каждый метр по ставке своего интервала",
    apply: ({ v }) => {
      const depth = wellDepth(v);
      const lines = drillingMetres(depth).map(([code, metres]) => line(code, metres, true));
      const notes: string[] = [];
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
      return { lines, notes };
    },
  },
  {
    id: "well_casing",
    title:
      `Обсадная колонна: на всю глубину на песок; артезианская — до известняка (без последних ${ARTESIAN_OPEN_HOLE_M} м)`,
    apply: ({ v }) => {
      const depth = wellDepth(v);
      const artesian = v.well_type === "artesian";
      const length = artesian ? Math.max(depth - ARTESIAN_OPEN_HOLE_M, 0) : depth;
      const warnings = artesian && v.well_casing === "pnd_125"
        ? [
          "Артезианскую скважину обсаживают стальной трубой 133–159 мм; ПНД 125 мм — только внутренней колонной.",
        ]
        : [];
      return { lines: [line(casingArticle[v.well_casing as string] ?? "А172", length, true)], warnings };
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
    title: "Прокачка и промывка; пробная откачка и анализ воды, когда отмечены",
    apply: ({ v }) => {
      const lines = [line("А176", 1, true)];
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
    title: "Обустройство устья: кессон, адаптер или приямок, с обвязкой",
    apply: ({ v }) => {
      const code = arrangementArticle[v.well_arrangement as string];
      return code ? { lines: [line(code, 1, true), line("А194", 1, true)] } : undefined;
    },
  },
  {
    id: "well_pump",
    title:
      `Насос из каталога по расходу и напору (глубина установки + ${HOUSE_PRESSURE_M} м давления + высота дома + 1 м на каждые ${PIPE_M_PER_HEAD_M} м трубы до дома), кабель, трос, труба`,
    apply: ({ v, all }) => {
      if (!v.well_pump) return;
      const depth = wellDepth(v);
      const hang = pumpDepth(v, depth);
      const pipe = typeof all.ws_length === "number" && all.ws_length > 0 ? all.ws_length : 0;
      const head = Math.ceil(
        hang + HOUSE_PRESSURE_M + (v.well_house_height as number) + pipe / PIPE_M_PER_HEAD_M,
      );
      const flow = v.well_flow as number;
      const pump = choosePump(flow, head);
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
        notes: [
          `Насос подобран на ${formatQuantity(flow)} м³/ч и напор ${head} м: установка на ${
            formatQuantity(hang)
          } м, ${HOUSE_PRESSURE_M} м давления в доме, высота ${
            formatQuantity(v.well_house_height as number)
          } м${pipe > 0 ? `, ${formatQuantity(pipe)} м трубы до дома` : ""}.`,
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
    select("well_casing", specs.well_casing, casingLabels, "Обсадная труба"),
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
