import assert from "node:assert/strict";
import * as z from "zod/mini";
import { boundedInt, calendarDate, isCalendarDate, lineWithinBound, MAX_AMOUNT_KOPECKS } from "./bounds.ts";

Deno.test("isCalendarDate() accepts real days only: no 13th month, no 30 February, 29 February in leap years", () => {
  for (const day of ["2026-01-31", "2028-02-29", "1900-01-01", "2999-12-31"]) {
    assert.ok(isCalendarDate(day), day);
  }
  for (
    const day of [
      "2026-13-45",
      "9999-99-99",
      "2026-00-10",
      "2026-02-30",
      "2026-02-29",
      "2026-1-1",
      "3000-01-01",
    ]
  ) {
    assert.ok(!isCalendarDate(day), day);
  }
  assert.equal(calendarDate().safeParse("2026-02-30").success, false);
});

Deno.test("boundedInt() reads a whole number within its range, the fallback for 1.5, 1e400 or 2^63", () => {
  assert.equal(boundedInt("7", 1, 100, 20), 7);
  for (const text of ["1.5", "1e400", "9223372036854775808", "0", "-1", "", undefined]) {
    assert.equal(boundedInt(text, 1, 100, 20), 20, String(text));
  }
});

Deno.test("lineWithinBound() refuses a quantity × price past 1 млрд ₽", () => {
  assert.ok(lineWithinBound(1, MAX_AMOUNT_KOPECKS));
  assert.ok(!lineWithinBound(1000, 10_000_000_000_000));
});

Deno.test("a check without its own message speaks Russian: a missing field, a wrong type, a number too large", () => {
  const schema = z.object({ a: z.number(), b: z.array(z.string()), c: z.number().check(z.lte(5)) });
  const result = schema.safeParse({ b: "x", c: 6 });
  assert.deepEqual(result.error?.issues.map((i) => i.message), [
    "Обязательное поле",
    "Ожидается список",
    "Не больше 5",
  ]);
});
