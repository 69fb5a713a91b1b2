/**
 * The station's pipe runs as the measurement fields price them, and the inspection wells of a gravity sewer
 * line — one rule for the station's inlet, its gravity outlet and the external sewer of `work_types/sewage.ts`.
 *
 * Inspection wells follow СП 32.13330.2018 «Канализация. Наружные сети и сооружения», п. 6.3.1: a well at
 * each change of direction (a turn of the run) and, on straight stretches, at most {@link WELL_SPACING_M}
 * apart — 35 m for pipes up to 150 mm. The clause's next band (200–450 mm, 50 m) starts at 200 mm, so the
 * 160 mm pipe is held to the 35 m of the band below. The ends of the run (the house outlet and the station's
 * or the receiver's inlet) need no well of their own.
 *
 * Light (no price list, no catalogue): the measurement form shows with this code what the length fields
 * already price.
 *
 * @module
 */

import { formatQuantity, roundQuantity } from "./money.ts";

/** The longest straight stretch between inspection wells by pipe diameter, m (СП 32.13330.2018, п. 6.3.1). */
export const WELL_SPACING_M: Readonly<Record<string, number>> = { "50": 35, "110": 35, "160": 35 };

/** A gravity sewer run: its length, the turns of its route and the pipe's diameter. */
export interface GravityRun {
  /** Length of the run, m. */
  length: number;
  /** Changes of direction along the route (each needs a well). */
  turns: number;
  /** Pipe diameter, mm, as the form's select gives it ("110"). */
  diameter: string;
}

/**
 * The inspection wells a gravity run needs: one at each turn, and enough on the straight stretches that none
 * is longer than the spacing of {@link WELL_SPACING_M}. The turns count towards the stretches: with the turns
 * spread along the route, `max(turns, ⌈length / spacing⌉ − 1)` wells keep every stretch within the spacing.
 *
 * @example
 * ```ts
 * import { inspectionWells } from "./sewer_line.ts";
 * // 35 m with two turns: a well at each turn; the three stretches are shorter than 35 m.
 * if (inspectionWells({ length: 35, turns: 2, diameter: "110" }) !== 2) throw new Error("turns");
 * // 75 m straight: ⌈75 / 35⌉ − 1 = 2 wells; 35 m straight: none.
 * if (inspectionWells({ length: 75, turns: 0, diameter: "110" }) !== 2) throw new Error("length");
 * if (inspectionWells({ length: 35, turns: 0, diameter: "160" }) !== 0) throw new Error("short");
 * ```
 */
export function inspectionWells({ length, turns, diameter }: GravityRun): number {
  if (!(length > 0)) return 0;
  const spacing = WELL_SPACING_M[diameter] ?? 35;
  return Math.max(Math.max(0, Math.floor(turns)), Math.ceil(length / spacing) - 1);
}

/**
 * Why a run gets its wells, for the estimate's notes: «Ревизионные колодцы на подводящем трубопроводе: 2 шт.
 * (35 м, поворотов 2; СП 32.13330.2018, п. 6.3.1: …)».
 *
 * @example
 * ```ts
 * import { inspectionWellsNote } from "./sewer_line.ts";
 * const note = inspectionWellsNote("подводящем трубопроводе", { length: 35, turns: 2, diameter: "110" }, 2);
 * if (!note.includes("2 шт.") || !note.includes("п. 6.3.1")) throw new Error(note);
 * ```
 */
export function inspectionWellsNote(where: string, run: GravityRun, wells: number): string {
  const spacing = WELL_SPACING_M[run.diameter] ?? 35;
  const length = formatQuantity(run.length);
  return `Ревизионные колодцы на ${where}: ${wells} шт. (${length} м, поворотов ${run.turns}; ` +
    `СП 32.13330.2018, п. 6.3.1: колодец на каждом повороте трассы и не реже чем через ${spacing} м ` +
    `для труб Ø${run.diameter} мм).`;
}

