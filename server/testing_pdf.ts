// Test helper: the text a PDF written by pdf-lib shows, read back through its ToUnicode map.
import { decodePDFRawStream, PDFDocument, PDFRawStream } from "pdf-lib";

const latin1 = (bytes: Uint8Array) => Array.from(bytes, (b) => String.fromCharCode(b)).join("");
const utf16be = (hex: string) =>
  String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((h) => Number.parseInt(h, 16)));

/** Every shown string of the document in order, joined by spaces (wrapped lines read as one text). */
export async function extractPdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await PDFDocument.load(bytes);
  const streams: string[] = [];
  for (const [, obj] of pdf.context.enumerateIndirectObjects()) {
    if (obj instanceof PDFRawStream) streams.push(latin1(decodePDFRawStream(obj).decode()));
  }
  const glyphs = new Map<string, string>();
  for (const cmap of streams.filter((s) => s.includes("beginbfchar"))) {
    for (const m of cmap.matchAll(/<([0-9a-fA-F]{4})>\s*<([0-9a-fA-F]+)>/g)) {
      glyphs.set(m[1].toLowerCase(), utf16be(m[2]));
    }
  }
  const shown: string[] = [];
  for (const s of streams) {
    for (const m of s.matchAll(/<([0-9a-fA-F]*)>\s*Tj/g)) {
      shown.push((m[1].match(/.{4}/g) ?? []).map((g) => glyphs.get(g.toLowerCase()) ?? "\uFFFD").join(""));
    }
  }
  return shown.join(" ").replace(/\s+/g, " ");
}
