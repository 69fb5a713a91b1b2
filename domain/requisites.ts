// Russian company requisites with their real check digits: ИНН, КПП, ОГРН/ОГРНИП, БИК, bank accounts.
// Pure; shared by the server (422 on a wrong number) and the company forms (the same message at once).

const digits = (value: string) => Array.from(value, Number);

/** Σ dᵢ·wᵢ over the first `weights.length` digits. */
function weighted(value: string, weights: readonly number[]): number {
  const d = digits(value);
  return weights.reduce((sum, w, i) => sum + w * d[i], 0);
}

const inn10Weights = [2, 4, 10, 3, 5, 9, 4, 6, 8];
const inn11Weights = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const inn12Weights = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];

/** ИНН of an organisation (10 digits) or a person (12 digits), check digits included. */
export function isValidInn(inn: string): boolean {
  if (/^\d{10}$/.test(inn)) return (weighted(inn, inn10Weights) % 11) % 10 === Number(inn[9]);
  if (/^\d{12}$/.test(inn)) {
    return (weighted(inn, inn11Weights) % 11) % 10 === Number(inn[10]) &&
      (weighted(inn, inn12Weights) % 11) % 10 === Number(inn[11]);
  }
  return false;
}

/** КПП: 4 digits (tax office), 2 digits or capital Latin letters (reason), 3 digits. */
export function isValidKpp(kpp: string): boolean {
  return /^\d{4}[\dA-Z]{2}\d{3}$/.test(kpp);
}

/** Remainder of a long decimal string, without losing precision. */
function mod(value: string, m: number): number {
  let r = 0;
  for (const ch of value) r = (r * 10 + Number(ch)) % m;
  return r;
}

/** ОГРН (13 digits): the first 12 mod 11, mod 10, is the 13th. */
export function isValidOgrn(ogrn: string): boolean {
  return /^\d{13}$/.test(ogrn) && mod(ogrn.slice(0, 12), 11) % 10 === Number(ogrn[12]);
}

/** ОГРНИП (15 digits): the first 14 mod 13, mod 10, is the 15th. */
export function isValidOgrnip(ogrnip: string): boolean {
  return /^\d{15}$/.test(ogrnip) && mod(ogrnip.slice(0, 14), 13) % 10 === Number(ogrnip[14]);
}

/** БИК: 9 digits. */
export function isValidBik(bik: string): boolean {
  return /^\d{9}$/.test(bik);
}

/** The control key of a 20-digit account behind a 3-digit prefix (weights 7, 1, 3 repeated). */
function accountKeyOk(prefixed: string): boolean {
  const weights = [7, 1, 3];
  let sum = 0;
  for (let i = 0; i < prefixed.length; i++) sum += (Number(prefixed[i]) * weights[i % 3]) % 10;
  return sum % 10 === 0;
}

/** Расчётный счёт (20 digits) keyed with the last three digits of the bank's БИК. */
export function isValidSettlementAccount(account: string, bik: string): boolean {
  return /^\d{20}$/.test(account) && isValidBik(bik) && accountKeyOk(bik.slice(-3) + account);
}

/** Корреспондентский счёт (20 digits, starts 301) keyed with "0" and digits 5–6 of the БИК. */
export function isValidCorrespondentAccount(account: string, bik: string): boolean {
  return /^301\d{17}$/.test(account) && isValidBik(bik) && accountKeyOk("0" + bik.slice(4, 6) + account);
}

export interface Requisites {
  inn?: string | null;
  kpp?: string | null;
  ogrn?: string | null;
  bankBik?: string | null;
  bankAccount?: string | null;
  bankCorAccount?: string | null;
}

/** Keeps digits (and the letters a КПП may hold); spaces and dashes people type are dropped. */
export function cleanRequisite(value: string | null | undefined): string {
  return (value ?? "").replace(/[\s-]/g, "").toUpperCase();
}

/**
 * Checks the filled requisites and returns the Russian message per field (empty when all are right).
 * Empty fields are not checked: every requisite is optional.
 */
export function requisiteErrors(r: Requisites): Record<string, string> {
  const out: Record<string, string> = {};
  const inn = cleanRequisite(r.inn);
  const kpp = cleanRequisite(r.kpp);
  const ogrn = cleanRequisite(r.ogrn);
  const bik = cleanRequisite(r.bankBik);
  const account = cleanRequisite(r.bankAccount);
  const cor = cleanRequisite(r.bankCorAccount);
  if (inn) {
    if (!/^\d{10}$|^\d{12}$/.test(inn)) {
      out.inn = "ИНН должен содержать 10 цифр (организация) или 12 цифр (ИП)";
    } else if (!isValidInn(inn)) out.inn = "ИНН: неверная контрольная цифра, проверьте номер";
  }
  if (kpp && !isValidKpp(kpp)) {
    out.kpp = "КПП должен содержать 9 символов: 4 цифры, 2 цифры или буквы, 3 цифры";
  }
  if (ogrn) {
    if (ogrn.length === 13) {
      if (!/^\d{13}$/.test(ogrn)) out.ogrn = "ОГРН должен содержать только цифры";
      else if (!isValidOgrn(ogrn)) out.ogrn = "ОГРН: неверная контрольная цифра, проверьте номер";
    } else if (ogrn.length === 15) {
      if (!/^\d{15}$/.test(ogrn)) out.ogrn = "ОГРНИП должен содержать только цифры";
      else if (!isValidOgrnip(ogrn)) out.ogrn = "ОГРНИП: неверная контрольная цифра, проверьте номер";
    } else out.ogrn = "ОГРН должен содержать 13 цифр, ОГРНИП — 15 цифр";
  }
  if (bik && !isValidBik(bik)) out.bankBik = "БИК должен содержать 9 цифр";
  if (account) {
    if (!/^\d{20}$/.test(account)) out.bankAccount = "Расчётный счёт должен содержать 20 цифр";
    else if (!bik) out.bankAccount = "Укажите БИК банка: по нему проверяется расчётный счёт";
    else if (isValidBik(bik) && !isValidSettlementAccount(account, bik)) {
      out.bankAccount = "Расчётный счёт не сходится с БИК: неверный ключ, проверьте счёт и БИК";
    }
  }
  if (cor) {
    if (!/^\d{20}$/.test(cor)) out.bankCorAccount = "Корреспондентский счёт должен содержать 20 цифр";
    else if (!cor.startsWith("301")) out.bankCorAccount = "Корреспондентский счёт должен начинаться с 301";
    else if (!bik) out.bankCorAccount = "Укажите БИК банка: по нему проверяется корреспондентский счёт";
    else if (isValidBik(bik) && !isValidCorrespondentAccount(cor, bik)) {
      out.bankCorAccount = "Корреспондентский счёт не сходится с БИК: неверный ключ, проверьте счёт и БИК";
    }
  }
  return out;
}
