// deno-lint-ignore-file no-explicit-any
// What the client's private link accepts, acts on and shows. The link is used signed out (sign, accept) and
// shows pages and files (PDF, DOCX, Excel): those requests stay raw; the rest goes through the typed client.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { and, eq, inArray } from "drizzle-orm";
import ExcelJS from "exceljs";
import JSZip from "jszip";
import { PNG } from "pngjs";
import { expectJson, expectOk, type TestApp, withTestApp } from "../testing.ts";
import { assertClientClean, CLIENT_NOTE, clientLinkJob as job, drawnPng } from "../testing_client_links.ts";
import { extractPdfText } from "../testing_pdf.ts";
import { contractSignatures, estimates, notifications } from "../../db/schema/mod.ts";
import { SIGNATURE_UNREADABLE } from "../signature_image.ts";

const ENGINEER = "engineer@demo.local";
const CLIENT = "client@demo.local";
const sign = (t: TestApp, token: string, signature: string) =>
  t.request(`/api/client-links/${token}/sign`, {
    method: "POST",
    json: { fullName: "Смирнов Алексей Петрович", signature, agree: true },
  });

/** The «Клиент принял смету» notifications about this object (the demo's finished jobs have their own). */
const acceptedNotices = (t: TestApp, objectId: number) =>
  t.deps.db.select().from(notifications).where(
    and(eq(notifications.title, "Клиент принял смету"), eq(notifications.relatedObjectId, objectId)),
  );
const accepted = async (t: TestApp, objectId: number) => (await acceptedNotices(t, objectId)).length;

/** An object's contract summary of the typed client (`/api/contracts/object/:objectId`). */
const contractsOf = (t: TestApp, as: string) => t.as(as).api.contracts.object[":objectId"];

Deno.test("[api] POST /api/client-links/{token}/sign refuses a signature that is not a readable PNG of sane size", () =>
  withTestApp(async (t) => {
    const j = await job(t);
    const contract = await j.contract();
    const { token } = await j.link(contract);
    const real = drawnPng();
    const header = `data:image/png;base64,${
      Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]).toString("base64")
    }`;
    const truncated = real.slice(0, Math.floor(real.length * 0.6)).replace(/=+$/, "");
    const jpegAsPng = `data:image/png;base64,${
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]).toString("base64")
    }`;
    const blank = (() => {
      const png = new PNG({ width: 300, height: 100 });
      png.data.fill(255);
      return `data:image/png;base64,${Buffer.from(PNG.sync.write(png)).toString("base64")}`;
    })();
    for (
      const [what, bad] of [
        ["the 8-byte PNG header", header],
        ["a truncated PNG", truncated],
        ["another format", jpegAsPng],
        ["a 3000×100 image", drawnPng(3000, 100)],
        ["a blank pad", blank],
      ]
    ) {
      const body = await expectJson(sign(t, token, bad), 422);
      assert.deepEqual(body.errors.signature, [SIGNATURE_UNREADABLE], what);
    }
    const stored = await t.deps.db.select().from(contractSignatures)
      .where(eq(contractSignatures.contractId, contract.id));
    assert.equal(stored.length, 0, "nothing stored");
    await expectJson(sign(t, token, real));
    const pdf = await t.request(`/api/client-links/${token}/contract.pdf`);
    assert.equal(pdf.status, 200);
    await pdf.body?.cancel();
  }));

Deno.test("[api] a signature stored unreadable before the check no longer breaks the contract's PDF and DOCX", () =>
  withTestApp(async (t) => {
    const j = await job(t);
    const contract = await j.contract();
    const { token } = await j.link(contract);
    await expectJson(sign(t, token, drawnPng()));
    // The row as the old code stored it: the PNG header alone.
    const poisoned = `data:image/png;base64,${
      Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]).toString("base64")
    }`;
    await t.deps.db.update(contractSignatures).set({ signatureImage: poisoned })
      .where(eq(contractSignatures.contractId, contract.id));
    for (const url of [`/api/client-links/${token}/contract.pdf`, `/api/contracts/${contract.id}/pdf`]) {
      const res = await t.request(url, { as: ENGINEER });
      assert.equal(res.status, 200, url);
      const text = await extractPdfText(new Uint8Array(await res.arrayBuffer()));
      assert.ok(text.includes("Подписал: Смирнов Алексей Петрович"), "the signature's record stays");
      assert.ok(text.includes("Изображение подписи не удалось прочитать"));
    }
    const docx = await t.request(`/api/client-links/${token}/contract.docx`);
    assert.equal(docx.status, 200);
    const xml = await (await JSZip.loadAsync(new Uint8Array(await docx.arrayBuffer())))
      .file("word/document.xml")!.async("string");
    assert.ok(xml.includes("Изображение подписи не удалось прочитать"));
  }));

