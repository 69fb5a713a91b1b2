/**
 * What each catalogue station needs in service: visits a year, the operations of a visit, the parts
 * that wear and when, and the maker's warranty on the equipment, by manufacturer group, each with the
 * maker's document it was taken from (`source`). The visit form and the warranty card read it.
 *
 * @module
 */

import type { BrandId, SepticModel } from "./catalogue/types.ts";
import type { ServicePrices, StationSizeBand } from "../domain/service.ts";
import { priceListIndex, type PriceListItem } from "./price_list.ts";

/** One part that wears, and after how many months it is replaced. */
export interface WearPart {
  name: string;
  intervalMonths: number;
}

/** A station's service needs as its maker states them. */
export interface ServiceNeeds {
  visitsPerYear: number;
  /** The operations of each visit. */
  operations: readonly string[];
  wearParts: readonly WearPart[];
  /** The maker's warranty on the station, months. */
  equipmentWarrantyMonths: number;
  /** The maker's document the figures come from. */
  source: string;
}

const compressorMembranes: WearPart = { name: "Мембраны компрессора", intervalMonths: 30 };

const aerobicOperations = [
  "Откачка избыточного ила из стабилизатора",
  "Промывка эрлифтов и фильтра грубой очистки",
  "Очистка сетки (решётки) приёмной камеры",
  "Проверка компрессора: давление, шум, воздушный фильтр",
  "Проверка поплавкового выключателя и автоматики",
  "Осмотр выхода очищенной воды: прозрачность, запах",
] as const;

/** The generic needs of an aerobic station whose maker's manual is not transcribed here. */
const generic: ServiceNeeds = {
  visitsPerYear: 2,
  operations: aerobicOperations,
  wearParts: [compressorMembranes, { name: "Воздушный фильтр компрессора", intervalMonths: 12 }],
  equipmentWarrantyMonths: 12,
  source:
    "Общие требования руководств по эксплуатации аэрационных станций (обслуживание 1–2 раза в год, мембраны компрессора раз в 2–3 года); гарантия — минимальный срок ст. 19 Закона РФ «О защите прав потребителей» (паспорт модели не внесён)",
};

const byBrand: Partial<Record<BrandId, ServiceNeeds>> = {
  topas: {
    visitsPerYear: 4,
    operations: aerobicOperations,
    wearParts: [
      compressorMembranes,
      { name: "Воздушный фильтр компрессора", intervalMonths: 12 },
      { name: "Компрессор (ресурс)", intervalMonths: 96 },
    ],
    equipmentWarrantyMonths: 36,
    source:
      "ТОПОЛ-ЭКО, «Станции ТОПАС. Руководство по эксплуатации»: удаление ила раз в 3 месяца, мембраны компрессора раз в 2–3 года; гарантия на станцию 3 года",
  },
  topas_c: {
    visitsPerYear: 4,
    operations: aerobicOperations,
    wearParts: [compressorMembranes, { name: "Воздушный фильтр компрессора", intervalMonths: 12 }],
    equipmentWarrantyMonths: 36,
    source:
      "ТОПОЛ-ЭКО, «Станции ТОПАС-С. Руководство по эксплуатации»: удаление ила раз в 3 месяца, мембраны компрессора раз в 2–3 года; гарантия 3 года",
  },
  topol: {
    visitsPerYear: 2,
    operations: aerobicOperations,
    wearParts: [compressorMembranes],
    equipmentWarrantyMonths: 36,
    source:
      "«Тополь», паспорт и руководство по эксплуатации станций «Тополь»: обслуживание раз в 6 месяцев; гарантия 3 года",
  },
  unilos: {
    visitsPerYear: 2,
    operations: [
      "Откачка ила из стабилизатора штатным эрлифтом",
      "Промывка эрлифтов, фильтра и сороудерживающей решётки",
      "Проверка компрессора и таймера циклов",
      "Проверка поплавкового датчика уровня",
      "Осмотр выхода очищенной воды: прозрачность, запах",
    ],
    wearParts: [compressorMembranes, { name: "Воздушный фильтр компрессора", intervalMonths: 12 }],
    equipmentWarrantyMonths: 36,
    source:
      "Юнилос, «Астра. Паспорт и руководство по эксплуатации»: удаление ила раз в 3–6 месяцев, мембраны компрессора раз в 2–3 года; гарантия на станцию 3 года",
  },
};

