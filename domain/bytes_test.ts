import assert from "node:assert/strict";
import { concatBytes, crc32 } from "./bytes.ts";

Deno.test("crc32() gives the IEEE check value of '123456789' and 0 for nothing", () => {
  assert.equal(crc32(new TextEncoder().encode("123456789")), 0xcbf43926);
  assert.equal(crc32(new Uint8Array()), 0);
});

Deno.test("concatBytes() joins the parts in order, empty ones included", () => {
  assert.deepEqual(
    concatBytes([Uint8Array.of(1, 2), new Uint8Array(), Uint8Array.of(3)]),
    Uint8Array.of(1, 2, 3),
  );
  assert.equal(concatBytes([]).length, 0);
});
