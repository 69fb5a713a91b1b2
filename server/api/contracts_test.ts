import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import jsQRModule from "jsqr";
import { PNG } from "pngjs";
import JSZip from "jszip";
import { Buffer } from "node:buffer";
import type { InferRequestType } from "hono/client";
import {
  type ApiClient,
  createTestApp,
  expectJson,
  expectOk,
  prepaymentLink,
  type TestApp,
  withTestApp,
} from "../testing.ts";
import { JS_BUDGET_BYTES } from "../js_budget.ts";
import { companies, contracts, contractSignatures, estimates, objects } from "../../db/schema/mod.ts";
import { amountInWords } from "../../domain/amount_words.ts";
import { prepaymentAmount } from "../../domain/contracts.ts";
import { extractPdfText } from "../testing_pdf.ts";
import { sha256Hex } from "../../domain/hash.ts";

// jsqr is CommonJS: its function is the module itself or its default, depending on the loader.
const jsQR = ((jsQRModule as unknown as { default?: unknown }).default ?? jsQRModule) as (
  data: Uint8ClampedArray,
  width: number,
  height: number,
) => { binaryData: number[] } | null;

const ENGINEER = "engineer@demo.local";
const OTHER_ADMIN = "admin@other.local";

/** A contract by id, through the typed client. */
const contractOf = (t: TestApp, as: string, id: number) =>
  t.as(as).api.contracts[":id"].$get({ param: { id: String(id) } });
/** The contract page's data of an object (`GET /api/contracts/object/:objectId`). */
const objectContract = (t: TestApp, as: string, objectId: number) =>
  t.as(as).api.contracts.object[":objectId"].$get({ param: { objectId: String(objectId) } });
/** Revokes a client's link. */
const revoke = (t: TestApp, as: string, linkId: number) =>
  t.as(as).api.contracts.links[":id"].revoke.$post({ param: { id: String(linkId) } });

/** A demo estimate (the newest one) with its object. */
async function demoEstimate(t: TestApp, company = "ООО «Демо Септик»") {
  const [co] = await t.deps.db.select().from(companies).where(eq(companies.name, company));
  const rows = await t.deps.db.select({ e: estimates, o: objects }).from(estimates)
    .innerJoin(objects, eq(objects.id, estimates.objectId)).where(eq(estimates.companyId, co.id));
  assert.ok(rows.length > 0, `${company} has estimates`);
  return { company: co, estimate: rows[0].e, object: rows[0].o, all: rows };
}

const clientData = (over: Record<string, unknown> = {}) => ({
  CLIENT_NAME: "Смирнов Алексей Петрович",
  CLIENT_PHONE: "+7 916 555-12-34",
  CLIENT_PASSPORT: "4510 123456, выдан ОВД Тверского района г. Москвы 12.03.2015",
  CLIENT_ADDRESS: "г. Москва, ул. Тверская, д. 1, кв. 5",
  CONTRACT_NUMBER: "Д-123456",
  PREPAYMENT_PERCENT: 30,
  OBJECT_ADDRESS: "МО, Истринский р-н, д. Лечищево, уч. 12",
  CITY: "Москва",
  ...over,
});

function generateContract(
  t: TestApp,
  x: { objectId: number; workType: string; estimateId?: number },
  over = {},
  as = ENGINEER,
) {
  return t.as(as).api.contracts.generate.$post({
    json: {
      templateId: `${x.workType}_contract`,
      contractData: clientData(over),
      objectId: x.objectId,
      estimateData: x.estimateId ? { id: x.estimateId } : undefined,
    },
  });
}

async function makeContract(t: TestApp, over = {}) {
  const { estimate, object } = await demoEstimate(t);
  const body = await expectOk(
    generateContract(t, { objectId: object.id, workType: object.workType, estimateId: estimate.id }, over),
    201,
  );
  return { estimate, object, contract: body.contract, contractText: body.contractText };
}

