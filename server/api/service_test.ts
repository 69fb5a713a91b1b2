// Service plans and the warranty card and the well passport,
// through the API: a station job finished, its equipment recorded, a plan sold, signed through the client's
// link, paid with the QR, and the figures read back.
import assert from "node:assert/strict";
import { type ApiClient, expectJson, expectOk, type TestApp, withTestApp } from "../testing.ts";
import type { Answer } from "../../components/api.ts";
import { clientLinkJob, drawnPng } from "../testing_client_links.ts";
import { objectLedger } from "../../db/ledger.ts";
import { serviceFigures } from "../../db/service_figures.ts";
import { scopeOf } from "../../db/scope.ts";
import { extractPdfText } from "../testing_pdf.ts";
import { and, eq } from "drizzle-orm";
import { notifications, objects, outboxMessages } from "../../db/schema/mod.ts";
import { endExpiredAgreements, getAgreement, remindRenewals } from "../../db/service.ts";
import { insertAgreement } from "../../db/testing_service.ts";

const ENGINEER = "engineer@demo.local";
const DIRECTOR = "director@demo.local";
const FOREMAN = "foreman@demo.local";

/** The object's service card of the typed client (equipment, plans, agreements, the offer). */
const serviceOf = (t: TestApp, as: string, objectId: number) =>
  t.as(as).api.service.objects[":objectId"].$get({ param: { objectId: String(objectId) } });
/** A service agreement of the typed client, by id. */
const agreement = (t: TestApp, as: string) => t.as(as).api.service.agreements[":id"];
/** What the client's link answers about service (read signed out, through a raw request). */
type LinkService = Answer<ApiClient["client-links"][":token"]["service"]["$get"]>;
/** What the client's link answers to a plan asked for (signed out, through a raw request). */
type ServiceRequestAnswer = Answer<ApiClient["client-links"][":token"]["service-request"]["$post"]>;

/** A station job taken to the end: contract signed, prepaid, works started and finished by the foreman. */
async function finishedStationJob(t: TestApp) {
  const j = await clientLinkJob(t);
  const objectId = j.task.objectId;
  const contract = await j.contract();
  const { token, paymentId } = await j.link(contract);
  // The client's link is opened signed out.
  await expectJson(t.request(`/api/client-links/${token}/sign`, {
    method: "POST",
    json: { fullName: "Смирнов Алексей Петрович", signature: drawnPng(), agree: true },
  }));
  await expectOk(
    t.as(ENGINEER).api.payment[":id"].received.$post({
      param: { id: String(paymentId) },
      json: { amount: contract.prepaymentAmount, receivedOn: "2026-11-20" },
    }),
  );
  await expectOk(
    t.as(FOREMAN).api.foreman.objects[":id"]["start-work"].$post({ param: { id: String(objectId) } }),
  );
  await expectOk(
    t.as(FOREMAN).api.foreman.objects[":id"]["complete-work"].$post({ param: { id: String(objectId) } }),
  );
  return { objectId, token, contract };
}

Deno.test("[api] finishing the works records the estimate's station; the foreman adds its serial number", () =>
  withTestApp(async (t) => {
    const { objectId } = await finishedStationJob(t);
    const service = await expectOk(serviceOf(t, FOREMAN, objectId));
    const fromAct = service.equipment.filter((e) => e.source === "act");
    assert.equal(fromAct.length, 1, "one station from the act (the demo may hold a station entered by hand)");
    const [station] = fromAct;
    assert.deepEqual([station.kind, station.modelCode, station.modelName, station.source], [
      "station",
      "topas-6",
      "Топас 6",
      "act",
    ]);
    assert.match(station.installedOn ?? "", /^\d{4}-\d{2}-\d{2}$/);
    const edited = await expectOk(
      t.as(FOREMAN).api.service.equipment[":id"].$put({
        param: { id: String(station.id) },
        json: {
          kind: "station",
          modelCode: "topas-6",
          modelName: "Топас 6",
          serialNumber: "ТП6-2026-0412",
          installedOn: "2026-11-24",
        },
      }),
    );
    assert.equal(edited.serialNumber, "ТП6-2026-0412");
    assert.equal(edited.source, "act", "an edit keeps where the record came from");
  }));

