// The station's price basis. Worked examples on Топас 5 (retail 159 000 ₽, dealer 90 % =
// 143 100 ₽, full installation for 5 residents 36 000 ₽); money in the estimate is kopecks (× 100).
import assert from "node:assert/strict";
import { type Estimate, type EstimateItem, generateEstimate, type GenerateOptions } from "./estimate.ts";
import { equipmentPrice } from "./catalogue/equipment_price.ts";
import { findModel } from "./catalogue/mod.ts";
import { isInternalNote } from "./notes.ts";

const DATE = "2026-05-20";
const doc = {
  object: { address: "МО, Истринский р-н, д. Лечищево, уч. 12", distanceFromMKAD: 20 },
  measurements: { septic_model: "topas-5", residents_count: 5, soil_type: "sandy", groundwater_level: 0 },
};
const gen = (options: Partial<GenerateOptions> = {}): Estimate =>
  generateEstimate(doc, { date: DATE, ...options });
const station = (e: Estimate): EstimateItem => e.items.find((i) => i.articleCode === "topas-5")!;
const rub = (r: number) => r * 100;

Deno.test("generateEstimate() quotes the station at the maker's retail price by default", () => {
  // 159 000 (РРЦ) + 36 000 (installation) = 195 000 ₽; the margin over the dealer price 159 000 − 143 100 = 15 900.
  const e = gen();
  assert.equal(station(e).equipmentCost, rub(159_000));
  assert.equal(station(e).totalPrice, rub(195_000));
  const note = e.notes.find((n) => n.startsWith("Цена оборудования"));
  assert.ok(note, e.notes.join("\n"));
  assert.match(note, /РРЦ производителя 159\u00a0000,00\u00a0₽/);
  assert.match(note, /дилерской цене 143\u00a0100,00\u00a0₽, маржа 15\u00a0900,00\u00a0₽/);
  assert.ok(isInternalNote(note), "the note stays out of the client's documents");
});

Deno.test("generateEstimate() quotes the dealer price plus the company's markup when asked", () => {
  // 143 100 × (100 + 20) / 100 = 171 720 ₽; + 36 000 = 207 720 ₽; margin 171 720 − 143 100 = 28 620.
  const e = gen({ equipmentPrice: { basis: "dealer_markup", markupPercent: 20 } });
  assert.equal(station(e).equipmentCost, rub(171_720));
  assert.equal(station(e).workCost, rub(36_000));
  assert.equal(station(e).totalPrice, rub(207_720));
  assert.ok(e.notes.some((n) => n.includes("наценка 20 %") && n.includes("маржа 28\u00a0620,00\u00a0₽")));
});

Deno.test("generateEstimate() quotes the bare dealer price with the dealer basis", () => {
  // 143 100 + 36 000 = 179 100 ₽: the old behaviour, now a company's explicit choice; margin 0.
  const e = gen({ equipmentPrice: { basis: "dealer", markupPercent: 11 } });
  assert.equal(station(e).equipmentCost, rub(143_100));
  assert.equal(station(e).totalPrice, rub(179_100));
  assert.ok(e.notes.some((n) => n.includes("маржа 0,00\u00a0₽")));
});

Deno.test("generateEstimate() moves the line total by the basis and nothing else", () => {
  // Retail vs dealer on Топас 15 (retail 343 000, dealer 308 700): the line and the total differ by 34 300 ₽.
  const big = {
    ...doc,
    measurements: { ...doc.measurements, septic_model: "topas-15", residents_count: 15 },
  };
  const retail = generateEstimate(big, { date: DATE });
  const dealer = generateEstimate(big, { date: DATE, equipmentPrice: { basis: "dealer", markupPercent: 0 } });
  assert.equal(retail.itemsTotal - dealer.itemsTotal, rub(34_300));
  assert.equal(retail.items.length, dealer.items.length);
});

Deno.test("equipmentPrice() falls back to dealer + markup with a note for a model without a retail price", () => {
  // A model the maker gives no РРЦ for: 143 100 × 1.11 = 158 841 ₽ at the default 11 %; 143 100 × 1.25 at 25 %.
  const noRetail = { ...findModel("topas-5")!, retailPrice: 0 };
  const byDefault = equipmentPrice(noRetail);
  assert.equal(byDefault.kopecks, rub(158_841));
  assert.equal(byDefault.basis, "dealer_markup");
  assert.equal(byDefault.markupPercent, 11);
  assert.match(byDefault.note, /у модели нет РРЦ производителя, взята дилерская цена \+ наценка 11 %/);
  assert.equal(equipmentPrice(noRetail, { basis: "retail", markupPercent: 25 }).kopecks, rub(178_875));
});

Deno.test("generateEstimate() refuses an equipment-price setting out of range", () => {
  assert.throws(
    () => gen({ equipmentPrice: { basis: "dealer_markup", markupPercent: 301 } }),
    /Наценка на оборудование — целое число процентов от 0 до 300/,
  );
  assert.throws(
    () => gen({ equipmentPrice: { basis: "wholesale" as "dealer", markupPercent: 0 } }),
    /Основа цены оборудования/,
  );
});

Deno.test("generateEstimate() prices a Юнилос Астра 5 Миди at its retail price with the 5-resident installation", () => {
  // Юнилос Астра 5 Миди: retail 148 000 ₽ (dealer 90 % = 133 200) + full installation for 5 residents 36 000
  // = 184 000 ₽.
  const astra = { ...doc, measurements: { ...doc.measurements, septic_model: "Юнилос Астра 5 Миди" } };
  const e = generateEstimate(astra, { date: DATE });
  const line = e.items.find((i) => i.articleCode === "unilos-astra-5-midi")!;
  assert.equal(line.equipmentCost, rub(148_000));
  assert.equal(line.totalPrice, rub(184_000));
  assert.ok(e.notes.some((n) => n.includes("закупка по дилерской цене 133\u00a0200,00\u00a0₽")));
});
