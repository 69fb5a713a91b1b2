// Генезис (серия DEKA): Генезис 4…10, самотёчные С-800 и с принудительным отводом П-800.
// Data only: the published figures of each model; seriesModels() adds what the rules of ./pricing.ts derive.
import { seriesModels } from "./series.ts";
import type { SepticModel } from "./types.ts";

const brand = "genesis";

/** Генезис (серия DEKA): Генезис 4…10, самотёчные С-800 и с принудительным отводом П-800. */
export const genesisModels: readonly SepticModel[] = [
  // id, model, residents, retail ₽, peak discharge l, capacity l/day, length × width × height mm, kg, kWh/day
  ...seriesModels({ brand, series: "DEKA Генезис С-800", discharge: "gravity", maxDepthConnection: 800 }, [
    ["genesis-4-s-800", "Генезис 4 С-800", 4, 133000, 180, 800, [1000, 1000, 2500], 145, 1.1],
    ["genesis-5-s-800", "Генезис 5 С-800", 5, 148000, 230, 1000, [1100, 1100, 2500], 165, 1.3],
    ["genesis-6-s-800", "Генезис 6 С-800", 6, 162000, 280, 1200, [1200, 1100, 2500], 180, 1.5],
    ["genesis-8-s-800", "Генезис 8 С-800", 8, 197000, 360, 1600, [1500, 1100, 2500], 225, 1.8],
    ["genesis-10-s-800", "Генезис 10 С-800", 10, 241000, 460, 2000, [1800, 1200, 2500], 280, 2.2],
  ]),
  ...seriesModels({ brand, series: "DEKA Генезис П-800", discharge: "forced", maxDepthConnection: 800 }, [
    ["genesis-4-p-800", "Генезис 4 П-800", 4, 143000, 180, 800, [1000, 1000, 2500], 150, 1.2],
    ["genesis-5-p-800", "Генезис 5 П-800", 5, 158000, 230, 1000, [1100, 1100, 2500], 170, 1.4],
    ["genesis-6-p-800", "Генезис 6 П-800", 6, 172000, 280, 1200, [1200, 1100, 2500], 185, 1.6],
    ["genesis-8-p-800", "Генезис 8 П-800", 8, 207000, 360, 1600, [1500, 1100, 2500], 230, 1.9],
    ["genesis-10-p-800", "Генезис 10 П-800", 10, 251000, 460, 2000, [1800, 1200, 2500], 285, 2.3],
  ]),
];
