// The final payment and the payment ledger, through the API and the client's page.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import jsQRModule from "jsqr";
import { PNG } from "pngjs";
import { expectJson, expectOk, type TestApp, withTestApp } from "../testing.ts";
import { contractAndPrepayment } from "../testing_jobs.ts";
import { owedObjects, receivablesByAge } from "../../db/ledger.ts";
import { scopeOf } from "../../db/scope.ts";
import { formatKopecks } from "../../domain/format.ts";

const jsQR = ((jsQRModule as unknown as { default?: unknown }).default ?? jsQRModule) as (
  data: Uint8ClampedArray,
  width: number,
  height: number,
) => { binaryData: number[] } | null;

const ENGINEER = "engineer@demo.local";
const MANAGER = "manager@demo.local";

function decodePng(bytes: Uint8Array): string {
  const png = PNG.sync.read(Buffer.from(bytes));
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  assert.ok(code, "the QR decodes");
  return new TextDecoder().decode(new Uint8Array(code.binaryData));
}

const decodeDataUrl = (url: string) => decodePng(Buffer.from(url.split(",")[1], "base64"));

const newObject = {
  address: "Московская обл, Рузский р-н, п Дорохово, ул Школьная, д 4",
  settlement: "Дорохово",
  region: "Московская область",
  clientName: "Пётр Ильин",
  clientPhone: "+7 916 555-44-33",
  workType: "septic",
  estimatedCost: "230 000 ₽",
  description: "",
} as const;

/** A new object with a one-line estimate, its contract (30 % prepayment) and the prepayment's link. */
async function contractedJob(t: TestApp, number = "Д-Л-1") {
  const object = await expectOk(t.as(MANAGER).api.objects.$post({ json: newObject }), 201);
  const estimate = await expectOk(
    t.as(ENGINEER).api.estimates.$post({
      json: {
        objectId: object.id,
        estimateNumber: `С-${number}`,
        items: [
          { name: "Станция Топас 6", unit: "шт", quantity: 1, pricePerUnit: 18_730_050 },
          { name: "Монтаж станции", unit: "шт", quantity: 1, pricePerUnit: 4_199_999 },
        ],
      },
    }),
    201,
  );
  const { contract, prepayment } = await contractAndPrepayment(
    t,
    { object, estimateId: estimate.id },
    number,
    {
      name: "Ильин Пётр Сергеевич",
      phone: "+7 916 555-44-33",
    },
  );
  return { object, estimate, contract, prepayment };
}

const summary = (t: TestApp, objectId: number, as = ENGINEER) =>
  expectOk(t.as(as).api.contracts.object[":objectId"].$get({ param: { objectId: String(objectId) } }));

const markReceived = (t: TestApp, paymentId: number, amount: number) =>
  expectOk(
    t.as(MANAGER).api.payment[":id"].received.$post({
      param: { id: String(paymentId) },
      json: { amount, receivedOn: "2026-11-20" },
    }),
  );

/** POST /api/payment/final for the object, as `as`. */
const finalPayment = (t: TestApp, objectId: number, as = MANAGER) =>
  t.as(as).api.payment.final.$post({ json: { objectId } });

Deno.test("[api] POST /api/payment/final asks for the contract's remainder with its ГОСТ QR; received, nothing is owed", () =>
  withTestApp(async (t) => {
    const { object, contract, prepayment } = await contractedJob(t);
    const total = contract.totalAmount;
    assert.equal(total, 22_930_049, "the estimate's total: 187 300,50 + 41 999,99 ₽");
    assert.deepEqual((await summary(t, object.id)).ledger, {
      due: total,
      received: 0,
      owed: total,
      awaiting: prepayment.amount,
    });
    const early = await expectJson(finalPayment(t, object.id), 409);
    assert.match(early.message, /Предоплата ещё не получена/);
    await markReceived(t, prepayment.paymentId, prepayment.amount);
    const afterPrepayment = await summary(t, object.id);
    assert.deepEqual(afterPrepayment.ledger, {
      due: total,
      received: prepayment.amount,
      owed: total - prepayment.amount,
      awaiting: 0,
    });

    const final = await expectOk(finalPayment(t, object.id), 201);
    assert.equal(final.amount, total - prepayment.amount);
    const qr = decodeDataUrl(final.qrCode);
    assert.equal(qr, final.qrPayload);
    assert.match(
      qr,
      new RegExp(`\\|Sum=${total - prepayment.amount}\\|Purpose=Окончательный расчёт по договору №Д-Л-1 от `),
    );
    // The contract's own state stays its prepayment's.
    const shown = await summary(t, object.id);
    assert.equal(shown.contract!.payment!.status, "paid");
    assert.equal(shown.finalPayment.id, final.paymentId);
    assert.equal(shown.ledger!.awaiting, final.amount);

    // The client's phone: the amount, requisites to copy and the QR as a file that decodes to the same string.
    const token = new URL(final.paymentLink).pathname.split("/").pop()!;
    const page = await (await t.request(`/c/${token}`)).text();
    assert.match(page, /Окончательный расчёт/);
    assert.ok(page.includes(formatKopecks(final.amount)), "the page shows the remainder");
    assert.match(page, /40702810938000012345/);
    const png = await t.request(`/api/client-links/${token}/qr.png`);
    assert.equal(png.status, 200);
    assert.equal(png.headers.get("content-type"), "image/png");
    assert.match(png.headers.get("content-disposition") ?? "", /attachment/);
    assert.equal(decodePng(new Uint8Array(await png.arrayBuffer())), final.qrPayload);

    // Asking again replaces the request: the remainder is awaited once, and the old link's QR is gone.
    const again = await expectOk(finalPayment(t, object.id), 201);
    assert.equal((await summary(t, object.id)).ledger!.awaiting, again.amount);
    assert.equal((await t.request(`/api/client-links/${token}/qr.png`)).status, 404);

    await markReceived(t, again.paymentId, again.amount);
    assert.deepEqual((await summary(t, object.id)).ledger, {
      due: total,
      received: total,
      owed: 0,
      awaiting: 0,
    });
    const done = await expectJson(finalPayment(t, object.id), 409);
    assert.match(done.message, /нет остатка к оплате/);
  }));

