import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { PNG } from "pngjs";
import { and, eq } from "drizzle-orm";
import { type ApiClient, expectJson, expectOk, type TestApp, withTestApp } from "../testing.ts";
import type { Answer } from "../../components/api.ts";
import { insertAgreement } from "../../db/testing_service.ts";
import { clientLinks, notifications, objects, outboxMessages, tasks, users } from "../../db/schema/mod.ts";
import { importPriceList } from "../../db/price_lists.ts";
import { extractPdfText } from "../testing_pdf.ts";
import { notifyOverdueTasks, remindServiceVisits } from "../jobs.ts";

const engineer = "engineer@demo.local";
const surveyor = "surveyor@demo.local";

/** A clock the test moves: 2026-05-10, 12:00 in Moscow. */
function clock() {
  const c = { at: new Date("2026-05-10T09:00:00Z"), now: () => c.at };
  return c;
}

/** A new station object of the demo company (the demo's own have service visits of their own). */
async function demoObject(t: TestApp, as = engineer): Promise<{ companyId: number; objectId: number }> {
  const me = await expectOk(t.as(as).api.user.$get());
  const object = await expectOk(
    t.as(as).api.objects.$post({
      json: {
        address: "Московская обл., г. Истра, ул. Садовая, д. 5",
        settlement: "Истра",
        region: "Московская область",
        clientName: "Смирнов Алексей",
        clientPhone: "+7 916 000-00-00",
        workType: "autonomous_sewage",
        estimatedCost: 300_000,
      },
    }),
    201,
  );
  return { companyId: me.companyId!, objectId: object.id };
}

/** An agreement signed for 2026-05-15 … 2027-05-14 on the demo's first object, activated: its visits. */
async function activated(t: TestApp, rrule?: string) {
  const { companyId, objectId } = await demoObject(t);
  const agreementId = await insertAgreement(t.deps.db, {
    companyId,
    objectId,
    startsOn: "2026-05-15",
    endsOn: "2027-05-14",
    rrule,
    partsDiscountPercent: 10,
  });
  // Activated without a body (the route reads an empty body as {}).
  const done = await expectOk(activate(t, engineer, agreementId));
  const visits = await expectOk(
    t.as(engineer).api.service.visits.$get({ query: { objectId: String(objectId) } }),
  );
  return { companyId, objectId, agreementId, days: done.days as string[], visits };
}

/** Activates an agreement through the typed client, without a body (the route reads an empty one as {}). */
const activate = (t: TestApp, as: string, id: number) =>
  t.as(as).api.service.agreements[":id"].activate.$post({ param: { id: String(id) } });

/** A service visit of the typed client, by id. */
const visit = (t: TestApp, as: string) => t.as(as).api.service.visits[":id"];

function signaturePng(): string {
  const png = new PNG({ width: 40, height: 16 });
  for (let i = 0; i < png.data.length; i += 4) {
    const ink = Math.abs(Math.floor(i / 4 / 40) - 8) < 2;
    png.data[i] = png.data[i + 1] = png.data[i + 2] = ink ? 20 : 255;
    png.data[i + 3] = 255;
  }
  return `data:image/png;base64,${Buffer.from(PNG.sync.write(png)).toString("base64")}`;
}

Deno.test("[api] activating an agreement of 2 visits a year started 2026-05-15 plans 15.05.2026 and 15.11.2026, due at the end of each Moscow day, once", async () => {
  const time = clock();
  await withTestApp({ now: time.now }, async (t) => {
    const { agreementId, days, visits } = await activated(t);
    assert.deepEqual(days, ["2026-05-15", "2026-11-15"]);
    assert.deepEqual(visits.map((v) => [v.plannedOn, v.state]), [
      ["2026-05-15", "planned"],
      ["2026-11-15", "planned"],
    ]);
    // Moscow keeps UTC+3 the year round: 23:59:59.999 in Moscow is 20:59:59.999 UTC in May and in November.
    for (const v of visits) {
      const task = await expectOk(t.as(engineer).api.tasks[":id"].$get({ param: { id: String(v.taskId) } }));
      assert.equal(task.dueDate, `${v.plannedOn}T20:59:59.999Z`);
      assert.equal(task.title, "Сервисный визит: Стандарт");
      const [who] = await t.deps.db.select({ role: users.role }).from(users).where(
        eq(users.id, task.assignedTo!),
      );
      assert.ok(["measurement_engineer", "foreman"].includes(who.role), who.role);
    }
    // Without a body, as above.
    const again = await expectOk(activate(t, engineer, agreementId));
    assert.deepEqual(again.days, [], "a second activation plans nothing twice");
  });
});

