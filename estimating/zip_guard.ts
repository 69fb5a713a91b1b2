/**
 * Limits on an .xlsx file (a zip archive) from outside, checked before a spreadsheet library opens it:
 * a small file may inflate to gigabytes (a zip bomb) or hold millions of cells. The central directory is
 * checked first (entry count, declared sizes, compression ratio), then every entry is inflated as a
 * stream, without keeping it, to verify that the declared sizes are true and to count the sheets'
 * rows and cells.
 *
 * @module
 */

/** What an archive may hold. */
export interface ZipLimits {
  /** Entries in the archive. */
  maxEntries: number;
  /** Sum of the entries' uncompressed sizes, bytes. */
  maxUncompressedBytes: number;
  /** Uncompressed to compressed size of an entry larger than 1 MB. */
  maxRatio: number;
  /** `<row>` elements in all worksheets. */
  maxRows: number;
  /** `<c>` (cell) elements in all worksheets. */
  maxCells: number;
}

/** Limits for a price list: far above a real one (thousands of rows), far below what stalls a server. */
export const priceListZipLimits: ZipLimits = {
  maxEntries: 1000,
  maxUncompressedBytes: 40 * 1024 * 1024,
  maxRatio: 100,
  maxRows: 50_000,
  maxCells: 500_000,
};

/** The archive breaks a limit or is not a readable zip; the message is Russian, for people. */
export class ZipLimitError extends Error {
  /** Error name. */
  override name = "ZipLimitError";
}

/** One entry of the central directory. */
export interface ZipEntry {
  /** Path inside the archive. */
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  /** Offset of the entry's local header. */
  localOffset: number;
}

const MB = 1024 * 1024;
const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;

/**
 * The entries of a zip archive from its central directory, checked against the limits on entry count,
 * declared sizes and compression ratio. Throws {@link ZipLimitError}. Reads only the directory: microseconds.
 *
 * @example
 * ```ts
 * import { zipDirectory, ZipLimitError, priceListZipLimits } from "./zip_guard.ts";
 * try {
 *   zipDirectory(new TextEncoder().encode("not a zip"), priceListZipLimits);
 *   throw new Error("accepted");
 * } catch (error) {
 *   if (!(error instanceof ZipLimitError)) throw error;
 * }
 * ```
 */
export function zipDirectory(bytes: Uint8Array, limits: ZipLimits): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let eocd = -1;
  // The end record is 22 bytes plus a comment of at most 65 535.
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  }
  if (eocd === -1) throw new ZipLimitError("файл не является книгой .xlsx (не zip-архив)");
  const count = view.getUint16(eocd + 10, true);
  const directorySize = view.getUint32(eocd + 12, true);
  const directoryOffset = view.getUint32(eocd + 16, true);
  if (count === 0xffff || directoryOffset === 0xffffffff) {
    throw new ZipLimitError("архив слишком большой (ZIP64)");
  }
  if (count > limits.maxEntries) {
    throw new ZipLimitError(
      `в архиве слишком много файлов: ${count}, допустимо не более ${limits.maxEntries}`,
    );
  }
  if (directoryOffset + directorySize > eocd) throw new ZipLimitError("архив повреждён");
  const entries: ZipEntry[] = [];
  let total = 0;
  let at = directoryOffset;
  for (let n = 0; n < count; n++) {
    if (at + 46 > eocd || view.getUint32(at, true) !== CENTRAL_SIGNATURE) {
      throw new ZipLimitError("архив повреждён");
    }
    const nameLength = view.getUint16(at + 28, true);
    const entry: ZipEntry = {
      name: new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      uncompressedSize: view.getUint32(at + 24, true),
      localOffset: view.getUint32(at + 42, true),
    };
    if (entry.method !== 0 && entry.method !== 8) {
      throw new ZipLimitError(`неподдерживаемое сжатие в архиве (метод ${entry.method})`);
    }
    if (entry.localOffset + 30 + entry.compressedSize > directoryOffset) {
      throw new ZipLimitError("архив повреждён");
    }
    total += entry.uncompressedSize;
    if (total > limits.maxUncompressedBytes) {
      throw new ZipLimitError(
        `распакованная книга больше ${Math.round(limits.maxUncompressedBytes / MB)} MB`,
      );
    }
    if (
      entry.uncompressedSize > MB &&
      entry.uncompressedSize / Math.max(entry.compressedSize, 1) > limits.maxRatio
    ) {
      throw new ZipLimitError(`подозрительно высокая степень сжатия файла «${entry.name}» в архиве`);
    }
    entries.push(entry);
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return entries;
}

