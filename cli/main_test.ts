import assert from "node:assert/strict";
import ExcelJS from "exceljs";
import { defaultPriceList, type Estimate } from "../estimating/mod.ts";
import { examples, root, runCli, spawnCli, withTempDir } from "./testing.ts";

/**
 * The CLI run in-process, its output as the process would print it: these tests are about what it prints and
 * writes; «wrong usage exits 2» runs the real process, whose exit code is main()'s.
 */
async function cli(args: string[]) {
  const r = await runCli(...args);
  return { code: r.code, stdout: r.out.join("\n"), stderr: r.err.join("\n") };
}

const valid = (model: string, extra: Record<string, unknown> = {}, distance = 20) => ({
  object: { address: "МО, д. Тестовая, 1", distanceFromMKAD: distance, clientName: "Тест", clientPhone: "" },
  measurements: { septic_model: model, soil_type: "sandy", groundwater_level: 0, ...extra },
});

Deno.test("[cli] estimate generate: bad files print one line each naming file and field, the others go through, exit 1", () =>
  withTempDir(async (dir) => {
    await Deno.mkdir(`${dir}/in`);
    await Deno.writeTextFile(`${dir}/in/a-good.json`, JSON.stringify(valid("topas-5")));
    await Deno.writeTextFile(`${dir}/in/b-broken.json`, '{ "measurements": { ');
    await Deno.writeTextFile(`${dir}/in/c-no-model.json`, JSON.stringify(valid("")));
    await Deno.writeTextFile(
      `${dir}/in/d-bad-number.json`,
      JSON.stringify(valid("topas-5", { residents_count: "abc" })),
    );
    await Deno.writeTextFile(`${dir}/in/e-good.json`, JSON.stringify(valid("eurolos-bio-5")));
    const r = await cli([
      "estimate",
      "generate",
      `${dir}/in`,
      "--out",
      `${dir}/out`,
      "--format",
      "json",
      "--date",
      "2026-06-01",
    ]);
    assert.equal(r.code, 1, r.stderr);
    const lines = r.stderr.trim().split("\n");
    assert.equal(lines.length, 3, r.stderr);
    assert.match(lines[0], new RegExp(`^${dir}/in/b-broken.json: JSON: некорректный JSON`));
    assert.equal(
      lines[1],
      `${dir}/in/c-no-model.json: measurements.septic_model: не заполнено: Модель септика`,
    );
    assert.equal(
      lines[2],
      `${dir}/in/d-bad-number.json: measurements.residents_count: ожидается число, получено "abc"`,
    );
    assert.match(r.stdout, /Итого: смет сформировано 2 из 5, с ошибками 3/);
    const names = [...Deno.readDirSync(`${dir}/out`)].map((e) => e.name).sort();
    assert.deepEqual(names, ["a-good.json", "e-good.json"]);
  }));

Deno.test("[cli] estimate generate: the example files give exact JSON estimates with the rules' effects, exit 0", () =>
  withTempDir(async (dir) => {
    const r = await cli([
      "estimate",
      "generate",
      examples,
      "--out",
      dir,
      "--format",
      "json",
      "--vat",
      "22",
      "--date",
      "2026-06-01",
    ]);
    assert.equal(r.code, 0, r.stderr);
    for (const entry of Deno.readDirSync(dir)) {
      const e: Estimate = JSON.parse(await Deno.readTextFile(`${dir}/${entry.name}`));
      let sum = 0;
      for (const i of e.items) {
        assert.equal(i.totalPrice, i.equipmentCost + i.workCost);
        assert.equal(i.totalPrice, Math.round(i.pricePerUnit * Math.round(i.quantity * 100) / 100));
        sum += i.totalPrice;
      }
      assert.equal(e.itemsTotal, sum);
      assert.equal(e.vat.amount, Math.round(sum * 0.22));
      assert.equal(e.totalAmount, sum + e.vat.amount);
    }
    const far: Estimate = JSON.parse(await Deno.readTextFile(`${dir}/eurolos-far-clay.json`));
    assert.equal(far.items.find((i) => i.articleCode === "А152")?.quantity, 48); // 78 km − 30 km
    const small: Estimate = JSON.parse(await Deno.readTextFile(`${dir}/topas4-undersized.json`));
    assert.ok(small.alerts.some((w) => w.includes("Подходит модель Топас 8")));
  }));

