import assert from "node:assert/strict";
import {
  editDistance,
  locate,
  lookupDistrict,
  normalize,
  places,
  similarity,
  suggestAddresses,
  UNKNOWN_DISTRICT,
} from "./mod.ts";
import { districtTable } from "./data.ts";

// Real settlements with coordinates from OpenStreetMap; the distance beyond the 20 km circle and the
// bearing were computed independently (haversine in Python) and compared with a map.
const settlements: Array<[string, number, number, string, string, number]> = [
  ["Истра", 55.9146, 36.8597, "Истринский", "Запад", 31],
  ["Дмитров", 56.344, 37.5204, "Дмитровский", "Север", 46],
  ["Коломна", 55.0794, 38.7783, "Коломенский", "Юго-восток", 85],
  ["Сергиев Посад", 56.3, 38.1333, "Сергиево-Посадский", "Северо-восток", 48],
  ["Серпухов", 54.9158, 37.4111, "Серпуховский", "Юг", 74],
  ["Можайск", 55.5069, 36.0169, "Можайский", "Запад", 84],
  ["Павловская Слобода", 55.8089, 37.08, "Истринский", "Запад", 14],
  ["Балашиха", 55.7963, 37.9382, "Балашихинский", "Восток", 1],
  ["Орехово-Зуево", 55.8067, 38.9618, "Орехово-Зуевский", "Восток", 64],
  ["Клин", 56.3386, 36.73, "Клинский", "Северо-запад", 65],
  ["Домодедово", 55.437, 37.766, "Домодедовский", "Юг", 17],
  ["Зеленоград", 55.9825, 37.1814, "Зеленоградский АО", "Северо-запад", 17],
  ["Шатура", 55.578, 39.544, "Шатурский", "Восток", 102],
  ["Волоколамск", 56.0333, 35.95, "Волоколамский", "Запад", 88],
  ["Гжель", 55.62, 38.38, "Раменский", "Восток", 30],
];

for (const [name, lat, lon, district, direction, distance] of settlements) {
  Deno.test(`locate() gives ${name} the district ${district}, ${direction}, ${distance} km`, () => {
    assert.deepEqual(locate({ settlement: name, latitude: lat, longitude: lon }), {
      district,
      direction,
      distanceFromMKAD: distance,
      latitude: lat,
      longitude: lon,
    });
    // Without coordinates the gazetteer's point gives the same answer within a kilometre.
    const guessed = locate({ settlement: name });
    assert.equal(guessed.district, district);
    assert.equal(guessed.direction, direction);
    assert.ok(Math.abs(guessed.distanceFromMKAD! - distance) <= 1, `${name}: ${guessed.distanceFromMKAD}`);
  });
}

Deno.test("lookupDistrict() tries special cases, exact, cleaned, substring, root, fuzzy and similarity in order", () => {
  const cases: Array<[string, string, string]> = [
    ["Ногинск", "Богородский", "special"],
    ["Москва", "Москва", "special"],
    ["Одинцово", "Одинцовский", "exact"],
    ["г. Истра", "Истринский", "cleaned"],
    ["Московская область, Раменский р-н, с. Гжель", "Раменский", "cleaned"],
    ["КП Жуковка Лесная", "Одинцовский", "substring"],
    ["Истринский городской округ", "Истринский", "cleaned"],
    ["СНТ Радуга Солнечногорского района", "Солнечногорский", "root"],
    ["Орехово Зуево", "Орехово-Зуевский", "fuzzy"],
    ["Сергиев-Посад", "Сергиево-Посадский", "similarity"],
    ["Coolville", UNKNOWN_DISTRICT, "none"],
    ["", UNKNOWN_DISTRICT, "none"],
  ];
  for (const [text, district, match] of cases) {
    const r = lookupDistrict(text);
    assert.deepEqual([r.district, r.match], [district, match], text);
  }
});

Deno.test("lookupDistrict() is not fooled by a street named after a town", () => {
  assert.equal(lookupDistrict("Московская обл., г. Раменское, ул. Чехова, д. 3").district, "Раменский");
});

Deno.test("the district table holds about 45 districts and every town of the region at least once", () => {
  assert.ok(districtTable.length >= 40 && districtTable.length <= 60, String(districtTable.length));
  const towns = places.filter((p) => p.kind === "г").map((p) => p.name);
  for (
    const town of [
      "Балашиха",
      "Подольск",
      "Химки",
      "Мытищи",
      "Королёв",
      "Люберцы",
      "Электросталь",
      "Коломна",
      "Одинцово",
      "Домодедово",
      "Серпухов",
      "Щёлково",
      "Раменское",
      "Долгопрудный",
      "Жуковский",
      "Пушкино",
      "Реутов",
      "Сергиев Посад",
      "Ногинск",
      "Ивантеевка",
      "Лобня",
      "Дубна",
      "Егорьевск",
      "Чехов",
      "Дмитров",
      "Ступино",
      "Павловский Посад",
      "Видное",
      "Наро-Фоминск",
      "Клин",
      "Солнечногорск",
      "Истра",
      "Красногорск",
      "Лыткарино",
      "Воскресенск",
      "Зарайск",
      "Кашира",
      "Луховицы",
      "Шатура",
      "Руза",
      "Можайск",
      "Волоколамск",
      "Талдом",
      "Верея",
      "Звенигород",
    ]
  ) {
    assert.ok(towns.includes(town), town);
  }
  for (const p of places) {
    assert.ok(p.lat > 54 && p.lat < 57.1 && p.lon > 35 && p.lon < 40.3, `${p.name} is outside the region`);
  }
});

Deno.test("editDistance() and similarity() measure edits", () => {
  assert.equal(editDistance("истра", "истро"), 1);
  assert.equal(editDistance("коломна", "коломна"), 0);
  assert.equal(editDistance("abcdef", "uvwxyz", 2), 3);
  assert.equal(similarity("абвгд", "абвгд"), 1);
  assert.ok(similarity("сергиев-посад", "сергиев посад") >= 0.9);
  assert.equal(normalize("  Щёлково, МО "), "щелково мо");
});

Deno.test("suggestAddresses() keeps the street after the place and gives DaData-shaped data", () => {
  const [first] = suggestAddresses("Истра, ул Ленина 5");
  assert.equal(first.value, "Московская обл, г Истра, ул Ленина 5");
  assert.equal(first.data.city, "Истра");
  assert.equal(first.data.district, "Истринский");
  assert.equal(first.data.direction, "Запад");
  assert.equal(first.data.geo_lat, "55.9146");
  const village = suggestAddresses("Павловская Слобода, ул Лесная, 3")[0];
  assert.equal(village.data.settlement, "Павловская Слобода");
  assert.equal(village.data.area, "Истринский");
  assert.ok(suggestAddresses("жук").length >= 2);
  assert.equal(suggestAddresses("жу").length, 0);
  assert.ok(suggestAddresses("а", 10).length <= 10);
});
