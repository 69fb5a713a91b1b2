import assert from "node:assert/strict";
import { EstimateInputError, generateEstimate } from "../estimate.ts";
import { defaultPriceList, priceListIndex, sectionOrder } from "../price_list.ts";
import { allInArticles, drillingBands, frictionLoss } from "./well.ts";
import { kindsForTask, workFieldSpecs, type WorkKind, workSections, workTypeModules } from "./mod.ts";

const date = "2026-06-01";
const near = { address: "д. Ивановка", distanceFromMKAD: 20, clientName: "Иванов", clientPhone: "" };
const rub = (kopecks: number) => kopecks / 100;
const price = (code: string) => {
  const p = priceListIndex(defaultPriceList).get(code)!;
  return rub(p.materialsPrice + p.worksPrice);
};

Deno.test("generateEstimate() prices a sand well with its arrangement as the worked example says", () => {
  const e = generateEstimate({
    workType: "well_equipment",
    object: { ...near, distanceFromMKAD: 45 },
    measurements: { well_type: "sand", well_depth: 35 },
  }, { date });
  // Well all-in (ПНД 125, the sand standard) 30 × 2 200 + 5 × 2 300; filter 6 300; head 4 000; test pumping
  // 6 500; analysis 7 500; rig 15 km × 150; caisson 68 000; caisson fittings 13 500; pump Водомет 55/90
  // 26 500 (level 14 + 5 + 30 + friction in 32 + 5 m of 32 mm pipe ≈ 3,9 → 53 m at 3 m³/h; the 55/50 gives
  // 40 m) installed 6 000; cable 47 × 170; rope 35 × 90; pipe 34 × 130; accumulator 14 900; automation 10 400.
  const hand = 30 * 2200 + 5 * 2300 + 6300 + 4000 + 6500 + 7500 + 15 * 150 + 68000 + 13500 +
    26500 + 6000 + 47 * 170 + 35 * 90 + 34 * 130 + 14900 + 10400;
  assert.equal(hand, 258_910);
  assert.equal(rub(e.totalAmount), hand);
  assert.deepEqual(e.sections, [workSections.wellDrilling, workSections.wellEquipment]);
  assert.equal(e.items.find((i) => i.articleCode === "vodomet-55-90")?.totalPrice, 2_650_000);
  assert.ok(e.notes.some((n) => n.includes("напор 53 м") && n.includes("динамический уровень 14 м")));
  assert.equal(e.templateName, "Обустройство скважины: скважина на песок 35 м");
  assert.deepEqual(e.workKinds, ["well"]);
  assert.equal(e.model, undefined);
});

Deno.test("generateEstimate() prices a well of any depth per metre all-in by its casing's depth bands plus the arrangement", () => {
  // Without the pump, accumulator and automation, only the per-metre lines depend on the depth.
  const fixed = ["А175", "А181", "А177", "А178", "А182", "А194"].reduce((s, c) => s + price(c), 0);
  for (const depth of [1, 12.5, 30, 31, 59.99, 60, 75, 100, 101, 140, 300]) {
    const e = generateEstimate({
      workType: "well_drilling",
      object: near,
      measurements: { well_depth: depth, well_pump: false, well_accumulator: "none", well_automation: false },
    }, { date });
    let drilling = 0;
    drillingBands.forEach((b, i) => {
      drilling += Math.max(0, Math.min(depth, b.to) - b.from) * price(allInArticles.pnd_125[i]);
    });
    const expected = Math.round((drilling + fixed) * 100);
    assert.equal(e.totalAmount, expected, `depth ${depth}`);
  }
});

