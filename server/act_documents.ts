// The act of completed works as a PDF (the contract's path: pdf-lib with the bundled DejaVu Sans, so the
// Cyrillic is real text): the parties, a table of the works and equipment, the totals, the prepayment received
// and the amount due, then the signatures — the client's electronic one (name, time, IP, browser, the text's
// SHA-256 and the drawn image) once signed, or the refusal with its comment.
import type { PDFFont, PDFPage } from "pdf-lib";
import type { CompletionAct } from "../db/acts.ts";
import { ACT_TITLE, type ActContent, formatQuantity } from "../domain/acts.ts";
import { contractDay } from "../domain/contract_text.ts";
import { formatDateTime, formatKopecks } from "../domain/format.ts";
import { amountInWords } from "../domain/amount_words.ts";
import { vatLine } from "../estimating/enums.ts";
import { wrap } from "./contract_documents.ts";
import { newPdf } from "./pdf_document.ts";
import { readablePng } from "./signature_image.ts";

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const SIZE = 9.5;
const LEADING = 13;

/** The table's columns: header, width (points), right-aligned. The name takes what the others leave. */
const columns = [
  { head: "№", width: 22, right: false },
  { head: "Наименование работ и оборудования", width: 0, right: false },
  { head: "Ед.", width: 34, right: false },
  { head: "Кол-во", width: 44, right: true },
  { head: "Цена, ₽", width: 76, right: true },
  { head: "Сумма, ₽", width: 82, right: true },
];

/** A figure of the table without the rouble sign (the header names it). */
const bare = (kopecks: number) => formatKopecks(kopecks).replace(/\s*₽$/, "");

/** The act's file name: `Акт_{number}_{date}.pdf`. */
export function actFileName(a: Pick<CompletionAct, "createdAt"> & { content: ActContent | null }): string {
  const number = (a.content?.actNumber ?? "").replace(/[^\p{L}\d-]+/gu, "_");
  return `Акт_${number}_${contractDay(a.createdAt)}.pdf`;
}