Deno.test("[api] POST /api/payment/final refuses another company (404), roles that keep no money (403), no contract (409), bad input (422)", () =>
  withTestApp(async (t) => {
    const { object } = await contractedJob(t);
    await expectJson(finalPayment(t, object.id, "admin@other.local"), 404);
    await expectJson(finalPayment(t, object.id, "foreman@demo.local"), 403);
    await expectJson(finalPayment(t, object.id, "surveyor@demo.local"), 403);
    // A body the types refuse: the object's id as a word.
    const bad = await expectJson(t.as(MANAGER).post("/api/payment/final", { objectId: "семь" }), 422);
    assert.deepEqual(bad.errors.objectId, ["Выберите объект"]);
    const bare = await expectOk(
      t.as(MANAGER).api.objects.$post({
        json: { ...newObject, address: "Московская обл, г Истра, ул Ленина, д 1" },
      }),
      201,
    );
    const none = await expectJson(finalPayment(t, bare.id), 409);
    assert.equal(none.message, "Сначала сгенерируйте договор");
    await expectJson(
      t.as("admin@other.local").api.contracts.object[":objectId"].$get({
        param: { objectId: String(object.id) },
      }),
      404,
    );
  }));

Deno.test("db: owedObjects() lists the contracts not paid in full; receivablesByAge() ages the requests awaited", () =>
  withTestApp(async (t) => {
    const { object, contract, prepayment } = await contractedJob(t, "Д-Л-2");
    const me = await expectOk(t.as(ENGINEER).api.user.$get());
    const scope = scopeOf(me.companyId);
    const owed = await owedObjects(t.deps.db, scope, 500);
    const mine = owed.find((o) => o.objectId === object.id);
    assert.ok(mine, "the new contract is owed");
    assert.deepEqual(mine.ledger, {
      due: contract.totalAmount,
      received: 0,
      owed: contract.totalAmount,
      awaiting: prepayment.amount,
    });
    assert.ok(
      !(await owedObjects(t.deps.db, scopeOf(me.companyId! + 1000), 500)).some((o) =>
        o.objectId === object.id
      ),
    );

    const at = t.deps.now();
    const later = new Date(at.getTime() + 45 * 86_400_000);
    const age = async (when: Date, key: string) =>
      (await receivablesByAge(t.deps.db, scope, when)).ages.find((a) => a.key === key)!.amount;
    const before = { fresh: await age(at, "upTo30"), aged: await age(later, "upTo60") };
    await markReceived(t, prepayment.paymentId, prepayment.amount);
    assert.equal(
      before.fresh - await age(at, "upTo30"),
      prepayment.amount,
      "a new request is under 30 days old",
    );
    assert.equal(
      before.aged - await age(later, "upTo60"),
      prepayment.amount,
      "45 days later it is 31–60 days old",
    );
  }));

Deno.test("demo seed: the Раменское station job is signed with its prepayment received and owes the remaining 70 %", () =>
  withTestApp(async (t) => {
    const list = await expectOk(t.as(ENGINEER).api.objects.$get({ query: { pageSize: "100" } }));
    const ramenskoe = list.find((o) => o.address.includes("Раменское"));
    assert.ok(ramenskoe, "the demo has an object at Раменское");
    const s = await summary(t, ramenskoe.id);
    const contract = s.contract!, ledger = s.ledger!;
    assert.ok(contract.signature, "the contract is signed");
    assert.equal(contract.payment!.status, "paid");
    assert.equal(ledger.received, contract.prepaymentAmount);
    assert.equal(ledger.owed, contract.totalAmount - contract.prepaymentAmount);
    const page = await (await t.request("/engineer", { as: ENGINEER })).text();
    assert.match(page, /Объекты с задолженностью/);
    assert.match(page, /Д-2026-002/);
    assert.ok(page.includes(formatKopecks(ledger.owed)), "the cabinet shows what remains owed");
    const analytics = await (await t.request("/analytics", { as: ENGINEER })).text();
    assert.match(analytics, /Дебиторская задолженность по срокам/);
  }));