Deno.test("[api] installed equipment: 422 in Russian, 404 for another company, no plan edits for the foreman", () =>
  withTestApp(async (t) => {
    const [object] = await expectOk(t.as(ENGINEER).api.objects.$get({ query: {} }));
    const equipmentOf = (as: string) => t.as(as).api.service.objects[":objectId"].equipment.$post;
    const param = { objectId: String(object.id) };
    const bad = await expectJson(
      equipmentOf(ENGINEER)({
        param,
        json: { kind: "well", modelName: "", depthM: 40, staticLevelM: 12, dynamicLevelM: 8 },
      }),
      422,
    );
    assert.deepEqual(bad.errors.modelName, ["Укажите модель"]);
    assert.deepEqual(bad.errors.dynamicLevelM, ["Динамический уровень не выше статического"]);
    const well = await expectOk(
      equipmentOf(ENGINEER)({
        param,
        json: {
          kind: "well",
          modelName: "Скважина на известняк",
          installedOn: "2026-10-02",
          depthM: 62.5,
          casing: "Сталь 133 мм 0–40 м + НПВХ 117 мм 38–62 м",
          staticLevelM: 18,
          dynamicLevelM: 24.5,
          flowRateM3h: 2.4,
          pump: "Grundfos SQ 2-70 на 40 м",
        },
      }),
      201,
    );
    assert.equal(well.source, "manual");
    await expectJson(serviceOf(t, "admin@other.local", object.id), 404);
    await expectJson(
      t.as("admin@other.local").api.service.equipment[":id"].$put({
        param: { id: String(well.id) },
        json: { kind: "well", modelName: "Чужая" },
      }),
      404,
    );
    // The PDF downloads stay raw requests, their refusals too.
    await expectJson(t.as("admin@other.local").get(`/api/service/equipment/${well.id}/passport.pdf`), 404);
    await expectJson(t.as(FOREMAN).api.service.plans.defaults.$post(), 403);
    await expectJson(
      equipmentOf("surveyor@demo.local")({ param, json: { kind: "station", modelName: "Топас 5" } }),
      403,
    );

    const passport = await t.as(ENGINEER).get(`/api/service/equipment/${well.id}/passport.pdf`);
    assert.equal(passport.status, 200);
    assert.equal(passport.headers.get("content-type"), "application/pdf");
    const text = await extractPdfText(new Uint8Array(await passport.arrayBuffer()));
    for (
      const line of [
        "ПАСПОРТ СКВАЖИНЫ",
        "62,5 м",
        "18 м",
        "24,5 м",
        "2,4 м³/ч",
        "Grundfos SQ 2-70",
        object.address,
      ]
    ) {
      assert.ok(text.includes(line), `the passport prints ${line}`);
    }
    await expectJson(t.as(ENGINEER).get(`/api/service/equipment/${well.id}/warranty.pdf`), 404);
  }));

