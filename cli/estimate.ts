// `estimate generate` and `estimate schema`.
import { basename, extname, join } from "node:path";
import {
  type CompanyRequisites,
  DEFAULT_MARKUP_PERCENT,
  type Discount,
  type EquipmentPriceSetting,
  EstimateInputError,
  formatRub,
  generateEstimate,
  MAX_MARKUP_PERCENT,
  measurementJsonSchema,
  PriceListFileError,
  type PriceListItem,
  readPriceListFile,
  type VatMode,
  writeEstimateWorkbook,
} from "../estimating/mod.ts";
import {
  checkOutputFolder,
  checkReadable,
  InputFiles,
  MB,
  oneLine,
  PathError,
  readRegularFile,
  reason,
  specialKind,
  statOrUndefined,
  statPath,
  writeOutputFile,
} from "./files.ts";
import { EXIT_INPUT_FAILED, EXIT_OK, type Io, UsageError } from "./io.ts";

/** Options of `estimate generate`. */
export interface GenerateCommandOptions {
  priceList?: string;
  out: string;
  format: "xlsx" | "json";
  vat: VatMode;
  /** A discount before VAT (`--discount`), as the web editor's. */
  discount?: Discount;
  date: string;
  requisites?: string;
  /** The «Для себя» workbook instead of the client's. */
  internal?: boolean;
  quiet?: boolean;
  /** The station's price basis (`--equipment-price`); the maker's retail price when absent. */
  equipmentPrice?: EquipmentPriceSetting;
}

/**
 * `--equipment-price retail|dealer|dealer+N`: the maker's retail price, the dealer price,
 * or the dealer price plus N % (a whole number 0–300).
 */
export function parseEquipmentPriceOption(value: string): EquipmentPriceSetting {
  const v = value.trim().toLowerCase();
  if (v === "retail") return { basis: "retail", markupPercent: DEFAULT_MARKUP_PERCENT };
  if (v === "dealer") return { basis: "dealer", markupPercent: 0 };
  const m = /^dealer\+(\d{1,3})%?$/.exec(v);
  if (m && Number(m[1]) <= MAX_MARKUP_PERCENT) return { basis: "dealer_markup", markupPercent: Number(m[1]) };
  throw new UsageError(
    `--equipment-price: ожидается retail, dealer или dealer+N (наценка N — целое число от 0 до ${MAX_MARKUP_PERCENT} %), получено "${value}"`,
  );
}

/** Largest measurement document read (real ones are a few kilobytes). */
export const MEASUREMENT_MAX_BYTES = 2 * MB;
/** Largest company requisites file read. */
export const REQUISITES_MAX_BYTES = 1 * MB;
/** Largest price-list file read, as for an upload on the settings page. */
export const PRICE_LIST_MAX_BYTES = 5 * MB;

/**
 * Expands files and folders (recursively, `*.json`, sorted; symlinks followed, each folder once) into the
 * list of measurement files, recording each in `inputs` (a file reached twice is read once). A path named
 * on the command line that is missing or unreadable is a usage error; a special file (FIFO, device, socket)
 * or an unreadable folder inside is skipped: `skipped` has its line for stderr; `notes` has the lines of
 * folders without documents.
 */