Deno.test("[api] a link to contract v1 refuses to sign once v2 is made, and its page says so and offers nothing", () =>
  withTestApp(async (t) => {
    const j = await job(t);
    const v1 = await j.contract();
    const old = await j.link(v1);
    const v2 = await j.contract({ PREPAYMENT_PERCENT: 50 });
    assert.equal(v2.version, 2);
    const refused = await expectJson(sign(t, old.token, drawnPng()), 409);
    assert.match(refused.message, /^Договор заменён новой версией 2 от \d\d\.\d\d\.\d{4}/);
    await expectJson(t.request(`/api/client-links/${old.token}/accept`, { method: "POST" }), 409);
    const signaturesOfJob = () =>
      t.deps.db.select().from(contractSignatures).where(
        inArray(contractSignatures.contractId, [v1.id, v2.id]),
      );
    assert.equal((await signaturesOfJob()).length, 0);
    const page = await t.request(`/c/${old.token}`);
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.ok(html.includes("Договор заменён новой версией 2"));
    for (const offer of ["Подписать договор", "Принять смету", "Скопировать реквизиты"]) {
      assert.ok(!html.includes(offer), `no «${offer}»`);
    }
    // The link made for v2 signs v2.
    const fresh = await j.link(v2);
    await expectJson(sign(t, fresh.token, drawnPng()));
    const [row] = await signaturesOfJob();
    assert.equal(row.contractId, v2.id);
  }));

Deno.test("[api] accepting on a link made before the estimate's new version does not approve the new version", () =>
  withTestApp(async (t) => {
    const j = await job(t);
    const { token } = await j.link(await j.contract());
    const v2 = await j.generate({ residents_count: 6 });
    assert.equal(v2.id, j.estimate.id);
    assert.equal(v2.version, 2);
    const refused = await expectJson(t.request(`/api/client-links/${token}/accept`, { method: "POST" }), 409);
    assert.match(refused.message, /^Смета изменена после составления договора/);
    const [row] = await t.deps.db.select().from(estimates).where(eq(estimates.id, j.estimate.id));
    assert.equal(row.version, 2);
    assert.notEqual(row.status, "approved");
    assert.equal(await accepted(t, j.task.objectId), 0);
    // The page still shows the estimate the link was made for (version 1), without «Принять смету».
    const html = await (await t.request(`/c/${token}`)).text();
    assert.ok(html.includes(`Смета № ${j.estimate.estimateNumber}`));
    assert.ok(!html.includes(v2.estimateNumber) && !html.includes("Принять смету"));
  }));

Deno.test("[api] POST /api/client-links/{token}/accept is once per version: repeats notify nobody again", () =>
  withTestApp(async (t) => {
    const j = await job(t);
    const contract = await j.contract();
    const first = await j.link(contract);
    const answers = [];
    for (let i = 0; i < 5; i++) {
      answers.push(
        await expectJson(t.request(`/api/client-links/${first.token}/accept`, { method: "POST" })),
      );
    }
    assert.equal(new Set(answers.map((a) => a.acceptedAt)).size, 1, "the same state each time");
    // A second link to the same version accepts nothing new either.
    const second = await j.link(contract);
    await expectJson(t.request(`/api/client-links/${second.token}/accept`, { method: "POST" }));
    const chiefs = (await acceptedNotices(t, j.task.objectId)).map((n) => n.userId);
    assert.ok(chiefs.length > 0);
    assert.equal(new Set(chiefs).size, chiefs.length, "one notification per chief engineer");
    const [row] = await t.deps.db.select().from(estimates).where(eq(estimates.id, j.estimate.id));
    assert.equal(row.status, "approved");
  }));

Deno.test("[api] every client-facing view — link page, contract PDF, client Excel, print page — shows no internal field and shows the client note", () =>
  withTestApp(async (t) => {
    const j = await job(t);
    const contract = await j.contract();
    const { token } = await j.link(contract);
    const itemised = await j.link(contract, true);
    const sections = await j.link(contract, false);
    const views: [string, string][] = [];
    for (const [name, tk] of [["link page", token], ["itemised link", itemised.token]]) {
      const html = (await (await t.request(`/c/${tk}`)).text()).replace(/<!-- -->/g, "");
      assert.ok(html.includes("Станция") || html.includes("Топас"), `${name} lists the lines`);
      views.push([name, html]);
    }
    views.push(["section-totals link", await (await t.request(`/c/${sections.token}`)).text()]);
    const pdf = await t.request(`/api/client-links/${token}/contract.pdf`);
    views.push(["contract PDF", await extractPdfText(new Uint8Array(await pdf.arrayBuffer()))]);
    const xlsx = await t.request(`/api/estimates/${j.estimate.id}/export`, { as: ENGINEER });
    assert.equal(xlsx.status, 200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await xlsx.arrayBuffer());
    const cells: string[] = [];
    wb.worksheets[0].eachRow((row) =>
      row.eachCell((cell) => {
        const v = cell.value as any;
        cells.push(JSON.stringify(v && typeof v === "object" && "formula" in v ? v.result : v));
      })
    );
    views.push(["client Excel", cells.join("\n")]);
    const print = await t.request(`/estimates/${j.estimate.id}/print`, { as: ENGINEER });
    views.push(["print page", await print.text()]);
    for (const [where, text] of views) assertClientClean(text, where);
    for (const [where, text] of views.filter(([w]) => w !== "contract PDF")) {
      assert.ok(text.includes(CLIENT_NOTE), `${where} shows the «Примечание для клиента»`);
    }
    // The staff's own view keeps everything.
    const own = await t.request(`/api/estimates/${j.estimate.id}/export?for=internal`, { as: ENGINEER });
    assert.equal(own.status, 200);
    await own.body?.cancel();
  }));

