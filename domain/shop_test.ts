import assert from "node:assert/strict";
import {
  canCancel,
  checkoutSchema,
  DELIVERY_COST,
  nextStatuses,
  orderTotals,
  readCatalogueQuery,
} from "./shop.ts";
import { fittingModels, readCalculatorQuery, requirement } from "./station_calculator.ts";
import { compareEconomy, economyDefaults, kwhPerDay } from "./economy.ts";
import { catalogue } from "../estimating/mod.ts";

Deno.test("orderTotals: list prices, old-price discount, delivery free from the threshold, VAT on top", () => {
  const lines = [{ price: 10_000_000, oldPrice: 12_000_000, quantity: 2 }, {
    price: 500_000,
    oldPrice: null,
    quantity: 1,
  }];
  const below = orderTotals(lines, { taxRate: 20, freeShippingThreshold: 30_000_000 });
  assert.deepEqual(below, {
    totalAmount: 24_500_000,
    discount: 4_000_000,
    shippingCost: DELIVERY_COST,
    vatAmount: Math.round((20_500_000 + DELIVERY_COST) * 0.2),
    finalAmount: 20_500_000 + DELIVERY_COST + Math.round((20_500_000 + DELIVERY_COST) * 0.2),
  });
  const free = orderTotals(lines, { taxRate: 0, freeShippingThreshold: 20_500_000 });
  assert.equal(free.shippingCost, 0);
  assert.equal(free.finalAmount, 20_500_000);
  // An old price below the price is no discount.
  assert.equal(
    orderTotals([{ price: 100, oldPrice: 50, quantity: 1 }], { taxRate: 0, freeShippingThreshold: 0 })
      .discount,
    0,
  );
});

Deno.test("order statuses move one step along the objects and shop spec's «States and transitions» and cancel only before shipping", () => {
  assert.deepEqual(nextStatuses("pending"), ["confirmed", "cancelled"]);
  assert.deepEqual(nextStatuses("ready_for_delivery"), ["shipped", "cancelled"]);
  assert.deepEqual(nextStatuses("shipped"), ["delivered"]);
  assert.deepEqual(nextStatuses("completed"), []);
  assert.deepEqual(nextStatuses("cancelled"), []);
  assert.equal(canCancel("shipped"), false);
});

Deno.test("checkout schema gives the spec's messages verbatim", () => {
  const r = checkoutSchema.safeParse({
    customerName: " ",
    customerEmail: "a@b",
    customerPhone: "",
    deliveryAddress: "",
    deliveryCity: "",
  });
  assert.ok(!r.success);
  const messages = Object.fromEntries(r.error.issues.map((i) => [i.path[0], i.message]));
  assert.deepEqual(messages, {
    customerName: "Имя покупателя обязательно",
    customerEmail: "Введите корректный email",
    customerPhone: "Телефон обязателен",
    deliveryAddress: "Адрес доставки обязателен",
    deliveryCity: "Город доставки обязателен",
  });
});

Deno.test("catalogue query is read leniently", () => {
  const q = readCatalogueQuery({
    persons: "4",
    priceMin: "100 000",
    priceMax: "x",
    sort: "bogus",
    page: "-2",
  });
  assert.deepEqual([q.persons, q.priceMin, q.priceMax, q.sort, q.page], [4, 100000, null, "popular", 1]);
});

Deno.test("station calculator: a household of 6 with 4 guests, clay, pipe at 1.3 m — every fitting model fits by hand", () => {
  // Written from the rule, independently of the code: 6 × 200 = 1200 l/day; 10 people × 40 l = 400 l peak.
  const need = requirement(
    readCalculatorQuery({ residents: "6", guests: "4", soil: "clay", inletDepth: "1,3" }),
  );
  assert.equal(need.dailyLitres, 1200);
  assert.equal(need.peakLitres, 400);
  assert.equal(need.inletDepthMm, 1300);
  assert.equal(need.discharge, "forced");
  const fit = fittingModels(need);
  assert.ok(fit.length > 0);
  const expected = catalogue.filter((m) =>
    m.capacity >= 1200 && m.peakDischarge >= 400 && m.maxDepthConnection >= 1300 && m.discharge === "forced"
  );
  assert.deepEqual(new Set(fit.map((m) => m.id)), new Set(expected.map((m) => m.id)));
  for (let i = 1; i < fit.length; i++) {
    assert.ok(fit[i - 1].totalWithInstallation <= fit[i].totalWithInstallation);
  }
  // A seasonal house counts its guests as residents.
  assert.equal(
    requirement(readCalculatorQuery({ residents: "2", guests: "3", usage: "seasonal" })).dailyLitres,
    1000,
  );
});

Deno.test("economy: trips from residents and pit volume, cumulative costs and the payback year", () => {
  const r = compareEconomy(economyDefaults);
  // 4 × 200 l × 365 = 292 m³ a year → 37 trips of an 8 m³ truck.
  assert.equal(r.tripsPerYear, 37);
  const [pit, , station] = r.options;
  assert.equal(pit.yearly, 37 * 4000);
  assert.equal(pit.cumulative[0], 65_000 + 37 * 4000);
  assert.equal(station.upfront, r.station.retailPrice + r.station.fullInstallationCost);
  assert.equal(station.yearly, kwhPerDay(r.station) * 365 * 6.5 + 2 * 6500);
  assert.equal(pit.cumulative.length, 15);
  const payback = station.cumulative.findIndex((v, i) => v <= pit.cumulative[i]) + 1;
  assert.equal(r.paybackYear, payback);
  // A tiny household with a cheap truck may never pay back within the years.
  const slow = compareEconomy({
    ...economyDefaults,
    residents: 1,
    tripPrice: 500,
    cesspoolVolume: 20,
    years: 3,
  });
  assert.equal(slow.paybackYear, null);
});
