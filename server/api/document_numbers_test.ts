// Numbers a person can say: estimates and contracts are numbered per company per year in
// sequence by the server, in the document's own transaction, with no gap and no repeat under concurrency.
import assert from "node:assert/strict";
import { expectOk, type GenerateBody, generateOneEstimate, type TestApp, withTestApp } from "../testing.ts";
import { companyNumbersThisYear } from "../../db/testing_numbers.ts";
import { typedSepticMeasurements } from "../testing_measurements.ts";

const MANAGER = "manager@demo.local";
const ENGINEER = "engineer@demo.local";

async function newObject(t: TestApp, n: number) {
  return await expectOk(
    t.as(MANAGER).api.objects.$post({
      json: {
        address: `Московская обл, г Истра, ул Лесная, д ${n}`,
        settlement: "Истра",
        region: "Московская область",
        estimatedCost: "250 000 ₽",
        clientName: `Клиент ${n}`,
        clientPhone: "+7 916 222-33-44",
        workType: "septic",
        description: "",
      },
    }),
    201,
  );
}

/** POST /api/estimates/generate as the chief engineer: one estimate (201). */
const generate = (t: TestApp, json: GenerateBody) => generateOneEstimate(t, ENGINEER, json);

/** The sequence part of «С-2026-0017». */
const seqOf = (number: string) => Number(number.split("-")[2]);

/** Distinct numbers of this kind and year with no gap between them. */
function assertConsecutive(numbers: string[], prefix: string) {
  const year = new Date().getFullYear();
  for (const n of numbers) assert.match(n, new RegExp(`^${prefix}-(${year}|${year + 1})-\\d{4}$`));
  const seqs = numbers.map(seqOf).sort((a, b) => a - b);
  assert.deepEqual(seqs, seqs.map((_, i) => seqs[0] + i), `no gap, no repeat: ${numbers.join(", ")}`);
}

Deno.test("[api] POST /api/estimates/generate numbers estimates synced at once from several phones in sequence, each its own", () =>
  withTestApp(async (t) => {
    const objects = await Promise.all([1, 2, 3, 4].map((n) => newObject(t, n)));
    const made = await Promise.all(objects.map((o) =>
      generate(t, {
        objectId: o.id,
        measurements: typedSepticMeasurements,
        clientId: crypto.randomUUID(),
      })
    ));
    assertConsecutive(made.map((e) => e.estimateNumber), "С");
    // The demo's estimates (five «СМ-2026-001» … and its finished jobs' three) hold the first places of the
    // year: the company numbering continues.
    assert.equal(
      Math.min(...made.map((e) => seqOf(e.estimateNumber))),
      await companyNumbersThisYear(t.deps.db, "estimate") - made.length + 1,
    );
    // The estimate's page and list say the same number.
    const shown = await expectOk(
      t.as(ENGINEER).api.estimates[":id{[0-9]+}"].$get({ param: { id: String(made[0].id) } }),
    );
    assert.equal(shown.estimateNumber, made[0].estimateNumber);

    // Priced again, the estimate keeps its number as version 2; the next new one continues the sequence.
    const again = await generate(t, {
      objectId: objects[0].id,
      measurements: { ...typedSepticMeasurements, residents_count: "6" },
    });
    assert.equal(again.id, made[0].id);
    assert.equal(again.estimateNumber, `${made[0].estimateNumber}-v2`);
    const fifth = await generate(t, {
      objectId: (await newObject(t, 5)).id,
      measurements: typedSepticMeasurements,
    });
    assertConsecutive([...made.map((e) => e.estimateNumber), fifth.estimateNumber], "С");
    // A number the request names is kept (a company continuing its own numbering).
    const named = await generate(t, {
      objectId: (await newObject(t, 6)).id,
      estimateNumber: "СВОЙ-7",
      measurements: typedSepticMeasurements,
    });
    assert.equal(named.estimateNumber, "СВОЙ-7");
  }));

async function contractFor(t: TestApp, object: { id: number; address: string }, number = "") {
  const engineer = t.as(ENGINEER).api;
  const estimate = await expectOk(
    engineer.estimates.$post({
      json: {
        objectId: object.id,
        estimateNumber: `Р-${object.id}-${crypto.randomUUID().slice(0, 8)}`,
        items: [{ name: "Станция Топас 6", unit: "шт", quantity: 1, pricePerUnit: 18_730_050 }],
      },
    }),
    201,
  );
  return await expectOk(
    engineer.contracts.generate.$post({
      json: {
        templateId: "septic_contract",
        objectId: object.id,
        estimateData: { id: estimate.id },
        contractData: {
          CLIENT_NAME: "Зимина Ольга Викторовна",
          CLIENT_PASSPORT: "4510 123456, выдан ОВД Тверского района г. Москвы 12.03.2015",
          CLIENT_ADDRESS: "г. Москва, ул. Тверская, д. 1, кв. 5",
          CONTRACT_NUMBER: number,
          PREPAYMENT_PERCENT: 30,
          OBJECT_ADDRESS: object.address,
        },
      },
    }),
    201,
  );
}

Deno.test("[api] POST /api/contracts/generate gives a contract without a typed number the company's next, printed in its text, kept by its versions", () =>
  withTestApp(async (t) => {
    const objects = await Promise.all([1, 2, 3].map((n) => newObject(t, n)));
    const made = await Promise.all(objects.map((o) => contractFor(t, o)));
    const numbers = made.map((m) => m.contract.contractNumber);
    assertConsecutive(numbers, "Д");
    assert.equal(
      Math.min(...numbers.map(seqOf)),
      await companyNumbersThisYear(t.deps.db, "contract") - numbers.length + 1,
      "after the demo's contracts of the year («Д-2026-002» and its finished jobs')",
    );
    for (const m of made) {
      assert.ok(m.contractText.includes(`№ ${m.contract.contractNumber}`), "the text prints the number");
    }
    const again = await contractFor(t, objects[0]);
    assert.deepEqual([again.contract.contractNumber, again.contract.version], [numbers[0], 2]);
  }));

Deno.test("[api] a manual estimate typed with the series' next number takes its place: the next generated estimate is numbered after it", () =>
  withTestApp(async (t) => {
    const [a, b, c] = await Promise.all([5, 6, 7].map((n) => newObject(t, n)));
    const first = await generate(t, { objectId: a.id, measurements: typedSepticMeasurements });
    const [prefix, year, seq] = first.estimateNumber.split("-");
    const next = `${prefix}-${year}-${String(Number(seq) + 1).padStart(4, "0")}`;
    const typed = await expectOk(
      t.as(ENGINEER).api.estimates.$post({
        json: {
          objectId: b.id,
          estimateNumber: next,
          items: [{ name: "Монтаж станции", unit: "шт", quantity: 1, pricePerUnit: 4_500_000 }],
        },
      }),
      201,
    );
    assert.equal(typed.estimateNumber, next, "the estimator's number is kept as typed");
    const after = await generate(t, { objectId: c.id, measurements: typedSepticMeasurements });
    assert.equal(seqOf(after.estimateNumber), Number(seq) + 2, `after ${next}: ${after.estimateNumber}`);
  }));