export async function collectInputs(
  paths: string[],
  inputs: InputFiles = new InputFiles(),
): Promise<{ files: string[]; skipped: string[]; notes: string[] }> {
  const files: string[] = [];
  const seenFiles = new Set<string>();
  const seenFolders = new Set<string>();
  /** Records an input; false when the same file came already (an option's file is still a document here). */
  const isNew = (path: string, info?: Deno.FileInfo) => {
    const key = inputs.add(path, info);
    if (seenFiles.has(key)) return false;
    seenFiles.add(key);
    return true;
  };
  const skipped: string[] = [];
  const notes: string[] = [];
  const skip = (path: string, message: string) => skipped.push(oneLine(`${path}: ${message}`));
  const walk = async (dir: string, info: Deno.FileInfo, named = false): Promise<string[]> => {
    const found: string[] = [];
    if (seenFolders.has(`${info.dev}:${info.ino}`)) return found;
    seenFolders.add(`${info.dev}:${info.ino}`);
    let entries: Deno.DirEntry[];
    try {
      entries = await Array.fromAsync(Deno.readDir(dir));
    } catch (err) {
      if (named) throw new UsageError(`«${dir}»: не удалось прочитать папку: ${reason(err)}`);
      skip(dir, `не удалось прочитать папку: ${reason(err)}`);
      return found;
    }
    for (const entry of entries.sort((a, b) => a.name < b.name ? -1 : a.name > b.name ? 1 : 0)) {
      const path = join(dir, entry.name);
      const isJson = entry.name.toLowerCase().endsWith(".json");
      if (entry.isFile) {
        if (isJson && isNew(path)) found.push(path);
        continue;
      }
      if (!entry.isDirectory && !entry.isSymlink && !isJson) continue;
      let target: Deno.FileInfo;
      try {
        target = statPath(path);
      } catch (err) {
        if (isJson) skip(path, (err as PathError).message);
        continue;
      }
      if (target.isDirectory) found.push(...await walk(path, target));
      else if (!isJson) continue;
      else if (!target.isFile) skip(path, `это ${specialKind(target)}, а не обычный файл; пропущен`);
      else if (isNew(path, target)) found.push(path);
    }
    return found;
  };

  for (const path of paths) {
    let info: Deno.FileInfo;
    try {
      info = statPath(path);
    } catch (err) {
      throw new UsageError(`«${path}»: ${(err as PathError).message}`);
    }
    if (info.isDirectory) {
      const found = await walk(path, info, true);
      if (found.length === 0) notes.push(oneLine(`${path}: в папке нет файлов .json`));
      files.push(...found.sort());
    } else if (!info.isFile) skip(path, `это ${specialKind(info)}, а не обычный файл; пропущен`);
    else {
      try {
        checkReadable(path);
      } catch (err) {
        throw new UsageError(`«${path}»: ${(err as PathError).message}`);
      }
      if (isNew(path, info)) files.push(path);
    }
  }
  return { files, skipped, notes };
}

/** Reads an option's input file (`--price-list`, `--requisites`); any problem with it is a usage error. */
function readOptionFile(path: string, option: string, maxBytes: number, inputs?: InputFiles) {
  try {
    const bytes = readRegularFile(path, maxBytes);
    inputs?.add(path);
    return bytes;
  } catch (err) {
    if (err instanceof PathError) throw new UsageError(`${option}: «${path}»: ${err.message}`);
    throw err;
  }
}

/** Reads a `--price-list` file; a file that cannot be read is a usage error. */
export async function loadPriceList(path: string, io: Io, inputs?: InputFiles): Promise<PriceListItem[]> {
  const bytes = readOptionFile(path, "--price-list", PRICE_LIST_MAX_BYTES, inputs);
  try {
    const list = await readPriceListFile(bytes, path);
    for (const r of list.rejected) io.err(oneLine(`${path}: строка ${r.row}: ${r.reason} (пропущена)`));
    if (list.items.length === 0) throw new UsageError(`--price-list: в файле "${path}" нет позиций`);
    return list.items;
  } catch (err) {
    if (err instanceof PriceListFileError) throw new UsageError(`--price-list: ${path}: ${err.message}`);
    throw err;
  }
}

function loadRequisites(path: string, inputs: InputFiles): CompanyRequisites {
  const bytes = readOptionFile(path, "--requisites", REQUISITES_MAX_BYTES, inputs);
  let data: unknown;
  try {
    data = JSON.parse(utf8.decode(bytes));
  } catch (err) {
    throw new UsageError(`--requisites: не удалось прочитать "${path}": ${(err as Error).message}`);
  }
  if (typeof data !== "object" || data === null || typeof (data as { name?: unknown }).name !== "string") {
    throw new UsageError(`--requisites: ожидается JSON-объект с полем name`);
  }
  return data as CompanyRequisites;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Reads and parses a measurement file; a read or decoding problem is a PathError, broken JSON a SyntaxError. */
function readJsonFile(file: string): unknown {
  const bytes = readRegularFile(file, MEASUREMENT_MAX_BYTES);
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw new PathError("other", "JSON: файл не в кодировке UTF-8");
  }
  text = text.replace(/^\uFEFF/, "");
  if (text.trim() === "") throw new PathError("other", "JSON: файл пустой");
  return JSON.parse(text);
}

/** One line per problem of a document: `file: field: message` (several problems joined by "; "). */
export function errorLine(file: string, err: unknown): string {
  if (err instanceof EstimateInputError) {
    return oneLine(`${file}: ${err.issues.map((i) => `${i.path}: ${i.message}`).join("; ")}`);
  }
  if (err instanceof SyntaxError) {
    return oneLine(`${file}: JSON: некорректный JSON (invalid JSON): ${err.message}`);
  }
  if (err instanceof RangeError) return oneLine(`${file}: JSON: слишком глубокая вложенность`);
  return oneLine(`${file}: ${(err as Error)?.message ?? String(err)}`);
}

