import assert from "node:assert/strict";
import {
  expectJson,
  expectOk,
  fileForm,
  storedFiles,
  type TestApp,
  tinyMp4,
  withTestApp,
} from "../testing.ts";

const enc = new TextEncoder();

async function firstObjectId(t: TestApp, as: string): Promise<number> {
  const [o] = await expectOk(t.as(as).api.objects.$get({ query: {} }));
  return o.id;
}

/** An object of the typed client, by id. */
const objectRoute = (t: TestApp, as: string) => t.as(as).api.objects[":id{[0-9]+}"];
/** A document of the typed client, by id. */
const documentRoute = (t: TestApp, as: string) => t.as(as).api.documents[":id{[0-9]+}"];
/** A video of the typed client, by id. */
const videoRoute = (t: TestApp, as: string) => t.as(as).api.videos[":id{[0-9]+}"];

Deno.test("[api] a document round trip keeps the Russian file name and answers inline for PDF", () =>
  withTestApp(async (t) => {
    const objectId = await firstObjectId(t, "surveyor@demo.local");
    const pdf = enc.encode("%PDF-1.4\n% тестовый договор\n%%EOF\n");
    // Uploads are multipart and downloads are bytes: raw requests.
    const doc = await expectJson(
      t.request(`/api/objects/${objectId}/documents`, {
        as: "surveyor@demo.local",
        method: "POST",
        body: fileForm("file", pdf, "Договор подряда №5.pdf", {
          fields: {
            description: "Подписанный договор",
            documentType: "contract",
          },
        }),
      }),
      201,
    );
    assert.deepEqual([doc.fileName, doc.fileType, doc.fileSize, doc.documentType], [
      "Договор подряда №5.pdf",
      "pdf",
      pdf.length,
      "contract",
    ]);
    const list = await expectOk(
      objectRoute(t, "engineer@demo.local").documents.$get({ param: { id: String(objectId) } }),
    );
    assert.equal(list[0].id, doc.id);
    const all = await expectOk(t.as("engineer@demo.local").api.documents.$get({ query: {} }));
    assert.ok(all.some((d) => d.id === doc.id));
    const download = await t.request(doc.fileUrl, { as: "engineer@demo.local" });
    assert.equal(download.status, 200);
    assert.deepEqual(new Uint8Array(await download.arrayBuffer()), pdf);
    const disposition = download.headers.get("Content-Disposition")!;
    assert.match(disposition, /^attachment; filename="[^"]+"; filename\*=UTF-8''/);
    assert.equal(decodeURIComponent(disposition.split("''")[1]), "Договор подряда №5.pdf");
    const inline = await t.request(`${doc.fileUrl}?inline=1`, { as: "engineer@demo.local" });
    assert.match(inline.headers.get("Content-Disposition")!, /^inline;/);
    assert.equal(inline.headers.get("Content-Type"), "application/pdf");
    await inline.body?.cancel();
    // Only the uploader or an administrator deletes.
    const param = { id: String(doc.id) };
    await expectJson(documentRoute(t, "foreman@demo.local").$delete({ param }), 403);
    await expectOk(documentRoute(t, "director@demo.local").$delete({ param }));
    assert.deepEqual(await storedFiles(t), []);
  }));

Deno.test("[api] a disguised executable and a mismatched file are refused with 422 and not kept", () =>
  withTestApp(async (t) => {
    const objectId = await firstObjectId(t, "engineer@demo.local");
    const exe = new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff]);
    // Multipart uploads: raw requests.
    const res = await t.request(`/api/objects/${objectId}/documents`, {
      as: "engineer@demo.local",
      method: "POST",
      body: fileForm("file", exe, "Смета.pdf"),
    });
    assert.equal(res.status, 422);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
    const res2 = await t.request(`/api/objects/${objectId}/documents`, {
      as: "engineer@demo.local",
      method: "POST",
      body: fileForm("file", png, "plan.docx"),
    });
    assert.equal(res2.status, 422);
    const video = await t.request(`/api/objects/${objectId}/videos`, {
      as: "engineer@demo.local",
      method: "POST",
      body: fileForm("video", exe, "clip.mp4"),
    });
    assert.equal(video.status, 422);
    assert.equal((await video.json()).message, "Неверный формат файла");
    const none = await t.request(`/api/objects/${objectId}/videos`, {
      as: "engineer@demo.local",
      method: "POST",
      body: new FormData(),
    });
    assert.equal((await none.json()).errors.video[0], "Файл не выбран");
    assert.deepEqual(await storedFiles(t), []);
  }));

Deno.test("[api] an oversized document is stopped while streaming with 413 and nothing stays on disk", () =>
  withTestApp(async (t) => {
    const objectId = await firstObjectId(t, "engineer@demo.local");
    const big = new Uint8Array(50 * 1024 * 1024 + 10);
    big.set(enc.encode("%PDF-1.4\n"));
    // A streamed body without Content-Length, so the limit is met while writing (raw: its own headers).
    const body = new Response(fileForm("file", big, "big.pdf"));
    const res = await t.request(`/api/objects/${objectId}/documents`, {
      as: "engineer@demo.local",
      method: "POST",
      headers: { "Content-Type": body.headers.get("Content-Type")! },
      body: body.body,
    });
    assert.equal(res.status, 413);
    assert.deepEqual(await storedFiles(t), []);
    // A video announced past 500 MB is refused before it is read.
    const announced = await t.request(`/api/objects/${objectId}/videos`, {
      as: "engineer@demo.local",
      method: "POST",
      headers: {
        "Content-Type": "multipart/form-data; boundary=x",
        "Content-Length": String(600 * 1024 * 1024),
      },
      body: "--x--",
    });
    assert.equal(announced.status, 413);
    assert.equal((await announced.json()).message, "Размер файла не должен превышать 500MB");
  }));

