import assert from "node:assert/strict";
import {
  isValidBik,
  isValidCorrespondentAccount,
  isValidInn,
  isValidKpp,
  isValidOgrn,
  isValidOgrnip,
  isValidSettlementAccount,
  requisiteErrors,
} from "./requisites.ts";

// Real registered numbers (ПАО Сбербанк, ООО «Яндекс», ПАО «Газпром нефть», АО «Тинькофф Банк», АО «Альфа-Банк»).
const validInn = [
  "7707083893",
  "7736207543",
  "5504036333",
  "7710140679",
  "7728168971",
  "500100732259",
  "784806113663",
];
const invalidInn = [
  "7707083894",
  "7736207544",
  "500100732258",
  "784806113664",
  "770708389",
  "77070838931",
  "abcdefghij",
];

Deno.test("isValidInn() accepts real 10- and 12-digit ИНН and refuses a wrong check digit", () => {
  for (const inn of validInn) assert.equal(isValidInn(inn), true, inn);
  for (const inn of invalidInn) assert.equal(isValidInn(inn), false, inn);
});

Deno.test("isValidKpp() checks the pattern: 4 digits, 2 digits or letters, 3 digits", () => {
  for (const kpp of ["773601001", "770701001", "7736AB001"]) assert.equal(isValidKpp(kpp), true, kpp);
  for (const kpp of ["77360100", "7736010011", "7736ab001", "77A601001"]) {
    assert.equal(isValidKpp(kpp), false, kpp);
  }
});

Deno.test("isValidOgrn() and isValidOgrnip() check the 13th and 15th digits", () => {
  for (const ogrn of ["1027700132195", "1027700229193", "1037739010891", "1027739642281"]) {
    assert.equal(isValidOgrn(ogrn), true, ogrn);
  }
  for (const ogrn of ["1027700132196", "1027700229190", "102770013219"]) {
    assert.equal(isValidOgrn(ogrn), false, ogrn);
  }
  assert.equal(isValidOgrnip("304500116000157"), true);
  assert.equal(isValidOgrnip("304500116000158"), false);
  assert.equal(isValidOgrnip("30450011600015"), false);
});

// БИК and корр. счёт of real banks; р/с keyed with the БИК.
const banks: [bik: string, cor: string][] = [
  ["044525225", "30101810400000000225"],
  ["044525974", "30101810145250000974"],
  ["044525593", "30101810200000000593"],
  ["044030653", "30101810500000000653"],
];

Deno.test("isValidCorrespondentAccount() checks the key against the БИК", () => {
  for (const [bik, cor] of banks) {
    assert.equal(isValidBik(bik), true, bik);
    assert.equal(isValidCorrespondentAccount(cor, bik), true, `${cor} ${bik}`);
  }
  assert.equal(isValidCorrespondentAccount("30101810400000000226", "044525225"), false);
  assert.equal(isValidCorrespondentAccount("30101810400000000225", "044030653"), false);
  assert.equal(isValidCorrespondentAccount("40101810400000000225", "044525225"), false);
});

Deno.test("isValidSettlementAccount() checks the key against the last three digits of the БИК", () => {
  assert.equal(isValidSettlementAccount("40702810938000000001", "044525225"), true);
  assert.equal(isValidSettlementAccount("40702810938000012345", "044525225"), true);
  assert.equal(isValidSettlementAccount("40702810138000000001", "044525225"), false);
  assert.equal(isValidSettlementAccount("40702810938000000001", "044525974"), false);
  assert.equal(isValidSettlementAccount("4070281093800000000", "044525225"), false);
});

Deno.test("requisiteErrors() names the wrong field in Russian and ignores empty ones", () => {
  assert.deepEqual(requisiteErrors({}), {});
  assert.deepEqual(
    requisiteErrors({
      inn: "7707 083 893",
      kpp: "773601001",
      ogrn: "1027700132195",
      bankBik: "044525225",
      bankAccount: "40702810938000000001",
      bankCorAccount: "30101810400000000225",
    }),
    {},
  );
  const errors = requisiteErrors({
    inn: "7707083894",
    kpp: "7736",
    ogrn: "1027700132196",
    bankBik: "044525225",
    bankAccount: "40702810138000000001",
    bankCorAccount: "30101810400000000226",
  });
  assert.match(errors.inn, /ИНН: неверная контрольная цифра/);
  assert.match(errors.kpp, /^КПП/);
  assert.match(errors.ogrn, /^ОГРН: неверная контрольная цифра/);
  assert.match(errors.bankAccount, /^Расчётный счёт не сходится с БИК/);
  assert.match(errors.bankCorAccount, /^Корреспондентский счёт не сходится с БИК/);
  assert.match(requisiteErrors({ inn: "12345" }).inn, /10 цифр/);
  assert.match(requisiteErrors({ ogrn: "304500116000158" }).ogrn, /^ОГРНИП/);
  assert.match(requisiteErrors({ bankAccount: "40702810938000000001" }).bankAccount, /Укажите БИК/);
  assert.match(requisiteErrors({ bankBik: "04452522" }).bankBik, /9 цифр/);
  assert.match(
    requisiteErrors({ bankBik: "044525225", bankCorAccount: "40101810400000000225" }).bankCorAccount,
    /301/,
  );
});