Deno.test("generateEstimate() prices an artesian well of 70 m at 2 000–2 300 ₽/м all-in with two casing strings", () => {
  const e = generateEstimate({
    workType: "well_drilling",
    object: near,
    measurements: { well_type: "artesian", well_depth: 70, well_pump: false, well_arrangement: "none" },
  }, { date });
  // Steel 133 + ПНД 117 by default: 30 × 2 100 + 30 × 2 200 + 10 × 2 300 = 152 000 ₽, 2 171 ₽/м; no
  // separate casing or flushing line.
  const well = e.items.filter((i) => i.section === workSections.wellDrilling && i.unit === "м");
  assert.deepEqual(well.map((i) => [i.articleCode, i.quantity]), [["А253", 30], ["А254", 30], ["А255", 10]]);
  const sum = rub(well.reduce((s, i) => s + i.totalPrice, 0));
  assert.equal(sum, 30 * 2100 + 30 * 2200 + 10 * 2300);
  assert.ok(sum / 70 >= 2000 && sum / 70 <= 2300, String(sum / 70));
  assert.ok(!e.items.some((i) => ["А172", "А176"].includes(i.articleCode)));
});

Deno.test("generateEstimate() takes an artesian well's depth from the district; an adapter gets no caisson fittings", () => {
  const e = generateEstimate({
    workType: "well_drilling",
    object: near,
    measurements: { well_type: "artesian", well_district: "istra", well_arrangement: "adapter" },
  }, { date });
  const q = (code: string) => e.items.find((i) => i.articleCode === code)?.quantity;
  // Истра: artesian 80 m → 30 + 30 + 20 m at the two-string rates, no filter, no head, no fittings (adapter).
  assert.deepEqual([q("А253"), q("А254"), q("А255")], [30, 30, 20]);
  assert.equal(q("А175"), undefined);
  assert.equal(q("А181"), undefined);
  assert.equal(q("А194"), undefined);
  assert.equal(q("А184"), 1);
  assert.ok(e.notes.some((n) => n.includes("Истра") && n.includes("касимовский")), e.notes.join("\n"));
  // Level 32 m (40 % of 80) + 5 + 30 + friction in 50 m of riser and 5 m in the house ≈ 5,7 → 73 m at
  // 3 m³/h: the 55/90 gives 72 m, so the 55/120 (96 m, 34 900 ₽), cheaper than Grundfos SQ 3-105 (85 m).
  assert.ok(e.items.some((i) => i.articleCode === "vodomet-55-120"));
  const caisson = generateEstimate({
    workType: "well_drilling",
    object: near,
    measurements: { well_type: "artesian", well_district: "istra", well_arrangement: "caisson_plastic" },
  }, { date });
  assert.equal(caisson.items.find((i) => i.articleCode === "А194")?.quantity, 1);
});

Deno.test("generateEstimate() sizes the pump by the dynamic level, the tap's height and pressure and the pipe losses, the cheapest that fits", () => {
  const doc = (m: Record<string, unknown>) => ({
    workTypes: ["well_equipment", "water_supply"],
    object: near,
    measurements: { well_type: "artesian", ws_length: 15, ws_depth: 1.8, ...m },
  });
  // 90 m artesian well, 3 m³/h, the pump at 50 m, 15 m of ПНД 32 to the house: level 36 (40 % of 90) + 5 +
  // 30 + friction (50 + 15 + 5 m of 32 mm at 3 m³/h) = 78,3 → 79 m → Водомет ПРОФ 55/120 (96 m at 3,3 m³/h,
  // 34 900 ₽), the cheapest that fits, not the 5 m³/h SQE 5-110 (165 000 ₽) the pump's depth chose.
  const loss = frictionLoss(3, 70, "32");
  assert.equal(Math.ceil(36 + 5 + 30 + loss), 79);
  const deep = generateEstimate(doc({ well_depth: 90 }), { date });
  assert.ok(
    deep.items.some((i) => i.articleCode === "vodomet-55-120"),
    deep.items.map((i) => i.articleCode).join(),
  );
  // A measured dynamic level of 22 m, the top tap at 6 m: 22 + 6 + 30 + 7,3 = 65,3 → 66 m → the cheapest that
  // gives 3 m³/h at 66 m is Джилекс Водомет ПРОФ 55/90 (72 m, 26 500 ₽), not SQ 3-105 (99 800 ₽).
  const measured = generateEstimate(doc({ well_depth: 90, well_dynamic_level: 22, well_house_height: 6 }), {
    date,
  });
  const pump = measured.items.find((i) =>
    i.section === workSections.wellEquipment && i.articleCode.includes("-")
  );
  assert.equal(pump?.articleCode, "vodomet-55-90");
  assert.equal(pump?.totalPrice, 2_650_000);
  assert.ok(measured.notes.some((n) => n.includes("напор 66 м")), measured.notes.join("\n"));
  // A pump hung above the dynamic level is an alert (it would run dry).
  const dry = generateEstimate(doc({ well_depth: 90, well_dynamic_level: 40, well_pump_depth: 30 }), {
    date,
  });
  assert.ok(dry.alerts.some((a) => a.includes("выше динамического уровня 40 м")), dry.alerts.join());
});

