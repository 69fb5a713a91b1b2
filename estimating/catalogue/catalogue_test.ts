import assert from "node:assert/strict";
import { brands, catalogue, findModel, modelsOfBrand, smallestFittingModel } from "./mod.ts";

Deno.test("catalogue has the 12 manufacturer groups and at least 80 models with unique ids", () => {
  assert.deepEqual(
    brands.map((b) => b.id),
    [
      "topas",
      "topas_c",
      "biodeka",
      "optima",
      "genesis",
      "eurolos",
      "eurobion",
      "biodevice",
      "topol",
      "akvalos",
      "sparta",
      "unilos",
    ],
  );
  assert.ok(catalogue.length >= 80, `only ${catalogue.length} models`);
  assert.equal(new Set(catalogue.map((m) => m.id)).size, catalogue.length);
  assert.equal(new Set(catalogue.map((m) => m.model)).size, catalogue.length);
  for (const b of brands) assert.ok(modelsOfBrand(b.id).length >= 5, `${b.id} has few models`);
  for (const m of catalogue) assert.match(m.id, /^[a-z0-9-]+$/);
});

Deno.test("catalogue has the model lines of the estimating spec's «Septic-unit catalogue»", () => {
  const series = (brand: string) => new Set(modelsOfBrand(brand).map((m) => m.series));
  assert.deepEqual(
    series("eurolos"),
    new Set([
      "Евролос БИО",
      "Евролос БИО плюс",
      "Евролос ПРО",
      "Евролос ПРО плюс",
      "Евролос ГРУНТ",
      "Евролос ГРУНТ плюс",
    ]),
  );
  const eurolosSizes = new Set(modelsOfBrand("eurolos").map((m) => m.users));
  assert.equal(Math.min(...eurolosSizes), 3);
  assert.equal(Math.max(...eurolosSizes), 15);
  assert.deepEqual(series("biodevice"), new Set(["Биодевайс PRO", "Биодевайс ГОСТ"]));
  assert.deepEqual(series("topol"), new Set(["Тополь СТАНДАРТ", "Тополь ПЛЮС"]));
  assert.deepEqual(series("sparta"), new Set(["Спарта ECO", "Спарта СТАНДАРТ", "Спарта ПЛЮС"]));
  assert.deepEqual(
    new Set(modelsOfBrand("sparta").map((m) => m.capacity)),
    new Set([600, 800, 1000, 1200, 1500, 2000]),
  );
  assert.deepEqual(series("akvalos"), new Set(["Аквалос УНИВЕРСАЛЬНЫЙ", "Аквалос ГОРИЗОНТ"]));
  for (const s of ["Раунд", "СТАНДАРТ", "МИДИ", "ЛОНГ", "СУПЕРЛОНГ", "ГОРИЗОНТ", "Ультра"]) {
    assert.ok(series("eurobion").has(`Евробион ${s}`), `Евробион ${s}`);
  }
  for (const brand of ["optima", "genesis"]) {
    assert.ok(modelsOfBrand(brand).every((m) => m.series.startsWith("DEKA")), brand);
  }
  // Юнилос Астра 5 and 8 in every variant; Миди and Лонг take a deeper inlet.
  for (const size of [5, 8]) {
    for (const suffix of ["", " Пр", " Миди", " Миди Пр", " Лонг", " Лонг Пр"]) {
      const m = findModel(`Юнилос Астра ${size}${suffix}`);
      assert.ok(m, `Юнилос Астра ${size}${suffix}`);
      assert.equal(m.discharge, suffix.endsWith("Пр") ? "forced" : "gravity");
      assert.equal(
        m.maxDepthConnection,
        suffix.includes("Лонг") ? 1500 : suffix.includes("Миди") ? 1000 : 850,
      );
      assert.equal(m.capacity, size * 200);
    }
  }
  // Топас 4…20 with their Пр and Лонг variants.
  for (const size of [4, 5, 6, 8, 10, 12, 15, 20]) {
    for (const suffix of ["", " Пр", " Лонг", " Лонг Пр"]) {
      assert.ok(findModel(`Топас ${size}${suffix}`), `Топас ${size}${suffix}`);
    }
  }
});