type PaymentBody = InferRequestType<ApiClient["payment"]["generate"]["$post"]>["json"];

async function makePayment(t: TestApp) {
  const made = await makeContract(t);
  const payment = await prepaymentLink(t, ENGINEER, {
    amount: made.contract.prepaymentAmount,
    objectId: made.object.id,
  });
  const token = new URL(payment.paymentLink).pathname.split("/").pop()!;
  return { ...made, payment, token };
}

/** Decodes the QR of a PNG data URL back to its text. */
function decodeQr(dataUrl: string): string {
  const png = PNG.sync.read(Buffer.from(dataUrl.split(",")[1], "base64"));
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  assert.ok(code, "the QR decodes");
  return new TextDecoder().decode(new Uint8Array(code.binaryData));
}

/** A drawn signature: a small real PNG. */
function signaturePng(): string {
  const png = new PNG({ width: 40, height: 16 });
  for (let i = 0; i < png.data.length; i += 4) {
    const x = (i / 4) % 40;
    const y = Math.floor(i / 4 / 40);
    const ink = Math.abs(y - 8 - Math.round(4 * Math.sin(x / 4))) < 2;
    png.data[i] = png.data[i + 1] = png.data[i + 2] = ink ? 20 : 255;
    png.data[i + 3] = 255;
  }
  const bytes = PNG.sync.write(png);
  return `data:image/png;base64,${btoa(String.fromCharCode(...bytes))}`;
}

Deno.test("[api] POST /api/contracts/generate writes the contract with both parties, the works and the sums in words", () =>
  withTestApp(async (t) => {
    const { estimate, contractText, contract } = await makeContract(t);
    const prepayment = prepaymentAmount(estimate.totalAmount, 30);
    assert.equal(contract.prepaymentAmount, prepayment);
    assert.equal(contract.version, 1);
    assert.equal(contract.textSha256, sha256Hex(contractText));
    for (
      const expected of [
        "ДОГОВОР ПОДРЯДА № Д-123456",
        "ООО «Демо Септик» (ИНН 7723456782, КПП 772301001, ОГРН 1157746123457)",
        "р/с 40702810938000012345",
        "БИК 044525225",
        "Смирнов Алексей Петрович, паспорт 4510 123456",
        "г. Москва, ул. Тверская, д. 1, кв. 5",
        `сметой № ${estimate.estimateNumber}`,
        amountInWords(estimate.totalAmount),
        amountInWords(prepayment),
        "предоплату 30 %",
        "ГАРАНТИЯ",
      ]
    ) assert.ok(contractText.includes(expected), `the contract says "${expected}"`);
    assert.ok(!/\{\{|undefined|null/.test(contractText), "no blank or unknown placeholder");
  }));

Deno.test("[api] POST /api/contracts/generate validates every field with Russian messages", () =>
  withTestApp(async (t) => {
    const { estimate, object } = await demoEstimate(t);
    const x = { objectId: object.id, workType: object.workType, estimateId: estimate.id };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ CLIENT_PASSPORT: "" }, "contractData.CLIENT_PASSPORT", "Паспортные данные обязательны"],
      [{ CLIENT_PASSPORT: "паспорт есть" }, "contractData.CLIENT_PASSPORT", "серию и номер"],
      [{ CLIENT_ADDRESS: " " }, "contractData.CLIENT_ADDRESS", "Адрес регистрации клиента обязателен"],
      [{ CLIENT_NAME: "" }, "contractData.CLIENT_NAME", "ФИО клиента обязательно"],
      [{ CONTRACT_NUMBER: "Д 1" }, "contractData.CONTRACT_NUMBER", "без пробелов"],
      [{ PREPAYMENT_PERCENT: 40 }, "contractData.PREPAYMENT_PERCENT", "20, 30 или 50"],
      [{ OBJECT_ADDRESS: "" }, "contractData.OBJECT_ADDRESS", "Адрес объекта обязателен"],
    ];
    for (const [over, field, message] of cases) {
      const body = await expectJson(generateContract(t, x, over), 422);
      assert.ok(
        body.errors[field]?.some((m: string) => m.includes(message)),
        `${field}: ${JSON.stringify(body)}`,
      );
    }
    const wrongTemplate = await expectJson(
      t.as(ENGINEER).api.contracts.generate.$post({
        json: {
          templateId: "well_drilling_contract",
          contractData: clientData(),
          objectId: object.id,
        },
      }),
      object.workType === "well_drilling" ? 201 : 422,
    );
    if (object.workType !== "well_drilling") assert.ok(wrongTemplate.errors.templateId);
    const unknown = await expectJson(generateContract(t, { ...x, workType: "nonsense" }), 422);
    assert.ok(unknown.errors.templateId[0].includes("Неизвестный шаблон"));
    // The percent also comes as a string from a form.
    await expectJson(generateContract(t, x, { PREPAYMENT_PERCENT: "50", CONTRACT_NUMBER: "Д-50" }), 201);
  }));