Deno.test("[api] a seasonal plan (April and October, the 15th) started 2026-05-15 plans 15.10.2026 and 15.04.2027", async () => {
  const time = clock();
  await withTestApp({ now: time.now }, async (t) => {
    const { days } = await activated(t, "FREQ=YEARLY;BYMONTH=4,10;BYMONTHDAY=15");
    assert.deepEqual(days, ["2026-10-15", "2027-04-15"]);
  });
});

Deno.test("[api] the visits' filters (each state, a person, a period) give the visits of the whole list that match them", () =>
  withTestApp(async (t) => {
    const visits = t.as(engineer).api.service.visits;
    const all = await expectOk(visits.$get({ query: {} }));
    assert.ok(new Set(all.map((v) => v.state)).size >= 3, "the demo's visits are in three states at least");
    const ids = (list: typeof all) => list.map((v) => v.id);
    for (const state of ["planned", "overdue", "done", "cancelled"] as const) {
      const found = await expectOk(visits.$get({ query: { state } }));
      assert.deepEqual(ids(found), ids(all.filter((v) => v.state === state)), state);
    }
    const person = all.find((v) => v.assignedTo)!.assignedTo!;
    const theirs = await expectOk(visits.$get({ query: { assignedTo: String(person) } }));
    assert.deepEqual(ids(theirs), ids(all.filter((v) => v.assignedTo === person)));
    const from = all[1].plannedOn;
    const to = all.at(-2)!.plannedOn;
    const within = await expectOk(visits.$get({ query: { from, to } }));
    assert.deepEqual(ids(within), ids(all.filter((v) => v.plannedOn >= from && v.plannedOn <= to)));
    // Another company's list holds none of them.
    const other = await expectOk(t.as("admin@other.local").api.service.visits.$get({ query: {} }));
    assert.equal(other.filter((v) => ids(all).includes(v.id)).length, 0);
  }));