/** Output file of each input: its name with the format's extension, made unique within the run. */
function outputPaths(files: string[], opts: GenerateCommandOptions): string[] {
  const used = new Set<string>();
  return files.map((file) => {
    const stem = basename(file, extname(file));
    let name = stem;
    for (let k = 2; used.has(name); k++) name = `${stem}-${k}`;
    used.add(name);
    return join(opts.out, `${name}.${opts.format}`);
  });
}

/**
 * Refuses the run before anything is written when an output would overwrite an input (a measurement file,
 * the price list or the requisites) or is a folder or a special file.
 */
function checkOutputs(files: string[], outputs: string[], inputs: InputFiles): void {
  const clashes: string[] = [];
  let notAFile: string | undefined;
  for (const [i, out] of outputs.entries()) {
    const info = statOrUndefined(out);
    if (!info) continue;
    const input = inputs.overwrittenBy(out, info);
    if (input !== undefined) {
      clashes.push(`смета из «${files[i]}» записалась бы поверх входного файла «${input}»`);
    } else if (!info.isFile) {
      const what = info.isDirectory ? "папка" : specialKind(info);
      notAFile ??= `«${out}» — это ${what}, а смета пишется в обычный файл`;
    }
  }
  if (clashes.length > 0) {
    const more = clashes.length > 1 ? ` (и ещё ${clashes.length - 1})` : "";
    throw new UsageError(`--out: ${clashes[0]}${more}; укажите другую папку или другой --format`);
  }
  if (notAFile) throw new UsageError(`--out: ${notAFile}`);
}

/** `estimate generate`: one estimate per measurement file; returns the exit code. */
export async function generateCommand(
  paths: string[],
  opts: GenerateCommandOptions,
  io: Io,
): Promise<number> {
  const inputs = new InputFiles();
  const priceList = opts.priceList ? await loadPriceList(opts.priceList, io, inputs) : undefined;
  const company = opts.requisites ? loadRequisites(opts.requisites, inputs) : undefined;
  await checkOutputFolder(opts.out, "--out");
  const { files, skipped, notes } = await collectInputs(paths, inputs);
  const outputs = outputPaths(files, opts);
  checkOutputs(files, outputs, inputs);
  try {
    await Deno.mkdir(opts.out, { recursive: true });
  } catch (err) {
    throw new UsageError(`--out: не удалось создать папку «${opts.out}»: ${reason(err)}`);
  }

  for (const line of [...skipped, ...notes]) io.err(line);
  let ok = 0;
  let failed = skipped.length;
  let warned = 0;
  for (const [i, file] of files.entries()) {
    const outPath = outputs[i];
    let estimate;
    try {
      const doc = readJsonFile(file);
      estimate = generateEstimate(doc, {
        date: opts.date,
        vat: opts.vat,
        discount: opts.discount,
        priceList,
        equipmentPrice: opts.equipmentPrice,
      });
      const data = opts.format === "json"
        ? JSON.stringify(estimate, null, 2) + "\n"
        : await writeEstimateWorkbook(estimate, {
          company,
          date: opts.date,
          audience: opts.internal ? "internal" : "client",
        });
      await writeOutputFile(outPath, data, "--out");
    } catch (err) {
      io.err(errorLine(file, err));
      failed++;
      continue;
    }
    ok++;
    if (estimate.warnings.length || estimate.alerts.length) warned++;
    if (!opts.quiet) {
      io.out(`${file} → ${outPath}: ${estimate.estimateNumber}, ${formatRub(estimate.totalAmount)}`);
      // Alerts change what should be installed: they come first.
      for (const a of estimate.alerts) io.out(`  ВНИМАНИЕ: ${a}`);
      for (const w of estimate.warnings) io.out(`  предупреждение: ${w}`);
    }
  }
  const total = files.length + skipped.length;
  io.out(
    `Итого: смет сформировано ${ok} из ${total}, с ошибками ${failed}, с предупреждениями ${warned}; ` +
      `папка ${opts.out}, формат ${opts.format}.`,
  );
  return failed > 0 || total === 0 ? EXIT_INPUT_FAILED : EXIT_OK;
}

/** `estimate schema`: prints the JSON Schema of the measurement document. */
export function schemaCommand(io: Io): number {
  io.out(JSON.stringify(measurementJsonSchema(), null, 2));
  return EXIT_OK;
}
