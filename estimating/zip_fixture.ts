/**
 * Test fixtures: zip archives and .xlsx workbooks built byte by byte, so that tests can make the hostile
 * ones (zip bombs, lying sizes) that no spreadsheet program writes.
 *
 * @module
 */
import { deflateRawSync } from "node:zlib";
import { concatBytes, crc32 } from "../domain/bytes.ts";

/**
 * A zip archive of the given files, deflated.
 *
 * @example
 * ```ts
 * import { zipOf } from "./zip_fixture.ts";
 * const zip = zipOf({ "a.txt": "hello" });
 * if (zip[0] !== 0x50 || zip[1] !== 0x4b) throw new Error("zip");
 * ```
 */
export function zipOf(files: Record<string, string | Uint8Array>): Uint8Array<ArrayBuffer> {
  const enc = new TextEncoder();
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(files)) {
    const data = typeof content === "string" ? enc.encode(content) : content;
    const packed = new Uint8Array(deflateRawSync(data));
    const nameBytes = enc.encode(name);
    const local = new Uint8Array(30 + nameBytes.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(4, 20, true);
    lv.setUint16(8, 8, true);
    lv.setUint32(14, crc32(data), true);
    lv.setUint32(18, packed.length, true);
    lv.setUint32(22, data.length, true);
    lv.setUint16(26, nameBytes.length, true);
    local.set(nameBytes, 30);
    const central = new Uint8Array(46 + nameBytes.length);
    const cv = new DataView(central.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(4, 20, true);
    cv.setUint16(6, 20, true);
    cv.setUint16(10, 8, true);
    cv.setUint32(16, crc32(data), true);
    cv.setUint32(20, packed.length, true);
    cv.setUint32(24, data.length, true);
    cv.setUint16(28, nameBytes.length, true);
    cv.setUint32(42, offset, true);
    central.set(nameBytes, 46);
    locals.push(local, packed);
    centrals.push(central);
    offset += local.length + packed.length;
  }
  const directorySize = centrals.reduce((s, c) => s + c.length, 0);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, centrals.length, true);
  ev.setUint16(10, centrals.length, true);
  ev.setUint32(12, directorySize, true);
  ev.setUint32(16, offset, true);
  return concatBytes([...locals, ...centrals, end]);
}

/**
 * A minimal .xlsx workbook whose first sheet has the given `<sheetData>` content (rows of inline strings
 * or numbers), for tests of the reader's limits.
 *
 * @example
 * ```ts
 * import { xlsxOf } from "./zip_fixture.ts";
 * const bytes = xlsxOf('<row r="1"><c r="A1" t="inlineStr"><is><t>Артикул</t></is></c></row>');
 * if (bytes.length < 100) throw new Error("xlsx");
 * ```
 */
export function xlsxOf(sheetData: string): Uint8Array<ArrayBuffer> {
  const ns = "http://schemas.openxmlformats.org";
  return zipOf({
    "[Content_Types].xml":
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="${ns}/package/2006/content-types">` +
      `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
      `<Default Extension="xml" ContentType="application/xml"/>` +
      `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
      `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>` +
      `</Types>`,
    "_rels/.rels":
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}/package/2006/relationships">` +
      `<Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>` +
      `</Relationships>`,
    "xl/workbook.xml":
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${ns}/spreadsheetml/2006/main" ` +
      `xmlns:r="${ns}/officeDocument/2006/relationships"><sheets><sheet name="Прайс" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    "xl/_rels/workbook.xml.rels":
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}/package/2006/relationships">` +
      `<Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>` +
      `</Relationships>`,
    "xl/worksheets/sheet1.xml":
      `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${ns}/spreadsheetml/2006/main"><sheetData>${sheetData}</sheetData></worksheet>`,
  });
}

/**
 * A price-list .xlsx of about 2 MB that inflates to over 20 MB: 40 000 rows of 20 cells
 * under a valid header, what an attacker would send to stall a server that parses it in one go.
 *
 * @example
 * ```ts
 * import { priceListBomb } from "./zip_fixture.ts";
 * if (priceListBomb(100).length < 100) throw new Error("bomb");
 * ```
 */
export function priceListBomb(rowCount = 40_000): Uint8Array<ArrayBuffer> {
  const rows: string[] = [
    '<row r="1"><c r="A1" t="inlineStr"><is><t>Артикул</t></is></c>' +
    '<c r="B1" t="inlineStr"><is><t>Наименование</t></is></c></row>',
  ];
  for (let r = 2; r <= rowCount; r++) {
    const cells = Array.from(
      { length: 20 },
      (_, c) => `<c r="${String.fromCharCode(65 + c)}${r}"><v>${(r * c) % 10}</v></c>`,
    );
    rows.push(`<row r="${r}">${cells.join("")}</row>`);
  }
  return xlsxOf(rows.join(""));
}