Deno.test("[api] a contract number belongs to one object; regenerating makes version 2 and keeps version 1", () =>
  withTestApp(async (t) => {
    const first = await makeContract(t);
    const again = await expectOk(
      generateContract(t, {
        objectId: first.object.id,
        workType: first.object.workType,
        estimateId: first.estimate.id,
      }, {
        CLIENT_NAME: "Смирнова Анна Сергеевна",
      }),
      201,
    );
    assert.equal(again.contract.version, 2);
    const v1 = await expectOk(contractOf(t, ENGINEER, first.contract.id));
    assert.equal(v1.contractText, first.contractText);
    const { all } = await demoEstimate(t);
    const otherObject = all.find((r) => r.o.id !== first.object.id);
    if (otherObject) {
      const taken = await expectJson(
        generateContract(t, {
          objectId: otherObject.o.id,
          workType: otherObject.o.workType,
          estimateId: otherObject.e.id,
        }),
        409,
      );
      assert.ok(taken.errors["contractData.CONTRACT_NUMBER"]);
    }
  }));

Deno.test("[api] POST /api/contracts/generate with one number on ten objects at once: one succeeds, the rest 409", () =>
  withTestApp(async (t) => {
    const { all } = await demoEstimate(t);
    const byObject = new Map(all.filter((r) => r.e.totalAmount > 0).map((r) => [r.o.id, r]));
    const targets = [...byObject.values()].slice(0, 10);
    assert.ok(targets.length >= 2, `${targets.length} objects with an estimate`);
    const answers = await Promise.all(
      targets.map((r) =>
        generateContract(t, { objectId: r.o.id, workType: r.o.workType, estimateId: r.e.id }, {
          CONTRACT_NUMBER: "Д-777",
        })
      ),
    );
    // Any status: the typed answer names only the route's 201.
    const statuses: number[] = answers.map((a) => a.status);
    assert.equal(statuses.filter((s) => s === 201).length, 1, statuses.join(","));
    assert.equal(statuses.filter((s) => s === 409).length, targets.length - 1, statuses.join(","));
    for (const a of answers.filter((_, i) => statuses[i] === 409)) {
      assert.equal((await expectJson(a, 409)).message, "Договор с таким номером уже существует");
    }
    const holders = await t.deps.db.selectDistinct({ objectId: contracts.objectId }).from(contracts)
      .where(eq(contracts.contractNumber, "Д-777"));
    assert.equal(holders.length, 1);
  }));

Deno.test("db: contracts refuse a second object's version of a taken number (the unique index)", () =>
  withTestApp(async (t) => {
    const made = await makeContract(t, { CONTRACT_NUMBER: "Д-900" });
    const [row] = await t.deps.db.select().from(contracts).where(eq(contracts.id, made.contract.id));
    const { id: _, ...copy } = row;
    await assert.rejects(
      t.deps.db.insert(contracts).values({ ...copy, objectId: made.object.id + 1 }),
      (e: Error) => /UNIQUE constraint failed/.test(String(e) + String(e.cause)),
    );
  }));