Deno.test("[api] a video uploads, plays by byte range (206) and another company gets 404", () =>
  withTestApp(async (t) => {
    const objectId = await firstObjectId(t, "surveyor@demo.local");
    const mp4 = tinyMp4(10_000);
    // Uploads are multipart and the file is played by byte ranges: raw requests.
    const video = await expectJson(
      t.request(`/api/objects/${objectId}/videos`, {
        as: "surveyor@demo.local",
        method: "POST",
        body: fileForm("video", mp4, "Осмотр участка.mp4", { fields: { description: "Общий вид" } }),
      }),
      201,
    );
    assert.equal(video.mimeType, "video/mp4");
    assert.equal(video.description, "Общий вид");
    const ranged = await t.request(video.fileUrl, {
      as: "engineer@demo.local",
      headers: { Range: "bytes=100-199" },
    });
    assert.equal(ranged.status, 206);
    assert.equal(ranged.headers.get("Content-Range"), "bytes 100-199/10000");
    assert.deepEqual(new Uint8Array(await ranged.arrayBuffer()), mp4.subarray(100, 200));
    const tail = await t.request(video.fileUrl, {
      as: "engineer@demo.local",
      headers: { Range: "bytes=-10" },
    });
    assert.deepEqual(new Uint8Array(await tail.arrayBuffer()), mp4.subarray(9990));
    const beyond = await t.request(video.fileUrl, {
      as: "engineer@demo.local",
      headers: { Range: "bytes=20000-" },
    });
    assert.equal(beyond.status, 416);
    const whole = await t.request(`${video.fileUrl}?download=1`, { as: "engineer@demo.local" });
    assert.equal(whole.status, 200);
    assert.equal(whole.headers.get("Accept-Ranges"), "bytes");
    assert.match(whole.headers.get("Content-Disposition")!, /^attachment;/);
    assert.equal((await whole.arrayBuffer()).byteLength, 10_000);
    const param = { id: String(objectId) };
    const list = await expectOk(objectRoute(t, "engineer@demo.local").videos.$get({ param }));
    assert.equal(list[0].id, video.id);
    // Another company: the object, the video and its file are not found.
    const other = "admin@other.local";
    const videoParam = { id: String(video.id) };
    const reads: [string, () => Promise<{ status: number }>][] = [
      [`/api/objects/${objectId}/videos`, () => objectRoute(t, other).videos.$get({ param })],
      [video.fileUrl, () => t.request(video.fileUrl, { as: other })], // the file's bytes: raw
      [`/api/videos/${video.id}`, () => videoRoute(t, other).$get({ param: videoParam })],
      [`/api/objects/${objectId}/documents`, () => objectRoute(t, other).documents.$get({ param })],
    ];
    for (const [path, read] of reads) {
      assert.equal((await read()).status, 404, path);
    }
    const upload = await t.request(`/api/objects/${objectId}/videos`, {
      as: "admin@other.local",
      method: "POST",
      body: fileForm("video", mp4, "x.mp4"),
    });
    assert.equal(upload.status, 404);
    await expectJson(videoRoute(t, other).$delete({ param: videoParam }), 404);
    await expectOk(videoRoute(t, "surveyor@demo.local").$delete({ param: videoParam }));
    assert.deepEqual(await storedFiles(t), []);
  }));

Deno.test("[api] another company's document answers 404 for read, download and delete", () =>
  withTestApp(async (t) => {
    const objectId = await firstObjectId(t, "engineer@demo.local");
    // A multipart upload: a raw request.
    const res = await t.request(`/api/objects/${objectId}/documents`, {
      as: "engineer@demo.local",
      method: "POST",
      body: fileForm("file", enc.encode("Адрес;Сумма\n"), "реестр.csv"),
    });
    const doc = await res.json();
    const other = "admin@other.local";
    const param = { id: String(doc.id) };
    const sends: [string, () => Promise<{ status: number }>][] = [
      [`GET /api/documents/${doc.id}`, () => documentRoute(t, other).$get({ param })],
      [`GET ${doc.fileUrl}`, () => t.request(doc.fileUrl, { as: other, method: "GET" })], // the file's bytes: raw
      [`DELETE /api/documents/${doc.id}`, () => documentRoute(t, other).$delete({ param })],
    ];
    for (const [what, send] of sends) {
      assert.equal((await send()).status, 404, what);
    }
    const theirs = await expectOk(t.as(other).api.documents.$get({ query: {} }));
    assert.deepEqual(theirs, []);
    assert.equal((await t.as("client@demo.local").api.documents.$get({ query: {} })).status, 403);
  }));
