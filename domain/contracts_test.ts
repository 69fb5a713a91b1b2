import assert from "node:assert/strict";
import {
  contractDataSchema,
  contractFileName,
  contractValues,
  defaultTemplate,
  placeholders,
  prepaymentAmount,
  renderTemplate,
  unknownPlaceholders,
} from "./contracts.ts";
import { workTypes } from "./enums.ts";
import { signatureProblems } from "./contract_text.ts";
import { gostPaymentString, requisitesProblem } from "./payment_qr.ts";

const company = {
  name: "ООО «Демо Септик»",
  inn: "7723456782",
  kpp: "772301001",
  ogrn: "1157746123457",
  legalAddress: "109029, г. Москва, ул. Нижегородская, д. 32, стр. 4",
  directorName: "Волкова Ирина Сергеевна",
  bankName: "ПАО Сбербанк",
  bankBik: "044525225",
  bankAccount: "40702810938000012345",
  bankCorAccount: "30101810400000000225",
};

const data = contractDataSchema.parse({
  CLIENT_NAME: "Иванов Иван Иванович",
  CLIENT_PASSPORT: "4510 123456 выдан ОВД",
  CLIENT_ADDRESS: "г. Москва, ул. Ленина, 1",
  CONTRACT_NUMBER: "Д-000001",
  PREPAYMENT_PERCENT: "30",
  OBJECT_ADDRESS: "МО, д. Лечищево",
});

Deno.test("prepaymentAmount() rounds total × percent / 100 to whole kopecks", () => {
  assert.equal(prepaymentAmount(34_378_000, 30), 10_313_400);
  assert.equal(prepaymentAmount(1_001, 30), 300); // 300.3
  assert.equal(prepaymentAmount(1_005, 50), 503); // 502.5 rounds half up
  assert.equal(prepaymentAmount(1_003, 20), 201); // 200.6
});

Deno.test("every work type renders the built-in template with no blank and no placeholder left", () => {
  for (const workType of workTypes) {
    const text = renderTemplate(
      defaultTemplate,
      contractValues({
        workType,
        data,
        company,
        estimate: {
          estimateNumber: "СМ-1",
          totalAmount: 34_378_000,
          vatMode: "none",
          vatAmount: 0,
          subtotals: [{ section: "Оборудование", amount: 34_378_000 }],
        },
        date: new Date("2026-11-23T10:00:00Z"),
      }),
    );
    assert.ok(!/\{\{|undefined|null|NaN/.test(text), workType);
    assert.ok(text.includes("триста сорок три тысячи семьсот восемьдесят рублей 00 копеек"), workType);
    assert.ok(text.includes("23 ноября 2026 г."));
    assert.ok(text.includes("НДС не облагается"));
  }
});

Deno.test("a template with an unknown placeholder is an error, not blank text", () => {
  assert.deepEqual(unknownPlaceholders("{{CLIENT_NAME}} {{CLEINT_NAME}} {{ TOTAL }}"), ["CLEINT_NAME"]);
  assert.throws(
    () => renderTemplate("{{NOPE}}", {} as Record<keyof typeof placeholders, string>),
    /Unknown placeholders: "\{\{NOPE\}\}"/,
  );
  assert.deepEqual(unknownPlaceholders(defaultTemplate), []);
});

Deno.test("contractFileName() is Договор_{number}_{date} without unsafe characters", () => {
  assert.equal(
    contractFileName("Д/12 3", new Date("2026-11-23T22:30:00Z"), "pdf"),
    "Договор_Д-12-3_24.11.2026.pdf",
  );
});

Deno.test("requisitesProblem() names the empty fields and the wrong check digits", () => {
  assert.equal(requisitesProblem(company), null);
  const empty = requisitesProblem({ ...company, bankAccount: null, kpp: "" })!;
  assert.match(empty.message, /заполните в настройках компании: Расчётный счёт, КПП/);
  const wrong = requisitesProblem({ ...company, inn: "7723456781" })!;
  assert.match(wrong.message, /ИНН: неверная контрольная цифра/);
});

Deno.test("gostPaymentString() builds the ST00012 string and keeps separators out of the values", () => {
  assert.equal(
    gostPaymentString(company, { sum: 10_313_400, purpose: "Предоплата по договору №Д-1 | от 23.11.2026" }),
    "ST00012|Name=ООО «Демо Септик»|PersonalAcc=40702810938000012345|BankName=ПАО Сбербанк|BIC=044525225|" +
      "CorrespAcc=30101810400000000225|Sum=10313400|Purpose=Предоплата по договору №Д-1 от 23.11.2026|" +
      "PayeeINN=7723456782|KPP=772301001",
  );
  assert.throws(
    () => gostPaymentString({ ...company, bankBik: "04452522" }, { sum: 1, purpose: "x" }),
    /БИК/,
  );
  assert.throws(() => gostPaymentString(company, { sum: 0, purpose: "x" }), RangeError);
});

Deno.test("signatureProblems() asks for the full name, a drawn signature and the consent", () => {
  const png = "data:image/png;base64,iVBORw0KGgo=";
  assert.deepEqual(signatureProblems({ fullName: "Иванов Иван", signature: png, agree: true }), {});
  assert.deepEqual(
    Object.keys(signatureProblems({ fullName: "Иванов", signature: "", agree: false })).sort(),
    [
      "agree",
      "fullName",
      "signature",
    ],
  );
  assert.equal(
    signatureProblems({ fullName: "  ", signature: png, agree: true }).fullName,
    "Введите фамилию, имя и отчество",
  );
});
