import { suggestedDefaultFields } from "./missing.ts";
// Every rule of rules.ts with a worked example computed by hand. Prices are those of the default
// price list, in roubles, written out here; money in the estimate is kopecks (× 100).
import assert from "node:assert/strict";
import { type Estimate, type EstimateItem, generateEstimate } from "./estimate.ts";
import { rules } from "./rules.ts";

// A summer date: the winter surcharges (inferred from the date) are tested on their own below.
const DATE = "2026-06-02";

function gen(
  measurements: Record<string, unknown>,
  object: Record<string, unknown> = { distanceFromMKAD: 20 },
  date = DATE,
): Estimate {
  return generateEstimate(
    {
      object,
      measurements: { septic_model: "topas-5", soil_type: "sandy", groundwater_level: 0, ...measurements },
    },
    { date },
  );
}
const lines = (e: Estimate, code: string): EstimateItem[] => e.items.filter((i) => i.articleCode === code);
function one(e: Estimate, code: string): EstimateItem {
  const found = lines(e, code);
  assert.equal(found.length, 1, `${code}: ${found.length} lines`);
  return found[0];
}
const rub = (r: number) => Math.round(r * 100);

Deno.test("every rule of the table has a worked example below", () => {
  assert.deepEqual(rules.map((r) => r.id), [
    "station",
    "capacity",
    "neck",
    "pipe_depth",
    "excavation",
    "deep_pit",
    "sand",
    "inlet",
    "outlet",
    "insulation",
    "drainage",
    "pump",
    "items",
    "reinforced_rings",
    "foundation_drilling",
    "electricity",
    "machinery",
    "delivery",
    "soil",
    "access",
    "groundwater",
    "winter",
  ]);
});

Deno.test("generateEstimate() prices the station at the model's retail price plus its full installation", () => {
  // Топас 5: retail (РРЦ, the default basis of) 159 000; full installation for 5 residents
  // 36 000; 159 000 + 36 000 = 195 000.
  const s = one(gen({}), "topas-5");
  assert.equal(s.quantity, 1);
  assert.equal(s.equipmentCost, rub(159_000));
  assert.equal(s.workCost, rub(36_000));
  assert.equal(s.totalPrice, rub(195_000));
  assert.equal(s.section, "Оборудование и монтаж станции");
  assert.equal(s.isRequired, true);
});

Deno.test("generateEstimate() prices the installation of a model without a tier by А154 per m³/day", () => {
  // Евробион Ультра 25: retail 690 000, no installation tier; 5 000 l/day = 5 m³/day × 12 000 = 60 000.
  const e = gen({ septic_model: "eurobion-ultra-25", residents_count: 20 });
  assert.equal(one(e, "eurobion-ultra-25").totalPrice, rub(690_000));
  assert.equal(one(e, "А154").quantity, 5);
  assert.equal(one(e, "А154").totalPrice, rub(60_000));
  assert.ok(e.warnings.some((w) => w.includes("индивидуально")));
});

