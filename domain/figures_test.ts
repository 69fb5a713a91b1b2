import assert from "node:assert/strict";
import { countOf, displayName, objectForms, personName, plural, taskForms, userForms } from "./format.ts";
import { newCountNote, newForms, newTaskForms, revenueChange, revenueNote } from "./figures.ts";

Deno.test("plural() picks the Russian form for 1, 2–4 and the rest, teens included", () => {
  const cases: [number, string][] = [
    [0, "объектов"],
    [1, "объект"],
    [2, "объекта"],
    [4, "объекта"],
    [5, "объектов"],
    [11, "объектов"],
    [12, "объектов"],
    [14, "объектов"],
    [21, "объект"],
    [22, "объекта"],
    [101, "объект"],
    [111, "объектов"],
    [1_000_002, "объекта"],
  ];
  for (const [n, form] of cases) assert.equal(plural(n, objectForms), form, String(n));
  assert.equal(countOf(2, userForms), "2 пользователя");
  assert.equal(countOf(21, taskForms), "21 задача");
});

Deno.test("revenueChange() never divides by nothing: 'новое' from zero, null with nothing to compare", () => {
  assert.equal(revenueChange(120, 100), "+20%");
  assert.equal(revenueChange(50, 100), "−50%");
  assert.equal(revenueChange(100, 100), "0%");
  assert.equal(revenueChange(9_00, 0), "новое");
  assert.equal(revenueChange(0, 0), null);
  assert.equal(revenueChange(5, null), null);
  assert.equal(revenueNote(9_00, 0, "30d"), "новое: в прошлом периоде 0 ₽");
  assert.equal(revenueNote(0, 0, "30d"), undefined);
  assert.equal(revenueNote(120, 100, "7d"), "+20% к предыдущему периоду");
});

Deno.test("newCountNote() counts what a period added with agreeing forms", () => {
  assert.equal(newCountNote(1, "30d", newForms), "+1 новый за 30 дней");
  assert.equal(newCountNote(3, "7d", newTaskForms), "+3 новых за 7 дней");
  assert.equal(newCountNote(1, "1y", newTaskForms), "+1 новая за год");
  assert.equal(newCountNote(0, "all", newForms), "новых за всё время нет");
});

Deno.test("plural() takes the 2–4 form for a fraction (1,5 задачи)", () => {
  assert.equal(plural(1.5, taskForms), "задачи");
});

Deno.test("personName() joins the parts that are not blank, surname first when asked", () => {
  assert.equal(personName("Иван", "Петров"), "Иван Петров");
  assert.equal(personName("Иван", "Петров", { surnameFirst: true }), "Петров Иван");
  assert.equal(personName(null, "Петров"), "Петров");
  assert.equal(personName(" ", undefined), "");
  assert.equal(displayName({ firstName: "", lastName: null, email: "a@b.ru" }), "a@b.ru");
});
