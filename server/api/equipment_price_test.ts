// deno-lint-ignore-file no-explicit-any
// The company's equipment-price basis, from the settings screen's API to the generated
// estimate, the phone's bundle and the documents; the client never sees the dealer price nor the margin.
import assert from "node:assert/strict";
import ExcelJS from "exceljs";
import {
  demoSurveyorTask,
  expectJson,
  expectOk,
  generateOneEstimate,
  prepaymentLink,
  type TestApp,
  withTestApp,
} from "../testing.ts";
import { priceOnDevice } from "../../components/offline/engine.ts";

const ADMIN = "director@demo.local";
const ENGINEER = "engineer@demo.local";
const SURVEYOR = "surveyor@demo.local";
const measurements = {
  septic_model: "topas-5",
  residents_count: 5,
  installation_depth: 2.5,
  soil_type: "clay",
  inlet_pipe_length: 5,
  outlet_pipe_length: 10,
};

async function generate(t: TestApp) {
  const task = await demoSurveyorTask(t);
  return await generateOneEstimate(t, SURVEYOR, { objectId: task.objectId, taskId: task.id, measurements });
}

/** The company's equipment-price basis through the typed client. */
const equipmentPrice = (t: TestApp, as: string) => t.as(as).api.settings["equipment-price"];

/** A generated estimate, as the typed client answers it. */
type Generated = Awaited<ReturnType<typeof generate>>;

/** Every cell of the first sheet as text (a formula's cached result). */
async function cellsOf(file: Response): Promise<string> {
  assert.equal(file.status, 200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await file.arrayBuffer());
  const out: string[] = [];
  wb.worksheets[0].eachRow((row) =>
    row.eachCell((cell) => {
      const v = cell.value as any;
      out.push(String(v && typeof v === "object" && "formula" in v ? v.result : v));
    })
  );
  return out.join("\n");
}

Deno.test("[api] /api/settings/equipment-price: retail by default, saved by the company_admin, checked, refused to others", () =>
  withTestApp(async (t) => {
    assert.deepEqual(await expectOk(equipmentPrice(t, ADMIN).$get()), {
      basis: "retail",
      markupPercent: 11,
    });
    const refused = await expectJson(
      equipmentPrice(t, ADMIN).$put({ json: { basis: "dealer_markup", markupPercent: 400 } }),
      422,
    );
    assert.match(JSON.stringify(refused), /Наценка не больше 300 %/);
    const fraction = await expectJson(
      equipmentPrice(t, ADMIN).$put({ json: { basis: "dealer_markup", markupPercent: 12.5 } }),
      422,
    );
    assert.match(JSON.stringify(fraction), /Наценка — целое число процентов/);
    // A body the types refuse: no such basis.
    await expectJson(
      t.as(ADMIN).put("/api/settings/equipment-price", { basis: "opt", markupPercent: 5 }),
      422,
    );
    await expectJson(
      equipmentPrice(t, ENGINEER).$put({ json: { basis: "dealer", markupPercent: 0 } }),
      403,
    );
    assert.deepEqual(
      await expectOk(equipmentPrice(t, ADMIN).$put({ json: { basis: "dealer_markup", markupPercent: 20 } })),
      { basis: "dealer_markup", markupPercent: 20 },
    );
    assert.equal((await expectOk(equipmentPrice(t, ADMIN).$get())).markupPercent, 20);
  }));

