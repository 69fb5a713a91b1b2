// deno-lint-ignore-file no-explicit-any
// What the database refuses reaches people as 409/422 with a Russian message, never as 500.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { demoSurveyorTask, withTestApp } from "./testing.ts";
import { estimates, tasks } from "../db/schema/mod.ts";
import { constraintViolation } from "./errors.ts";

async function answer(res: Promise<Response>) {
  const r = await res;
  return { status: r.status, body: await r.json() as any };
}

Deno.test("[api] a system_admin creating an object or employee for a company that does not exist gets 422", () =>
  withTestApp(async (t) => {
    const object = await answer(t.request("/api/objects", {
      as: "admin@demo.local",
      method: "POST",
      json: {
        address: "Московская обл, Рузский р-н, п Дорохово, ул Школьная, д 4",
        settlement: "Дорохово",
        region: "Московская область",
        estimatedCost: "315 000 ₽",
        clientName: "Пётр Ильин",
        clientPhone: "+7 916 555-44-33",
        workType: "septic",
        companyId: 987654,
      },
    }));
    assert.equal(object.status, 422, JSON.stringify(object.body));
    assert.deepEqual(object.body.errors.companyId, ["Компания не найдена"]);

    const employee = await answer(
      t.as("admin@demo.local").post("/api/employees", {
        firstName: "Никто",
        lastName: "Нигде",
        email: "nobody@demo.local",
        companyId: 987654,
      }),
    );
    assert.equal(employee.status, 422, JSON.stringify(employee.body));
    assert.deepEqual(employee.body.errors.companyId, ["Компания не найдена"]);
  }));

Deno.test("[api] generating twice for one task makes version 2 of one estimate; an earlier version's number is 409 by hand", () =>
  withTestApp(async (t) => {
    const task = await demoSurveyorTask(t);
    const body = {
      objectId: task.objectId,
      taskId: task.id,
      measurements: { septic_model: "topas-5", residents_count: 4, installation_depth: 2, soil_type: "sand" },
    };
    const send = () => answer(t.as("surveyor@demo.local").post("/api/estimates/generate", body));
    const first = await send();
    const second = await send();
    assert.equal(first.status, 201, JSON.stringify(first.body));
    assert.equal(second.status, 201, JSON.stringify(second.body));
    assert.equal(second.body.estimateNumber, `${first.body.estimateNumber}-v2`);
    assert.equal(second.body.id, first.body.id);
    const [stored] = await t.deps.db.select({ number: estimates.estimateNumber }).from(estimates)
      .where(eq(estimates.id, second.body.id));
    assert.equal(stored.number, second.body.estimateNumber);

    const manual = await answer(t.request("/api/estimates", {
      as: "engineer@demo.local",
      method: "POST",
      json: {
        objectId: task.objectId,
        estimateNumber: first.body.estimateNumber,
        status: "draft",
        items: [{ name: "Станция", unit: "шт", quantity: 1, pricePerUnit: 15_000_000 }],
      },
    }));
    assert.equal(manual.status, 409, JSON.stringify(manual.body));
    const current = await answer(t.request("/api/estimates", {
      as: "engineer@demo.local",
      method: "POST",
      json: {
        objectId: task.objectId,
        estimateNumber: second.body.estimateNumber,
        items: [{ name: "Станция", unit: "шт", quantity: 1, pricePerUnit: 15_000_000 }],
      },
    }));
    assert.equal(current.status, 409, JSON.stringify(current.body));
    assert.equal(manual.body.message, "Смета с таким номером уже существует");
    assert.deepEqual(manual.body.errors, { estimateNumber: ["Смета с таким номером уже существует"] });
  }));

Deno.test("constraintViolation() maps a missing referenced row to 422 and leaves other errors alone", () =>
  withTestApp({ seed: false }, async (t) => {
    const refused = await t.deps.db.insert(tasks).values({
      companyId: 424242,
      title: "Без компании",
      dueDate: new Date(),
    } as any).catch((error) => error);
    assert.ok(refused instanceof Error, "the database refuses the row");
    const mapped = constraintViolation(refused);
    assert.equal(mapped?.status, 422);
    assert.equal(mapped?.message, "Связанная запись не найдена");
    assert.equal(constraintViolation(new Error("disk I/O error")), null);
  }));

Deno.test("[api] GET /api/employees answers 422 for a company number that is no number", () =>
  withTestApp(async (t) => {
    for (const q of ["1e400", "abc", "1.5", "-1", "99999999999999999999"]) {
      const res = await answer(t.request(`/api/employees?companyId=${q}`, { as: "admin@demo.local" }));
      assert.equal(res.status, 422, `${q}: ${JSON.stringify(res.body)}`);
      assert.deepEqual(res.body.errors.companyId, ["Неверный номер компании"], q);
    }
    const all = await t.request("/api/employees?companyId=", { as: "admin@demo.local" });
    assert.equal(all.status, 200);
    assert.ok((await all.json()).length > 0);
  }));
