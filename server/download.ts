// A document made for one request (a PDF, a DOCX, a workbook, a QR image) answered as a download: its type, the
// exact (Cyrillic) file name with an ASCII fallback, and never cached by a shared cache (it is one company's).
import type { Context } from "hono";
import { contentDisposition } from "./content_disposition.ts";

export const PDF = "application/pdf";
export const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
export const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The bytes as a private download named `file.name` (`file.asciiName` for clients that read only ASCII). */
export function sendDownload(
  c: Context,
  bytes: Uint8Array,
  file: { type: string; name: string; asciiName?: string },
) {
  c.header("Content-Type", file.type);
  c.header("Content-Disposition", contentDisposition(file.name, { asciiName: file.asciiName }));
  c.header("Cache-Control", "private, no-store");
  return c.body(bytes.slice().buffer as ArrayBuffer);
}