Deno.test("[api] a plan sold on a finished station: contract signed through the link, paid by QR, in the figures", () =>
  withTestApp(async (t) => {
    const { objectId, token } = await finishedStationJob(t);
    const ledgerBefore = (await objectLedger(t.deps.db, scopeOf(null), objectId))!.ledger;
    const figuresBefore = await serviceFigures(t.deps.db, scopeOf(null), t.deps.now(), null);
    const { equipment } = await expectOk(serviceOf(t, ENGINEER, objectId));
    const station = equipment.find((e) => e.source === "act")!;

    // The demo company has the typical plans (the seed adds them as «Добавить типовые планы» does); asked
    // again, nothing is added.
    const plans = await expectOk(t.as(DIRECTOR).api.service.plans.$get());
    assert.deepEqual(plans.map((p) => p.name), ["Стандарт", "Премиум", "Сезонный"]);
    const premium = plans.find((p) => p.name === "Премиум")!;
    assert.deepEqual([premium.visitsPerYear, premium.priorityCallout, premium.partsDiscountPercent], [
      4,
      true,
      10,
    ]);
    assert.equal(premium.prices.medium.perYear, 2_600_000, "А287: 26 000 ₽ a year for 6–10 residents");
    assert.deepEqual(await expectOk(t.as(DIRECTOR).api.service.plans.defaults.$post(), 200), []);

    const { id: _premiumId, ...premiumPlan } = premium; // the plan as read, sent back without its id
    const badPlan = await expectJson(
      t.as(DIRECTOR).api.service.plans.$post({ json: { ...premiumPlan, rrule: "FREQ=MONTHLY" } }),
      422,
    );
    assert.deepEqual(badPlan.errors.rrule, ["По правилу выходит визитов в год: 12, а в плане указано 4"]);

    // A pay mode the types refuse.
    const refused = await expectJson(
      t.as(ENGINEER).post(`/api/service/objects/${objectId}/agreements`, {
        planId: premium.id,
        equipmentId: station.id,
        startsOn: "2026-02-30",
        payMode: "month",
      }),
      422,
    );
    assert.deepEqual(refused.errors.startsOn, ["Дата начала в формате ГГГГ-ММ-ДД"]);
    assert.deepEqual(refused.errors.payMode, ["Выберите порядок оплаты: за год или за визит"]);
    const draft = await expectOk(
      t.as(ENGINEER).api.service.objects[":objectId"].agreements.$post({
        param: { objectId: String(objectId) },
        json: { planId: premium.id, equipmentId: station.id, startsOn: "2026-12-01", payMode: "year" },
      }),
      201,
    );
    assert.deepEqual(
      [draft.status, draft.sizeBand, draft.pricePerYear, draft.endsOn],
      ["draft", "medium", 2_600_000, "2027-11-30"],
      "Топас 6 is the 6–10 band; a year from the start",
    );
    assert.match(draft.number, /^ТО-\d{4}-\d{3}$/);
    const numbers = (await expectOk(serviceOf(t, ENGINEER, objectId))).agreements.map((a) => a.number);
    assert.equal(
      new Set(numbers).size,
      numbers.length,
      "numbered after the company's agreements of the year",
    );
    assert.match(draft.contractText, /ДОГОВОР НА СЕРВИСНОЕ ОБСЛУЖИВАНИЕ/);
    assert.match(draft.contractText, /26 000,00 руб\./);
    const param = { id: String(draft.id) };
    await expectJson(agreement(t, "admin@other.local").send.$post({ param }), 404);

    // The client's link is opened signed out.
    const sign = (id: number) =>
      t.request(`/api/client-links/${token}/agreements/${id}/sign`, {
        method: "POST",
        json: { fullName: "Смирнов Алексей Петрович", signature: drawnPng(), agree: true },
      });
    await expectJson(sign(draft.id), 404); // a draft is not the client's to sign
    await expectOk(agreement(t, ENGINEER).send.$post({ param }));
    const onLink = await expectJson<LinkService>(t.request(`/api/client-links/${token}/service`));
    assert.deepEqual(
      onLink.agreements.filter((a) => a.id === draft.id).map((a) => [a.number, a.status]),
      [[draft.number, "sent"]],
    );
    const badSign = await expectJson(
      t.request(`/api/client-links/${token}/agreements/${draft.id}/sign`, {
        method: "POST",
        json: { fullName: "Смирнов", signature: "", agree: false },
      }),
      422,
    );
    assert.deepEqual(badSign.errors.fullName, ["Введите фамилию, имя и отчество полностью"]);
    // No body: the route reads an empty body as {}.
    await expectJson(agreement(t, ENGINEER).payment.$post({ param }), 409);
    await expectJson(sign(draft.id));
    await expectJson(sign(draft.id), 409); // a signed agreement never changes
    await expectJson(agreement(t, ENGINEER).send.$post({ param }), 409);

    const pdf = await t.request(`/api/client-links/${token}/agreements/${draft.id}/pdf`); // a PDF, signed out
    const pdfText = await extractPdfText(new Uint8Array(await pdf.arrayBuffer()));
    assert.ok(
      pdfText.includes("ЭЛЕКТРОННАЯ ПОДПИСЬ ЗАКАЗЧИКА") && pdfText.includes("Смирнов Алексей Петрович"),
    );

    const payment = await expectOk(agreement(t, ENGINEER).payment.$post({ param }), 201); // no body, as above
    assert.equal(payment.amount, 2_600_000);
    assert.match(payment.qrPayload, /\|Sum=2600000\|/);
    assert.match(
      payment.qrPayload,
      new RegExp(`Purpose=Оплата обслуживания по договору №${draft.number} за год`),
    );
    const received = (as: string) =>
      t.as(as).api.service.payments[":id"].received.$post({
        param: { id: String(payment.paymentId) },
        json: { amount: 2_600_000, receivedOn: "2026-12-02" },
      });
    await expectJson(received("admin@other.local"), 404);
    await expectOk(received(ENGINEER));

    const ledgerAfter = (await objectLedger(t.deps.db, scopeOf(null), objectId))!.ledger;
    assert.deepEqual(ledgerAfter, ledgerBefore, "the works' ledger leaves the service payment out");
    const figures = await serviceFigures(t.deps.db, scopeOf(null), new Date("2026-12-15T09:00:00Z"), null);
    assert.equal(figures.received - figuresBefore.received, 2_600_000, "received: the payment marked");
    assert.equal(figures.contractedPerYear - figuresBefore.contractedPerYear, 2_600_000);
    assert.equal(figures.active - figuresBefore.active, 1);

    const warranty = await t.request(`/api/client-links/${token}/equipment/${station.id}/warranty.pdf`); // a PDF
    assert.equal(warranty.status, 200);
    const card = await extractPdfText(new Uint8Array(await warranty.arrayBuffer()));
    for (
      const line of ["ГАРАНТИЙНЫЙ ТАЛОН", "Топас 6", "12 месяцев (1 год)", "36 месяцев (3 года)", "ТОПОЛ-ЭКО"]
    ) {
      assert.ok(card.includes(line), `the warranty card prints ${line}`);
    }
  }));

