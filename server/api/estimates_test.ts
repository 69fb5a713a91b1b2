// deno-lint-ignore-file no-explicit-any
import assert from "node:assert/strict";
import ExcelJS from "exceljs";
import { and, eq } from "drizzle-orm";
import {
  demoSurveyorTask,
  expectJson,
  expectOk,
  type GenerateBody,
  generateOneEstimate,
  islandProps,
  type TestApp,
  withTestApp,
} from "../testing.ts";
import { defaultPriceList, generateEstimate } from "../../estimating/mod.ts";
import { companies, estimateItems, objects, priceListItems, priceLists } from "../../db/schema/mod.ts";
import { moscowDate } from "../../domain/dates.ts";
import { typedSepticMeasurements } from "../testing_measurements.ts";

/** POST /api/estimates/generate as a demo user through the typed client. */
const generateCall = (t: TestApp, body: GenerateBody, as: string) =>
  t.as(as).api.estimates.generate.$post({ json: body });

/** POST /api/estimates/generate answering one estimate; checks the status and answers the body. */
const generate = (t: TestApp, body: GenerateBody, status: 200 | 201, as = "surveyor@demo.local") =>
  generateOneEstimate(t, as, body, status);

/** POST /api/estimates/generate answering an estimate per work type; checks the status and answers the body. */
async function generateSeparate(
  t: TestApp,
  body: GenerateBody,
  status: 200 | 201,
  as = "surveyor@demo.local",
) {
  const answer = await expectOk(generateCall(t, body, as), status);
  if (!("estimates" in answer)) assert.fail("an estimate per work type is answered");
  return answer;
}

/** POST /api/estimates/generate refused with `status`; answers the error's body. */
function refusedGenerate(t: TestApp, body: GenerateBody, status: number, as = "surveyor@demo.local") {
  return expectJson(generateCall(t, body, as), status);
}

/** An estimate of the typed client, by id. */
const estimate = (t: TestApp, as: string) => t.as(as).api.estimates[":id{[0-9]+}"];

/** The measurement records of the task, as `as` reads them. */
const measurementsOf = (t: TestApp, taskId: number, as: string) =>
  t.as(as).api.measurements[":taskId{[0-9]+}"].$get({ param: { taskId: String(taskId) } });

async function otherCompanyObject(t: TestApp): Promise<number> {
  const [other] = await t.deps.db.select({ id: companies.id }).from(companies)
    .where(eq(companies.name, "ООО «Другая Компания»"));
  const [o] = await t.deps.db.select({ id: objects.id }).from(objects).where(eq(objects.companyId, other.id));
  return o.id;
}

/** The typed septic document with a pipe and electrical work. */
const measurements = {
  ...typedSepticMeasurements,
  pipe_a001: true,
  pipe_a001_length: 8,
  electrical_work_needed: true,
  elect_a039: true,
  elect_a039_length: 15,
};

Deno.test("[api] POST /api/measurements saves a record that GET /api/measurements/:taskId reads back", () =>
  withTestApp(async (t) => {
    const task = await demoSurveyorTask(t);
    assert.deepEqual(await expectOk(measurementsOf(t, task.id, "surveyor@demo.local")), []);
    const saved = await expectOk(
      t.as("surveyor@demo.local").api.measurements.$post({
        json: {
          taskId: task.id,
          measurements,
          photos: [],
          notes: "Грунт глинистый",
        },
      }),
      201,
    );
    assert.equal(saved.measurements.residents_count, 5);
    assert.equal(saved.measurements.installation_depth, 2.5);
    const [latest] = await expectOk(measurementsOf(t, task.id, "surveyor@demo.local"));
    assert.equal(latest.id, saved.id);
    assert.equal(latest.notes, "Грунт глинистый");
    assert.equal(latest.measurements.notes, "Грунт глинистый");
    assert.equal(latest.measurements.septic_model, "topas-5");
    // The chief engineer may read it too and was told (measurement_updated).
    await expectOk(measurementsOf(t, task.id, "engineer@demo.local"));
    const notes = await expectOk(t.as("engineer@demo.local").api.notifications.$get({ query: {} }));
    assert.ok(notes.some((n) => n.type === "measurement_updated" && n.relatedTaskId === task.id));
  }));

