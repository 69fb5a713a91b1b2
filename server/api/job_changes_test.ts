// Works done with changes: the foreman records them, decreases count at once, increases wait for the
// supplementary agreement the client signs (or refuses) through the link; estimate + agreed changes = act =
// ledger = КС-2 to the kopeck; a signed agreement never changes; another company's answers 404.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { expectJson, expectOk, fileForm, type TestApp, tinyPng, withTestApp } from "../testing.ts";
import {
  clientRefusesAgreement,
  clientSigns,
  contractAndPrepayment,
  jobUnderWay as personJobUnderWay,
  recordChange,
  ZIMINA,
} from "../testing_jobs.ts";
import { extractPdfText } from "../testing_pdf.ts";
import { objects, outboxMessages, priceListItems, priceLists, tasks } from "../../db/schema/mod.ts";
import { performedWorks } from "../../db/completed_works.ts";
import { formatKopecks } from "../../domain/format.ts";
import { lineAmount } from "../../estimating/money.ts";
import { estimateTotals } from "../../estimating/totals.ts";

const ENGINEER = "engineer@demo.local";
const MANAGER = "manager@demo.local";
const FOREMAN = "foreman@demo.local";
const OTHER = "admin@other.local";

const tokenOf = (url: string) => url.split("/c/")[1];

/** A job under way: a three-line estimate (VAT 22 % on top, a 5 % discount), server/testing_jobs.ts. */
const jobUnderWay = (t: TestApp, number: string) =>
  personJobUnderWay(t, number, {
    house: 9,
    items: [
      { name: "Станция Топас 6", unit: "шт", quantity: 1, pricePerUnit: 18_730_050 },
      { name: "Траншея под трубу", unit: "м", quantity: 12.5, pricePerUnit: 133_333 },
      { name: "Засыпка песком", unit: "м³", quantity: 4, pricePerUnit: 95_000 },
    ],
    terms: { vatMode: "22", discount: { kind: "percent", value: 5 } },
  });

/** The job changes of an object (`objectId`) and of one change (`id`), through the typed client. */
const objectChanges = (t: TestApp, as: string) => t.as(as).api["job-changes"].object[":objectId"];
const jobChange = (t: TestApp, as: string) => t.as(as).api["job-changes"][":id"];
const objectParam = (id: number) => ({ param: { objectId: String(id) } });
const idParam = (id: number) => ({ param: { id: String(id) } });

async function ledgerOf(t: TestApp, id: number) {
  const { ledger } = await expectOk(t.as(ENGINEER).api.contracts.object[":objectId"].$get(objectParam(id)));
  assert.ok(ledger, "the object has a ledger");
  return ledger;
}
const changesOf = (t: TestApp, id: number) => expectOk(objectChanges(t, FOREMAN).$get(objectParam(id)));

/** A line of the company's price list (the source of an added item's price). */
async function priceItem(t: TestApp, companyId: number) {
  const [list] = await t.deps.db.insert(priceLists).values({ companyId, name: "Прайс 2026" }).returning();
  const [item] = await t.deps.db.insert(priceListItems).values({
    priceListId: list.id,
    companyId,
    code: "А120",
    name: "Кольцо бетонное КС 10-9",
    unit: "шт",
    section: "Дополнительные работы",
    materialsPrice: 450_000,
    worksPrice: 250_000,
  }).returning();
  return item;
}