/** The act as an A4 PDF. */
export async function actPdf(act: CompletionAct): Promise<Uint8Array> {
  const a = act.content;
  if (!a) throw new Error(`act ${act.id}: stored content unreadable`);
  const { pdf, font, rgb } = await newPdf(`${ACT_TITLE} № ${a.actNumber}`);
  const INK = rgb(0.1, 0.1, 0.1);
  const GREY = rgb(0.45, 0.45, 0.45);
  const width = A4[0] - 2 * MARGIN;
  let page: PDFPage = pdf.addPage(A4);
  let y = A4[1] - MARGIN;
  const newPageIfBelow = (needed: number) => {
    if (y - needed >= MARGIN + 10) return false;
    page = pdf.addPage(A4);
    y = A4[1] - MARGIN;
    return true;
  };
  const text = (s: string, x: number, size = SIZE, f: PDFFont = font, color = INK) =>
    page.drawText(s, { x, y, size, font: f, color });
  const write = (s: string, o: { size?: number; center?: boolean; color?: typeof INK } = {}) => {
    const size = o.size ?? SIZE;
    for (const line of wrap(s, font, size, width)) {
      newPageIfBelow(LEADING);
      const x = o.center ? MARGIN + (width - font.widthOfTextAtSize(line, size)) / 2 : MARGIN;
      if (line) text(line, x, size, font, o.color);
      y -= size > SIZE ? size + 5 : LEADING;
    }
  };
  const rule = (at: number) =>
    page.drawLine({
      start: { x: MARGIN, y: at },
      end: { x: MARGIN + width, y: at },
      thickness: 0.5,
      color: GREY,
    });

  write(`${ACT_TITLE} № ${a.actNumber}`, { size: 13, center: true });
  write(`к договору № ${a.contractNumber} от ${contractDay(new Date(a.contractDate))}`, {
    size: 10.5,
    center: true,
  });
  y -= 4;
  write(`Дата акта: ${contractDay(new Date(a.date))}`);
  write(
    `Исполнитель: ${a.contractor.name}${a.contractor.inn ? `, ИНН ${a.contractor.inn}` : ""}${
      a.contractor.address ? `, ${a.contractor.address}` : ""
    }`,
  );
  write(`Заказчик: ${a.customer}`);
  write(`Объект: ${a.address}`);
  write(
    `Основание: договор № ${a.contractNumber}, смета № ${a.estimateNumber} (версия ${a.estimateVersion})`,
  );
  y -= 4;
  write("Исполнитель выполнил, а Заказчик принял следующие работы и оборудование:");
  y -= 2;

  const nameWidth = width - columns.reduce((s, c) => s + c.width, 0);
  const widths = columns.map((c) => c.width || nameWidth);
  const drawRow = (cells: string[][], size: number) => {
    const height = Math.max(...cells.map((c) => c.length)) * (size + 3.5) + 4;
    if (newPageIfBelow(height)) rule(y + 2);
    let x = MARGIN;
    const top = y;
    cells.forEach((lines, i) => {
      lines.forEach((line, j) => {
        const lineWidth = font.widthOfTextAtSize(line, size);
        const cx = columns[i].right ? x + widths[i] - 3 - lineWidth : x + 3;
        page.drawText(line, { x: cx, y: top - size - j * (size + 3.5), size, font, color: INK });
      });
      x += widths[i];
    });
    y = top - height;
    rule(y + 2);
  };
  rule(y + 2);
  drawRow(columns.map((c, i) => wrap(c.head, font, 8, widths[i] - 6)), 8);
  a.lines.forEach((l, i) =>
    drawRow([
      [String(i + 1)],
      wrap(l.name, font, SIZE, widths[1] - 6),
      wrap(l.unit, font, SIZE, widths[2] - 6),
      [formatQuantity(l.quantity)],
      [bare(l.pricePerUnit)],
      [bare(l.totalPrice)],
    ], SIZE)
  );
  y -= 6;
  const total = (label: string, value: string, bold = false) => {
    newPageIfBelow(LEADING);
    const size = bold ? 10.5 : SIZE;
    text(label, MARGIN + width - 190 - font.widthOfTextAtSize(label, size), size);
    text(value, MARGIN + width - 3 - font.widthOfTextAtSize(value, size), size);
    y -= bold ? LEADING + 2 : LEADING;
  };
  total("Итого по позициям:", formatKopecks(a.itemsTotal));
  if (a.discount) total(`${a.discount.label}:`, `−${formatKopecks(a.discount.amount)}`);
  const vat = vatLine(a.vatMode);
  total(`${vat.label}:`, vat.rate === 0 ? "—" : formatKopecks(a.vatAmount));
  total("Всего по акту:", formatKopecks(a.totalAmount), true);
  total("Получено от Заказчика:", formatKopecks(a.receivedAmount));
  total(
    a.dueAmount >= 0 ? "К оплате по акту:" : "Переплата Заказчика:",
    formatKopecks(Math.abs(a.dueAmount)),
    true,
  );
  y -= 4;
  write(`Всего выполнено работ на сумму ${formatKopecks(a.totalAmount)} (${amountInWords(a.totalAmount)}).`);
  write(
    "Работы выполнены полностью и в срок. Заказчик претензий по объёму, качеству и срокам работ не имеет.",
  );
  y -= 10;

  // The parties' signatures side by side; the client's electronic signature (or refusal) below.
  newPageIfBelow(60);
  const half = width / 2;
  text("Исполнитель", MARGIN, 10.5);
  text("Заказчик", MARGIN + half, 10.5);
  y -= LEADING + 2;
  text(a.contractor.name, MARGIN, SIZE);
  text(a.customer, MARGIN + half, SIZE);
  y -= LEADING * 2;
  text(`________________ / ${a.contractor.director ?? ""} /`, MARGIN, SIZE);
  text(act.signedAt ? "подписано электронно, см. ниже" : "________________", MARGIN + half, SIZE);
  y -= LEADING * 2;

  if (act.signedAt && act.signerName) {
    const lines = [
      "ЭЛЕКТРОННАЯ ПОДПИСЬ ЗАКАЗЧИКА",
      `Подписал: ${act.signerName}`,
      `Дата и время: ${formatDateTime(act.signedAt)} (МСК)`,
      `IP-адрес: ${act.ip ?? "не определён"}`,
      `Браузер: ${act.userAgent ?? "не определён"}`,
      `SHA-256 текста акта: ${act.textSha256}`,
    ];
    lines.forEach((line, i) => write(line, { size: i === 0 ? 10.5 : 8.5 }));
    const png = act.signatureImage ? readablePng(act.signatureImage) : null;
    const image = png && await pdf.embedPng(png.bytes).catch(() => null);
    if (image) {
      const scaled = image.scaleToFit(200, 80);
      newPageIfBelow(scaled.height + 8);
      y -= scaled.height + 4;
      page.drawImage(image, { x: MARGIN, y, width: scaled.width, height: scaled.height });
    } else write("Изображение подписи не удалось прочитать", { size: 8.5 });
  } else if (act.refusedAt) {
    write(
      `Заказчик отказался подписать акт ${formatDateTime(act.refusedAt)} (МСК)${
        act.refusedBy ? `, ${act.refusedBy}` : ""
      }: «${act.refusalComment ?? ""}»`,
    );
  }

  const pages = pdf.getPages();
  for (const [i, p] of pages.entries()) {
    const label = `Акт № ${a.actNumber} — стр. ${i + 1} из ${pages.length}`;
    p.drawText(label, { x: MARGIN, y: MARGIN / 2, size: 8, font, color: GREY });
  }
  return await pdf.save();
}
