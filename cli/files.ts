// Safe file access for the CLI: inputs are read only when they are regular files of bounded size (a FIFO
// is never opened: opening one blocks until a writer comes), and no output may land on an input — compared
// by device and inode, so a symlink, a hard link or another spelling of the same path is caught too.
// The checks and reads are synchronous: the CLI handles one file at a time, and a sync call costs a fraction
// of an async one (1000 documents read in 15 ms instead of 110 ms).
import { basename, dirname } from "node:path";
import { UsageError } from "./io.ts";

export const MB = 1024 * 1024;

/** What is wrong with a path, so that a command can tell a usage error from a skipped item. */
export type PathProblem = "missing" | "directory" | "special" | "denied" | "large" | "other";

/** A path that cannot be read as an input file; the message is Russian and fits on one line. */
export class PathError extends Error {
  override name = "PathError";
  constructor(readonly problem: PathProblem, message: string) {
    super(message);
  }
}

/** Russian words for a file system error. */
export function reason(err: unknown): string {
  if (err instanceof Deno.errors.NotFound) return "файл не найден";
  if (err instanceof Deno.errors.PermissionDenied) return "нет доступа";
  if (err instanceof Deno.errors.IsADirectory) return "это папка";
  if (err instanceof Deno.errors.NotADirectory) return "часть пути — файл, а не папка";
  return `ошибка файловой системы: ${(err as Error)?.message ?? String(err)}`;
}

function problemOf(err: unknown): PathProblem {
  if (err instanceof Deno.errors.NotFound || err instanceof Deno.errors.NotADirectory) return "missing";
  if (err instanceof Deno.errors.PermissionDenied) return "denied";
  return "other";
}

/** The kind of a file that is neither a regular file nor a folder, in Russian. */
export function specialKind(info: Deno.FileInfo): string {
  if (info.isFifo) return "именованный канал (FIFO)";
  if (info.isSocket) return "сокет";
  if (info.isCharDevice || info.isBlockDevice) return "устройство";
  return "не обычный файл";
}

/** Stats a path (following symlinks); a missing or inaccessible path is a PathError. */
export function statPath(path: string): Deno.FileInfo {
  try {
    return Deno.statSync(path);
  } catch (err) {
    throw new PathError(problemOf(err), reason(err));
  }
}

/** Checks that `path` is a regular file (not a folder, FIFO, device or socket) and returns its info. */
export function statRegularFile(path: string): Deno.FileInfo {
  const info = statPath(path);
  if (info.isDirectory) throw new PathError("directory", "это папка, а ожидается файл");
  if (!info.isFile) throw new PathError("special", `это ${specialKind(info)}, а не обычный файл; пропущен`);
  return info;
}

const sizeText = (bytes: number) => `${Math.round(bytes / MB)} МБ`;

/**
 * Reads a regular file of at most `maxBytes`. The size is checked before reading and again while reading,
 * so a file that grows or lies about its size is not read past the limit.
 */
export function readRegularFile(path: string, maxBytes: number): Uint8Array {
  const info = statRegularFile(path);
  const tooLarge = () => new PathError("large", `файл больше ${sizeText(maxBytes)}; не прочитан`);
  if (info.size > maxBytes) throw tooLarge();
  let file: Deno.FsFile;
  try {
    file = Deno.openSync(path, { read: true });
  } catch (err) {
    throw new PathError(problemOf(err), reason(err));
  }
  try {
    // Sized by the file (one byte more to see it grow), doubled up to the limit when it does.
    let buffer = new Uint8Array(Math.min(info.size + 1, maxBytes + 1));
    let size = 0;
    for (;;) {
      if (size === buffer.length) {
        if (size > maxBytes) throw tooLarge();
        const bigger = new Uint8Array(Math.min(buffer.length * 2, maxBytes + 1));
        bigger.set(buffer);
        buffer = bigger;
      }
      const n = file.readSync(buffer.subarray(size));
      if (n === null) break;
      size += n;
    }
    return buffer.subarray(0, size);
  } catch (err) {
    if (err instanceof PathError) throw err;
    throw new PathError(problemOf(err), reason(err));
  } finally {
    file.close();
  }
}

/** Checks that a regular file can be opened for reading (without reading it). */
export function checkReadable(path: string): void {
  try {
    Deno.openSync(path, { read: true }).close();
  } catch (err) {
    throw new PathError(problemOf(err), reason(err));
  }
}