Deno.test("[api] service visits: overdue after their day (and told by the periodic job), moved with a reason by the engineer only, carried out and signed", async () => {
  const time = clock();
  await withTestApp({ now: time.now }, async (t) => {
    const { visits, objectId } = await activated(t);
    const [first, second] = visits;
    const taskOf = async (id: number) => (await t.deps.db.select().from(tasks).where(eq(tasks.id, id)))[0];

    // Not done by its day: overdue on the schedule, and the overdue job tells the assignee.
    time.at = new Date("2026-05-16T09:00:00Z");
    const late = await expectOk(
      t.as(engineer).api.service.visits.$get({ query: { state: "overdue", objectId: String(objectId) } }),
    );
    assert.deepEqual(late.map((v) => v.id), [first.id]);
    await notifyOverdueTasks(t.deps);
    const told = await t.deps.db.select().from(notifications)
      .where(and(eq(notifications.type, "task_overdue"), eq(notifications.relatedTaskId, first.taskId!)));
    assert.ok(told.length > 0, "the overdue visit's task is told");

    // Moving needs a reason, a day from today on, a service staff member; a surveyor may not move.
    const param = { id: String(first.id) };
    // No reason: a body the types refuse.
    const noReason = await expectJson(
      await t.as(engineer).post(`/api/service/visits/${first.id}/move`, { plannedOn: "2026-05-20" }),
      422,
    );
    assert.ok(noReason.errors.reason);
    const past = await expectJson(
      visit(t, engineer).move.$post({ param, json: { plannedOn: "2026-05-01", reason: "Клиент в отъезде" } }),
      422,
    );
    assert.deepEqual(past.errors.plannedOn, ["Дата визита не может быть раньше сегодняшнего дня"]);
    const [director] = await t.deps.db.select({ id: users.id }).from(users)
      .where(eq(users.email, "director@demo.local"));
    const notStaff = await expectJson(
      visit(t, engineer).move.$post({ param, json: { assignedTo: director.id, reason: "Замена" } }),
      422,
    );
    assert.ok(notStaff.errors.assignedTo);
    await expectJson(
      visit(t, surveyor).move.$post({ param, json: { plannedOn: "2026-05-20", reason: "Сам" } }),
      403,
    );
    const [surveyorRow] = await t.deps.db.select({ id: users.id }).from(users).where(
      eq(users.email, surveyor),
    );
    const moved = await expectOk(
      visit(t, engineer).move.$post({
        param,
        json: { plannedOn: "2026-05-20", assignedTo: surveyorRow.id, reason: "Клиент в отъезде" },
      }),
    );
    assert.equal(moved.plannedOn, "2026-05-20");
    assert.equal(moved.movedFrom, "2026-05-15");
    assert.equal(moved.moveReason, "Клиент в отъезде");
    assert.equal(moved.state, "planned");
    const task = await taskOf(first.taskId!);
    assert.equal(task.dueDate?.toISOString(), "2026-05-20T20:59:59.999Z");
    assert.equal(task.assignedTo, surveyorRow.id);
    assert.equal(task.overdueNotifiedAt, null, "the new day's lateness is told again");

    // The surveyor sees their visit and carries it out: checklist, readings, a part at the plan's 10 % off.
    const mine = await expectOk(t.as(surveyor).api.service.visits.$get({ query: {} }));
    assert.ok(mine.every((v) => v.assignedTo === surveyorRow.id) && mine.some((v) => v.id === first.id));
    const screen = await expectOk(visit(t, surveyor).$get({ param }));
    assert.equal(screen.form.sections[0].id, "checklist");
    const report = (json: { values: Record<string, string | boolean>; clientId?: string }) =>
      visit(t, surveyor).report.$post({ param, json });
    const empty = await expectJson(report({ values: {} }), 422);
    assert.deepEqual(empty.errors.values, ["Отметьте выполненные операции"]);
    const body = {
      values: {
        op_0: true,
        op_1: true,
        sludge_level: "35",
        smell: "weak",
        part_А300: true,
        part_А300_quantity: "2",
      },
      clientId: "visit-report-0001",
    };
    const saved = await expectOk(report(body), 201);
    assert.deepEqual(saved.report.parts, [
      { code: "А300", name: "Ремкомплект мембран компрессора", quantity: 2, price: 3_150_00, billable: true },
    ]);
    assert.deepEqual(saved.report.readings, { sludge_level: 35, smell: "weak" });
    const repeat = await expectOk(report(body), 200);
    assert.deepEqual(repeat.report, saved.report, "the queue sending again writes nothing");
    await expectJson(report({ ...body, clientId: "another-report-01" }), 422);
    assert.equal((await taskOf(first.taskId!)).status, "completed");
    const done = await expectOk(
      t.as(engineer).api.service.visits.$get({ query: { state: "done", objectId: String(objectId) } }),
    );
    assert.deepEqual(done.map((v) => v.id), [first.id]);

    // The client signs on the surveyor's phone; once.
    const notYet = await expectJson(
      visit(t, engineer).sign.$post({
        param: { id: String(second.id) },
        json: { signerName: "Смирнов Алексей", signature: signaturePng() },
      }),
      422,
    );
    assert.deepEqual(notYet.errors.signature, ["Отчёт о визите ещё не готов"]);
    await expectOk(
      visit(t, surveyor).sign.$post({
        param,
        json: { signerName: "Смирнов Алексей", signature: signaturePng() },
      }),
    );
    await expectJson(
      visit(t, surveyor).sign.$post({
        param,
        json: { signerName: "Смирнов Алексей", signature: signaturePng() },
      }),
      422,
    );
  });
});

Deno.test("[api] service visits of another company answer 404; a surveyor does not see another's visit", async () => {
  const time = clock();
  await withTestApp({ now: time.now }, async (t) => {
    const { visits, agreementId } = await activated(t);
    const other = t.as("admin@other.local");
    const param = { id: String(visits[0].id) };
    await expectJson(visit(t, "admin@other.local").$get({ param }), 404);
    await expectJson(
      visit(t, "admin@other.local").move.$post({
        param,
        json: { reason: "Чужой визит", plannedOn: "2026-06-01" },
      }),
      404,
    );
    await expectJson(
      visit(t, "admin@other.local").report.$post({ param, json: { values: { op_0: true } } }),
      404,
    );
    await expectJson(activate(t, "admin@other.local", agreementId), 404);
    assert.deepEqual(await expectOk(other.api.service.visits.$get({ query: {} })), []);
    // Given to the other surveyor, the visit is not this surveyor's to see or carry out.
    const [other2] = await t.deps.db.select({ id: users.id }).from(users)
      .where(eq(users.email, "surveyor2@demo.local"));
    await expectOk(
      visit(t, engineer).move.$post({ param, json: { assignedTo: other2.id, reason: "Другой район" } }),
    );
    await expectJson(visit(t, surveyor).$get({ param }), 404);
    await expectJson(visit(t, surveyor).report.$post({ param, json: { values: { op_0: true } } }), 404);
    // The pages answer the same.
    assert.equal(
      (await t.request(`/service/visits/${visits[0].id}`, { as: "admin@other.local" })).status,
      404,
    );
    assert.equal((await t.request("/service", { as: engineer })).status, 200);
  });
});

