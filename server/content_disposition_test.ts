import assert from "node:assert/strict";
import { parse } from "content-disposition";
import { asciiFileName, contentDisposition } from "./content_disposition.ts";

Deno.test("contentDisposition() carries a Cyrillic name exactly as filename* and an ASCII fallback", () => {
  const header = contentDisposition("Смета_12 (копия).xlsx", { asciiName: "Smeta_12.xlsx" });
  assert.match(header, /^attachment; filename="?Smeta_12\.xlsx"?; filename\*=UTF-8''/);
  assert.equal(parse(header).parameters.filename, "Смета_12 (копия).xlsx");
});

Deno.test("contentDisposition() makes the fallback from the name when no ASCII name is given", () => {
  const header = contentDisposition('Акт "приёмки" №5.pdf', { type: "inline" });
  assert.ok(header.startsWith('inline; filename="'), header);
  assert.ok(!/[^\x20-\x7e]/.test(header), header);
  assert.equal(parse(header).type, "inline");
  assert.equal(parse(header).parameters.filename, 'Акт "приёмки" №5.pdf');
});

Deno.test("contentDisposition() writes an ASCII name as it is, without filename*", () => {
  assert.equal(contentDisposition("analytics-tasks-30d.csv"), "attachment; filename=analytics-tasks-30d.csv");
});

Deno.test("asciiFileName() keeps Latin letters without their accents and replaces the rest", () => {
  assert.equal(asciiFileName("Café №1.pdf"), "Cafe No1.pdf");
  assert.equal(asciiFileName("Смета.xlsx"), "_____.xlsx");
  assert.equal(asciiFileName(""), "file");
});