Deno.test("generateEstimate() prices a water pipe as the worked example says", () => {
  const e = generateEstimate({
    workType: "water_supply",
    object: near,
    measurements: {
      ws_length: 20,
      ws_depth: 1.2,
      ws_heating_cable: true,
      ws_insulation: true,
      ws_foundation_cm: 40,
    },
  }, { date });
  // Trench to 1,2 m 20 × 1 000; pipe 20 × 360; cable 20 × 900; insulation 20 × 260; entry 6 000; drilling
  // 40 × 55.
  assert.equal(rub(e.totalAmount), 20 * 1000 + 20 * 360 + 20 * 900 + 20 * 260 + 6000 + 40 * 55);
  assert.equal(rub(e.totalAmount), 58_600);
});

Deno.test("generateEstimate() prices a heated water pipe at 1,0 m with the trench up to 1,2 m, deeper ones by their depth", () => {
  const trench = (depth: number) =>
    generateEstimate({
      workType: "water_supply",
      object: near,
      measurements: { ws_length: 35, ws_depth: depth, ws_heating_cable: true },
    }, { date }).items.find((i) => i.articleCode.startsWith("А") && i.name.startsWith("Траншея"));
  // 35 m × 1 000 ₽ = 35 000 ₽ at 1,0 m (was the «до 1,8 м» article: 35 × 1 500 = 52 500 ₽).
  assert.deepEqual([trench(1)?.articleCode, trench(1)?.totalPrice], ["А261", 3_500_000]);
  assert.equal(trench(1.2)?.articleCode, "А261");
  assert.equal(trench(1.3)?.articleCode, "А195");
  assert.equal(trench(2)?.articleCode, "А196");
});

Deno.test("generateEstimate() refuses a water pipe above the frost depth without a heating cable", () => {
  assert.throws(
    () =>
      generateEstimate({ workType: "water_supply", measurements: { ws_length: 20, ws_depth: 1.2 } }, {
        date,
      }),
    (e: unknown) =>
      e instanceof EstimateInputError && e.missing.join() === "Греющий кабель (траншея мельче 1,6 м)",
  );
  const deep = generateEstimate({ workType: "water_supply", measurements: { ws_length: 20, ws_depth: 2 } }, {
    date,
  });
  assert.ok(deep.items.some((i) => i.articleCode === "А196" && i.quantity === 20));
});

Deno.test("generateEstimate() prices drainage as the worked example says, the length from the area when not measured", () => {
  const e = generateEstimate({
    workType: "drainage",
    object: near,
    measurements: {
      dr_length: 40,
      dr_inspection_wells: 2,
      dr_collector_well: true,
      dr_pump: true,
      dr_storm_inlets: 2,
    },
  }, { date });
  // Trench 40 × 1 400; pipe 40 × 390; geotextile 80 × 80; stone 8 × 4 200; wells 2 × 10 000; collector
  // 50 000; pump 15 000; outlet 5 500; inlets 2 × 5 400.
  assert.equal(
    rub(e.totalAmount),
    40 * 1400 + 40 * 390 + 80 * 80 + 8 * 4200 + 2 * 10000 + 50000 + 15000 + 5500 + 2 * 5400,
  );
  assert.equal(rub(e.totalAmount), 212_900);
  assert.deepEqual(e.sections, [workSections.siteDrainage]);
  const area = generateEstimate(
    { workType: "drainage", measurements: { dr_mode: "area", dr_area: 600, dr_inspection_wells: 2 } },
    { date },
  );
  assert.equal(area.items.find((i) => i.articleCode === "А205")?.quantity, 60);
});

