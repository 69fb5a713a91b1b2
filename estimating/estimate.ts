/**
 * Estimate generation: measurements → rules → priced lines → sections, subtotals, VAT and total.
 * Pure: the date and the price list are inputs; no clock, no randomness, no I/O.
 *
 * Money is integer kopecks. Each line is rounded once (see `money.ts`):
 * `totalPrice = round(pricePerUnit × quantity)`, `equipmentCost = round(materialsPrice × quantity)`,
 * `workCost = totalPrice − equipmentCost`. `itemsTotal` is the sum of the lines, `vat.amount =
 * round(itemsTotal × rate / 100)` and `totalAmount = itemsTotal + vat.amount`.
 *
 * @module
 */

import { brandLabel, findModel } from "./catalogue/mod.ts";
import {
  accessDifficultyPhrase,
  soilTypes,
  type VatMode,
  vatModes,
  type WorkType,
  workTypeLabel,
} from "./enums.ts";
import { type InputIssue, type MeasurementDocument, parseMeasurementDocument } from "./measurement.ts";
import { missingItemsDetailed } from "./missing_catalogue.ts";
import { keptDefaults, suggestedDefaultFields, type SuggestedField } from "./missing.ts";
import { formatQuantity, formatRub } from "./money.ts";
import { defaultPriceList, priceListIndex, type PriceListItem, sectionOrder } from "./price_list.ts";
import {
  applyRules,
  FREE_DELIVERY_KM,
  type Geometry,
  geometryFor,
  installationDepthFor,
  type RuleResult,
  withHouseDistance,
} from "./rules.ts";
import { isWinter } from "./winter.ts";
import type { SepticModel } from "./catalogue/types.ts";
import { equipmentPriceProblem, type EquipmentPriceSetting } from "./catalogue/equipment_price.ts";
import {
  documentKinds,
  type KindContext,
  valuesOfKind,
  withoutCoveredItems,
  type WorkKind,
  workMissingItems,
  workTypeModules,
} from "./work_types/mod.ts";
import { type Discount, discountLabel, estimateTotals, priceLine, vatNote } from "./totals.ts";

/** One line of an estimate. Money in integer kopecks. */
export interface EstimateItem {
  /** Section name (`Трубопроводы`). */
  section: string;
  /** Article code (`А001`), or the catalogue id for the station line. */
  articleCode: string;
  /** Name as printed (price-list name, with a detail in parentheses). */
  name: string;
  /** Unit of the quantity. */
  unit: string;
  /** Quantity, at most two fraction digits. */
  quantity: number;
  /** Materials plus works price per unit, kopecks. */
  pricePerUnit: number;
  /** Materials (equipment) cost of the line, kopecks. */
  equipmentCost: number;
  /** Works cost of the line, kopecks. */
  workCost: number;
  /** `equipmentCost + workCost = round(pricePerUnit × quantity)`, kopecks. */
  totalPrice: number;
  /** 'Обязательно' (true) or 'Опционально' (false). */
  isRequired: boolean;
}

/**
 * A generated estimate (field names as in the estimating spec's «Entities and their fields»). Money in
 * integer kopecks.
 */