Deno.test("[api] incomplete or wrong requisites refuse the contract and the QR, naming the fields", () =>
  withTestApp(async (t) => {
    const { company } = await demoEstimate(t);
    await t.deps.db.update(companies).set({ bankAccount: null, ogrn: null }).where(
      eq(companies.id, company.id),
    );
    const { estimate, object } = await demoEstimate(t);
    const body = await expectJson(
      generateContract(t, { objectId: object.id, workType: object.workType, estimateId: estimate.id }),
      409,
    );
    assert.match(body.message, /заполните в настройках компании: ОГРН, Расчётный счёт/);
    assert.ok(body.errors.bankAccount && body.errors.ogrn);
    await t.deps.db.update(companies).set({ ogrn: "1157746123457", bankAccount: "40702810938000012346" })
      .where(eq(companies.id, company.id));
    const wrong = await expectJson(
      generateContract(t, { objectId: object.id, workType: object.workType, estimateId: estimate.id }),
      409,
    );
    assert.match(wrong.message, /Расчётный счёт не сходится с БИК/);
  }));

Deno.test("[api] POST /api/payment/generate answers the ГОСТ QR of the demo requisites with the prepayment in kopecks", () =>
  withTestApp(async (t) => {
    const { estimate, contract, payment } = await makePayment(t);
    const sum = Math.round(estimate.totalAmount * 30 / 100);
    assert.equal(payment.amount, sum);
    assert.match(payment.qrCode, /^data:image\/png;base64,/);
    assert.match(payment.paymentLink, /^http:\/\/localhost\/c\/[A-Za-z0-9_-]{43}$/);
    const day = new Intl.DateTimeFormat("ru-RU", { timeZone: "Europe/Moscow" }).format(
      new Date(contract.createdAt),
    );
    assert.equal(
      decodeQr(payment.qrCode),
      "ST00012|Name=ООО «Демо Септик»|PersonalAcc=40702810938000012345|BankName=ПАО Сбербанк|BIC=044525225|" +
        `CorrespAcc=30101810400000000225|Sum=${sum}|Purpose=Предоплата по договору №Д-123456 от ${day}|` +
        "PayeeINN=7723456782|KPP=772301001",
    );
  }));

Deno.test("[api] POST /api/payment/generate checks the amount, the description and the contract", () =>
  withTestApp(async (t) => {
    const { object, contract } = await makeContract(t);
    const post = (body: PaymentBody, status: number) =>
      expectJson(t.as(ENGINEER).api.payment.generate.$post({ json: body }), status);
    const base = { amount: contract.prepaymentAmount, description: "Предоплата", objectId: object.id };
    assert.ok(
      (await post({ ...base, amount: contract.prepaymentAmount + 1 }, 422)).errors.amount[0].includes("30 %"),
    );
    assert.ok((await post({ ...base, amount: 10.5 }, 422)).errors.amount);
    assert.ok((await post({ ...base, amount: -5 }, 422)).errors.amount);
    assert.ok((await post({ ...base, description: "" }, 422)).errors.description);
    // A body the types refuse (the object's id as text): raw.
    assert.ok(
      (await expectJson(t.as(ENGINEER).post("/api/payment/generate", { ...base, objectId: "x" }), 422)).errors
        .objectId,
    );
    const { all } = await demoEstimate(t);
    const withContract = new Set(
      (await t.deps.db.select({ id: contracts.objectId }).from(contracts)).map((r) => r.id),
    );
    const bare = all.find((r) => r.o.id !== object.id && !withContract.has(r.o.id));
    if (bare) await post({ ...base, objectId: bare.o.id }, 409);
  }));

