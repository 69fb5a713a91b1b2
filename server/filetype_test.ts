import assert from "node:assert/strict";
import { sniffDocument, sniffImage, sniffVideo } from "./filetype.ts";

const bytes = (...parts: Array<string | number[]>) => {
  const out: number[] = [];
  for (const p of parts) out.push(...(typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p));
  return new Uint8Array(out);
};

Deno.test("sniffDocument() recognises documents by content and checks the extension", () => {
  assert.equal(sniffDocument(bytes("%PDF-1.7\n"), "Договор.pdf")?.type, "pdf");
  assert.equal(sniffDocument(bytes([0xff, 0xd8, 0xff, 0xe0]), "фото.JPG")?.type, "jpg");
  assert.equal(sniffDocument(bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a]), "plan.png")?.type, "png");
  assert.equal(sniffDocument(bytes("GIF89a"), "a.gif")?.type, "gif");
  assert.equal(sniffDocument(bytes("RIFF", [0, 0, 0, 0], "WEBP"), "a.webp")?.type, "webp");
  assert.equal(sniffDocument(bytes([0, 0, 0, 24], "ftypheic"), "IMG_1.HEIC")?.type, "heic");
  const ole = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
  assert.equal(sniffDocument(bytes(ole), "смета.xls")?.type, "xls");
  assert.equal(sniffDocument(bytes(ole), "акт.doc")?.type, "doc");
  const zip = [0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0];
  assert.equal(sniffDocument(bytes(zip, "[Content_Types].xml"), "смета.xlsx")?.type, "xlsx");
  assert.equal(sniffDocument(bytes(zip, "word/document.xml"), "договор.docx")?.type, "docx");
  assert.equal(sniffDocument(new TextEncoder().encode("Адрес;Сумма\r\n"), "list.csv")?.type, "csv");
  assert.equal(sniffDocument(new TextEncoder().encode("Заметки\n"), "notes.txt")?.type, "txt");
  assert.equal(sniffDocument(bytes("%PDF-1.4"), "no-extension")?.type, "pdf");
});

Deno.test("sniffDocument() refuses a disguised executable and mismatched content", () => {
  assert.equal(sniffDocument(bytes("MZ", [0x90, 0, 3, 0]), "Договор.pdf"), null);
  assert.equal(sniffDocument(bytes([0x7f], "ELF"), "report.txt"), null);
  assert.equal(sniffDocument(bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a]), "plan.pdf"), null);
  assert.equal(sniffDocument(bytes([0x50, 0x4b, 0x03, 0x04], "evil.sh"), "a.docx"), null);
  assert.equal(sniffDocument(bytes("%PDF-1.4"), "a.exe"), null);
  assert.equal(sniffDocument(bytes("plain"), "a.pdf"), null);
});

Deno.test("sniffVideo() and sniffImage() recognise containers and pictures", () => {
  assert.equal(sniffVideo(bytes([0, 0, 0, 32], "ftypisom"))?.mime, "video/mp4");
  assert.equal(sniffVideo(bytes([0, 0, 0, 20], "ftypqt  "))?.mime, "video/quicktime");
  assert.equal(sniffVideo(bytes([0, 0, 0, 20], "ftyp3gp4"))?.mime, "video/3gpp");
  assert.equal(
    sniffVideo(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84], "webm"))?.mime,
    "video/webm",
  );
  assert.equal(sniffVideo(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x88], "matroska"))?.type, "mkv");
  assert.equal(sniffVideo(bytes("RIFF", [0, 0, 0, 0], "AVI LIST"))?.type, "avi");
  assert.equal(sniffVideo(bytes([0, 0, 0, 24], "ftypheic")), null);
  assert.equal(sniffVideo(bytes("%PDF-1.4 xxxxx")), null);
  assert.equal(sniffImage(bytes([0xff, 0xd8, 0xff, 0xdb]))?.mime, "image/jpeg");
  assert.equal(sniffImage(bytes("MZ")), null);
});
