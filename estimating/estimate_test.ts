import assert from "node:assert/strict";
import { catalogue } from "./catalogue/mod.ts";
import { type Estimate, EstimateInputError, generateEstimate } from "./estimate.ts";
import { itemFields, measurementFieldSpecs } from "./fields.ts";
import { defaultPriceList, type PriceListItem, sectionOrder } from "./price_list.ts";

const DATE = "2026-04-15";

function checkArithmetic(e: Estimate) {
  let sum = 0n;
  for (const i of e.items) {
    for (const k of ["pricePerUnit", "equipmentCost", "workCost", "totalPrice"] as const) {
      assert.ok(Number.isSafeInteger(i[k]) && i[k] >= 0, `${i.articleCode}.${k} = ${i[k]}`);
    }
    assert.equal(i.totalPrice, i.equipmentCost + i.workCost, i.articleCode);
    // round(pricePerUnit × quantity) in exact integer arithmetic: quantity has at most two decimals.
    const q = BigInt(Math.round(i.quantity * 100));
    // the quantity is the double nearest to a two-decimal number
    assert.equal(
      Number((Math.round(i.quantity * 100) / 100).toFixed(2)),
      i.quantity,
      `${i.articleCode}: ${i.quantity}`,
    );
    const exact = BigInt(i.pricePerUnit) * q;
    const rounded = (exact + 50n) / 100n;
    assert.equal(BigInt(i.totalPrice), rounded, i.articleCode);
    sum += BigInt(i.totalPrice);
  }
  assert.equal(BigInt(e.itemsTotal), sum);
  assert.equal(e.vat.amount, Number((BigInt(e.itemsTotal) * BigInt(e.vat.rate) + 50n) / 100n));
  assert.equal(e.totalAmount, e.itemsTotal + e.vat.amount);
  assert.equal(e.subtotals.reduce((s, t) => s + t.amount, 0), e.itemsTotal);
  assert.deepEqual(e.subtotals.map((s) => s.section), e.sections);
}

const typical = {
  objectId: 42,
  object: {
    address: "МО, Истринский р-н, д. Лешково, 12",
    distanceFromMKAD: 52,
    clientName: "Петров П. П.",
    clientPhone: "+7 916 000-00-00",
  },
  measurements: {
    septic_model: "topas-5",
    residents_count: 5,
    soil_type: "loam",
    installation_depth: 2.6,
    inlet_pipe_length: 7.3,
    outlet_pipe_length: 12.25,
    need_insulation: true,
    insulation_length: 4.5,
    electrical_work_needed: true,
    elect_a039: true,
    elect_a039_length: 13.33,
  },
};

Deno.test("generateEstimate() returns the fields of the estimating spec's «Entities and their fields» with exact kopeck arithmetic", () => {
  const e = generateEstimate(typical, { date: DATE });
  checkArithmetic(e);
  assert.equal(e.date, DATE);
  assert.equal(e.objectId, 42);
  assert.equal(e.objectAddress, typical.object.address);
  assert.equal(e.templateName, "Автономная канализация: станция Топас 5");
  assert.match(e.estimateNumber, /^СМ-20260415-[0-9A-F]{6}$/);
  assert.equal(e.vat.mode, "none");
  assert.equal(e.vat.amount, 0);
  assert.equal(e.moneyUnit, "kopeck");
  for (const item of e.items) {
    assert.deepEqual(Object.keys(item), [
      "section",
      "articleCode",
      "name",
      "unit",
      "quantity",
      "pricePerUnit",
      "equipmentCost",
      "workCost",
      "totalPrice",
      "isRequired",
    ]);
  }
  // Sections follow the display order and items are grouped by section.
  const ranks = e.sections.map((s) => sectionOrder.indexOf(s));
  assert.deepEqual(ranks, [...ranks].sort((a, b) => a - b));
  assert.equal(e.items[0].articleCode, "topas-5");
});

Deno.test("generateEstimate() is deterministic for the same input and date", () => {
  assert.deepEqual(generateEstimate(typical, { date: DATE }), generateEstimate(typical, { date: DATE }));
  assert.equal(
    generateEstimate(typical, { date: DATE, estimateNumber: "17/2026" }).estimateNumber,
    "17/2026",
  );
  assert.equal(generateEstimate({ ...typical, estimateNumber: "A-1" }, { date: DATE }).estimateNumber, "A-1");
});

Deno.test("generateEstimate() adds VAT of 5, 7 or 22 % on top of the lines", () => {
  const base = generateEstimate(typical, { date: DATE });
  for (const [mode, rate] of [["5", 5], ["7", 7], ["22", 22]] as const) {
    const e = generateEstimate(typical, { date: DATE, vat: mode });
    checkArithmetic(e);
    assert.equal(e.itemsTotal, base.itemsTotal);
    assert.equal(e.vat.rate, rate);
    assert.equal(e.vat.amount, Math.round((base.itemsTotal * rate) / 100));
    assert.ok(e.notes.some((n) => n.includes(`НДС ${rate} %`)));
  }
  assert.ok(base.notes.includes("Цены указаны без НДС."));
  assert.throws(() => generateEstimate(typical, { date: DATE, vat: "18" as never }), TypeError);
});