Deno.test("[api] «Продлить» sends the next year at the plan's current price; signing it plans its visits; reminded once", () =>
  withTestApp(async (t) => {
    const { objectId, token } = await finishedStationJob(t);
    const db = t.deps.db;
    await db.update(objects).set({ clientEmail: "smirnov@example.ru" }).where(eq(objects.id, objectId));
    const { equipment, plans } = await expectOk(serviceOf(t, ENGINEER, objectId));
    const station = equipment.find((e) => e.source === "act")!;
    const standard = plans.find((p) => p.name === "Стандарт")!;
    const first = await expectOk(
      t.as(ENGINEER).api.service.objects[":objectId"].agreements.$post({
        param: { objectId: String(objectId) },
        json: { planId: standard.id, equipmentId: station.id, startsOn: "2026-12-01", payMode: "year" },
      }),
      201,
    );
    const param = { id: String(first.id) };
    // The client's link is opened signed out.
    const sign = (id: number) =>
      t.request(`/api/client-links/${token}/agreements/${id}/sign`, {
        method: "POST",
        json: { fullName: "Смирнов Алексей Петрович", signature: drawnPng(), agree: true },
      });
    await expectJson(agreement(t, ENGINEER).renew.$post({ param }), 409); // a draft
    await expectOk(agreement(t, ENGINEER).send.$post({ param }));
    await expectJson(sign(first.id));

    // A month before the end: staff and the client are reminded, once.
    const origin = "https://polesmeta.example";
    const early = await remindRenewals(db, new Date("2027-10-20T09:00:00Z"), origin);
    const mine = async () =>
      (await db.select().from(outboxMessages).where(eq(outboxMessages.event, "service_renewal_due")))
        .filter((m) => m.objectId === objectId);
    assert.equal((await mine()).length, 0, "41 days before the end is too early");
    assert.ok(early >= 0);
    await remindRenewals(db, new Date("2027-11-05T09:00:00Z"), origin);
    await remindRenewals(db, new Date("2027-11-06T09:00:00Z"), origin);
    const reminders = await mine();
    assert.equal(reminders.length, 1, "never twice");
    assert.match(
      reminders[0].subject,
      new RegExp(`Договор обслуживания №${first.number} заканчивается 30\\.11\\.2027`),
    );
    const told = await db.select().from(notifications).where(and(
      eq(notifications.relatedObjectId, objectId),
      eq(notifications.title, "Пора продлить договор обслуживания"),
    ));
    assert.ok(told.length >= 1, "the managers and administrators are told");
    assert.equal(new Set(told.map((n) => n.userId)).size, told.length, "each once");

    // The plan's price went up since: the renewal takes the current one.
    const { id: _standardId, ...standardPlan } = standard; // the plan as read, sent back without its id
    await expectOk(
      t.as(DIRECTOR).api.service.plans[":id"].$put({
        param: { id: String(standard.id) },
        json: {
          ...standardPlan,
          prices: { ...standard.prices, medium: { perVisit: 9_000_00, perYear: 18_000_00 } },
        },
      }),
    );
    await expectJson(agreement(t, FOREMAN).renew.$post({ param }), 403);
    await expectJson(agreement(t, "admin@other.local").renew.$post({ param }), 404);
    const renewal = await expectOk(agreement(t, ENGINEER).renew.$post({ param }), 201);
    assert.deepEqual(
      [renewal.status, renewal.renewsId, renewal.startsOn, renewal.endsOn, renewal.pricePerYear],
      ["sent", first.id, "2027-12-01", "2028-11-30", 18_000_00],
    );
    assert.equal(renewal.equipmentId, station.id, "the same equipment");
    assert.notEqual(renewal.number, first.number);
    const again = await expectJson(agreement(t, ENGINEER).renew.$post({ param }), 409);
    assert.equal(again.error ?? again.message, "Договор уже продлён: продление отправлено клиенту");
    const onLink = await expectJson<LinkService>(t.request(`/api/client-links/${token}/service`));
    assert.ok(onLink.agreements.some((a) => a.id === renewal.id && a.status === "sent"), "on the link");

    await expectJson(sign(renewal.id));
    const visits = await expectOk(
      t.as(ENGINEER).api.service.visits.$get({ query: { objectId: String(objectId) } }),
    );
    const renewalDays = visits.filter((v) => v.agreementId === renewal.id).map((v) => v.plannedOn);
    assert.deepEqual(renewalDays, ["2027-12-01", "2028-06-01"], "the renewal's 12 months, by its rule");

    // The old agreement runs to its end date, then ends as renewed; the figures count the renewal.
    await endExpiredAgreements(db, new Date("2027-11-30T12:00:00Z"));
    assert.equal(
      (await getAgreement(db, null, first.id))!.status,
      "signed",
      "still in force on its last day",
    );
    await endExpiredAgreements(db, new Date("2027-12-01T06:00:00Z"));
    const ended = (await getAgreement(db, null, first.id))!;
    assert.deepEqual([ended.status, ended.endReason], ["ended", "renewed"]);
    const figures = await serviceFigures(db, scopeOf(null), new Date("2027-12-15T09:00:00Z"), null);
    assert.equal(figures.renewed, 1, "the renewal just signed (the demo's ended before these 12 months)");
    const lostBefore = figures.lost;
    // An agreement left to run out ends «expired» and counts as lost.
    const lone = await insertAgreement(db, {
      companyId: ended.companyId,
      objectId,
      startsOn: "2026-12-05",
      endsOn: "2027-12-04",
      status: "signed",
    });
    await endExpiredAgreements(db, new Date("2027-12-06T06:00:00Z"));
    assert.equal((await getAgreement(db, null, lone))!.endReason, "expired");
    const later = await serviceFigures(db, scopeOf(null), new Date("2027-12-15T09:00:00Z"), null);
    assert.equal(later.lost - lostBefore, 1);
  }));