Deno.test("catalogue prices follow the dealer, installation and crew rules of the estimating spec's «Septic-unit catalogue»", () => {
  const dealerPercent: Record<string, number> = {
    biodeka: 95,
    optima: 95,
    genesis: 95,
    eurolos: 95,
    biodevice: 95,
    topas: 90,
    topas_c: 90,
    topol: 90,
    akvalos: 90,
    sparta: 90,
    eurobion: 90,
    unilos: 90,
  };
  // Full-installation tiers by residents (capacity / 200), written out here independently.
  const tier = (users: number) =>
    users <= 3
      ? 32000
      : users <= 4
      ? 34000
      : users <= 5
      ? 36000
      : users <= 6
      ? 38000
      : users <= 8
      ? 42000
      : users <= 10
      ? 46000
      : users <= 12
      ? 50000
      : users <= 15
      ? 56000
      : users <= 20
      ? 64000
      : 0;
  for (const m of catalogue) {
    const label = m.id;
    assert.ok(Number.isInteger(m.retailPrice) && m.retailPrice >= 100_000, label);
    assert.equal(m.dealerPrice, Math.round((m.retailPrice * dealerPercent[m.brand]) / 100), label);
    assert.equal(m.fullInstallationCost, tier(m.capacity / 200), label);
    assert.ok(
      m.fullInstallationCost === 0 || (m.fullInstallationCost >= 32000 && m.fullInstallationCost <= 64000),
    );
    assert.equal(m.crewSalaryStandard * 2, m.fullInstallationCost, label);
    assert.equal(
      m.totalWithInstallation,
      m.fullInstallationCost === 0 ? m.dealerPrice : m.dealerPrice + m.fullInstallationCost,
      label,
    );
    const ultra = m.series === "Евробион Ультра";
    const bigAkvalos = m.brand === "akvalos" && m.users >= 15;
    assert.equal(m.chiefInstallationCost, ultra ? 0 : bigAkvalos ? 15000 : 10000, label);
    assert.equal(m.crewSalaryChief, ultra ? 0 : bigAkvalos ? 10000 : 7000, label);
  }
});

Deno.test("catalogue sizes, capacities and excavation volumes are consistent", () => {
  for (const m of catalogue) {
    const label = m.id;
    assert.ok(m.maxDepthConnection >= 300 && m.maxDepthConnection <= 1800, label);
    assert.ok(m.capacity >= 500, label);
    assert.ok(m.capacity >= m.users * 200, `${label}: capacity below 200 l/day per resident`);
    assert.ok(m.peakDischarge > 0 && m.peakDischarge < m.capacity, label);
    const { length, width, height } = m.dimensions;
    assert.ok(length >= 800 && width >= 800 && height >= 1400 && height <= 3600, label);
    // Pit: 0.3 m margin on each side, 0.2 m sand bed, at the model's own height; m³ to 0.01.
    const pit = ((length + 600) / 1000) * ((width + 600) / 1000) * ((height + 200) / 1000);
    assert.ok(
      Math.abs(m.excavationVolume - pit) <= 0.005 + 1e-9,
      `${label}: ${m.excavationVolume} vs ${pit}`,
    );
    assert.ok(m.weight > 0, label);
    assert.match(m.energyConsumption, /^(\d+,\d кВт·ч\/сут|н\/д)$/, label);
    assert.equal(m.discharge === "forced", /Пр|ПРО|П-|Плюс|ПЛЮС/.test(m.model), label);
  }
});

Deno.test("catalogue has the real figures of Топас 5", () => {
  const m = findModel("topas-5")!;
  assert.equal(m.capacity, 1000);
  assert.equal(m.peakDischarge, 220);
  assert.equal(m.users, 5);
  assert.deepEqual(m.dimensions, { length: 1100, width: 1200, height: 2500 });
});

Deno.test("findModel() accepts ids and display names and rejects the placeholder", () => {
  assert.equal(findModel("topas-5-long-pr")?.model, "Топас 5 Лонг Пр");
  assert.equal(findModel("  евролос био 5 ")?.id, "eurolos-bio-5");
  assert.equal(findModel("С1"), undefined);
  assert.equal(findModel(""), undefined);
});

Deno.test("smallestFittingModel() names the smallest model of the same brand, same series first", () => {
  assert.equal(smallestFittingModel(findModel("topas-4-long")!, 1300)?.id, "topas-8-long");
  assert.equal(smallestFittingModel(findModel("sparta-eco-600")!, 1400)?.id, "sparta-standard-1500");
  assert.equal(smallestFittingModel(findModel("topas-4")!, 100_000), undefined);
});