export interface Estimate {
  /** Estimate number. */
  estimateNumber: string;
  /** Template name: work type and station. */
  templateName: string;
  /** Date of the estimate, `YYYY-MM-DD`. */
  date: string;
  /** Work-type code. */
  workType: WorkType;
  /** Russian label of the work type. */
  workTypeLabel: string;
  /** Object id, when given. */
  objectId?: string | number;
  /** Object address, when given. */
  objectAddress?: string;
  /** Client name, when given. */
  clientName?: string;
  /** Client phone, when given. */
  clientPhone?: string;
  /** Distance from МКАД, km, when known. */
  distanceFromMKAD?: number;
  /** The chosen station; absent for an estimate without one (a manual estimate of the app). */
  model?: {
    id: string;
    name: string;
    brand: string;
    brandLabel: string;
    capacity: number;
    peakDischarge: number;
    dimensions: { length: number; width: number; height: number };
  };
  /** The work types priced, in display order (`septic` is the station); absent on an estimate made by hand. */
  workKinds?: WorkKind[];
  /** Residents the station must serve (0 without a station). */
  residentsCount: number;
  /** Pit volume of the station, m³ (0 without a station). */
  excavationVolume: number;
  /** Section names in display order. */
  sections: string[];
  /** Sum of the lines of each section, kopecks. */
  subtotals: { section: string; amount: number }[];
  /** Lines grouped by section in display order. */
  items: EstimateItem[];
  /** Sum of all lines, kopecks. */
  itemsTotal: number;
  /** A discount taken from the lines before VAT, when one was given (the CLI's `--discount`). */
  discount?: { kind: Discount["kind"]; value: number; label: string; amount: number };
  /** VAT added on top of the lines, or (`included`, «в т.ч. НДС») the VAT the total includes. */
  vat: { mode: VatMode; rate: number; label: string; amount: number; included?: boolean };
  /** `itemsTotal − discount + vat.amount` (VAT on top) or `itemsTotal − discount` (VAT included), kopecks
   * ('ОБЩАЯ СТОИМОСТЬ'): what the client pays. */
  totalAmount: number;
  /** Notes printed under the estimate (the estimating spec's «Business constants and limits»). */
  notes: string[];
  /** Warnings for the surveyor (fields not counted, defaults …); not printed. */
  warnings: string[];
  /**
   * Warnings that change what should be installed (an undersized station, a pipe deeper than the model takes):
   * shown prominently to the surveyor and the engineer; approving over one asks for a confirmation. Not printed.
   */
  alerts: string[];
  /** Currency of every money field. */
  currency: "RUB";
  /** All money fields are integer kopecks. */
  moneyUnit: "kopeck";
}

/** Options of {@link generateEstimate}. */
export interface GenerateOptions {
  /** The company's price list; the default price list when absent. */
  priceList?: readonly PriceListItem[];
  /** Date of the estimate: `YYYY-MM-DD` or a Date (its UTC date). Required: the package reads no clock. */
  date: string | Date;
  /** VAT mode; `none` (без НДС) by default; `incl-22` … when the prices include VAT. */
  vat?: VatMode;
  /** A discount taken from the lines before VAT (percent in hundredths of a percent, or a sum in kopecks). */
  discount?: Discount | null;
  /** Estimate number; else the document's, else `СМ-YYYYMMDD-XXXXXX` derived from the document. */
  estimateNumber?: string;
  /** The company's equipment-price basis; the maker's retail price (РРЦ) by default. */
  equipmentPrice?: EquipmentPriceSetting;
}

/**
 * Invalid input or missing required items. `issues` name each field (`measurements.residents_count`)
 * with a Russian message; for missing items the message names the label of the estimating spec's «Validation
 * rules».
 */
export class EstimateInputError extends Error {
  /** Error name. */
  override name = "EstimateInputError";
  /** Every problem, with its dotted path. */
  readonly issues: InputIssue[];
  /** The missing-items labels, when the problem is missing items. */
  readonly missing: string[];
  /** An error with its issues and, for missing items, their labels. */
  constructor(message: string, issues: InputIssue[], missing: string[] = []) {
    super(message);
    this.issues = issues;
    this.missing = missing;
  }
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

let lastDate = "";
function isoDate(date: string | Date): string {
  if (date === lastDate) return date;
  if (date instanceof Date) {
    if (Number.isNaN(date.getTime())) throw new TypeError("Expected a valid date, got an invalid Date");
    return date.toISOString().slice(0, 10);
  }
  const m = DATE_RE.exec(date);
  if (!m) throw new TypeError(`Expected a date as YYYY-MM-DD, got "${date}"`);
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== date) {
    throw new TypeError(`Expected a real calendar date, got "${date}"`);
  }
  lastDate = date;
  return date;
}

function fnv1a(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return (h >>> 8).toString(16).toUpperCase().padStart(6, "0");
}

const sectionRank = new Map(sectionOrder.map((s, i) => [s, i]));

/**
 * Generates an estimate from a measurement document (validated and defaulted here).
 * Throws {@link EstimateInputError} when the document is invalid or the missing-items list is not empty.
 *
 * @example
 * ```ts
 * import { generateEstimate } from "./estimate.ts";
 * const estimate = generateEstimate(
 *   { object: { address: "д. Ивановка", distanceFromMKAD: 45, clientName: "Иванов", clientPhone: "" },
 *     measurements: { septic_model: "topas-5", residents_count: 5 } },
 *   { date: "2026-05-20" },
 * );
 * const sum = estimate.items.reduce((s, i) => s + i.totalPrice, 0);
 * if (estimate.totalAmount !== sum) throw new Error("total");
 * if (!estimate.items.some((i) => i.articleCode === "А152" && i.quantity === 15)) throw new Error("delivery");
 * ```
 */
