import assert from "node:assert/strict";
import ExcelJS from "exceljs";
import { defaultPriceList } from "./price_list.ts";
import {
  mergePriceList,
  PriceListFileError,
  readPriceListFile,
  writePriceListCsv,
  writePriceListJson,
  writePriceListWorkbook,
} from "./price_list_io.ts";

const enc = (s: string) => new TextEncoder().encode(s);

Deno.test("readPriceListFile() reads a Russian CSV and rejects invalid rows with reasons", async () => {
  const csv = [
    "Артикул;Наименование;Ед. изм.;Раздел;Материалы, ₽;Работы, ₽",
    'a1;"Труба ПВХ 110; SN8";м;Трубопроводы;"1 234,56";500',
    ";Без артикула;шт;;1;1",
    "А002;;м;;1;1",
    "А003;Труба 160;м;Трубопроводы;дорого;1",
    "А001;Повтор;м;;1;1",
    ";;;;;",
    "X-77;Своя позиция;компл;;0;2 500",
  ].join("\r\n");
  const list = await readPriceListFile(enc(csv), "prices.csv");
  assert.equal(list.format, "csv");
  assert.deepEqual(list.items.map((i) => i.code), ["А001", "X-77"]);
  assert.deepEqual(list.items[0], {
    code: "А001",
    name: "Труба ПВХ 110; SN8",
    unit: "м",
    section: "Трубопроводы",
    materialsPrice: 123456,
    worksPrice: 50000,
  });
  assert.equal(list.items[1].worksPrice, 250000);
  assert.deepEqual(list.rejected.map((r) => [r.row, r.reason.split(":")[0]]), [
    [3, "нет артикула"],
    [4, "нет наименования"],
    [5, "цена материалов не число"],
    [6, "артикул А001 повторяется (первый раз в строке 2)"],
  ]);
});

Deno.test("readPriceListFile() reads Windows-1251 CSV with commas and a single price column", async () => {
  // "Код,Название,Цена\nА005,Футляр,450\n" in Windows-1251.
  const cp1251 = new Uint8Array([
    0xca,
    0xee,
    0xe4,
    0x2c,
    0xcd,
    0xe0,
    0xe7,
    0xe2,
    0xe0,
    0xed,
    0xe8,
    0xe5,
    0x2c,
    0xd6,
    0xe5,
    0xed,
    0xe0,
    0x0a,
    0xc0,
    0x30,
    0x30,
    0x35,
    0x2c,
    0xd4,
    0xf3,
    0xf2,
    0xeb,
    0xff,
    0xf0,
    0x2c,
    0x34,
    0x35,
    0x30,
    0x0a,
  ]);
  const list = await readPriceListFile(cp1251, "old.csv");
  assert.deepEqual(list.items, [
    { code: "А005", name: "Футляр", unit: "шт", section: "", materialsPrice: 0, worksPrice: 45000 },
  ]);
});

Deno.test("readPriceListFile() finds the header below a title in an .xlsx sheet", async () => {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Цены");
  ws.addRow(["Прайс-лист ООО «Септик-Сервис» на 2026 год"]);
  ws.addRow([]);
  ws.addRow(["Код", "Наименование", "Ед.", "Категория", "Материалы", "Работы"]);
  ws.addRow(["А033", "Насос Unilift KP150", "шт", "Насосное оборудование", 18500.5, 3600]);
  ws.addRow(["А034", "Насос Unilift KP250", "шт", "Насосное оборудование", -1, 3600]);
  const list = await readPriceListFile(
    new Uint8Array(await wb.xlsx.writeBuffer() as ArrayBuffer),
    "list.xlsx",
  );
  assert.equal(list.format, "xlsx");
  assert.deepEqual(list.items.map((i) => [i.code, i.materialsPrice, i.worksPrice]), [[
    "А033",
    1850050,
    360000,
  ]]);
  assert.equal(list.rejected.length, 1);
  assert.equal(list.rejected[0].row, 5);
});

Deno.test("the default price list survives an .xlsx, .csv and .json round trip", async () => {
  const xlsx = await readPriceListFile(
    await writePriceListWorkbook(defaultPriceList, { name: "Базовый" }),
    "a.xlsx",
  );
  assert.deepEqual(xlsx.items, defaultPriceList);
  assert.deepEqual(xlsx.rejected, []);
  const csv = await readPriceListFile(enc(writePriceListCsv(defaultPriceList)), "a.csv");
  assert.deepEqual(csv.items, defaultPriceList);
  const json = await readPriceListFile(
    enc(writePriceListJson(defaultPriceList, { name: "Базовый" })),
    "a.json",
  );
  assert.deepEqual(json.items, defaultPriceList);
  assert.equal(json.name, "Базовый");
});

Deno.test("readPriceListFile() refuses unreadable files as a whole", async () => {
  await assert.rejects(readPriceListFile(enc("a;b\n1;2\n"), "x.csv"), PriceListFileError);
  await assert.rejects(readPriceListFile(enc("{broken"), "x.json"), PriceListFileError);
  await assert.rejects(readPriceListFile(enc("PK"), "x.xlsx"), PriceListFileError);
  await assert.rejects(readPriceListFile(enc(""), "x.pdf"), PriceListFileError);
});

Deno.test("mergePriceList() reports added, updated and unchanged codes and keeps sections", () => {
  const a001 = defaultPriceList.find((i) => i.code === "А001")!;
  const r = mergePriceList(defaultPriceList, [
    { ...a001 },
    { code: "А002", name: "Траншея", unit: "м", section: "", materialsPrice: 1, worksPrice: 2 },
    { code: "Б001", name: "Новая позиция", unit: "шт", section: "", materialsPrice: 0, worksPrice: 100 },
  ]);
  assert.deepEqual(r.unchanged, ["А001"]);
  assert.deepEqual(r.updated, ["А002"]);
  assert.deepEqual(r.added, ["Б001"]);
  assert.equal(r.items.length, defaultPriceList.length + 1);
  assert.equal(r.items.find((i) => i.code === "А002")!.section, "Трубопроводы");
  assert.equal(r.items.find((i) => i.code === "Б001")!.section, "Прочие работы и оборудование");
});

Deno.test("writePriceListWorkbook() shows where each default price comes from in «Источник цены»; the CSV too", async () => {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await writePriceListWorkbook(defaultPriceList)).buffer as ArrayBuffer);
  const ws = book.worksheets[0];
  assert.equal(ws.getRow(1).getCell(10).value, "Источник цены");
  const rows: Record<string, string> = {};
  ws.eachRow((row, n) => {
    if (n > 1) rows[String(row.getCell(1).value)] = String(row.getCell(10).value ?? "");
  });
  for (const item of defaultPriceList) assert.equal(rows[item.code], item.source, item.code);
  assert.match(rows["А253"], /Центр геологии.*2026/);
  const csv = writePriceListCsv(defaultPriceList);
  assert.ok(csv.split("\n")[0].trim().endsWith("Источник цены"), csv.split("\n")[0]);
  // A company's list without the column merges as unchanged: the source is not a price.
  const own = defaultPriceList.map(({ source: _source, ...rest }) => rest);
  assert.equal(mergePriceList(defaultPriceList, own).updated.length, 0);
});
