/**
 * The downhole pump catalogue the well estimate chooses from: rated flow, the head at that flow, the price.
 *
 * Prices are whole roubles, retail in Moscow, 2026: the sellers' list prices of the pumps (Grundfos SQ from
 * the Grundfos Russia distributors' lists, Джилекс Водомет and UNIPUMP from the makers' shops), rounded to
 * hundreds. Heads are read off the makers' curves at the rated flow, not the zero-flow maximum.
 *
 * @module
 */

/** A downhole pump (3″–4″) of the catalogue. */
export interface WellPump {
  /** Stable id (`sq-3-65`). */
  id: string;
  /** Name as printed. */
  name: string;
  /** Rated flow, m³/h. */
  flow: number;
  /** Head at the rated flow, m. */
  head: number;
  /** Price, whole roubles. */
  price: number;
}

/** The catalogue, cheapest first within a flow. */
export const wellPumps: readonly WellPump[] = [
  { id: "vodomet-55-50", name: "Джилекс Водомет ПРОФ 55/50", flow: 3.3, head: 40, price: 17_900 },
  { id: "vodomet-55-90", name: "Джилекс Водомет ПРОФ 55/90", flow: 3.3, head: 72, price: 26_500 },
  // The series' deeper model: 55 l/min (3.3 m³/h), 120 m at zero flow per the maker; the head at the rated flow
  // taken at the 80 % of the maximum the 55/90 row reads off its curve. Price: the maker's shop level of 2025,
  // rounded up (an estimate, not a dated page).
  { id: "vodomet-55-120", name: "Джилекс Водомет ПРОФ 55/120", flow: 3.3, head: 96, price: 34_900 },
  { id: "unipump-eco-midi-2", name: "UNIPUMP ECO MIDI-2", flow: 2.5, head: 55, price: 21_800 },
  { id: "sq-2-55", name: "Grundfos SQ 2-55", flow: 2, head: 46, price: 64_900 },
  { id: "sq-2-85", name: "Grundfos SQ 2-85", flow: 2, head: 72, price: 79_900 },
  { id: "sq-3-65", name: "Grundfos SQ 3-65", flow: 3, head: 52, price: 77_500 },
  { id: "sq-3-105", name: "Grundfos SQ 3-105", flow: 3, head: 85, price: 99_800 },
  { id: "sq-5-70", name: "Grundfos SQ 5-70", flow: 5, head: 55, price: 96_400 },
  { id: "sq-5-90", name: "Grundfos SQ 5-90", flow: 5, head: 75, price: 118_500 },
  { id: "sqe-5-110", name: "Grundfos SQE 5-110", flow: 5, head: 92, price: 165_000 },
];

/**
 * The cheapest pump that gives at least `flow` m³/h at a head of at least `head` m; undefined when none does.
 *
 * @example
 * ```ts
 * import { choosePump } from "./pumps.ts";
 * if (choosePump(3, 60)?.id !== "vodomet-55-90") throw new Error("3 m³/h, 60 m");
 * if (choosePump(4, 80)?.id !== "sqe-5-110") throw new Error("4 m³/h, 80 m");
 * if (choosePump(6, 50) !== undefined) throw new Error("no pump gives 6 m³/h");
 * ```
 */
export function choosePump(flow: number, head: number): WellPump | undefined {
  let best: WellPump | undefined;
  for (const p of wellPumps) {
    if (p.flow < flow || p.head < head) continue;
    if (!best || p.price < best.price) best = p;
  }
  return best;
}
