// The quote sent and approved without a contract, the status after each event, the
// foreman seeing the job by the company's rule, and one set of money figures.
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { expectJson, expectOk, type TestApp, withTestApp } from "../testing.ts";
import { clientLinkJob, drawnPng } from "../testing_client_links.ts";
import { estimateDecisions, notifications, users } from "../../db/schema/mod.ts";

const ENGINEER = "engineer@demo.local";
// The client answers through the link's /api/client-links/:token/… signed out: those stay raw requests (the
// typed client always signs in).
const tokenOf = (url: string) => new URL(url).pathname.split("/").pop()!;

const objectOf = (t: TestApp, id: number) =>
  expectOk(t.as(ENGINEER).api.objects[":id{[0-9]+}"].$get({ param: { id: String(id) } }));

/** An estimate of the typed client, by id. */
const estimate = (t: TestApp, id: number) =>
  t.as(ENGINEER).api.estimates[":id{[0-9]+}"].$get({ param: { id: String(id) } });

/** The answers to the estimate (the client's and the staff's). */
const decisionsOf = (t: TestApp, id: number) =>
  t.as(ENGINEER).api.estimates[":id{[0-9]+}"].decisions.$get({ param: { id: String(id) } });

/** The notifications with this title the user got about this object (the demo's finished jobs have their own). */
async function notified(t: TestApp, email: string, title: string, objectId: number) {
  const [user] = await t.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return (await t.deps.db.select().from(notifications).where(and(
    eq(notifications.userId, user.id),
    eq(notifications.title, title),
    eq(notifications.relatedObjectId, objectId),
  ))).length;
}

const send = (t: TestApp, estimateId: number, as = ENGINEER) =>
  t.as(as).api.estimates[":id{[0-9]+}"]["send-to-client"].$post({
    param: { id: String(estimateId) },
    json: {},
  });

Deno.test("[api] POST /api/estimates/:id/send-to-client is for estimate editors of the company", () =>
  withTestApp(async (t) => {
    const j = await clientLinkJob(t);
    await expectJson(send(t, j.estimate.id, "surveyor@demo.local"), 403);
    await expectJson(send(t, j.estimate.id, "foreman@demo.local"), 403);
    await expectJson(send(t, j.estimate.id, "admin@other.local"), 404);
    await expectJson(
      // a body the types refuse: a text where a boolean is due
      t.as(ENGINEER).post(`/api/estimates/${j.estimate.id}/send-to-client`, { showItems: "да" }),
      422,
    );
    const sent = await expectOk(send(t, j.estimate.id), 201);
    assert.match(sent.url, /\/c\/[A-Za-z0-9_-]{40,}$/);
    const o = await objectOf(t, j.task.objectId);
    assert.deepEqual([o.status, o.stage, o.badge.label], [
      "estimation_done",
      "quote_sent",
      "Смета у клиента",
    ]);
    const e = await expectOk(estimate(t, j.estimate.id));
    assert.equal(e.status, "sent");
    const page = await t.request(`/c/${tokenOf(sent.url)}`);
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.ok(
      html.includes(`Смета № ${e.estimateNumber}`),
      "the client sees the estimate without a contract",
    );
  }));

Deno.test("[api] the client asks for changes with a comment, the engineer hears it, a new sending clears it", () =>
  withTestApp(async (t) => {
    const j = await clientLinkJob(t);
    const token = tokenOf((await expectOk(send(t, j.estimate.id), 201)).url);
    const path = `/api/client-links/${token}/request-changes`;
    const empty = await expectJson(t.request(path, { method: "POST", json: { comment: " " } }), 422);
    assert.ok(empty.errors.comment[0].startsWith("Напишите, что изменить в смете"));
    const answer = await expectJson(
      t.request(path, {
        method: "POST",
        json: { comment: "Уберите, пожалуйста, дренажный тоннель", name: "Смирнов" },
      }),
      201,
    );
    assert.deepEqual([answer.decision.decision, answer.decision.byName], ["changes_requested", "Смирнов"]);
    assert.equal((await objectOf(t, j.task.objectId)).stage, "changes_requested");
    assert.equal(await notified(t, ENGINEER, "Клиент просит изменить смету", j.task.objectId), 1);
    const decisions = await expectOk(decisionsOf(t, j.estimate.id));
    assert.equal(decisions[0].comment, "Уберите, пожалуйста, дренажный тоннель");
    await expectOk(send(t, j.estimate.id), 201);
    assert.equal((await objectOf(t, j.task.objectId)).stage, "quote_sent");
  }));

Deno.test("[api] POST /api/client-links/:token/accept approves the version once: recorded, notified, idempotent", () =>
  withTestApp(async (t) => {
    const j = await clientLinkJob(t);
    const token = tokenOf((await expectOk(send(t, j.estimate.id), 201)).url);
    const accept = () =>
      expectJson(
        t.request(`/api/client-links/${token}/accept`, { method: "POST", json: { name: "Смирнов А. П." } }),
      );
    const first = await accept();
    const again = await accept();
    assert.equal(again.acceptedAt, first.acceptedAt, "a repeat answers the first approval");
    assert.deepEqual([first.approval.byName, first.approval.estimateVersion], ["Смирнов А. П.", 1]);
    const rows = await t.deps.db.select().from(estimateDecisions)
      .where(eq(estimateDecisions.estimateId, j.estimate.id));
    assert.equal(rows.length, 1);
    assert.equal(
      await notified(t, ENGINEER, "Клиент принял смету", j.task.objectId),
      1,
      "the engineer who sent it, once",
    );
    const e = await expectOk(estimate(t, j.estimate.id));
    assert.equal(e.status, "approved");
    const o = await objectOf(t, j.task.objectId);
    assert.deepEqual([o.status, o.stage, o.badge.label], [
      "estimation_done",
      "quote_approved",
      "Смета согласована",
    ]);
    const changes = await expectJson(
      t.request(`/api/client-links/${token}/request-changes`, {
        method: "POST",
        json: { comment: "Поздно?" },
      }),
      409,
    );
    assert.match(changes.message, /уже согласована/);
  }));

