// Test fixtures: an organisation client with requisites whose check digits are right, and a job of it with a
// contract.
import { expectOk, prepaymentLink, type TestApp } from "./testing.ts";

const MANAGER = "manager@demo.local";

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

/** A demo estimate's object made an organisation client, with a contract for the estimate. */
export async function organisationJob(t: TestApp) {
  const manager = t.as(MANAGER).api;
  const list = await expectOk(manager.estimates.$get({ query: {} }), 200);
  const estimate = list.find((e) => e.totalAmount > 0)!;
  const object = await expectOk(
    manager.objects[":id{[0-9]+}"].$get({ param: { id: String(estimate.objectId) } }),
    200,
  );
  const row = { e: estimate, o: object };
  await expectOk(
    manager.objects[":id{[0-9]+}"].$patch({ param: { id: String(row.o.id) }, json: organisationClient }),
    200,
  );
  const made = await expectOk(
    manager.contracts.generate.$post({
      json: {
        templateId: `${row.o.workType}_contract`,
        contractData: {
          CLIENT_KIND: "organisation",
          CLIENT_NAME: organisationClient.clientName,
          CLIENT_PHONE: "+7 495 000-00-01",
          CLIENT_ADDRESS: organisationClient.clientLegalAddress,
          CONTRACT_NUMBER: "Д-ORG-1",
          PREPAYMENT_PERCENT: 30,
          OBJECT_ADDRESS: row.o.address,
        },
        objectId: row.o.id,
        estimateData: { id: row.e.id },
      },
    }),
    201,
  );
  return { object: row.o, estimate: row.e, contract: made.contract };
}

type PrepaidJob = { object: { id: number }; contract: { id: number; prepaymentAmount: number } };

/** The prepayment asked by the manager: its payment and the client's payment link. */
export function askPrepayment(t: TestApp, job: PrepaidJob) {
  return prepaymentLink(t, MANAGER, {
    amount: job.contract.prepaymentAmount,
    objectId: job.object.id,
    contractId: job.contract.id,
  });
}

/** The prepayment asked through a link and marked received by staff. */
export async function receivePrepayment(t: TestApp, job: PrepaidJob) {
  const link = await askPrepayment(t, job);
  await expectOk(
    t.as(MANAGER).api.payment[":id"].received.$post({
      param: { id: String(link.paymentId) },
      json: {
        amount: job.contract.prepaymentAmount,
        receivedOn: new Date().toISOString().slice(0, 10),
      },
    }),
    200,
  );
}
