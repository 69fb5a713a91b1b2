// Every rule of rules.ts with a worked example computed by hand. Prices are those of the default
// price list, in roubles, written out here; money in the estimate is kopecks (× 100).
import assert from "node:assert/strict";
import { type Estimate, type EstimateItem, generateEstimate } from "./estimate.ts";
import { rules } from "./rules.ts";

const DATE = "2026-03-02";

function gen(
  measurements: Record<string, unknown>,
  object: Record<string, unknown> = { distanceFromMKAD: 20 },
): Estimate {
  return generateEstimate(
    {
      object,
      measurements: { septic_model: "topas-5", soil_type: "sandy", groundwater_level: 0, ...measurements },
    },
    { date: DATE },
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
    "excavation",
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

Deno.test("generateEstimate() prices the station at the model's dealer price plus its full installation", () => {
  // Топас 5: retail 159 000, dealer 90 % = 143 100; full installation for 5 residents 36 000.
  const s = one(gen({}), "topas-5");
  assert.equal(s.quantity, 1);
  assert.equal(s.equipmentCost, rub(143_100));
  assert.equal(s.workCost, rub(36_000));
  assert.equal(s.totalPrice, rub(179_100));
  assert.equal(s.section, "Оборудование и монтаж станции");
  assert.equal(s.isRequired, true);
});

Deno.test("generateEstimate() prices the installation of a model without a tier by А154 per m³/day", () => {
  // Евробион Ультра 25: dealer 690 000 × 0.9 = 621 000; 5 000 l/day = 5 m³/day × 12 000 = 60 000.
  const e = gen({ septic_model: "eurobion-ultra-25", residents_count: 20 });
  assert.equal(one(e, "eurobion-ultra-25").totalPrice, rub(621_000));
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

Deno.test("generateEstimate() digs the pit from the model's dimensions and the installation depth", () => {
  // Топас 5: 1 100 × 1 200 mm. At 3.0 m: (1.1 + 0.6) × (1.2 + 0.6) × (3.0 + 0.2) = 9.792 → 9.79 m³.
  const dig = one(gen({ installation_depth: 3 }), "А086");
  assert.equal(dig.quantity, 9.79);
  assert.equal(dig.totalPrice, rub(9.79 * 1_600)); // 15 664 ₽
  // At 2.5 m: 1.7 × 1.8 × 2.7 = 8.262 → 8.26 m³; deeper means more.
  assert.equal(one(gen({ installation_depth: 2.5 }), "А086").quantity, 8.26);
  // With an excavator the pit is dug by machine (650 ₽/m³) and the machine's shift is added.
  const e = gen({ installation_depth: 3, need_excavator: true });
  assert.equal(one(e, "А087").totalPrice, rub(6_363.5)); // 9.79 × 650
  assert.equal(one(e, "А133").totalPrice, rub(22_000));
  assert.equal(lines(e, "А086").length, 0);
  assert.equal(e.excavationVolume, 9.79);
});

Deno.test("generateEstimate() backfills the pit with sand: pit minus the station's body below ground", () => {
  // At 3.0 m: 9.792 − 1.1 × 1.2 × 2.5 = 9.792 − 3.3 = 6.492 → 6.49 m³ × (1 100 + 600) = 11 033 ₽.
  const sand = one(gen({ installation_depth: 3 }), "А122");
  assert.equal(sand.quantity, 6.49);
  assert.equal(sand.totalPrice, rub(11_033));
  assert.equal(sand.equipmentCost, rub(6.49 * 1_100)); // 7 139 ₽
  // misc_a122_quantity overrides the computed volume.
  assert.equal(one(gen({ misc_a122_quantity: 3 }), "А122").quantity, 3);
});

Deno.test("generateEstimate() lays the inlet pipe by the house pipe's diameter, with its trench", () => {
  // 160 mm, 12 m: А003 12 × (1 180 + 650) = 21 960 ₽ and trench А002 12 × (300 + 1 200) = 18 000 ₽.
  const e = gen({ pipe_exit_diameter: "160", inlet_pipe_length: 12, outlet_pipe_length: 4 });
  assert.equal(one(e, "А003").totalPrice, rub(21_960));
  const trenches = lines(e, "А002");
  assert.deepEqual(trenches.map((t) => t.quantity), [12, 4]);
  assert.equal(trenches[0].totalPrice, rub(18_000));
});

Deno.test("generateEstimate() lays the outlet by gravity in PVC 110 or pumped in HDPE 32", () => {
  // Gravity, 7.5 m: А001 7.5 × (620 + 480) = 8 250 ₽.
  const gravity = lines(gen({ inlet_pipe_length: 3, outlet_pipe_length: 7.5 }), "А001");
  assert.deepEqual(gravity.map((l) => l.quantity), [3, 7.5]);
  assert.equal(gravity[1].totalPrice, rub(8_250));
  // Топас 5 Пр (forced), 20 m: А007 20 × (160 + 280) = 8 800 ₽.
  const forced = one(gen({ septic_model: "topas-5-pr", outlet_pipe_length: 20 }), "А007");
  assert.equal(forced.totalPrice, rub(8_800));
  assert.match(forced.name, /отводящий/);
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
    gen({ septic_model: "topas-5-pr", need_pumping: true }).warnings.some((w) => w.includes("уже оснащена")),
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
  assert.equal(one(gen({}, { distanceFromMKAD: 30.5 }), "А152").totalPrice, rub(60));
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

Deno.test("generateEstimate() adds winter work per m³ of the pit", () => {
  // 8.26 × 800 = 6 608 ₽ and the start-up insulation 1 200 + 2 000.
  for (const flag of ["winter_conditions", "winter_work"]) {
    const e = gen({ [flag]: true });
    assert.equal(one(e, "А103").totalPrice, rub(6_608));
    assert.equal(one(e, "А104").totalPrice, rub(3_200));
  }
});
