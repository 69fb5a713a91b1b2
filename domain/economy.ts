// The economy calculator of /economy-calculator: what a cesspool, a simple septic tank and a treatment
// station cost a household over the years. Every default is a figure the page states next to its field.
import { LITRES_PER_RESIDENT, type SepticModel } from "../estimating/mod.ts";
import { fittingModels, requirement } from "./station_calculator.ts";
import { lenientQuery } from "./lenient_query.ts";
import { formatNumber } from "./format.ts";

export interface EconomyInput {
  residents: number;
  years: number;
  /** Cesspool volume, m³ (a vacuum truck takes it in one trip). */
  cesspoolVolume: number;
  /** Roubles per vacuum-truck trip. */
  tripPrice: number;
  /** Roubles to build the cesspool. */
  cesspoolBuild: number;
  /** Roubles to buy and install a simple (anaerobic) septic tank with a filtration field. */
  septicBuild: number;
  /** Sludge pump-outs of the simple septic tank per year. */
  septicTripsPerYear: number;
  /** Roubles per kWh. */
  tariff: number;
  /** Station service visits per year, and roubles per visit. */
  serviceVisits: number;
  servicePrice: number;
}

export const economyDefaults: EconomyInput = {
  residents: 4,
  years: 15,
  cesspoolVolume: 8,
  tripPrice: 4_000,
  cesspoolBuild: 65_000,
  septicBuild: 120_000,
  septicTripsPerYear: 1,
  tariff: 6.5,
  serviceVisits: 2,
  servicePrice: 6_500,
};

/** What each default is, as the page says it. */
export const economyDefaultNotes: Record<keyof EconomyInput, string> = {
  residents:
    "Семья из 4 человек, каждый расходует 200 л воды в сутки (как в расчёте производительности станций).",
  years: "Срок сравнения — до 15 лет: столько служит корпус станции до первого капитального ремонта.",
  cesspoolVolume: "Выгребная яма 8 м³ — объём одной бочки ассенизаторской машины.",
  tripPrice: "Вызов ассенизатора с машиной 8 м³ по Московской области — 4 000 ₽ за рейс.",
  cesspoolBuild: "Яма из трёх бетонных колец Ø1,5 м с днищем, крышкой и земляными работами — 65 000 ₽.",
  septicBuild: "Накопительный септик 3 м³ с полем фильтрации, поставка и монтаж — 120 000 ₽.",
  septicTripsPerYear: "Септик откачивают от осадка один раз в год.",
  tariff: "Тариф на электроэнергию — 6,50 ₽ за кВт·ч; поставьте свой из квитанции.",
  serviceVisits: "Станции обслуживают два раза в год: чистка фильтров и откачка ила.",
  servicePrice: "Один выезд сервиса — 6 500 ₽, как в нашем каталоге.",
};

const clamp = (v: string | undefined, min: number, max: number, fallback: number) => {
  const n = Number((v ?? "").replace(/\s/g, "").replace(",", "."));
  return v && Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : fallback;
};

export function readEconomyQuery(q: Record<string, string | undefined>): EconomyInput {
  const d = economyDefaults;
  return {
    residents: Math.round(clamp(q.residents, 1, 20, d.residents)),
    years: Math.round(clamp(q.years, 1, 15, d.years)),
    cesspoolVolume: clamp(q.cesspoolVolume, 1, 50, d.cesspoolVolume),
    tripPrice: clamp(q.tripPrice, 0, 100_000, d.tripPrice),
    cesspoolBuild: clamp(q.cesspoolBuild, 0, 1_000_000, d.cesspoolBuild),
    septicBuild: clamp(q.septicBuild, 0, 2_000_000, d.septicBuild),
    septicTripsPerYear: clamp(q.septicTripsPerYear, 0, 24, d.septicTripsPerYear),
    tariff: clamp(q.tariff, 0, 100, d.tariff),
    serviceVisits: Math.round(clamp(q.serviceVisits, 0, 12, d.serviceVisits)),
    servicePrice: clamp(q.servicePrice, 0, 100_000, d.servicePrice),
  };
}

