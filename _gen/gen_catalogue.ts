// One-off generator of the literal brand data files (not committed).
import { chiefInstallationFor, dealerPriceFor, fullInstallationCostFor, pitVolumeM3 } from "../estimating/catalogue/pricing.ts";
import type { BrandId, SepticModel, Discharge } from "../estimating/catalogue/types.ts";

const labels: Record<BrandId, string> = {
  topas: "Топас", topas_c: "Топас-С", biodeka: "Биодека", optima: "Оптима", genesis: "Генезис",
  eurolos: "Евролос", eurobion: "Евробион", biodevice: "Биодевайс", topol: "Тополь", akvalos: "Аквалос", sparta: "Спарта",
};
const kwh = (v: number | null) => v === null ? "н/д" : `${v.toFixed(1).replace(".", ",")} кВт·ч/сут`;

interface Base { users: number; capacity?: number; peak: number; L: number; W: number; H: number; weight: number; energy: number | null; retail: number }
interface Variant { idSuffix: string; series: string; modelName: (size: string) => string; discharge: Discharge; maxDepth: number; dH: number; dWeight: number; dPrice: number; dEnergy?: number; sizes?: number[] }

function make(brand: BrandId, idBase: (size: number, v: Variant) => string, bases: Record<number, Base>, variants: Variant[], sizeLabel = (s: number) => String(s)): SepticModel[] {
  const out: SepticModel[] = [];
  for (const v of variants) {
    for (const [sizeStr, b] of Object.entries(bases)) {
      const size = Number(sizeStr);
      if (v.sizes && !v.sizes.includes(size)) continue;
      const capacity = b.capacity ?? b.users * 200;
      const retail = b.retail + v.dPrice;
      const dealer = dealerPriceFor(brand, retail);
      const full = fullInstallationCostFor(capacity);
      const chief = chiefInstallationFor(brand, v.series, b.users);
      const dims = { length: b.L, width: b.W, height: b.H + v.dH };
      out.push({
        id: idBase(size, v), brand, manufacturer: labels[brand], series: v.series, model: v.modelName(sizeLabel(size)),
        users: b.users, discharge: v.discharge, maxDepthConnection: v.maxDepth, retailPrice: retail, dealerPrice: dealer,
        peakDischarge: b.peak, capacity, chiefInstallationCost: chief.cost, fullInstallationCost: full,
        excavationVolume: pitVolumeM3(dims, dims.height), dimensions: dims, weight: b.weight + v.dWeight,
        energyConsumption: kwh(b.energy === null ? null : Math.round((b.energy + (v.dEnergy ?? 0)) * 10) / 10),
        crewSalaryChief: chief.crewSalary, crewSalaryStandard: full / 2,
        totalWithInstallation: full === 0 ? dealer : dealer + full,
      });
    }
  }
  return out;
}
const V = (idSuffix: string, series: string, modelName: (s: string) => string, discharge: Discharge, maxDepth: number, dH: number, dWeight: number, dPrice: number, extra: Partial<Variant> = {}): Variant =>
  ({ idSuffix, series, modelName, discharge, maxDepth, dH, dWeight, dPrice, ...extra });

const data: Record<BrandId, { doc: string; models: SepticModel[] }> = {} as never;