Deno.test("[cli] catalogue list --json prints the catalogue entries of all 12 brands", async () => {
  const r = await cli(["catalogue", "list", "--json"]);
  assert.equal(r.code, 0);
  const list = JSON.parse(r.stdout) as {
    id: string;
    brand: string;
    series: string;
    model: string;
    capacity: number;
  }[];
  assert.ok(list.length >= 80);
  assert.equal(new Set(list.map((m) => m.brand)).size, 12);
  for (const key of ["id", "brand", "series", "model", "capacity", "dealerPrice", "totalWithInstallation"]) {
    assert.ok(key in list[0], key);
  }
});

Deno.test("[cli] wrong usage exits 2", async () => {
  assert.equal(
    (await spawnCli(["estimate", "generate", `${examples}/topas5-basic.json`, "--vat", "18"])).code,
    2,
  );
  assert.equal((await runCli()).code, 2);
  assert.equal((await runCli("bogus")).code, 2);
  assert.equal((await runCli("estimate", "generate")).code, 2);
  assert.equal((await runCli("estimate", "generate", examples, "--format", "pdf")).code, 2);
  assert.equal((await runCli("estimate", "generate", examples, "--date", "01.06.2026")).code, 2);
  assert.equal((await runCli("estimate", "generate", examples, "--price-list", "/nonexistent.xlsx")).code, 2);
  assert.equal((await runCli("catalogue", "list", "--brand", "nope")).code, 2);
  assert.equal((await runCli("price-list", "export")).code, 2);
  assert.equal((await runCli("price-list", "import", "x.csv", "--company", "abc")).code, 2);
  assert.equal((await runCli("--help")).code, 0);
});

Deno.test("[cli] estimate schema prints the JSON Schema of the measurement document", async () => {
  const r = await runCli("estimate", "schema");
  assert.equal(r.code, 0);
  const schema = JSON.parse(r.out.join("\n"));
  assert.equal(schema.properties.measurements.properties.residents_count.default, 4);
  assert.equal(schema.properties.measurements.properties.septic_model.type, "string");
});

Deno.test("[cli] estimate generate --format xlsx writes the client's workbook (--internal the own one) with the JSON's total", () =>
  withTempDir(async (dir) => {
    const r = await runCli(
      "estimate",
      "generate",
      `${examples}/topas5-basic.json`,
      "--out",
      dir,
      "--date",
      "2026-06-01",
      "--requisites",
      `${root}examples/company/requisites.json`,
    );
    assert.equal(r.code, 0, r.err.join("\n"));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(`${dir}/topas5-basic.xlsx`);
    const ws = wb.worksheets[0];
    assert.equal(ws.getCell("A1").value, "ООО «Демо Септик»");
    const json = await runCli(
      "estimate",
      "generate",
      `${examples}/topas5-basic.json`,
      "--out",
      dir,
      "--format",
      "json",
      "--date",
      "2026-06-01",
    );
    assert.equal(json.code, 0);
    const e: Estimate = JSON.parse(await Deno.readTextFile(`${dir}/topas5-basic.json`));
    let total: number | undefined;
    ws.eachRow((row) => {
      if (row.getCell(1).value === "ОБЩАЯ СТОИМОСТЬ") {
        total = (row.getCell(6).value as { result: number }).result;
      }
    });
    assert.equal(Math.round(total! * 100), e.totalAmount);
    const codes = (sheet: ExcelJS.Worksheet) => {
      const found: string[] = [];
      sheet.eachRow((row) =>
        row.eachCell((cell) => /^А\d{3}$/.test(String(cell.value)) && found.push(String(cell.value)))
      );
      return found;
    };
    assert.deepEqual(codes(ws), []);
    const own = await runCli(
      "estimate",
      "generate",
      `${examples}/topas5-basic.json`,
      "--out",
      dir,
      "--internal",
    );
    assert.equal(own.code, 0, own.err.join("\n"));
    const internal = new ExcelJS.Workbook();
    await internal.xlsx.readFile(`${dir}/topas5-basic.xlsx`);
    assert.ok(codes(internal.worksheets[0]).length > 0, "the internal workbook keeps the article codes");
  }));