Deno.test("[api] another company's object, contract and payment answer 404; the foreman reads but cannot make", () =>
  withTestApp(async (t) => {
    const { object, contract } = await makeContract(t);
    const x = { objectId: object.id, workType: object.workType };
    await expectJson(generateContract(t, x, { CONTRACT_NUMBER: "Д-999" }, OTHER_ADMIN), 404);
    await expectJson(contractOf(t, OTHER_ADMIN, contract.id), 404);
    await expectJson(
      t.as(OTHER_ADMIN).api.contracts[":id"].pdf.$get({ param: { id: String(contract.id) } }),
      404,
    );
    await expectJson(objectContract(t, OTHER_ADMIN, object.id), 404);
    await expectJson(
      t.as(OTHER_ADMIN).api.payment.generate.$post({
        json: {
          amount: contract.prepaymentAmount,
          description: "x",
          objectId: object.id,
        },
      }),
      404,
    );
    await expectJson(generateContract(t, x, {}, "foreman@demo.local"), 403);
    const seen = await expectOk(objectContract(t, "foreman@demo.local", object.id));
    assert.equal(seen.contract?.id, contract.id);
    // Signed out: raw.
    await expectJson(t.request(`/api/contracts/${contract.id}`), 401);
  }));

Deno.test("[api] the client's link: opens signed out, signs once with the text's hash, revocation answers 410", () =>
  withTestApp(async (t) => {
    const { token, contract, contractText, payment } = await makePayment(t);
    // The client's page and the link's calls are signed out: raw.
    const page = await t.request(`/c/${token}`);
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.ok(html.includes("Смирнов Алексей Петрович") && html.includes("Д-123456"));
    assert.ok(html.includes("Скопировать реквизиты"));

    const sign = (body: Record<string, unknown>, status: number) =>
      t.request(`/api/client-links/${token}/sign`, {
        method: "POST",
        json: body,
        headers: { "User-Agent": "TestPhone/1.0" },
      }).then((r) => expectJson(r, status));
    const good = { fullName: "Смирнов Алексей Петрович", signature: signaturePng(), agree: true };
    assert.ok((await sign({ ...good, fullName: "Смирнов" }, 422)).errors.fullName);
    assert.ok((await sign({ ...good, signature: "data:image/png;base64," }, 422)).errors.signature);
    assert.ok((await sign({ ...good, agree: false }, 422)).errors.agree);
    const signed = await sign(good, 200);
    assert.equal(signed.textSha256, sha256Hex(contractText));
    const [row] = await t.deps.db.select().from(contractSignatures)
      .where(eq(contractSignatures.contractId, contract.id));
    assert.equal(row.textSha256, sha256Hex(contractText));
    assert.equal(row.userAgent, "TestPhone/1.0");
    assert.equal(row.signerName, "Смирнов Алексей Петрович");
    await sign(good, 409);

    const state = await expectOk(contractOf(t, ENGINEER, contract.id));
    assert.equal(state.signed, true);
    assert.equal(state.signature?.hashMatches, true);
    const notes = await expectOk(t.as(ENGINEER).api.notifications.$get({ query: {} }));
    const titles = notes.map((n) => n.title);
    assert.ok(titles.includes("Клиент подписал договор"), JSON.stringify(titles));
    assert.ok(titles.includes("Клиент открыл ссылку"));

    const pdf = new Uint8Array(
      await (await t.request(`/api/client-links/${token}/contract.pdf`)).arrayBuffer(),
    );
    const text = await extractPdfText(pdf);
    assert.ok(text.includes("Смирнов Алексей Петрович"), "the PDF names the client");
    assert.ok(text.includes(amountInWords(contract.totalAmount).split(" ").slice(0, 3).join(" ")));
    assert.ok(text.includes(sha256Hex(contractText)), "the signed PDF carries the hash");

    await expectOk(
      t.as(ENGINEER).api.payment[":id"].received.$post({
        param: { id: String(payment.paymentId) },
        json: { amount: payment.amount, receivedOn: "2026-11-20" },
      }),
    );
    await expectJson(revoke(t, OTHER_ADMIN, payment.linkId), 404);
    await expectOk(revoke(t, ENGINEER, payment.linkId));
    assert.equal((await t.request(`/c/${token}`)).status, 410);
    assert.equal((await t.request(`/c/${token.slice(0, -2)}xx`)).status, 404);
    await expectJson(t.request(`/api/client-links/${token}/accept`, { method: "POST" }), 410);
  }));

