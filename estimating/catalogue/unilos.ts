// Юнилос Астра (СБМ-Групп): Астра 5 и Астра 8 в исполнениях стандарт, Миди, Лонг и Пр.
// Data only: the published figures of each model; seriesModels() adds what the rules of ./pricing.ts derive.
//
// Sources, as found on 2026-11-25 (re-check against unilos.ru before relying on a single figure):
// - Retail prices: the list prices (the crossed-out «обычная цена», not the promotional one) of a Moscow-region
//   installer's «популярные модели» block, the page's source kept in a public GitHub repository; the page
//   carries no date, its price level is that of the other brands of this catalogue (Топас 5 at 159 000 ₽).
//   Астра 8 Лонг Пр is listed there below Астра 8 Лонг (177 650 < 204 000), an obvious slip: it is set at
//   Лонг + 5 000 ₽, the Пр surcharge the same list shows on every other model.
// - Astra 8 capacity, peak discharge, body and weight: izbvodokanal.ru «Unilos Astra 8: technical
//   characteristics» (1.6 m³/day, 350 l, 1500 × 1160 × 2360 / 2500 / 3000 mm, 290 / 315 / 370 kg).
// - Astra 5: capacity 1.0 m³/day and peak discharge 250 l (the same installer's list); body 1120 × 1160 mm
//   and the heights 2360 / 2500 / 3000 mm of the Astra line; weights 210 / 230 / 260 kg and 1.5 kWh a day
//   from the maker's data sheet as dealers reproduce it. Astra 8's consumption is not published in these
//   sources: н/д.
// - Deepest inlet: 0.85 m standard, 1.0 m Миди, 1.5 m Лонг (the installer's list, «глубина подводящей трубы»).
// Sizes 3, 4, 6, 7, 10 and 15 are left out: the one public list with their prices found on 2026-11-25 (an
// installer's calculator page kept in a public GitHub repository, undated, about 10 % below this file's price
// level: Астра 5 131 325 ₽, Астра 8 160 140 ₽) gives price, capacity and volley but no body size, weight or
// inlet depth, and its Астра 10 volley (350 l) contradicts another installer's list (760 l).
import { seriesModels } from "./series.ts";
import type { SepticModel } from "./types.ts";

const brand = "unilos";

/** Юнилос Астра: Астра 5 и Астра 8 в исполнениях стандарт, Миди, Лонг и Пр (принудительный отвод). */
export const unilosModels: readonly SepticModel[] = [
  // id, model, residents, retail ₽, peak discharge l, capacity l/day, length × width × height mm, kg, kWh/day
  ...seriesModels({ brand, series: "Юнилос Астра", discharge: "gravity", maxDepthConnection: 850 }, [
    ["unilos-astra-5", "Юнилос Астра 5", 5, 145000, 250, 1000, [1120, 1160, 2360], 210, 1.5],
    ["unilos-astra-8", "Юнилос Астра 8", 8, 176000, 350, 1600, [1500, 1160, 2360], 290, null],
  ]),
  ...seriesModels({ brand, series: "Юнилос Астра Пр", discharge: "forced", maxDepthConnection: 850 }, [
    ["unilos-astra-5-pr", "Юнилос Астра 5 Пр", 5, 150000, 250, 1000, [1120, 1160, 2360], 210, 1.5],
    ["unilos-astra-8-pr", "Юнилос Астра 8 Пр", 8, 181850, 350, 1600, [1500, 1160, 2360], 290, null],
  ]),
  ...seriesModels({ brand, series: "Юнилос Астра Миди", discharge: "gravity", maxDepthConnection: 1000 }, [
    ["unilos-astra-5-midi", "Юнилос Астра 5 Миди", 5, 148000, 250, 1000, [1120, 1160, 2500], 230, 1.5],
    ["unilos-astra-8-midi", "Юнилос Астра 8 Миди", 8, 179000, 350, 1600, [1500, 1160, 2500], 315, null],
  ]),
  ...seriesModels({ brand, series: "Юнилос Астра Миди Пр", discharge: "forced", maxDepthConnection: 1000 }, [
    ["unilos-astra-5-midi-pr", "Юнилос Астра 5 Миди Пр", 5, 153000, 250, 1000, [1120, 1160, 2500], 230, 1.5],
    ["unilos-astra-8-midi-pr", "Юнилос Астра 8 Миди Пр", 8, 184000, 350, 1600, [1500, 1160, 2500], 315, null],
  ]),
  ...seriesModels({ brand, series: "Юнилос Астра Лонг", discharge: "gravity", maxDepthConnection: 1500 }, [
    ["unilos-astra-5-long", "Юнилос Астра 5 Лонг", 5, 167000, 250, 1000, [1120, 1160, 3000], 260, 1.5],
    ["unilos-astra-8-long", "Юнилос Астра 8 Лонг", 8, 204000, 350, 1600, [1500, 1160, 3000], 370, null],
  ]),
  ...seriesModels({ brand, series: "Юнилос Астра Лонг Пр", discharge: "forced", maxDepthConnection: 1500 }, [
    ["unilos-astra-5-long-pr", "Юнилос Астра 5 Лонг Пр", 5, 172000, 250, 1000, [1120, 1160, 3000], 260, 1.5],
    ["unilos-astra-8-long-pr", "Юнилос Астра 8 Лонг Пр", 8, 209000, 350, 1600, [1500, 1160, 3000], 370, null],
  ]),
];