Deno.test("generateEstimate() prices external sewage as the worked example says and checks the slope", () => {
  const e = generateEstimate({
    workType: "sewage_system",
    object: near,
    measurements: { sw_length: 18, sw_drop: 0.4, sw_inspection_wells: 1, sw_insulation: true },
  }, { date });
  // The pipe falls from 1,2 to 1,6 m: trench to 1,5 m 13,5 × 1 600, 1,5–1,6 m 4,5 × 2 300; pipe 18 × 980;
  // well 11 500; insulation 18 × 700.
  assert.equal(rub(e.totalAmount), 13.5 * 1600 + 4.5 * 2300 + 18 * 980 + 11500 + 18 * 700);
  assert.equal(rub(e.totalAmount), 73_690);
  assert.ok(!e.warnings.some((w) => w.startsWith("Уклон")));
  const flat = generateEstimate(
    { workType: "sewage_system", measurements: { sw_length: 18, sw_drop: 0.2, sw_inspection_wells: 1 } },
    { date },
  );
  assert.ok(
    flat.warnings.some((w) => w.includes("меньше минимального 0,02") && w.includes("0,36")),
    flat.warnings.join(),
  );
});

Deno.test("generateEstimate() shows a slope of 0,017 with its digits and the drop it lacks", () => {
  const e = generateEstimate(
    { workType: "sewage_system", measurements: { sw_length: 25, sw_drop: 0.42, sw_inspection_wells: 2 } },
    { date },
  );
  // 0,42 / 25 = 0,0168; 25 × 0,02 = 0,5 m needed, 0,08 m short.
  assert.ok(
    e.warnings.includes(
      "Уклон 0,017 меньше минимального 0,02 для трубы 110 мм: на 25 м нужен перепад не менее 0,5 м, есть 0,42 м — не хватает 0,08 м; заглубите станцию или поставьте насос.",
    ),
    e.warnings.join("\n"),
  );
});

Deno.test("generateEstimate() prices a sewer trench by the depth the sloped pipe reaches, not the depth it starts at", () => {
  const trench = (m: Record<string, unknown>) =>
    generateEstimate({ workType: "sewage_system", measurements: { sw_inspection_wells: 2, ...m } }, { date })
      .items.filter((i) => ["А215", "А216"].includes(i.articleCode)).map((i) => [i.articleCode, i.quantity]);
  // 25 m from 1,4 m with a 0,5 m drop ends at 1,9 m: 5 m to 1,5 m (25 × 0,1 / 0,5), 20 m deeper.
  assert.deepEqual(trench({ sw_length: 25, sw_depth: 1.4, sw_drop: 0.5 }), [["А215", 5], ["А216", 20]]);
  // Unmeasured drop: the least slope's, 25 × 0,02 = 0,5 m, the same split.
  assert.deepEqual(trench({ sw_length: 25, sw_depth: 1.4 }), [["А215", 5], ["А216", 20]]);
  assert.deepEqual(trench({ sw_length: 10, sw_depth: 1, sw_drop: 0.3 }), [["А215", 10]]);
  assert.deepEqual(trench({ sw_length: 10, sw_depth: 1.6, sw_drop: 0.3 }), [["А216", 10]]);
});

Deno.test("generateEstimate() keeps a legacy sewage_system document with a station a station estimate", () => {
  const e = generateEstimate({ workType: "sewage_system", measurements: { septic_model: "topas-5" } }, {
    date,
  });
  assert.deepEqual(e.workKinds, ["septic"]);
  assert.equal(e.model?.id, "topas-5");
});

