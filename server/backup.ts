// Backups: one gzip-compressed tar archive holding a consistent snapshot of the database, the uploaded files
// and a manifest (the app's version, the last migration, row counts per table, size and SHA-256 of every
// file). The archive is made with tar-stream and node:zlib; gzip's checksum and length over the whole archive
// catch a changed byte or a cut anywhere, the manifest's hashes a file that does not belong.
import tar from "tar-stream";
import { createGunzip, createGzip } from "node:zlib";
import { createReadStream, createWriteStream } from "node:fs";
import { once } from "node:events";
import { pipeline } from "node:stream/promises";
import type { Writable } from "node:stream";
import { createHash } from "node:crypto";
import { dirname, join, relative, sep } from "node:path";
import denoConfig from "../deno.json" with { type: "json" };
import {
  integrityProblems,
  lastAppliedMigration,
  type MigrationId,
  openFile,
  shippedMigrations,
  snapshotInto,
  tableRowCounts,
} from "../db/backup.ts";
import type { Db } from "../db/client.ts";
import { TEMPORARY_SUFFIX } from "./storage.ts";

export const BACKUP_FORMAT = "polesmeta-backup";
const FORMAT_VERSION = 1;
/** The archive's entries: the database, the uploads below their folder, and the manifest, written last. */
const DATABASE_ENTRY = "database/app.db";
const UPLOADS_PREFIX = "uploads/";
const MANIFEST_ENTRY = "manifest.json";
/** The database's file name in a restored data folder (the default DATABASE_URL is `file:data/app.db`). */
export const RESTORED_DATABASE = "app.db";

export interface ArchivedFile {
  path: string;
  size: number;
  sha256: string;
}

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  appVersion: string;
  createdAt: string;
  migration: MigrationId | null;
  tables: Record<string, number>;
  files: ArchivedFile[];
}

/** A backup refused or failed, with a one-line message in Russian for the operator. */
export class BackupError extends Error {}

const gzipMagic = [0x1f, 0x8b];

/** The archive's file name for a moment: `polesmeta-2026-11-26T023000Z.tar.gz` (sorts by time). */
export function archiveName(at: Date): string {
  return `polesmeta-${at.toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z")}.tar.gz`;
}

/** Every finished file below `dir` (a `.part` file is an upload still being written), sorted. */
async function filesBelow(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (folder: string) => {
    let entries: Deno.DirEntry[];
    try {
      entries = [...Deno.readDirSync(folder)];
    } catch (error) {
      if (error instanceof Deno.errors.NotFound) return;
      throw error;
    }
    for (const entry of entries) {
      const path = join(folder, entry.name);
      if (entry.isDirectory) await walk(path);
      else if (entry.isFile && !entry.name.endsWith(TEMPORARY_SUFFIX)) out.push(path);
    }
  };
  await walk(dir);
  return out.sort();
}

/** Adds the file at `path` to `pack` as `name`, answering its size and SHA-256. */
async function addFile(pack: tar.Pack, name: string, path: string): Promise<ArchivedFile> {
  const { size, mtime } = await Deno.stat(path);
  const hash = createHash("sha256");
  let done!: (error?: Error | null) => void;
  const written = new Promise<void>((resolve, reject) => done = (e) => e ? reject(e) : resolve());
  const entry = pack.entry({ name, size, mtime: mtime ?? undefined, mode: 0o644 }, (e) => done(e));
  for await (const chunk of createReadStream(path)) {
    hash.update(chunk);
    if (!entry.write(chunk)) await once(entry, "drain");
  }
  entry.end(null);
  await written;
  return { path: name, size, sha256: hash.digest("hex") };
}

export interface CreateOptions {
  db: Db;
  /**
   * The uploads folder, read directly: with the storage interface of server/storage.ts grown a way to list
   * and read every key (S3), this is where the backup would take the files from it instead.
   */
  uploadsDir: string;
  outDir: string;
  now?: Date;
}

/**
 * Writes one archive into `outDir` while the server may run and write: the database through `VACUUM INTO`
 * (consistent, not blocking writers), then the uploads. A file uploaded after the snapshot is archived
 * without a row naming it (the start-up sweep removes such files); the archive appears under its name only
 * once complete.
 */
