// Small valid files for the demo's documents and photos, made in code: a one-page PDF and a PNG picture.
// Deterministic, a few hundred bytes each, so seeding stays fast.

import { encodeBase64 } from "@oslojs/encoding";
import { concatBytes, crc32 } from "../../domain/bytes.ts";
import type { Executor } from "../client.ts";
import { documents } from "../schema/mod.ts";

/** Where the demo's files go: the write of the app's file storage (server/storage.ts). */
export interface DemoFiles {
  write(key: string, body: ReadableStream<Uint8Array>, options: { maxBytes: number }): Promise<number>;
}

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
  if (!png) {
    pngs.set(
      green,
      png = makePng(
        96,
        64,
        (x, y) => y > 30 + Math.round(4 * Math.sin(x / 12)) ? [70, green, 60] : [150 + y, 190 + y, 240],
      ),
    );
  }
  return png;
}

let signature: Promise<string> | undefined;

/**
 * A client's drawn signature as the signing pad sends it: a `data:image/png;base64,…` URL of a 240×80 PNG with
 * a dark stroke on white (the checks of server/signature_image.ts accept it).
 */
export function demoSignature(): Promise<string> {
  signature ??= makePng(240, 80, (x, y) => {
    const stroke = 40 + Math.round(18 * Math.sin(x / 11) * Math.cos(x / 37));
    return x > 12 && x < 228 && Math.abs(y - stroke) < 2 ? [25, 35, 90] : [255, 255, 255];
  }).then((bytes) => `data:image/png;base64,${encodeBase64(bytes)}`);
  return signature;
}

async function makePng(
  width: number,
  height: number,
  pixel: (x: number, y: number) => [number, number, number],
): Promise<Uint8Array<ArrayBuffer>> {
  const raw = new Uint8Array(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    const row = y * (1 + width * 3);
    for (let x = 0; x < width; x++) raw.set(pixel(x, y), row + 1 + x * 3);
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

/** One demo document: a PDF or a photo of an object (and of its measuring task, for a photo of a measurement). */
export interface DemoFile {
  objectId: number;
  taskId: number | null;
  title: string;
  kind: "pdf" | "photo";
  documentType: string;
  at: Date;
}

/**
 * Writes the demo's files through the storage, all at once, and records them as documents in one
 * statement; the ids in the order of `list` (none without a storage).
 */
export async function storeDemoFiles(
  tx: Executor,
  files: DemoFiles | undefined,
  owner: { companyId: number; uploadedBy: number },
  list: DemoFile[],
): Promise<number[]> {
  if (!files) return [];
  const rows = await Promise.all(list.map(async (f, i) => {
    const bytes = f.kind === "pdf" ? demoPdf(transliterate(f.title)) : await demoPng([120, 150, 180][i % 3]);
    // Named like an upload's key (documents/<company>/<name>); the clean-up deletes it with the company.
    const storageKey = `documents/${owner.companyId}/demo-${i + 1}-${f.kind}`;
    const fileSize = await files.write(storageKey, new Blob([bytes]).stream(), { maxBytes: bytes.length });
    return {
      ...owner,
      objectId: f.objectId,
      taskId: f.taskId,
      fileName: `${f.title}.${f.kind === "pdf" ? "pdf" : "png"}`,
      storageKey,
      fileSize,
      fileType: f.kind === "pdf" ? "application/pdf" : "image/png",
      documentType: f.documentType,
      uploadedAt: f.at,
    };
  }));
  const inserted = await tx.insert(documents).values(rows)
    .returning({ id: documents.id, storageKey: documents.storageKey });
  const idOf = new Map(inserted.map((r) => [r.storageKey, r.id]));
  return rows.map((r) => idOf.get(r.storageKey)!);
}

const latin: Record<string, string> = Object.fromEntries(
  [..."абвгдеёжзийклмнопрстуфхцчшщъыьэюя"].map((c, i) => [
    c,
    [
      "a",
      "b",
      "v",
      "g",
      "d",
      "e",
      "e",
      "zh",
      "z",
      "i",
      "y",
      "k",
      "l",
      "m",
      "n",
      "o",
      "p",
      "r",
      "s",
      "t",
      "u",
      "f",
      "kh",
      "ts",
      "ch",
      "sh",
      "shch",
      "",
      "y",
      "",
      "e",
      "yu",
      "ya",
    ][i],
  ]),
);

/** The PDF's built-in font has no Cyrillic: its line is the title in Latin letters. */
function transliterate(text: string): string {
  return [...text].map((c) => {
    const l = latin[c.toLowerCase()];
    if (l === undefined) return c;
    return c === c.toLowerCase() ? l : l.charAt(0).toUpperCase() + l.slice(1);
  }).join("");
}
