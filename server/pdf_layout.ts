// A small layout for the closing documents' PDFs (invoice, КС-2, КС-3): A4 pages, the bundled DejaVu Sans
// (real Cyrillic text a search or a screen reader finds), wrapped paragraphs and ruled tables that break
// across pages. pdf-lib draws; it has no layout of its own, hence these few helpers. The font has one weight:
// "bold" is a strong ink (a second, offset drawing would read twice in the text layer).
import type { PDFDocument, PDFFont, PDFPage } from "pdf-lib";
import { type NewPdf, newPdf } from "./pdf_document.ts";

export const A4_PORTRAIT: [number, number] = [595.28, 841.89];
export const A4_LANDSCAPE: [number, number] = [841.89, 595.28];
const MARGIN = 36;

/** Breaks a text into lines that fit `width` at `size` (words longer than the width stay whole). */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const out: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (!line || font.widthOfTextAtSize(next, size) <= width) line = next;
      else {
        out.push(line);
        line = word;
      }
    }
    out.push(line);
  }
  return out;
}

export interface Column {
  width: number;
  align?: "left" | "right" | "center";
}

export class PdfSheet {
  private page!: PDFPage;
  y = 0;
  readonly pdf: PDFDocument;
  readonly font: PDFFont;
  private readonly rgb: NewPdf["rgb"];
  private readonly ink;
  private readonly strong;
  private constructor({ pdf, font, rgb }: NewPdf, readonly size: [number, number]) {
    this.pdf = pdf;
    this.font = font;
    this.rgb = rgb;
    this.ink = rgb(0.1, 0.1, 0.1);
    this.strong = rgb(0, 0, 0);
    this.addPage();
  }

  static async create(title: string, size = A4_PORTRAIT): Promise<PdfSheet> {
    return new PdfSheet(await newPdf(title), size);
  }

  get width(): number {
    return this.size[0] - 2 * MARGIN;
  }

  private addPage() {
    this.page = this.pdf.addPage(this.size);
    this.y = this.size[1] - MARGIN;
  }

  /** Starts a new page when less than `height` remains. */
  ensure(height: number) {
    if (this.y - height < MARGIN) this.addPage();
  }

  /** A wrapped paragraph. */
  text(
    text: string,
    o: { size?: number; bold?: boolean; center?: boolean; x?: number; width?: number } = {},
  ) {
    const size = o.size ?? 9;
    const x0 = MARGIN + (o.x ?? 0);
    const width = o.width ?? this.width - (o.x ?? 0);
    for (const line of wrapText(text, this.font, size, width)) {
      this.ensure(size + 4);
      const x = o.center ? x0 + (width - this.font.widthOfTextAtSize(line, size)) / 2 : x0;
      if (line) {
        this.page.drawText(line, {
          x,
          y: this.y - size,
          size,
          font: this.font,
          color: o.bold ? this.strong : this.ink,
        });
      }
      this.y -= size + 3;
    }
  }

  gap(points = 6) {
    this.y -= points;
  }

  /** One ruled table row; cells wrap and the row is as tall as its tallest cell. */
  row(cells: string[], columns: Column[], o: { size?: number; bold?: boolean; fill?: boolean } = {}) {
    const size = o.size ?? 8;
    const lines = cells.map((c, i) => wrapText(c, this.font, size, columns[i].width - 6));
    const height = Math.max(...lines.map((l) => l.length)) * (size + 2) + 6;
    this.ensure(height);
    let x = MARGIN;
    for (const [i, col] of columns.entries()) {
      this.page.drawRectangle({
        x,
        y: this.y - height,
        width: col.width,
        height,
        borderColor: this.ink,
        borderWidth: 0.5,
        color: o.fill ? this.rgb(0.93, 0.93, 0.93) : undefined,
      });
      for (const [j, line] of lines[i].entries()) {
        const w = this.font.widthOfTextAtSize(line, size);
        const tx = col.align === "right"
          ? x + col.width - 3 - w
          : col.align === "center"
          ? x + (col.width - w) / 2
          : x + 3;
        const ty = this.y - 3 - size - j * (size + 2);
        this.page.drawText(line, {
          x: tx,
          y: ty,
          size,
          font: this.font,
          color: o.bold ? this.strong : this.ink,
        });
      }
      x += col.width;
    }
    this.y -= height;
  }

  /** A PNG at the left (or `x`) of the current line. */
  async image(png: Uint8Array, width: number, x = 0) {
    const image = await this.pdf.embedPng(png);
    const height = image.height * width / image.width;
    this.ensure(height);
    this.page.drawImage(image, { x: MARGIN + x, y: this.y - height, width, height });
    this.y -= height;
  }

  /** Numbers every page in its footer and answers the bytes. */
  async save(footer: string): Promise<Uint8Array> {
    const pages = this.pdf.getPages();
    for (const [i, p] of pages.entries()) {
      p.drawText(`${footer} — стр. ${i + 1} из ${pages.length}`, {
        x: MARGIN,
        y: MARGIN / 2,
        size: 7,
        font: this.font,
        color: this.rgb(0.4, 0.4, 0.4),
      });
    }
    return await this.pdf.save();
  }
}