Deno.test("[api] a decrease counts without a signature; an increase waits for the signed agreement; estimate + agreed changes = act = ledger = КС-2 to the kopeck", () =>
  withTestApp(async (t) => {
    const { object, contract } = await jobUnderWay(t, "Д-ИЗМ-1");
    const view = await changesOf(t, object.id);
    assert.equal(view.lines.length, 3);
    assert.equal(view.worksTotal, contract.totalAmount);

    // Less sand: a decrease, in force at once (no agreement).
    await recordChange(t, object.id, {
      kind: "qty",
      lineIndex: 2,
      newQuantity: 3,
      reason: "Грунт песчаный, засыпки меньше",
    });
    const lines = [18_730_050, lineAmount(133_333, 12.5), lineAmount(95_000, 3)];
    const afterDecrease = estimateTotals(
      lines.map((totalPrice) => ({ section: "Работы", totalPrice, equipmentCost: 0 })),
      { vatMode: "22", discount: { kind: "percent", value: 500 } },
    ).totalAmount;
    assert.ok(afterDecrease < contract.totalAmount);
    assert.equal((await ledgerOf(t, object.id)).due, afterDecrease, "a decrease needs no signature");

    // A longer trench and one more item from the price list: increases, waiting for the client.
    await recordChange(t, object.id, {
      kind: "qty",
      lineIndex: 1,
      newQuantity: 15,
      reason: "Септик дальше от дома: траншея длиннее",
    });
    const item = await priceItem(t, object.companyId);
    const added = await recordChange(t, object.id, {
      kind: "added",
      priceItemId: item.id,
      newQuantity: 1,
      reason: "Нужна ещё одна позиция",
    });
    assert.equal((await ledgerOf(t, object.id)).due, afterDecrease, "not agreed yet: not counted");

    const sent = await expectOk(objectChanges(t, ENGINEER).agreement.$post(objectParam(object.id)), 201);
    const withAll = [
      ...lines.slice(0, 1),
      lineAmount(133_333, 15),
      lines[2],
      lineAmount(added.pricePerUnit, 1),
    ];
    const newTotal = estimateTotals(
      withAll.map((totalPrice) => ({ section: "Работы", totalPrice, equipmentCost: 0 })),
      { vatMode: "22", discount: { kind: "percent", value: 500 } },
    ).totalAmount;
    assert.equal(sent.agreement.oldTotal, afterDecrease);
    assert.equal(sent.agreement.newTotal, newTotal);
    assert.equal(sent.agreement.title, "Дополнительное соглашение № 1 к договору № Д-ИЗМ-1");
    const [message] = await t.deps.db.select().from(outboxMessages)
      .where(eq(outboxMessages.event, "agreement_to_sign"));
    assert.equal(message.recipient, "zimina@example.ru");
    assert.ok(message.textBody.includes(`/c/${tokenOf(sent.clientLink)}`));

    // The PDF by the address the answer gives: a binary download, read raw.
    const pdf = await extractPdfText(
      new Uint8Array(await (await t.as(ENGINEER).get(sent.agreement.pdfUrl)).arrayBuffer()),
    );
    for (
      const s of [
        "Дополнительное соглашение № 1 к договору № Д-ИЗМ-1",
        "Траншея под трубу",
        "Сумма стала, ₽", // the changes as a table, as the act's works
        formatKopecks(newTotal),
      ]
    ) {
      assert.ok(pdf.includes(s.replace(/\s+/g, " ")), `the PDF shows «${s}»`);
    }

    // Finishing now: the confirmation names the agreement awaiting the client.
    const preview = await expectOk(t.as(FOREMAN).api.acts.object[":objectId"].$get(objectParam(object.id)));
    assert.match(preview.awaitingAgreement ?? "", /Дополнительное соглашение № 1/);

    await expectJson(clientSigns(t, sent.clientLink, "agreement/sign"));
    const ledger = await ledgerOf(t, object.id);
    assert.equal(ledger.due, newTotal, "estimate + agreed changes");

    const done = await expectOk(
      t.as(FOREMAN).api.foreman.objects[":id"]["complete-work"].$post(idParam(object.id)),
    );
    assert.equal(done.act?.totalAmount, newTotal, "the act");
    assert.equal(
      done.act?.dueAmount,
      (await ledgerOf(t, object.id)).owed,
      "the act's amount due is the ledger's",
    );
    const ks2 = await performedWorks(t.deps.db, object.id);
    assert.equal(ks2!.totalAmount, newTotal, "КС-2 and the invoice read the same works");
    assert.equal(ks2!.lines.length, 4);
    const o = await expectOk(t.as(ENGINEER).api.objects[":id{[0-9]+}"].$get(idParam(object.id)));
    assert.equal(o.money.value * 100, newTotal);
  }));

