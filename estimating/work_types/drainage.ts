/**
 * Drainage of a house's perimeter or a plot: trench, drain pipe in geotextile, crushed stone, wells, pump,
 * outlet and storm inlets.
 *
 * The drain length is measured, or, for a plot, taken from its area with drains {@link DRAIN_SPACING_M} m
 * apart. The trench holds {@link STONE_M3_PER_M} m³ of crushed stone per metre (0.4 m wide, 0.5 m of stone
 * around the pipe) wrapped in {@link GEOTEXTILE_M2_PER_M} m² of geotextile.
 *
 * @module
 */

import type { FormSection } from "../fields.ts";
import type { MissingItem } from "../missing.ts";
import type { RuleLine } from "../rule_line.ts";
import { formatQuantity } from "../money.ts";
import type { KindRule, KindValues, WorkTypeModule } from "./types.ts";
import { formField, line, spec, trenchLine, winterRule } from "./types.ts";
import { trench } from "../winter.ts";

/** Distance between drains on a plot, m. */
export const DRAIN_SPACING_M = 10;
/** Width of the drainage trench, m (the 0.4 m trench the stone is reckoned for). */
export const DRAIN_TRENCH_WIDTH_M = 0.4;
/** Crushed stone per metre of drain, m³. */
export const STONE_M3_PER_M = 0.2;
/** Geotextile per metre of drain, m² (the wrap around the stone). */
export const GEOTEXTILE_M2_PER_M = 2;
/** The deepest trench the shallow drainage trench article covers, m. */
export const SHALLOW_DRAIN_M = 1.5;
/** An inspection well at least every so many metres of drain and at each corner, m. */
export const INSPECTION_WELL_EVERY_M = 30;

const modeLabels = { perimeter: "Вокруг дома (по периметру)", area: "Участок (по площади)" } as const;
const pipeLabels = { "110": "110 мм", "160": "160 мм" } as const;
const pipeArticle: Record<string, string> = { "110": "А205", "160": "А206" };
const outletLabels = {
  none: "Не нужен",
  ditch: "В кювет или канаву",
  soakaway: "В поглощающий колодец",
} as const;
const outletArticle: Record<string, string> = { ditch: "А212", soakaway: "А213" };

const specs = {
  dr_mode: spec.oneOf(["perimeter", "area"], "perimeter"),
  dr_length: spec.dec(0, 2000),
  dr_area: spec.dec(0, 100_000),
  dr_depth: spec.dec(1.2, 3),
  dr_pipe: spec.oneOf(["110", "160"], "110"),
  dr_inspection_wells: spec.int(0, 100),
  dr_collector_well: spec.bool(false),
  dr_pump: spec.bool(false),
  dr_outlet: spec.oneOf(["none", "ditch", "soakaway"], "ditch"),
  dr_storm_inlets: spec.int(0, 100),
};

/**
 * The drain length, m: measured, else the plot's area over {@link DRAIN_SPACING_M} m between drains.
 *
 * @example
 * ```ts
 * import { drainLength } from "./drainage.ts";
 * if (drainLength({ dr_length: 0, dr_mode: "area", dr_area: 600 }) !== 60) throw new Error("area");
 * if (drainLength({ dr_length: 48, dr_mode: "area", dr_area: 600 }) !== 48) throw new Error("measured");
 * ```
 */
export function drainLength(v: KindValues): number {
  if ((v.dr_length as number) > 0) return v.dr_length as number;
  return v.dr_mode === "area" ? Math.ceil((v.dr_area as number) / DRAIN_SPACING_M) : 0;
}

/**
 * The rules of the drainage. Worked example (default price list): 40 m around a house at 1.2 m, pipe
 * 110 mm, 2 inspection wells, a collector well with a pump, an outlet to a ditch, 2 storm inlets:
 * trench 40 × 1 400 = 56 000 ₽; pipe 40 × 390 = 15 600 ₽; geotextile 80 m² × 80 = 6 400 ₽; stone
 * 8 m³ × 4 200 = 33 600 ₽; wells 2 × 10 000 = 20 000 ₽; collector 50 000 ₽; pump 15 000 ₽; outlet
 * 5 500 ₽; inlets 2 × 5 400 = 10 800 ₽. Total 212 900 ₽ (`work_types_test.ts` checks it).
 */