Deno.test("[api] a link opens its own estimate only and expires after 30 days", async () => {
  let now = new Date();
  const t = await createTestApp({ now: () => now });
  try {
    const { token, estimate } = await makePayment(t);
    const html = await (await t.request(`/c/${token}`)).text();
    assert.ok(html.includes(estimate.estimateNumber));
    const others = (await demoEstimate(t)).all.filter((r) => r.e.id !== estimate.id);
    for (const o of others) {
      assert.ok(!html.includes(o.e.estimateNumber), `${o.e.estimateNumber} is not shown`);
    }
    now = new Date(now.getTime() + 31 * 86_400_000);
    assert.equal((await t.request(`/c/${token}`)).status, 410);
  } finally {
    await t.close();
  }
});

Deno.test("[api] the contract downloads as a .docx with the client and the sum in words", () =>
  withTestApp(async (t) => {
    const { contract } = await makeContract(t);
    // A binary download: raw.
    const res = await t.request(`/api/contracts/${contract.id}/docx`, { as: ENGINEER });
    assert.equal(res.status, 200);
    assert.match(
      decodeURIComponent(res.headers.get("content-disposition")!),
      /Договор_Д-123456_\d\d\.\d\d\.\d{4}\.docx/,
    );
    const zip = await JSZip.loadAsync(new Uint8Array(await res.arrayBuffer()));
    const xml = await zip.file("word/document.xml")!.async("string");
    const text = xml.replace(/<[^>]+>/g, "");
    assert.ok(text.includes("Смирнов Алексей Петрович"));
    assert.ok(text.includes(amountInWords(contract.totalAmount)));
  }));

Deno.test("[api] a customer holding the link attaches the object; once the company confirms, «Мои объекты» shows it; revoking keeps only what was signed", () =>
  withTestApp(async (t) => {
    const { token, payment, object, estimate, contract } = await makePayment(t);
    const attach = (as: string, linkToken: string) =>
      t.as(as).api["client-links"][":token"].attach.$post({ param: { token: linkToken } });
    // Signed out: raw.
    await expectJson(t.request(`/api/client-links/${token}/attach`, { method: "POST" }), 401);
    await expectJson(attach(ENGINEER, token), 403);
    await expectJson(attach("client@demo.local", `${token.slice(1)}x`), 404);
    await expectOk(attach("client@demo.local", token));
    // Holding the link is no proof: the company confirms the customer first.
    const { customerAccess } = await expectOk(objectContract(t, ENGINEER, object.id));
    await expectOk(
      t.as(ENGINEER).api.contracts.object[":objectId"].access.$post({
        param: { objectId: String(object.id) },
        json: { accessId: customerAccess[0].id, decision: "approve" },
      }),
    );
    const profile = await (await t.request("/profile", { as: "client@demo.local" })).text();
    assert.ok(profile.includes("Мои объекты") && profile.includes(object.address));
    assert.ok(profile.includes(estimate.estimateNumber) && profile.includes("Д-123456"));
    assert.ok(!profile.includes("Ожидается назначение в компанию"));
    // The PDF itself: a binary download, raw.
    const pdf = await t.request(`/api/my/contracts/${contract.id}/pdf`, { as: "client@demo.local" });
    assert.equal(pdf.status, 200);
    assert.equal(pdf.headers.get("content-type"), "application/pdf");
    await pdf.body?.cancel();
    // The staff's own documents stay theirs: a customer never reads another contract.
    await expectJson(contractOf(t, "client@demo.local", contract.id), 403);

    // Revoked before signing: the object stays attached, the unsigned contract is no longer shown.
    await expectOk(revoke(t, ENGINEER, payment.linkId));
    const after = await (await t.request("/profile", { as: "client@demo.local" })).text();
    assert.ok(after.includes(object.address));
    assert.ok(!after.includes("Д-123456"));
    const myPdf = (as: string) =>
      t.as(as).api.my.contracts[":id"].pdf.$get({ param: { id: String(contract.id) } });
    await expectJson(myPdf("client@demo.local"), 404);

    // A new link for the same contract, signed, then revoked: the signed contract stays in the profile.
    const again = await prepaymentLink(t, ENGINEER, {
      amount: payment.amount,
      objectId: object.id,
      contractId: contract.id,
    });
    const token2 = new URL(again.paymentLink).pathname.split("/").pop()!;
    // The client signs through the link, signed out: raw.
    await expectJson(
      t.request(`/api/client-links/${token2}/sign`, {
        method: "POST",
        json: { fullName: "Смирнов Алексей Петрович", signature: signaturePng(), agree: true },
      }),
    );
    await expectOk(revoke(t, ENGINEER, again.linkId));
    const signed = await (await t.request("/profile", { as: "client@demo.local" })).text();
    const signedText = signed.replace(/<!-- -->/g, "");
    assert.ok(signedText.includes("Д-123456") && signedText.includes("Подписал Смирнов Алексей Петрович"));
    // Another customer holds no link and sees nothing.
    const stranger = await myPdf("admin@other.local");
    assert.equal(stranger.status, 403);
    await stranger.body?.cancel();
  }));

