// Small valid files for the demo's documents and photos, made in code: a one-page PDF and a PNG picture.
// Deterministic, a few hundred bytes each, so seeding stays fast.

import { concatBytes, crc32 } from "../../domain/bytes.ts";

const encoder = new TextEncoder();

/** A one-page A4 PDF with a frame and a line of (Latin) text; the xref offsets are computed. */
export function demoPdf(title: string): Uint8Array<ArrayBuffer> {
  const text = title.replace(/[^\x20-\x7e]/g, "?").replace(/[()\\]/g, "");
  const stream = `0.2 0.4 0.7 RG 4 w 40 40 515 762 re S BT /F1 20 Tf 60 760 Td (${text}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return encoder.encode(body);
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(encoder.encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

const pngs = new Map<number, Promise<Uint8Array<ArrayBuffer>>>();

/**
 * A 96×64 RGB PNG: sky over grass in the given green, a picture of a plot rather than a blank. Made once
 * per shade and process: tests seed many apps.
 */
export function demoPng(green: number): Promise<Uint8Array<ArrayBuffer>> {
  let png = pngs.get(green);
  if (!png) pngs.set(green, png = makePng(green));
  return png;
}

async function makePng(green: number): Promise<Uint8Array<ArrayBuffer>> {
  const width = 96, height = 64;
  const raw = new Uint8Array(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    const row = y * (1 + width * 3);
    for (let x = 0; x < width; x++) {
      const ground = y > 30 + Math.round(4 * Math.sin(x / 12));
      raw.set(ground ? [70, green, 60] : [150 + y, 190 + y, 240], row + 1 + x * 3);
    }
  }
  // CompressionStream's "deflate" is the zlib format PNG's IDAT holds.
  const idat = new Uint8Array(
    await new Response(new Blob([raw]).stream().pipeThrough(new CompressionStream("deflate"))).arrayBuffer(),
  );
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8);
  return concatBytes([
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", idat),
    chunk("IEND", new Uint8Array()),
  ]);
}