export function generateEstimate(doc: unknown, options: GenerateOptions): Estimate {
  const date = isoDate(options.date);
  const vatMode: VatMode = options.vat ?? "none";
  const vat = vatModes.find((v) => v.value === vatMode);
  if (!vat) {
    throw new TypeError(`Expected a VAT mode ${vatModes.map((v) => v.value).join(", ")}, got "${vatMode}"`);
  }
  const equipmentProblem = options.equipmentPrice && equipmentPriceProblem(options.equipmentPrice);
  if (equipmentProblem) throw new TypeError(equipmentProblem);

  const parsed = parseMeasurementDocument(doc);
  if (!parsed.ok) {
    const list = parsed.issues.map((i) => `${i.path}: ${i.message}`).join("; ");
    throw new EstimateInputError(`Документ замера содержит ошибки: ${list}`, parsed.issues);
  }
  const d: MeasurementDocument = parsed.value;
  const m = d.measurements;
  const all = m as unknown as Record<string, unknown>;
  const kinds = documentKinds(d, all);
  const septic = kinds.includes("septic");
  const missing = [
    ...(septic ? withoutCoveredItems(kinds, missingItemsDetailed(m)) : []),
    ...workMissingItems(kinds, all),
  ];
  if (missing.length > 0) {
    const labels = missing.map((i) => i.label);
    throw new EstimateInputError(
      `Заполните обязательные поля: ${labels.join(", ")}`,
      missing.map((i) => ({ path: `measurements.${i.field}`, message: `не заполнено: ${i.label}` })),
      labels,
    );
  }
  let model: SepticModel | undefined;
  let geometry: Geometry | undefined;
  const ruled: Required<RuleResult> = { lines: [], warnings: [], alerts: [], notes: [] };
  const collect = (r: RuleResult | undefined) => {
    if (!r) return;
    if (r.lines) { for (const l of r.lines) if (l.quantity > 0) ruled.lines.push(l); }
    if (r.warnings) ruled.warnings.push(...r.warnings);
    if (r.alerts) ruled.alerts.push(...r.alerts);
    // The sections of one estimate share some notes (winter works): each is printed once.
    if (r.notes) { for (const n of r.notes) if (!ruled.notes.includes(n)) ruled.notes.push(n); }
  };
  const distanceFromMKAD = d.object?.distanceFromMKAD;
  const list = options.priceList ?? defaultPriceList;
  const index = priceListIndex(list);
  const hasArticle = (code: string) => index.has(code);
  const winter = isWinter(m, date);
  for (const kind of kinds) {
    if (kind === "septic") {
      // A measured distance to the house is the inlet's least length.
      const house = withHouseDistance(m, kinds);
      const sm = house.m;
      model = findModel(sm.septic_model)!;
      geometry = geometryFor(model, installationDepthFor(sm, model));
      collect({ warnings: house.warnings });
      collect(
        applyRules({ doc: d, m: sm, model, geometry, date, kinds, equipmentPrice: options.equipmentPrice }),
      );
      continue;
    }
    const ctx: KindContext = { v: valuesOfKind(kind, all), all, kinds, distanceFromMKAD, hasArticle, winter };
    for (const rule of workTypeModules[kind].rules) collect(rule.apply(ctx));
  }
  // Without a station or a rig there is no delivery line yet: the materials come by the per-km article.
  if (!septic && !kinds.includes("well")) collect(materialsDelivery(distanceFromMKAD));
  const warnings: string[] = [];

  const rawMeasurements = (doc as { measurements?: Record<string, unknown> }).measurements;
  const rawSoil = rawMeasurements?.soil_type;
  if (septic && (rawSoil === undefined || rawSoil === null || rawSoil === "")) {
    warnings.push("Рекомендуется указать тип грунта для точного расчета");
  }
  if (parsed.unknownFields.length > 0) {
    warnings.push(`Неизвестные поля замера проигнорированы: ${parsed.unknownFields.join(", ")}.`);
  }
  warnings.push(...ruled.warnings);

  // Price the lines.
  const fallback = list === defaultPriceList ? undefined : priceListIndex(defaultPriceList);
  const items: EstimateItem[] = [];
  const ranks: number[] = [];
  const fallbackCodes: string[] = [];
  const missingCodes: string[] = [];
  const extraSections: string[] = [];
  for (const l of ruled.lines) {
    let name: string, unit: string, section: string, materials: number, works: number;
    if (l.custom) {
      ({ name, unit, section } = l.custom);
      materials = l.custom.materialsPrice;
      works = l.custom.worksPrice;
    } else {
      let p = index.get(l.code);
      if (!p && fallback) {
        p = fallback.get(l.code);
        // One warning lists them all: a company list older than the work types lacks a dozen at once.
        if (p && !fallbackCodes.includes(l.code)) fallbackCodes.push(l.code);
      }
      if (!p) {
        if (!missingCodes.includes(l.code)) missingCodes.push(l.code);
        continue;
      }
      name = l.detail ? `${p.name} (${l.detail})` : p.name;
      unit = p.unit;
      section = p.section;
      materials = p.materialsPrice;
      works = p.worksPrice;
    }
    const pricePerUnit = materials + works;
    const line = priceLine({ quantity: l.quantity, pricePerUnit, materialsPerUnit: materials });
    items.push({
      section,
      articleCode: l.code,
      name,
      unit,
      quantity: line.quantity,
      pricePerUnit,
      equipmentCost: line.equipmentCost,
      workCost: line.workCost,
      totalPrice: line.totalPrice,
      isRequired: l.isRequired,
    });
    let rank = sectionRank.get(section);
    if (rank === undefined) {
      let k = extraSections.indexOf(section);
      if (k < 0) k = extraSections.push(section) - 1;
      rank = sectionOrder.length + k;
    }
    ranks.push(rank);
  }
  if (fallbackCodes.length) {
    warnings.push(
      `Позиций нет в прайс-листе компании, цены взяты из базового прайс-листа: ${fallbackCodes.join(", ")}.`,
    );
  }
  if (missingCodes.length) {
    warnings.push(`Позиций нет в прайс-листе, строки не учтены: ${missingCodes.join(", ")}.`);
  }
  // Stable sort by section rank, in place: an insertion sort, as the score of lines comes mostly in order
  // (a comparator sort over an index array allocated three arrays and a closure per estimate).
  for (let i = 1; i < items.length; i++) {
    const item = items[i], rank = ranks[i];
    let j = i - 1;
    for (; j >= 0 && ranks[j] > rank; j--) {
      items[j + 1] = items[j];
      ranks[j + 1] = ranks[j];
    }
    items[j + 1] = item;
    ranks[j + 1] = rank;
  }
  const sorted = items;

  const totals = estimateTotals(sorted, { vatMode: vat.value, discount: options.discount });
  const { sections, subtotals, itemsTotal } = totals;
  const vatAmount = totals.vat.amount;

  // Notes (the estimating spec's «Business constants and limits»).
  const notes: string[] = [];
  const delivery = sorted.find((i) => i.articleCode === "А152");
  if (septic) {
    notes.push(
      delivery
        ? `Доставка в пределах ${FREE_DELIVERY_KM} км от МКАД включена в стоимость; далее — ${
          formatRub(delivery.pricePerUnit)
        } за км (${delivery.quantity} км).`
        : `Доставка в пределах ${FREE_DELIVERY_KM} км от МКАД включена в стоимость.`,
    );
  } else notes.push(`Выезд и доставка в пределах ${FREE_DELIVERY_KM} км от МКАД включены в стоимость.`);
  notes.push("Гарантия на работы — 1 год, на оборудование — согласно паспорту изделия.");
  notes.push(vatNote(totals.vat));
  notes.push("Цены указаны согласно прайс-листу компании (артикулы А001–А261).");
  notes.push(...ruled.notes);
  if (septic && m.demolition_work && m.demolition_description) {
    notes.push(`Демонтаж: ${m.demolition_description}`);
  }
  if (m.additional_notes.trim()) notes.push(`Примечание замерщика: ${m.additional_notes.trim()}`);
  const kept = septic ? keptDefaults(m) : [];
  if (kept.length > 0) notes.push(`Принято по умолчанию: ${kept.map((f) => keptText(m, f)).join("; ")}.`);

  const estimateNumber = options.estimateNumber ?? d.estimateNumber ??
    `СМ-${date.replaceAll("-", "")}-${
      // The same text as the former `[…].join("|")` (no part is null or undefined), without the array.
      fnv1a(
        `${d.objectId ?? ""}|${d.object?.address ?? ""}|${
          model?.id ?? kinds.join(",")
        }|${m.residents_count}|${m.installation_depth}|${m.inlet_pipe_length}|${m.outlet_pipe_length}|${itemsTotal}`,
      )}`;

  const estimate: Estimate = {
    estimateNumber,
    templateName: templateName(d, kinds, all, model),
    date,
    workType: d.workType,
    workTypeLabel: workTypeLabel(d.workType),
    ...(model ? { model: stationSummary(model) } : {}),
    workKinds: kinds,
    residentsCount: septic ? m.residents_count : 0,
    excavationVolume: geometry?.pitVolume ?? 0,
    sections,
    subtotals,
    items: sorted,
    itemsTotal,
    ...(totals.discountAmount > 0 && options.discount
      ? {
        discount: {
          ...options.discount,
          label: discountLabel(options.discount),
          amount: totals.discountAmount,
        },
      }
      : {}),
    vat: { mode: vat.value, rate: vat.rate, label: vat.label, amount: vatAmount, included: vat.included },
    totalAmount: totals.totalAmount,
    notes,
    warnings,
    alerts: ruled.alerts,
    currency: "RUB",
    moneyUnit: "kopeck",
  };
  if (d.objectId !== undefined) estimate.objectId = d.objectId;
  const obj = d.object;
  if (obj) {
    if (obj.address) estimate.objectAddress = obj.address;
    if (obj.clientName) estimate.clientName = obj.clientName;
    if (obj.clientPhone) estimate.clientPhone = obj.clientPhone;
    if (obj.distanceFromMKAD !== undefined) estimate.distanceFromMKAD = obj.distanceFromMKAD;
  }
  return estimate;
}