Deno.test("generateEstimate() prices several work types in one estimate, a section per work type, as the sum of separate ones", () => {
  const measurements = {
    septic_model: "topas-5",
    well_depth: 30,
    ws_length: 15,
    dr_length: 30,
    dr_inspection_wells: 1,
    sw_length: 8,
  };
  const workTypes = ["well_equipment", "water_supply", "autonomous_sewage", "sewage_system", "drainage"];
  const one = generateEstimate({ workTypes, object: near, measurements }, { date });
  assert.deepEqual(one.workKinds, ["well", "water_supply", "sewage", "septic", "drainage"]);
  for (const s of Object.values(workSections)) assert.ok(one.sections.includes(s), s);
  let separate = 0;
  for (const w of workTypes) {
    separate += generateEstimate({ workTypes: [w], object: near, measurements }, { date }).itemsTotal;
  }
  // The well's pump reads the water pipe's length in both (head 27 + 30 + 5 + 1.5 → 64 m).
  // Together, the external sewer is the station's inlet. The station alone charges nothing
  // for its default 5 m inlet either (the turnkey installation includes 5 m), so the sum is the same.
  assert.equal(one.itemsTotal, separate);
  assert.equal(one.items.filter((i) => i.name.includes("подводящ")).length, 0);
  assert.equal(one.model?.id, "topas-5");
});