Deno.test("[api] /api/measurements answers 404 for another surveyor's task and another company", () =>
  withTestApp(async (t) => {
    const task = await demoSurveyorTask(t);
    for (const as of ["surveyor2@demo.local", "admin@other.local"]) {
      await expectJson(measurementsOf(t, task.id, as), 404);
      await expectJson(
        t.as(as).api.measurements.$post({ json: { taskId: task.id, measurements: {} } }),
        404,
      );
    }
  }));

Deno.test("[api] bad measurements answer 422 naming each field, in Russian", () =>
  withTestApp(async (t) => {
    const task = await demoSurveyorTask(t);
    const body = await expectJson(
      t.as("surveyor@demo.local").api.measurements.$post({
        json: {
          taskId: task.id,
          measurements: { residents_count: "abc", soil_type: "lava", need_pumping: "maybe" },
        },
      }),
      422,
    );
    assert.deepEqual(
      Object.keys(body.errors).sort(),
      ["measurements.need_pumping", "measurements.residents_count", "measurements.soil_type"],
    );
    assert.match(body.errors["measurements.residents_count"][0], /ожидается число/);

    const gen = await refusedGenerate(t, {
      objectId: task.objectId,
      taskId: task.id,
      measurements: { ...measurements, residents_count: 99 },
    }, 422);
    assert.match(gen.errors["measurements.residents_count"][0], /не больше 20/);

    const missing = await refusedGenerate(t, {
      objectId: task.objectId,
      measurements: { residents_count: 4, need_drainage: true },
    }, 422);
    assert.match(missing.message, /^Заполните обязательные поля: Модель септика, Длина дренажа/);
    assert.ok(missing.errors["measurements.septic_model"]);
    assert.ok(missing.errors["measurements.drainage_length"]);

    // A body the types refuse: no objectId.
    const noObject = await expectJson(
      t.as("surveyor@demo.local").post("/api/estimates/generate", { measurements }),
      422,
    );
    assert.equal(noObject.errors.objectId[0], "Выберите задачу с объектом для генерации сметы");
  }));

Deno.test("[api] POST /api/estimates/generate reads the pipe's exit depth and the season as the engine does", () =>
  withTestApp({ now: () => new Date("2026-06-10T09:00:00Z") }, async (t) => {
    const task = await demoSurveyorTask(t);
    // A June estimate with the season set to winter, and a pipe leaving the house at 1.7 m: over the 8 m inlet at
    // 0.02 it reaches a standard Топас 5 (inlet up to 0.8 m) at 1.86 m, so the station goes 1.06 m deeper, three
    // neck extensions. The same lines as the engine's, to the kopeck.
    const doc = { ...measurements, season: "winter", pipe_exit_depth: "1,7" };
    const res = await generate(t, { objectId: task.objectId, taskId: task.id, measurements: doc }, 201);
    const [object] = await t.deps.db.select().from(objects).where(eq(objects.id, task.objectId));
    const engine = generateEstimate({ ...documentOf(object), measurements: doc }, { date: "2026-06-10" });
    assert.equal(res.totalAmount, engine.totalAmount);
    const stored = await expectOk(
      estimate(t, "engineer@demo.local").$get({ param: { id: String(res.id) } }),
    );
    assert.ok(stored.items.some((i) => i.articleCode === "А103"), "winter chosen by the surveyor");
    assert.equal(stored.items.find((i) => i.articleCode === "А095")?.quantity, 3);
    const bad = await refusedGenerate(t, {
      objectId: task.objectId,
      measurements: { ...measurements, season: "осень", pipe_exit_depth: 9 },
    }, 422);
    assert.match(bad.errors["measurements.season"][0], /^допустимые значения: auto, winter, summer/);
    assert.match(bad.errors["measurements.pipe_exit_depth"][0], /не больше 6/);
  }));

