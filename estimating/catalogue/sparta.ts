// Спарта: линейки ECO (600…1200), СТАНДАРТ (600…2000) и ПЛЮС (800…2000, принудительный отвод); число в названии — производительность, л/сут.
// Data only: the published figures of each model; seriesModels() adds what the rules of ./pricing.ts derive.
import { seriesModels } from "./series.ts";
import type { SepticModel } from "./types.ts";

const brand = "sparta";

/** Спарта: линейки ECO (600…1200), СТАНДАРТ (600…2000) и ПЛЮС (800…2000, принудительный отвод); число в названии — производительность, л/сут. */
export const spartaModels: readonly SepticModel[] = [
  // id, model, residents, retail ₽, peak discharge l, capacity l/day, length × width × height mm, kg, kWh/day
  ...seriesModels({ brand, series: "Спарта ECO", discharge: "gravity", maxDepthConnection: 600 }, [
    ["sparta-eco-600", "Спарта ECO 600", 3, 113000, 150, 600, [1000, 1000, 2300], 130, 0.9],
    ["sparta-eco-800", "Спарта ECO 800", 4, 122000, 200, 800, [1000, 1100, 2300], 145, 1.1],
    ["sparta-eco-1000", "Спарта ECO 1000", 5, 133000, 250, 1000, [1100, 1100, 2400], 165, 1.3],
    ["sparta-eco-1200", "Спарта ECO 1200", 6, 147000, 300, 1200, [1200, 1100, 2400], 180, 1.4],
  ]),
  ...seriesModels({ brand, series: "Спарта СТАНДАРТ", discharge: "gravity", maxDepthConnection: 800 }, [
    ["sparta-standard-600", "Спарта СТАНДАРТ 600", 3, 119000, 150, 600, [1000, 1000, 2300], 140, 0.9],
    ["sparta-standard-800", "Спарта СТАНДАРТ 800", 4, 128000, 200, 800, [1000, 1100, 2300], 155, 1.1],
    ["sparta-standard-1000", "Спарта СТАНДАРТ 1000", 5, 139000, 250, 1000, [1100, 1100, 2400], 175, 1.3],
    ["sparta-standard-1200", "Спарта СТАНДАРТ 1200", 6, 153000, 300, 1200, [1200, 1100, 2400], 190, 1.4],
    ["sparta-standard-1500", "Спарта СТАНДАРТ 1500", 7, 178000, 375, 1500, [1400, 1200, 2400], 230, 1.7],
    ["sparta-standard-2000", "Спарта СТАНДАРТ 2000", 10, 219000, 500, 2000, [1800, 1200, 2400], 290, 2.1],
  ]),
  ...seriesModels({ brand, series: "Спарта ПЛЮС", discharge: "forced", maxDepthConnection: 1200 }, [
    ["sparta-plus-800", "Спарта ПЛЮС 800", 4, 143000, 200, 800, [1000, 1100, 2700], 185, 1.2],
    ["sparta-plus-1000", "Спарта ПЛЮС 1000", 5, 154000, 250, 1000, [1100, 1100, 2800], 205, 1.4],
    ["sparta-plus-1200", "Спарта ПЛЮС 1200", 6, 168000, 300, 1200, [1200, 1100, 2800], 220, 1.5],
    ["sparta-plus-1500", "Спарта ПЛЮС 1500", 7, 193000, 375, 1500, [1400, 1200, 2800], 260, 1.8],
    ["sparta-plus-2000", "Спарта ПЛЮС 2000", 10, 234000, 500, 2000, [1800, 1200, 2800], 320, 2.2],
  ]),
];
