// The supplementary agreement as a PDF (the contract's path: pdf-lib with the bundled DejaVu Sans, so the
// Cyrillic is real text): the agreement's text as the client signs it (domain/job_changes.ts agreementText),
// the parties, and the client's electronic signature (name, time, IP, browser, the text's SHA-256, the drawn
// image) once signed, or the refusal with its comment.
import type { PDFPage } from "pdf-lib";
import type { SupplementaryAgreement } from "../db/job_changes.ts";
import { agreementText, agreementTitle } from "../domain/job_changes.ts";
import { contractDay } from "../domain/contract_text.ts";
import { formatDateTime } from "../domain/format.ts";
import { wrap } from "./contract_documents.ts";
import { newPdf } from "./pdf_document.ts";
import { readablePng } from "./signature_image.ts";

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const SIZE = 9.5;
const LEADING = 13;

/** `Доп_соглашение_{N}_к_{contract}_{date}.pdf`. */
export function agreementFileName(
  a: Pick<SupplementaryAgreement, "number" | "createdAt" | "content">,
): string {
  const contract = (a.content?.contractNumber ?? "").replace(/[^\p{L}\d-]+/gu, "_");
  return `Доп_соглашение_${a.number}_к_${contract}_${contractDay(a.createdAt)}.pdf`;
}

/** The agreement as an A4 PDF. */
export async function agreementPdf(a: SupplementaryAgreement): Promise<Uint8Array> {
  const content = a.content;
  if (!content) throw new Error(`agreement ${a.id}: stored content unreadable`);
  const { pdf, font, rgb } = await newPdf(agreementTitle(content));
  const INK = rgb(0.1, 0.1, 0.1);
  const GREY = rgb(0.45, 0.45, 0.45);
  const width = A4[0] - 2 * MARGIN;
  let page: PDFPage = pdf.addPage(A4);
  let y = A4[1] - MARGIN;
  const write = (s: string, o: { size?: number; center?: boolean } = {}) => {
    const size = o.size ?? SIZE;
    for (const line of wrap(s, font, size, width)) {
      if (y - LEADING < MARGIN + 10) {
        page = pdf.addPage(A4);
        y = A4[1] - MARGIN;
      }
      const x = o.center ? MARGIN + (width - font.widthOfTextAtSize(line, size)) / 2 : MARGIN;
      if (line) page.drawText(line, { x, y, size, font, color: INK });
      y -= size > SIZE ? size + 5 : LEADING;
    }
  };
  const [title, dated, ...body] = agreementText(content).split("\n");
  write(title, { size: 13, center: true });
  write(dated.replace("от", "договор от"), { size: 10.5, center: true });
  y -= 6;
  for (const line of body) write(line);
  y -= 14;
  const half = width / 2;
  const pair = (left: string, right: string, size = SIZE) => {
    page.drawText(left, { x: MARGIN, y, size, font, color: INK });
    page.drawText(right, { x: MARGIN + half, y, size, font, color: INK });
    y -= LEADING + 2;
  };
  if (y < MARGIN + 80) {
    page = pdf.addPage(A4);
    y = A4[1] - MARGIN;
  }
  pair("Исполнитель", "Заказчик", 10.5);
  pair(content.contractor.name, content.customer);
  y -= LEADING;
  pair(
    `________________ / ${content.contractor.director ?? ""} /`,
    a.signedAt ? "подписано электронно, см. ниже" : "________________",
  );
  y -= LEADING;
  if (a.signedAt && a.signerName) {
    write("ЭЛЕКТРОННАЯ ПОДПИСЬ ЗАКАЗЧИКА", { size: 10.5 });
    for (
      const line of [
        `Подписал: ${a.signerName}`,
        `Дата и время: ${formatDateTime(a.signedAt)} (МСК)`,
        `IP-адрес: ${a.ip ?? "не определён"}`,
        `Браузер: ${a.userAgent ?? "не определён"}`,
        `SHA-256 текста соглашения: ${a.textSha256}`,
      ]
    ) write(line, { size: 8.5 });
    const png = a.signatureImage ? readablePng(a.signatureImage) : null;
    const image = png && await pdf.embedPng(png.bytes).catch(() => null);
    if (image) {
      const scaled = image.scaleToFit(200, 80);
      if (y - scaled.height - 8 < MARGIN) {
        page = pdf.addPage(A4);
        y = A4[1] - MARGIN;
      }
      y -= scaled.height + 4;
      page.drawImage(image, { x: MARGIN, y, width: scaled.width, height: scaled.height });
    } else write("Изображение подписи не удалось прочитать", { size: 8.5 });
  } else if (a.refusedAt) {
    write(
      `Заказчик отказался подписать соглашение ${formatDateTime(a.refusedAt)} (МСК)${
        a.refusedBy ? `, ${a.refusedBy}` : ""
      }: «${a.refusalComment ?? ""}»`,
    );
  }
  const pages = pdf.getPages();
  for (const [i, p] of pages.entries()) {
    const label = `${agreementTitle(content)} — стр. ${i + 1} из ${pages.length}`;
    p.drawText(label, { x: MARGIN, y: MARGIN / 2, size: 8, font, color: GREY });
  }
  return await pdf.save();
}
