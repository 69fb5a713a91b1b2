// A person's job taken to the works in API tests: the engineer generates the contract for an estimate (30 %
// prepayment) and asks for the prepayment; the client signs through that link, the manager marks the
// prepayment received and the foreman starts the works. Then the foreman records changes and the client signs or
// refuses the documents of the links.
import type { JsonOf } from "../components/api.ts";
import { type ApiClient, expectJson, expectOk, prepaymentLink, type TestApp } from "./testing.ts";
import { drawnPng } from "./testing_client_links.ts";

const ENGINEER = "engineer@demo.local";
const MANAGER = "manager@demo.local";
const FOREMAN = "foreman@demo.local";

/** The client of the jobs under way. */
export const ZIMINA: PersonClient = { name: "Зимина Ольга Викторовна", phone: "+7 916 222-33-44" };

export interface PersonClient {
  name: string;
  phone: string;
}

const tokenOf = (url: string) => url.split("/c/")[1];

/** The contract numbered `number` for the estimate, and the prepayment's link. */
export async function contractAndPrepayment(
  t: TestApp,
  job: { object: { id: number; address: string }; estimateId: number },
  number: string,
  client: PersonClient,
) {
  const { contract } = await expectOk(
    t.as(ENGINEER).api.contracts.generate.$post({
      json: {
        templateId: "septic_contract",
        objectId: job.object.id,
        estimateData: { id: job.estimateId },
        contractData: {
          CLIENT_NAME: client.name,
          CLIENT_PHONE: client.phone,
          CLIENT_PASSPORT: "4510 123456, выдан ОВД Тверского района г. Москвы 12.03.2015",
          CLIENT_ADDRESS: "г. Москва, ул. Тверская, д. 1, кв. 5",
          CONTRACT_NUMBER: number,
          PREPAYMENT_PERCENT: 30,
          OBJECT_ADDRESS: job.object.address,
          CITY: "Москва",
        },
      },
    }),
    201,
  );
  const prepayment = await prepaymentLink(t, ENGINEER, {
    amount: contract.prepaymentAmount,
    objectId: job.object.id,
  });
  return { contract, prepayment };
}

/**
 * The client signs through a private link (its address) with a drawn signature: the contract (`"sign"`), the
 * act (`"act/sign"`) or the supplementary agreement (`"agreement/sign"`). The answer, for the caller to check.
 */
export function clientSigns(
  t: TestApp,
  link: string,
  what: "sign" | "act/sign" | "agreement/sign",
  client: PersonClient = ZIMINA,
): Promise<Response> {
  // Raw: the client's link is used signed out, and the typed client is always signed in as a user.
  return t.request(`/api/client-links/${tokenOf(link)}/${what}`, {
    method: "POST",
    json: { fullName: client.name, signature: drawnPng(), agree: true },
  });
}

/** The client refuses the supplementary agreement of the link, saying why. The answer, for the caller to check. */
export function clientRefusesAgreement(t: TestApp, link: string, comment: string): Promise<Response> {
  // Raw: signed out, as the client's link is used.
  return t.request(`/api/client-links/${tokenOf(link)}/agreement/refuse`, {
    method: "POST",
    json: { comment },
  });
}

/** The foreman records a change of the works on the object (a quantity, an added or a removed line): the change. */
export async function recordChange(
  t: TestApp,
  objectId: number,
  change: JsonOf<ApiClient["job-changes"]["object"][":objectId"]["$post"]>,
) {
  return await expectOk(
    t.as(FOREMAN).api["job-changes"].object[":objectId"].$post({
      param: { objectId: String(objectId) },
      json: change,
    }),
    201,
  );
}

/** The client signs through the prepayment's link, the prepayment is received and the foreman starts. */
export async function signPrepayAndStart(
  t: TestApp,
  job: {
    object: { id: number };
    contract: { prepaymentAmount: number };
    prepayment: { paymentId: number; paymentLink: string };
  },
  client: PersonClient,
) {
  await expectJson(clientSigns(t, job.prepayment.paymentLink, "sign", client));
  await expectOk(
    t.as(MANAGER).api.payment[":id"].received.$post({
      param: { id: String(job.prepayment.paymentId) },
      json: { amount: job.contract.prepaymentAmount, receivedOn: "2026-11-20" },
    }),
  );
  await expectOk(
    t.as(FOREMAN).api.foreman.objects[":id"]["start-work"].$post({ param: { id: String(job.object.id) } }),
  );
}

/** The terms an estimate's editor sets (`set_terms`): VAT, discount, notes. */
type Terms = Omit<
  Extract<JsonOf<ApiClient["estimates"][":id{[0-9]+}"]["edits"]["$post"]>, { action: "set_terms" }>,
  "action"
>;

/**
 * A job under way: an object at Крючково, house `house`, an estimate of `items` numbered `С-<number>` (with
 * `terms` set through the editor when given), its contract `number` signed through the link, the prepayment
 * received and the works started by the foreman.
 */
export async function jobUnderWay(
  t: TestApp,
  number: string,
  o: {
    house: number;
    items: JsonOf<ApiClient["estimates"]["$post"]>["items"];
    terms?: Terms;
  },
) {
  const object = await expectOk(
    t.as(MANAGER).api.objects.$post({
      json: {
        address: `Московская обл, Истринский р-н, д Крючково, ул Лесная, д ${o.house}`,
        settlement: "Крючково",
        region: "Московская область",
        clientName: "Ольга Зимина",
        clientPhone: ZIMINA.phone,
        clientEmail: "zimina@example.ru",
        workType: "septic",
        estimatedCost: "250 000 ₽",
        description: "",
      },
    }),
    201,
  );
  const estimate = await expectOk(
    t.as(ENGINEER).api.estimates.$post({
      json: {
        objectId: object.id,
        estimateNumber: `С-${number}`,
        items: o.items,
      },
    }),
    201,
  );
  if (o.terms) {
    await expectOk(
      t.as(ENGINEER).api.estimates[":id{[0-9]+}"].edits.$post({
        param: { id: String(estimate.id) },
        json: { action: "set_terms", ...o.terms },
      }),
    );
  }
  const { contract, prepayment } = await contractAndPrepayment(
    t,
    { object, estimateId: estimate.id },
    number,
    ZIMINA,
  );
  await signPrepayAndStart(t, { object, contract, prepayment }, ZIMINA);
  return { object, estimate, contract, prepayment };
}