/** A small deterministic generator (mulberry32) for the property tests. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

Deno.test("generateEstimate() of random documents of every work type: each line exact in kopecks, totals add up", () => {
  const next = random(17);
  const names = Object.keys(workFieldSpecs);
  const kinds = ["well_drilling", "well_equipment", "water_supply", "drainage", "sewage_system"];
  let priced = 0;
  for (let n = 0; n < 400; n++) {
    const m: Record<string, unknown> = {};
    for (const name of names) {
      if (next() < 0.4) continue;
      const spec = workFieldSpecs[name];
      if (spec.kind === "bool") m[name] = next() < 0.5;
      else if (spec.kind === "enum") m[name] = spec.values[Math.floor(next() * spec.values.length)];
      else if (spec.kind === "int") m[name] = Math.floor(next() * Math.min(spec.max, 20));
      else if (spec.kind === "dec") m[name] = Math.round(next() * Math.min(spec.max, 150) * 100) / 100;
    }
    const workTypes = kinds.filter(() => next() < 0.4);
    try {
      const e = generateEstimate(
        { workTypes, object: { ...near, distanceFromMKAD: Math.round(next() * 120) }, measurements: m },
        { date, vat: "22" },
      );
      for (const i of e.items) {
        assert.ok(Number.isInteger(i.totalPrice) && Number.isInteger(i.equipmentCost));
        assert.equal(i.totalPrice, Math.round(i.pricePerUnit * i.quantity));
        assert.equal(i.equipmentCost + i.workCost, i.totalPrice);
        assert.ok(sectionOrder.includes(i.section), i.section);
      }
      assert.equal(e.itemsTotal, e.items.reduce((s, i) => s + i.totalPrice, 0));
      assert.equal(e.vat.amount, Math.round(e.itemsTotal * 22 / 100));
      assert.equal(e.totalAmount, e.itemsTotal + e.vat.amount);
      priced++;
    } catch (error) {
      if (!(error instanceof EstimateInputError)) throw error;
      assert.ok(error.missing.length > 0, error.message);
    }
  }
  assert.ok(priced > 100, `priced ${priced}`);
});

Deno.test("every work type's form field has a descriptor, and every descriptor a form field", () => {
  for (const w of Object.values(workTypeModules)) {
    const shown = w.sections.flatMap((s) => s.fields.map((f) => f.name));
    assert.deepEqual(shown.sort(), Object.keys(w.specs).sort(), w.kind);
    for (const s of w.sections) {
      for (const f of s.fields) {
        const spec = w.specs[f.name];
        assert.equal(f.default, spec.kind === "pass" ? undefined : spec.def, f.name);
        if (f.code) assert.ok(priceListIndex(defaultPriceList).has(f.code), f.code);
      }
    }
  }
});

Deno.test("kindsForTask() opens the form of each work type from the task's title, else from the object's work type", () => {
  assert.deepEqual(kindsForTask("Обустройство скважины", "autonomous_sewage"), ["well"]);
  assert.deepEqual(kindsForTask("Бурение скважины на известняк", null), ["well"]);
  assert.deepEqual(kindsForTask("Водопровод от скважины до дома", "water_supply"), ["well", "water_supply"]);
  assert.deepEqual(kindsForTask("Дренаж участка", null), ["drainage"]);
  assert.deepEqual(kindsForTask("Наружная канализация до септика", null), ["sewage", "septic"]);
  assert.deepEqual(kindsForTask("Монтаж септика", "well_drilling"), ["septic"]);
  const byObject: [string | null, WorkKind[]][] = [
    ["well_drilling", ["well"]],
    ["well_equipment", ["well"]],
    ["drilling", ["well"]],
    ["water_supply", ["water_supply"]],
    ["drainage", ["drainage"]],
    ["sewage_system", ["septic"]],
    ["autonomous_sewage", ["septic"]],
    ["septic", ["septic"]],
    [null, ["septic"]],
    ["construction", []],
    ["plastic_cellar", []],
  ];
  for (const [workType, kinds] of byObject) {
    assert.deepEqual(kindsForTask("Замер", workType), kinds, String(workType));
  }
});

Deno.test("generateEstimate() prices a well by a company list older than the work types from the default list, with one warning", () => {
  const old = defaultPriceList.filter((i) => i.code <= "А167");
  const doc = { workType: "well_equipment", object: near, measurements: { well_depth: 35 } };
  const e = generateEstimate(doc, { date, priceList: old });
  assert.equal(e.totalAmount, generateEstimate(doc, { date }).totalAmount);
  const notes = e.warnings.filter((w) => w.includes("базового прайс-листа"));
  assert.equal(notes.length, 1, e.warnings.join("\n"));
  assert.match(notes[0], /А245, А246, А175/);
});

Deno.test("generateEstimate() prices a well by a company list with the separate drilling and casing articles by those articles", () => {
  // A list of before the all-in rates: А001–А220. Sand 35 m, ПНД 125: drilling 30 × 2 200 + 5 × 2 500,
  // casing 35 × 950, flushing 8 000; filter 6 300, head 4 000, test pumping 6 500, analysis 7 500 — from the
  // company's own articles, no fallback for them.
  const old = defaultPriceList.filter((i) => i.code <= "А220");
  const doc = {
    workType: "well_drilling",
    object: near,
    measurements: {
      well_depth: 35,
      well_pump: false,
      well_arrangement: "none",
      well_accumulator: "none",
      well_automation: false,
    },
  };
  const e = generateEstimate(doc, { date, priceList: old });
  assert.deepEqual(
    e.items.filter((i) => i.section === workSections.wellDrilling).map((i) => [i.articleCode, i.quantity]),
    [["А168", 30], ["А169", 5], ["А174", 35], ["А176", 1], ["А175", 1], ["А181", 1], ["А177", 1], [
      "А178",
      1,
    ]],
  );
  assert.ok(!e.warnings.some((w) => w.includes("базового прайс-листа")), e.warnings.join("\n"));
  assert.equal(rub(e.totalAmount), 30 * 2200 + 5 * 2500 + 35 * 950 + 8000 + 6300 + 4000 + 6500 + 7500);
});

Deno.test("generateEstimate() puts the external sewer's inspection wells by the shared rule: each turn, every 35 m", () => {
  const sewer = (m: Record<string, unknown>) =>
    generateEstimate({ workType: "sewage_system", object: near, measurements: { sw_drop: 1, ...m } }, {
      date,
    });
  const wells = (e: ReturnType<typeof sewer>) => e.items.find((i) => i.articleCode === "А219");
  // 40 m straight, none counted: ⌈40 / 35⌉ − 1 = 1 well, А219 7 500 + 4 000 = 11 500 ₽ = 1 150 000 коп.
  const long = sewer({ sw_length: 40 });
  assert.equal(wells(long)?.quantity, 1);
  assert.equal(wells(long)?.totalPrice, 1_150_000);
  assert.ok(long.notes.some((n) => n.includes("п. 6.3.1")), long.notes.join("\n"));
  // 18 m with two turns: 2 wells = 23 000 ₽; a surveyor's count below that is raised, with a warning.
  const turns = sewer({ sw_length: 18, sw_turns: 2, sw_inspection_wells: 1 });
  assert.equal(wells(turns)?.totalPrice, 2_300_000);
  assert.ok(turns.warnings.some((w) => w.includes("по трассе нужно 2")));
  // A count above the rule's (a joining pipe) is kept; 30 m straight needs none and warns of nothing.
  assert.equal(wells(sewer({ sw_length: 18, sw_inspection_wells: 3 }))?.quantity, 3);
  const short = sewer({ sw_length: 30 });
  assert.equal(wells(short), undefined);
  assert.ok(!short.warnings.some((w) => w.includes("колодц")), short.warnings.join("\n"));
});

Deno.test("generateEstimate() prices the frozen layer of every work type's excavations in winter, by one rule", () => {
  // Dated 10 February (winter by the date), the frozen layer 0.7 m (winter.ts), А103 800 ₽/m³:
  const a103 = (measurements: Record<string, unknown>, workTypes: string[], when = "2026-02-10") =>
    generateEstimate({ workTypes, object: near, measurements }, { date: when }).items
      .filter((i) => i.articleCode === "А103");
  // water pipe 20 m at 1.8 m: 20 × 0.5 × 0.7 = 7 m³ × 800 = 5 600 ₽;
  const ws = a103({ ws_length: 20 }, ["water_supply"]);
  assert.deepEqual(ws.map((i) => [i.quantity, i.totalPrice]), [[7, 560_000]]);
  assert.match(ws[0].name, /мёрзлый слой до 0,7 м: траншея водопровода 20 м/);
  // a heated pipe at 0.6 m freezes through: 20 × 0.5 × 0.6 = 6 m³ = 4 800 ₽;
  assert.equal(
    a103({ ws_length: 20, ws_depth: 0.6, ws_heating_cable: true }, ["water_supply"])[0].totalPrice,
    480_000,
  );
  // drainage 40 m in a 0.4 m trench: 40 × 0.4 × 0.7 = 11.2 m³ = 8 960 ₽;
  assert.equal(a103({ dr_length: 40 }, ["drainage"])[0].totalPrice, 896_000);
  // external sewer 18 m: 18 × 0.5 × 0.7 = 6.3 m³ = 5 040 ₽;
  assert.equal(a103({ sw_length: 18 }, ["sewage_system"])[0].totalPrice, 504_000);
  // the well's caisson pit 1.6 × 1.6 × 0.7 = 1.792 → 1.79 m³ = 1 432 ₽; an adapter digs no pit.
  assert.equal(a103({ well_depth: 30 }, ["well_equipment"])[0].totalPrice, 143_200);
  assert.equal(a103({ well_depth: 30, well_arrangement: "adapter" }, ["well_equipment"]).length, 0);
  // One winter note for an estimate of several work types; none in June, none with the season set to summer.
  const both = generateEstimate({
    workTypes: ["well_equipment", "water_supply"],
    object: near,
    measurements: { well_depth: 30, ws_length: 20 },
  }, { date: "2026-02-10" });
  assert.equal(both.notes.filter((n) => n.includes("мёрзлого грунта")).length, 1);
  assert.equal(a103({ ws_length: 20 }, ["water_supply"], "2026-06-10").length, 0);
  assert.equal(a103({ ws_length: 20, season: "summer" }, ["water_supply"]).length, 0);
  assert.equal(a103({ ws_length: 20, season: "winter" }, ["water_supply"], "2026-06-10").length, 1);
});