Deno.test("generateEstimate() writes the notes of the estimating spec's «Business constants and limits»", () => {
  const e = generateEstimate(
    { ...typical, measurements: { ...typical.measurements, additional_notes: "Собака во дворе" } },
    { date: DATE },
  );
  assert.match(e.notes[0], /^Доставка в пределах 30 км от МКАД включена в стоимость/);
  assert.ok(e.notes.includes("Гарантия на работы — 1 год, на оборудование — согласно паспорту изделия."));
  assert.ok(e.notes.some((n) => n.startsWith("Цены указаны согласно прайс-листу компании")));
  assert.ok(e.notes.includes("Примечание замерщика: Собака во дворе"));
});

Deno.test("generateEstimate() refuses a document with missing items and names their labels", () => {
  try {
    generateEstimate({ measurements: { septic_model: "С1", need_drainage: true } }, { date: DATE });
    assert.fail("expected an error");
  } catch (err) {
    assert.ok(err instanceof EstimateInputError);
    assert.equal(err.message, "Заполните обязательные поля: Модель септика, Длина дренажа");
    assert.deepEqual(err.missing, ["Модель септика", "Длина дренажа"]);
    assert.deepEqual(err.issues.map((i) => i.path), [
      "measurements.septic_model",
      "measurements.drainage_length",
    ]);
  }
});

Deno.test("generateEstimate() refuses an invalid document with the field paths", () => {
  assert.throws(
    () =>
      generateEstimate({ measurements: { septic_model: "topas-5", residents_count: "пять" } }, {
        date: DATE,
      }),
    (err: unknown) =>
      err instanceof EstimateInputError && err.issues[0].path === "measurements.residents_count" &&
      /ожидается число/.test(err.issues[0].message),
  );
  assert.throws(() => generateEstimate(typical, { date: "15.04.2026" }), TypeError);
  assert.throws(() => generateEstimate(typical, { date: "2026-02-30" }), TypeError);
});

Deno.test("generateEstimate() warns when the soil type is not given", () => {
  const e = generateEstimate({ measurements: { septic_model: "topas-5" } }, { date: DATE });
  assert.ok(e.warnings.includes("Рекомендуется указать тип грунта для точного расчета"));
});

Deno.test("generateEstimate() uses a company price list and falls back to the default for missing articles", () => {
  const own: PriceListItem[] = defaultPriceList
    .filter((i) => i.code !== "А021")
    .map((
      i,
    ) => (i.code === "А001"
      ? { ...i, name: "Труба ПВХ 110 (своя)", materialsPrice: 70000, worksPrice: 50000 }
      : i)
    );
  const e = generateEstimate(typical, { date: DATE, priceList: own });
  checkArithmetic(e);
  const pipe = e.items.find((i) => i.articleCode === "А001")!;
  assert.equal(pipe.pricePerUnit, 120000);
  assert.match(pipe.name, /^Труба ПВХ 110 \(своя\)/);
  assert.ok(e.items.some((i) => i.articleCode === "А021"));
  assert.ok(e.warnings.some((w) => w.includes("А021") && w.includes("базового прайс-листа")));
});

// A small deterministic PRNG (mulberry32), so the property test is reproducible.
function rng(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

Deno.test("generateEstimate() keeps every line and total exact to the kopeck over random valid documents", () => {
  const random = rng(20260415);
  const pick = <T>(a: readonly T[]) => a[Math.floor(random() * a.length)];
  const dec = (max: number) => Math.round(random() * max * 100) / 100;
  const vats = ["none", "5", "7", "22"] as const;
  for (let n = 0; n < 600; n++) {
    const m: Record<string, unknown> = {};
    for (const [name, spec] of Object.entries(measurementFieldSpecs)) {
      if (random() < 0.5) continue;
      if (spec.kind === "bool") m[name] = random() < 0.5;
      else if (spec.kind === "int") m[name] = Math.floor(random() * Math.min(spec.max, 30));
      else if (spec.kind === "dec") m[name] = dec(Math.min(spec.max, 60));
      else if (spec.kind === "enum") m[name] = pick(spec.values);
    }
    // Make the document complete: the amounts the ticked groups require.
    Object.assign(m, {
      septic_model: pick(catalogue).id,
      residents_count: 1 + Math.floor(random() * 20),
      installation_depth: 0.5 + dec(3.5),
      inlet_pipe_length: 0.1 + dec(40),
      outlet_pipe_length: 0.1 + dec(40),
      insulation_length: 0.5 + dec(20),
      drainage_length: 0.5 + dec(30),
      drilling_holes_110: 1 + Math.floor(random() * 3),
      demolition_description: "Демонтаж",
      demolition_septic_volume: 0.5 + dec(5),
      stump_removal_count: 1 + Math.floor(random() * 3),
      demolition_pavement_length: 0.5 + dec(10),
      concrete_demolition_area: 0.5 + dec(10),
    });
    const e1 = itemFields.find((f) => f.group === "electrical")!;
    m[e1.flag!] = true;
    m[e1.amount] = 1;
    for (const k of ["installation_depth", "inlet_pipe_length", "outlet_pipe_length"]) {
      m[k] = Math.round((m[k] as number) * 100) / 100;
    }
    const distance = random() < 0.2 ? undefined : dec(120);
    const e = generateEstimate(
      {
        object: { address: "", clientName: "", clientPhone: "", distanceFromMKAD: distance },
        measurements: m,
      },
      { date: DATE, vat: pick(vats) },
    );
    checkArithmetic(e);
  }
});