Deno.test("[api] a signed agreement never changes (409); a refusal reaches staff and its changes can be edited and sent again", () =>
  withTestApp(async (t) => {
    const { object, contract } = await jobUnderWay(t, "Д-ИЗМ-2");
    const change = await recordChange(t, object.id, {
      kind: "qty",
      lineIndex: 1,
      newQuantity: 20,
      reason: "Траншея длиннее",
    });
    const first = await expectOk(objectChanges(t, MANAGER).agreement.$post(objectParam(object.id)), 201);
    const again = await expectJson(objectChanges(t, MANAGER).agreement.$post(objectParam(object.id)), 409);
    assert.match(again.message, /ждёт ответа/);
    await expectJson(jobChange(t, MANAGER).$patch({ ...idParam(change.id), json: { newQuantity: 18 } }), 409);

    await expectJson(
      clientRefusesAgreement(t, first.clientLink, "Траншея была 16 метров, я измерила"),
      201,
    );
    const view = await expectOk(objectChanges(t, ENGINEER).$get(objectParam(object.id)));
    assert.equal(view.agreements[0].state, "refused");
    assert.equal(view.agreements[0].refusalComment, "Траншея была 16 метров, я измерила");
    const notes = await expectOk(t.as(ENGINEER).api.notifications.$get({ query: {} }));
    assert.ok(
      JSON.stringify(notes).includes("Клиент отказался подписать дополнительное соглашение"),
      "staff are notified",
    );
    assert.equal(
      (await ledgerOf(t, object.id)).due,
      contract.totalAmount,
      "a refused increase is not counted",
    );

    await expectOk(jobChange(t, MANAGER).$patch({ ...idParam(change.id), json: { newQuantity: 16 } }));
    const second = await expectOk(objectChanges(t, MANAGER).agreement.$post(objectParam(object.id)), 201);
    assert.equal(second.agreement.number, 2);
    await expectJson(clientSigns(t, second.clientLink, "agreement/sign"));
    const signedAgain = await expectJson(
      clientSigns(t, second.clientLink, "agreement/sign"),
      409,
    );
    assert.match(signedAgain.message, /подписанное соглашение не меняется/);
    await expectJson(
      clientRefusesAgreement(t, second.clientLink, "Передумала"),
      409,
    );
    await expectJson(jobChange(t, MANAGER).$patch({ ...idParam(change.id), json: { newQuantity: 30 } }), 409);
    await expectJson(jobChange(t, MANAGER).$delete(idParam(change.id)), 409);
    assert.ok((await ledgerOf(t, object.id)).due > contract.totalAmount);
  }));

Deno.test("[api] job changes: roles; another company's object, change and agreement answer 404; bad input 422 in Russian", () =>
  withTestApp(async (t) => {
    const { object } = await jobUnderWay(t, "Д-ИЗМ-3");
    const body = { kind: "removed", lineIndex: 2, reason: "Засыпка не понадобилась" } as const;
    assert.equal(
      (await objectChanges(t, "surveyor@demo.local").$post({ ...objectParam(object.id), json: body })).status,
      403,
    );
    assert.equal(
      (await objectChanges(t, OTHER).$post({ ...objectParam(object.id), json: body })).status,
      404,
    );
    assert.equal((await objectChanges(t, OTHER).$get(objectParam(object.id))).status, 404);
    const bad = await expectJson(
      objectChanges(t, FOREMAN).$post({
        ...objectParam(object.id),
        json: {
          kind: "qty",
          lineIndex: 0,
          newQuantity: -1,
          reason: "",
        },
      }),
      422,
    );
    assert.ok(bad.errors.newQuantity && bad.errors.reason, JSON.stringify(bad));
    const outOfRange = await expectJson(
      objectChanges(t, FOREMAN).$post({ ...objectParam(object.id), json: { ...body, lineIndex: 99 } }),
      422,
    );
    assert.equal(outOfRange.errors.lineIndex[0], "Выберите позицию сметы");
    const change = await recordChange(t, object.id, {
      ...body,
      requiresConsent: true,
    });
    // The foreman records and corrects his own; staff send.
    await expectOk(
      jobChange(t, FOREMAN).$patch({ ...idParam(change.id), json: { reason: "Засыпка не нужна" } }),
    );
    assert.equal(
      (await jobChange(t, OTHER).$patch({ ...idParam(change.id), json: { reason: "Иначе" } })).status,
      404,
    );
    assert.equal((await jobChange(t, OTHER).$delete(idParam(change.id))).status, 404);
    assert.equal((await objectChanges(t, FOREMAN).agreement.$post(objectParam(object.id))).status, 403);
    // A decrease flagged «требует согласия клиента» goes to the agreement too.
    const sent = await expectOk(objectChanges(t, ENGINEER).agreement.$post(objectParam(object.id)), 201);
    assert.ok(sent.agreement.newTotal < sent.agreement.oldTotal);
    // The PDF's address from the answer, raw: another company's, then signed out.
    assert.equal((await t.as(OTHER).get(sent.agreement.pdfUrl)).status, 404);
    assert.equal((await t.request(sent.agreement.pdfUrl)).status, 401);
  }));

