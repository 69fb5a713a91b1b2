// Recognises uploaded files by their content (magic bytes), not by the name or the declared type.

export interface FileKind {
  /** Short type shown as the badge: 'pdf', 'docx', 'mp4'. */
  type: string;
  mime: string;
}

/** Bytes to read from the start of a file to recognise it. */
export const SNIFF_BYTES = 4096;

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));
const startsWith = (bytes: Uint8Array, sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);

/** The extension of a file name, lower case, without the dot ('' when none). */
export function extensionOf(fileName: string): string {
  const m = fileName.toLowerCase().match(/\.([a-z0-9]{1,8})$/);
  return m ? m[1] : "";
}

const imageBrands = ["heic", "heix", "heim", "heis", "mif1", "msf1", "hevc", "hevx", "avif", "avis"];
const audioBrands = ["M4A ", "M4B ", "M4P "];

/** The image kinds of an avatar: JPEG, PNG, GIF, WebP. */
export function sniffImage(head: Uint8Array): FileKind | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { type: "jpg", mime: "image/jpeg" };
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { type: "png", mime: "image/png" };
  }
  if (ascii(head, 0, 6) === "GIF87a" || ascii(head, 0, 6) === "GIF89a") {
    return { type: "gif", mime: "image/gif" };
  }
  if (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 12) === "WEBP") {
    return { type: "webp", mime: "image/webp" };
  }
  return null;
}

function ftypBrand(head: Uint8Array): string | null {
  return head.length >= 12 && ascii(head, 4, 8) === "ftyp" ? ascii(head, 8, 12) : null;
}

/** Video containers: MP4/MOV/3GP (ftyp), WebM/Matroska (EBML), AVI (RIFF). */
export function sniffVideo(head: Uint8Array): FileKind | null {
  const brand = ftypBrand(head);
  if (brand) {
    if (imageBrands.includes(brand) || audioBrands.includes(brand)) return null;
    if (brand === "qt  ") return { type: "mov", mime: "video/quicktime" };
    if (brand.startsWith("3g")) return { type: "3gp", mime: "video/3gpp" };
    return { type: "mp4", mime: "video/mp4" };
  }
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) {
    const text = ascii(head, 0, Math.min(head.length, 64));
    return text.includes("webm")
      ? { type: "webm", mime: "video/webm" }
      : { type: "mkv", mime: "video/x-matroska" };
  }
  if (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 12) === "AVI ") {
    return { type: "avi", mime: "video/x-msvideo" };
  }
  return null;
}

const officeZipMarkers = ["[Content_Types].xml", "word/", "xl/", "_rels/", "docProps/"];

function looksLikeText(head: Uint8Array): boolean {
  for (const b of head) {
    if (b < 0x09 || (b > 0x0d && b < 0x20 && b !== 0x1b) || b === 0x7f) return false;
  }
  return true;
}

/** The Content-Type each recognised document type is served with. */
export const documentMime: Record<string, string> = {
  pdf: "application/pdf",
  jpg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  heic: "image/heic",
  doc: "application/msword",
  xls: "application/vnd.ms-excel",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  txt: "text/plain; charset=utf-8",
  csv: "text/csv; charset=utf-8",
};

/** Extensions each detected type may carry. */
const extensionsOf: Record<string, string[]> = {
  pdf: ["pdf"],
  jpg: ["jpg", "jpeg", "jpe", "jfif"],
  png: ["png"],
  gif: ["gif"],
  webp: ["webp"],
  heic: ["heic", "heif"],
  doc: ["doc", "dot"],
  xls: ["xls", "xlt"],
  docx: ["docx"],
  xlsx: ["xlsx"],
  txt: ["txt", "text", "log"],
  csv: ["csv"],
};

/**
 * A document's kind from its first bytes and its name: PDF, JPEG, PNG, GIF, WebP, HEIC, DOC/XLS (OLE),
 * DOCX/XLSX (zip), TXT/CSV. Null when the content is none of these or does not match the extension
 * (an executable named .pdf).
 */
export function sniffDocument(head: Uint8Array, fileName: string): FileKind | null {
  const ext = extensionOf(fileName);
  let type: string | null = null;
  const image = sniffImage(head);
  const brand = ftypBrand(head);
  if (ascii(head, 0, 5) === "%PDF-") type = "pdf";
  else if (image) type = image.type;
  else if (brand && imageBrands.slice(0, 8).includes(brand)) type = "heic";
  else if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    type = ext === "xls" || ext === "xlt" ? "xls" : "doc";
  } else if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) {
    const text = new TextDecoder("latin1").decode(head);
    if (!officeZipMarkers.some((m) => text.includes(m))) return null;
    type = ext === "xlsx" ? "xlsx" : ext === "docx" ? "docx" : null;
  } else if (
    head.length > 0 && looksLikeText(head) &&
    (ext === "txt" || ext === "csv" || ext === "text" || ext === "log")
  ) {
    type = ext === "csv" ? "csv" : "txt";
  }
  if (!type) return null;
  if (ext && !extensionsOf[type].includes(ext)) return null;
  return { type, mime: documentMime[type] };
}

/** A stored file name: no path separators, no control characters, at most 255 characters. */
export function safeFileName(name: string): string {
  return [...name].filter((ch) => ch.charCodeAt(0) >= 0x20 && ch !== "\u007f").join("").replace(/[\\/]/g, "_")
    .trim().slice(0, 255);
}
