/**
 * External sewage from the house to the station or tank: trench, pipe, slope check, inspection wells and
 * insulation.
 *
 * The slope check follows СП 32.13330: a gravity pipe of 110 mm needs at least {@link MIN_SLOPE}`["110"]`
 * (2 cm per metre), of 160 mm at least 0.008. Given the height difference between the house outlet and
 * the inlet of the station, a smaller slope is a warning; without it the note states the drop needed.
 *
 * @module
 */

import type { FormSection } from "../fields.ts";
import type { MissingItem } from "../missing.ts";
import type { RuleLine } from "../rule_line.ts";
import { formatQuantity } from "../money.ts";
import { inspectionWells, inspectionWellsNote, WELL_SPACING_M } from "../sewer_line.ts";
import type { KindRule, KindValues, WorkTypeModule } from "./types.ts";
import { formField, line, spec, winterRule } from "./types.ts";
import { trench } from "../winter.ts";

/** The smallest slope of a gravity sewer by its diameter (СП 32.13330.2018, п. 5.4.2). */
export const MIN_SLOPE: Readonly<Record<string, number>> = { "110": 0.02, "160": 0.008 };
/** The deepest trench the shallow sewer trench article covers, m. */
export const SHALLOW_SEWER_M = 1.5;
/** A pipe shallower than this needs insulation, m (warm effluent freezes less deep than water). */
export const SEWER_FROST_M = 1.0;

const pipeLabels = { "110": "ПВХ 110 мм", "160": "ПВХ 160 мм" } as const;
const pipeArticle: Record<string, string> = { "110": "А217", "160": "А218" };

const specs = {
  sw_length: spec.dec(0, 500),
  sw_depth: spec.dec(1.2, 3),
  sw_pipe: spec.oneOf(["110", "160"], "110"),
  sw_drop: spec.dec(0, 10),
  sw_turns: spec.int(0, 20),
  sw_inspection_wells: spec.int(0, 50),
  sw_insulation: spec.bool(false),
};

/**
 * The drop of a line, m: as measured, else the least its diameter's slope needs over its length.
 *
 * @example
 * ```ts
 * import { sewerDrop } from "./sewage.ts";
 * if (sewerDrop({ sw_length: 25, sw_drop: 0, sw_pipe: "110" }) !== 0.5) throw new Error("least");
 * if (sewerDrop({ sw_length: 25, sw_drop: 0.6, sw_pipe: "110" }) !== 0.6) throw new Error("measured");
 * ```
 */
export function sewerDrop(v: KindValues): number {
  const drop = v.sw_drop as number;
  if (drop > 0) return drop;
  const min = MIN_SLOPE[v.sw_pipe as string] ?? 0.02;
  return Math.round((v.sw_length as number) * min * 100) / 100;
}

/**
 * A slope with enough digits to compare with the minimum `min`: thousandths, or ten-thousandths rounded
 * down when thousandths would read as the minimum (0,0199 reads 0,0199, never «0,02 меньше 0,02»).
 *
 * @example
 * ```ts
 * import { formatSlope } from "./sewage.ts";
 * if (formatSlope(0.42 / 25, 0.02) !== "0,017") throw new Error("0,0168");
 * if (formatSlope(0.398 / 20, 0.02) !== "0,0199") throw new Error("0,0199");
 * if (formatSlope(0.02, 0.02) !== "0,02") throw new Error("0,02");
 * ```
 */
export function formatSlope(slope: number, min: number): string {
  let shown = Math.round(slope * 1000) / 1000;
  if (shown >= min && slope < min) shown = Math.floor(slope * 10000) / 10000;
  return String(shown).replace(".", ",");
}

/**
 * The trench of a sloped line, split where it passes {@link SHALLOW_SEWER_M}: the pipe starts at the trench
 * depth by the house and falls by the drop, so the metres past the shallow article's depth take the deep one.
 *
 * @example
 * ```ts
 * import { sewerTrench } from "./sewage.ts";
 * // 25 m from 1,2 m falling 0,5 m: 15 m to 1,5 m, 10 m from 1,5 to 1,7 m.
 * const t = sewerTrench(25, 1.2, 0.5);
 * if (t.map((l) => `${l.code} ${l.quantity}`).join() !== "А215 15,А216 10") throw new Error(JSON.stringify(t));
 * ```
 */
export function sewerTrench(length: number, start: number, drop: number): RuleLine[] {
  const end = start + drop;
  const range = drop > 0
    ? `глубина ${formatQuantity(start)}–${formatQuantity(end)} м`
    : `глубина ${formatQuantity(start)} м`;
  if (end <= SHALLOW_SEWER_M + 1e-9) return [line("А215", length, true, range)];
  if (start >= SHALLOW_SEWER_M || !(drop > 0)) return [line("А216", length, true, range)];
  const shallow = Math.round(length * (SHALLOW_SEWER_M - start) / drop * 100) / 100;
  return [
    line("А215", shallow, true, `глубина ${formatQuantity(start)}–${formatQuantity(SHALLOW_SEWER_M)} м`),
    line(
      "А216",
      length - shallow,
      true,
      `глубина ${formatQuantity(SHALLOW_SEWER_M)}–${formatQuantity(end)} м`,
    ),
  ];
}