/** Stats a path (following symlinks), or undefined when there is nothing there to stat. */
export function statOrUndefined(path: string): Deno.FileInfo | undefined {
  try {
    return Deno.statSync(path);
  } catch {
    return undefined;
  }
}

/** The identity of a file: the same for every path that reaches it (symlinks, hard links, `./x`, `../d/x`). */
function identity(path: string, info: Deno.FileInfo): string {
  return info.ino !== null ? `${info.dev}:${info.ino}` : Deno.realPathSync(path);
}

/** The input files of one command, so that no output overwrites one of them. */
export class InputFiles {
  readonly #byIdentity = new Map<string, string>();

  /** Records an input; returns its identity (the same for every path that reaches the file). */
  add(path: string, info?: Deno.FileInfo): string {
    const key = identity(path, info ?? Deno.statSync(path));
    if (!this.#byIdentity.has(key)) this.#byIdentity.set(key, path);
    return key;
  }

  /**
   * The input that writing to `path` would overwrite, if any (a path that does not exist overwrites none);
   * `info` is the path's stat when the caller has it.
   */
  overwrittenBy(path: string, info?: Deno.FileInfo): string | undefined {
    info ??= statOrUndefined(path);
    return info ? this.#byIdentity.get(identity(path, info)) : undefined;
  }
}

/**
 * Checks an output file named by `option` before anything is written: its folder exists, it is not a
 * folder or a special file, and it is none of the inputs. Every problem is a usage error.
 */
export async function checkOutputFile(path: string, option: string, inputs: InputFiles): Promise<void> {
  const clash = inputs.overwrittenBy(path);
  if (clash !== undefined) {
    throw new UsageError(`${option}: «${path}» — это входной файл «${clash}»; он не будет перезаписан`);
  }
  let info: Deno.FileInfo | undefined;
  try {
    info = await Deno.stat(path);
  } catch (err) {
    if (!(err instanceof Deno.errors.NotFound)) throw new UsageError(`${option}: «${path}»: ${reason(err)}`);
  }
  if (info?.isDirectory) throw new UsageError(`${option}: «${path}» — это папка, а ожидается файл`);
  if (info && !info.isFile) {
    throw new UsageError(`${option}: «${path}» — это ${specialKind(info)}, а ожидается обычный файл`);
  }
  if (!info) {
    const folder = dirname(path);
    const parent = await Deno.stat(folder).catch(() => undefined);
    if (!parent?.isDirectory) {
      throw new UsageError(`${option}: папки «${folder}» для файла «${basename(path)}» нет`);
    }
  }
}

/** Checks an output folder: it either does not exist yet or is a folder (not a file). */
export async function checkOutputFolder(path: string, option: string): Promise<void> {
  let info: Deno.FileInfo;
  try {
    info = await Deno.stat(path);
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return;
    throw new UsageError(`${option}: «${path}»: ${reason(err)}`);
  }
  if (!info.isDirectory) {
    const what = info.isFile ? "файл" : specialKind(info);
    throw new UsageError(`${option}: «${path}» — это ${what}, а ожидается папка`);
  }
}

/** Writes an output file; a failure is a usage error naming the option. */
export async function writeOutputFile(
  path: string,
  data: Uint8Array | string,
  option: string,
): Promise<void> {
  try {
    if (typeof data === "string") await Deno.writeTextFile(path, data);
    else await Deno.writeFile(path, data);
  } catch (err) {
    throw new UsageError(`${option}: не удалось записать «${path}»: ${reason(err)}`);
  }
}

/** The file of a `file:` database URL (libSQL's `file:path`, `file:///abs/path`), or undefined. */
export function databaseFile(url: string): string | undefined {
  if (!url.startsWith("file:")) return undefined;
  const path = url.slice("file:".length).replace(/[?#].*$/, "");
  return path.startsWith("//") ? decodeURIComponent(path.replace(/^\/\/[^/]*/, "")) : path;
}

/** Replaces control characters (newlines from a file name or a parser's quote) so a message stays one line. */
export function oneLine(text: string): string {
  // deno-lint-ignore no-control-regex -- control characters are exactly what is replaced
  return text.replace(/[\u0000-\u001f\u007f]+/g, " ");
}
