import assert from "node:assert/strict";
import { expectJson, expectOk, fileForm, type TestApp, tinyPng, withTestApp } from "../testing.ts";

/** An employee of the typed client, by id. */
const employee = (t: TestApp, as: string) => t.as(as).api.employees[":id{[0-9]+}"];

Deno.test("[api] POST /api/employees adds to the admin's own company with a password shown once; it signs in", () =>
  withTestApp(async (t) => {
    const e = await expectOk(
      t.as("director@demo.local").api.employees.$post({
        json: {
          firstName: "Антон",
          lastName: "Зуев",
          email: "Zuev@Demo.local",
          companyId: 999,
        },
      }),
      201,
    );
    assert.equal(e.role, "measurement_engineer");
    assert.equal(e.email, "zuev@demo.local");
    assert.equal(
      e.companyId,
      (await expectOk(t.as("director@demo.local").api.user.$get())).companyId,
    );
    assert.equal(typeof e.generatedPassword, "string");
    await t.login("zuev@demo.local", e.generatedPassword);
    // A set password is not echoed; system_admin is never offered; duplicates are refused.
    const set = await expectOk(
      t.as("engineer@demo.local").api.employees.$post({
        json: { firstName: "Б", lastName: "В", email: "b@demo.local", role: "foreman", password: "secret77" },
      }),
      201,
    );
    assert.equal(set.generatedPassword, undefined);
    const director = t.as("director@demo.local").api;
    await expectJson(
      director.employees.$post({
        json: {
          firstName: "А",
          lastName: "Б",
          email: "x@demo.local",
          role: "system_admin",
        },
      }),
      422,
    );
    await expectJson(
      director.employees.$post({
        json: { firstName: "А", lastName: "Б", email: "engineer@demo.local" },
      }),
      422,
    );
    // A body the types refuse: the names left out.
    const missing = await t.as("director@demo.local").post("/api/employees", { email: "" });
    assert.equal((await missing.json()).errors.firstName[0], "Заполните все обязательные поля");
    await expectJson(
      t.as("surveyor@demo.local").api.employees.$post({
        json: { firstName: "А", lastName: "Б", email: "y@demo.local" },
      }),
      403,
    );
  }));

Deno.test("[api] a deactivated employee cannot sign in and their sessions end", () =>
  withTestApp(async (t) => {
    const list = await expectOk(t.as("director@demo.local").api.employees.$get({ query: {} }));
    const foreman = list.find((e) => e.email === "foreman@demo.local")!;
    assert.equal((await t.as("foreman@demo.local").api.user.$get()).status, 200);
    const off = await expectOk(
      employee(t, "director@demo.local").$patch({
        param: { id: String(foreman.id) },
        json: { isActive: false },
      }),
    );
    assert.equal(off.isActive, false);
    assert.equal((await t.as("foreman@demo.local").api.user.$get()).status, 401);
    await assert.rejects(() => t.login("foreman@demo.local"));
    await employee(t, "director@demo.local").$patch({
      param: { id: String(foreman.id) },
      json: { isActive: true },
    });
    await t.login("foreman@demo.local");
    // Another company's employee is not found; a chief engineer may not touch the company administrator.
    const other = await expectOk(t.as("admin@other.local").api.employees.$get({ query: {} }));
    assert.ok(other.every((e) => e.email.endsWith("@other.local")));
    await expectJson(
      employee(t, "director@demo.local").$patch({
        param: { id: String(other[0].id) },
        json: { isActive: false },
      }),
      404,
    );
    const director = list.find((e) => e.email === "director@demo.local")!;
    await expectJson(
      employee(t, "engineer@demo.local").$patch({
        param: { id: String(director.id) },
        json: { isActive: false },
      }),
      403,
    );
  }));

Deno.test("[api] POST /api/employees/:id/avatar takes an image of up to 5 MB, refuses other content", () =>
  withTestApp(async (t) => {
    const me = await expectOk(t.as("surveyor@demo.local").api.user.$get());
    // Multipart uploads: raw requests.
    const res = await t.request(`/api/employees/${me.id}/avatar`, {
      as: "surveyor@demo.local",
      method: "POST",
      body: fileForm("avatar", tinyPng, "me.png"),
    });
    assert.equal(res.status, 200);
    const { profileImageUrl } = await res.json();
    assert.match(profileImageUrl, /^\/api\/profile\/avatar\/\d+\/[a-z0-9]+\.png$/);
    assert.equal(
      (await expectOk(t.as("surveyor@demo.local").api.user.$get())).profileImageUrl,
      profileImageUrl,
    );
    const text = await t.request(`/api/employees/${me.id}/avatar`, {
      as: "surveyor@demo.local",
      method: "POST",
      body: fileForm("avatar", "<svg onload=alert(1)>", "x.png"),
    });
    assert.equal(text.status, 422);
    assert.equal((await text.json()).message, "Неверный тип файла");
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(tinyPng);
    const tooBig = await t.request(`/api/employees/${me.id}/avatar`, {
      as: "surveyor@demo.local",
      method: "POST",
      body: fileForm("avatar", big, "me.png"),
    });
    assert.equal(tooBig.status, 413);
    // A colleague's avatar needs a manager of employees; another company's is not found.
    const director = (await expectOk(t.as("director@demo.local").api.employees.$get({ query: {} })))
      .find((e) => e.email === "director@demo.local")!;
    const avatarBy = async (as: string, id: number) =>
      (await t.request(`/api/employees/${id}/avatar`, {
        as,
        method: "POST",
        body: fileForm("avatar", tinyPng, "me.png"),
      })).status;
    assert.equal(await avatarBy("surveyor@demo.local", director.id), 403);
    assert.equal(await avatarBy("admin@other.local", me.id), 404);
    assert.equal(await avatarBy("director@demo.local", me.id), 200);
  }));
