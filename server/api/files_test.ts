import assert from "node:assert/strict";
import { expectJson, fileForm, storedFiles, type TestApp, tinyMp4, withTestApp } from "../testing.ts";

const enc = new TextEncoder();

async function firstObjectId(t: TestApp, as: string): Promise<number> {
  const [o] = await (await t.request("/api/objects", { as })).json();
  return o.id;
}

Deno.test("[api] a document round trip keeps the Russian file name and answers inline for PDF", () =>
  withTestApp(async (t) => {
    const objectId = await firstObjectId(t, "surveyor@demo.local");
    const pdf = enc.encode("%PDF-1.4\n% тестовый договор\n%%EOF\n");
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
    const list = await (await t.request(`/api/objects/${objectId}/documents`, { as: "engineer@demo.local" }))
      .json();
    assert.equal(list[0].id, doc.id);
    const all = await (await t.request("/api/documents", { as: "engineer@demo.local" })).json();
    assert.ok(all.some((d: { id: number }) => d.id === doc.id));
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
    assert.equal(
      (await t.as("foreman@demo.local").delete(`/api/documents/${doc.id}`)).status,
      403,
    );
    assert.equal(
      (await t.as("director@demo.local").delete(`/api/documents/${doc.id}`)).status,
      200,
    );
    assert.deepEqual(await storedFiles(t), []);
  }));

Deno.test("[api] a disguised executable and a mismatched file are refused with 422 and not kept", () =>
  withTestApp(async (t) => {
    const objectId = await firstObjectId(t, "engineer@demo.local");
    const exe = new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff]);
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
    // A streamed body without Content-Length, so the limit is met while writing.
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
    const list = await (await t.request(`/api/objects/${objectId}/videos`, { as: "engineer@demo.local" }))
      .json();
    assert.equal(list[0].id, video.id);
    // Another company: the object, the video and its file are not found.
    for (
      const path of [
        `/api/objects/${objectId}/videos`,
        video.fileUrl,
        `/api/videos/${video.id}`,
        `/api/objects/${objectId}/documents`,
      ]
    ) {
      assert.equal((await t.request(path, { as: "admin@other.local" })).status, 404, path);
    }
    const upload = await t.request(`/api/objects/${objectId}/videos`, {
      as: "admin@other.local",
      method: "POST",
      body: fileForm("video", mp4, "x.mp4"),
    });
    assert.equal(upload.status, 404);
    assert.equal(
      (await t.as("admin@other.local").delete(`/api/videos/${video.id}`)).status,
      404,
    );
    assert.equal(
      (await t.as("surveyor@demo.local").delete(`/api/videos/${video.id}`)).status,
      200,
    );
    assert.deepEqual(await storedFiles(t), []);
  }));

Deno.test("[api] another company's document answers 404 for read, download and delete", () =>
  withTestApp(async (t) => {
    const objectId = await firstObjectId(t, "engineer@demo.local");
    const res = await t.request(`/api/objects/${objectId}/documents`, {
      as: "engineer@demo.local",
      method: "POST",
      body: fileForm("file", enc.encode("Адрес;Сумма\n"), "реестр.csv"),
    });
    const doc = await res.json();
    for (
      const [path, method] of [[`/api/documents/${doc.id}`, "GET"], [doc.fileUrl, "GET"], [
        `/api/documents/${doc.id}`,
        "DELETE",
      ]]
    ) {
      assert.equal(
        (await t.request(path, { as: "admin@other.local", method })).status,
        404,
        `${method} ${path}`,
      );
    }
    const theirs = await (await t.request("/api/documents", { as: "admin@other.local" })).json();
    assert.deepEqual(theirs, []);
    assert.equal((await t.request("/api/documents", { as: "client@demo.local" })).status, 403);
  }));
