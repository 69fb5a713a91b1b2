// Versions instead of duplicates, the estimate editor (rules, log, lock) and the client's documents.
import assert from "node:assert/strict";
import ExcelJS from "exceljs";
import { and, eq } from "drizzle-orm";
import type { InferRequestType } from "hono/client";
import {
  type ApiClient,
  demoSurveyorTask,
  expectJson,
  expectOk,
  type GenerateBody,
  generateOneEstimate,
  type TestApp,
  withTestApp,
} from "../testing.ts";
import { estimateTotals, findModel, generateEstimate } from "../../estimating/mod.ts";
import { companies, notifications, objects, users } from "../../db/schema/mod.ts";
import { moscowDate } from "../../domain/dates.ts";

const NOTE = "Хозяин просит не трогать яблоню";
const measurements = {
  septic_model: "topas-5",
  residents_count: 5,
  installation_depth: 2.5,
  soil_type: "clay",
  inlet_pipe_length: 8,
  outlet_pipe_length: 12,
  pipe_a001: true,
  pipe_a001_length: 8,
  additional_notes: NOTE,
};

/** The surveyor's task the estimate is generated for. */
type Task = { id: number; objectId: number };

/** The task's measurements with `extra` over the defaults above. */
const bodyOf = (task: Task, extra: Record<string, unknown>): GenerateBody => ({
  objectId: task.objectId,
  taskId: task.id,
  measurements: { ...measurements, ...extra },
});

/** POST /api/estimates/generate as the surveyor: one estimate made (201). */
const generate = (t: TestApp, task: Task, extra: Record<string, unknown> = {}) =>
  generateOneEstimate(t, "surveyor@demo.local", bodyOf(task, extra));

/** The same, refused with `status`: answers the error's body. */
function refusedGenerate(t: TestApp, task: Task, extra: Record<string, unknown>, status: number) {
  return expectJson(
    t.as("surveyor@demo.local").api.estimates.generate.$post({ json: bodyOf(task, extra) }),
    status,
  );
}

/** An estimate of the typed client, by id. */
const estimate = (t: TestApp, as: string) => t.as(as).api.estimates[":id{[0-9]+}"];
type Edit = InferRequestType<ApiClient["estimates"][":id{[0-9]+}"]["edits"]["$post"]>["json"];

/** An edit the editor accepts, its answer typed by the route. */
function edit(t: TestApp, id: number, body: Edit, as = "engineer@demo.local") {
  return expectOk(estimate(t, as).edits.$post({ param: { id: String(id) }, json: body }));
}

/** An edit refused with `status`. */
function refusedEdit(t: TestApp, id: number, body: Edit, as = "engineer@demo.local", status: number) {
  return expectJson(estimate(t, as).edits.$post({ param: { id: String(id) }, json: body }), status);
}

function setStatus(t: TestApp, id: number, status: "approved" | "sent", as = "engineer@demo.local") {
  return expectOk(estimate(t, as).$patch({ param: { id: String(id) }, json: { status } }));
}

/** Every cell of the first sheet as text (a formula's cached result). */
async function cellsOf(file: Response): Promise<string[]> {
  assert.equal(file.status, 200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await file.arrayBuffer());
  const out: string[] = [];
  wb.worksheets[0].eachRow((row) =>
    row.eachCell((cell) => {
      const v = cell.value;
      out.push(String(v && typeof v === "object" && "formula" in v ? v.result : v));
    })
  );
  return out;
}

Deno.test("[api] generating twice for one task gives v1 and v2 of one estimate, both readable, one «Создана смета»", () =>
  withTestApp({ now: () => new Date("2026-05-20T09:00:00Z") }, async (t) => {
    const task = await demoSurveyorTask(t);
    const first = await generate(t, task);
    const second = await generate(t, task, { residents_count: 6 });
    assert.equal(second.id, first.id);
    assert.equal(first.version, 1);
    assert.equal(second.version, 2);
    assert.equal(second.estimateNumber, `${first.estimateNumber}-v2`);
    const third = await generate(t, task);
    assert.equal(third.estimateNumber, `${first.estimateNumber}-v3`);

    const versions = await expectOk(
      estimate(t, "engineer@demo.local").versions.$get({ param: { id: String(first.id) } }),
    );
    assert.deepEqual(versions.map((v) => [v.version, v.estimateNumber, v.current]), [
      [3, third.estimateNumber, true],
      [2, second.estimateNumber, false],
      [1, first.estimateNumber, false],
    ]);
    assert.equal(versions[2].totalAmount, first.totalAmount);
    const list = await expectOk(
      t.as("engineer@demo.local").api.estimates.$get({ query: { objectId: String(task.objectId) } }),
    );
    assert.equal(list.filter((e) => e.estimateNumber.startsWith(first.estimateNumber)).length, 1);

    // The first version still downloads, under its own number and with its own total (a workbook: raw requests).
    const old = await t.request(`/api/estimates/${first.id}/export?version=1`, { as: "engineer@demo.local" });
    assert.ok(
      old.headers.get("content-disposition")!.includes(
        encodeURIComponent(`Смета_${first.estimateNumber}.xlsx`),
      ),
    );
    assert.ok((await cellsOf(old)).includes(String(first.totalAmount / 100)));
    await expectJson(
      t.request(`/api/estimates/${first.id}/export?version=9`, { as: "engineer@demo.local" }),
      404,
    );

    const told = await t.deps.db.select({ title: notifications.title }).from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(and(eq(notifications.relatedEstimateId, first.id), eq(users.email, "engineer@demo.local")));
    assert.deepEqual(told.map((n) => n.title).sort(), [
      "Смета обновлена",
      "Смета обновлена",
      "Создана смета",
    ]);
  }));