/**
 * The service needs of a catalogue model, by its maker; the generic needs of an aerobic station for a maker
 * whose manual is not transcribed (its `source` says so).
 *
 * @example
 * ```ts
 * import { serviceNeedsOf } from "./service.ts";
 * const topas = serviceNeedsOf({ brand: "topas" });
 * if (topas.visitsPerYear !== 4 || !topas.source.includes("ТОПАС")) throw new Error("Топас");
 * if (serviceNeedsOf({ brand: "akvalos" }).visitsPerYear !== 2) throw new Error("generic");
 * ```
 */
export function serviceNeedsOf(model: Pick<SepticModel, "brand"> | undefined): ServiceNeeds {
  return (model && byBrand[model.brand]) ?? generic;
}

/**
 * The size band of the plans' prices: up to 5 residents, 6–10, 11 and more; a model not in the catalogue
 * (residents unknown) is priced as the smallest.
 *
 * @example
 * ```ts
 * import { sizeBandOf } from "./service.ts";
 * if (sizeBandOf(5) !== "small" || sizeBandOf(8) !== "medium" || sizeBandOf(15) !== "large") throw new Error();
 * if (sizeBandOf(undefined) !== "small") throw new Error("unknown");
 * ```
 */
export function sizeBandOf(residents: number | undefined): StationSizeBand {
  if (!residents || residents <= 5) return "small";
  return residents <= 10 ? "medium" : "large";
}

/** The band's label as the plans' screen and the contract print it. */
export const sizeBandLabels: Readonly<Record<StationSizeBand, string>> = {
  small: "до 5 чел.",
  medium: "6–10 чел.",
  large: "11–20 чел.",
};

/** A plan as the settings screen offers it before the company edits it (domain/service_forms.ts shape). */
export interface PlanTemplate {
  name: string;
  visitsPerYear: number;
  rrule: string;
  operations: string[];
  priorityCallout: boolean;
  partsDiscountPercent: number;
  prices: ServicePrices;
}

const band = (list: readonly PriceListItem[], visit: string, year: string) => {
  const index = priceListIndex(list);
  const price = (code: string) => {
    const item = index.get(code);
    return item ? item.materialsPrice + item.worksPrice : 0;
  };
  return {
    perVisit: price(visit),
    perYear: year.includes("+") ? year.split("+").reduce((s, c) => s + price(c), 0) : price(year),
  };
};

/**
 * The three service plans priced from the price list's service rows (А280–А295): «Стандарт» (2 visits
 * a year), «Премиум» (4 visits, priority call-out, 10 % off parts) and «Сезонный» (spring start in April and
 * winter shutdown in October).
 *
 * @example
 * ```ts
 * import { defaultServicePlans } from "./service.ts";
 * import { defaultPriceList } from "./price_list.ts";
 * const [standard, premium, seasonal] = defaultServicePlans(defaultPriceList);
 * if (standard.prices.small.perYear !== 1_000_000) throw new Error("А283: 10 000 ₽");
 * if (!premium.priorityCallout || seasonal.rrule !== "FREQ=YEARLY;BYMONTH=4,10;BYMONTHDAY=15") throw new Error();
 * ```
 */
export function defaultServicePlans(list: readonly PriceListItem[]): PlanTemplate[] {
  return [
    {
      name: "Стандарт",
      visitsPerYear: 2,
      rrule: "FREQ=MONTHLY;INTERVAL=6",
      operations: [...aerobicOperations],
      priorityCallout: false,
      partsDiscountPercent: 0,
      prices: {
        small: band(list, "А280", "А283"),
        medium: band(list, "А281", "А284"),
        large: band(list, "А282", "А285"),
      },
    },
    {
      name: "Премиум",
      visitsPerYear: 4,
      rrule: "FREQ=MONTHLY;INTERVAL=3",
      operations: [...aerobicOperations, "Замена мембран компрессора по сроку (работа)"],
      priorityCallout: true,
      partsDiscountPercent: 10,
      prices: {
        small: band(list, "А280", "А286"),
        medium: band(list, "А281", "А287"),
        large: band(list, "А282", "А288"),
      },
    },
    {
      name: "Сезонный",
      visitsPerYear: 2,
      rrule: "FREQ=YEARLY;BYMONTH=4,10;BYMONTHDAY=15",
      operations: [
        "Весной: расконсервация, запуск компрессора, проверка эрлифтов",
        "Осенью: откачка ила, промывка, консервация на зиму",
      ],
      priorityCallout: false,
      partsDiscountPercent: 0,
      prices: {
        small: band(list, "А290", "А289+А290"),
        medium: band(list, "А290", "А289+А290"),
        large: band(list, "А290", "А289+А290"),
      },
    },
  ];
}
