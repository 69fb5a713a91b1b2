// A new PDF with the bundled DejaVu Sans embedded, so its Cyrillic is real text a search or a screen reader
// finds. pdf-lib and fontkit are imported when the first PDF is drawn, not when the server starts: the two take
// about a CPU-second to load, which every start (and every test file booting the app) paid for before.
import type { PDFDocument, PDFFont, rgb } from "pdf-lib";

const fontUrl = new URL("../static/fonts/DejaVuSans.ttf", import.meta.url);
let fontBytes: Promise<Uint8Array> | undefined;
const loadFont = () => (fontBytes ??= Deno.readFile(fontUrl));

export interface NewPdf {
  pdf: PDFDocument;
  font: PDFFont;
  /** pdf-lib's colour constructor. */
  rgb: typeof rgb;
}

/** An empty PDF titled `title`, with the font embedded (subset to the glyphs drawn). */
export async function newPdf(title: string): Promise<NewPdf> {
  const [lib, fontkit, bytes] = await Promise.all([
    import("pdf-lib"),
    import("@pdf-lib/fontkit"),
    loadFont(),
  ]);
  const pdf = await lib.PDFDocument.create();
  pdf.registerFontkit(fontkit.default);
  pdf.setTitle(title);
  pdf.setCreator("ПолеСмета");
  const font = await pdf.embedFont(bytes, { subset: true });
  return { pdf, font, rgb: lib.rgb };
}