Deno.test("[api] an unedited estimate keeps the engine's total; an edit changes the total by exactly its amount", () =>
  withTestApp({ now: () => new Date("2026-05-20T09:00:00Z") }, async (t) => {
    const task = await demoSurveyorTask(t);
    const made = await generate(t, task);
    const e = await expectOk(estimate(t, "engineer@demo.local").$get({ param: { id: String(made.id) } }));
    const engine = generateEstimate({ objectId: task.objectId, measurements }, {
      date: moscowDate(new Date()),
    });
    assert.equal(e.itemsTotal, engine.itemsTotal);
    assert.equal(e.totalAmount, made.totalAmount);

    const line = e.items.find((i) => i.articleCode === "А001")!;
    // Quantity 3 (the 8 m inlet less the 5 m of the turnkey installation) → 10.5: the line grows by
    // round(price × 10.5) − its total exactly.
    const q = await edit(t, e.id, { action: "update_item", itemId: line.id, quantity: 10.5 });
    const grown = Math.round(line.pricePerUnit * 10.5) - line.totalPrice;
    assert.equal(q.totalAmount - e.totalAmount, grown);
    assert.equal(q.change?.totalDelta, grown);
    // A price change, a free line, a line from the price list, a removal.
    const p = await edit(t, e.id, { action: "update_item", itemId: line.id, pricePerUnit: 99_99 });
    assert.equal(
      p.totalAmount - q.totalAmount,
      Math.round(99_99 * 10.5) - Math.round(line.pricePerUnit * 10.5),
    );
    const free = await edit(t, e.id, {
      action: "add_free_item",
      name: "Вывоз мусора",
      unit: "рейс",
      quantity: 2,
      pricePerUnit: 3_500_00,
    });
    assert.equal(free.totalAmount - p.totalAmount, 7_000_00);
    const added = await edit(t, e.id, { action: "add_item", code: "А002", quantity: 3 });
    const a002 = added.items.find((i) => i.articleCode === "А002" && !e.items.some((x) => x.id === i.id));
    assert.ok(a002, "the price-list line is added");
    assert.equal(added.totalAmount - free.totalAmount, a002.totalPrice);
    const removed = await edit(t, e.id, { action: "remove_item", itemId: a002.id });
    assert.equal(removed.totalAmount, free.totalAmount);

    // Discount and VAT follow the engine's totals function.
    const terms = await edit(t, e.id, {
      action: "set_terms",
      vatMode: "22",
      discount: { kind: "percent", value: 7.5 },
      clientNote: "Работы — за 3 дня",
      internalNote: "Клиент знакомый директора",
    });
    const expected = estimateTotals(terms.items, {
      vatMode: "22",
      discount: { kind: "percent", value: 750 },
    });
    assert.equal(terms.discountAmount, expected.discountAmount);
    assert.equal(terms.vatAmount, expected.vat.amount);
    assert.equal(terms.totalAmount, expected.totalAmount);
    assert.deepEqual(terms.discount, { kind: "percent", value: 7.5 });

    const log = await expectOk(
      estimate(t, "manager@demo.local").changes.$get({ param: { id: String(e.id) } }),
    );
    assert.equal(log.length, 6);
    assert.match(log[log.length - 1].summary, /количество 3 → 10,5 м/);
    assert.equal(log[log.length - 1].totalDelta, grown);
    assert.equal(log[0].userFirstName !== undefined, true);
  }));