/** What the station's length fields read: the measurements the inlet and outlet rules price. */
export interface StationRunsInput {
  inlet_pipe_length: number;
  outlet_pipe_length: number;
  pipe_exit_diameter: string;
  inlet_turns: number;
  outlet_turns: number;
  need_pumping: boolean;
  need_excavator: boolean;
}

/** One line the length fields price: a required rule line of an article, with what it is for. */
export interface RunLine {
  /** Article code of the default price list. */
  code: string;
  /** Quantity, m, m³ or pieces, at most two fraction digits. */
  quantity: number;
  /** Always required: the run is part of the station's installation. */
  isRequired: true;
  /** What the line is for, as the estimate's name appends it: «подводящий трубопровод». */
  detail: string;
}

const run = (code: string, quantity: number, detail: string): RunLine => ({
  code,
  quantity: roundQuantity(quantity),
  isRequired: true,
  detail,
});

/**
 * What the station's turnkey installation includes of the inlet: up to 5 m of pipe with its trench; the
 * inlet rule charges the pipe and trench beyond it. Source: Moscow-region installers' turnkey offers, e.g.
 * know-house.ru «Сколько стоит установка септика под ключ» (2025): «ограниченная длина магистрали — 4-5 м».
 */
export const TURNKEY_INLET_M = 5;

/**
 * Trench cross-section per metre, m³: 0.5 m wide × 1.2 m deep, the depth of the trench article А002. Used for
 * the excavator's volume, the machine trench's backfill (А094) and the frozen ground of a winter trench (А103).
 */
export const TRENCH_M3_PER_M = 0.6;

/**
 * A trench of `length` m: by hand (А002), or with an excavator the machine trench (А093) and its backfill
 * (А094, {@link TRENCH_M3_PER_M} m³ a metre).
 *
 * @example
 * ```ts
 * import { trenchRunLines } from "./sewer_line.ts";
 * const machine = trenchRunLines(10, true, "траншея");
 * if (machine.map((l) => `${l.code} ${l.quantity}`).join() !== "А093 10,А094 6") throw new Error("machine");
 * ```
 */
export function trenchRunLines(length: number, excavator: boolean, detail: string): RunLine[] {
  if (!excavator) return [run("А002", length, detail)];
  return [
    run("А093", length, detail),
    run(
      "А094",
      length * TRENCH_M3_PER_M,
      `${detail}, ${formatQuantity(length)} м × ${formatQuantity(TRENCH_M3_PER_M)} м³`,
    ),
  ];
}

/** Article of the inlet pipe by the diameter of the pipe leaving the house. */
export const inletPipeByDiameter: Readonly<Record<string, string>> = {
  "50": "А010",
  "110": "А001",
  "160": "А003",
};

/** Article of an inspection well on the station's lines (ПНД 315 мм, up to 1,5 м). */
export const STATION_WELL_ARTICLE = "А012";

/**
 * The lines the station's inlet length prices: the pipe by the house pipe's diameter and its trench beyond
 * the {@link TURNKEY_INLET_M} m the installation includes, and the inspection wells of the whole run
 * ({@link inspectionWells}); none when an external sewer of the same document is the inlet (`sewerIsInlet`).
 *
 * @example
 * ```ts
 * import { inletRunLines } from "./sewer_line.ts";
 * const m = { inlet_pipe_length: 35, pipe_exit_diameter: "110", inlet_turns: 2, need_excavator: false };
 * const lines = inletRunLines(m, false);
 * // А001 30 м and А002 30 м beyond the turnkey 5 m, А012 2 шт. (a well at each of the two turns of the 35 m)
 * if (lines.map((l) => `${l.code} ${l.quantity}`).join() !== "А001 30,А002 30,А012 2") throw new Error("inlet");
 * if (inletRunLines(m, true).length !== 0) throw new Error("the sewer is the inlet");
 * ```
 */
