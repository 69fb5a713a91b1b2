import assert from "node:assert/strict";
import { receiveUploadBytes, type UploadOptions } from "./multipart.ts";
import { concatBytes } from "../domain/bytes.ts";

const enc = new TextEncoder();

/** A stream that hands the bytes out in chunks of the given sizes, cycling. */
function chunked(bytes: Uint8Array, sizes: number[]): ReadableStream<Uint8Array> {
  let at = 0;
  let i = 0;
  return new ReadableStream({
    pull(c) {
      if (at >= bytes.length) return c.close();
      const n = sizes[i++ % sizes.length];
      c.enqueue(bytes.slice(at, at + n));
      at += n;
    },
  });
}

function build(boundary: string, parts: Array<{ headers: string; body: Uint8Array }>): Uint8Array {
  const chunks: Uint8Array[] = [enc.encode("preamble\r\n")];
  for (const p of parts) {
    chunks.push(enc.encode(`--${boundary}\r\n${p.headers}\r\n\r\n`), p.body, enc.encode("\r\n"));
  }
  chunks.push(enc.encode(`--${boundary}--\r\n`));
  return concatBytes(chunks);
}

function upload(boundary: string, body: ReadableStream<Uint8Array>): Request {
  return new Request("http://localhost/upload", {
    method: "POST",
    headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
    body,
  });
}

class NoFile extends Error {}
class TooLarge extends Error {}
const options = (maxBytes = 1024 * 1024): UploadOptions => ({
  field: "file",
  maxBytes,
  noFile: () => new NoFile(),
  tooLarge: () => new TooLarge(),
});

Deno.test("receiveUploadBytes() reads the fields and the file whatever the chunking", async () => {
  const boundary = "----WebKitFormBoundaryAbC123";
  // Binary content full of CR, LF and near-boundaries.
  const file = new Uint8Array(100_000);
  for (let i = 0; i < file.length; i++) file[i] = (i * 31 + (i >> 7)) & 0xff;
  file.set(enc.encode(`\r\n--${boundary.slice(0, -1)}x\r\n--`), 5000);
  const form = (bytes: Uint8Array) =>
    build(boundary, [
      { headers: 'Content-Disposition: form-data; name="description"', body: enc.encode("Договор подряда") },
      {
        headers:
          'Content-Disposition: form-data; name="file"; filename="Договор №5.pdf"\r\nContent-Type: application/pdf',
        body: bytes,
      },
      {
        headers: 'Content-Disposition: form-data; name="skipped"; filename="a.bin"',
        body: bytes.subarray(0, 3000),
      },
      { headers: 'Content-Disposition: form-data; name="documentType"', body: enc.encode("contract") },
    ]);
  // Byte-sized chunks on a shorter file: the parser's cost per chunk makes 100 KB of them take seconds.
  const cases = [[1], [7, 3, 64], [1024], [65536], [Infinity]].map((sizes) => ({
    sizes,
    bytes: sizes[0] < 100 ? file.subarray(0, 10_000) : file,
  }));
  for (const { sizes, bytes } of cases) {
    const got = await receiveUploadBytes(upload(boundary, chunked(form(bytes), sizes)), options());
    assert.equal(got.file.fileName, "Договор №5.pdf");
    assert.deepEqual(got.file.bytes, bytes);
    assert.equal(got.file.size, bytes.length);
    assert.deepEqual(got.fields, { description: "Договор подряда", documentType: "contract" });
  }
});

Deno.test("receiveUploadBytes() refuses a body cut short, a missing file and a field too long", async () => {
  const boundary = "b0undary";
  const cut = enc.encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x"\r\n\r\nabc`,
  );
  await assert.rejects(receiveUploadBytes(upload(boundary, chunked(cut, [4])), options()), NoFile);
  const noFile = build(boundary, [{
    headers: 'Content-Disposition: form-data; name="a"',
    body: enc.encode("1"),
  }]);
  await assert.rejects(receiveUploadBytes(upload(boundary, chunked(noFile, [64])), options()), NoFile);
  const longField = build(boundary, [
    { headers: 'Content-Disposition: form-data; name="a"', body: new Uint8Array(64 * 1024 + 1).fill(97) },
    { headers: 'Content-Disposition: form-data; name="file"; filename="x"', body: enc.encode("abc") },
  ]);
  await assert.rejects(receiveUploadBytes(upload(boundary, chunked(longField, [1000])), options()), NoFile);
  const notMultipart = new Request("http://localhost/upload", { method: "POST", body: "{}" });
  await assert.rejects(receiveUploadBytes(notMultipart, options()), NoFile);
});

Deno.test("receiveUploadBytes() stops a file past its limit, whatever the body's framing", async () => {
  const boundary = "b0undary";
  const body = build(boundary, [{
    headers: 'Content-Disposition: form-data; name="file"; filename="x.png"',
    body: new Uint8Array(2000),
  }]);
  await assert.rejects(receiveUploadBytes(upload(boundary, chunked(body, [300])), options(1999)), TooLarge);
  // Bytes past the file's limit and the envelope, in a part that is not the file, are refused as well.
  const padded = build(boundary, [
    { headers: 'Content-Disposition: form-data; name="other"; filename="o"', body: new Uint8Array(200_000) },
    { headers: 'Content-Disposition: form-data; name="file"; filename="x.png"', body: new Uint8Array(10) },
  ]);
  await assert.rejects(
    receiveUploadBytes(upload(boundary, chunked(padded, [4096])), options(1000)),
    TooLarge,
  );
});
