import assert from "node:assert/strict";
import { amountInWords, numberInWords } from "./amount_words.ts";
import { plural } from "./format.ts";

Deno.test("amountInWords() writes roubles in words and kopecks in figures, as a contract does", () => {
  assert.equal(amountInWords(34_378_000), "триста сорок три тысячи семьсот восемьдесят рублей 00 копеек");
  assert.equal(amountInWords(0), "ноль рублей 00 копеек");
  assert.equal(amountInWords(1), "ноль рублей 01 копейка");
  assert.equal(amountInWords(100), "один рубль 00 копеек");
  assert.equal(amountInWords(202), "два рубля 02 копейки");
  assert.equal(amountInWords(1_105), "одиннадцать рублей 05 копеек");
  assert.equal(amountInWords(2_111), "двадцать один рубль 11 копеек");
  assert.equal(amountInWords(10_313_50), "десять тысяч триста тринадцать рублей 50 копеек");
  assert.equal(amountInWords(100_000), "одна тысяча рублей 00 копеек");
  assert.equal(amountInWords(200_000), "две тысячи рублей 00 копеек");
  assert.equal(amountInWords(2_100_000), "двадцать одна тысяча рублей 00 копеек");
  assert.equal(amountInWords(11_400_021), "сто четырнадцать тысяч рублей 21 копейка");
  assert.equal(amountInWords(100_000_000), "один миллион рублей 00 копеек");
  assert.equal(
    amountInWords(523_400_099_99),
    "пятьсот двадцать три миллиона четыреста тысяч девяносто девять рублей 99 копеек",
  );
  assert.equal(amountInWords(200_000_000_000), "два миллиарда рублей 00 копеек");
});

Deno.test("amountInWords() refuses what is not whole kopecks", () => {
  assert.throws(() => amountInWords(-1), RangeError);
  assert.throws(() => amountInWords(1.5), RangeError);
  assert.throws(() => numberInWords(1e12), RangeError);
});

Deno.test("plural() picks the forms of roubles and kopecks by the Russian rule, teens included", () => {
  const forms = ["рубль", "рубля", "рублей"] as const;
  const cases: [number, string][] = [
    [1, "рубль"],
    [2, "рубля"],
    [4, "рубля"],
    [5, "рублей"],
    [11, "рублей"],
    [
      12,
      "рублей",
    ],
    [14, "рублей"],
    [21, "рубль"],
    [22, "рубля"],
    [111, "рублей"],
    [101, "рубль"],
    [1000, "рублей"],
  ];
  for (const [n, expected] of cases) assert.equal(plural(n, forms), expected, String(n));
  assert.equal(numberInWords(1, { feminine: true }), "одна");
  assert.equal(numberInWords(1_002_003), "один миллион две тысячи три");
});
