/**
 * Limits on an .xlsx file (a zip archive) from outside, checked before a spreadsheet library opens it:
 * a small file may inflate to gigabytes (a zip bomb) or hold millions of cells. The central directory is
 * checked first (entry count, declared sizes, compression ratio), then every entry is inflated as a
 * stream, without keeping it, to verify that the declared sizes are true and to count the sheets'
 * rows and cells. The archive is read by fflate (its central directory through `unzipSync`'s filter, the
 * entries through the streaming `Unzip`); the limits and the counting are ours.
 *
 * @module
 */

import { Unzip, UnzipInflate, unzipSync } from "fflate";

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
}

const MB = 1024 * 1024;

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
  const entries: ZipEntry[] = [];
  let total = 0;
  try {
    // The filter sees each entry of the central directory and extracts none.
    unzipSync(bytes, {
      filter: (file) => {
        const entry: ZipEntry = {
          name: file.name,
          method: file.compression,
          compressedSize: file.size,
          uncompressedSize: file.originalSize,
        };
        if (entries.length === limits.maxEntries) {
          throw new ZipLimitError(`в архиве слишком много файлов: допустимо не более ${limits.maxEntries}`);
        }
        if (entry.method !== 0 && entry.method !== 8) {
          throw new ZipLimitError(`неподдерживаемое сжатие в архиве (метод ${entry.method})`);
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
        return false;
      },
    });
  } catch (error) {
    if (error instanceof ZipLimitError) throw error;
    throw new ZipLimitError("файл не является книгой .xlsx (не zip-архив или архив повреждён)");
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

/** Bytes handed to the inflater at a time: deflate expands at most about 1 032 times, so one inflated
 * piece stays near a megabyte however the archive was made. */
const SLICE = 1024;

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
 * const { rows, cells } = checkZip(bytes, priceListZipLimits);
 * if (rows < 2 || cells < 2) throw new Error("counted");
 * ```
 */
export function checkZip(
  bytes: Uint8Array,
  limits: ZipLimits,
): { rows: number; cells: number } {
  const declared = new Map(zipDirectory(bytes, limits).map((e) => [e.name, e]));
  let total = 0;
  let rows = 0;
  let cells = 0;
  const unzip = new Unzip((file) => {
    const entry = declared.get(file.name);
    if (!entry) throw new ZipLimitError("архив повреждён");
    const counter = /^xl\/worksheets\/[^/]+\.xml$/.test(entry.name) ? new SheetCounter() : null;
    let size = 0;
    file.ondata = (error, chunk, final) => {
      if (error) throw error;
      size += chunk.length;
      if (size > entry.uncompressedSize || total + size > limits.maxUncompressedBytes) {
        throw new ZipLimitError(`файл «${entry.name}» в архиве больше заявленного размера`);
      }
      if (counter) {
        counter.add(chunk);
        if (rows + counter.rows > limits.maxRows) {
          throw new ZipLimitError(`в книге больше ${limits.maxRows} строк`);
        }
        if (cells + counter.cells > limits.maxCells) {
          throw new ZipLimitError(`в книге больше ${limits.maxCells} ячеек`);
        }
      }
      if (final) {
        total += size;
        rows += counter?.rows ?? 0;
        cells += counter?.cells ?? 0;
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let i = 0; i < bytes.length; i += SLICE) {
      unzip.push(bytes.subarray(i, i + SLICE), i + SLICE >= bytes.length);
    }
  } catch (error) {
    if (error instanceof ZipLimitError) throw error;
    throw new ZipLimitError("архив повреждён: данные не распаковываются");
  }
  return { rows, cells };
}
