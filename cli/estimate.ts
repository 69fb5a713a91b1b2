// `estimate generate` and `estimate schema`.
import { basename, extname, join } from "node:path";
import {
  type CompanyRequisites,
  EstimateInputError,
  formatRub,
  generateEstimate,
  measurementJsonSchema,
  PriceListFileError,
  type PriceListItem,
  readPriceListFile,
  type VatMode,
  writeEstimateWorkbook,
} from "../estimating/mod.ts";
import { EXIT_INPUT_FAILED, EXIT_OK, type Io, UsageError } from "./io.ts";

/** Options of `estimate generate`. */
export interface GenerateCommandOptions {
  priceList?: string;
  out: string;
  format: "xlsx" | "json";
  vat: VatMode;
  date: string;
  requisites?: string;
  quiet?: boolean;
}

/** Expands files and folders (recursively, `*.json`, sorted) into the list of measurement files. */
export async function collectInputs(paths: string[], io: Io): Promise<{ files: string[]; failed: number }> {
  const files: string[] = [];
  let failed = 0;
  for (const path of paths) {
    let info: Deno.FileInfo;
    try {
      info = await Deno.stat(path);
    } catch {
      io.err(`${path}: файл не найден (no such file or directory)`);
      failed++;
      continue;
    }
    if (info.isDirectory) {
      const found: string[] = [];
      await walk(path, found);
      if (found.length === 0) io.err(`${path}: в папке нет файлов .json`);
      files.push(...found.sort());
    } else files.push(path);
  }
  return { files, failed };
}

async function walk(dir: string, out: string[]): Promise<void> {
  for await (const entry of Deno.readDir(dir)) {
    const path = join(dir, entry.name);
    if (entry.isDirectory) await walk(path, out);
    else if (entry.isFile && entry.name.toLowerCase().endsWith(".json")) out.push(path);
  }
}

/** Reads a `--price-list` file; a file that cannot be read is a usage error. */
export async function loadPriceList(path: string, io: Io): Promise<PriceListItem[]> {
  let bytes: Uint8Array;
  try {
    bytes = await Deno.readFile(path);
  } catch {
    throw new UsageError(`--price-list: файл "${path}" не найден`);
  }
  try {
    const list = await readPriceListFile(bytes, path);
    for (const r of list.rejected) io.err(`${path}: строка ${r.row}: ${r.reason} (пропущена)`);
    if (list.items.length === 0) throw new UsageError(`--price-list: в файле "${path}" нет позиций`);
    return list.items;
  } catch (err) {
    if (err instanceof PriceListFileError) throw new UsageError(`--price-list: ${path}: ${err.message}`);
    throw err;
  }
}

async function loadRequisites(path: string): Promise<CompanyRequisites> {
  let data: unknown;
  try {
    data = JSON.parse(await Deno.readTextFile(path));
  } catch (err) {
    throw new UsageError(`--requisites: не удалось прочитать "${path}": ${(err as Error).message}`);
  }
  if (typeof data !== "object" || data === null || typeof (data as { name?: unknown }).name !== "string") {
    throw new UsageError(`--requisites: ожидается JSON-объект с полем name`);
  }
  return data as CompanyRequisites;
}

/** A file that could not be read or decoded. */
class ReadError extends Error {}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Reads and parses a JSON file; a read or decoding problem is a ReadError, broken JSON a SyntaxError. */
async function readJsonFile(file: string): Promise<unknown> {
  let bytes: Uint8Array;
  try {
    bytes = await Deno.readFile(file);
  } catch (err) {
    throw new ReadError(`не удалось прочитать файл: ${(err as Error).message}`);
  }
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw new ReadError("JSON: файл не в кодировке UTF-8");
  }
  return JSON.parse(text.replace(/^\uFEFF/, ""));
}

/** One line per problem of a document: `file: field: message` (several problems joined by "; "). */
export function errorLine(file: string, err: unknown): string {
  if (err instanceof EstimateInputError) {
    return `${file}: ${err.issues.map((i) => `${i.path}: ${i.message}`).join("; ")}`;
  }
  if (err instanceof SyntaxError) return `${file}: JSON: некорректный JSON (invalid JSON): ${err.message}`;
  return `${file}: ${(err as Error)?.message ?? String(err)}`;
}

/** `estimate generate`: one estimate per measurement file; returns the exit code. */
export async function generateCommand(
  paths: string[],
  opts: GenerateCommandOptions,
  io: Io,
): Promise<number> {
  const priceList = opts.priceList ? await loadPriceList(opts.priceList, io) : undefined;
  const company = opts.requisites ? await loadRequisites(opts.requisites) : undefined;
  const { files, failed: missing } = await collectInputs(paths, io);
  await Deno.mkdir(opts.out, { recursive: true });

  let ok = 0;
  let failed = missing;
  let warned = 0;
  const used = new Set<string>();
  for (const file of files) {
    let estimate;
    try {
      const doc = await readJsonFile(file);
      estimate = generateEstimate(doc, { date: opts.date, vat: opts.vat, priceList });
    } catch (err) {
      io.err(errorLine(file, err));
      failed++;
      continue;
    }
    // Output file name: the input's name, made unique within this run.
    const stem = basename(file, extname(file));
    let name = stem;
    for (let k = 2; used.has(name); k++) name = `${stem}-${k}`;
    used.add(name);
    const outPath = join(opts.out, `${name}.${opts.format}`);
    if (opts.format === "json") {
      await Deno.writeTextFile(outPath, JSON.stringify(estimate, null, 2) + "\n");
    } else {
      await Deno.writeFile(outPath, await writeEstimateWorkbook(estimate, { company, date: opts.date }));
    }
    ok++;
    if (estimate.warnings.length) warned++;
    if (!opts.quiet) {
      io.out(`${file} → ${outPath}: ${estimate.estimateNumber}, ${formatRub(estimate.totalAmount)}`);
      for (const w of estimate.warnings) io.out(`  предупреждение: ${w}`);
    }
  }
  const total = files.length + missing;
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