Deno.test("[api] a finished station job offers the plans at its size band's prices; the client asks for one from the link: a draft and a notice for staff", () =>
  withTestApp(async (t) => {
    const { objectId, token } = await finishedStationJob(t);
    const staff = await expectOk(serviceOf(t, ENGINEER, objectId));
    assert.ok(
      staff.offer,
      "offered once the works are finished (the demo object's older station has its plan)",
    );
    assert.match(staff.offer.station.label, /Топас 6/);
    const premium = staff.offer.plans.find((p) => p.name === "Премиум")!;
    assert.equal(premium.perYear, 2_600_000, "Топас 6 is the 6–10 band: А287");
    const onLink = await expectJson<LinkService>(t.request(`/api/client-links/${token}/service`));
    assert.deepEqual(onLink.offer!.plans.map((p) => p.id), staff.offer.plans.map((p) => p.id));
    const page = await (await t.request(`/c/${token}`)).text();
    assert.ok(page.includes("Хочу этот план"), "the client's page offers the plans");

    // The client's link, signed out; some bodies are ones the types refuse.
    const ask = (body: unknown) =>
      t.request(`/api/client-links/${token}/service-request`, { method: "POST", json: body });
    const bad = await expectJson(ask({ planId: "премиум" }), 422);
    assert.deepEqual(bad.errors.planId, ["Выберите план"]);
    const foreign = await expectJson(ask({ planId: 999_999 }), 422);
    assert.deepEqual(foreign.errors.planId, ["Выберите один из предложенных планов"]);
    await expectJson(
      t.request(`/api/client-links/${"x".repeat(40)}/service-request`, {
        method: "POST",
        json: { planId: premium.id },
      }),
      404,
    );
    const asked = await expectJson<ServiceRequestAnswer>(ask({ planId: premium.id }), 201);
    assert.equal(asked.planName, "Премиум");
    await expectJson(ask({ planId: premium.id }), 409);

    const after = await expectOk(serviceOf(t, ENGINEER, objectId));
    assert.equal(after.offer, null, "no offer once a draft exists");
    const draft = after.agreements.find((a) => a.number === asked.number)!;
    assert.deepEqual(
      [draft.status, draft.planName, draft.equipmentId, draft.payMode, draft.pricePerYear, draft.number],
      ["draft", "Премиум", staff.offer.station.id, "year", 2_600_000, asked.number],
    );
    const told = await t.deps.db.select().from(notifications).where(and(
      eq(notifications.relatedObjectId, objectId),
      eq(notifications.title, "Клиент просит план обслуживания «Премиум»"),
    ));
    assert.ok(told.length >= 1, "staff get a notification");
    // Staff check the prefilled draft and send it; the client signs it like any agreement.
    await expectOk(agreement(t, ENGINEER).send.$post({ param: { id: String(draft.id) } }));
  }));