Deno.test("[api] the client is reminded of a visit three days ahead through the outbox, once, and again after a move", async () => {
  const time = clock();
  await withTestApp({ now: time.now }, async (t) => {
    const { objectId, agreementId, visits } = await activated(t);
    await t.deps.db.update(objects).set({ clientEmail: "smirnov@example.ru" }).where(
      eq(objects.id, objectId),
    );
    const reminders = () =>
      t.deps.db.select().from(outboxMessages).where(eq(outboxMessages.event, "service_visit_soon"));
    time.at = new Date("2026-05-11T09:00:00Z");
    assert.equal(await remindServiceVisits(t.deps), 0, "not before three days ahead");
    assert.equal((await reminders()).length, 0);
    time.at = new Date("2026-05-12T09:00:00Z");
    assert.equal(await remindServiceVisits(t.deps), 1);
    assert.equal(await remindServiceVisits(t.deps), 0, "once per visit and day");
    const [m] = await reminders();
    assert.equal(m.recipient, "smirnov@example.ru");
    assert.ok(m.isReminder, "the client may unsubscribe");
    assert.match(m.textBody, /15\.05\.2026 к вам приедет наш специалист на сервисное обслуживание/);
    await expectOk(
      visit(t, engineer).move.$post({
        param: { id: String(visits[0].id) },
        json: { plannedOn: "2026-05-14", reason: "Клиент попросил раньше" },
      }),
    );
    assert.equal(await remindServiceVisits(t.deps), 1, "the new day is reminded again");
    assert.equal((await reminders()).length, 2);
    assert.ok(agreementId);
  });
});

