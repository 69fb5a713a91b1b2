// A person's job taken to the works in API tests: the engineer generates the contract for an estimate (30 %
// prepayment) and asks for the prepayment; the client signs through that link, the manager marks the
// prepayment received and the foreman starts the works. Then the foreman records changes and the client signs or
// refuses the documents of the links.
import { expectJson, type TestApp } from "./testing.ts";
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
  const { contract } = await expectJson(
    t.as(ENGINEER).post("/api/contracts/generate", {
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
    }),
    201,
  );
  const prepayment = await expectJson(
    t.as(ENGINEER).post("/api/payment/generate", {
      amount: contract.prepaymentAmount,
      description: "Предоплата",
      objectId: job.object.id,
    }),
    201,
  );
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
  return t.request(`/api/client-links/${tokenOf(link)}/${what}`, {
    method: "POST",
    json: { fullName: client.name, signature: drawnPng(), agree: true },
  });
}

/** The client refuses the supplementary agreement of the link, saying why. The answer, for the caller to check. */
export function clientRefusesAgreement(t: TestApp, link: string, comment: string): Promise<Response> {
  return t.request(`/api/client-links/${tokenOf(link)}/agreement/refuse`, {
    method: "POST",
    json: { comment },
  });
}

/** The foreman records a change of the works on the object (a quantity, an added or a removed line): the change. */
export async function recordChange(t: TestApp, objectId: number, change: Record<string, unknown>) {
  return await expectJson(t.as(FOREMAN).post(`/api/job-changes/object/${objectId}`, change), 201);
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
  await expectJson(
    t.as(MANAGER).post(`/api/payment/${job.prepayment.paymentId}/received`, {
      amount: job.contract.prepaymentAmount,
      receivedOn: "2026-11-20",
    }),
  );
  await expectJson(t.as(FOREMAN).post(`/api/foreman/objects/${job.object.id}/start-work`));
}

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
    items: { name: string; unit: string; quantity: number; pricePerUnit: number }[];
    terms?: Record<string, unknown>;
  },
) {
  const object = await expectJson(
    t.as(MANAGER).post("/api/objects", {
      address: `Московская обл, Истринский р-н, д Крючково, ул Лесная, д ${o.house}`,
      settlement: "Крючково",
      region: "Московская область",
      clientName: "Ольга Зимина",
      clientPhone: ZIMINA.phone,
      clientEmail: "zimina@example.ru",
      workType: "septic",
      estimatedCost: "250 000 ₽",
      description: "",
    }),
    201,
  );
  const estimate = await expectJson(
    t.as(ENGINEER).post("/api/estimates", {
      objectId: object.id,
      estimateNumber: `С-${number}`,
      items: o.items,
    }),
    201,
  );
  if (o.terms) {
    await expectJson(
      t.as(ENGINEER).post(`/api/estimates/${estimate.id}/edits`, { action: "set_terms", ...o.terms }),
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