export function inletRunLines(
  m: Pick<StationRunsInput, "inlet_pipe_length" | "pipe_exit_diameter" | "inlet_turns" | "need_excavator">,
  sewerIsInlet: boolean,
): RunLine[] {
  const length = m.inlet_pipe_length;
  if (!(length > 0) || sewerIsInlet) return [];
  const out: RunLine[] = [];
  const extra = roundQuantity(length - TURNKEY_INLET_M);
  if (extra > 0) {
    const beyond = `сверх ${TURNKEY_INLET_M} м, входящих в монтаж`;
    out.push(
      run(inletPipeByDiameter[m.pipe_exit_diameter] ?? "А001", extra, `подводящий трубопровод ${beyond}`),
      ...trenchRunLines(extra, m.need_excavator, `под подводящий трубопровод ${beyond}`),
    );
  }
  const wells = inspectionWells({ length, turns: m.inlet_turns, diameter: m.pipe_exit_diameter });
  if (wells > 0) out.push(run(STATION_WELL_ARTICLE, wells, "подводящий трубопровод"));
  return out;
}

/**
 * The lines the station's outlet length prices: gravity PVC 110 or pressure HDPE 32 when pumped (`forced`: a
 * forced-discharge model or a separate pump), its trench, and the inspection wells of a gravity run (a
 * pressure pipe is kept clean by the pump's flow and needs none).
 *
 * @example
 * ```ts
 * import { outletRunLines } from "./sewer_line.ts";
 * const m = { outlet_pipe_length: 40, outlet_turns: 1, need_excavator: false };
 * // Gravity 40 m with one turn: max(1, ⌈40 / 35⌉ − 1) = 1 well.
 * if (outletRunLines(m, false).map((l) => l.code).join() !== "А001,А002,А012") throw new Error("gravity");
 * if (outletRunLines(m, true).map((l) => l.code).join() !== "А007,А002") throw new Error("forced");
 * ```
 */
export function outletRunLines(
  m: Pick<StationRunsInput, "outlet_pipe_length" | "outlet_turns" | "need_excavator">,
  forced: boolean,
): RunLine[] {
  const length = m.outlet_pipe_length;
  if (!(length > 0)) return [];
  const detail = "отводящий трубопровод";
  const out: RunLine[] = [
    run(forced ? "А007" : "А001", length, detail),
    ...trenchRunLines(length, m.need_excavator, "под отводящий трубопровод"),
  ];
  const wells = forced ? 0 : inspectionWells({ length, turns: m.outlet_turns, diameter: "110" });
  if (wells > 0) out.push(run(STATION_WELL_ARTICLE, wells, detail));
  return out;
}

/**
 * What the station's length fields price, an article once with its total quantity: what the form shows
 * beside «Прокладка труб», so the surveyor does not tick the same pipe or trench again (a ticked article
 * that is also here is merged into these lines, `rules.ts`).
 *
 * @example
 * ```ts
 * import { pricedByLengths } from "./sewer_line.ts";
 * const m = { inlet_pipe_length: 8, outlet_pipe_length: 5, pipe_exit_diameter: "110", inlet_turns: 0,
 *   outlet_turns: 0, need_pumping: false, need_excavator: false };
 * // The inlet's 3 m beyond the turnkey 5 m and the outlet's 5 m.
 * const priced = pricedByLengths(m, { forced: false, sewerIsInlet: false });
 * if (priced.map((l) => `${l.code} ${l.quantity}`).join() !== "А001 8,А002 8") throw new Error("priced");
 * ```
 */
export function pricedByLengths(
  m: StationRunsInput,
  { forced, sewerIsInlet }: { forced: boolean; sewerIsInlet: boolean },
): { code: string; quantity: number }[] {
  const out: { code: string; quantity: number }[] = [];
  const run = [...inletRunLines(m, sewerIsInlet), ...outletRunLines(m, forced || m.need_pumping)];
  for (const l of run) {
    const same = out.find((o) => o.code === l.code);
    if (same) same.quantity = Math.round((same.quantity + l.quantity) * 100) / 100;
    else out.push({ code: l.code, quantity: l.quantity });
  }
  return out;
}
