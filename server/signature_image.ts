// The client's drawn signature as an image the documents can embed: a base64 PNG data URL
// is decoded and parsed in full by pngjs (signature, IHDR, every chunk's CRC, the inflated pixels), so a
// header alone, a truncated file or another format is refused before it is stored.
import { Buffer } from "node:buffer";
import { PNG } from "pngjs";

/** What a drawn signature may be: a pad at most 2000×1000 CSS pixels wide at any pixel ratio fits. */
export const SIGNATURE_LIMITS = { maxWidth: 2000, maxHeight: 1000, minSide: 8, maxBytes: 200 * 1024 };

export const SIGNATURE_UNREADABLE = "Подпись не распознана, распишитесь ещё раз";

/** The PNG bytes of a `data:image/png;base64,…` URL, or null when it is not one. */
export function signatureBytes(dataUrl: string): Uint8Array | null {
  const m = /^data:image\/png;base64,([A-Za-z0-9+/]+=*)$/.exec(dataUrl);
  if (!m) return null;
  try {
    return Uint8Array.from(Buffer.from(m[1], "base64"));
  } catch {
    return null;
  }
}

/** The PNG bytes of the data URL when pngjs reads them in full (what a document can embed); null otherwise. */
export function readablePng(dataUrl: string): { bytes: Uint8Array; png: PNG } | null {
  const bytes = signatureBytes(dataUrl);
  if (!bytes) return null;
  try {
    return { bytes, png: PNG.sync.read(Buffer.from(bytes)) };
  } catch {
    return null;
  }
}

/** Null when the data URL is a real PNG of sane size and dimensions, else the message for the client. */
export function signatureImageProblem(dataUrl: string): string | null {
  if (dataUrl.length > SIGNATURE_LIMITS.maxBytes * 1.4) return SIGNATURE_UNREADABLE;
  const read = readablePng(dataUrl);
  if (!read || read.bytes.length > SIGNATURE_LIMITS.maxBytes) return SIGNATURE_UNREADABLE;
  const { png } = read;
  const { width, height } = png;
  if (
    width < SIGNATURE_LIMITS.minSide || height < SIGNATURE_LIMITS.minSide ||
    width > SIGNATURE_LIMITS.maxWidth || height > SIGNATURE_LIMITS.maxHeight
  ) return SIGNATURE_UNREADABLE;
  return hasInk(png.data) ? null : SIGNATURE_UNREADABLE;
}

/** True when some pixel is drawn: neither transparent nor near white (a blank pad signs nothing). */
function hasInk(rgba: Uint8Array): boolean {
  for (let i = 0; i < rgba.length; i += 4) {
    if (rgba[i + 3] > 32 && Math.min(rgba[i], rgba[i + 1], rgba[i + 2]) < 200) return true;
  }
  return false;
}
