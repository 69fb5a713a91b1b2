// Биодевайс: линейки PRO (3…10) и ГОСТ (4…8, усиленный корпус).
// Data only: the published figures of each model; seriesModels() adds what the rules of ./pricing.ts derive.
import { seriesModels } from "./series.ts";
import type { SepticModel } from "./types.ts";

const brand = "biodevice";

/** Биодевайс: линейки PRO (3…10) и ГОСТ (4…8, усиленный корпус). */
export const biodeviceModels: readonly SepticModel[] = [
  // id, model, residents, retail ₽, peak discharge l, capacity l/day, length × width × height mm, kg, kWh/day
  ...seriesModels({ brand, series: "Биодевайс PRO", discharge: "gravity", maxDepthConnection: 800 }, [
    ["biodevice-pro-3", "Биодевайс PRO 3", 3, 127000, 150, 600, [1000, 1000, 2300], 130, 0.9],
    ["biodevice-pro-4", "Биодевайс PRO 4", 4, 137000, 190, 800, [1000, 1100, 2350], 145, 1.1],
    ["biodevice-pro-5", "Биодевайс PRO 5", 5, 149000, 230, 1000, [1100, 1100, 2350], 160, 1.3],
    ["biodevice-pro-6", "Биодевайс PRO 6", 6, 163000, 270, 1200, [1200, 1100, 2350], 175, 1.4],
    ["biodevice-pro-8", "Биодевайс PRO 8", 8, 196000, 360, 1600, [1500, 1200, 2350], 220, 1.8],
    ["biodevice-pro-10", "Биодевайс PRO 10", 10, 234000, 450, 2000, [1800, 1200, 2350], 265, 2.1],
  ]),
  ...seriesModels({ brand, series: "Биодевайс ГОСТ", discharge: "gravity", maxDepthConnection: 900 }, [
    ["biodevice-gost-4", "Биодевайс ГОСТ 4", 4, 149000, 190, 800, [1000, 1100, 2500], 170, 1.1],
    ["biodevice-gost-5", "Биодевайс ГОСТ 5", 5, 161000, 230, 1000, [1100, 1100, 2500], 185, 1.3],
    ["biodevice-gost-6", "Биодевайс ГОСТ 6", 6, 175000, 270, 1200, [1200, 1100, 2500], 200, 1.4],
    ["biodevice-gost-8", "Биодевайс ГОСТ 8", 8, 208000, 360, 1600, [1500, 1200, 2500], 245, 1.8],
  ]),
];
