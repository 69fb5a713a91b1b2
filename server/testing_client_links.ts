// Test helper: a Топас 6 job with every kind of note, its contract and client links, a drawn
// signature, and the check that a client-facing text carries nothing internal. Shared by the API and browser
// tests of the client's link.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { PNG } from "pngjs";
import { demoSurveyorTask, expectOk, generateOneEstimate, prepaymentLink, type TestApp } from "./testing.ts";

const ENGINEER = "engineer@demo.local";

export const SURVEYOR_NOTE = "Хозяин просит не трогать яблоню";
export const CLIENT_NOTE = "Работы выполним за три дня, в субботу тоже";
export const INTERNAL_NOTE = "Клиент знакомый директора, скидку не давать";

/** A Топас 6 job with the surveyor's note, a client note and an internal note: estimate, contract, link. */
export async function clientLinkJob(t: TestApp, extra: Record<string, unknown> = {}) {
  const task = await demoSurveyorTask(t);
  const generate = (more: Record<string, unknown> = {}) =>
    generateOneEstimate(t, "surveyor@demo.local", {
      objectId: task.objectId,
      taskId: task.id,
      measurements: {
        septic_model: "topas-6",
        residents_count: 5,
        installation_depth: 2.5,
        soil_type: "clay",
        inlet_pipe_length: 8,
        outlet_pipe_length: 12,
        additional_notes: SURVEYOR_NOTE,
        ...extra,
        ...more,
      },
    });
  const estimate = await generate();
  const { workType } = await expectOk(
    t.as(ENGINEER).api.objects[":id{[0-9]+}"].$get({ param: { id: String(task.objectId) } }),
  );
  await expectOk(
    t.as(ENGINEER).api.estimates[":id{[0-9]+}"].edits.$post({
      param: { id: String(estimate.id) },
      json: { action: "set_terms", clientNote: CLIENT_NOTE, internalNote: INTERNAL_NOTE },
    }),
  );
  const contract = async (over: Record<string, unknown> = {}) =>
    (await expectOk(
      t.as(ENGINEER).api.contracts.generate.$post({
        json: {
          templateId: `${workType}_contract`,
          objectId: task.objectId,
          estimateData: { id: estimate.id },
          contractData: {
            CLIENT_NAME: "Смирнов Алексей Петрович",
            CLIENT_PHONE: "+7 916 555-12-34",
            CLIENT_PASSPORT: "4510 123456, выдан ОВД Тверского района г. Москвы 12.03.2015",
            CLIENT_ADDRESS: "г. Москва, ул. Тверская, д. 1, кв. 5",
            CONTRACT_NUMBER: "Д-777",
            PREPAYMENT_PERCENT: 30,
            OBJECT_ADDRESS: "МО, Истринский р-н, д. Лечищево, уч. 12",
            CITY: "Москва",
            ...over,
          },
        },
      }),
      201,
    )).contract;
  const link = async (made: { id: number; prepaymentAmount: number }, showItems = true) => {
    const payment = await prepaymentLink(t, ENGINEER, {
      amount: made.prepaymentAmount,
      objectId: task.objectId,
      contractId: made.id,
      showItems,
    });
    return { ...payment, token: new URL(payment.paymentLink).pathname.split("/").pop()! };
  };
  return { task, estimate, generate, contract, link };
}

/** A drawn signature of the given size: a real PNG with a stroke across it. */
export function drawnPng(width = 300, height = 100): string {
  const png = new PNG({ width, height });
  for (let i = 0; i < png.data.length; i += 4) {
    const x = (i / 4) % width;
    const y = Math.floor(i / 4 / width);
    const ink = Math.abs(y - height / 2 - Math.round((height / 5) * Math.sin(x / 9))) < 2;
    png.data[i] = png.data[i + 1] = png.data[i + 2] = ink ? 20 : 255;
    png.data[i + 3] = 255;
  }
  return `data:image/png;base64,${Buffer.from(PNG.sync.write(png)).toString("base64")}`;
}

/** What no client-facing view may carry: article codes, model ids, the materials/works split, notes. */
export function assertClientClean(text: string, where: string) {
  for (
    const [what, pattern] of [
      ["an article code", /(^|[^\p{L}\d])[АA]\d{3}(?!\d)/u],
      ["a model id", /topas-\d|\bid [a-z]+-/],
      ["«Артикул»", /Артикул/i],
      ["«Материалы»", /Материал/],
      ["«Работы» as a column", /"Работы"|>Работы</],
      ["a dealer price", /дилер/i],
      ["the surveyor's note", new RegExp(SURVEYOR_NOTE)],
      ["the internal note", new RegExp(INTERNAL_NOTE)],
      ["«Примечание замерщика»", /Примечание замерщика/],
    ] as const
  ) assert.ok(!pattern.test(text), `${where} shows ${what}: ${text.match(pattern)?.[0]}`);
}