Deno.test("[api] POST /api/estimates/generate answers 404 for another company's object", () =>
  withTestApp(async (t) => {
    const foreign = await otherCompanyObject(t);
    await refusedGenerate(t, { objectId: foreign, measurements }, 404, "engineer@demo.local");
    const mine = await expectOk(t.as("admin@other.local").api.estimates.$get({ query: {} }));
    const demo = await expectOk(t.as("engineer@demo.local").api.estimates.$get({ query: {} }));
    assert.ok(demo.length > 0);
    assert.ok(!mine.some((e) => demo.some((d) => d.id === e.id)), "no estimate is shared between companies");
    await expectJson(estimate(t, "admin@other.local").$get({ param: { id: String(demo[0].id) } }), 404);
    // The workbook's route answers a binary file: read through a raw request.
    await expectJson(
      await t.request(`/api/estimates/${demo[0].id}/export`, { as: "admin@other.local" }),
      404,
    );
  }));

/** The measurement document the server builds for `measurements` on this object, for the engine directly. */
function documentOf(object: typeof objects.$inferSelect) {
  return {
    objectId: object.id,
    object: {
      address: object.address,
      distanceFromMKAD: object.distanceFromMKAD,
      clientName: object.clientName,
      clientPhone: object.clientPhone,
    },
    measurements,
  };
}

Deno.test("[api] a generated estimate is stored with the engine's total, moves the object and tells the chief engineer", () =>
  withTestApp(async (t) => {
    const task = await demoSurveyorTask(t);
    const [object] = await t.deps.db.select().from(objects).where(eq(objects.id, task.objectId));
    const res = await generate(t, {
      objectId: task.objectId,
      taskId: task.id,
      workType: "autonomous_sewage",
      measurements,
    }, 201);
    assert.ok(res.id > 0);
    assert.equal(res.status, "draft");
    // The same document through the engine directly (what the CLI does) gives the same total.
    const expected = generateEstimate(documentOf(object), { date: moscowDate(t.deps.now()) });
    assert.equal(res.totalAmount, expected.totalAmount);
    assert.ok(expected.totalAmount > 0);

    const stored = await expectOk(
      estimate(t, "engineer@demo.local").$get({ param: { id: String(res.id) } }),
    );
    assert.equal(stored.totalAmount, expected.totalAmount);
    assert.equal(stored.items.length, expected.items.length);
    assert.equal(stored.items.reduce((s, i) => s + i.totalPrice, 0), expected.itemsTotal);
    assert.equal(stored.taskId, task.id);

    const [after] = await t.deps.db.select().from(objects).where(eq(objects.id, task.objectId));
    if (["new", "in_progress", "measurement_done"].includes(object.status)) {
      assert.equal(after.status, "estimation_done");
    }
    const notes = await expectOk(t.as("engineer@demo.local").api.notifications.$get({ query: {} }));
    assert.ok(notes.some((n) => n.type === "estimate_created" && n.relatedEstimateId === res.id));
    const list = await expectOk(
      t.as("surveyor@demo.local").api.estimates.$get({ query: { objectId: String(task.objectId) } }),
    );
    assert.ok(list.some((e) => e.id === res.id));
    assert.ok(list.every((e) => e.objectId === task.objectId));
  }));

Deno.test("[api] generation prices by the company's active price list", () =>
  withTestApp(async (t) => {
    const task = await demoSurveyorTask(t);
    const [object] = await t.deps.db.select().from(objects).where(eq(objects.id, task.objectId));
    // The company's list: the default one with every price raised by 10 %.
    const list = defaultPriceList.map((i) => ({
      ...i,
      materialsPrice: Math.round(i.materialsPrice * 1.1),
      worksPrice: Math.round(i.worksPrice * 1.1),
    }));
    const [pl] = await t.deps.db.insert(priceLists).values({
      companyId: object.companyId,
      name: "Прайс 2026",
    })
      .returning();
    await t.deps.db.insert(priceListItems).values(list.map((i) => ({
      priceListId: pl.id,
      companyId: object.companyId,
      code: i.code,
      name: i.name,
      unit: i.unit,
      section: i.section,
      materialsPrice: i.materialsPrice,
      worksPrice: i.worksPrice,
    })));
    const res = await generate(t, { objectId: task.objectId, measurements }, 201);
    const doc = documentOf(object);
    const date = moscowDate(t.deps.now());
    const withList = generateEstimate(doc, { date, priceList: list });
    const withDefault = generateEstimate(doc, { date });
    assert.equal(res.totalAmount, withList.totalAmount);
    assert.notEqual(res.totalAmount, withDefault.totalAmount);
    const rows = await t.deps.db.select().from(estimateItems).where(
      and(eq(estimateItems.estimateId, res.id), eq(estimateItems.articleCode, "А001")),
    );
    assert.equal(
      rows[0].pricePerUnit,
      list.find((i) => i.code === "А001")!.materialsPrice + list.find((i) => i.code === "А001")!.worksPrice,
    );
  }));

