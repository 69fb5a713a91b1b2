/**
 * Water supply from the well to the house: trench, pipe, frost protection, wall entry and foundation drilling.
 *
 * A pipe is safe from frost below {@link FROST_DEPTH_M} m in the Moscow region (the ground freezes 1.4–1.6 m
 * deep, СП 131.13330); a shallower trench needs a heating cable, so the form lists it as missing until
 * the cable is ticked or the trench is deepened.
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

/** The depth a water pipe needs without a heating cable in the Moscow region, m. */
export const FROST_DEPTH_M = 1.6;
/** The deepest trench the shallowest article covers (a heated pipe above the frost depth), m. */
export const HEATED_TRENCH_M = 1.2;
/** The deepest trench the shallow trench article covers, m. */
export const SHALLOW_TRENCH_M = 1.8;

const pipeLabels = { pnd_32: "ПНД 32 мм", pnd_40: "ПНД 40 мм", pnd_50: "ПНД 50 мм" } as const;
const pipeArticle: Record<string, string> = { pnd_32: "А197", pnd_40: "А198", pnd_50: "А199" };

const specs = {
  ws_length: spec.dec(0, 500),
  ws_depth: spec.dec(1.8, 3),
  ws_pipe: spec.oneOf(["pnd_32", "pnd_40", "pnd_50"], "pnd_32"),
  ws_heating_cable: spec.bool(false),
  ws_insulation: spec.bool(false),
  ws_wall_entry: spec.bool(true),
  ws_foundation_cm: spec.int(0, 300),
};

/**
 * The rules of the water pipe. Worked example (default price list): 20 m at 1.2 m with a heating cable and
 * insulation, ПНД 32, wall entry, a 40 cm foundation: trench up to 1,2 m 20 × 1 000 = 20 000 ₽; pipe
 * 20 × 360 = 7 200 ₽; cable 20 × 900 = 18 000 ₽; insulation 20 × 260 = 5 200 ₽; entry 6 000 ₽; drilling
 * 40 cm × 55 = 2 200 ₽. Total 58 600 ₽ (`work_types_test.ts` checks it).
 */
export const waterSupplyRules: readonly KindRule[] = [
  {
    id: "ws_trench",
    title:
      `Траншея на длину водопровода: до ${HEATED_TRENCH_M} м (утеплённая труба с кабелем), до ${SHALLOW_TRENCH_M} м или глубже`,
    apply: ({ v }) => {
      const length = v.ws_length as number;
      if (!(length > 0)) return;
      const depth = v.ws_depth as number;
      return {
        lines: [
          depth <= HEATED_TRENCH_M
            ? trenchLine(length, depth, HEATED_TRENCH_M, ["А261", "А195"])
            : trenchLine(length, depth, SHALLOW_TRENCH_M, ["А195", "А196"]),
        ],
      };
    },
  },
  {
    id: "ws_pipe",
    title: "Напорная труба ПНД выбранного диаметра на длину водопровода",
    apply: ({ v }) => {
      const length = v.ws_length as number;
      return length > 0
        ? { lines: [line(pipeArticle[v.ws_pipe as string] ?? "А197", length, true)] }
        : undefined;
    },
  },
  {
    id: "ws_frost",
    title:
      `Защита от промерзания: греющий кабель и утепление на длину водопровода; выше ${FROST_DEPTH_M} м без кабеля — предупреждение`,
    apply: ({ v }) => {
      const length = v.ws_length as number;
      if (!(length > 0)) return;
      const lines: RuleLine[] = [];
      if (v.ws_heating_cable) lines.push(line("А200", length, true));
      if (v.ws_insulation) lines.push(line("А201", length, true));
      const notes = (v.ws_depth as number) >= FROST_DEPTH_M
        ? [`Водопровод уложен ниже глубины промерзания (${formatQuantity(v.ws_depth as number)} м).`]
        : [];
      return { lines, notes };
    },
  },
  {
    id: "ws_entry",
    title: "Ввод в дом и алмазное бурение фундамента Ø110 мм на его толщину",
    apply: ({ v }) => {
      const lines: RuleLine[] = [];
      if (v.ws_wall_entry) lines.push(line("А202", 1, true));
      const cm = v.ws_foundation_cm as number;
      if (cm > 0) lines.push(line("А061", cm, true, `ввод водопровода, ${cm} см`));
      return { lines };
    },
  },
  winterRule((v) => [trench("траншея водопровода", v.ws_length as number, v.ws_depth as number)]),
];

const { number, check, select, section } = formField;
const sections: FormSection[] = [
  section("water_supply", "Водопровод от скважины до дома", [
    number("ws_length", specs.ws_length, "Длина водопровода", "м", 1, { required: true }),
    number("ws_depth", specs.ws_depth, "Глубина траншеи", "м", 0.1),
    select("ws_pipe", specs.ws_pipe, pipeLabels, "Труба"),
    check("ws_heating_cable", specs.ws_heating_cable, "Греющий кабель", "А200"),
    check("ws_insulation", specs.ws_insulation, "Утепление трубы", "А201"),
    check("ws_wall_entry", specs.ws_wall_entry, "Ввод в дом (гильза, герметизация)", "А202"),
    number(
      "ws_foundation_cm",
      specs.ws_foundation_cm,
      "Бурение фундамента (толщина, 0 — не нужно)",
      "см",
      1,
      { code: "А061" },
    ),
  ]),
];

function missing(v: KindValues): MissingItem[] {
  const out: MissingItem[] = [];
  if (!((v.ws_length as number) > 0)) out.push({ label: "Длина водопровода", field: "ws_length" });
  if ((v.ws_depth as number) < FROST_DEPTH_M && !v.ws_heating_cable) {
    out.push({
      label: `Греющий кабель (траншея мельче ${formatQuantity(FROST_DEPTH_M)} м)`,
      field: "ws_heating_cable",
    });
  }
  return out;
}

/** Water supply from the well to the house. */
export const waterSupply: WorkTypeModule = {
  kind: "water_supply",
  title: "Водопровод",
  specs,
  sections,
  missing,
  rules: waterSupplyRules,
  summary: (v) => `водопровод ${formatQuantity(v.ws_length as number)} м`,
};
