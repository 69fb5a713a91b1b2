// The station calculator of /ruslos/calculator: which catalogue models fit a household. The catalogue and
// the 200 l/day per resident rule are the estimating engine's own (estimating/), never a second copy.
import { catalogue, LITRES_PER_RESIDENT, type SepticModel } from "../estimating/mod.ts";
import { lenientQuery } from "./lenient_query.ts";

/** At the morning and evening peak a household discharges about a fifth of its daily water at once. */
export const PEAK_SHARE = 0.2;
/** Litres each person present at the peak discharges at once: 20 % of 200 l. */
export const PEAK_LITRES_PER_PERSON = LITRES_PER_RESIDENT * PEAK_SHARE;

export const soilKinds = { sand: "Песок, супесь", loam: "Суглинок", clay: "Глина" } as const;
export type SoilKind = keyof typeof soilKinds;

export interface CalculatorInput {
  residents: number;
  /** Guests who stay at the busiest time (weekends, holidays). */
  guests: number;
  usage: "permanent" | "seasonal";
  soil: SoilKind;
  /** Groundwater closer than 1 m to the surface in spring. */
  highGroundwater: boolean;
  /** Depth of the inlet pipe where it reaches the station, metres. */
  inletDepth: number;
  discharge: "gravity" | "forced";
}

export const calculatorDefaults: CalculatorInput = {
  residents: 4,
  guests: 2,
  usage: "permanent",
  soil: "loam",
  highGroundwater: false,
  inletDepth: 0.8,
  discharge: "gravity",
};

const num = (v: string | undefined, min: number, max: number, fallback: number) => {
  const n = Number((v ?? "").replace(",", "."));
  return v && Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : fallback;
};

/** Reads the calculator's form from the URL query; missing or wrong values take the defaults. */
export function readCalculatorQuery(q: Record<string, string | undefined>): CalculatorInput {
  const d = calculatorDefaults;
  return {
    residents: Math.round(num(q.residents, 1, 50, d.residents)),
    guests: Math.round(num(q.guests, 0, 30, d.guests)),
    usage: q.usage === "seasonal" ? "seasonal" : "permanent",
    soil: q.soil && q.soil in soilKinds ? q.soil as SoilKind : d.soil,
    highGroundwater: q.groundwater === "high",
    inletDepth: num(q.inletDepth, 0.3, 3, d.inletDepth),
    discharge: q.discharge === "forced" ? "forced" : "gravity",
  };
}

/** validate("query", calculatorQuerySchema): the household, each figure clamped to its range. */
export const calculatorQuerySchema = lenientQuery(readCalculatorQuery);

export interface Requirement {
  /** Litres per day: 200 × residents (guests at a seasonal house count as residents). */
  dailyLitres: number;
  /** Litres at once: 40 × everyone present at the peak. */
  peakLitres: number;
  /** Millimetres. */
  inletDepthMm: number;
  discharge: "gravity" | "forced";
  reasons: string[];
}

/** What a fitting station must do, and why. */
export function requirement(input: CalculatorInput): Requirement {
  const reasons: string[] = [];
  const daily = input.usage === "seasonal" ? input.residents + input.guests : input.residents;
  reasons.push(
    `Производительность не меньше ${
      daily * LITRES_PER_RESIDENT
    } л/сут: ${daily} чел. × ${LITRES_PER_RESIDENT} л/сут` +
      (input.usage === "seasonal" ? " (на даче гости живут неделями, считаем их как проживающих)." : "."),
  );
  const present = input.residents + input.guests;
  reasons.push(
    `Залповый сброс не меньше ${
      present * PEAK_LITRES_PER_PERSON
    } л: ${present} чел. × ${PEAK_LITRES_PER_PERSON} л ` +
      `(в часы пик уходит около 20 % суточного объёма).`,
  );
  const depthMm = Math.round(input.inletDepth * 1000);
  reasons.push(
    `Глубина подводящей трубы ${depthMm} мм: подходят модели с допустимой глубиной не меньше неё.`,
  );
  let discharge = input.discharge;
  if (discharge === "gravity" && (input.highGroundwater || input.soil === "clay")) {
    discharge = "forced";
    reasons.push(
      input.highGroundwater
        ? "Высокие грунтовые воды: очищенная вода не уйдёт самотёком, нужен принудительный отвод (насос)."
        : "Глина плохо впитывает воду: нужен принудительный отвод (насос) в канаву или колодец.",
    );
  } else if (discharge === "forced") {
    reasons.push("Принудительный отвод: станция со встроенным насосом.");
  }
  return {
    dailyLitres: daily * LITRES_PER_RESIDENT,
    peakLitres: present * PEAK_LITRES_PER_PERSON,
    inletDepthMm: depthMm,
    discharge,
    reasons,
  };
}

/** Whether a model meets the requirement. */
export function fits(m: SepticModel, r: Requirement): boolean {
  return m.capacity >= r.dailyLitres && m.peakDischarge >= r.peakLitres &&
    m.maxDepthConnection >= r.inletDepthMm && m.discharge === r.discharge;
}

/** The catalogue models that fit, sorted by dealer price with full installation. */
export function fittingModels(r: Requirement, models: readonly SepticModel[] = catalogue): SepticModel[] {
  return models.filter((m) => fits(m, r)).sort((a, b) =>
    a.totalWithInstallation - b.totalWithInstallation || a.capacity - b.capacity
  );
}
