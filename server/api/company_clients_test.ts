// An object's client is a person or an organisation with requisites checked by their
// check digits; the organisation's contract carries them and the negotiated terms, a person's the statutory ones.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import type { InferRequestType } from "hono/client";
import { type ApiClient, expectJson, expectOk, type TestApp, withTestApp } from "../testing.ts";
import { companies, estimates, objects } from "../../db/schema/mod.ts";
import { organisationClient, organisationObject } from "../testing_clients.ts";

/** An object of the typed client, by id. */
const object = (t: TestApp, as: string) => t.as(as).api.objects[":id{[0-9]+}"];

Deno.test("[api] POST /api/objects keeps an organisation client's requisites, typed with spaces", () =>
  withTestApp(async (t) => {
    const o = await expectOk(
      t.as("manager@demo.local").api.objects.$post({
        json: { ...organisationObject, clientBankAccount: "4070 2810 9380 0000 0001" },
      }),
      201,
    );
    assert.equal(o.clientKind, "organisation");
    assert.equal(o.clientBankAccount, "40702810938000000001");
    const read = await expectOk(object(t, "surveyor@demo.local").$get({ param: { id: String(o.id) } }));
    assert.equal(read.clientInn, "7707083893");
    assert.equal(read.clientSigner, organisationClient.clientSigner);
    // A person is the default.
    const { clientKind: _, ...person } = organisationObject;
    const p = await expectOk(
      t.as("manager@demo.local").api.objects.$post({ json: { ...person, clientInn: null, clientKpp: "" } }),
      201,
    );
    assert.equal(p.clientKind, "person");
  }));

Deno.test("[api] POST/PATCH /api/objects refuses a wrong ИНН, КПП, БИК or account with Russian field messages", () =>
  withTestApp(async (t) => {
    const cases: [Record<string, string>, string, RegExp][] = [
      [{ clientInn: "7707083894" }, "clientInn", /ИНН: неверная контрольная цифра/],
      [{ clientKpp: "77360100" }, "clientKpp", /КПП должен содержать 9 символов/],
      [{ clientOgrn: "1027700132196" }, "clientOgrn", /ОГРН: неверная контрольная цифра/],
      [{ clientBankBik: "04452522" }, "clientBankBik", /БИК должен содержать 9 цифр/],
      [{ clientBankAccount: "40702810938000000002" }, "clientBankAccount", /не сходится с БИК/],
      [{ clientBankCorAccount: "30101810400000000226" }, "clientBankCorAccount", /не сходится с БИК/],
      [{ clientName: "" }, "clientName", /Укажите название организации/],
      [{ clientInn: "" }, "clientInn", /Укажите ИНН организации/],
    ];
    for (const [change, field, message] of cases) {
      const body = await expectJson(
        t.as("manager@demo.local").api.objects.$post({ json: { ...organisationObject, ...change } }),
        422,
      );
      assert.match(body.errors[field]?.[0] ?? "", message, field);
    }
    const o = await expectOk(t.as("manager@demo.local").api.objects.$post({ json: organisationObject }), 201);
    const param = { id: String(o.id) };
    const bad = await expectJson(
      object(t, "manager@demo.local").$patch({
        param,
        json: { ...organisationClient, clientInn: "7707083894" },
      }),
      422,
    );
    assert.match(bad.errors.clientInn[0], /контрольная цифра/);
    // Nothing of the refused edit was written.
    const kept = await expectOk(object(t, "manager@demo.local").$get({ param }));
    assert.equal(kept.clientInn, "7707083893");
  }));

/** The demo company's newest estimate, its object turned into the given client. */
async function estimateWithClient(t: TestApp, client: Record<string, unknown>) {
  const [co] = await t.deps.db.select().from(companies).where(eq(companies.name, "ООО «Демо Септик»"));
  const [row] = await t.deps.db.select({ e: estimates, o: objects }).from(estimates)
    .innerJoin(objects, eq(objects.id, estimates.objectId)).where(eq(estimates.companyId, co.id)).limit(1);
  await expectOk(object(t, "manager@demo.local").$patch({ param: { id: String(row.o.id) }, json: client }));
  return { estimate: row.e, object: row.o };
}

type ContractGenerate = InferRequestType<ApiClient["contracts"]["generate"]["$post"]>["json"];
type ContractData = ContractGenerate["contractData"];

const contractData = (over: Partial<ContractData> = {}): ContractData => ({
  CLIENT_NAME: "Смирнов Алексей Петрович",
  CLIENT_PHONE: "+7 916 555-12-34",
  CLIENT_PASSPORT: "4510 123456, выдан ОВД Тверского района г. Москвы 12.03.2015",
  CLIENT_ADDRESS: "г. Москва, ул. Тверская, д. 1, кв. 5",
  CONTRACT_NUMBER: "Д-777001",
  PREPAYMENT_PERCENT: 30,
  OBJECT_ADDRESS: "МО, Истринский р-н, д. Лечищево, уч. 12",
  CITY: "Москва",
  ...over,
});

function generate(
  t: TestApp,
  x: { estimate: { id: number }; object: { id: number; workType: string } },
  data: Partial<ContractData> = {},
) {
  return t.as("engineer@demo.local").api.contracts.generate.$post({
    json: {
      templateId: `${x.object.workType}_contract`,
      contractData: contractData(data),
      objectId: x.object.id,
      estimateData: { id: x.estimate.id },
    },
  });
}

Deno.test("[api] POST /api/contracts/generate for a person states the consumer-protection penalty, not 0,1 %", () =>
  withTestApp(async (t) => {
    const job = await estimateWithClient(t, { clientKind: "person" });
    const { contractText } = await expectOk(generate(t, job), 201);
    assert.match(
      contractText,
      /неустойку в размере 3 % цены работы за каждый день просрочки, но не более цены работы/,
    );
    assert.match(contractText, /«О защите прав потребителей»/);
    assert.doesNotMatch(contractText, /не более 10 % их стоимости/);
    assert.match(contractText, /паспорт 4510 123456/);
    // Without a passport a person's contract is refused, with the field's message.
    const bad = await expectJson(generate(t, job, { CLIENT_PASSPORT: "", CLIENT_KIND: "organisation" }), 422);
    assert.match(bad.errors["contractData.CLIENT_PASSPORT"][0], /Паспортные данные обязательны/);
  }));

Deno.test("[api] POST /api/contracts/generate for an organisation carries its requisites and the negotiated penalty", () =>
  withTestApp(async (t) => {
    const job = await estimateWithClient(t, organisationClient);
    const { contractText } = await expectOk(
      generate(t, job, {
        CLIENT_KIND: "organisation",
        CLIENT_NAME: organisationClient.clientName,
        CLIENT_PASSPORT: "",
        CLIENT_ADDRESS: organisationClient.clientLegalAddress,
      }),
      201,
    );
    assert.match(contractText, /ООО «Новый Колодец» \(ИНН 7707083893, КПП 773601001, ОГРН 1027700132195/);
    assert.match(contractText, /от имени которого действует Генеральный директор Соколов Андрей Петрович/);
    assert.match(contractText, /БИК 044525225, р\/с 40702810938000000001, к\/с 30101810400000000225/);
    assert.match(contractText, /0,1 % от стоимости работ за каждый день просрочки, но не более 10 %/);
    assert.doesNotMatch(contractText, /Паспорт|защите прав потребителей/);
    assert.match(contractText, /Подпись: ____________ \/ Генеральный директор Соколов Андрей Петрович \//);
  }));
