import assert from "node:assert/strict";
import { STATUS_FOLLOWS_EVENTS } from "../../domain/job_status.ts";
import { createTestApp, expectJson, expectOk, withTestApp } from "../testing.ts";

const newObject = {
  address: "Московская обл, Рузский р-н, п Дорохово, ул Школьная, д 4",
  settlement: "Дорохово",
  region: "Московская область",
  clientName: "Пётр Ильин",
  clientPhone: "+7 916 555-44-33",
  workType: "septic",
  estimatedCost: "315 000 ₽",
  description: "",
} as const;

Deno.test("[api] POST /api/objects fills district, direction and distance, cleans the cost, notifies chief engineers", () =>
  withTestApp(async (t) => {
    const o = await expectOk(t.as("manager@demo.local").api.objects.$post({ json: newObject }), 201);
    assert.equal(o.district, "Рузский");
    assert.equal(o.direction, "Запад");
    assert.equal(o.distanceFromMKAD, 61);
    assert.equal(o.estimatedCost, 315000);
    assert.equal(o.description, null);
    assert.equal(o.status, "new");
    // Coordinates sent by the client win over the gazetteer.
    const o2 = await expectOk(
      t.as("engineer@demo.local").api.objects.$post({
        json: {
          ...newObject,
          settlement: "Нигдейка",
          latitude: 56.3440,
          longitude: 37.5204,
          estimatedCost: 1,
        },
      }),
      201,
    );
    assert.deepEqual([o2.direction, o2.distanceFromMKAD], ["Север", 46]);
    const notes = await expectOk(t.as("engineer@demo.local").api.notifications.$get({ query: {} }));
    assert.ok(notes.some((n) => n.type === "object_created" && n.relatedObjectId === o.id));
    const detail = await expectOk(
      t.as("surveyor@demo.local").api.objects[":id{[0-9]+}"].$get({ param: { id: String(o.id) } }),
    );
    assert.equal(detail.clientName, "Пётр Ильин");
  }));

Deno.test("[api] POST /api/objects answers the spec's messages for missing fields", () =>
  withTestApp(async (t) => {
    // A body the types refuse: the required fields are missing on purpose.
    const body = await expectJson(t.as("manager@demo.local").post("/api/objects", { address: "ab" }), 422);
    assert.equal(body.errors.settlement[0], "Минимум 2 символа");
    assert.equal(body.errors.clientPhone[0], "Телефон обязателен");
    assert.equal(body.errors.estimatedCost[0], "Примерная стоимость обязательна");
  }));

Deno.test("[api] object editing needs an editor role; a surveyor and a foreman get 403", () =>
  withTestApp(async (t) => {
    for (const as of ["surveyor@demo.local", "foreman@demo.local"]) {
      await expectJson(t.as(as).api.objects.$post({ json: newObject }), 403);
    }
    const [first] = await expectOk(t.as("engineer@demo.local").api.objects.$get({ query: {} }));
    const patch = await t.as("surveyor@demo.local").api.objects[":id{[0-9]+}"].$patch({
      param: { id: String(first.id) },
      json: { status: "approved" },
    });
    assert.equal(patch.status, 403);
  }));

Deno.test("[api] GET/PATCH /api/objects/:id of another company answers 404", () =>
  withTestApp(async (t) => {
    const [foreign] = await expectOk(t.as("admin@other.local").api.objects.$get({ query: {} }));
    const engineer = t.as("engineer@demo.local").api;
    const id = String(foreign.id);
    await expectJson(engineer.objects[":id{[0-9]+}"].$get({ param: { id } }), 404);
    await expectJson(
      engineer.objects[":id{[0-9]+}"].$patch({ param: { id }, json: { status: "completed" } }),
      404,
    );
    const list = await expectOk(engineer.objects.$get({ query: { pageSize: "200" } }));
    assert.ok(!list.some((o) => o.id === foreign.id));
  }));

Deno.test("[api] PATCH /api/objects/:id refuses a hand-set status (it follows events) and parses costs", () =>
  withTestApp(async (t) => {
    const engineer = t.as("engineer@demo.local").api;
    const [first] = await expectOk(engineer.objects.$get({ query: { status: "new" } }));
    const param = { id: String(first.id) };
    const refused = await expectJson(
      engineer.objects[":id{[0-9]+}"].$patch({ param, json: { status: "approved", estimatedCost: "1" } }),
      422,
    );
    assert.equal(refused.errors.status[0], STATUS_FOLLOWS_EVENTS);
    const o = await expectOk(
      engineer.objects[":id{[0-9]+}"].$patch({
        param,
        json: { status: "new", estimatedCost: "1 200 000,50", distanceFromMKAD: "33" },
      }),
    );
    assert.deepEqual([o.status, o.estimatedCost, o.distanceFromMKAD], ["new", 1200000.5, 33]);
    assert.equal(o.money.value, 1200000.5, "without a contract the object is worth its rough estimate");
  }));