Deno.test("[api] PATCH /api/estimates/:id: a surveyor cannot approve, the chief engineer can", () =>
  withTestApp(async (t) => {
    const task = await demoSurveyorTask(t);
    const res = await generate(t, { objectId: task.objectId, measurements }, 201);
    const param = { id: String(res.id) };
    await expectJson(
      estimate(t, "surveyor@demo.local").$patch({ param, json: { status: "approved" } }),
      403,
    );
    await expectJson(
      estimate(t, "surveyor@demo.local").$patch({ param, json: { status: "rejected" } }),
      403,
    );
    const sent = await expectOk(
      estimate(t, "surveyor@demo.local").$patch({ param, json: { status: "sent" } }),
    );
    assert.equal(sent.status, "sent");
    const approved = await expectOk(
      estimate(t, "engineer@demo.local").$patch({ param, json: { status: "approved" } }),
    );
    assert.equal(approved.status, "approved");
    const bad = await expectJson(
      estimate(t, "engineer@demo.local").$patch({ param, json: { status: "rejected" } }),
      422,
    );
    assert.match(bad.errors.status[0], /Нельзя перевести/);
    await expectJson(
      estimate(t, "admin@other.local").$patch({ param, json: { status: "sent" } }),
      404,
    );
    const notes = await expectOk(t.as("engineer@demo.local").api.notifications.$get({ query: {} }));
    assert.ok(notes.some((n) => n.type === "estimate_updated" && n.relatedEstimateId === res.id));
  }));

Deno.test("[api] GET /api/estimates/:id/export answers a real workbook named by the estimate number", () =>
  withTestApp({ now: () => new Date("2026-05-20T09:00:00Z") }, async (t) => {
    const task = await demoSurveyorTask(t);
    const res = await generate(t, { objectId: task.objectId, measurements }, 201);
    const file = await t.request(`/api/estimates/${res.id}/export`, { as: "surveyor@demo.local" });
    assert.equal(file.status, 200);
    assert.match(file.headers.get("content-type")!, /spreadsheetml/);
    const name = `Смета_${res.estimateNumber}.xlsx`;
    const cd = file.headers.get("content-disposition")!;
    assert.ok(cd.startsWith("attachment; "), cd);
    assert.ok(cd.includes(`filename*=UTF-8''${encodeURIComponent(name)}`), cd);
    assert.match(cd, new RegExp(`; filename="?Smeta_${res.id}\\.xlsx"?;`));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await file.arrayBuffer());
    const ws = wb.worksheets[0];
    let total: number | undefined;
    ws.eachRow((row) => {
      if (String(row.getCell(1).value).includes("ОБЩАЯ СТОИМОСТЬ")) {
        const v = row.getCell(6).value as any;
        total = typeof v === "number" ? v : v?.result;
      }
    });
    assert.equal(total, res.totalAmount / 100);
  }));