/** Counts `<row ` / `<row>` and `<c ` / `<c>` / `<c/` in a worksheet's XML as it streams past. */
class SheetCounter {
  rows = 0;
  cells = 0;
  #carry = new Uint8Array(0);

  add(chunk: Uint8Array): void {
    const carry = this.#carry;
    const buf = new Uint8Array(carry.length + chunk.length);
    buf.set(carry);
    buf.set(chunk, carry.length);
    // A tag that started in the carried tail is counted now only if it was cut off before.
    for (let i = buf.indexOf(60); i !== -1; i = buf.indexOf(60, i + 1)) {
      if (buf[i + 1] === 99 && i + 3 > carry.length) {
        const next = buf[i + 2];
        if (next === 32 || next === 62 || next === 47) this.cells++;
      } else if (buf[i + 1] === 114 && buf[i + 2] === 111 && buf[i + 3] === 119 && i + 5 > carry.length) {
        const next = buf[i + 4];
        if (next === 32 || next === 62) this.rows++;
      }
    }
    this.#carry = buf.slice(Math.max(0, buf.length - 4));
  }
}

const SLICE = 16 * 1024;

/** Inflates one entry chunk by chunk, handing each piece to `each`, keeping none. Returns the size. */
async function inflate(
  compressed: Uint8Array,
  method: number,
  each: (chunk: Uint8Array) => void,
): Promise<number> {
  if (method === 0) {
    each(compressed);
    return compressed.length;
  }
  const stream = new DecompressionStream("deflate-raw");
  const writer = stream.writable.getWriter();
  const writing = (async () => {
    for (let i = 0; i < compressed.length; i += SLICE) await writer.write(compressed.slice(i, i + SLICE));
    await writer.close();
  })();
  writing.catch(() => {});
  let size = 0;
  try {
    for await (const chunk of stream.readable) {
      size += chunk.length;
      each(chunk);
    }
    await writing;
  } catch (error) {
    if (error instanceof ZipLimitError) throw error;
    throw new ZipLimitError("архив повреждён: данные не распаковываются");
  }
  return size;
}

/**
 * Checks an .xlsx archive against the limits: the directory ({@link zipDirectory}), then every entry
 * inflated as a stream so that no declared size is trusted, counting the worksheets' rows and cells.
 * Throws {@link ZipLimitError}. Memory stays at one inflated chunk at a time.
 *
 * @example
 * ```ts
 * import { checkZip, priceListZipLimits } from "./zip_guard.ts";
 * import { writePriceListWorkbook } from "./price_list_io.ts";
 * const bytes = await writePriceListWorkbook([{ code: "А001", name: "Труба", unit: "м", section: "", materialsPrice: 1, worksPrice: 2 }]);
 * const { rows, cells } = await checkZip(bytes, priceListZipLimits);
 * if (rows < 2 || cells < 2) throw new Error("counted");
 * ```
 */
export async function checkZip(
  bytes: Uint8Array,
  limits: ZipLimits,
): Promise<{ rows: number; cells: number }> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let total = 0;
  let rows = 0;
  let cells = 0;
  for (const entry of zipDirectory(bytes, limits)) {
    const at = entry.localOffset;
    if (view.getUint32(at, true) !== LOCAL_SIGNATURE) throw new ZipLimitError("архив повреждён");
    const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
    if (start + entry.compressedSize > bytes.length) throw new ZipLimitError("архив повреждён");
    const counter = /^xl\/worksheets\/[^/]+\.xml$/.test(entry.name) ? new SheetCounter() : null;
    let size = 0;
    await inflate(bytes.subarray(start, start + entry.compressedSize), entry.method, (chunk) => {
      size += chunk.length;
      if (size > entry.uncompressedSize || total + size > limits.maxUncompressedBytes) {
        throw new ZipLimitError(`файл «${entry.name}» в архиве больше заявленного размера`);
      }
      if (!counter) return;
      counter.add(chunk);
      if (rows + counter.rows > limits.maxRows) {
        throw new ZipLimitError(`в книге больше ${limits.maxRows} строк`);
      }
      if (cells + counter.cells > limits.maxCells) {
        throw new ZipLimitError(`в книге больше ${limits.maxCells} ячеек`);
      }
    });
    total += size;
    rows += counter?.rows ?? 0;
    cells += counter?.cells ?? 0;
  }
  return { rows, cells };
}