export const drainageRules: readonly KindRule[] = [
  {
    id: "dr_trench",
    title: `Траншея на длину дренажа: до ${SHALLOW_DRAIN_M} м или глубже`,
    apply: ({ v }) => {
      const length = drainLength(v);
      if (!(length > 0)) return;
      const notes = (v.dr_length as number) > 0 ? [] : [
        `Длина дренажа ${length} м рассчитана по площади ${
          formatQuantity(v.dr_area as number)
        } м² с шагом дрен ${DRAIN_SPACING_M} м.`,
      ];
      return {
        lines: [trenchLine(length, v.dr_depth as number, SHALLOW_DRAIN_M, ["А203", "А204"])],
        notes,
      };
    },
  },
  {
    id: "dr_pipe",
    title:
      `Дренажная труба в геотекстиле, щебень ${STONE_M3_PER_M} м³ и геотекстиль ${GEOTEXTILE_M2_PER_M} м² на метр`,
    apply: ({ v }) => {
      const length = drainLength(v);
      if (!(length > 0)) return;
      return {
        lines: [
          line(pipeArticle[v.dr_pipe as string] ?? "А205", length, true),
          line("А207", length * GEOTEXTILE_M2_PER_M, true),
          line("А208", length * STONE_M3_PER_M, true),
        ],
      };
    },
  },
  {
    id: "dr_wells",
    title:
      `Смотровые колодцы (не реже чем через ${INSPECTION_WELL_EVERY_M} м), накопительный колодец и насос`,
    apply: ({ v }) => {
      const lines: RuleLine[] = [];
      const warnings: string[] = [];
      const wells = v.dr_inspection_wells as number;
      if (wells > 0) lines.push(line("А209", wells, true));
      const advised = Math.ceil(drainLength(v) / INSPECTION_WELL_EVERY_M);
      if (wells < advised) {
        warnings.push(
          `На ${
            formatQuantity(drainLength(v))
          } м дренажа рекомендуется не менее ${advised} смотровых колодцев (через каждые ${INSPECTION_WELL_EVERY_M} м и на поворотах), указано ${wells}.`,
        );
      }
      if (v.dr_collector_well) lines.push(line("А210", 1, true));
      if (v.dr_pump) lines.push(line("А211", 1, true));
      if (v.dr_pump && !v.dr_collector_well) {
        warnings.push("Дренажный насос ставят в накопительный колодец: отметьте накопительный колодец.");
      }
      return { lines, warnings };
    },
  },
  {
    id: "dr_outlet",
    title: "Выпуск в кювет или поглощающий колодец; дождеприёмники",
    apply: ({ v }) => {
      const lines: RuleLine[] = [];
      const code = outletArticle[v.dr_outlet as string];
      if (code) lines.push(line(code, 1, true));
      const inlets = v.dr_storm_inlets as number;
      if (inlets > 0) lines.push(line("А214", inlets, false));
      return { lines };
    },
  },
  winterRule((v) => [trench("траншея дренажа", drainLength(v), v.dr_depth as number, DRAIN_TRENCH_WIDTH_M)]),
];

const { number, check, select, section } = formField;
const sections: FormSection[] = [
  section("drainage", "Дренаж", [
    select("dr_mode", specs.dr_mode, modeLabels, "Что осушаем"),
    number("dr_length", specs.dr_length, "Длина дренажа (0 — по площади)", "м", 1, { required: true }),
    number("dr_area", specs.dr_area, "Площадь участка", "м²", 10),
    number("dr_depth", specs.dr_depth, "Глубина дренажа", "м", 0.1),
    select("dr_pipe", specs.dr_pipe, pipeLabels, "Дренажная труба в геотекстиле", { unit: "мм" }),
    number("dr_inspection_wells", specs.dr_inspection_wells, "Смотровые колодцы", "шт", 1, { code: "А209" }),
    check("dr_collector_well", specs.dr_collector_well, "Накопительный колодец", "А210"),
    check("dr_pump", specs.dr_pump, "Дренажный насос", "А211"),
    select("dr_outlet", specs.dr_outlet, outletLabels, "Выпуск воды"),
    number("dr_storm_inlets", specs.dr_storm_inlets, "Дождеприёмники", "шт", 1, { code: "А214" }),
  ]),
];

function missing(v: KindValues): MissingItem[] {
  return drainLength(v) > 0 ? [] : [{ label: "Длина дренажа или площадь участка", field: "dr_length" }];
}

/** Drainage of a house or a plot. */
export const drainage: WorkTypeModule = {
  kind: "drainage",
  title: "Дренаж",
  specs,
  sections,
  missing,
  rules: drainageRules,
  summary: (v) => `дренаж ${formatQuantity(drainLength(v))} м`,
};