Deno.test("[api] POST /api/estimates creates a manual estimate and refuses one without items", () =>
  withTestApp(async (t) => {
    const task = await demoSurveyorTask(t);
    const empty = await expectJson(
      t.as("engineer@demo.local").api.estimates.$post({
        json: {
          objectId: task.objectId,
          estimateNumber: "СМ-1",
          items: [],
        },
      }),
      422,
    );
    assert.equal(empty.message, "Заполните все обязательные поля и добавьте позиции");
    const created = await expectOk(
      t.as("engineer@demo.local").api.estimates.$post({
        json: {
          objectId: task.objectId,
          estimateNumber: "СМ-РУЧ-1",
          status: "draft",
          items: [
            { name: "Станция", unit: "шт", quantity: 1, pricePerUnit: 15_000_000 },
            { name: "Труба", unit: "м", quantity: 12.5, pricePerUnit: 110_050 },
          ],
        },
      }),
      201,
    );
    assert.equal(created.totalAmount, 15_000_000 + Math.round(12.5 * 110_050));
    assert.equal(created.status, "draft");
    // Its workbook has no station line (no 'Станция: не выбрана (0 л/сут)').
    const file = await t.request(`/api/estimates/${created.id}/export`, { as: "engineer@demo.local" });
    assert.equal(file.status, 200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await file.arrayBuffer());
    const lines: string[] = [];
    wb.worksheets[0].eachRow((row) => lines.push(String(row.getCell(1).value ?? "")));
    assert.equal(lines.filter((l) => l.startsWith("Станция")).length, 0, lines.join("\n"));
    assert.ok(lines.some((l) => l.startsWith("Вид работ: ")), lines.join("\n"));
    const foreign = await otherCompanyObject(t);
    await expectJson(
      t.as("engineer@demo.local").api.estimates.$post({
        json: {
          objectId: foreign,
          estimateNumber: "X",
          items: [{ name: "a", quantity: 1, pricePerUnit: 1 }],
        },
      }),
      404,
    );
  }));

Deno.test("[api] the new-estimate dialog suggests the company's next number of its series; kept, it takes its place", () =>
  withTestApp({ now: () => new Date("2026-11-23T10:00:00Z") }, async (t) => {
    const suggestion = async () => {
      const html = await (await t.request("/estimates", { as: "engineer@demo.local" })).text();
      const props = islandProps(html, "CreateEstimateDialog");
      assert.ok(props, "the page holds the dialog");
      return props.number as string;
    };
    const first = await suggestion();
    assert.match(first, /^С-2026-\d{4}$/, "a number of the company's series, of the year");
    const task = await demoSurveyorTask(t);
    const kept = await expectOk(
      t.as("engineer@demo.local").api.estimates.$post({
        json: {
          objectId: task.objectId,
          estimateNumber: first,
          items: [{ name: "Станция", unit: "шт", quantity: 1, pricePerUnit: 15_000_000 }],
        },
      }),
      201,
    );
    assert.equal(kept.estimateNumber, first);
    const second = await suggestion();
    const place = (n: string) => Number(n.split("-").at(-1));
    assert.equal(place(second), place(first) + 1, "the kept number is taken: the next is suggested");
    // A generated estimate takes the next number of the same series, and the dialog then suggests the one after.
    const generated = await generate(t, {
      objectId: task.objectId,
      taskId: task.id,
      workType: "autonomous_sewage",
      measurements,
    }, 201);
    assert.equal(generated.estimateNumber, second);
    assert.equal(place(await suggestion()), place(second) + 1);
  }));

Deno.test("[api] POST /api/field-work/report tells the chief engineers", () =>
  withTestApp(async (t) => {
    const task = await demoSurveyorTask(t);
    await expectOk(
      t.as("surveyor@demo.local").api["field-work"].report.$post({
        json: {
          objectId: task.objectId,
          comment: "Всё замерено",
        },
      }),
    );
    const notes = await expectOk(t.as("engineer@demo.local").api.notifications.$get({ query: {} }));
    assert.ok(notes.some((n) => n.relatedObjectId === task.objectId && /Отчет о выезде/.test(n.title)));
    await expectJson(
      t.as("admin@other.local").api["field-work"].report.$post({ json: { objectId: task.objectId } }),
      404,
    );
  }));

Deno.test("[api] a document with its own distance from МКАД is priced as the CLI prices it", () =>
  withTestApp(async (t) => {
    const task = await demoSurveyorTask(t);
    const doc = {
      workType: "autonomous_sewage",
      object: {
        address: "д. Петрово",
        distanceFromMKAD: 72,
        clientName: "Иванов",
        clientPhone: "+7 900 000-00-00",
      },
      measurements: { septic_model: "topas-8", residents_count: 6, need_pumping: true, pump_type: "kp250" },
    };
    const res = await generate(t, { ...doc, objectId: task.objectId }, 201);
    const cli = generateEstimate(doc, { date: "2026-11-21" });
    assert.equal(res.totalAmount, cli.totalAmount);
    assert.ok(cli.items.some((i) => /за пределы 30 км/.test(i.name)), "delivery beyond 30 km is charged");
  }));