/**
 * The rules of the external sewage. Worked example (default price list): 18 m of 110 mm at 1.2 m with a
 * 0.4 m drop (slope 0.022 ≥ 0.02, the pipe ends at 1,6 m), 1 inspection well, insulated: trench to 1,5 m
 * 13,5 × 1 600 = 21 600 ₽ and 1,5–1,6 m 4,5 × 2 300 = 10 350 ₽; pipe 18 × 980 = 17 640 ₽; well 11 500 ₽;
 * insulation 18 × 700 = 12 600 ₽. Total 73 690 ₽ (`work_types_test.ts` checks it).
 */
export const sewageRules: readonly KindRule[] = [
  {
    id: "sw_trench_pipe",
    title:
      `Траншея по глубине трубы от дома до конца с уклоном (до ${SHALLOW_SEWER_M} м или глубже) и труба ПВХ на длину канализации`,
    apply: ({ v }) => {
      const length = v.sw_length as number;
      if (!(length > 0)) return;
      return {
        lines: [
          ...sewerTrench(length, v.sw_depth as number, sewerDrop(v)),
          line(pipeArticle[v.sw_pipe as string] ?? "А217", length, true),
        ],
      };
    },
  },
  {
    id: "sw_slope",
    title: "Проверка уклона: перепад высот / длина не меньше минимального для диаметра",
    apply: ({ v }) => {
      const length = v.sw_length as number;
      if (!(length > 0)) return;
      const min = MIN_SLOPE[v.sw_pipe as string] ?? 0.02;
      const need = Math.round(length * min * 100) / 100;
      const drop = v.sw_drop as number;
      if (!(drop > 0)) {
        return {
          notes: [
            `Нужный перепад высот для уклона ${formatSlope(min, min)}: не менее ${formatQuantity(need)} м.`,
          ],
        };
      }
      const slope = drop / length;
      if (slope + 1e-9 >= min) return;
      return {
        warnings: [
          `Уклон ${formatSlope(slope, min)} меньше минимального ${
            formatSlope(min, min)
          } для трубы ${v.sw_pipe} мм: на ${formatQuantity(length)} м нужен перепад не менее ${
            formatQuantity(need)
          } м, есть ${formatQuantity(drop)} м — не хватает ${
            formatQuantity(Math.round((need - drop) * 100) / 100)
          } м; заглубите станцию или поставьте насос.`,
        ],
      };
    },
  },
  {
    id: "sw_wells_insulation",
    title: `Ревизионные колодцы (на поворотах и не реже чем через ${
      WELL_SPACING_M["110"]
    } м) и утепление трубы`,
    apply: ({ v }) => {
      const length = v.sw_length as number;
      const lines: RuleLine[] = [];
      const warnings: string[] = [];
      const notes: string[] = [];
      // The wells the route needs (sewer_line.ts, СП 32.13330.2018 п. 6.3.1); more when the surveyor counts
      // more (a joining pipe needs one too), never fewer.
      const run = { length, turns: v.sw_turns as number, diameter: v.sw_pipe as string };
      const needed = inspectionWells(run);
      const counted = v.sw_inspection_wells as number;
      const wells = Math.max(needed, counted);
      if (wells > 0) lines.push(line("А219", wells, true));
      if (needed > 0) notes.push(inspectionWellsNote("наружной канализации", run, needed));
      if (needed > counted && counted > 0) {
        warnings.push(
          `Указано ревизионных колодцев ${counted}, по трассе нужно ${needed}: учтено ${needed}.`,
        );
      }
      if (v.sw_insulation && length > 0) lines.push(line("А220", length, true));
      else if ((v.sw_depth as number) < SEWER_FROST_M && length > 0) {
        warnings.push(`Труба мельче ${formatQuantity(SEWER_FROST_M)} м без утепления может промерзнуть.`);
      }
      return { lines, warnings, notes };
    },
  },
  winterRule((v) => [trench("траншея канализации", v.sw_length as number, v.sw_depth as number)]),
];

const { number, check, select, section } = formField;
const sections: FormSection[] = [
  section("sewage", "Наружная канализация", [
    number("sw_length", specs.sw_length, "Длина от дома до станции", "м", 1, { required: true }),
    number("sw_depth", specs.sw_depth, "Глубина траншеи", "м", 0.1),
    select("sw_pipe", specs.sw_pipe, pipeLabels, "Труба"),
    number("sw_drop", specs.sw_drop, "Перепад высот выпуск — вход станции (0 — не измерен)", "м", 0.05),
    number("sw_turns", specs.sw_turns, "Количество поворотов трассы", "шт", 1),
    number("sw_inspection_wells", specs.sw_inspection_wells, "Ревизионные колодцы (0 — по трассе)", "шт", 1, {
      code: "А219",
    }),
    check("sw_insulation", specs.sw_insulation, "Утепление трубы", "А220"),
  ]),
];

function missing(v: KindValues): MissingItem[] {
  return (v.sw_length as number) > 0
    ? []
    : [{ label: "Длина канализации от дома до станции", field: "sw_length" }];
}

/** External sewage from the house to the station or tank. */
export const sewage: WorkTypeModule = {
  kind: "sewage",
  title: "Наружная канализация",
  specs,
  sections,
  missing,
  rules: sewageRules,
  summary: (v) => `наружная канализация ${formatQuantity(v.sw_length as number)} м`,
};