Deno.test("[api] attaching an object needs the company's confirmation; the staff see who asked and who confirmed", () =>
  withTestApp(async (t) => {
    const j = await job(t);
    const { token } = await j.link(await j.contract());
    const attach = () => t.as(CLIENT).api["client-links"][":token"].attach.$post({ param: { token } });
    const asked = await expectOk(attach());
    assert.equal(asked.state, "pending");
    const waiting = await (await t.request("/profile", { as: CLIENT })).text();
    assert.ok(!waiting.includes("Д-777"), "nothing shown before the company confirms");
    const param = { objectId: String(j.task.objectId) };
    const summary = await expectOk(contractsOf(t, ENGINEER).$get({ param }));
    const [request] = summary.customerAccess;
    assert.equal(request.email, CLIENT);
    assert.equal(request.approvedAt, null);
    assert.equal(summary.canDecideAccess, true);
    await expectJson(
      contractsOf(t, "admin@other.local").access.$post({
        param,
        json: { accessId: request.id, decision: "approve" },
      }),
      404,
    );
    await expectJson(
      contractsOf(t, "surveyor@demo.local").access.$post({
        param,
        json: { accessId: request.id, decision: "approve" },
      }),
      403,
    );
    await expectJson(
      // Signed out: a raw request.
      t.request(`/api/contracts/object/${j.task.objectId}/access`, {
        method: "POST",
        json: { accessId: request.id, decision: "approve" },
      }),
      401,
    );
    // Another object's path does not reach this request, nor does a made-up decision.
    const elsewhere = j.task.objectId === 1 ? 2 : 1;
    await expectJson(
      contractsOf(t, ENGINEER).access.$post({
        param: { objectId: String(elsewhere) },
        json: { accessId: request.id, decision: "approve" },
      }),
      404,
    );
    const bad = await expectJson(
      // A body the types refuse: an id past any number and an unknown decision.
      t.as(ENGINEER).post(`/api/contracts/object/${j.task.objectId}/access`, {
        accessId: 1e400,
        decision: "maybe",
      }),
      422,
    );
    assert.ok(bad.errors.accessId && bad.errors.decision);
    await expectOk(
      contractsOf(t, ENGINEER).access.$post({ param, json: { accessId: request.id, decision: "approve" } }),
    );
    const after = await expectOk(contractsOf(t, ENGINEER).$get({ param }));
    assert.ok(after.customerAccess[0].approvedAt);
    assert.ok(after.customerAccess[0].approverFirstName || after.customerAccess[0].approverLastName);
    const shown = await (await t.request("/profile", { as: CLIENT })).text();
    assert.ok(shown.includes("Д-777"));
    assert.equal((await expectOk(attach())).state, "approved");
    const asks = await t.deps.db.select().from(notifications).where(
      and(eq(notifications.title, "Клиент просит доступ к объекту")),
    );
    assert.ok(asks.length > 0 && asks.every((n) => n.message?.includes(CLIENT)), "the staff hear who asked");
    // Closing the access takes the object out of the account.
    await expectOk(
      contractsOf(t, ENGINEER).access.$post({ param, json: { accessId: request.id, decision: "reject" } }),
    );
    assert.ok(!(await (await t.request("/profile", { as: CLIENT })).text()).includes("Д-777"));
  }));

Deno.test("[api] the contract writes each sum with «руб.» once, also before the template's full stop", () =>
  withTestApp(async (t) => {
    const j = await job(t);
    await expectOk(
      t.as(ENGINEER).api.estimates[":id{[0-9]+}"].edits.$post({
        param: { id: String(j.estimate.id) },
        json: { action: "set_terms", vatMode: "22" },
      }),
    );
    const contract = await j.contract();
    const { contractText } = await expectOk(
      t.as(ENGINEER).api.contracts[":id"].$get({ param: { id: String(contract.id) } }),
    );
    assert.ok(contractText.includes("в том числе НДС 22 %"), "the VAT sentence is there");
    assert.ok(
      !contractText.includes("руб.."),
      contractText.match(/.{60}руб\.\./)?.[0] ?? "«руб..» in the text",
    );
    assert.match(contractText, /руб\.\n/, "the last line of the works ends with «руб.»");
  }));