Deno.test("[cli] price-list import and export a standalone file that --price-list accepts", () =>
  withTempDir(async (dir) => {
    const csv =
      "Артикул;Наименование;Ед. изм.;Раздел;Материалы;Работы\nА002;Траншея вручную;м;Трубопроводы;0;2 000\n;Без кода;шт;;1;1\n";
    await Deno.writeTextFile(`${dir}/in.csv`, csv);
    const imp = await runCli("price-list", "import", `${dir}/in.csv`, "--out", `${dir}/list.json`);
    assert.equal(imp.code, 1); // one row rejected
    assert.match(imp.out[1], /^Добавлено: 0, обновлено: 1, без изменений: 0, отклонено: 1/);
    assert.equal(imp.err[0], `${dir}/in.csv: строка 3: нет артикула`);
    const exp = await runCli(
      "price-list",
      "export",
      "--price-list",
      `${dir}/list.json`,
      "--out",
      `${dir}/list.xlsx`,
    );
    assert.equal(exp.code, 0);
    const gen = await runCli(
      "estimate",
      "generate",
      `${examples}/topas5-basic.json`,
      "--price-list",
      `${dir}/list.xlsx`,
      "--out",
      dir,
      "--format",
      "json",
      "--date",
      "2026-06-01",
    );
    assert.equal(gen.code, 0, gen.err.join("\n"));
    const e: Estimate = JSON.parse(await Deno.readTextFile(`${dir}/topas5-basic.json`));
    // А002 (the trenches; the pit of this document is within the turnkey installation) at the file's price.
    assert.equal(e.items.find((i) => i.articleCode === "А002")?.pricePerUnit, 200000);
  }));

Deno.test("[cli] price-list import --company writes the company's price list in one transaction", () =>
  withTempDir(async (dir) => {
    const url = `file:${dir}/app.db`;
    const { openDb, migrateDb } = await import("../db/client.ts");
    const { companies } = await import("../db/schema/mod.ts");
    const db = await openDb(url);
    await migrateDb(db);
    const company = await db.insert(companies).values({ name: "ООО «Тест»" }).returning({ id: companies.id })
      .get();
    db.$client.close();
    await Deno.writeTextFile(
      `${dir}/in.csv`,
      "Артикул;Наименование;Ед. изм.;Раздел;Материалы;Работы\nА001;Труба ПВХ 110 (своя);м;Трубопроводы;700;500\nБ001;Выезд в выходной;компл;;0;5000\n",
    );
    const importArgs = [
      "price-list",
      "import",
      `${dir}/in.csv`,
      "--company",
      String(company.id),
      "--db",
      url,
    ];
    const first = await runCli(...importArgs);
    assert.equal(first.code, 0, first.err.join("\n"));
    assert.ok(
      first.out[1].startsWith(
        `Добавлено: 1, обновлено: 1, без изменений: 0, отклонено: 0; позиций в прайс-листе: ${
          defaultPriceList.length + 1
        }`,
      ),
      first.out[1],
    );
    const again = await runCli(...importArgs);
    assert.match(again.out[1], /^Добавлено: 0, обновлено: 0, без изменений: 2/);
    const exp = await runCli(
      "price-list",
      "export",
      "--company",
      String(company.id),
      "--db",
      url,
      "--out",
      `${dir}/out.json`,
    );
    assert.equal(exp.code, 0);
    const list = JSON.parse(await Deno.readTextFile(`${dir}/out.json`));
    assert.equal(list.items.length, defaultPriceList.length + 1);
    assert.equal(list.items.find((i: { code: string }) => i.code === "А001").materialsPrice, 70000);
    const missing = await runCli("price-list", "import", `${dir}/in.csv`, "--company", "999", "--db", url);
    assert.equal(missing.code, 1);
    assert.match(missing.err[0], /компания 999 не найдена/);
  }));

Deno.test("[cli] estimate generate: a folder of every work type prices each document as the engine does, in JSON and Excel", () =>
  withTempDir(async (dir) => {
    const { generateEstimate } = await import("../estimating/mod.ts");
    const near = { address: "МО, д. Тестовая, 1", distanceFromMKAD: 40, clientName: "Тест", clientPhone: "" };
    const docs: Record<string, unknown> = {
      "well.json": {
        workType: "well_drilling",
        object: near,
        measurements: { well_type: "sand", well_depth: 32 },
      },
      "water.json": {
        workType: "water_supply",
        object: near,
        measurements: { ws_length: 25, ws_depth: 1.8 },
      },
      "drainage.json": {
        workType: "drainage",
        object: near,
        measurements: { dr_length: 35, dr_inspection_wells: 2 },
      },
      "sewage.json": {
        workType: "sewage_system",
        object: near,
        measurements: { sw_length: 12, sw_drop: 0.3 },
      },
      "station.json": valid("topas-5"),
      "all.json": {
        workTypes: ["well_equipment", "water_supply", "drainage", "sewage_system", "septic"],
        object: near,
        measurements: {
          ...valid("topas-5").measurements,
          well_depth: 40,
          ws_length: 20,
          dr_length: 30,
          sw_length: 10,
        },
      },
    };
    await Deno.mkdir(`${dir}/in`);
    for (const [name, doc] of Object.entries(docs)) {
      await Deno.writeTextFile(`${dir}/in/${name}`, JSON.stringify(doc));
    }
    for (const format of ["json", "xlsx"]) {
      const r = await runCli(
        "estimate",
        "generate",
        `${dir}/in`,
        "--out",
        `${dir}/${format}`,
        "--format",
        format,
        "--date",
        "2026-06-01",
      );
      assert.equal(r.code, 0, r.err.join("\n"));
    }
    for (const [name, doc] of Object.entries(docs)) {
      const engine = generateEstimate(doc, { date: "2026-06-01" });
      const e: Estimate = JSON.parse(await Deno.readTextFile(`${dir}/json/${name}`));
      assert.equal(e.totalAmount, engine.totalAmount, name);
      assert.ok(e.totalAmount > 0, name);
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(`${dir}/xlsx/${name.replace(".json", ".xlsx")}`);
      let total: number | undefined;
      book.worksheets[0].eachRow((row) => {
        if (row.getCell(1).value === "ОБЩАЯ СТОИМОСТЬ") {
          total = (row.getCell(6).value as { result: number }).result;
        }
      });
      assert.equal(Math.round(total! * 100), engine.totalAmount, `${name}: the workbook's total`);
    }
    const all: Estimate = JSON.parse(await Deno.readTextFile(`${dir}/json/all.json`));
    assert.deepEqual(all.workKinds, ["well", "water_supply", "sewage", "septic", "drainage"]);
    // The example documents of the work types (examples/work_types/) go through as well.
    const r = await runCli("estimate", "generate", `${root}examples/work_types`, "--out", `${dir}/examples`);
    assert.equal(r.code, 0, r.err.join("\n"));
    assert.equal([...Deno.readDirSync(`${dir}/examples`)].length, 4);
  }));