Deno.test("[api] a revoked quote link answers 410, a replaced version 409, an unknown token 404", () =>
  withTestApp(async (t) => {
    const j = await clientLinkJob(t);
    const sent = await expectOk(send(t, j.estimate.id), 201);
    const revoke = (as: string) =>
      t.as(as).api.contracts.links[":id"].revoke.$post({ param: { id: String(sent.linkId) } });
    await expectJson(revoke("admin@other.local"), 404);
    await expectOk(revoke(ENGINEER), 200);
    const gone = await expectJson(
      t.request(`/api/client-links/${tokenOf(sent.url)}/accept`, { method: "POST" }),
      410,
    );
    assert.equal(gone.message, "Ссылка больше не действует");
    const second = await expectOk(send(t, j.estimate.id), 201);
    await j.generate({ inlet_pipe_length: 10 });
    const replaced = await expectJson(
      t.request(`/api/client-links/${tokenOf(second.url)}/accept`, { method: "POST" }),
      409,
    );
    assert.match(replaced.message, /Смета изменена/);
    await expectJson(t.request(`/api/client-links/${"x".repeat(43)}/accept`, { method: "POST" }), 404);
  }));

Deno.test("[api] the object's status follows the events and the foreman sees the job once signed and prepaid", () =>
  withTestApp(async (t) => {
    const j = await clientLinkJob(t);
    const objectId = j.task.objectId;
    const foremanSees = async () =>
      (await expectOk(t.as("foreman@demo.local").api.foreman.projects.$get()))
        .some((p) => p.id === objectId);
    await expectJson(
      t.request(
        `/api/client-links/${tokenOf((await expectOk(send(t, j.estimate.id), 201)).url)}/accept`,
        { method: "POST" },
      ),
    );
    const contract = await j.contract();
    const o1 = await objectOf(t, objectId);
    assert.equal(o1.money.value, contract.totalAmount / 100, "the object is worth its contract's total now");
    assert.equal(o1.stage, "quote_approved");
    const { token, paymentId } = await j.link(contract);
    await expectJson(t.request(`/api/client-links/${token}/sign`, {
      method: "POST",
      json: { fullName: "Смирнов Алексей Петрович", signature: drawnPng(), agree: true },
    }));
    const o2 = await objectOf(t, objectId);
    assert.deepEqual([o2.status, o2.badge.label], ["estimation_done", "Ожидает предоплаты"]);
    assert.equal(await foremanSees(), false, "signed but not prepaid: not the foreman's yet");
    await expectOk(
      t.as(ENGINEER).api.payment[":id"].received.$post({
        param: { id: String(paymentId) },
        json: {
          amount: contract.prepaymentAmount,
          receivedOn: "2026-11-20",
        },
      }),
    );
    const o3 = await objectOf(t, objectId);
    assert.deepEqual([o3.status, o3.stage, o3.badge.label], ["approved", "ready", "Готов к работам"]);
    assert.deepEqual(o3.money, {
      value: contract.totalAmount / 100,
      contracted: true,
      received: contract.prepaymentAmount / 100,
      owed: (contract.totalAmount - contract.prepaymentAmount) / 100,
    });
    assert.equal(await foremanSees(), true);
    assert.equal(await notified(t, "foreman@demo.local", "Объект готов к работам", objectId), 1);
    await expectOk(
      t.as("foreman@demo.local").api.foreman.objects[":id"]["start-work"].$post({
        param: { id: String(objectId) },
      }),
    );
    assert.equal((await objectOf(t, objectId)).stage, "works");
    await expectOk(
      t.as("foreman@demo.local").api.foreman.objects[":id"]["complete-work"].$post({
        param: { id: String(objectId) },
      }),
    );
    const done = await objectOf(t, objectId);
    assert.deepEqual(
      [done.status, done.stage],
      ["completed", "works_done"],
      "completed, not yet paid in full",
    );
  }));

Deno.test("[api] with the company rule «Договор подписан» the signed job reaches the foreman without prepayment", () =>
  withTestApp(async (t) => {
    const worksStart = (as: string) => t.as(as).api.settings["works-start"];
    await expectJson(worksStart(ENGINEER).$put({ json: { rule: "contract_signed" } }), 403);
    const bad = await expectJson(
      // a body the types refuse: no such rule
      t.as("director@demo.local").put("/api/settings/works-start", { rule: "x" }),
      422,
    );
    assert.ok(bad.errors.rule[0].startsWith("Выберите"));
    await expectOk(worksStart("director@demo.local").$put({ json: { rule: "contract_signed" } }));
    const j = await clientLinkJob(t);
    await expectOk(
      t.as(ENGINEER).api.estimates[":id{[0-9]+}"].$patch({
        param: { id: String(j.estimate.id) },
        json: { status: "approved", confirmAlerts: true },
      }),
    );
    const approvedBy = await expectOk(decisionsOf(t, j.estimate.id));
    assert.equal(approvedBy[0].byStaff, true, "a staff approval is recorded with who approved");
    const { token } = await j.link(await j.contract());
    await expectJson(t.request(`/api/client-links/${token}/sign`, {
      method: "POST",
      json: { fullName: "Смирнов Алексей Петрович", signature: drawnPng(), agree: true },
    }));
    const o = await objectOf(t, j.task.objectId);
    assert.deepEqual([o.status, o.stage], ["approved", "ready"]);
  }));
