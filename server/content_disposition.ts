// The one Content-Disposition of every download and stored file: the exact (Cyrillic) name as RFC 6266 /
// RFC 8187 `filename*`, and a plain ASCII `filename` for clients that read only that. The header is
// written by jshttp's content-disposition (the one Express uses); only the ASCII fallback is ours.
import { create } from "content-disposition";

/** What a browser does with the file: show it in place, or save it. */
export type Disposition = "inline" | "attachment";

/** The name with its letters stripped of accents and anything else outside printable ASCII made `_`. */
export function asciiFileName(fileName: string): string {
  return fileName.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").replace(/[^\x20-\x7e]/g, "_")
    .replace(/["\\%]/g, "_") || "file";
}

/**
 * `attachment; filename="Smeta_12.xlsx"; filename*=UTF-8''%D0%A1%D0%BC…` — the ASCII fallback is
 * `asciiName` when given (a transliterated name reads better than underscores), else the name made ASCII.
 */
export function contentDisposition(
  fileName: string,
  options: { type?: Disposition; asciiName?: string } = {},
): string {
  return create(fileName, {
    type: options.type ?? "attachment",
    fallback: asciiFileName(options.asciiName ?? fileName),
  });
}
