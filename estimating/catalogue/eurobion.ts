// Евробион (ЮБАС): Раунд, СТАНДАРТ, МИДИ, ЛОНГ, СУПЕРЛОНГ, ГОРИЗОНТ и Ультра (большая производительность, монтаж по индивидуальному расчёту).
// Data only: the published figures of each model; seriesModels() adds what the rules of ./pricing.ts derive.
import { seriesModels } from "./series.ts";
import type { SepticModel } from "./types.ts";

const brand = "eurobion";

/** Евробион (ЮБАС): Раунд, СТАНДАРТ, МИДИ, ЛОНГ, СУПЕРЛОНГ, ГОРИЗОНТ и Ультра (большая производительность, монтаж по индивидуальному расчёту). */
export const eurobionModels: readonly SepticModel[] = [
  // id, model, residents, retail ₽, peak discharge l, capacity l/day, length × width × height mm, kg, kWh/day
  ...seriesModels({ brand, series: "Евробион Раунд", discharge: "gravity", maxDepthConnection: 600 }, [
    ["eurobion-round-3", "Евробион Раунд 3", 3, 125000, 140, 600, [1000, 1000, 2200], 110, 0.9],
    ["eurobion-round-4", "Евробион Раунд 4", 4, 135000, 180, 800, [1100, 1100, 2200], 125, 1],
    ["eurobion-round-5", "Евробион Раунд 5", 5, 149000, 220, 1000, [1200, 1200, 2200], 140, 1.2],
  ]),
  ...seriesModels({ brand, series: "Евробион СТАНДАРТ", discharge: "gravity", maxDepthConnection: 700 }, [
    ["eurobion-4", "Евробион 4", 4, 139000, 180, 800, [1000, 1100, 2400], 135, 1],
    ["eurobion-5", "Евробион 5", 5, 152000, 220, 1000, [1100, 1100, 2400], 150, 1.2],
    ["eurobion-6", "Евробион 6", 6, 167000, 260, 1200, [1200, 1100, 2400], 165, 1.4],
    ["eurobion-8", "Евробион 8", 8, 199000, 350, 1600, [1500, 1100, 2400], 210, 1.7],
    ["eurobion-10", "Евробион 10", 10, 239000, 440, 2000, [1800, 1200, 2400], 255, 2],
  ]),
  ...seriesModels({ brand, series: "Евробион МИДИ", discharge: "gravity", maxDepthConnection: 900 }, [
    ["eurobion-midi-5", "Евробион 5 Миди", 5, 160000, 220, 1000, [1100, 1100, 2600], 165, 1.2],
    ["eurobion-midi-6", "Евробион 6 Миди", 6, 175000, 260, 1200, [1200, 1100, 2600], 180, 1.4],
    ["eurobion-midi-8", "Евробион 8 Миди", 8, 207000, 350, 1600, [1500, 1100, 2600], 225, 1.7],
  ]),
  ...seriesModels({ brand, series: "Евробион ЛОНГ", discharge: "gravity", maxDepthConnection: 1200 }, [
    ["eurobion-long-5", "Евробион 5 Лонг", 5, 168000, 220, 1000, [1100, 1100, 2900], 185, 1.2],
    ["eurobion-long-6", "Евробион 6 Лонг", 6, 183000, 260, 1200, [1200, 1100, 2900], 200, 1.4],
    ["eurobion-long-8", "Евробион 8 Лонг", 8, 215000, 350, 1600, [1500, 1100, 2900], 245, 1.7],
    ["eurobion-long-10", "Евробион 10 Лонг", 10, 255000, 440, 2000, [1800, 1200, 2900], 290, 2],
  ]),
  ...seriesModels({ brand, series: "Евробион СУПЕРЛОНГ", discharge: "gravity", maxDepthConnection: 1800 }, [
    ["eurobion-superlong-5", "Евробион 5 Суперлонг", 5, 182000, 220, 1000, [1100, 1100, 3500], 220, 1.2],
    ["eurobion-superlong-8", "Евробион 8 Суперлонг", 8, 229000, 350, 1600, [1500, 1100, 3500], 280, 1.7],
  ]),
  ...seriesModels({ brand, series: "Евробион ГОРИЗОНТ", discharge: "gravity", maxDepthConnection: 300 }, [
    ["eurobion-horizont-5", "Евробион 5 Горизонт", 5, 152000, 220, 1000, [2400, 1100, 1500], 170, 1.2],
    ["eurobion-horizont-8", "Евробион 8 Горизонт", 8, 199000, 350, 1600, [3200, 1200, 1500], 240, 1.7],
  ]),
  ...seriesModels({ brand, series: "Евробион Ультра", discharge: "gravity", maxDepthConnection: 1000 }, [
    ["eurobion-ultra-25", "Евробион Ультра 25", 25, 690000, 1250, 5000, [3000, 2000, 2500], 900, null],
    ["eurobion-ultra-30", "Евробион Ультра 30", 30, 790000, 1500, 6000, [3500, 2000, 2500], 1050, null],
    ["eurobion-ultra-40", "Евробион Ультра 40", 40, 990000, 2000, 8000, [4500, 2000, 2600], 1350, null],
  ]),
];
