import assert from "node:assert/strict";
import { clientEstimate, clientNotes } from "./client_view.ts";
import { generateEstimate } from "./estimate.ts";
import { accessDifficulties } from "./enums.ts";
import { suggestedDefaultFields } from "./missing.ts";

/** Every prefilled default confirmed, as the measurement form sends them. */
const confirmed = Object.keys(suggestedDefaultFields);

Deno.test("clientNotes() keeps the client's notes and the client note, drops surveyor notes, codes and model ids", () => {
  const notes = clientNotes([
    "Гарантия на работы — 1 год.",
    "Примечание замерщика: собака во дворе",
    "Цены указаны согласно прайс-листу компании (артикулы А001–А220).",
    "Котлован по позиции A086 (латинская A).",
    "Подходит модель Топас 8 (1 600 л/сут, id topas-8).",
    "ГОСТ 25100-2020, СП 32.13330.2018.",
  ], "  Въезд с северной стороны  ");
  assert.deepEqual(notes, [
    "Гарантия на работы — 1 год.",
    "ГОСТ 25100-2020, СП 32.13330.2018.",
    "Въезд с северной стороны",
  ]);
});

Deno.test("clientEstimate() of a generated estimate carries no article code, model id or materials/works part", () => {
  const e = generateEstimate({
    object: { address: "д. Ивановка" },
    measurements: { septic_model: "topas-6", additional_notes: "яблоня", confirmed },
  }, { date: "2026-05-20" });
  const view = clientEstimate({ ...e, vatMode: "none", vatAmount: 0, clientNote: "Позвонить за час" });
  const text = JSON.stringify(view);
  assert.ok(!/topas-6|articleCode|equipmentCost|workCost|яблоня/.test(text), text);
  assert.ok(!/(^|[^\p{L}\d])[АA]\d{3}(?!\d)/u.test(text), text);
  assert.equal(view.lines.length, e.items.length);
  assert.equal(view.itemsTotal, e.items.reduce((s, i) => s + i.totalPrice, 0));
  assert.equal(view.notes.at(-1), "Позвонить за час");
});

Deno.test("generateEstimate() writes a kept access difficulty as Russian a client reads: «подъезд средней сложности»", () => {
  const e = generateEstimate({
    object: { address: "д. Ивановка" },
    measurements: { septic_model: "topas-5", confirmed },
  }, { date: "2026-05-20" });
  const note = e.notes.find((n) => n.startsWith("Принято по умолчанию:")) ?? "";
  assert.ok(note.includes("подъезд средней сложности"), note);
  assert.ok(!note.includes("сложность подъезда"), note);
  assert.deepEqual(accessDifficulties.map((o) => o.label), ["Лёгкий", "Средний", "Сложный", "Очень сложный"]);
});