Deno.test("[api] documents of every work type price as the CLI prices them", () =>
  withTestApp(async (t) => {
    const task = await demoSurveyorTask(t);
    const object = { address: "д. Петрово", distanceFromMKAD: 55, clientName: "Иванов", clientPhone: "" };
    const docs = [
      {
        workType: "well_drilling",
        object,
        measurements: { well_type: "artesian", well_district: "dmitrov", well_dynamic_level: "28" },
      },
      {
        workType: "water_supply",
        object,
        measurements: { ws_length: "22", ws_depth: "1,8", ws_pipe: "pnd_40" },
      },
      {
        workType: "drainage",
        object,
        measurements: { dr_mode: "area", dr_area: 450, dr_inspection_wells: 2 },
      },
      {
        workType: "sewage_system",
        object,
        measurements: { sw_length: 14, sw_drop: "0,3", sw_inspection_wells: 1 },
      },
    ];
    for (const doc of docs) {
      const res = await generate(t, { ...doc, objectId: task.objectId, taskId: task.id }, 201);
      const cli = generateEstimate(doc, { date: res.date });
      assert.equal(res.totalAmount, cli.totalAmount, doc.workType);
      assert.deepEqual(res.workKinds, cli.workKinds);
    }
  }));

/** A generate request for a well and its water supply on the task's object. */
function wellAndWaterSupply(task: { id: number; objectId: number }) {
  return {
    workTypes: ["well_equipment", "water_supply"],
    objectId: task.objectId,
    taskId: task.id,
    object: { distanceFromMKAD: 20 },
    measurements: { well_depth: 30, ws_length: 12, ws_depth: 1.8 },
  };
}

Deno.test("[api] several work types: one estimate with a section per work type, or separate ones as the task says", () =>
  withTestApp(async (t) => {
    const task = await demoSurveyorTask(t);
    const body = wellAndWaterSupply(task);
    // The surveyor's own `separate` is ignored: the task says «одна общая» (the default).
    const one = await generate(t, { ...body, separate: true }, 201);
    assert.ok(
      one.sections.includes("Бурение скважины") && one.sections.includes("Водопровод от скважины до дома"),
    );
    await setSplit(t, task.id, true);
    const separate = await generateSeparate(t, body, 201);
    assert.equal(separate.estimates.length, 2);
    assert.deepEqual(separate.estimates.map((e) => e.workKinds), [["well"], ["water_supply"]]);
    assert.equal(separate.estimates[0].itemsTotal + separate.estimates[1].itemsTotal, one.itemsTotal);
    // The surveyor cannot ask for one estimate either.
    const again = await generateSeparate(t, { ...body, separate: false }, 201);
    assert.deepEqual(again.estimates.map((e) => e.id), separate.estimates.map((e) => e.id));
    assert.deepEqual(again.estimates.map((e) => e.version), [2, 2]);
    await refusedGenerate(t, { ...body, workTypes: ["nothing"] }, 422);
    // The chief engineer may still ask either explicitly; without `separate` the task decides.
    const chief = "engineer@demo.local";
    assert.equal((await generate(t, { ...body, separate: false }, 201, chief)).id, one.id);
    assert.equal((await generateSeparate(t, body, 201, chief)).estimates.length, 2);
    await setSplit(t, task.id, false);
    assert.equal((await generateSeparate(t, { ...body, separate: true }, 201, chief)).estimates.length, 2);
    assert.equal((await generate(t, body, 201, chief)).id, one.id);
    // A body the types refuse: a text where a boolean is due.
    const bad = await expectJson(
      t.as(chief).post("/api/estimates/generate", { ...body, separate: "да" }),
      422,
    );
    assert.deepEqual(bad.errors.separate, ["Отдельные сметы: да или нет"]);
  }));