Deno.test("generateEstimate() alerts when the station is undersized and names the smallest fitting model", () => {
  // Топас 4 = 800 l/day; 6 residents × 200 = 1 200 l/day → Топас 6 (1 200 l/day).
  const e = gen({ septic_model: "topas-4", residents_count: 6 });
  const w = e.alerts.find((w) => w.startsWith("Производительность"));
  assert.ok(w, e.alerts.join("\n"));
  assert.match(w, /Топас 4 \(800 л\/сут\)/);
  assert.match(w, /6 проживающих \(1\u00A0200 л\/сут/);
  // A person reads the alert: no model id, thousands grouped.
  assert.match(w, /Подходит модель Топас 6 \(1\u00A0200 л\/сут\)\.$/);
  assert.doesNotMatch(w, /topas|id /);
  assert.ok(
    !gen({ septic_model: "topas-6", residents_count: 6 }).alerts.some((w) =>
      w.startsWith("Производительность")
    ),
  );
  // 20 residents need 4 000 l/day: no Спарта fits.
  const none = gen({ septic_model: "sparta-eco-600", residents_count: 20 });
  assert.ok(none.alerts.some((w) => w.includes("В линейке Спарта нет модели")));
});

Deno.test("generateEstimate() adds neck extensions below the model's height and warns when it stands out", () => {
  // Топас 5 is 2.5 m high; at 3.2 m the neck needs 0.7 m → ⌈700 / 500⌉ = 2 extensions × (6 900 + 2 000).
  const a = one(gen({ installation_depth: 3.2 }), "А095");
  assert.equal(a.quantity, 2);
  assert.equal(a.totalPrice, rub(17_800));
  assert.equal(lines(gen({ installation_depth: 2.5 }), "А095").length, 0);
  // Топас 5 Лонг is 3.0 m high: at 2.5 m it stands 0.5 m out of the ground.
  assert.ok(
    gen({ septic_model: "topas-5-long" }).warnings.some((w) => w.includes("выступает над землёй на 0,5 м")),
  );
});

Deno.test("generateEstimate() charges nothing on top of the turnkey installation for a standard Топас 5 job", () => {
  // Топас 5 at its own height 2.5 m with a 5 m inlet: the pit, the sand and the inlet are in the turnkey price.
  // What is left: the station at its retail price 159 000 + 36 000, the outlet 5 m × (620 + 480) = 5 500 and
  // its trench 5 × 1 500 = 7 500, free delivery: 208 000 ₽.
  const e = gen({});
  for (const code of ["А086", "А087", "А122", "А003"]) assert.equal(lines(e, code).length, 0, code);
  assert.equal(one(e, "А001").quantity, 5);
  assert.match(one(e, "А001").name, /отводящий/);
  assert.equal(e.totalAmount, rub(208_000));
  assert.ok(e.notes.some((n) => n.startsWith("Монтаж станции под ключ включает: котлован вручную")));
});

Deno.test("generateEstimate() charges only the pit beyond the turnkey one, dug at the model's own height", () => {
  // Топас 5: 1 100 × 1 200 × 2 500 mm. At 3.0 m: (1.1 + 0.6) × (1.2 + 0.6) × (3.0 + 0.2) = 9.792 → 9.79 m³;
  // the turnkey pit at 2.5 m: 1.7 × 1.8 × 2.7 = 8.262 → 8.26 m³; beyond it 1.53 m³ × 1 600 = 2 448 ₽.
  const dig = one(gen({ installation_depth: 3 }), "А086");
  assert.equal(dig.quantity, 1.53);
  assert.equal(dig.totalPrice, rub(2_448));
  // At its own height: nothing beyond the turnkey pit.
  assert.equal(lines(gen({ installation_depth: 2.5 }), "А086").length, 0);
  // With an excavator the extra is dug by machine: 1.53 × 650 = 994.5 ₽.
  const e = gen({ installation_depth: 3, need_excavator: true });
  assert.equal(one(e, "А087").totalPrice, rub(994.5));
  assert.equal(lines(e, "А086").length, 0);
  assert.equal(e.excavationVolume, 9.79);
});

Deno.test("generateEstimate() charges only the backfill sand beyond the turnkey backfill", () => {
  // At 3.0 m: 9.792 − 1.1 × 1.2 × 2.5 = 6.492 → 6.49 m³; the turnkey backfill at 2.5 m: 8.262 − 3.3 = 4.962
  // → 4.96 m³; beyond it 1.53 m³ × (1 100 + 600) = 2 601 ₽, of which sand 1.53 × 1 100 = 1 683 ₽.
  const sand = one(gen({ installation_depth: 3 }), "А122");
  assert.equal(sand.quantity, 1.53);
  assert.equal(sand.totalPrice, rub(2_601));
  assert.equal(sand.equipmentCost, rub(1_683));
  // misc_a122_quantity is the whole backfill: 8 − 4.96 = 3.04 m³ beyond; 3 m³ is within the turnkey backfill.
  assert.equal(one(gen({ misc_a122_quantity: 8 }), "А122").quantity, 3.04);
  assert.equal(lines(gen({ misc_a122_quantity: 3 }), "А122").length, 0);
});

Deno.test("generateEstimate() lays the inlet beyond the turnkey 5 m by the house pipe's diameter, with its trench", () => {
  // 160 mm, 12 m: 7 m beyond the turnkey 5 m: А003 7 × (1 180 + 650) = 12 810 ₽, trench А002 7 × (300 + 1 200)
  // = 10 500 ₽; the outlet's trench 4 m follows.
  const e = gen({ pipe_exit_diameter: "160", inlet_pipe_length: 12, outlet_pipe_length: 4 });
  assert.equal(one(e, "А003").quantity, 7);
  assert.equal(one(e, "А003").totalPrice, rub(12_810));
  const trenches = lines(e, "А002");
  assert.deepEqual(trenches.map((t) => t.quantity), [7, 4]);
  assert.equal(trenches[0].totalPrice, rub(10_500));
  // Up to 5 m the inlet is in the turnkey price.
  assert.equal(lines(gen({ pipe_exit_diameter: "160", inlet_pipe_length: 5 }), "А003").length, 0);
});

Deno.test("generateEstimate() lays the outlet by gravity in PVC 110 or pumped in HDPE 32", () => {
  // Gravity, 7.5 m: А001 7.5 × (620 + 480) = 8 250 ₽ (the 3 m inlet is within the turnkey 5 m).
  const gravity = lines(gen({ inlet_pipe_length: 3, outlet_pipe_length: 7.5 }), "А001");
  assert.deepEqual(gravity.map((l) => l.quantity), [7.5]);
  assert.equal(gravity[0].totalPrice, rub(8_250));
  // Топас 5 Пр (forced), 20 m: А007 20 × (160 + 280) = 8 800 ₽.
  const forced = one(gen({ septic_model: "topas-5-pr", outlet_pipe_length: 20 }), "А007");
  assert.equal(forced.totalPrice, rub(8_800));
  assert.match(forced.name, /отводящий/);
});

Deno.test("generateEstimate() digs the trenches by machine with an excavator, and its shifts follow the volume", () => {
  // Топас 5 at 2.5 m, inlet 80 m (75 m beyond the turnkey 5 m), outlet 10 m, excavator:
  // machine trench А093 75 × 300 = 22 500 ₽ and 10 × 300 = 3 000 ₽ instead of А002 at 1 500 ₽/m (112 500 ₽);
  // backfill А094 75 × 0.6 = 45 m³ × 450 = 20 250 ₽ and 10 × 0.6 = 6 m³ × 450 = 2 700 ₽;
  // shifts: pit 8.26 + 90 m × 0.6 = 62.26 m³ / 60 m³ a shift → 2 shifts × 22 000 = 44 000 ₽.
  const e = gen({ inlet_pipe_length: 80, outlet_pipe_length: 10, need_excavator: true });
  assert.equal(lines(e, "А002").length, 0);
  assert.deepEqual(lines(e, "А093").map((l) => l.totalPrice), [rub(22_500), rub(3_000)]);
  assert.deepEqual(lines(e, "А094").map((l) => [l.quantity, l.totalPrice]), [[45, rub(20_250)], [
    6,
    rub(2_700),
  ]]);
  assert.equal(one(e, "А133").quantity, 2);
  assert.equal(one(e, "А133").totalPrice, rub(44_000));
  // A station pit with the turnkey 5 m inlet and a 5 m outlet: 8.26 + 6 = 14.26 m³ → one shift.
  assert.equal(one(gen({ need_excavator: true }), "А133").quantity, 1);
});

Deno.test("generateEstimate() adds insulation when need_insulation is set", () => {
  // 8.5 m × (690 + 450) = 9 690 ₽.
  assert.equal(one(gen({ need_insulation: true, insulation_length: 8.5 }), "А021").totalPrice, rub(9_690));
  assert.equal(lines(gen({ need_insulation: false, insulation_length: 8.5 }), "А021").length, 0);
});

Deno.test("generateEstimate() adds drainage pipe and 0.4 m³ of stone per metre when need_drainage is set", () => {
  // 15 m: А026 15 × (240 + 520) = 11 400 ₽; stone 15 × 0.4 = 6 m³ × (3 400 + 900) = 25 800 ₽.
  const e = gen({ need_drainage: true, drainage_length: 15 });
  assert.equal(one(e, "А026").totalPrice, rub(11_400));
  assert.equal(one(e, "А027").quantity, 6);
  assert.equal(one(e, "А027").totalPrice, rub(25_800));
});

Deno.test("generateEstimate() adds the chosen Unilift pump when need_pumping is set", () => {
  // KP250: 24 500 + 3 500 = 28 000 ₽; with a pump the outlet is HDPE 32 even on a gravity model.
  const e = gen({ need_pumping: true, pump_type: "kp250" });
  assert.equal(one(e, "А034").totalPrice, rub(28_000));
  assert.equal(lines(e, "А007").length, 1);
  assert.equal(one(gen({ need_pumping: true }), "А033").totalPrice, rub(21_400)); // KP150: 17 900 + 3 500
  assert.ok(
    gen({ septic_model: "topas-5-pr", need_pumping: true }).alerts.some((w) => w.includes("уже оснащена")),
  );
});

Deno.test("generateEstimate() prices ticked items by their article: pipes, electrical, demolition, drilling, misc", () => {
  const e = gen({
    pipe_a006: true,
    pipe_a006_length: 10, // 10 × (110 + 260) = 3 700
    electrical_work_needed: true,
    elect_a038: true,
    elect_a038_quantity: 2, // 2 × (450 + 900) = 2 700
    elect_a040: true,
    elect_a040_length: 25.5, // 25.5 × (180 + 160) = 8 670
    demolition_work: true,
    demolition_description: "Старая выгребная яма",
    demolition_old_septic: true,
    demolition_septic_volume: 3.5, // 3.5 × 2 800 = 9 800
    stump_removal: true,
    stump_removal_count: 2, // 2 × 3 500 = 7 000
    drilling_holes: true,
    drilling_pvc_sewer_count: 1, // 450 + 1 500 = 1 950
    mining_tunnel_length: 4, // 4 × (300 + 2 200) = 10 000
    miscellaneous_work: true,
    misc_a107: true,
    misc_a107_quantity: 1, // 6 900 + 2 500 = 9 400
    misc_a108: false,
    misc_a108_quantity: 3, // unticked: not counted, warned
  });
  assert.equal(one(e, "А006").totalPrice, rub(3_700));
  assert.equal(one(e, "А038").totalPrice, rub(2_700));
  assert.equal(one(e, "А040").totalPrice, rub(8_670));
  assert.equal(one(e, "А048").totalPrice, rub(9_800));
  assert.equal(one(e, "А050").totalPrice, rub(7_000));
  assert.equal(one(e, "А066").totalPrice, rub(1_950));
  assert.equal(one(e, "А080").totalPrice, rub(10_000));
  assert.equal(one(e, "А107").totalPrice, rub(9_400));
  assert.equal(lines(e, "А108").length, 0);
  assert.ok(e.warnings.some((w) => w.includes("misc_a108_quantity")));
  assert.equal(one(e, "А040").isRequired, false);
  assert.ok(e.notes.includes("Демонтаж: Старая выгребная яма"));
});

Deno.test("generateEstimate() adds the surcharge for reinforced rings per ring", () => {
  // 2 rings Ø1000 (2 × 4 500) + reinforced (2 × 2 000).
  const e = gen({ demolition_ring_1000_count: 2, demolition_rings_reinforced: true });
  assert.equal(one(e, "А054").totalPrice, rub(9_000));
  assert.equal(one(e, "А057").totalPrice, rub(4_000));
});

Deno.test("generateEstimate() drills foundation holes per centimetre of foundation thickness", () => {
  // 2 holes Ø110 through 40 cm = 80 cm × 55 ₽ = 4 400 ₽; 1 hole Ø160 × 40 cm × 70 ₽ = 2 800 ₽.
  const e = gen({ foundation_drilling: true, drilling_holes_110: 2, drilling_holes_160: 1 });
  assert.equal(one(e, "А061").quantity, 80);
  assert.equal(one(e, "А061").totalPrice, rub(4_400));
  assert.equal(one(e, "А062").totalPrice, rub(2_800));
  assert.equal(lines(gen({ foundation_drilling: false, drilling_holes_110: 2 }), "А061").length, 0);
  // Holes given without the checkbox imply it.
  assert.equal(one(gen({ drilling_holes_110: 1 }), "А061").quantity, 40);
});

Deno.test("generateEstimate() adds the station's power cable and a generator when there is no electricity", () => {
  // cable_length 10 m × (180 + 160) = 3 400 ₽; generator 3 500 ₽.
  const e = gen({ cable_length: 10, has_electricity: false });
  assert.equal(one(e, "А040").totalPrice, rub(3_400));
  assert.equal(one(e, "А145").totalPrice, rub(3_500));
  assert.ok(e.warnings.some((w) => w.includes("нет электроснабжения")));
});

Deno.test("generateEstimate() adds machinery and soil removal", () => {
  // Pit at 2.5 m = 8.26 m³ → soil removal 8.26 × 900 = 7 434 ₽; sand 4.96 m³ → ⌈0.496⌉ = 1 trip × 6 500.
  const e = gen({
    machinery_work: true,
    need_crane: true,
    soil_removal: true,
    sand_delivery: true,
    water_delivery: true,
    manual_distance: "20-50",
  });
  assert.equal(one(e, "А135").totalPrice, rub(16_000));
  assert.equal(one(e, "А136").totalPrice, rub(7_434));
  assert.equal(one(e, "А137").quantity, 1);
  assert.equal(one(e, "А138").totalPrice, rub(5_500));
  assert.equal(one(e, "А140").totalPrice, rub(8_000));
  assert.equal(one(gen({ soil_removal: true, soil_volume: 12 }), "А136").totalPrice, rub(10_800));
  assert.equal(one(gen({ sand_delivery: true, sand_volume: 21 }), "А137").quantity, 3);
});

Deno.test("generateEstimate() delivers free within 30 km of МКАД and charges each km beyond", () => {
  // 45 km: 15 km × 120 ₽ = 1 800 ₽.
  const far = gen({}, { distanceFromMKAD: 45 });
  assert.equal(one(far, "А152").quantity, 15);
  assert.equal(one(far, "А152").totalPrice, rub(1_800));
  assert.equal(one(far, "А151").totalPrice, 0);
  assert.equal(lines(gen({}, { distanceFromMKAD: 30 }), "А152").length, 0);
  // A fraction is rounded to the nearest whole km (the one distance rule): 30,5 → 31 km, 1 km × 120 ₽.
  assert.equal(one(gen({}, { distanceFromMKAD: 30.5 }), "А152").totalPrice, rub(120));
  const unknown = gen({}, {});
  assert.equal(lines(unknown, "А152").length, 0);
  assert.ok(unknown.warnings.some((w) => w.startsWith("Расстояние от МКАД не указано")));
});

Deno.test("generateEstimate() adds a soil surcharge per m³ of the pit", () => {
  // Clay: 8.26 × 350 = 2 891 ₽; rocky: 8.26 × 1 400 = 11 564 ₽; sandy: none.
  assert.equal(one(gen({ soil_type: "clay" }), "А096").totalPrice, rub(2_891));
  assert.equal(one(gen({ soil_type: "rocky" }), "А098").totalPrice, rub(11_564));
  const sandy = gen({ soil_type: "sandy" });
  assert.equal(sandy.items.filter((i) => i.section === "Надбавки и удорожания").length, 0);
});

Deno.test("generateEstimate() adds an access surcharge per m³ of the pit", () => {
  // Very difficult: 8.26 × 900 = 7 434 ₽; difficult: 8.26 × 400 = 3 304 ₽.
  assert.equal(one(gen({ access_difficulty: "very_difficult" }), "А102").totalPrice, rub(7_434));
  assert.equal(one(gen({ access_difficulty: "difficult" }), "А101").totalPrice, rub(3_304));
  assert.equal(lines(gen({ access_difficulty: "easy" }), "А101").length, 0);
});

Deno.test("generateEstimate() anchors the station when groundwater is above its bottom", () => {
  // Groundwater at 1.5 m, bottom at 2.5 m: anchoring 9 500 + 6 500 and pumping out 4 500.
  const e = gen({ groundwater_level: 1.5 });
  assert.equal(one(e, "А090").totalPrice, rub(16_000));
  assert.equal(one(e, "А089").totalPrice, rub(4_500));
  assert.ok(e.notes.some((n) => n.includes("анкеровка")));
  assert.equal(lines(gen({ groundwater_level: 3 }), "А090").length, 0);
  assert.equal(lines(gen({ groundwater_level: 0 }), "А090").length, 0); // 0 = not found
});

Deno.test("generateEstimate() works a waterlogged pit from the groundwater level against the pit bottom", () => {
  // Топас 8 (1 500 × 1 200 × 2 500) at 2.5 m, clay, groundwater at 0.8 m. Pit plan 2.1 × 1.8 = 3.78 m², bottom
  // at 2.7 m: below the water 3.78 × 1.9 = 7.182 → 7.18 m³ × 300 = 2 154 ₽ (А105). The body below the water
  // 1.5 × 1.2 × (2.5 − 0.8) = 3.06 m³, so sand-cement 7.182 − 3.06 = 4.122 → 4.12 m³ × (3 900 + 800) = 19 364 ₽
  // (А091). Pit 10.206 → 10.21 m³ / 12 m³ a shift → 1 pumping shift 4 500 ₽; anchoring 16 000 ₽. Sand: 5.71 m³
  // in all, 4.12 of it sand-cement, within the turnkey 5.71 m³ → no А122.
  const e = gen({ septic_model: "topas-8", groundwater_level: 0.8, soil_type: "clay" });
  assert.deepEqual([one(e, "А105").quantity, one(e, "А105").totalPrice], [7.18, rub(2_154)]);
  assert.deepEqual([one(e, "А091").quantity, one(e, "А091").totalPrice], [4.12, rub(19_364)]);
  assert.equal(one(e, "А089").totalPrice, rub(4_500));
  assert.equal(one(e, "А090").totalPrice, rub(16_000));
  assert.equal(lines(e, "А122").length, 0);
  // Топас 15 (2 000 × 2 000): pit 2.6 × 2.6 × 2.7 = 18.252 → 18.25 m³ → ⌈18.25 / 12⌉ = 2 shifts × 4 500 = 9 000 ₽.
  assert.equal(one(gen({ septic_model: "topas-15", groundwater_level: 1 }), "А089").totalPrice, rub(9_000));
  // Water at 2.6 m: below the station's bottom (2.5 m), above the pit's (2.7 m): no anchoring, the sand bed
  // 1.7 × 1.8 × 0.1 = 0.306 → 0.31 m³ is waterlogged and laid in sand-cement.
  const low = gen({ groundwater_level: 2.6 });
  assert.equal(lines(low, "А090").length, 0);
  assert.equal(one(low, "А105").quantity, 0.31);
  assert.equal(one(low, "А091").quantity, 0.31);
  assert.equal(lines(gen({ groundwater_level: 2.7 }), "А089").length, 0);
});

Deno.test("generateEstimate() adds the depth surcharge and wall shoring to a pit deeper than 3 m", () => {
  // Топас 5 at 3.5 m: pit 3.7 m deep, 1.7 × 1.8 × 3.7 = 11.322 → 11.32 m³ × 500 = 5 660 ₽ (А106); walls
  // 2 × (1.7 + 1.8) × 3.7 = 25.9 m² × (250 + 450) = 18 130 ₽ (А088).
  const e = gen({ installation_depth: 3.5 });
  assert.deepEqual([one(e, "А106").quantity, one(e, "А106").totalPrice], [11.32, rub(5_660)]);
  assert.deepEqual([one(e, "А088").quantity, one(e, "А088").totalPrice], [25.9, rub(18_130)]);
  // At 2.8 m the pit is exactly 3 m deep: no surcharge.
  const shallow = gen({ installation_depth: 2.8 });
  assert.equal(lines(shallow, "А106").length + lines(shallow, "А088").length, 0);
});

Deno.test("generateEstimate() checks the pipe's exit depth against the model and names the deep-inlet models", () => {
  // A standard Топас 5 takes the inlet at 0.8 m at most. The pipe leaves the house at 1.7 m; with the slope
  // 0.02 over the 5 m inlet it reaches the station at 1.7 + 0.1 = 1.8 m: the station goes 1.0 m deeper (3.5 m),
  // two neck extensions — beyond the one extension makers allow (0.8 + 0.5 = 1.3 m): an alert naming the
  // Лонг models of the same size (inlet up to 1.4 m, with one extension 1.9 m ≥ 1.8 m).
  const e = gen({ pipe_exit_depth: 1.7 });
  assert.equal(one(e, "А095").quantity, 2);
  const alert = e.alerts.find((a) => a.startsWith("Ввод в станцию на глубине 1,8 м"));
  assert.ok(alert, e.alerts.join("\n"));
  assert.match(alert, /Топас 5 принимает ввод не глубже 0,8 м/);
  assert.match(alert, /Подходят модели с глубоким вводом: Топас 5 Лонг \(ввод до 1,4 м\), Топас 5 Лонг Пр/);
  assert.doesNotMatch(alert, /Топас 5 Пр /);
  // Топас 5 Лонг (3.0 m high): lowered 1.8 − 1.4 = 0.4 m to 3.4 m, one extension 6 900 + 2 000 = 8 900 ₽, no
  // alert; its pit 1.7 × 1.8 × 3.6 = 11.016 → 11.02 m³ is deeper than 3 m.
  const long = gen({ septic_model: "topas-5-long", pipe_exit_depth: 1.7 });
  assert.deepEqual(long.alerts, []);
  assert.equal(one(long, "А095").totalPrice, rub(8_900));
  assert.equal(long.excavationVolume, 11.02);
  assert.equal(one(long, "А106").quantity, 11.02);
  // A pipe at 1.1 m reaches the station at 1.2 m: the standard model goes 0.4 m deeper with one extension, no
  // alert; the surveyor is told the Лонг models take it without one.
  const one_extension = gen({ pipe_exit_depth: 1.1 });
  assert.equal(one(one_extension, "А095").quantity, 1);
  assert.deepEqual(one_extension.alerts, []);
  assert.ok(
    one_extension.warnings.some((w) => w.endsWith("без удлинителя принимает Топас 5 Лонг, Топас 5 Лонг Пр.")),
  );
  // A pipe at 0.6 m fits the standard model: no extension, no alert.
  const fits = gen({ pipe_exit_depth: 0.6 });
  assert.equal(lines(fits, "А095").length, 0);
  assert.deepEqual(fits.alerts, []);
  // Deeper than any model of the size takes: said so.
  assert.ok(
    gen({ pipe_exit_depth: 2.5 }).alerts.some((a) => a.includes("нет модели этой производительности")),
  );
});

Deno.test("generateEstimate() waterproofs the wall entry of a basement and takes the exit depth from its floor", () => {
  // A basement with a 1.8 m foundation, a 2.0 m ceiling and no measured exit: the pipe leaves at the floor,
  // 2.0 − 0.5 m of plinth = 1.5 m, and reaches the station at 1.5 + 0.02 × 5 = 1.6 m; the wall entry below
  // ground is waterproofed: А164 400 + 1 200 = 1 600 ₽.
  const e = gen({ has_basement: true, foundation_depth: 180 });
  assert.equal(one(e, "А164").totalPrice, rub(1_600));
  assert.ok(e.notes.some((n) => n.includes("пол подвала при высоте потолка 2 м")), e.notes.join("\n"));
  assert.ok(e.alerts.some((a) => a.startsWith("Ввод в станцию на глубине 1,6 м")));
  // A 2.6 m ceiling puts the floor at 2.1 m, below the 1.8 m foundation: the pipe leaves at 1.8 m → 1.9 m.
  const high = gen({ has_basement: true, foundation_depth: 180, ceiling_height: 260 });
  assert.ok(high.alerts.some((a) => a.startsWith("Ввод в станцию на глубине 1,9 м")));
  // A measured exit depth wins over the basement.
  assert.ok(
    gen({ has_basement: true, ceiling_height: 260, pipe_exit_depth: 1 }).notes
      .some((n) => n.startsWith("Глубина выхода трубы из дома 1 м;")),
  );
  assert.equal(lines(gen({}), "А164").length, 0);
});

Deno.test("generateEstimate() prices the inlet at least as long as the measured distance to the house and warns under 5 m", () => {
  // Топас 5, inlet 5 m, the station measured 14 m from the house: the inlet is priced 14 m, 9 m beyond the
  // turnkey 5 m: pipe А010 9 × (…) and trench — the same lines as an inlet of 14 m.
  const far = gen({ distance_to_house: 14 });
  const as14 = gen({ inlet_pipe_length: 14 });
  assert.equal(far.totalAmount, as14.totalAmount);
  assert.ok(far.warnings.some((w) => w.includes("короче расстояния от станции до дома 14 м")));
  // The form's untouched 10 m is not a measure: nothing changes; confirmed, it is.
  assert.equal(gen({ distance_to_house: 10 }).totalAmount, gen({}).totalAmount);
  const all = Object.keys(suggestedDefaultFields);
  assert.equal(
    gen({ distance_to_house: 10, confirmed: [...all, "distance_to_house"] }).totalAmount,
    gen({ inlet_pipe_length: 10 }).totalAmount,
  );
  // 3 m from the house: the sanitary minimum is 5 m (СП 32.13330.2018): a warning, the inlet stays 5 m.
  const near = gen({ distance_to_house: 3 });
  assert.ok(near.warnings.some((w) => w.includes("ближе 5 м от фундамента")));
  assert.equal(near.totalAmount, gen({}).totalAmount);
});

Deno.test("generateEstimate() prices the frozen layer of the pit and every trench in winter, inferred from the date", () => {
  // Топас 5 at 2.5 m, inlet 5 m and outlet 5 m, the frozen layer 0.7 m deep (winter.ts): pit 1.7 × 1.8 m ×
  // 0.7 = 2.142 m³ + trenches 10 m × 0.5 m × 0.7 = 3.5 m³ = 5.642 → 5.64 m³ × 800 = 4 512 ₽ (А103)
  // and the start-up insulation 1 200 + 2 000 = 3 200 ₽ (А104).
  for (const flag of ["winter_conditions", "winter_work"]) {
    const e = gen({ [flag]: true });
    assert.equal(one(e, "А103").quantity, 5.64);
    assert.equal(one(e, "А103").totalPrice, rub(4_512));
    assert.equal(one(e, "А104").totalPrice, rub(3_200));
  }
  // Dated 10 February: winter without any flag; 2 December too; 2 November and 2 June not.
  const feb = gen({}, undefined, "2026-02-10");
  assert.equal(one(feb, "А103").totalPrice, rub(4_512));
  assert.ok(feb.notes.some((n) => n.includes("по дате сметы")));
  assert.equal(lines(gen({}, undefined, "2026-12-02"), "А103").length, 1);
  assert.equal(lines(gen({}, undefined, "2026-11-02"), "А103").length, 0);
  assert.equal(lines(gen({}), "А103").length, 0);
  // The surveyor overrides the date either way.
  assert.equal(lines(gen({ season: "summer" }, undefined, "2026-02-10"), "А103").length, 0);
  assert.equal(lines(gen({ season: "winter" }), "А103").length, 1);
  // The station's drainage trench too: 15 m more → 2.142 + 25 × 0.5 × 0.7 = 10.892 → 10.89 m³.
  assert.equal(
    one(gen({ season: "winter", need_drainage: true, drainage_length: 15 }), "А103").quantity,
    10.89,
  );
});

Deno.test("generateEstimate() puts inspection wells on a long inlet at each turn and by length (СП 32.13330.2018 п. 6.3.1)", () => {
  // Inlet 35 m of Ø110 with two turns: a well at each turn → А012 2 × (6 500 + 3 500) = 20 000 ₽.
  const e = gen({ inlet_pipe_length: 35, inlet_turns: 2, outlet_pipe_length: 5 });
  const wells = one(e, "А012");
  assert.equal(wells.quantity, 2);
  assert.equal(wells.totalPrice, rub(20_000));
  assert.match(wells.name, /подводящий трубопровод/);
  assert.ok(e.notes.some((n) => n.includes("2 шт.") && n.includes("п. 6.3.1")), e.notes.join("\n"));
  // Straight: a stretch up to 35 m needs none; 36 m needs one (⌈36 / 35⌉ − 1 = 1); 75 m two.
  assert.equal(lines(gen({ inlet_pipe_length: 35 }), "А012").length, 0);
  assert.equal(one(gen({ inlet_pipe_length: 36 }), "А012").quantity, 1);
  assert.equal(one(gen({ inlet_pipe_length: 75 }), "А012").quantity, 2);
  // A gravity outlet of 40 m with one turn: max(1, ⌈40 / 35⌉ − 1) = 1 well = 10 000 ₽.
  const outlet = one(gen({ outlet_pipe_length: 40, outlet_turns: 1 }), "А012");
  assert.equal(outlet.totalPrice, rub(10_000));
  assert.match(outlet.name, /отводящий трубопровод/);
  // A pressure outlet (Топас 5 Пр) gets none.
  assert.equal(
    lines(gen({ septic_model: "topas-5-pr", outlet_pipe_length: 40, outlet_turns: 1 }), "А012").length,
    0,
  );
});

Deno.test("generateEstimate() gives a gravity station's separate pump its well, piping and check valve", () => {
  // Евролос Био 5 is gravity; with need_pumping the pump stands in its own well:
  // А034 24 500 + 3 500 = 28 000; А036 19 500 + 6 500 = 26 000; А037 1 900 + 1 200 = 3 100;
  // А018 1 600 + 900 = 2 500. The unit: 59 600 ₽, of which 31 600 ₽ were missing before.
  const e = gen({
    septic_model: "eurolos-bio-5",
    need_pumping: true,
    pump_type: "kp250",
    outlet_pipe_length: 30,
  });
  const unit = ["А034", "А036", "А037", "А018"].map((c) => one(e, c).totalPrice);
  assert.deepEqual(unit, [rub(28_000), rub(26_000), rub(3_100), rub(2_500)]);
  assert.equal(unit.reduce((a, b) => a + b, 0), rub(59_600));
  // The outlet is the pressure pipe: А007 30 × (160 + 280) = 13 200 ₽.
  assert.equal(one(e, "А007").totalPrice, rub(13_200));
  assert.ok(e.notes.some((n) => n.includes("отдельный насосный узел")));
  // A forced-discharge model has its own pump chamber: no second well.
  const pr = gen({ septic_model: "topas-5-pr", need_pumping: true });
  assert.equal(lines(pr, "А036").length, 0);
  assert.equal(lines(pr, "А018").length, 0);
});

Deno.test("generateEstimate() takes the external sewer as the station's inlet when both are in one document", () => {
  // A house 40 m from the station: the sewer prices the run (the pipe from 1,2 m down by 0,9 m: the first
  // 0,3 / 0,9 × 40 = 13,33 m of trench to 1,5 m at А215 1 600 = 21 328 ₽, the other 26,67 m at А216; А217
  // 40 × 980, one well at ⌈40 / 35⌉ − 1 = 1: А219 11 500); the station adds no inlet of its own, only its outlet.
  const e = generateEstimate({
    workTypes: ["autonomous_sewage", "sewage_system"],
    object: { distanceFromMKAD: 20 },
    measurements: {
      septic_model: "topas-5",
      soil_type: "sandy",
      groundwater_level: 0,
      inlet_pipe_length: 40,
      outlet_pipe_length: 6,
      sw_length: 40,
      sw_drop: 0.9,
    },
  }, { date: DATE });
  assert.equal(e.items.filter((i) => i.name.includes("подводящ")).length, 0);
  assert.deepEqual(lines(e, "А002").map((l) => l.quantity), [6]);
  assert.equal(one(e, "А001").quantity, 6);
  assert.equal(one(e, "А215").totalPrice, rub(21_328));
  assert.equal(one(e, "А216").quantity, 26.67);
  assert.equal(one(e, "А219").totalPrice, rub(11_500));
  assert.ok(e.notes.some((n) => n.includes("учтён в разделе «Наружная канализация»")));
});

Deno.test("generateEstimate() merges a ticked pipe or cable the length fields already price, with a warning", () => {
  // The inlet's 5 m are in the turnkey installation; the outlet's 5 m price А001 5 and А002 5 (5 500 + 7 500
  // ₽). Ticking А001 8 m and А002 8 m again used to add 8 × 1 100 + 8 × 1 500 = 20 800 ₽; now nothing is added.
  const plain = gen({});
  const ticked = gen({ pipe_a001: true, pipe_a001_length: 8, pipe_a002: true, pipe_a002_length: 8 });
  assert.equal(ticked.totalAmount, plain.totalAmount);
  assert.deepEqual(lines(ticked, "А001").map((l) => l.quantity), [5]);
  const w = ticked.warnings.find((w) => w.startsWith("А001 (8)"));
  assert.ok(w, ticked.warnings.join("\n"));
  assert.match(w, /«Прокладка труб»/);
  assert.match(w, /отводящий трубопровод 5\)/);
  assert.ok(ticked.warnings.some((w) => w.startsWith("А002 (8)")));
  // An article no length field prices is added as before: А006 10 × (110 + 260) = 3 700 ₽.
  assert.equal(one(gen({ pipe_a006: true, pipe_a006_length: 10 }), "А006").totalPrice, rub(3_700));
  // The station's cable (cable_length) and a ticked А040: one line, the cable's 10 × 340 = 3 400 ₽.
  const cable = gen({
    cable_length: 10,
    electrical_work_needed: true,
    elect_a040: true,
    elect_a040_length: 12,
  });
  assert.equal(one(cable, "А040").totalPrice, rub(3_400));
  assert.ok(cable.warnings.some((w) => w.includes("«Электромонтажные работы»")));
});
