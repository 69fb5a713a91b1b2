import assert from "node:assert/strict";
import { csvCell, toCsv } from "./csv.ts";
import { parseCsv, writePriceListCsv } from "./price_list_io.ts";

Deno.test("csvCell() neutralizes every formula-looking start (OWASP): = + - @ tab and CR", () => {
  for (const text of ["=1+1", "+7 900", "-2", "@SUM(A1)", "\tx", "\rx"]) {
    assert.match(csvCell(text).replace(/^"/, ""), /^'/, JSON.stringify(text));
  }
  assert.equal(csvCell("Труба"), "Труба");
  assert.equal(csvCell(-2), "-2");
});

Deno.test("a price list with formula-looking names survives writing and reading its CSV", async () => {
  const names = ['=HYPERLINK("http://evil.example","x")', "-Труба", "+Колено", "@Муфта", "'Кавычка"];
  const items = names.map((name, i) => ({
    code: `A${i}`,
    name,
    unit: "шт",
    section: "Трубопроводы",
    materialsPrice: 100,
    worksPrice: 0,
  }));
  const csv = writePriceListCsv(items);
  assert.ok(!csv.split("\r\n").some((line) => line.split(";").some((cell) => /^"?[=+\-@]/.test(cell))));
  assert.deepEqual((await parseCsv(csv)).slice(1).map((row) => row[1]), names);
  assert.equal(toCsv([["a"]]), "\uFEFFa\r\n");
});