export async function createBackup(o: CreateOptions): Promise<{ path: string; manifest: Manifest }> {
  const now = o.now ?? new Date();
  await Deno.mkdir(o.outDir, { recursive: true });
  const work = await Deno.makeTempDir({ dir: o.outDir, prefix: ".backup-" });
  const final = join(o.outDir, archiveName(now));
  const partial = `${final}${TEMPORARY_SUFFIX}`;
  try {
    const snapshot = join(work, "app.db");
    await snapshotInto(o.db, snapshot);
    const client = openFile(snapshot);
    const [tables, migration] = await Promise.all([tableRowCounts(client), lastAppliedMigration(client)]);
    client.close();

    const pack = tar.pack();
    const archived = pipeline(pack, createGzip(), createWriteStream(partial));
    const files: ArchivedFile[] = [await addFile(pack, DATABASE_ENTRY, snapshot)];
    for (const path of await filesBelow(o.uploadsDir)) {
      const name = UPLOADS_PREFIX + relative(o.uploadsDir, path).split(sep).join("/");
      files.push(await addFile(pack, name, path));
    }
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      formatVersion: FORMAT_VERSION,
      appVersion: denoConfig.version,
      createdAt: now.toISOString(),
      migration,
      tables,
      files,
    };
    pack.entry({ name: MANIFEST_ENTRY, mode: 0o644 }, JSON.stringify(manifest, null, 2));
    pack.finalize();
    await archived;
    await Deno.rename(partial, final);
    return { path: final, manifest };
  } catch (error) {
    await Deno.remove(partial).catch(() => {});
    throw error;
  } finally {
    await Deno.remove(work, { recursive: true }).catch(() => {});
  }
}

/** Where each entry of an archive being read goes: a file path, or null to hash it only. */
type Placement = (entry: string) => string | null;

/** Reads the whole archive, writing entries where `place` says, and answers the manifest and what was found. */
async function readArchive(file: string, place: Placement) {
  let head: Uint8Array;
  try {
    using handle = await Deno.open(file);
    head = new Uint8Array(2);
    const n = await handle.read(head);
    if (n !== 2) head = new Uint8Array(0);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) throw new BackupError(`архив не найден: ${file}`);
    throw error;
  }
  if (head[0] !== gzipMagic[0] || head[1] !== gzipMagic[1]) {
    throw new BackupError(`это не архив ПолеСмета (не tar.gz): ${file}`);
  }
  const found = new Map<string, ArchivedFile>();
  let manifestText: string | null = null;
  const extract = tar.extract();
  const source = pipeline(createReadStream(file), createGunzip(), extract as unknown as Writable);
  // An error of the gzip stream surfaces through `source`; the loop below ends on it too.
  const reading = (async () => {
    for await (const entry of extract) {
      const name = entry.header.name;
      if (entry.header.type !== "file" && entry.header.type !== "directory") throw foreign(file);
      if (entry.header.type === "directory") {
        entry.resume();
        continue;
      }
      if (name === MANIFEST_ENTRY) {
        const chunks: Buffer[] = [];
        for await (const chunk of entry as AsyncIterable<Buffer>) chunks.push(chunk);
        manifestText = Buffer.concat(chunks).toString("utf8");
        continue;
      }
      if (name !== DATABASE_ENTRY && !safeUploadName(name)) throw foreign(file);
      const target = place(name);
      const hash = createHash("sha256");
      let size = 0;
      let out: Writable | null = null;
      if (target) {
        await Deno.mkdir(dirname(target), { recursive: true });
        out = createWriteStream(target, { flags: "wx" });
      }
      for await (const chunk of entry as AsyncIterable<Buffer>) {
        hash.update(chunk);
        size += chunk.length;
        if (out && !out.write(chunk)) await once(out, "drain");
      }
      if (out) {
        out.end();
        await once(out, "finish");
      }
      found.set(name, { path: name, size, sha256: hash.digest("hex") });
    }
  })();
  try {
    await Promise.all([source, reading]);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw unreadable(file, error);
  }
  const manifest = parseManifest(manifestText, file);
  return { manifest, found };
}

const foreign = (file: string) => new BackupError(`это не архив ПолеСмета: ${file}`);

/** Why the archive could not be read, in one line: cut short, or damaged. */
function unreadable(file: string, error: unknown): BackupError {
  const message = error instanceof Error ? error.message : String(error);
  if (/unexpected end|premature close|truncated|Unexpected end of data/i.test(message)) {
    return new BackupError(`архив обрезан (файл неполный): ${file}`);
  }
  return new BackupError(`архив повреждён (${message}): ${file}`);
}

/** An uploads entry with no way out of the uploads folder. */
function safeUploadName(name: string): boolean {
  if (!name.startsWith(UPLOADS_PREFIX)) return false;
  const parts = name.slice(UPLOADS_PREFIX.length).split("/");
  return parts.every((p) => p !== "" && p !== "." && p !== ".." && !p.includes("\\"));
}