/** A second foreman of the demo company, who works on other jobs. */
async function otherForeman(t: TestApp) {
  const { id } = await expectOk(
    t.as("director@demo.local").api.employees.$post({
      json: {
        firstName: "Пётр",
        lastName: "Другов",
        email: "drugov@demo.local",
        role: "foreman",
        password: "demo12345",
      },
    }),
    201,
  );
  return { id: id as number, email: "drugov@demo.local" };
}

Deno.test("[api] PATCH /api/job-changes/:id: the foreman who recorded a change, a foreman of the job and staff correct it (line, price item, quantity, reason, consent; photos kept) until its agreement is signed; a foreman of another job 403, another company 404", () =>
  withTestApp(async (t) => {
    const { object } = await jobUnderWay(t, "Д-ИЗМ-4");
    // A multipart upload: raw.
    const photo = await expectJson(
      t.request(`/api/objects/${object.id}/documents`, {
        as: FOREMAN,
        method: "POST",
        body: fileForm("file", tinyPng, "кольцо.png", {
          type: "image/png",
          fields: { documentType: "photo" },
        }),
      }),
      201,
    );
    const ring = await priceItem(t, object.companyId);
    const [cover] = await t.deps.db.insert(priceListItems).values({
      priceListId: ring.priceListId,
      companyId: object.companyId,
      code: "А121",
      name: "Крышка люка полимерная",
      unit: "шт",
      materialsPrice: 320_000,
      worksPrice: 80_000,
    }).returning();
    const added = await recordChange(t, object.id, {
      kind: "added",
      priceItemId: ring.id,
      newQuantity: 1,
      reason: "Нужно ещё одно кольцо",
      photoIds: [photo.id],
    });

    // The foreman who recorded it: another item of the price list, priced again, two of them; the photo stays.
    const fixed = await expectOk(
      jobChange(t, FOREMAN).$patch({
        ...idParam(added.id),
        json: {
          priceItemId: cover.id,
          newQuantity: 2,
          reason: "Не кольцо, а две крышки",
        },
      }),
    );
    assert.equal(fixed.name, "Крышка люка полимерная");
    assert.equal(fixed.pricePerUnit, 400_000);
    assert.equal(fixed.newQuantity, 2);
    assert.deepEqual(fixed.photoIds, [photo.id]);
    const view = await changesOf(t, object.id);
    assert.equal(view.worksTotal! - view.estimateTotal!, 0, "an increase waits for the client");
    assert.equal(view.changes[0].editable, true);

    // A foreman of another job neither sees it as his to correct nor may; once a task of the job is his, he may.
    const other = await otherForeman(t);
    const refused = await expectJson(
      jobChange(t, other.email).$patch({ ...idParam(added.id), json: { newQuantity: 3 } }),
      403,
    );
    assert.match(refused.message, /бригадир этого объекта/);
    const theirs = await expectOk(objectChanges(t, other.email).$get(objectParam(object.id)));
    assert.equal(theirs.changes[0].editable, false);
    await t.deps.db.insert(tasks).values({
      companyId: object.companyId,
      objectId: object.id,
      title: "Монтаж станции",
      assignedTo: other.id,
    });
    await expectOk(jobChange(t, other.email).$patch({ ...idParam(added.id), json: { newQuantity: 3 } }));
    assert.equal(
      (await jobChange(t, OTHER).$patch({ ...idParam(added.id), json: { newQuantity: 1 } })).status,
      404,
    );
    assert.equal(
      (await jobChange(t, "surveyor@demo.local").$patch({ ...idParam(added.id), json: {} })).status,
      403,
    );

    // Staff move a quantity change to another line of the estimate and flag it for the client.
    const qty = await recordChange(t, object.id, {
      kind: "qty",
      lineIndex: 2,
      newQuantity: 3,
      reason: "Засыпки меньше",
    });
    const moved = await expectOk(
      jobChange(t, MANAGER).$patch({
        ...idParam(qty.id),
        json: {
          lineIndex: 1,
          newQuantity: 11,
          requiresConsent: true,
        },
      }),
    );
    assert.equal(moved.name, "Траншея под трубу");
    assert.equal(moved.oldQuantity, 12.5);
    assert.equal(moved.pricePerUnit, 133_333);
    assert.equal(moved.requiresConsent, true);
    const bad = await expectJson(
      jobChange(t, MANAGER).$patch({ ...idParam(qty.id), json: { lineIndex: 99 } }),
      422,
    );
    assert.equal(bad.errors.lineIndex[0], "Выберите позицию сметы");

    // Sent: waiting for the client, then signed: never edited or removed again.
    const sent = await expectOk(objectChanges(t, ENGINEER).agreement.$post(objectParam(object.id)), 201);
    await expectJson(jobChange(t, FOREMAN).$patch({ ...idParam(added.id), json: { newQuantity: 4 } }), 409);
    await expectJson(clientSigns(t, sent.clientLink, "agreement/sign"));
    const signed = await expectJson(
      jobChange(t, FOREMAN).$patch({ ...idParam(added.id), json: { newQuantity: 4 } }),
      409,
    );
    assert.equal(
      signed.message,
      "Изменение вошло в подписанное клиентом дополнительное соглашение: его нельзя менять или удалять",
    );
    await expectJson(jobChange(t, MANAGER).$delete(idParam(qty.id)), 409);
    const after = await changesOf(t, object.id);
    assert.deepEqual(after.changes.map((c) => c.editable), [false, false]);
    assert.equal(after.worksTotal, sent.agreement.newTotal, "the signed figures stand");
  }));

