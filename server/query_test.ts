import assert from "node:assert/strict";
import { pageNumber, positiveInt } from "./query.ts";

Deno.test("positiveInt() takes only digits that make a safe positive integer", () => {
  assert.equal(positiveInt("42"), 42);
  assert.equal(positiveInt("9007199254740991"), 9007199254740991);
  for (
    const odd of [
      "1e400",
      "-1",
      "0",
      "1.5",
      "NaN",
      "",
      " 1",
      "0x10",
      "9007199254740993",
      "Infinity",
      undefined,
    ]
  ) {
    assert.equal(positiveInt(odd), undefined, String(odd));
  }
});

Deno.test("pageNumber() is 1 for anything but a page and at most MAX_PAGE", () => {
  assert.equal(pageNumber("3"), 3);
  assert.equal(pageNumber("abc"), 1);
  assert.equal(pageNumber("9223372036854775808"), 1);
  assert.equal(pageNumber("9007199254740991"), 100_000);
});