Deno.test("[api] a company_admin edits the template; an unknown placeholder is refused; the contract uses the company's text", () =>
  withTestApp(async (t) => {
    const { object } = await demoEstimate(t);
    const DIRECTOR = "director@demo.local";
    const list = await expectOk(t.as(DIRECTOR).api.contracts.templates.$get());
    assert.ok(list.placeholders.CLIENT_NAME && list.templates.length > 5);
    const put = (body: string, as = DIRECTOR) =>
      t.as(as).api.contracts.templates[":workType"].$put({
        param: { workType: object.workType },
        json: { body },
      });
    const own =
      `ДОГОВОР № {{CONTRACT_NUMBER}} (свой шаблон компании)\n\nЗаказчик {{CLIENT_NAME}}, паспорт {{CLIENT_PASSPORT}}.\n` +
      `Цена {{TOTAL}} ({{TOTAL_WORDS}}), предоплата {{PREPAYMENT}}.`;
    const typo = await expectJson(put(own.replace("{{CLIENT_NAME}}", "{{CLEINT_NAME}}")), 422);
    assert.equal(typo.errors.body[0], "Неизвестные подстановки: {{CLEINT_NAME}}");
    assert.ok((await expectJson(put("коротко"), 422)).errors.body[0].includes("короткий"));
    await expectJson(put(own, ENGINEER), 403);
    await expectOk(put(own));
    const made = await makeContract(t);
    assert.ok(made.contractText.startsWith("ДОГОВОР № Д-123456 (свой шаблон компании)"));
    assert.ok(made.contractText.includes("Заказчик Смирнов Алексей Петрович"));
    await expectOk(
      t.as(DIRECTOR).api.contracts.templates[":workType"].$delete({ param: { workType: object.workType } }),
    );
    const back = await makeContract(t, { CONTRACT_NUMBER: "Д-2" });
    assert.ok(back.contractText.startsWith("ДОГОВОР ПОДРЯДА № Д-2"));
    // Another company's administrator edits only their own company's templates.
    await expectOk(put(own.replace("свой", "чужой"), OTHER_ADMIN));
    const third = await makeContract(t, { CONTRACT_NUMBER: "Д-3" });
    assert.ok(third.contractText.startsWith("ДОГОВОР ПОДРЯДА № Д-3"));
  }));