Deno.test("[api] a new contract version counts the changes against its own estimate: changes_delta, the ledger, the works' total and the next agreement", () =>
  withTestApp(async (t) => {
    const { object } = await jobUnderWay(t, "Д-ИЗМ-5");
    // Less sand (in force at once), a longer trench (waits for the client).
    await recordChange(t, object.id, {
      kind: "qty",
      lineIndex: 2,
      newQuantity: 3,
      reason: "Засыпки меньше",
    });
    await recordChange(t, object.id, {
      kind: "qty",
      lineIndex: 1,
      newQuantity: 16,
      reason: "Траншея длиннее",
    });
    // The job priced again: a new estimate (the trench at 14 m, the sand first, another station price, no
    // discount) and the contract's next version made from it.
    const estimate = await expectOk(
      t.as(ENGINEER).api.estimates.$post({
        json: {
          objectId: object.id,
          estimateNumber: "С-Д-ИЗМ-5-2",
          items: [
            { name: "Засыпка песком", unit: "м³", quantity: 4, pricePerUnit: 95_000 },
            { name: "Станция Топас 6", unit: "шт", quantity: 1, pricePerUnit: 17_900_000 },
            { name: "Траншея под трубу", unit: "м", quantity: 14, pricePerUnit: 133_333 },
          ],
        },
      }),
      201,
    );
    const { contract } = await contractAndPrepayment(
      t,
      { object, estimateId: estimate.id },
      "Д-ИЗМ-5",
      ZIMINA,
    );
    assert.equal(contract.version, 2);
    const totalOf = (lines: number[]) =>
      estimateTotals(
        lines.map((totalPrice) => ({ section: "Работы", totalPrice, equipmentCost: 0 })),
        { vatMode: estimate.vatMode ?? "none", discount: null },
      ).totalAmount;
    const withSand3 = totalOf([17_900_000, lineAmount(95_000, 3), lineAmount(133_333, 14)]);
    const [row] = await t.deps.db.select({ delta: objects.changesDelta }).from(objects)
      .where(eq(objects.id, object.id));
    assert.equal(row.delta, withSand3 - contract.totalAmount, "changes_delta against the new estimate");
    assert.equal((await ledgerOf(t, object.id)).due, withSand3, "the ledger");
    const view = await changesOf(t, object.id);
    assert.equal(view.worksTotal, withSand3, "the works' total");
    assert.deepEqual(
      view.changes.map((c) => [c.lineIndex, c.oldQuantity]),
      [[0, 4], [2, 14]],
      "each change is on its line of the new estimate",
    );

    // The trench (14 → 16 m) goes to the client against the new figures.
    const sent = await expectOk(objectChanges(t, ENGINEER).agreement.$post(objectParam(object.id)), 201);
    assert.equal(sent.agreement.oldTotal, withSand3);
    const withBoth = totalOf([17_900_000, lineAmount(95_000, 3), lineAmount(133_333, 16)]);
    assert.equal(sent.agreement.newTotal, withBoth);
  }));
