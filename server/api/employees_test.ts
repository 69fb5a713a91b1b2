import assert from "node:assert/strict";
import { expectJson, fileForm, tinyPng, withTestApp } from "../testing.ts";

Deno.test("[api] POST /api/employees adds to the admin's own company with a password shown once; it signs in", () =>
  withTestApp(async (t) => {
    const e = await expectJson(
      t.as("director@demo.local").post("/api/employees", {
        firstName: "Антон",
        lastName: "Зуев",
        email: "Zuev@Demo.local",
        companyId: 999,
      }),
      201,
    );
    assert.equal(e.role, "measurement_engineer");
    assert.equal(e.email, "zuev@demo.local");
    assert.equal(
      e.companyId,
      (await (await t.request("/api/user", { as: "director@demo.local" })).json()).companyId,
    );
    assert.equal(typeof e.generatedPassword, "string");
    await t.login("zuev@demo.local", e.generatedPassword);
    // A set password is not echoed; system_admin is never offered; duplicates are refused.
    const set = await t.as("engineer@demo.local").post("/api/employees", {
      firstName: "Б",
      lastName: "В",
      email: "b@demo.local",
      role: "foreman",
      password: "secret77",
    });
    assert.equal(set.status, 201);
    assert.equal((await set.json()).generatedPassword, undefined);
    const admin = await t.as("director@demo.local").post("/api/employees", {
      firstName: "А",
      lastName: "Б",
      email: "x@demo.local",
      role: "system_admin",
    });
    assert.equal(admin.status, 422);
    const dup = await t.as("director@demo.local").post("/api/employees", {
      firstName: "А",
      lastName: "Б",
      email: "engineer@demo.local",
    });
    assert.equal(dup.status, 422);
    const missing = await t.as("director@demo.local").post("/api/employees", { email: "" });
    assert.equal((await missing.json()).errors.firstName[0], "Заполните все обязательные поля");
    const surveyor = await t.as("surveyor@demo.local").post("/api/employees", {
      firstName: "А",
      lastName: "Б",
      email: "y@demo.local",
    });
    assert.equal(surveyor.status, 403);
  }));

Deno.test("[api] a deactivated employee cannot sign in and their sessions end", () =>
  withTestApp(async (t) => {
    const list = await (await t.request("/api/employees", { as: "director@demo.local" })).json();
    const foreman = list.find((e: { email: string }) => e.email === "foreman@demo.local");
    assert.equal((await t.request("/api/user", { as: "foreman@demo.local" })).status, 200);
    const res = await t.as("director@demo.local").patch(`/api/employees/${foreman.id}`, { isActive: false });
    assert.equal(res.status, 200);
    assert.equal((await res.json()).isActive, false);
    assert.equal((await t.request("/api/user", { as: "foreman@demo.local" })).status, 401);
    await assert.rejects(() => t.login("foreman@demo.local"));
    await t.as("director@demo.local").patch(`/api/employees/${foreman.id}`, { isActive: true });
    await t.login("foreman@demo.local");
    // Another company's employee is not found; a chief engineer may not touch the company administrator.
    const other = await (await t.request("/api/employees", { as: "admin@other.local" })).json();
    assert.ok(other.every((e: { email: string }) => e.email.endsWith("@other.local")));
    const theirs = await t.as("director@demo.local").patch(`/api/employees/${other[0].id}`, {
      isActive: false,
    });
    assert.equal(theirs.status, 404);
    const director = list.find((e: { email: string }) => e.email === "director@demo.local");
    const byEngineer = await t.as("engineer@demo.local").patch(`/api/employees/${director.id}`, {
      isActive: false,
    });
    assert.equal(byEngineer.status, 403);
  }));

Deno.test("[api] POST /api/employees/:id/avatar takes an image of up to 5 MB, refuses other content", () =>
  withTestApp(async (t) => {
    const me = await (await t.request("/api/user", { as: "surveyor@demo.local" })).json();
    const res = await t.request(`/api/employees/${me.id}/avatar`, {
      as: "surveyor@demo.local",
      method: "POST",
      body: fileForm("avatar", tinyPng, "me.png"),
    });
    assert.equal(res.status, 200);
    const { profileImageUrl } = await res.json();
    assert.match(profileImageUrl, /^\/api\/profile\/avatar\/\d+\/[a-z0-9]+\.png$/);
    assert.equal(
      (await (await t.request("/api/user", { as: "surveyor@demo.local" })).json()).profileImageUrl,
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
    const director = (await (await t.request("/api/employees", { as: "director@demo.local" })).json())
      .find((e: { email: string }) => e.email === "director@demo.local");
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
