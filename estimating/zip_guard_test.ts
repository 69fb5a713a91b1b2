import assert from "node:assert/strict";
import { checkZip, priceListZipLimits, zipDirectory, ZipLimitError } from "./zip_guard.ts";
import { xlsxOf, zipOf } from "./zip_fixture.ts";
import { PriceListFileError, readPriceListFile } from "./price_list_io.ts";

const header = '<row r="1"><c r="A1" t="inlineStr"><is><t>Артикул</t></is></c>' +
  '<c r="B1" t="inlineStr"><is><t>Наименование</t></is></c><c r="C1" t="inlineStr"><is><t>Цена</t></is></c></row>';

Deno.test("checkZip() counts the rows and cells of a small workbook", () => {
  const { rows, cells } = checkZip(xlsxOf(header), priceListZipLimits);
  assert.equal(rows, 1);
  assert.equal(cells, 3);
});

Deno.test("zipDirectory() refuses a bomb by its compression ratio, before inflating anything", () => {
  const bomb = zipOf({ "xl/worksheets/sheet1.xml": new Uint8Array(30 * 1024 * 1024) });
  assert.throws(() => zipDirectory(bomb, priceListZipLimits), /степень сжатия/);
});

Deno.test("checkZip() refuses an entry that inflates past its declared size", () => {
  const bytes = zipOf({ "xl/worksheets/sheet1.xml": "<row><c>1</c></row>".repeat(1000) });
  // Declare 100 bytes in the central directory (and the local header) for 19 000.
  const view = new DataView(bytes.buffer);
  const eocd = bytes.length - 22;
  const central = view.getUint32(eocd + 16, true);
  view.setUint32(central + 24, 100, true);
  view.setUint32(22, 100, true);
  assert.throws(() => checkZip(bytes, priceListZipLimits), /больше заявленного размера/);
});

Deno.test("zipDirectory() refuses too many entries and what is not a zip", () => {
  const many = zipOf(Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`f${i}.xml`, "x"])));
  assert.throws(() => zipDirectory(many, priceListZipLimits), /слишком много файлов/);
  assert.throws(() => zipDirectory(new Uint8Array(100), priceListZipLimits), ZipLimitError);
});

Deno.test("readPriceListFile() refuses a sheet of too many rows with a Russian reason", async () => {
  const rows = Array.from(
    { length: 60_000 },
    (_, i) => `<row r="${i + 2}"><c r="A${i + 2}"><v>${i}</v></c></row>`,
  );
  const error = await readPriceListFile(xlsxOf(header + rows.join("")), "bomb.xlsx").catch((e) => e);
  assert.ok(error instanceof PriceListFileError);
  assert.match(error.message, /в книге больше 50000 строк/);
});

Deno.test("readPriceListFile() reads a sheet whose last cell is XFD1048576 without walking the empty ones", async () => {
  const far =
    '<row r="2"><c r="A2" t="inlineStr"><is><t>Я1</t></is></c><c r="B2" t="inlineStr"><is><t>Труба</t></is></c>' +
    '<c r="C2"><v>10</v></c></row><row r="1048576"><c r="XFD1048576"><v>1</v></c></row>';
  const list = await readPriceListFile(xlsxOf(header + far), "far.xlsx");
  assert.deepEqual(list.items.map((i) => [i.code, i.worksPrice]), [["Я1", 1000]]);
  assert.equal(list.rejected.length, 0);
});
