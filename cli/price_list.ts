// `price-list import` and `price-list export`: a standalone price-list file, or a company's price list
// in the app database (db/price_lists.ts, the reader and writer the settings screen uses too).
import { extname } from "node:path";
import {
  defaultPriceList,
  mergePriceList,
  type MergeReport,
  PriceListFileError,
  type PriceListItem,
  readPriceListFile,
  type RejectedRow,
  writePriceListCsv,
  writePriceListJson,
  writePriceListWorkbook,
} from "../estimating/mod.ts";
import { PRICE_LIST_MAX_BYTES } from "./estimate.ts";
import { countOf, itemForms } from "../domain/format.ts";
import {
  checkOutputFile,
  databaseFile,
  InputFiles,
  oneLine,
  PathError,
  readRegularFile,
  statOrUndefined,
  writeOutputFile,
} from "./files.ts";
import { EXIT_INPUT_FAILED, EXIT_OK, type Io, UsageError } from "./io.ts";

/** Default file of a standalone price list. */
export const DEFAULT_PRICE_LIST_FILE = "price-list.json";
/** Name of a company's price list created by an import. */
export const DEFAULT_LIST_NAME = "Прайс-лист компании";

export interface ImportOptions {
  company?: string;
  db?: string;
  out?: string;
  name?: string;
}

export interface ExportOptions {
  company?: string;
  db?: string;
  out: string;
  priceList?: string;
}

function companyId(value: string): number {
  const id = Number(value);
  if (!Number.isInteger(id) || id <= 0) {
    throw new UsageError(`--company: ожидается id компании (целое число), получено "${value}"`);
  }
  return id;
}

function databaseUrl(option?: string): string {
  return option ?? Deno.env.get("DATABASE_URL") ?? "file:data/app.db";
}

const formats = [".json", ".xlsx", ".csv"];
function checkFormat(path: string, option: string): void {
  if (!formats.includes(extname(path).toLowerCase())) {
    throw new UsageError(`${option}: ожидается файл .json, .xlsx или .csv, получено "${path}"`);
  }
}

/** Writes a price list to a file in the format of its extension (a failure is a usage error of `--out`). */
export async function writePriceListFile(
  path: string,
  items: readonly PriceListItem[],
  name?: string,
): Promise<void> {
  const ext = extname(path).toLowerCase();
  const data = ext === ".xlsx"
    ? await writePriceListWorkbook(items, { name })
    : ext === ".csv"
    ? writePriceListCsv(items)
    : writePriceListJson(items, { name });
  await writeOutputFile(path, data, "--out");
}

/**
 * Reads an input price list and records it in `inputs`. A missing path, a folder or an unreadable file is a
 * usage error, and so is any problem with an option's file (`option`); the imported file when it is a
 * special file or too large is one line on stderr and `undefined`.
 */
function readInput(
  path: string,
  option: string | undefined,
  inputs: InputFiles,
  io: Io,
): Uint8Array | undefined {
  try {
    const bytes = readRegularFile(path, PRICE_LIST_MAX_BYTES);
    inputs.add(path);
    return bytes;
  } catch (err) {
    if (!(err instanceof PathError)) throw err;
    if (option === undefined && (err.problem === "special" || err.problem === "large")) {
      io.err(oneLine(`${path}: ${err.message}`));
      return undefined;
    }
    throw new UsageError(`${option ? `${option}: ` : ""}«${path}»: ${err.message}`);
  }
}

/** Refuses a `file:` database that is one of the inputs (libSQL would write into it). */
function checkDatabase(url: string, inputs: InputFiles): void {
  const file = databaseFile(url);
  const clash = file !== undefined ? inputs.overwrittenBy(file) : undefined;
  if (clash !== undefined) {
    throw new UsageError(`--db: «${url}» — это входной файл «${clash}»; он не будет изменён`);
  }
}

function report(io: Io, source: string, target: string, merge: MergeReport, rejected: RejectedRow[]): number {
  io.out(`Импорт прайс-листа ${source} → ${target}`);
  io.out(
    `Добавлено: ${merge.added.length}, обновлено: ${merge.updated.length}, без изменений: ${merge.unchanged.length}, ` +
      `отклонено: ${rejected.length}; позиций в прайс-листе: ${merge.items.length}`,
  );
  if (merge.added.length) io.out(`  добавлены: ${merge.added.join(", ")}`);
  if (merge.updated.length) io.out(`  обновлены: ${merge.updated.join(", ")}`);
  for (const r of rejected) {
    io.err(oneLine(`${source}: строка ${r.row}${r.code ? ` (${r.code})` : ""}: ${r.reason}`));
  }
  return rejected.length > 0 ? EXIT_INPUT_FAILED : EXIT_OK;
}

/**
 * `price-list import <file>`: validates the file and merges it into the standalone file, or into the
 * company's list (stored as its new active list, as an upload on the settings screen does).
 */
