// Issue 25 item 8: an object's client is a person or an organisation with requisites checked by their
// check digits; the organisation's contract carries them and the negotiated terms, a person's the statutory ones.
import assert from "node:assert/strict";
import { expectJson, withTestApp } from "../testing.ts";

export const organisationClient = {
  clientKind: "organisation",
  clientName: "ООО «Новый Колодец»",
  clientInn: "7707083893",
  clientKpp: "773601001",
  clientOgrn: "1027700132195",
  clientLegalAddress: "117997, г. Москва, ул. Вавилова, д. 19",
  clientSigner: "Генеральный директор Соколов Андрей Петрович",
  clientBankName: "ПАО Сбербанк",
  clientBankBik: "044525225",
  clientBankAccount: "40702810938000000001",
  clientBankCorAccount: "30101810400000000225",
};

export const organisationObject = {
  address: "Московская обл, Рузский р-н, п Дорохово, ул Школьная, д 4",
  settlement: "Дорохово",
  region: "Московская область",
  clientPhone: "+7 916 555-44-33",
  workType: "septic",
  estimatedCost: "315 000 ₽",
  ...organisationClient,
};

Deno.test("[api] POST /api/objects keeps an organisation client's requisites, typed with spaces", () =>
  withTestApp(async (t) => {
    const o = await expectJson(
      t.as("manager@demo.local").post("/api/objects", {
        ...organisationObject,
        clientBankAccount: "4070 2810 9380 0000 0001",
      }),
      201,
    );
    assert.equal(o.clientKind, "organisation");
    assert.equal(o.clientBankAccount, "40702810938000000001");
    const read = await expectJson(t.request(`/api/objects/${o.id}`, { as: "surveyor@demo.local" }), 200);
    assert.equal(read.clientInn, "7707083893");
    assert.equal(read.clientSigner, organisationClient.clientSigner);
    // A person is the default.
    const { clientKind: _, ...person } = organisationObject;
    const p = await expectJson(
      t.as("manager@demo.local").post("/api/objects", { ...person, clientInn: null, clientKpp: "" }),
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
        t.as("manager@demo.local").post("/api/objects", { ...organisationObject, ...change }),
        422,
      );
      assert.match(body.errors[field]?.[0] ?? "", message, field);
    }
    const o = await expectJson(t.as("manager@demo.local").post("/api/objects", organisationObject), 201);
    const bad = await expectJson(
      t.as("manager@demo.local").patch(`/api/objects/${o.id}`, {
        ...organisationClient,
        clientInn: "7707083894",
      }),
      422,
    );
    assert.match(bad.errors.clientInn[0], /контрольная цифра/);
    // Nothing of the refused edit was written.
    const kept = await expectJson(t.request(`/api/objects/${o.id}`, { as: "manager@demo.local" }), 200);
    assert.equal(kept.clientInn, "7707083893");
  }));
