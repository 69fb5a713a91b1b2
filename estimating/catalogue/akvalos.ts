// Аквалос: УНИВЕРСАЛЬНЫЙ (вертикальный, 3…20) и ГОРИЗОНТ (горизонтальный для высоких грунтовых вод, 4…10).
// Data only: the published figures of each model; seriesModels() adds what the rules of ./pricing.ts derive.
import { seriesModels } from "./series.ts";
import type { SepticModel } from "./types.ts";

const brand = "akvalos";

/** Аквалос: УНИВЕРСАЛЬНЫЙ (вертикальный, 3…20) и ГОРИЗОНТ (горизонтальный для высоких грунтовых вод, 4…10). */
export const akvalosModels: readonly SepticModel[] = [
  // id, model, residents, retail ₽, peak discharge l, capacity l/day, length × width × height mm, kg, kWh/day
  ...seriesModels({ brand, series: "Аквалос УНИВЕРСАЛЬНЫЙ", discharge: "gravity", maxDepthConnection: 900 }, [
    ["akvalos-3", "Аквалос 3", 3, 121000, 150, 600, [1000, 1000, 2300], 150, 0.9],
    ["akvalos-4", "Аквалос 4", 4, 131000, 200, 800, [1000, 1100, 2400], 165, 1.1],
    ["akvalos-5", "Аквалос 5", 5, 144000, 250, 1000, [1100, 1100, 2400], 185, 1.3],
    ["akvalos-7", "Аквалос 7", 7, 174000, 350, 1400, [1400, 1100, 2400], 230, 1.6],
    ["akvalos-10", "Аквалос 10", 10, 226000, 500, 2000, [1800, 1200, 2400], 290, 2],
    ["akvalos-15", "Аквалос 15", 15, 309000, 750, 3000, [2200, 1600, 2500], 420, 3],
    ["akvalos-20", "Аквалос 20", 20, 399000, 1000, 4000, [2800, 1800, 2500], 560, 4],
  ]),
  ...seriesModels({ brand, series: "Аквалос ГОРИЗОНТ", discharge: "gravity", maxDepthConnection: 500 }, [
    ["akvalos-horizont-4", "Аквалос 4 Горизонт", 4, 139000, 200, 800, [2200, 1000, 1600], 180, 1.1],
    ["akvalos-horizont-5", "Аквалос 5 Горизонт", 5, 152000, 250, 1000, [2500, 1100, 1600], 200, 1.3],
    ["akvalos-horizont-7", "Аквалос 7 Горизонт", 7, 184000, 350, 1400, [3000, 1100, 1600], 250, 1.6],
    ["akvalos-horizont-10", "Аквалос 10 Горизонт", 10, 238000, 500, 2000, [3600, 1200, 1700], 320, 2],
  ]),
];