Deno.test("[api] POST /api/estimates/generate and the phone's bundle price the station on the company's basis", () =>
  withTestApp(async (t) => {
    // Default РРЦ: Топас 5 = 159 000 + 36 000 installation = 195 000 ₽.
    const retail = await generate(t);
    const line = (e: Generated) => e.items.find((i) => i.name.includes("Топас 5"))!;
    assert.equal(line(retail).totalPrice, 19_500_000);
    // Dealer + 20 %: 143 100 × 1.2 = 171 720 + 36 000 = 207 720 ₽.
    await expectOk(
      equipmentPrice(t, ADMIN).$put({ json: { basis: "dealer_markup", markupPercent: 20 } }),
    );
    const marked = await generate(t);
    assert.equal(line(marked).totalPrice, 20_772_000);
    assert.equal(marked.totalAmount - retail.totalAmount, 20_772_000 - 19_500_000);
    const bundle = await expectOk(t.as(SURVEYOR).api.offline["field-work"].$get());
    assert.deepEqual(bundle.equipmentPrice, { basis: "dealer_markup", markupPercent: 20 });
    // The phone prices with the bundle's basis: the same line and total as the server.
    const task = await demoSurveyorTask(t);
    const cached = bundle.tasks.find((x) => x.id === task.id)!;
    const onPhone = priceOnDevice(bundle, cached, measurements, { at: t.deps.now() });
    assert.equal(onPhone.items.find((i) => i.articleCode === "topas-5")!.totalPrice, 20_772_000);
    assert.equal(onPhone.totalAmount, marked.totalAmount);
  }));

Deno.test("[pages] the client's Excel and print page show neither the dealer price nor «дилер»; the internal view does", () =>
  withTestApp(async (t) => {
    const made = await generate(t);
    const hidden = [/дилер/i, /143[\s\u00a0]?100/, /маржа/i, /15[\s\u00a0]?900/];
    const client = await cellsOf(await t.request(`/api/estimates/${made.id}/export`, { as: ENGINEER }));
    const print = await (await t.request(`/estimates/${made.id}/print`, { as: ENGINEER })).text();
    for (const [name, text] of [["Excel", client], ["print", print]] as const) {
      for (const re of hidden) assert.ok(!re.test(text), `${name}: ${re}`);
    }
    assert.ok(client.includes("Топас 5"));
    const internal = await cellsOf(
      await t.request(`/api/estimates/${made.id}/export?for=internal`, { as: ENGINEER }),
    );
    assert.match(
      internal,
      /РРЦ производителя 159\u00a0000,00\u00a0₽; закупка по дилерской цене 143\u00a0100,00\u00a0₽/,
    );
    const page = await (await t.request(`/estimates/${made.id}`, { as: ENGINEER })).text();
    assert.match(page, /data-testid="equipment-price-note"[^>]*>Топас 5 — РРЦ производителя/);
    // The read-only view (the surveyor's) lists the notes without the basis and the margin.
    const readOnly = await (await t.request(`/estimates/${made.id}`, { as: SURVEYOR })).text();
    assert.ok(readOnly.includes("Примечания"), "the read-only view shows its notes");
    assert.ok(!readOnly.includes("(для себя):"), "no equipment-price note among them");
  }));

Deno.test("[pages] the client's link page shows the estimate without the dealer price nor «дилер»", () =>
  withTestApp(async (t) => {
    const made = await generate(t);
    const task = await demoSurveyorTask(t);
    const object = await expectOk(
      t.as(ENGINEER).api.objects[":id{[0-9]+}"].$get({ param: { id: String(task.objectId) } }),
    );
    const contract = await expectOk(
      t.as(ENGINEER).api.contracts.generate.$post({
        json: {
          templateId: `${object.workType}_contract`,
          contractData: {
            CLIENT_NAME: "Смирнов Алексей Петрович",
            CLIENT_PHONE: "+7 916 555-12-34",
            CLIENT_PASSPORT: "4510 123456, выдан ОВД Тверского района г. Москвы 12.03.2015",
            CLIENT_ADDRESS: "г. Москва, ул. Тверская, д. 1, кв. 5",
            CONTRACT_NUMBER: "Д-220001",
            PREPAYMENT_PERCENT: 30,
            OBJECT_ADDRESS: "МО, Истринский р-н, д. Лечищево, уч. 12",
            CITY: "Москва",
          },
          objectId: task.objectId,
          estimateData: { id: made.id },
        },
      }),
      201,
    );
    const payment = await prepaymentLink(t, ENGINEER, {
      amount: contract.contract.prepaymentAmount,
      objectId: task.objectId,
    });
    const html = await (await t.request(new URL(payment.paymentLink).pathname)).text();
    assert.ok(html.includes("Топас 5"), "the link shows the estimate's lines");
    for (const re of [/дилер/i, /143[\s\u00a0]?100/, /маржа/i]) assert.ok(!re.test(html), String(re));
  }));