// ---------- Топас
{
  const b: Record<number, Base> = {
    4: { users: 4, peak: 175, L: 1000, W: 1200, H: 2500, weight: 210, energy: 1.0, retail: 143000 },
    5: { users: 5, peak: 220, L: 1100, W: 1200, H: 2500, weight: 230, energy: 1.5, retail: 159000 },
    6: { users: 6, peak: 250, L: 1200, W: 1200, H: 2500, weight: 250, energy: 1.5, retail: 175000 },
    8: { users: 8, peak: 440, L: 1500, W: 1200, H: 2500, weight: 320, energy: 1.5, retail: 219000 },
    10: { users: 10, peak: 520, L: 2000, W: 1200, H: 2500, weight: 350, energy: 2.0, retail: 259000 },
    12: { users: 12, peak: 610, L: 2000, W: 1600, H: 2500, weight: 460, energy: 2.4, retail: 299000 },
    15: { users: 15, peak: 750, L: 2000, W: 2000, H: 2500, weight: 550, energy: 3.0, retail: 343000 },
    20: { users: 20, peak: 1000, L: 2800, W: 2000, H: 2500, weight: 700, energy: 4.5, retail: 449000 },
  };
  data.topas = { doc: "Топас (ТОПОЛ-ЭКО): станции Топас 4…20 в исполнениях стандарт, Пр (принудительный отвод), Лонг (глубокий ввод) и Лонг Пр.", models: make("topas", (s, v) => `topas-${s}${v.idSuffix}`, b, [
    V("", "ТОПАС", (s) => `Топас ${s}`, "gravity", 800, 0, 0, 0),
    V("-pr", "ТОПАС Пр", (s) => `Топас ${s} Пр`, "forced", 800, 0, 5, 9000, { dEnergy: 0.1 }),
    V("-long", "ТОПАС Лонг", (s) => `Топас ${s} Лонг`, "gravity", 1400, 500, 40, 17000),
    V("-long-pr", "ТОПАС Лонг Пр", (s) => `Топас ${s} Лонг Пр`, "forced", 1400, 500, 45, 26000, { dEnergy: 0.1 }),
  ]) };
}
// ---------- Топас-С
{
  const b: Record<number, Base> = {
    4: { users: 4, peak: 160, L: 1000, W: 1000, H: 2350, weight: 150, energy: 0.8, retail: 118000 },
    5: { users: 5, peak: 200, L: 1100, W: 1000, H: 2350, weight: 165, energy: 1.0, retail: 129000 },
    6: { users: 6, peak: 240, L: 1200, W: 1000, H: 2350, weight: 180, energy: 1.0, retail: 142000 },
    8: { users: 8, peak: 360, L: 1500, W: 1100, H: 2350, weight: 230, energy: 1.3, retail: 176000 },
    9: { users: 9, peak: 420, L: 1600, W: 1100, H: 2350, weight: 245, energy: 1.4, retail: 189000 },
  };
  data.topas_c = { doc: "Топас-С: облегчённая линейка Топас-С 4…9 в исполнениях стандарт, Пр, Лонг и Лонг Пр.", models: make("topas_c", (s, v) => `topas-c-${s}${v.idSuffix}`, b, [
    V("", "ТОПАС-С", (s) => `Топас-С ${s}`, "gravity", 700, 0, 0, 0),
    V("-pr", "ТОПАС-С Пр", (s) => `Топас-С ${s} Пр`, "forced", 700, 0, 5, 8000, { dEnergy: 0.1 }),
    V("-long", "ТОПАС-С Лонг", (s) => `Топас-С ${s} Лонг`, "gravity", 1300, 500, 35, 14000),
    V("-long-pr", "ТОПАС-С Лонг Пр", (s) => `Топас-С ${s} Лонг Пр`, "forced", 1300, 500, 40, 22000, { dEnergy: 0.1 }),
  ]) };
}
// ---------- Биодека
{
  const b: Record<number, Base> = {
    3: { users: 3, peak: 150, L: 900, W: 1000, H: 2300, weight: 120, energy: 0.9, retail: 122000 },
    4: { users: 4, peak: 180, L: 1000, W: 1000, H: 2450, weight: 140, energy: 1.2, retail: 131000 },
    5: { users: 5, peak: 220, L: 1100, W: 1100, H: 2450, weight: 160, energy: 1.4, retail: 145000 },
    6: { users: 6, peak: 270, L: 1200, W: 1100, H: 2450, weight: 175, energy: 1.5, retail: 158000 },
    8: { users: 8, peak: 350, L: 1500, W: 1100, H: 2450, weight: 220, energy: 1.9, retail: 192000 },
    10: { users: 10, peak: 450, L: 1800, W: 1200, H: 2450, weight: 270, energy: 2.3, retail: 236000 },
  };
  data.biodeka = { doc: "Биодека (DEKA): Биодека 3…10, самотёчные С и с принудительным отводом П, ввод до 800 или 1300 мм.", models: make("biodeka", (s, v) => `biodeka-${s}${v.idSuffix}`, b, [
    V("-s-800", "БИОДЕКА С-800", (s) => `Биодека ${s} С-800`, "gravity", 800, 0, 0, 0),
    V("-p-800", "БИОДЕКА П-800", (s) => `Биодека ${s} П-800`, "forced", 800, 0, 5, 10000, { dEnergy: 0.1 }),
    V("-s-1300", "БИОДЕКА С-1300", (s) => `Биодека ${s} С-1300`, "gravity", 1300, 500, 30, 14000),
    V("-p-1300", "БИОДЕКА П-1300", (s) => `Биодека ${s} П-1300`, "forced", 1300, 500, 35, 24000, { dEnergy: 0.1 }),
  ]) };
}
// ---------- Оптима
{
  const b: Record<number, Base> = {
    4: { users: 4, peak: 170, L: 1000, W: 1000, H: 2400, weight: 130, energy: 1.1, retail: 124000 },
    5: { users: 5, peak: 210, L: 1100, W: 1000, H: 2400, weight: 145, energy: 1.3, retail: 136000 },
    6: { users: 6, peak: 250, L: 1200, W: 1000, H: 2400, weight: 160, energy: 1.4, retail: 149000 },
    8: { users: 8, peak: 330, L: 1500, W: 1100, H: 2400, weight: 205, energy: 1.8, retail: 181000 },
  };
  data.optima = { doc: "Оптима (серия DEKA): Оптима 4…8, самотёчные С-800, С-1300 и с принудительным отводом П-800.", models: make("optima", (s, v) => `optima-${s}${v.idSuffix}`, b, [
    V("-s-800", "DEKA Оптима С-800", (s) => `Оптима ${s} С-800`, "gravity", 800, 0, 0, 0),
    V("-p-800", "DEKA Оптима П-800", (s) => `Оптима ${s} П-800`, "forced", 800, 0, 5, 9000, { dEnergy: 0.1 }),
    V("-s-1300", "DEKA Оптима С-1300", (s) => `Оптима ${s} С-1300`, "gravity", 1300, 500, 30, 13000),
  ]) };
}
// ---------- Генезис
{
  const b: Record<number, Base> = {
    4: { users: 4, peak: 180, L: 1000, W: 1000, H: 2500, weight: 145, energy: 1.1, retail: 133000 },
    5: { users: 5, peak: 230, L: 1100, W: 1100, H: 2500, weight: 165, energy: 1.3, retail: 148000 },
    6: { users: 6, peak: 280, L: 1200, W: 1100, H: 2500, weight: 180, energy: 1.5, retail: 162000 },
    8: { users: 8, peak: 360, L: 1500, W: 1100, H: 2500, weight: 225, energy: 1.8, retail: 197000 },
    10: { users: 10, peak: 460, L: 1800, W: 1200, H: 2500, weight: 280, energy: 2.2, retail: 241000 },
  };
  data.genesis = { doc: "Генезис (серия DEKA): Генезис 4…10, самотёчные С-800 и с принудительным отводом П-800.", models: make("genesis", (s, v) => `genesis-${s}${v.idSuffix}`, b, [
    V("-s-800", "DEKA Генезис С-800", (s) => `Генезис ${s} С-800`, "gravity", 800, 0, 0, 0),
    V("-p-800", "DEKA Генезис П-800", (s) => `Генезис ${s} П-800`, "forced", 800, 0, 5, 10000, { dEnergy: 0.1 }),
  ]) };
}
// ---------- Евролос
{
  const b: Record<number, Base> = {
    3: { users: 3, peak: 150, L: 1000, W: 1000, H: 2300, weight: 125, energy: 0.9, retail: 119000 },
    4: { users: 4, peak: 190, L: 1000, W: 1100, H: 2300, weight: 140, energy: 1.1, retail: 128000 },
    5: { users: 5, peak: 230, L: 1100, W: 1100, H: 2400, weight: 160, energy: 1.3, retail: 139000 },
    6: { users: 6, peak: 270, L: 1200, W: 1100, H: 2400, weight: 175, energy: 1.4, retail: 151000 },
    8: { users: 8, peak: 360, L: 1500, W: 1200, H: 2400, weight: 220, energy: 1.8, retail: 183000 },
    10: { users: 10, peak: 450, L: 1800, W: 1200, H: 2400, weight: 265, energy: 2.1, retail: 219000 },
    15: { users: 15, peak: 700, L: 2200, W: 1600, H: 2500, weight: 380, energy: 3.0, retail: 299000 },
  };
  data.eurolos = { doc: "Евролос: линейки БИО (самотёк), ПРО (принудительный отвод) и ГРУНТ (сброс в грунт), каждая в стандартном и «плюс» исполнении (глубокий ввод), размеры 3…15.", models: make("eurolos", (s, v) => `eurolos-${v.idSuffix}-${s}`, b, [
    V("bio", "Евролос БИО", (s) => `Евролос БИО ${s}`, "gravity", 800, 0, 0, 0),
    V("bio-plus", "Евролос БИО плюс", (s) => `Евролос БИО ${s} плюс`, "gravity", 1200, 400, 30, 11000),
    V("pro", "Евролос ПРО", (s) => `Евролос ПРО ${s}`, "forced", 800, 0, 5, 9000, { dEnergy: 0.1 }),
    V("pro-plus", "Евролос ПРО плюс", (s) => `Евролос ПРО ${s} плюс`, "forced", 1200, 400, 35, 20000, { dEnergy: 0.1 }),
    V("grunt", "Евролос ГРУНТ", (s) => `Евролос ГРУНТ ${s}`, "gravity", 600, 0, 10, 15000),
    V("grunt-plus", "Евролос ГРУНТ плюс", (s) => `Евролос ГРУНТ ${s} плюс`, "gravity", 1000, 400, 40, 26000),
  ]) };
}
// ---------- Евробион
{
  const round: Record<number, Base> = {
    3: { users: 3, peak: 140, L: 1000, W: 1000, H: 2200, weight: 110, energy: 0.9, retail: 125000 },
    4: { users: 4, peak: 180, L: 1100, W: 1100, H: 2200, weight: 125, energy: 1.0, retail: 135000 },
    5: { users: 5, peak: 220, L: 1200, W: 1200, H: 2200, weight: 140, energy: 1.2, retail: 149000 },
  };
  const std: Record<number, Base> = {
    4: { users: 4, peak: 180, L: 1000, W: 1100, H: 2400, weight: 135, energy: 1.0, retail: 139000 },
    5: { users: 5, peak: 220, L: 1100, W: 1100, H: 2400, weight: 150, energy: 1.2, retail: 152000 },
    6: { users: 6, peak: 260, L: 1200, W: 1100, H: 2400, weight: 165, energy: 1.4, retail: 167000 },
    8: { users: 8, peak: 350, L: 1500, W: 1100, H: 2400, weight: 210, energy: 1.7, retail: 199000 },
    10: { users: 10, peak: 440, L: 1800, W: 1200, H: 2400, weight: 255, energy: 2.0, retail: 239000 },
  };
  const horiz: Record<number, Base> = {
    5: { users: 5, peak: 220, L: 2400, W: 1100, H: 1500, weight: 170, energy: 1.2, retail: 152000 },
    8: { users: 8, peak: 350, L: 3200, W: 1200, H: 1500, weight: 240, energy: 1.7, retail: 199000 },
  };
  const ultra: Record<number, Base> = {
    25: { users: 25, peak: 1250, L: 3000, W: 2000, H: 2500, weight: 900, energy: null, retail: 690000 },
    30: { users: 30, peak: 1500, L: 3500, W: 2000, H: 2500, weight: 1050, energy: null, retail: 790000 },
    40: { users: 40, peak: 2000, L: 4500, W: 2000, H: 2600, weight: 1350, energy: null, retail: 990000 },
  };
  const id = (s: number, v: Variant) => `eurobion-${v.idSuffix}${s}`;
  data.eurobion = { doc: "Евробион (ЮБАС): Раунд, СТАНДАРТ, МИДИ, ЛОНГ, СУПЕРЛОНГ, ГОРИЗОНТ и Ультра (большая производительность, монтаж по индивидуальному расчёту).", models: [
    ...make("eurobion", id, round, [V("round-", "Евробион Раунд", (s) => `Евробион Раунд ${s}`, "gravity", 600, 0, 0, 0)]),
    ...make("eurobion", id, std, [
      V("", "Евробион СТАНДАРТ", (s) => `Евробион ${s}`, "gravity", 700, 0, 0, 0),
      V("midi-", "Евробион МИДИ", (s) => `Евробион ${s} Миди`, "gravity", 900, 200, 15, 8000, { sizes: [5, 6, 8] }),
      V("long-", "Евробион ЛОНГ", (s) => `Евробион ${s} Лонг`, "gravity", 1200, 500, 35, 16000, { sizes: [5, 6, 8, 10] }),
      V("superlong-", "Евробион СУПЕРЛОНГ", (s) => `Евробион ${s} Суперлонг`, "gravity", 1800, 1100, 70, 30000, { sizes: [5, 8] }),
    ]),
    ...make("eurobion", id, horiz, [V("horizont-", "Евробион ГОРИЗОНТ", (s) => `Евробион ${s} Горизонт`, "gravity", 300, 0, 0, 0)]),
    ...make("eurobion", id, ultra, [V("ultra-", "Евробион Ультра", (s) => `Евробион Ультра ${s}`, "gravity", 1000, 0, 0, 0)]),
  ] };
}
// ---------- Биодевайс
{
  const b: Record<number, Base> = {
    3: { users: 3, peak: 150, L: 1000, W: 1000, H: 2300, weight: 130, energy: 0.9, retail: 127000 },
    4: { users: 4, peak: 190, L: 1000, W: 1100, H: 2350, weight: 145, energy: 1.1, retail: 137000 },
    5: { users: 5, peak: 230, L: 1100, W: 1100, H: 2350, weight: 160, energy: 1.3, retail: 149000 },
    6: { users: 6, peak: 270, L: 1200, W: 1100, H: 2350, weight: 175, energy: 1.4, retail: 163000 },
    8: { users: 8, peak: 360, L: 1500, W: 1200, H: 2350, weight: 220, energy: 1.8, retail: 196000 },
    10: { users: 10, peak: 450, L: 1800, W: 1200, H: 2350, weight: 265, energy: 2.1, retail: 234000 },
  };
  data.biodevice = { doc: "Биодевайс: линейки PRO (3…10) и ГОСТ (4…8, усиленный корпус).", models: make("biodevice", (s, v) => `biodevice-${v.idSuffix}-${s}`, b, [
    V("pro", "Биодевайс PRO", (s) => `Биодевайс PRO ${s}`, "gravity", 800, 0, 0, 0),
    V("gost", "Биодевайс ГОСТ", (s) => `Биодевайс ГОСТ ${s}`, "gravity", 900, 150, 25, 12000, { sizes: [4, 5, 6, 8] }),
  ]) };
}
// ---------- Тополь
{
  const b: Record<number, Base> = {
    3: { users: 3, peak: 150, L: 1000, W: 1000, H: 2400, weight: 150, energy: 0.8, retail: 124000 },
    4: { users: 4, peak: 180, L: 1000, W: 1000, H: 2500, weight: 165, energy: 1.0, retail: 133000 },
    5: { users: 5, peak: 250, L: 1000, W: 1100, H: 2500, weight: 185, energy: 1.2, retail: 147000 },
    6: { users: 6, peak: 300, L: 1200, W: 1100, H: 2500, weight: 200, energy: 1.4, retail: 161000 },
    8: { users: 8, peak: 400, L: 1500, W: 1100, H: 2500, weight: 250, energy: 1.7, retail: 198000 },
    10: { users: 10, peak: 500, L: 1800, W: 1200, H: 2500, weight: 300, energy: 2.0, retail: 238000 },
    12: { users: 12, peak: 600, L: 2000, W: 1500, H: 2500, weight: 390, energy: 2.5, retail: 276000 },
    15: { users: 15, peak: 750, L: 2000, W: 2000, H: 2500, weight: 470, energy: 3.0, retail: 319000 },
  };
  data.topol = { doc: "Тополь: линейки СТАНДАРТ (самотёк) и ПЛЮС (принудительный отвод), размеры 3…15.", models: make("topol", (s, v) => `topol-${s}${v.idSuffix}`, b, [
    V("", "Тополь СТАНДАРТ", (s) => `Тополь ${s}`, "gravity", 800, 0, 0, 0),
    V("-plus", "Тополь ПЛЮС", (s) => `Тополь ${s} Плюс`, "forced", 800, 0, 5, 10000, { dEnergy: 0.1 }),
  ]) };
}
// ---------- Аквалос
{
  const b: Record<number, Base> = {
    3: { users: 3, peak: 150, L: 1000, W: 1000, H: 2300, weight: 150, energy: 0.9, retail: 121000 },
    4: { users: 4, peak: 200, L: 1000, W: 1100, H: 2400, weight: 165, energy: 1.1, retail: 131000 },
    5: { users: 5, peak: 250, L: 1100, W: 1100, H: 2400, weight: 185, energy: 1.3, retail: 144000 },
    7: { users: 7, peak: 350, L: 1400, W: 1100, H: 2400, weight: 230, energy: 1.6, retail: 174000 },
    10: { users: 10, peak: 500, L: 1800, W: 1200, H: 2400, weight: 290, energy: 2.0, retail: 226000 },
    15: { users: 15, peak: 750, L: 2200, W: 1600, H: 2500, weight: 420, energy: 3.0, retail: 309000 },
    20: { users: 20, peak: 1000, L: 2800, W: 1800, H: 2500, weight: 560, energy: 4.0, retail: 399000 },
  };
  const h: Record<number, Base> = {
    4: { users: 4, peak: 200, L: 2200, W: 1000, H: 1600, weight: 180, energy: 1.1, retail: 139000 },
    5: { users: 5, peak: 250, L: 2500, W: 1100, H: 1600, weight: 200, energy: 1.3, retail: 152000 },
    7: { users: 7, peak: 350, L: 3000, W: 1100, H: 1600, weight: 250, energy: 1.6, retail: 184000 },
    10: { users: 10, peak: 500, L: 3600, W: 1200, H: 1700, weight: 320, energy: 2.0, retail: 238000 },
  };
  data.akvalos = { doc: "Аквалос: УНИВЕРСАЛЬНЫЙ (вертикальный, 3…20) и ГОРИЗОНТ (горизонтальный для высоких грунтовых вод, 4…10).", models: [
    ...make("akvalos", (s, v) => `akvalos-${v.idSuffix}${s}`, b, [V("", "Аквалос УНИВЕРСАЛЬНЫЙ", (s) => `Аквалос ${s}`, "gravity", 900, 0, 0, 0)]),
    ...make("akvalos", (s, v) => `akvalos-${v.idSuffix}${s}`, h, [V("horizont-", "Аквалос ГОРИЗОНТ", (s) => `Аквалос ${s} Горизонт`, "gravity", 500, 0, 0, 0)]),
  ] };
}
// ---------- Спарта
{
  const b: Record<number, Base> = {
    600: { users: 3, capacity: 600, peak: 150, L: 1000, W: 1000, H: 2300, weight: 140, energy: 0.9, retail: 119000 },
    800: { users: 4, capacity: 800, peak: 200, L: 1000, W: 1100, H: 2300, weight: 155, energy: 1.1, retail: 128000 },
    1000: { users: 5, capacity: 1000, peak: 250, L: 1100, W: 1100, H: 2400, weight: 175, energy: 1.3, retail: 139000 },
    1200: { users: 6, capacity: 1200, peak: 300, L: 1200, W: 1100, H: 2400, weight: 190, energy: 1.4, retail: 153000 },
    1500: { users: 7, capacity: 1500, peak: 375, L: 1400, W: 1200, H: 2400, weight: 230, energy: 1.7, retail: 178000 },
    2000: { users: 10, capacity: 2000, peak: 500, L: 1800, W: 1200, H: 2400, weight: 290, energy: 2.1, retail: 219000 },
  };
  data.sparta = { doc: "Спарта: линейки ECO (600…1200), СТАНДАРТ (600…2000) и ПЛЮС (800…2000, принудительный отвод); число в названии — производительность, л/сут.", models: make("sparta", (s, v) => `sparta-${v.idSuffix}-${s}`, b, [
    V("eco", "Спарта ECO", (s) => `Спарта ECO ${s}`, "gravity", 600, 0, -10, -6000, { sizes: [600, 800, 1000, 1200] }),
    V("standard", "Спарта СТАНДАРТ", (s) => `Спарта СТАНДАРТ ${s}`, "gravity", 800, 0, 0, 0),
    V("plus", "Спарта ПЛЮС", (s) => `Спарта ПЛЮС ${s}`, "forced", 1200, 400, 30, 15000, { sizes: [800, 1000, 1200, 1500, 2000], dEnergy: 0.1 }),
  ]) };
}

const fileNames: Record<BrandId, string> = { topas: "topas", topas_c: "topas_c", biodeka: "biodeka", optima: "optima", genesis: "genesis", eurolos: "eurolos", eurobion: "eurobion", biodevice: "biodevice", topol: "topol", akvalos: "akvalos", sparta: "sparta" };
let total = 0;
for (const [brand, { doc, models }] of Object.entries(data) as [BrandId, { doc: string; models: SepticModel[] }][]) {
  total += models.length;
  const name = fileNames[brand];
  const constName = name.replace(/_(\w)/g, (_, c) => c.toUpperCase());
  const body = models.map((m) => "  " + JSON.stringify(m).replace(/"(\w+)":/g, "$1: ") + ",").join("\n");
  const text = `// ${doc}\n// Literal data: prices in roubles, sizes in mm; checked against the rules of ./pricing.ts by catalogue_test.ts.\nimport type { SepticModel } from "./types.ts";\n\n/** ${doc} */\nexport const ${constName}Models: readonly SepticModel[] = [\n${body}\n];\n`;
  await Deno.writeTextFile(`estimating/catalogue/${name}.ts`, text);
}
console.log("models", total);