Deno.test("[api] estimate edits: roles, validation, another company, an approved estimate is locked until reopened", () =>
  withTestApp(async (t) => {
    const task = await demoSurveyorTask(t);
    const made = await generate(t, task);
    const e = await expectOk(estimate(t, "engineer@demo.local").$get({ param: { id: String(made.id) } }));
    const itemId = e.items[0].id;
    const body = { action: "update_item", itemId, quantity: 2 } as const;
    // The surveyor and the foreman do not edit; another company's admin does not even see it.
    await refusedEdit(t, e.id, body, "surveyor@demo.local", 403);
    await refusedEdit(t, e.id, body, "admin@other.local", 404);
    await expectJson(estimate(t, "admin@other.local").changes.$get({ param: { id: String(e.id) } }), 404);
    // Bad payloads answer 422 in Russian.
    const bad = await refusedEdit(t, e.id, { action: "update_item", itemId, quantity: -1 }, undefined, 422);
    assert.match(JSON.stringify(bad.errors), /Количество не меньше 0/);
    // An action the types refuse: the raw request.
    await expectJson(
      t.as("engineer@demo.local").post(`/api/estimates/${e.id}/edits`, { action: "explode" }),
      422,
    );
    const noCode = await refusedEdit(
      t,
      e.id,
      { action: "add_item", code: "Я999", quantity: 1 },
      undefined,
      422,
    );
    assert.deepEqual(noCode.errors.code, ["Такой позиции нет в прайс-листе"]);
    await refusedEdit(t, e.id, { action: "remove_item", itemId: 99_999_999 }, undefined, 404);
    // The manager and the company admin edit.
    await edit(t, e.id, body, "manager@demo.local");
    await edit(t, e.id, { action: "update_item", itemId, quantity: 3 }, "director@demo.local");

    await setStatus(t, e.id, "approved");
    const locked = await refusedEdit(t, e.id, { action: "update_item", itemId, quantity: 4 }, undefined, 409);
    assert.match(locked.message, /утверждена/);
    // Generating again does not replace an approved estimate either.
    const regen = await refusedGenerate(t, task, {}, 409);
    assert.match(regen.message, /снимите утверждение/);
    await setStatus(t, e.id, "sent");
    const reopened = await edit(t, e.id, { action: "update_item", itemId, quantity: 4 });
    assert.equal(reopened.items.find((i) => i.id === itemId)?.quantity, 4);
  }));

Deno.test("[api] the client's workbook holds no surveyor note, article code or dealer price; «Для себя» keeps them", () =>
  withTestApp({ now: () => new Date("2026-05-20T09:00:00Z") }, async (t) => {
    const [company] = await t.deps.db.select().from(companies).where(eq(companies.name, "ООО «Демо Септик»"));
    const task = await demoSurveyorTask(t);
    const made = await generate(t, task);
    await edit(t, made.id, {
      action: "set_terms",
      clientNote: "Гарантия 3 года",
      internalNote: "Скидку не давать",
    });
    const client = await cellsOf(
      await t.request(`/api/estimates/${made.id}/export`, { as: "engineer@demo.local" }),
    );
    const text = client.join("\n");
    assert.ok(!text.includes("яблоню"), "no surveyor note");
    assert.ok(!text.includes("Скидку не давать"), "no internal note");
    assert.ok(!client.some((c) => /^[АA]\d{3}$/.test(c)), "no article codes");
    assert.ok(!/артикул|Обязательно|Материалы|Дилер/i.test(text), text);
    const dealer = findModel("topas-5")!.dealerPrice;
    assert.ok(!client.includes(String(dealer)), "no dealer price");
    assert.ok(text.includes("Гарантия 3 года"));
    assert.ok(text.includes(company.name));
    const [object] = await t.deps.db.select().from(objects).where(eq(objects.id, task.objectId));
    assert.ok(text.includes(object.address));
    assert.ok(client.includes(String(made.totalAmount / 100)));

    const own = await t.request(`/api/estimates/${made.id}/export?for=internal`, {
      as: "engineer@demo.local",
    });
    assert.ok(
      own.headers.get("content-disposition")!.includes(
        encodeURIComponent(`Смета_${made.estimateNumber}_для_себя.xlsx`),
      ),
    );
    const internal = (await cellsOf(own)).join("\n");
    assert.ok(internal.includes("яблоню"));
    assert.ok(internal.includes("Скидку не давать"));
    assert.ok(internal.includes("А001"));
    assert.ok(internal.includes("Работы, всего"));
  }));

Deno.test("[pages] /estimates/:id/print shows the client's estimate without internal data; ?version=N an earlier one", () =>
  withTestApp(async (t) => {
    const task = await demoSurveyorTask(t);
    const first = await generate(t, task);
    await edit(t, first.id, {
      action: "set_terms",
      clientNote: "Гарантия 3 года",
      internalNote: "Скидку не давать",
    });
    const html = await (await t.request(`/estimates/${first.id}/print`, { as: "manager@demo.local" })).text();
    assert.ok(html.includes(`Смета № ${first.estimateNumber}`));
    assert.ok(html.includes("Гарантия 3 года"));
    for (const hidden of ["яблоню", "Скидку не давать", "А001", "Обязательно", "артикул"]) {
      assert.ok(!html.includes(hidden), hidden);
    }
    const second = await generate(t, task, { residents_count: 6 });
    const page = await (await t.request(`/estimates/${first.id}`, { as: "engineer@demo.local" })).text();
    assert.ok(page.includes(`Версия 1: ${first.estimateNumber}`));
    assert.ok(page.includes(`Версия 2: ${second.estimateNumber}`));
    const old = await (await t.request(`/estimates/${first.id}?version=1`, { as: "engineer@demo.local" }))
      .text();
    assert.ok(old.includes("только чтение"));
    assert.equal(
      (await t.request(`/estimates/${first.id}?version=7`, { as: "engineer@demo.local" })).status,
      404,
    );
    assert.equal((await t.request(`/estimates/${first.id}/print`, { as: "admin@other.local" })).status, 404);
  }));