Deno.test("[cli] estimate generate: a ticked pipe the lengths already price is merged with the API's warning; the power cable alone is electrical work", () =>
  withTempDir(async (dir) => {
    const doc = valid("topas-5", {
      pipe_a001: true,
      pipe_a001_length: 8,
      electrical_work_needed: true,
      cable_length: 12,
    });
    await Deno.writeTextFile(`${dir}/job.json`, JSON.stringify(doc));
    const r = await runCli("estimate", "generate", `${dir}/job.json`, "--out", dir, "--date", "2026-02-10");
    assert.equal(r.code, 0, r.err.join("\n"));
    const warning = r.out.find((l) => l.includes("предупреждение: А001 (8)"));
    assert.ok(warning, r.out.join("\n"));
    assert.match(warning, /«Прокладка труб».*второй раз не учтена/);
    assert.ok(r.out.some((l) => /смет сформировано 1 из 1, с ошибками 0/.test(l)), r.out.join("\n"));
  }));

Deno.test("[cli] estimate generate --vat incl-22 --discount 5% prices as the web editor: discount before VAT, VAT included", () =>
  withTempDir(async (dir) => {
    const file = `${examples}/topas4-undersized.json`;
    const plain = await cli(["estimate", "generate", file, "--out", `${dir}/a`, "--format", "json"]);
    assert.equal(plain.code, 0, plain.stderr);
    // The undersized station's alert is printed first, as «ВНИМАНИЕ».
    assert.match(plain.stdout, /\n {2}ВНИМАНИЕ: Производительность станции Топас 4/);
    const args = ["estimate", "generate", file, "--out", `${dir}/b`, "--format", "json"];
    const r = await cli([...args, "--vat", "incl-22", "--discount", "5%"]);
    assert.equal(r.code, 0, r.stderr);
    const read = (sub: string): Estimate =>
      JSON.parse(Deno.readTextFileSync(`${dir}/${sub}/topas4-undersized.json`));
    const before = read("a");
    const e = read("b");
    // Discount: round(lines × 5 %); VAT included: round(base × 22 / 122); the total is the base.
    const discount = Math.round(before.itemsTotal * 0.05);
    const base = before.itemsTotal - discount;
    assert.deepEqual(e.discount, { kind: "percent", value: 500, label: "Скидка 5 %", amount: discount });
    assert.equal(e.vat.amount, Math.round(base * 22 / 122));
    assert.equal(e.totalAmount, base);
    // A sum in roubles, with VAT on top.
    const sum = await cli([...args.slice(0, 4), `${dir}/c`, "--format", "json", "--discount", "10 000"]);
    assert.equal(sum.code, 0, sum.stderr);
    assert.equal(read("c").totalAmount, before.itemsTotal - 1_000_000);
    // A discount that is neither is a usage error (exit 2), naming the option.
    const bad = await cli([...args, "--discount", "пять"]);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--discount: ожидается процент от 0 до 100 \(например, 5%\) или сумма в рублях/);
    assert.equal((await cli([...args, "--discount", "120%"])).code, 2);
  }));
