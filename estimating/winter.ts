/**
 * Winter works: when the season is winter, and the frozen-ground surcharge А103 on every
 * excavation of the estimate — the station's pit and trenches, the well's caisson pit, the trenches of the
 * water pipe, the drainage and the external sewer — by one helper, so every section counts it the same way.
 *
 * The surcharge is charged on the frozen layer only: below it the ground digs as in summer. The state
 * estimate norms price frozen-ground excavation the same way (ГЭСН 81-02-01-2020 «Земляные работы»: the
 * frozen ground is a separate volume, the layer down to the depth of frost, the rest is priced as thawed
 * ground). The layer is taken at {@link FROZEN_LAYER_M}.
 *
 * Light: the work-type modules (run in the browser form too) use it; no catalogue, no price list.
 *
 * @module
 */

import { formatQuantity, roundQuantity } from "./money.ts";
import type { RuleLine } from "./rule_line.ts";

/**
 * Months priced as winter works when the surveyor leaves the season on «по дате сметы»: December to March,
 * the months of frozen ground around Moscow (mean monthly air temperature below zero in the Moscow climate
 * normals of СП 131.13330.2020, table 5.1).
 */
export const WINTER_MONTHS: readonly number[] = [12, 1, 2, 3];

/**
 * Depth of the frozen layer priced as frozen ground, m: what bare ground around Moscow freezes to by the height
 * of a winter — 63 cm on snow-free ground at the МГУ meteorological observatory on 5 February (regions.ru,
 * «Снег-утеплитель: обильные осадки в Подмосковье неожиданно спасли почву»), 67 cm without snow by the
 * Hydrometcentre's estimate of 3 February 2022 (mosregion.info, Р. Вильфанд); under snow far less. The
 * normative depth of seasonal freezing (СП 22.13330.2016 п. 5.5.3, about 1.1 m for loam in Moscow) is the
 * many-year maximum a foundation or a water pipe must stay below (`water_supply.ts`), not the layer a crew
 * breaks on an average winter job, so 0.7 m is taken: a site cleared of snow, rounded up.
 */
export const FROZEN_LAYER_M = 0.7;

/** Width of a pipe trench, m: 0.5 m, the section of the trench article А002 (0.5 × 1.2 = 0.6 m³ per m). */
export const PIPE_TRENCH_WIDTH_M = 0.5;

/** What the season fields of a document say (the station's fields; absent in a legacy document). */
export interface SeasonFields {
  season?: string;
  winter_conditions?: boolean;
  winter_work?: boolean;
}

/**
 * Whether the works are priced as winter works: the surveyor's season, the winter flags of the form, or, with
 * the season left on `auto`, a month of {@link WINTER_MONTHS} in the estimate's date.
 *
 * @example
 * ```ts
 * import { isWinter } from "./winter.ts";
 * if (!isWinter({ season: "auto" }, "2026-02-10") || isWinter({ season: "auto" }, "2026-06-10")) throw new Error("by date");
 * if (isWinter({ season: "summer" }, "2026-02-10")) throw new Error("override");
 * ```
 */
export function isWinter(m: SeasonFields, date: string | undefined): boolean {
  if (m.season === "winter" || m.winter_conditions || m.winter_work) return true;
  if (m.season === "summer" || !date) return false;
  return WINTER_MONTHS.includes(Number(date.slice(5, 7)));
}

/** One excavation as the winter surcharge sees it. */
export interface Excavation {
  /** What it is, in the estimate's words («котлован», «траншея водопровода 35 м»). */
  what: string;
  /** Its plan area, m² (a trench: length × width). */
  area: number;
  /** Its depth, m. */
  depth: number;
}

/**
 * A trench as an excavation: length × width in plan.
 *
 * @example
 * ```ts
 * import { trench } from "./winter.ts";
 * const t = trench("траншея водопровода", 20, 1.2);
 * if (t.area !== 10 || t.what !== "траншея водопровода 20 м") throw new Error(JSON.stringify(t));
 * ```
 */
export function trench(what: string, length: number, depth: number, width = PIPE_TRENCH_WIDTH_M): Excavation {
  return { what: `${what} ${formatQuantity(length)} м`, area: length * width, depth };
}

/**
 * The frozen ground of the excavations, m³ (0.01): each one's plan area × the frozen layer, or its own depth
 * when shallower.
 *
 * @example
 * ```ts
 * import { frozenVolume, trench } from "./winter.ts";
 * // 20 m × 0.5 m × 0.7 m = 7 m³; a 0.6 m trench 10 m × 0.5 × 0.6 = 3 m³
 * if (frozenVolume([trench("а", 20, 1.8), trench("б", 10, 0.6)]) !== 10) throw new Error("frozen");
 * ```
 */
export function frozenVolume(excavations: readonly Excavation[]): number {
  let volume = 0;
  for (const e of excavations) volume += e.area * Math.min(e.depth, FROZEN_LAYER_M);
  return roundQuantity(volume);
}

/**
 * The frozen-ground line А103 of the excavations (`undefined` when there is none), its detail naming them.
 * Worked example (default price list, А103 800 ₽/m³): a water pipe of 35 m at 1.0 m — 35 × 0.5 × 0.7 =
 * 12.25 m³ × 800 = 9 800 ₽.
 *
 * @example
 * ```ts
 * import { frozenGroundLine, trench } from "./winter.ts";
 * const l = frozenGroundLine([trench("траншея водопровода", 35, 1)]);
 * if (l?.code !== "А103" || l.quantity !== 12.25) throw new Error(JSON.stringify(l));
 * ```
 */
export function frozenGroundLine(excavations: readonly Excavation[]): RuleLine | undefined {
  const quantity = frozenVolume(excavations);
  if (!(quantity > 0)) return undefined;
  return {
    code: "А103",
    quantity,
    isRequired: true,
    detail: `мёрзлый слой до ${formatQuantity(FROZEN_LAYER_M)} м: ${
      excavations.map((e) => e.what).join(", ")
    }`,
  };
}

/**
 * The note of winter works, the same for every section (an estimate of several prints it once).
 *
 * @example
 * ```ts
 * import { winterNote } from "./winter.ts";
 * if (!winterNote({ season: "auto" }).includes("по дате сметы")) throw new Error("auto");
 * ```
 */
export function winterNote(m: SeasonFields): string {
  return (m.season ?? "auto") === "auto" && !m.winter_conditions && !m.winter_work
    ? "Работы в период мёрзлого грунта (декабрь–март, по дате сметы): учтено зимнее удорожание земляных работ."
    : "Зимние условия работ: учтено зимнее удорожание земляных работ.";
}