/** The chief engineer sets the task's «Сметы по видам работ». */
async function setSplit(t: TestApp, taskId: number, separateEstimates: boolean) {
  const task = await expectOk(
    t.as("engineer@demo.local").api.tasks[":id"].$patch({
      param: { id: String(taskId) },
      json: { separateEstimates },
    }),
  );
  assert.equal(task.separateEstimates, separateEstimates);
}

Deno.test("[api] a generate request repeated with its clientId answers the estimate it made and writes nothing", () =>
  withTestApp(async (t) => {
    const task = await demoSurveyorTask(t);
    const body = { ...wellAndWaterSupply(task), clientId: crypto.randomUUID() };
    const count = async (table: string) =>
      Number((await t.deps.db.$client.execute(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
    const first = await generate(t, body, 201);
    const written = [
      await count("estimates"),
      await count("estimate_versions"),
      await count("estimate_items"),
    ];
    const repeat = await generate(t, body, 200);
    assert.deepEqual(
      [repeat.id, repeat.version, repeat.estimateNumber, repeat.totalAmount, repeat.itemsTotal],
      [first.id, first.version, first.estimateNumber, first.totalAmount, first.itemsTotal],
    );
    assert.deepEqual(repeat.workKinds, first.workKinds);
    assert.deepEqual(repeat.items.length, first.items.length);
    assert.deepEqual(
      [await count("estimates"), await count("estimate_versions"), await count("estimate_items")],
      written,
    );
    // Another request is another version.
    const next = await generate(t, { ...body, clientId: crypto.randomUUID() }, 201);
    assert.deepEqual([next.id, next.version], [first.id, 2]);
    // The first request's repeat still writes nothing once its version is replaced.
    assert.equal((await generate(t, body, 200)).version, 2);
    // Separate estimates: the repeat answers both, in the same shape.
    await setSplit(t, task.id, true);
    const separateBody = { ...body, clientId: crypto.randomUUID() };
    const separate = await generateSeparate(t, separateBody, 201);
    const separateRepeat = await generateSeparate(t, separateBody, 200);
    assert.deepEqual(
      separateRepeat.estimates.map((e) => [e.id, e.version, e.totalAmount, e.workKinds]),
      separate.estimates.map((e) => [e.id, e.version, e.totalAmount, e.workKinds]),
    );
    const bad = await refusedGenerate(t, { ...body, clientId: "../x" }, 422);
    assert.ok(bad.errors.clientId);
  }));

Deno.test("[api] station lines (wells, pump unit, merged pipes, cable as electrical work, sewer as inlet) price as the CLI prices them", () =>
  withTestApp(async (t) => {
    const task = await demoSurveyorTask(t);
    const object = { address: "д. Ивлево", distanceFromMKAD: 45, clientName: "Кузнецов", clientPhone: "" };
    const docs = [
      {
        workType: "autonomous_sewage",
        object,
        measurements: {
          septic_model: "eurolos-bio-5",
          inlet_pipe_length: "35",
          inlet_turns: "2",
          outlet_pipe_length: 30,
          need_pumping: true,
          pump_type: "kp250",
          pipe_a001: true,
          pipe_a001_length: 8,
          electrical_work_needed: true,
          cable_length: 14,
        },
      },
      {
        workTypes: ["autonomous_sewage", "sewage_system"],
        object,
        measurements: { septic_model: "topas-5", sw_length: 40, sw_turns: 1, sw_drop: 0.9 },
      },
    ];
    for (const doc of docs) {
      const res = await generate(t, { ...doc, objectId: task.objectId, taskId: task.id }, 201);
      const cli = generateEstimate(doc, { date: res.date });
      assert.equal(res.totalAmount, cli.totalAmount);
      assert.deepEqual(res.warnings, cli.warnings);
    }
    const [pumped, combined] = docs.map((d) => generateEstimate(d, { date: "2026-02-10" }));
    for (const code of ["А012", "А034", "А036", "А037", "А018"]) {
      assert.ok(pumped.items.some((i) => i.articleCode === code), code);
    }
    assert.ok(pumped.warnings.some((w) => w.startsWith("А001 (8)")), pumped.warnings.join("\n"));
    assert.ok(!combined.items.some((i) => i.name.includes("подводящ")));
  }));
