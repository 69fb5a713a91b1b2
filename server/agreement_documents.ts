// The supplementary agreement as a PDF (the contract's path: pdf-lib with the bundled DejaVu Sans, so the
// Cyrillic is real text), laid out by the closing documents' sheet (server/pdf_layout.ts): the parties, the
// changed works as a ruled table (the lines of agreementText, domain/job_changes.ts, which the client signs and
// the signature's SHA-256 covers), the totals, and the client's electronic signature (name, time, IP, browser,
// the text's SHA-256, the drawn image) once signed, or the refusal with its comment.
import type { SupplementaryAgreement } from "../db/job_changes.ts";
import { agreementClosingLines, agreementLineChange, agreementTitle } from "../domain/job_changes.ts";
import { contractDay } from "../domain/contract_text.ts";
import { formatQuantity } from "../domain/acts.ts";
import { formatDateTime, formatKopecks } from "../domain/format.ts";
import { type Column, PdfSheet } from "./pdf_layout.ts";
import { readablePng } from "./signature_image.ts";

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
  const sheet = await PdfSheet.create(agreementTitle(content));
  const bare = (kopecks: number) => formatKopecks(kopecks).replace(/\s*₽$/, "");
  sheet.text(agreementTitle(content), { size: 13, center: true, bold: true });
  sheet.text(`договор от ${contractDay(new Date(content.contractDate))}`, { size: 10.5, center: true });
  sheet.gap(8);
  const c = content.contractor;
  for (
    const line of [
      `Дата соглашения: ${contractDay(new Date(content.date))}`,
      `Исполнитель: ${c.name}${c.inn ? `, ИНН ${c.inn}` : ""}${c.address ? `, ${c.address}` : ""}`,
      `Заказчик: ${content.customer}`,
      `Объект: ${content.address}`,
    ]
  ) sheet.text(line, { size: 9.5 });
  sheet.gap();
  sheet.text(`Стороны договорились изменить состав и объём работ по смете № ${content.estimateNumber}:`, {
    size: 9.5,
  });
  sheet.gap(4);
  const fixed = [22, 32, 46, 46, 58, 62, 62];
  const free = sheet.width - fixed.reduce((sum, w) => sum + w, 0);
  const columns: Column[] = [
    { width: 22, align: "center" },
    { width: Math.round(free * 0.55) },
    { width: 32, align: "center" },
    { width: 46, align: "right" },
    { width: 46, align: "right" },
    { width: 58, align: "right" },
    { width: 62, align: "right" },
    { width: 62, align: "right" },
    { width: free - Math.round(free * 0.55) },
  ];
  sheet.row(
    ["№", "Наименование", "Ед.", "Было", "Стало", "Цена, ₽", "Сумма была, ₽", "Сумма стала, ₽", "Причина"],
    columns,
    { bold: true, fill: true },
  );
  content.lines.forEach((l, i) =>
    sheet.row([
      String(i + 1),
      l.kind === "qty" ? l.name : `${l.name} (${agreementLineChange(l)})`,
      l.unit,
      l.kind === "added" ? "—" : formatQuantity(l.oldQuantity),
      l.kind === "removed" ? "—" : formatQuantity(l.newQuantity),
      bare(l.pricePerUnit),
      bare(l.oldTotal),
      bare(l.newTotal),
      l.reason,
    ], columns)
  );
  sheet.gap(8);
  const [before, after, rest] = agreementClosingLines(content);
  sheet.text(before, { size: 9.5 });
  sheet.text(after, { size: 10.5, bold: true });
  sheet.text(rest, { size: 9.5 });
  sheet.gap(16);
  const half = sheet.width / 2;
  sheet.ensure(90);
  const pair = (left: string, right: string, size = 9.5) => {
    const top = sheet.y;
    sheet.text(left, { size, width: half - 8 });
    const leftEnd = sheet.y;
    sheet.y = top;
    sheet.text(right, { size, x: half, width: half });
    sheet.y = Math.min(leftEnd, sheet.y) - 3;
  };
  pair("Исполнитель", "Заказчик", 10.5);
  pair(c.name, content.customer);
  sheet.gap(12);
  pair(
    `________________ / ${c.director ?? ""} /`,
    a.signedAt ? "подписано электронно, см. ниже" : "________________",
  );
  sheet.gap(12);
  if (a.signedAt && a.signerName) {
    sheet.text("ЭЛЕКТРОННАЯ ПОДПИСЬ ЗАКАЗЧИКА", { size: 10.5, bold: true });
    for (
      const line of [
        `Подписал: ${a.signerName}`,
        `Дата и время: ${formatDateTime(a.signedAt)} (МСК)`,
        `IP-адрес: ${a.ip ?? "не определён"}`,
        `Браузер: ${a.userAgent ?? "не определён"}`,
        `SHA-256 текста соглашения: ${a.textSha256}`,
      ]
    ) sheet.text(line, { size: 8.5 });
    const png = a.signatureImage ? readablePng(a.signatureImage) : null;
    const drawn = png && await sheet.image(png.bytes, 200).then(() => true, () => false);
    if (!drawn) sheet.text("Изображение подписи не удалось прочитать", { size: 8.5 });
  } else if (a.refusedAt) {
    sheet.text(
      `Заказчик отказался подписать соглашение ${formatDateTime(a.refusedAt)} (МСК)${
        a.refusedBy ? `, ${a.refusedBy}` : ""
      }: «${a.refusalComment ?? ""}»`,
      { size: 9.5 },
    );
  }
  return await sheet.save(agreementTitle(content));
}