export async function importCommand(file: string, opts: ImportOptions, io: Io): Promise<number> {
  const id = opts.company !== undefined ? companyId(opts.company) : undefined;
  if (opts.out) checkFormat(opts.out, "--out");
  const inputs = new InputFiles();
  const bytes = readInput(file, undefined, inputs, io);
  if (!bytes) return EXIT_INPUT_FAILED;
  const out = id === undefined ? opts.out ?? DEFAULT_PRICE_LIST_FILE : undefined;
  if (out !== undefined) await checkOutputFile(out, "--out", inputs);
  else checkDatabase(databaseUrl(opts.db), inputs);
  let imported;
  try {
    imported = await readPriceListFile(bytes, file);
  } catch (err) {
    if (err instanceof PriceListFileError) {
      // The message may quote the file's bytes (a JSON parse error), control characters included.
      io.err(oneLine(`${file}: ${err.message}`));
      return EXIT_INPUT_FAILED;
    }
    throw err;
  }

  if (out !== undefined) {
    // Standalone: merge over the existing output file, or over the default price list.
    let base: readonly PriceListItem[] = defaultPriceList;
    let name = opts.name;
    try {
      const existing = await readPriceListFile(readRegularFile(out, PRICE_LIST_MAX_BYTES), out);
      base = existing.items;
      name ??= existing.name;
    } catch (err) {
      if (!(err instanceof PathError && err.problem === "missing")) {
        io.err(oneLine(`${out}: ${(err as Error).message}; файл не изменён`));
        return EXIT_INPUT_FAILED;
      }
    }
    const merge = mergePriceList(base, imported.items);
    await writePriceListFile(out, merge.items, name ?? DEFAULT_LIST_NAME);
    return report(io, file, out, merge, imported.rejected);
  }

  const url = databaseUrl(opts.db);
  const result = await importIntoDatabase(url, id!, imported.items, opts.name);
  if ("error" in result) {
    io.err(oneLine(result.error));
    return EXIT_INPUT_FAILED;
  }
  return report(
    io,
    file,
    `${url} (компания ${id}, прайс-лист ${result.listId})`,
    result.merge,
    imported.rejected,
  );
}

/** `price-list export --out FILE`: the company's list, or a standalone list (`--price-list`), or the default. */
export async function exportCommand(opts: ExportOptions, io: Io): Promise<number> {
  checkFormat(opts.out, "--out");
  let items: readonly PriceListItem[] = defaultPriceList;
  let name = "Базовый прайс-лист ПолеСмета";
  const inputs = new InputFiles();
  if (opts.company !== undefined) {
    const id = companyId(opts.company);
    const db = databaseFile(databaseUrl(opts.db));
    const dbInfo = db !== undefined ? statOrUndefined(db) : undefined;
    if (db !== undefined && dbInfo) inputs.add(db, dbInfo);
    await checkOutputFile(opts.out, "--out", inputs);
    const result = await readFromDatabase(databaseUrl(opts.db), id);
    if ("error" in result) {
      io.err(oneLine(result.error));
      return EXIT_INPUT_FAILED;
    }
    items = result.items;
    name = result.name;
  } else if (opts.priceList) {
    const bytes = readInput(opts.priceList, "--price-list", inputs, io);
    if (!bytes) return EXIT_INPUT_FAILED;
    await checkOutputFile(opts.out, "--out", inputs);
    try {
      const list = await readPriceListFile(bytes, opts.priceList);
      items = list.items;
      name = list.name ?? DEFAULT_LIST_NAME;
    } catch (err) {
      if (err instanceof PriceListFileError) {
        throw new UsageError(`--price-list: ${opts.priceList}: ${err.message}`);
      }
      throw err;
    }
  } else await checkOutputFile(opts.out, "--out", inputs);
  await writePriceListFile(opts.out, items, name);
  io.out(`Прайс-лист «${name}»: ${countOf(items.length, itemForms)} → ${opts.out}`);
  return EXIT_OK;
}

// ---------------------------------------------------------------------------------------------
// Database (loaded on demand: the other commands do not need libSQL)

async function openDatabase(url: string) {
  const { openDb, migrateDb } = await import("../db/client.ts");
  const db = await openDb(url, { authToken: Deno.env.get("DATABASE_AUTH_TOKEN") });
  await migrateDb(db);
  return db;
}

/** Merges the items into the company's active price list (db/price_lists.ts importPriceList). */
export async function importIntoDatabase(
  url: string,
  companyId: number,
  items: PriceListItem[],
  listName: string | undefined,
): Promise<{ merge: MergeReport; listId: number } | { error: string }> {
  const [{ importPriceList }, { findCompany }, { scopeOf }] = await Promise.all([
    import("../db/price_lists.ts"),
    import("../db/companies.ts"),
    import("../db/scope.ts"),
  ]);
  const db = await openDatabase(url);
  try {
    if (!(await findCompany(db, scopeOf(null), companyId))) {
      return { error: `компания ${companyId} не найдена в ${url}` };
    }
    const { list, merge } = await importPriceList(db, companyId, items, listName);
    return { merge, listId: list.id };
  } finally {
    db.$client.close();
  }
}

/** The company's active price list from the database (db/price_lists.ts activePriceList). */
export async function readFromDatabase(
  url: string,
  companyId: number,
): Promise<{ items: PriceListItem[]; name: string } | { error: string }> {
  const { activePriceList } = await import("../db/price_lists.ts");
  const db = await openDatabase(url);
  try {
    const list = await activePriceList(db, companyId);
    if (!list) return { error: `у компании ${companyId} нет активного прайс-листа в ${url}` };
    return { items: list.items, name: list.name };
  } finally {
    db.$client.close();
  }
}
