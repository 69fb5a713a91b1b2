// The contract as files: an editable .docx (docx) and a PDF with Cyrillic text (pdf-lib + the bundled DejaVu
// Sans). A signed version carries the signature block: name, time, IP, user agent, the text's SHA-256, the image.
import type { Paragraph } from "docx";
import type { PDFFont, PDFPage } from "pdf-lib";
import type { ContractSignature } from "../db/contracts.ts";
import { formatDateTime } from "../domain/format.ts";
import { readablePng } from "./signature_image.ts";
import { newPdf } from "./pdf_document.ts";

/** Printed instead of a stored signature image that cannot be read; the signature's record stays above it. */
const IMAGE_MISSING = "Изображение подписи не удалось прочитать";

export interface ContractDocumentInput {
  contractText: string;
  contractNumber: string;
  version: number;
  signature: ContractSignature | null;
  /** The footer's document name («Гарантийный талон № …»); «Договор № …, версия …» without one. */
  footer?: string;
  /** The lines above the drawn signature when the document is not a contract (a visit report's client). */
  signatureHeading?: string[];
}

/** A heading of the template: the title line or a numbered section in capitals («2. ЦЕНА И …»). */
const isHeading = (line: string, index: number) => index === 0 || /^\d+\.\s+[А-ЯЁ ,]+$/.test(line.trim());

/** The lines of the signature block, as both documents print them. */
export function signatureLines(s: ContractSignature): string[] {
  return [
    "ЭЛЕКТРОННАЯ ПОДПИСЬ ЗАКАЗЧИКА",
    `Подписал: ${s.signerName}`,
    `Дата и время: ${formatDateTime(s.signedAt)} (МСК)`,
    `IP-адрес: ${s.ip ?? "не определён"}`,
    `Браузер: ${s.userAgent ?? "не определён"}`,
    `SHA-256 текста договора: ${s.textSha256}`,
  ];
}

/** The stored signature's PNG bytes when they are a readable image; null (and a log line) otherwise, so a
 * bad row stored before the images were checked still gives its documents, without the picture. */
function signaturePng(s: ContractSignature): Uint8Array | null {
  const read = readablePng(s.signatureImage);
  if (read) return read.bytes;
  console.error(`contract signature of ${s.signedAt.toISOString()}: image unreadable, drawn without it`);
  return null;
}

/** The contract as a .docx a person can edit in Word or LibreOffice. */
export async function contractDocx(input: ContractDocumentInput): Promise<Uint8Array> {
  // Imported here, as pdf-lib is (pdf_document.ts): only a download of the .docx needs it.
  const { AlignmentType, Document, ImageRun, Packer, Paragraph, TextRun } = await import("docx");
  const lines = input.contractText.split("\n");
  const children: Paragraph[] = lines.map((line, i) =>
    new Paragraph({
      alignment: i <= 1 ? AlignmentType.CENTER : AlignmentType.LEFT,
      spacing: { after: line.trim() ? 80 : 0 },
      children: [new TextRun({ text: line, bold: isHeading(line, i), font: "Times New Roman", size: 22 })],
    })
  );
  const s = input.signature;
  if (s) {
    children.push(new Paragraph({ text: "" }));
    for (const [i, line] of signatureLines(s).entries()) {
      children.push(new Paragraph({ children: [new TextRun({ text: line, bold: i === 0, size: 20 })] }));
    }
    const png = signaturePng(s);
    children.push(
      png
        ? new Paragraph({
          children: [new ImageRun({ type: "png", data: png, transformation: { width: 240, height: 90 } })],
        })
        : new Paragraph({ children: [new TextRun({ text: IMAGE_MISSING, italics: true, size: 20 })] }),
    );
  }
  const doc = new Document({
    creator: "ПолеСмета",
    title: `Договор № ${input.contractNumber}`,
    sections: [{ children }],
  });
  return new Uint8Array(await Packer.toArrayBuffer(doc));
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const SIZE = 10;
const LEADING = 14;

/** Breaks one paragraph into lines that fit `width` at `size`. */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  if (!text.trim()) return [""];
  const out: string[] = [];
  const indent = text.match(/^\s*/)![0];
  let line = indent;
  for (const word of text.trim().split(/\s+/)) {
    const next = line.trim() ? `${line} ${word}` : `${indent}${word}`;
    if (font.widthOfTextAtSize(next, size) <= width || !line.trim()) line = next;
    else {
      out.push(line);
      line = `${indent}${word}`;
    }
  }
  out.push(line);
  return out;
}

/** The contract as a PDF with the text embedded (searchable, Cyrillic), page numbers and the signature. */
export async function contractPdf(input: ContractDocumentInput): Promise<Uint8Array> {
  const { pdf, font, rgb } = await newPdf(input.footer ?? `Договор № ${input.contractNumber}`);
  const width = A4[0] - 2 * MARGIN;
  let page: PDFPage = pdf.addPage(A4);
  let y = A4[1] - MARGIN;
  const newPageIfBelow = (needed: number) => {
    if (y - needed >= MARGIN) return;
    page = pdf.addPage(A4);
    y = A4[1] - MARGIN;
  };
  const write = (text: string, options: { size?: number; center?: boolean } = {}) => {
    const size = options.size ?? SIZE;
    for (const line of wrap(text, font, size, width)) {
      newPageIfBelow(LEADING);
      const x = options.center ? MARGIN + (width - font.widthOfTextAtSize(line, size)) / 2 : MARGIN;
      if (line) page.drawText(line, { x, y, size, font, color: rgb(0.1, 0.1, 0.1) });
      y -= size === SIZE ? LEADING : size + 6;
    }
  };
  for (const [i, line] of input.contractText.split("\n").entries()) {
    if (i <= 1) write(line, { size: i === 0 ? 13 : 11, center: true });
    else write(line, { size: isHeading(line, i) ? 11 : SIZE });
  }
  const s = input.signature;
  if (s) {
    y -= LEADING;
    for (const [i, line] of (input.signatureHeading ?? signatureLines(s)).entries()) {
      write(line, { size: i === 0 ? 11 : 9 });
    }
    const png = signaturePng(s);
    const image = png && await pdf.embedPng(png).catch((e) => {
      console.error("contract signature image not embedded:", e);
      return null;
    });
    if (image) {
      const scaled = image.scaleToFit(200, 80);
      newPageIfBelow(scaled.height + 8);
      y -= scaled.height + 4;
      page.drawImage(image, { x: MARGIN, y, width: scaled.width, height: scaled.height });
    } else write(IMAGE_MISSING, { size: 9 });
  }
  const pages = pdf.getPages();
  for (const [i, p] of pages.entries()) {
    const label = `${input.footer ?? `Договор № ${input.contractNumber}, версия ${input.version}`} — стр. ${
      i + 1
    } из ${pages.length}`;
    p.drawText(label, { x: MARGIN, y: MARGIN / 2, size: 8, font, color: rgb(0.4, 0.4, 0.4) });
  }
  return await pdf.save();
}
