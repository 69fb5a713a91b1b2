// The invoice as a PDF: the bank block, the parties, the estimate's lines, discount, VAT, the amount asked
// in figures and in words, and the ГОСТ Р 56042 QR of that amount (domain/invoice.ts composes the figures).
import { PdfSheet } from "./pdf_layout.ts";
import { paymentQrPng } from "./client_links.ts";
import { contractMoney } from "../domain/contract_text.ts";
import { formatNumber } from "../domain/format.ts";
import type { InvoiceDocument } from "../domain/invoice.ts";

/** A sum as a table cell prints it: «343 780,00». */
export const cellMoney = (kopecks: number) => contractMoney(kopecks).replace(/ руб\.$/, "");

/** The invoice PDF; `qrPayload` is the ГОСТ string of the amount asked (gostPaymentString). */
export async function invoicePdf(d: InvoiceDocument, qrPayload: string): Promise<Uint8Array> {
  const title = `Счёт на оплату № ${d.number} от ${d.date}`;
  const sheet = await PdfSheet.create(title);
  const w = sheet.width;
  const half = [{ width: w * 0.6 }, { width: w * 0.4 }];
  sheet.row([d.seller.bank, d.seller.requisites], half);
  sheet.row([`Получатель: ${d.seller.name}`, d.seller.address], half);
  sheet.gap(12);
  sheet.text(title, { size: 14, bold: true });
  sheet.gap(6);
  sheet.text(`Исполнитель: ${d.seller.name}, ${d.seller.requisites}, ${d.seller.address}`);
  sheet.gap(2);
  sheet.text(
    `Заказчик: ${d.buyer.name}${d.buyer.requisites ? `, ${d.buyer.requisites}` : ""}` +
      `${d.buyer.address ? `, ${d.buyer.address}` : ""}${d.buyer.bank ? `, ${d.buyer.bank}` : ""}`,
  );
  sheet.gap(2);
  sheet.text(`Основание: ${d.basis}, смета № ${d.estimate.estimateNumber}`);
  sheet.gap(8);
  const cols = [
    { width: 24, align: "center" as const },
    { width: w - 24 - 50 - 34 - 80 - 86 },
    { width: 50, align: "right" as const },
    { width: 34, align: "center" as const },
    { width: 80, align: "right" as const },
    { width: 86, align: "right" as const },
  ];
  sheet.row(
    ["№", "Наименование работ, услуг, оборудования", "Кол-во", "Ед.", "Цена, руб.", "Сумма, руб."],
    cols,
    {
      bold: true,
      fill: true,
    },
  );
  for (const [i, l] of d.estimate.lines.entries()) {
    sheet.row([
      String(i + 1),
      l.name,
      formatNumber(l.quantity),
      l.unit,
      cellMoney(l.price),
      cellMoney(l.total),
    ], cols);
  }
  const e = d.estimate;
  const totals: [string, number][] = [["Итого", e.itemsTotal]];
  if (e.discountAmount) totals.push(["Скидка", -e.discountAmount]);
  if (d.vatLabel !== "Без НДС") totals.push([`${d.vatLabel}`, e.vatAmount]);
  else totals.push(["Без НДС", 0]);
  totals.push(["Всего по договору", e.totalAmount]);
  if (d.received) totals.push(["Оплачено ранее", d.received]);
  const label = [{ width: w - 86, align: "right" as const }, { width: 86, align: "right" as const }];
  for (const [name, amount] of totals) {
    sheet.row([`${name}:`, name === "Без НДС" ? "—" : cellMoney(amount)], label);
  }
  const what = d.kind === "prepayment" ? "Предоплата" : "Окончательный расчёт";
  sheet.row([`К оплате по счёту (${what.toLowerCase()}):`, cellMoney(d.amount)], label, {
    bold: true,
    size: 9,
  });
  sheet.gap(8);
  sheet.text(
    `Всего к оплате ${contractMoney(d.amount)} (${d.amountWords})` +
      (d.amountVat ? `, в том числе НДС ${contractMoney(d.amountVat)}` : ", НДС не облагается"),
    { bold: true },
  );
  sheet.gap(4);
  sheet.text(`Назначение платежа: ${d.purpose}`, { size: 8 });
  sheet.gap(10);
  sheet.ensure(150); // the QR stays with its caption
  sheet.text("Оплатить по QR-коду в приложении банка (ГОСТ Р 56042-2014):", { size: 8 });
  sheet.gap(2);
  await sheet.image(await paymentQrPng(qrPayload), 110);
  sheet.gap(14);
  sheet.text(`Руководитель ____________________ / ${d.seller.director} /`);
  return await sheet.save(title);
}