function parseManifest(text: string | null, file: string): Manifest {
  if (text === null) throw foreign(file);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(text);
  } catch {
    throw foreign(file);
  }
  if (manifest?.format !== BACKUP_FORMAT || !Array.isArray(manifest.files)) throw foreign(file);
  if (manifest.formatVersion !== FORMAT_VERSION) {
    throw new BackupError(`архив другой версии формата (${manifest.formatVersion}): ${file}`);
  }
  return manifest;
}

/** Checks every file of the manifest against what the archive held; answers the first difference. */
function compareFiles(manifest: Manifest, found: Map<string, ArchivedFile>, file: string) {
  const listed = new Set(manifest.files.map((f) => f.path));
  if (!listed.has(DATABASE_ENTRY)) throw new BackupError(`в архиве нет базы данных: ${file}`);
  for (const expected of manifest.files) {
    const got = found.get(expected.path);
    if (!got) throw new BackupError(`в архиве нет файла ${expected.path}: ${file}`);
    if (got.size !== expected.size || got.sha256 !== expected.sha256) {
      throw new BackupError(`архив повреждён: файл ${expected.path} не совпадает с описью: ${file}`);
    }
  }
  for (const name of found.keys()) {
    if (!listed.has(name)) throw new BackupError(`в архиве лишний файл ${name}: ${file}`);
  }
}

/** Checks the database taken from the archive: sound, with the manifest's row counts, of a known migration. */
async function checkDatabase(path: string, manifest: Manifest, file: string) {
  const client = openFile(path);
  try {
    const problems = await integrityProblems(client);
    if (problems.length > 0) {
      throw new BackupError(`база в архиве повреждена (${problems[0]}): ${file}`);
    }
    const counts = await tableRowCounts(client);
    for (const [table, rows] of Object.entries(manifest.tables)) {
      if (counts[table] !== rows) {
        throw new BackupError(`в таблице ${table} ${counts[table] ?? 0} строк, в описи ${rows}: ${file}`);
      }
    }
  } finally {
    client.close();
  }
  const shipped = await shippedMigrations();
  if (manifest.migration && !shipped.some((m) => m.when === manifest.migration!.when)) {
    throw new BackupError(
      `архив сделан более новой версией приложения (миграция ${manifest.migration.tag}): обновите приложение`,
    );
  }
}

/** Reads the whole archive and checks it (files, database, migration); answers its manifest. */
export async function verifyBackup(file: string): Promise<Manifest> {
  const work = await Deno.makeTempDir({ prefix: "polesmeta-verify-" });
  try {
    const database = join(work, RESTORED_DATABASE);
    const { manifest, found } = await readArchive(file, (e) => e === DATABASE_ENTRY ? database : null);
    compareFiles(manifest, found, file);
    await checkDatabase(database, manifest, file);
    return manifest;
  } finally {
    await Deno.remove(work, { recursive: true }).catch(() => {});
  }
}

/** Whether `dir` is missing or empty. */
async function isEmptyDir(dir: string): Promise<boolean> {
  try {
    for await (const _ of Deno.readDir(dir)) return false;
    return true;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return true;
    throw error;
  }
}

/**
 * Restores `file` into the empty data folder `dataDir` (the database as `app.db`, the files under `uploads/`),
 * checking it as verifyBackup() does; on any refusal the folder is left empty again.
 */
export async function restoreBackup(file: string, dataDir: string): Promise<Manifest> {
  if (!await isEmptyDir(dataDir)) throw new BackupError(`папка для восстановления не пуста: ${dataDir}`);
  await Deno.mkdir(dataDir, { recursive: true });
  try {
    const database = join(dataDir, RESTORED_DATABASE);
    const { manifest, found } = await readArchive(
      file,
      (e) => e === DATABASE_ENTRY ? database : join(dataDir, e),
    );
    compareFiles(manifest, found, file);
    await checkDatabase(database, manifest, file);
    return manifest;
  } catch (error) {
    for await (const entry of Deno.readDir(dataDir)) {
      await Deno.remove(join(dataDir, entry.name), { recursive: true }).catch(() => {});
    }
    throw error;
  }
}

/** The manifest's figures in one line: files, bytes, rows, migration. */
export function describeManifest(m: Manifest): string {
  const bytes = m.files.reduce((sum, f) => sum + f.size, 0);
  const rows = Object.values(m.tables).reduce((sum, n) => sum + n, 0);
  return `${m.files.length} файлов (${bytes} байт), ${rows} строк в ${
    Object.keys(m.tables).length
  } таблицах, ` +
    `миграция ${m.migration?.tag ?? "—"}, версия ${m.appVersion}, снимок ${m.createdAt}`;
}