Deno.test("[api] a visit's parts come from the company's price list at the plan's discount; its report PDF prints them; «Отправить отчёт клиенту» writes the link once", async () => {
  const time = clock();
  await withTestApp({ now: time.now }, async (t) => {
    const { companyId, objectId, visits } = await activated(t);
    const [first] = visits;
    const param = { id: String(first.id) };
    // The built-in parts while the company's list has none of its own.
    const builtIn = await expectOk(visit(t, surveyor).$get({ param }));
    const partCodes = (screen: VisitScreen) =>
      screen.form.sections.find((s) => s.id === "parts")!.fields.filter((f) => f.code).map((f) => [
        f.code,
        plain(f.label),
      ]);
    assert.deepEqual(partCodes(builtIn)[0], [
      "А300",
      "Ремкомплект мембран компрессора — 3 150,00 ₽ за компл.",
    ]);
    await importPriceList(t.deps.db, companyId, [
      { ...part, code: "А300", name: "Мембраны Secoh EL-60", materialsPrice: 4_000_00 },
      {
        ...part,
        code: "А310",
        name: "Эрлифт в сборе",
        unit: "шт",
        materialsPrice: 2_000_00,
        worksPrice: 500_00,
      },
    ]);
    const own = await expectOk(visit(t, surveyor).$get({ param }));
    assert.deepEqual(partCodes(own), [
      ["А300", "Мембраны Secoh EL-60 — 3 600,00 ₽ за компл."],
      ["А310", "Эрлифт в сборе — 2 250,00 ₽ за шт"],
    ]);
    await expectJson(visit(t, engineer)["send-report"].$post({ param }), 409);
    // The PDF's address is read as a download.
    await expectJson(await t.as(engineer).get(`/api/service/visits/${first.id}/report.pdf`), 404);
    const saved = await expectOk(
      visit(t, surveyor).report.$post({
        param,
        json: {
          values: {
            op_0: true,
            sludge_level: "42,5",
            part_А310: true,
            part_А310_quantity: "2",
            part_А301: true,
          },
        },
      }),
      201,
    );
    assert.deepEqual(saved.report.parts, [
      { code: "А310", name: "Эрлифт в сборе", quantity: 2, price: 2_250_00, billable: true },
    ], "a built-in code the company's list does not have is not offered");
    await expectOk(
      visit(t, surveyor).sign.$post({
        param,
        json: { signerName: "Смирнов Алексей", signature: signaturePng() },
      }),
    );

    const pdf = await t.as(engineer).get(`/api/service/visits/${first.id}/report.pdf`);
    assert.equal(pdf.status, 200);
    assert.equal(pdf.headers.get("content-type"), "application/pdf");
    const text = plain(await extractPdfText(new Uint8Array(await pdf.arrayBuffer())));
    for (
      const line of [
        "АКТ СЕРВИСНОГО ОБСЛУЖИВАНИЯ",
        "Московская обл., г. Истра, ул. Садовая, д. 5",
        "15.05.2026",
        "Уровень ила в стабилизаторе: 42,5 см",
        "А310 Эрлифт в сборе — 2 × 2 250,00 ₽ = 4 500,00 ₽",
        "Итого за детали: 4 500,00 ₽",
        "ПОДПИСЬ ЗАКАЗЧИКА",
        "Смирнов Алексей",
      ]
    ) {
      assert.ok(text.includes(line), `the report prints ${line}`);
    }
    await expectJson(await t.as("admin@other.local").get(`/api/service/visits/${first.id}/report.pdf`), 404);

    // Sent to the client: no e-mail is a clear 409 and leaves no link; then one message with the link, once.
    const links = async () =>
      (await t.deps.db.select().from(clientLinks)).filter((l) => l.objectId === objectId);
    const noMail = await expectJson(visit(t, engineer)["send-report"].$post({ param }), 409);
    assert.equal(
      noMail.error ?? noMail.message,
      "У клиента не указана электронная почта: добавьте её в карточке объекта",
    );
    assert.equal((await links()).length, 0);
    await t.deps.db.update(objects).set({ clientEmail: "smirnov@example.ru" }).where(
      eq(objects.id, objectId),
    );
    await expectJson(visit(t, "admin@other.local")["send-report"].$post({ param }), 404);
    await expectOk(visit(t, engineer)["send-report"].$post({ param }), 201);
    const again = await expectJson(visit(t, engineer)["send-report"].$post({ param }), 409);
    assert.equal(again.error ?? again.message, "Отчёт уже отправлен клиенту");
    const [message] = await t.deps.db.select().from(outboxMessages)
      .where(eq(outboxMessages.event, "service_report_ready"));
    assert.equal(message.objectId, objectId, "on the object's delivery list");
    assert.equal(message.recipient, "smirnov@example.ru");
    const token = /\/c\/([A-Za-z0-9_-]+)#visit-/.exec(message.textBody)?.[1];
    assert.ok(token, message.textBody);
    assert.equal((await links()).length, 1);
    const delivery = await expectOk(
      t.as(engineer).api["client-messages"].object[":objectId"].$get({
        param: { objectId: String(objectId) },
      }),
    );
    assert.ok(JSON.stringify(delivery).includes("Отчёт о сервисном визите"), "the delivery list shows it");

    // The client opens the link: the report's PDF is there, another visit's is not.
    const page = await t.request(`/c/${token}`);
    const html = await page.text();
    assert.ok(html.includes(`/api/client-links/${token}/visits/${first.id}/report.pdf`));
    const onLink = await t.request(`/api/client-links/${token}/visits/${first.id}/report.pdf`);
    assert.equal(onLink.status, 200);
    await onLink.body?.cancel();
    await expectJson(await t.request(`/api/client-links/${token}/visits/${visits[1].id}/report.pdf`), 404);
  });
});

/** A visit's screen as GET /api/service/visits/:id answers it. */
type VisitScreen = Answer<ApiClient["service"]["visits"][":id"]["$get"]>;

/** Money as the tests write it: the formatter's narrow and no-break spaces read as plain ones. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

/** A price-list row of the parts section, kopecks. */
const part = {
  code: "",
  name: "",
  unit: "компл.",
  section: "Запчасти станций",
  materialsPrice: 0,
  worksPrice: 0,
};

Deno.test("[api] GET /service answers 200 for an objectId or assignedTo that is no id (1e400, NaN)", async () => {
  await withTestApp(async (t) => {
    for (const query of ["objectId=1e400", "assignedTo=1e400", "objectId=NaN&tab=1e400&status=NaN"]) {
      const res = await t.request(`/service?${query}`, { as: "engineer@demo.local" });
      await res.body?.cancel();
      assert.equal(res.status, 200, query);
    }
  });
});
