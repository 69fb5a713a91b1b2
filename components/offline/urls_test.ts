import assert from "node:assert/strict";
import {
  endsSession,
  fallbackIgnoringQuery,
  type FieldWorkBundle,
  isFieldWorkData,
  isFieldWorkPage,
  isShellAsset,
  warmUrls,
} from "./urls.ts";

const url = (path: string) => new URL(path, "http://127.0.0.1:8160");

Deno.test("the worker caches the surveyor's pages and data, and nothing else of an account", () => {
  for (
    const p of [
      "/surveyor",
      "/surveyor?siteWork=7",
      "/field-work?taskId=7",
      "/objects/3/field-work",
      "/tasks",
    ]
  ) {
    assert.ok(isFieldWorkPage(url(p)), p);
  }
  for (const p of ["/objects", "/estimates", "/estimates/4", "/admin", "/ruslos", "/profile"]) {
    assert.ok(!isFieldWorkPage(url(p)), p);
  }
  assert.ok(isFieldWorkPage(url("/objects?objectId=3")));
  for (
    const p of [
      "/api/offline/field-work",
      "/api/measurements/form",
      "/api/measurements/7",
      "/api/documents?taskId=7&pageSize=200",
      "/api/estimates?objectId=3",
      "/api/estimates/12",
    ]
  ) assert.ok(isFieldWorkData(url(p)), p);
  for (
    const p of [
      "/api/user",
      "/api/documents",
      "/api/estimates",
      "/api/users",
      "/api/notifications",
      "/api/tasks",
    ]
  ) assert.ok(!isFieldWorkData(url(p)), p);
  assert.ok(isShellAsset(url("/_islands/chunks/chunk-AB.js")) && isShellAsset(url("/static/styles.css?v=1")));
  assert.ok(!isShellAsset(url("/sw.js")));
});

Deno.test("signing in or out drops the cached data; only the cabinet opens under another query", () => {
  assert.ok(endsSession("POST", url("/api/logout")) && endsSession("POST", url("/api/login")));
  assert.ok(!endsSession("POST", url("/api/measurements")));
  assert.ok(fallbackIgnoringQuery(url("/surveyor?siteWork=4")));
  assert.ok(!fallbackIgnoringQuery(url("/field-work?taskId=4")));
});

Deno.test("warmUrls() names every task's screen, object card, record, photos and estimates once", () => {
  const task = (id: number, objectId: number) => ({
    id,
    objectId,
    title: "",
    status: "assigned",
    workType: "septic",
    object: { address: "", clientName: "", clientPhone: "", distanceFromMKAD: null },
  });
  const bundle: FieldWorkBundle = {
    account: 1,
    engineUrl: "",
    priceList: null,
    tasks: [task(7, 3), task(8, 3)],
  };
  const urls = warmUrls(bundle);
  assert.equal(new Set(urls).size, urls.length);
  for (
    const u of ["/field-work?taskId=7", "/field-work?taskId=8", "/objects?objectId=3", "/api/measurements/8"]
  ) {
    assert.ok(urls.includes(u), u);
  }
  assert.equal(urls.filter((u) => u === "/api/estimates?objectId=3").length, 1);
  for (const u of urls) assert.ok(isFieldWorkPage(url(u)) || isFieldWorkData(url(u)), `${u} is cached`);
});