Deno.test("[api] PUT /api/objects/:id/status-override is the chief engineer's, with a reason, recorded", () =>
  withTestApp(async (t) => {
    const [first] = await expectOk(
      t.as("engineer@demo.local").api.objects.$get({ query: { status: "new" } }),
    );
    const override = (as: string) => t.as(as).api.objects[":id{[0-9]+}"]["status-override"];
    const param = { id: String(first.id) };
    await expectJson(
      override("manager@demo.local").$put({ param, json: { status: "cancelled", reason: "Отказ" } }),
      403,
    );
    const noReason = await expectJson(
      override("engineer@demo.local").$put({ param, json: { status: "cancelled", reason: "" } }),
      422,
    );
    assert.ok(noReason.errors.reason[0].startsWith("Укажите причину"));
    await expectJson(
      override("admin@other.local").$put({ param, json: { status: "cancelled", reason: "Чужой объект" } }),
      404,
    );
    const o = await expectOk(
      override("engineer@demo.local").$put({
        param,
        json: { status: "cancelled", reason: "Клиент отказался от работ" },
      }),
    );
    assert.equal(o.status, "cancelled");
    assert.equal(o.badge.label, "Отменено (вручную)");
    assert.equal(o.statusOverride?.reason, "Клиент отказался от работ");
    const feed = JSON.stringify(
      await expectOk(t.as("engineer@demo.local").api.activity.$get({ query: {} })),
    );
    assert.ok(feed.includes("Статус задан вручную") && feed.includes("Клиент отказался от работ"));
    const back = await expectOk(
      override("engineer@demo.local").$put({ param, json: { status: null, reason: "Ошибка" } }),
    );
    assert.equal(back.statusOverride, null);
    assert.notEqual(back.stage, "override", "the status follows events again");
  }));

Deno.test("[api] GET /api/objects filters by status, work type, district and search, with pagination headers", () =>
  withTestApp(async (t) => {
    const objects = t.as("manager@demo.local").api.objects;
    const all = await objects.$get({ query: { pageSize: "3" } });
    assert.equal(all.headers.get("X-Total-Count"), "13");
    assert.equal((await all.json()).length, 3);
    const page5 = await (await objects.$get({ query: { pageSize: "3", page: "5" } })).json();
    assert.equal(page5.length, 1);
    const septic = await (await objects.$get({ query: { workType: "septic" } })).json();
    assert.ok(septic.length > 0 && septic.every((o) => o.workType === "septic"));
    const istra = await (await objects.$get({ query: { district: "Истринский" } })).json();
    assert.equal(istra.length, 2, "Истра and the finished job at Лечищево");
    const byClient = await (await objects.$get({ query: { q: "петров" } })).json();
    assert.equal(byClient[0].clientName, "Андрей Петров");
    const byAddress = await (await objects.$get({ query: { q: "загорская" } })).json();
    assert.equal(byAddress.length, 1);
    const districts = await (await objects.districts.$get()).json();
    assert.ok(districts.includes("Истринский"));
  }));

Deno.test("[api] GET /api/address/suggest answers from the gazetteer without a DaData key", () =>
  withTestApp(async (t) => {
    const suggest = t.as("manager@demo.local").api.address.suggest;
    const short = await (await suggest.$get({ query: { q: "Ис" } })).json();
    assert.deepEqual(short.suggestions, []);
    const res = await suggest.$get({ query: { q: "Павловская Слобода, ул Лесная 3" } });
    const body = await res.json();
    assert.equal(body.source, "gazetteer");
    assert.ok(body.suggestions.length >= 1 && body.suggestions.length <= 10);
    const [s] = body.suggestions;
    assert.equal(s.data.settlement, "Павловская Слобода");
    assert.equal(s.data.district, "Истринский");
    assert.ok(Number(s.data.geo_lat) > 55);
    // Signed out.
    assert.equal((await t.request("/api/address/suggest?q=Истра")).status, 401);
  }));

Deno.test("[api] GET /api/address/suggest falls back to the gazetteer when DaData fails", async () => {
  const { addressDeps } = await import("./address.ts");
  const original = addressDeps.fetch;
  const t = await createTestApp({ env: { DADATA_API_KEY: "test-key" } });
  try {
    addressDeps.fetch = () => Promise.reject(new Error("offline"));
    const suggest = t.as("manager@demo.local").api.address.suggest;
    const failed = await (await suggest.$get({ query: { q: "Истра" } })).json();
    assert.equal(failed.source, "gazetteer");
    addressDeps.fetch = (_url, init) => {
      assert.equal(new Headers(init?.headers).get("Authorization"), "Token test-key");
      return Promise.resolve(Response.json({
        suggestions: [{
          value: "Московская обл, г Истра, ул Ленина",
          data: { city: "Истра", area: null, settlement: null, geo_lat: "55.9146", geo_lon: "36.8597" },
        }],
      }));
    };
    const ok = await (await suggest.$get({ query: { q: "Истра Ленина" } })).json();
    assert.equal(ok.source, "dadata");
    assert.equal(ok.suggestions[0].data.district, "Истринский");
    assert.equal(ok.suggestions[0].data.distance_from_mkad, 31);
  } finally {
    addressDeps.fetch = original;
    await t.close();
  }
});