/** validate("query", economyQuerySchema): the calculator's inputs, each clamped to its range. */
export const economyQuerySchema = lenientQuery(readEconomyQuery);

/** '1,5 кВт·ч/сут' → 1.5; 0 when the catalogue has no figure. */
export function kwhPerDay(m: SepticModel): number {
  const n = Number(/([\d,.]+)/.exec(m.energyConsumption)?.[1]?.replace(",", "."));
  return Number.isFinite(n) ? n : 0;
}

export interface Option {
  label: string;
  /** Roubles once, at the start. */
  upfront: number;
  /** Roubles each year. */
  yearly: number;
  detail: string;
  /** Cumulative roubles at the end of year 1…years. */
  cumulative: number[];
}

export interface EconomyResult {
  station: SepticModel;
  tripsPerYear: number;
  options: [Option, Option, Option];
  /** The first year the station has cost less in total than the cesspool (null: not within the years). */
  paybackYear: number | null;
  paybackVsSeptic: number | null;
}

/** Whole roubles with ru-RU grouping, through the shared formatter (toLocaleString makes one per call). */
const rub = (n: number) => formatNumber(Math.round(n));

/** The three options over the years; the station is the cheapest fitting gravity model of the catalogue. */
export function compareEconomy(input: EconomyInput, models?: readonly SepticModel[]): EconomyResult {
  const need = requirement({
    residents: input.residents,
    guests: 0,
    usage: "permanent",
    soil: "sand",
    highGroundwater: false,
    inletDepth: 0.6,
    discharge: "gravity",
  });
  const station = fittingModels(need, models)[0];
  if (!station) throw new Error(`No catalogue station for ${input.residents} residents`);
  const yearlyM3 = input.residents * LITRES_PER_RESIDENT * 365 / 1000;
  const tripsPerYear = Math.ceil(yearlyM3 / input.cesspoolVolume);
  const series = (upfront: number, yearly: number) =>
    Array.from({ length: input.years }, (_, i) => Math.round(upfront + yearly * (i + 1)));
  const make = (label: string, upfront: number, yearly: number, detail: string): Option => ({
    label,
    upfront,
    yearly,
    detail,
    cumulative: series(upfront, yearly),
  });
  const kwh = kwhPerDay(station);
  const stationUpfront = station.retailPrice + station.fullInstallationCost;
  const stationYearly = kwh * 365 * input.tariff + input.serviceVisits * input.servicePrice;
  const cesspool = make(
    "Выгребная яма",
    input.cesspoolBuild,
    tripsPerYear * input.tripPrice,
    `${rub(yearlyM3)} м³ стоков в год → ${tripsPerYear} рейсов ассенизатора × ${rub(input.tripPrice)} ₽`,
  );
  const septic = make(
    "Простой септик",
    input.septicBuild,
    input.septicTripsPerYear * input.tripPrice,
    `${input.septicTripsPerYear} откачка осадка в год × ${rub(input.tripPrice)} ₽`,
  );
  const stationOption = make(
    `Станция ${station.model}`,
    stationUpfront,
    stationYearly,
    `${rub(station.retailPrice)} ₽ станция + ${rub(station.fullInstallationCost)} ₽ монтаж; ` +
      `${station.energyConsumption} × 365 × ${input.tariff.toLocaleString("ru-RU")} ₽ + ` +
      `${input.serviceVisits} сервиса × ${rub(input.servicePrice)} ₽`,
  );
  const payback = (other: Option) => {
    const i = stationOption.cumulative.findIndex((v, y) => v <= other.cumulative[y]);
    return i < 0 ? null : i + 1;
  };
  return {
    station,
    tripsPerYear,
    options: [cesspool, septic, stationOption],
    paybackYear: payback(cesspool),
    paybackVsSeptic: payback(septic),
  };
}
