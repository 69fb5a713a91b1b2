// Money in Russian words, as a contract writes it: «триста сорок три тысячи семьсот восемьдесят рублей 00 копеек».
// Pure; the contract templates and their tests use it.

import { plural } from "./format.ts";

type Forms = readonly [one: string, few: string, many: string];

const unitsMasculine = ["", "один", "два", "три", "четыре", "пять", "шесть", "семь", "восемь", "девять"];
const unitsFeminine = ["", "одна", "две", "три", "четыре", "пять", "шесть", "семь", "восемь", "девять"];
const teens = [
  "десять",
  "одиннадцать",
  "двенадцать",
  "тринадцать",
  "четырнадцать",
  "пятнадцать",
  "шестнадцать",
  "семнадцать",
  "восемнадцать",
  "девятнадцать",
];
const tens = [
  "",
  "",
  "двадцать",
  "тридцать",
  "сорок",
  "пятьдесят",
  "шестьдесят",
  "семьдесят",
  "восемьдесят",
  "девяносто",
];
const hundreds = [
  "",
  "сто",
  "двести",
  "триста",
  "четыреста",
  "пятьсот",
  "шестьсот",
  "семьсот",
  "восемьсот",
  "девятьсот",
];

/** The scales above units: thousands are feminine («одна тысяча», «две тысячи»), the others masculine. */
const scales: { forms: Forms; feminine: boolean }[] = [
  { forms: ["тысяча", "тысячи", "тысяч"], feminine: true },
  { forms: ["миллион", "миллиона", "миллионов"], feminine: false },
  { forms: ["миллиард", "миллиарда", "миллиардов"], feminine: false },
];

/** 1…999 in words; empty for 0. */
function triadWords(n: number, feminine: boolean): string[] {
  const words: string[] = [];
  const h = Math.floor(n / 100);
  const rest = n % 100;
  if (h) words.push(hundreds[h]);
  if (rest >= 10 && rest < 20) words.push(teens[rest - 10]);
  else {
    const t = Math.floor(rest / 10);
    const u = rest % 10;
    if (t) words.push(tens[t]);
    if (u) words.push((feminine ? unitsFeminine : unitsMasculine)[u]);
  }
  return words;
}

/** A whole non-negative number in words, masculine or feminine for the last group («один рубль», «одна копейка»). */
export function numberInWords(n: number, options: { feminine?: boolean } = {}): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Expected a non-negative integer, got "${n}"`);
  if (n === 0) return "ноль";
  if (n >= 1e12) throw new RangeError(`Number "${n}" is too large to write in words`);
  const words: string[] = [];
  const groups: number[] = [];
  for (let rest = n; rest > 0; rest = Math.floor(rest / 1000)) groups.push(rest % 1000);
  for (let i = groups.length - 1; i >= 0; i--) {
    const g = groups[i];
    if (!g) continue;
    if (i === 0) words.push(...triadWords(g, options.feminine ?? false));
    else {
      const scale = scales[i - 1];
      words.push(...triadWords(g, scale.feminine), plural(g, scale.forms));
    }
  }
  return words.join(" ");
}

const roubleForms: Forms = ["рубль", "рубля", "рублей"];
const kopeckForms: Forms = ["копейка", "копейки", "копеек"];

/**
 * Kopecks as a contract writes the sum: roubles in words, kopecks in two figures.
 * 34_378_000 → «триста сорок три тысячи семьсот восемьдесят рублей 00 копеек».
 */
export function amountInWords(kopecks: number): string {
  if (!Number.isSafeInteger(kopecks) || kopecks < 0) {
    throw new RangeError(`Expected a non-negative amount in kopecks, got "${kopecks}"`);
  }
  const roubles = Math.floor(kopecks / 100);
  const k = kopecks % 100;
  return `${numberInWords(roubles)} ${plural(roubles, roubleForms)} ${String(k).padStart(2, "0")} ${
    plural(k, kopeckForms)
  }`;
}
