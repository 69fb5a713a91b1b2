// Оптима (серия DEKA): Оптима 4…8, самотёчные С-800, С-1300 и с принудительным отводом П-800.
// Data only: the published figures of each model; seriesModels() adds what the rules of ./pricing.ts derive.
import { seriesModels } from "./series.ts";
import type { SepticModel } from "./types.ts";

const brand = "optima";

/** Оптима (серия DEKA): Оптима 4…8, самотёчные С-800, С-1300 и с принудительным отводом П-800. */
export const optimaModels: readonly SepticModel[] = [
  // id, model, residents, retail ₽, peak discharge l, capacity l/day, length × width × height mm, kg, kWh/day
  ...seriesModels({ brand, series: "DEKA Оптима С-800", discharge: "gravity", maxDepthConnection: 800 }, [
    ["optima-4-s-800", "Оптима 4 С-800", 4, 124000, 170, 800, [1000, 1000, 2400], 130, 1.1],
    ["optima-5-s-800", "Оптима 5 С-800", 5, 136000, 210, 1000, [1100, 1000, 2400], 145, 1.3],
    ["optima-6-s-800", "Оптима 6 С-800", 6, 149000, 250, 1200, [1200, 1000, 2400], 160, 1.4],
    ["optima-8-s-800", "Оптима 8 С-800", 8, 181000, 330, 1600, [1500, 1100, 2400], 205, 1.8],
  ]),
  ...seriesModels({ brand, series: "DEKA Оптима П-800", discharge: "forced", maxDepthConnection: 800 }, [
    ["optima-4-p-800", "Оптима 4 П-800", 4, 133000, 170, 800, [1000, 1000, 2400], 135, 1.2],
    ["optima-5-p-800", "Оптима 5 П-800", 5, 145000, 210, 1000, [1100, 1000, 2400], 150, 1.4],
    ["optima-6-p-800", "Оптима 6 П-800", 6, 158000, 250, 1200, [1200, 1000, 2400], 165, 1.5],
    ["optima-8-p-800", "Оптима 8 П-800", 8, 190000, 330, 1600, [1500, 1100, 2400], 210, 1.9],
  ]),
  ...seriesModels({ brand, series: "DEKA Оптима С-1300", discharge: "gravity", maxDepthConnection: 1300 }, [
    ["optima-4-s-1300", "Оптима 4 С-1300", 4, 137000, 170, 800, [1000, 1000, 2900], 160, 1.1],
    ["optima-5-s-1300", "Оптима 5 С-1300", 5, 149000, 210, 1000, [1100, 1000, 2900], 175, 1.3],
    ["optima-6-s-1300", "Оптима 6 С-1300", 6, 162000, 250, 1200, [1200, 1000, 2900], 190, 1.4],
    ["optima-8-s-1300", "Оптима 8 С-1300", 8, 194000, 330, 1600, [1500, 1100, 2900], 235, 1.8],
  ]),
];
