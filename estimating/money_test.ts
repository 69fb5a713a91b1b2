import assert from "node:assert/strict";
import { divRound, formatQuantity, formatRub, lineAmount, rubToKopecks, toHundredths } from "./money.ts";

Deno.test("formatRub() matches Intl ru-RU with a no-break space before ₽", () => {
  const intl = new Intl.NumberFormat("ru-RU", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  for (const k of [0, 5, 99, 100, 123456, 100000, 123456789, 99999999999, -12345]) {
    assert.equal(formatRub(k), `${intl.format(k / 100)}\u00A0₽`.replace("\u2212", "-"));
  }
  assert.equal(formatRub(123456789), "1\u00A0234\u00A0567,89\u00A0₽");
});

Deno.test("divRound() rounds half away from zero in integers", () => {
  assert.equal(divRound(150, 100), 2);
  assert.equal(divRound(149, 100), 1);
  assert.equal(divRound(-150, 100), -2);
  assert.equal(divRound(0, 7), 0);
});

Deno.test("toHundredths() and lineAmount() have no floating-point drift", () => {
  assert.equal(toHundredths(0.29), 29);
  assert.equal(toHundredths(1.005), 101);
  assert.equal(toHundredths(8.26), 826);
  assert.equal(rubToKopecks(19.99), 1999);
  // 1 234,57 ₽ × 2,5 = 3 086,425 ₽ → 3 086,43 ₽ (half-up)
  assert.equal(lineAmount(123457, 2.5), 308643);
  // 0,1 + 0,2 in kopecks is exact
  assert.equal(lineAmount(10, 0.1) + lineAmount(20, 0.1), 3);
});

Deno.test("formatQuantity() prints Russian decimals", () => {
  assert.equal(formatQuantity(8.26), "8,26");
  assert.equal(formatQuantity(0.5), "0,5");
  assert.equal(formatQuantity(12), "12");
  assert.equal(formatQuantity(12345.6), "12\u00A0345,6");
});
