import assert from "node:assert/strict";
import { defaultPriceList, normalizeCode, priceListIndex, sectionOrder } from "./price_list.ts";
import { itemFields } from "./fields.ts";
import {
  accessSurcharge,
  inletPipeByDiameter,
  manualDistanceArticle,
  pumpArticle,
  soilSurcharge,
} from "./rules.ts";

Deno.test("default price list has the article codes А001–А220 and the all-in well and shallow trench ones А245–А261, each once", () => {
  const codes = defaultPriceList.map((i) => i.code);
  assert.equal(new Set(codes).size, codes.length);
  const range = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => `А${String(from + i).padStart(3, "0")}`);
  for (const code of [...range(1, 220), ...range(245, 261)]) assert.ok(codes.includes(code), code);
  // Cyrillic А, as in the estimating spec's «Business constants and limits».
  assert.ok(codes.every((c) => c.charCodeAt(0) === 0x410));
});

Deno.test("every item of the default price list names where its price comes from and its date", () => {
  for (const item of defaultPriceList) {
    assert.ok(item.source && /20\d\d/.test(item.source), `${item.code}: ${item.source}`);
  }
});

Deno.test("default price list items have a unit, a known section and kopeck prices", () => {
  for (const item of defaultPriceList) {
    assert.ok(item.name.length > 5, item.code);
    assert.ok(item.unit.length > 0 && item.unit.length <= 20, item.code);
    assert.ok(sectionOrder.includes(item.section), `${item.code}: ${item.section}`);
    assert.ok(Number.isInteger(item.materialsPrice) && item.materialsPrice >= 0, item.code);
    assert.ok(Number.isInteger(item.worksPrice) && item.worksPrice >= 0, item.code);
    assert.ok(item.materialsPrice % 100 === 0 && item.worksPrice % 100 === 0, `${item.code}: whole roubles`);
  }
  // Only the free delivery within 30 km costs nothing.
  assert.deepEqual(
    defaultPriceList.filter((i) => i.materialsPrice + i.worksPrice === 0).map((i) => i.code),
    ["А151"],
  );
});

Deno.test("default price list covers every article the form and the rules refer to", () => {
  const index = priceListIndex(defaultPriceList);
  const referenced = [
    ...itemFields.map((f) => f.code),
    ...Object.values(inletPipeByDiameter),
    ...Object.values(soilSurcharge),
    ...Object.values(accessSurcharge),
    ...Object.values(manualDistanceArticle),
    ...Object.values(pumpArticle),
    // station extras, earthworks, sand, delivery, anchoring, winter, machinery, insulation, drainage
    ...["А002", "А007", "А021", "А026", "А027", "А040", "А057", "А086", "А087", "А089", "А090", "А095"],
    ...["А103", "А104", "А122", "А133", "А135", "А136", "А137", "А138", "А145", "А151", "А152", "А154"],
  ];
  for (const code of referenced) assert.ok(code && index.has(code), `missing ${code}`);
  // Pipes a001–a011, electrical a038–a047 and a165–a167, misc a107–a126, a132, a141 are all form fields.
  const fieldCodes = new Set(itemFields.map((f) => f.code));
  for (let n = 1; n <= 11; n++) assert.ok(fieldCodes.has(`А${String(n).padStart(3, "0")}`), `pipe ${n}`);
  for (const n of [38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 165, 166, 167]) {
    assert.ok(fieldCodes.has(`А${String(n).padStart(3, "0")}`), `electrical ${n}`);
  }
  for (let n = 107; n <= 126; n++) if (n !== 122) assert.ok(fieldCodes.has(`А${n}`), `misc ${n}`);
  assert.ok(fieldCodes.has("А132") && fieldCodes.has("А141"));
  assert.match(index.get("А033")!.name, /Unilift KP150/);
  assert.match(index.get("А034")!.name, /Unilift KP250/);
});

Deno.test("normalizeCode() accepts Latin, lower-case and short codes", () => {
  assert.equal(normalizeCode("a1"), "А001");
  assert.equal(normalizeCode("A038"), "А038");
  assert.equal(normalizeCode("а165"), "А165");
  assert.equal(normalizeCode("x-1"), "X-1");
});