Deno.test("[api] the client accepts the estimate through the link; staff record the payment received", () =>
  withTestApp(async (t) => {
    const { token, estimate, payment, contract } = await makePayment(t);
    // The client's link, signed out: raw.
    await expectJson(t.request(`/api/client-links/${token}/accept`, { method: "POST" }));
    const [row] = await t.deps.db.select().from(estimates).where(eq(estimates.id, estimate.id));
    assert.equal(row.status, "approved");
    const notes = await expectOk(t.as(ENGINEER).api.notifications.$get({ query: {} }));
    const titles = notes.map((n) => n.title);
    assert.ok(titles.includes("Клиент принял смету"));

    const received = (body: { amount: number; receivedOn: string }, status: number, as = ENGINEER) =>
      expectJson(
        t.as(as).api.payment[":id"].received.$post({ param: { id: String(payment.paymentId) }, json: body }),
        status,
      );
    assert.ok((await received({ amount: 0, receivedOn: "2026-11-20" }, 422)).errors.amount);
    assert.ok((await received({ amount: payment.amount, receivedOn: "20.11.2026" }, 422)).errors.receivedOn);
    await received({ amount: payment.amount, receivedOn: "2026-11-20" }, 404, OTHER_ADMIN);
    await received({ amount: payment.amount, receivedOn: "2026-11-20" }, 403, "surveyor@demo.local");
    await received({ amount: payment.amount, receivedOn: "2026-11-20" }, 200);
    const state = await expectOk(contractOf(t, "foreman@demo.local", contract.id));
    assert.equal(state.payment?.status, "paid");
    assert.equal(state.payment?.receivedAmount, payment.amount);
    const html = await (await t.request(`/c/${token}`)).text();
    assert.ok(html.includes("Оплата получена"));
    // The foreman's «Договор» opens the contract page with its signature and payment state.
    const page = await t.request(`/contracts/${contract.id}`, { as: "foreman@demo.local" });
    assert.equal(page.status, 200);
    const text = await page.text();
    assert.ok(text.includes("предоплата получена") && text.includes("не подписан"));
    assert.equal((await t.request(`/contracts/${contract.id}`, { as: OTHER_ADMIN })).status, 404);
    await t.deps.db.update(objects).set({ status: "approved" }).where(eq(objects.id, contract.objectId));
    const panel = (await (await t.request("/foreman", { as: "foreman@demo.local" })).text()).replace(
      /<!-- -->/g,
      "",
    );
    assert.ok(panel.includes(`href="/contracts/${contract.id}"`) && panel.includes("Договор №Д-123456"));
  }));

/** gzip bytes of the JavaScript a page loads (its island entries and their preloaded chunks). */
async function pageJs(t: TestApp, path: string, as?: string): Promise<number> {
  const html = await (await t.request(path, { as })).text();
  const urls = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+)"/g)]
    .map((m) => m[1]);
  let total = 0;
  for (const url of new Set(urls)) {
    // Counted as js_budget_test.ts counts: the bytes a browser receives.
    const file = await t.request(url, { headers: { "Accept-Encoding": "gzip, deflate, br" } });
    total += (await file.arrayBuffer()).byteLength;
  }
  return total;
}

Deno.test("[budget] the client's page, the estimate page with the wizard and the contract page receive at most 90 000 bytes of JavaScript", () =>
  withTestApp(async (t) => {
    const { token, contract, estimate } = await makePayment(t);
    const sizes = {
      client: await pageJs(t, `/c/${token}`),
      estimate: await pageJs(t, `/estimates/${estimate.id}`, ENGINEER),
      contract: await pageJs(t, `/contracts/${contract.id}`, ENGINEER),
      templates: await pageJs(t, "/settings?tab=contracts", "director@demo.local"),
    };
    for (const [page, size] of Object.entries(sizes)) {
      assert.ok(size > 0 && size <= JS_BUDGET_BYTES, `${page}: ${size} bytes`);
    }
  }));
