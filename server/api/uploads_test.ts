// Every upload route refuses a body past its limit while it streams (no Content-Length, or a false one),
// a refused upload leaves no file behind, and a hostile spreadsheet is stopped without stalling the app.
import assert from "node:assert/strict";
import { expectOk, fileForm, storedFiles, withTestApp } from "../testing.ts";
import { priceListBomb, xlsxOf } from "../../estimating/zip_fixture.ts";
import { PriceListFileError } from "../../estimating/mod.ts";
import { readPriceListInWorker } from "../price_list_reader.ts";

const enc = new TextEncoder();
const MB = 1024 * 1024;
const CHUNK = 64 * 1024;

/**
 * A multipart body whose file part runs to `size` bytes without an end, counting the bytes the server
 * pulls (it ends there so that a server reading it whole fails the test instead of hanging it).
 */
function endlessUpload(
  field: string,
  fileName: string,
  signature: Uint8Array,
  size: number,
  before: Record<string, string> = {},
) {
  const counter = { pulled: 0 };
  let first = true;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (counter.pulled >= size) return controller.close();
      const chunk = new Uint8Array(CHUNK).fill(0x41);
      if (first) {
        const fields = Object.entries(before).map(([name, value]) =>
          `--xyz\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
        );
        const head = enc.encode(
          `${
            fields.join("")
          }--xyz\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n\r\n`,
        );
        chunk.set(head);
        chunk.set(signature, head.length);
        first = false;
      }
      counter.pulled += chunk.length;
      controller.enqueue(chunk);
    },
  }, { highWaterMark: 0 });
  return { body, counter };
}

Deno.test("[api] every upload route answers 413 to an oversized chunked body and stops reading it early", () =>
  withTestApp(async (t) => {
    const me = await expectOk(t.as("director@demo.local").api.user.$get());
    const surveyor = await expectOk(t.as("surveyor@demo.local").api.user.$get());
    const [object] = await expectOk(t.as("engineer@demo.local").api.objects.$get({ query: {} }));
    const pdf = enc.encode("%PDF-1.4\n");
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const mp4 = Uint8Array.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d]);
    const routes = [
      {
        path: "/api/profile/avatar",
        as: "surveyor@demo.local",
        field: "file",
        name: "a.png",
        sig: png,
        limit: 5 * MB,
      },
      {
        path: `/api/employees/${surveyor.id}/avatar`,
        as: "surveyor@demo.local",
        field: "avatar",
        name: "a.png",
        sig: png,
        limit: 5 * MB,
      },
      {
        path: `/api/companies/${me.companyId}/logo`,
        as: "director@demo.local",
        field: "file",
        name: "l.png",
        sig: png,
        limit: 1 * MB,
      },
      {
        path: "/api/settings/price-list",
        as: "director@demo.local",
        field: "file",
        name: "p.csv",
        sig: pdf,
        limit: 5 * MB,
      },
      {
        path: `/api/objects/${object.id}/documents`,
        as: "engineer@demo.local",
        field: "file",
        name: "d.pdf",
        sig: pdf,
        limit: 50 * MB,
      },
      {
        path: `/api/objects/${object.id}/videos`,
        as: "engineer@demo.local",
        field: "video",
        name: "v.mp4",
        sig: mp4,
        limit: 500 * MB,
      },
    ];
    for (const route of routes) {
      for (const lie of [null, "1000"]) {
        // The video route is tried once: half a gigabyte each time is enough.
        if (lie && route.limit > 50 * MB) continue;
        const { body, counter } = endlessUpload(route.field, route.name, route.sig, route.limit * 3);
        const headers: Record<string, string> = { "Content-Type": "multipart/form-data; boundary=xyz" };
        if (lie) headers["Content-Length"] = lie;
        // Raw, as every upload here: a streamed multipart body with its own headers.
        const res = await t.request(route.path, { as: route.as, method: "POST", headers, body });
        assert.equal(res.status, 413, `${route.path} (Content-Length: ${lie})`);
        assert.match((await res.json()).message, /[а-я]/);
        assert.ok(
          counter.pulled < route.limit * 2,
          `${route.path} read ${counter.pulled} bytes for a limit of ${route.limit}`,
        );
        assert.ok(counter.pulled > route.limit, `${route.path} stopped before its limit: ${counter.pulled}`);
      }
    }
    assert.deepEqual(await storedFiles(t), []);
  }));

Deno.test("[api] a document with a bad taskId answers 422 and leaves no file, before or after the file part", () =>
  withTestApp(async (t) => {
    const [object] = await expectOk(t.as("engineer@demo.local").api.objects.$get({ query: {} }));
    const pdf = enc.encode("%PDF-1.4\nhello");
    // The uploads are multipart bodies: raw.
    const url = `/api/objects/${object.id}/documents`;
    for (const taskId of ["abc", "1e400", "-1", "0x10", "999999999"]) {
      const before = await t.request(url, {
        as: "engineer@demo.local",
        method: "POST",
        body: fileForm("file", pdf, "a.pdf", { fields: { taskId } }),
      });
      assert.equal(before.status, 422, taskId);
      assert.ok((await before.json()).errors.taskId, taskId);
      const after = new FormData();
      after.set("file", new File([pdf], "a.pdf"));
      after.set("taskId", taskId);
      const res = await t.request(url, { as: "engineer@demo.local", method: "POST", body: after });
      assert.equal(res.status, 422, `${taskId} after the file`);
      await res.body?.cancel();
    }
    // A taskId sent before the file is refused before a byte of the file is read past the first chunk.
    const { body, counter } = endlessUpload("file", "d.pdf", pdf, 200 * MB, { taskId: "abc" });
    const early = await t.request(url, {
      as: "engineer@demo.local",
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=xyz" },
      body,
    });
    assert.equal(early.status, 422);
    await early.body?.cancel();
    assert.ok(counter.pulled < MB, `read ${counter.pulled} bytes of a refused upload`);
    assert.deepEqual(await storedFiles(t), []);
    const ok = await t.request(url, {
      as: "engineer@demo.local",
      method: "POST",
      body: fileForm("file", pdf, "a.pdf"),
    });
    assert.equal(ok.status, 201);
    assert.equal((await storedFiles(t)).length, 1);
  }));

Deno.test("[api] a zip-bomb price list answers 422 in Russian while other requests are answered", () =>
  withTestApp(async (t) => {
    const bomb = priceListBomb();
    // A multipart upload: raw.
    const upload = t.request("/api/settings/price-list", {
      as: "director@demo.local",
      method: "POST",
      body: fileForm("file", bomb, "bomb.xlsx"),
    });
    const others = Array.from({ length: 5 }, () => t.as("engineer@demo.local").api.user.$get());
    const res = await upload;
    assert.equal(res.status, 422);
    assert.match(
      (await res.json()).errors.file[0],
      /^Не удалось прочитать файл: в книге больше \d+ (ячеек|строк)/,
    );
    for (const other of await Promise.all(others)) {
      assert.equal(other.status, 200);
      await other.body?.cancel();
    }
    const summary = await expectOk(t.as("director@demo.local").api.settings["price-list"].$get());
    assert.equal(summary.source, "default");
  }));

Deno.test("readPriceListInWorker() stops a reading that takes too long", async () => {
  const rows = Array.from(
    { length: 30_000 },
    (_, i) =>
      `<row r="${i + 2}"><c r="A${i + 2}" t="inlineStr"><is><t>К${i}</t></is></c><c r="B${
        i + 2
      }" t="inlineStr"><is><t>Позиция ${i}</t></is></c></row>`,
  );
  const header = '<row r="1"><c r="A1" t="inlineStr"><is><t>Артикул</t></is></c>' +
    '<c r="B1" t="inlineStr"><is><t>Наименование</t></is></c></row>';
  const bytes = xlsxOf(header + rows.join(""));
  const error = await readPriceListInWorker(bytes, "slow.xlsx", { timeoutMs: 20 }).catch((e) => e);
  assert.ok(error instanceof PriceListFileError);
  assert.match(error.message, /слишком долго/);
  const list = await readPriceListInWorker(bytes, "slow.xlsx");
  assert.equal(list.items.length, 30_000);
});
