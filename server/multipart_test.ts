import assert from "node:assert/strict";
import { boundaryOf, parseDisposition, parseMultipart } from "./multipart.ts";
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

Deno.test("parseMultipart() streams fields and files whatever the chunking", async () => {
  const boundary = "----WebKitFormBoundaryAbC123";
  // Binary content full of CR, LF and near-boundaries.
  const file = new Uint8Array(100_000);
  for (let i = 0; i < file.length; i++) file[i] = (i * 31 + (i >> 7)) & 0xff;
  file.set(enc.encode(`\r\n--${boundary.slice(0, -1)}x\r\n--`), 5000);
  const body = build(boundary, [
    { headers: 'Content-Disposition: form-data; name="description"', body: enc.encode("Договор подряда") },
    {
      headers:
        'Content-Disposition: form-data; name="file"; filename="Договор №5.pdf"\r\nContent-Type: application/pdf',
      body: file,
    },
    {
      headers: 'Content-Disposition: form-data; name="skipped"; filename="a.bin"',
      body: file.subarray(0, 3000),
    },
    { headers: 'Content-Disposition: form-data; name="documentType"', body: enc.encode("contract") },
  ]);
  for (const sizes of [[1], [7, 3, 64], [1024], [65536], [body.length]]) {
    const seen: Record<string, unknown> = {};
    for await (const part of parseMultipart(chunked(body, sizes), boundary)) {
      if (part.name === "file") {
        assert.equal(part.filename, "Договор №5.pdf");
        assert.equal(part.contentType, "application/pdf");
        const got = new Uint8Array(await new Response(part.body).arrayBuffer());
        assert.deepEqual(got, file);
        seen.file = true;
      } else if (part.name === "skipped") {
        seen.skipped = true; // not read: the parser skips it
      } else {
        seen[part.name] = await part.text();
      }
    }
    assert.deepEqual(seen, {
      description: "Договор подряда",
      file: true,
      skipped: true,
      documentType: "contract",
    });
  }
});

Deno.test("parseMultipart() refuses a body cut short", async () => {
  const boundary = "b0undary";
  const body = enc.encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x"\r\n\r\nabc`,
  );
  await assert.rejects(async () => {
    for await (const part of parseMultipart(chunked(body, [4]), boundary)) await part.text();
  });
});

Deno.test("boundaryOf() and parseDisposition() read the headers", () => {
  assert.equal(boundaryOf("multipart/form-data; boundary=abc"), "abc");
  assert.equal(boundaryOf('multipart/form-data; boundary="a b"'), "a b");
  assert.equal(boundaryOf("application/json"), null);
  assert.deepEqual(
    parseDisposition(`form-data; name="f"; filename="a.txt"; filename*=UTF-8''%D0%90%D0%BA%D1%82.pdf`),
    {
      name: "f",
      filename: "Акт.pdf",
    },
  );
});