/** A kept default as the note reads it: «глубина установки 2,5 м», «тип грунта смешанный», «подъезд средней
 * сложности». */
function keptText(m: MeasurementDocument["measurements"], field: SuggestedField): string {
  const { label, unit } = suggestedDefaultFields[field];
  const raw = (m as unknown as Record<string, unknown>)[field];
  if (field === "access_difficulty") return accessDifficultyPhrase(String(raw));
  const value = field === "soil_type"
    ? soilTypes.find((o) => o.value === raw)?.label.toLowerCase()
    : typeof raw === "number"
    ? raw.toLocaleString("ru-RU")
    : String(raw);
  return `${label.toLowerCase()} ${value}${unit ? `\u00a0${unit}` : ""}`;
}

/**
 * The station as an estimate names it.
 *
 * @example
 * ```ts
 * import { stationSummary } from "./estimate.ts";
 * import { findModel } from "./catalogue/mod.ts";
 * if (stationSummary(findModel("topas-5")!).brandLabel !== "Топас") throw new Error("brand");
 * ```
 */
export function stationSummary(model: SepticModel): NonNullable<Estimate["model"]> {
  return {
    id: model.id,
    name: model.model,
    brand: model.brand,
    brandLabel: brandLabel(model.brand),
    capacity: model.capacity,
    peakDischarge: model.peakDischarge,
    dimensions: model.dimensions,
  };
}

/**
 * Delivery of materials beyond the free zone for the work types without a station or a rig: the per-km
 * article А153 for the kilometres past {@link FREE_DELIVERY_KM}.
 */
function materialsDelivery(km: number | undefined): RuleResult {
  if (km === undefined) {
    return {
      warnings: [
        `Расстояние от МКАД не указано: доставка учтена как бесплатная (в пределах ${FREE_DELIVERY_KM} км).`,
      ],
    };
  }
  if (km <= FREE_DELIVERY_KM) return {};
  return {
    lines: [{
      code: "А153",
      quantity: km - FREE_DELIVERY_KM,
      isRequired: true,
      detail: `${formatQuantity(km)} км от МКАД`,
    }],
  };
}

/** «Автономная канализация: станция Топас 5»; several work types: «Скважина на песок 35 м, водопровод 20 м». */
function templateName(
  d: MeasurementDocument,
  kinds: readonly WorkKind[],
  all: Record<string, unknown>,
  model: SepticModel | undefined,
): string {
  const parts = kinds.map((k) =>
    k === "septic" ? `станция ${model!.model}` : workTypeModules[k].summary(valuesOfKind(k, all))
  );
  if (kinds.length === 1) return `${workTypeLabel(d.workType)}: ${parts[0]}`;
  const text = parts.join(", ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}
