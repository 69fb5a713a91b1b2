// `backup create | verify | restore`: archives of the database and the uploads (server/backup.ts).
import { join } from "node:path";
import { displayPath, EXIT_OK, type Io, UsageError } from "./io.ts";

export interface CreateBackupOptions {
  out?: string;
  db?: string;
  data?: string;
}

/** The database, the data folder and the archive folder, from the options or the server's environment. */
function locations(o: CreateBackupOptions) {
  return {
    url: o.db ?? Deno.env.get("DATABASE_URL") ?? "file:data/app.db",
    dataDir: o.data ?? Deno.env.get("DATA_DIR") ?? "data",
    outDir: o.out ?? Deno.env.get("BACKUP_DIR") ?? "backups",
  };
}

/** Archives the database (a consistent snapshot, even while the server writes) and the uploads. */
export async function createBackupCommand(o: CreateBackupOptions, io: Io): Promise<number> {
  const [{ openDb, localPath }, { createBackup, describeManifest }] = await Promise.all([
    import("../db/client.ts"),
    import("../server/backup.ts"),
  ]);
  const { url, dataDir, outDir } = locations(o);
  const path = localPath(url);
  if (path === null) {
    throw new UsageError(
      `резервная копия делается для базы-файла (file:…), а не ${url}: у сервера libSQL свои средства`,
    );
  }
  try {
    await Deno.stat(path);
  } catch {
    throw new UsageError(`базы нет: ${path} (укажите --db или DATABASE_URL)`);
  }
  const db = await openDb(url);
  try {
    const { path: archive, manifest } = await createBackup({
      db,
      uploadsDir: join(dataDir, "uploads"),
      outDir,
    });
    io.out(`${displayPath(archive)}: ${describeManifest(manifest)}`);
    return EXIT_OK;
  } finally {
    db.$client.close();
  }
}

/** Reads a whole archive and checks every file, the database and its row counts. */
export async function verifyBackupCommand(file: string, io: Io): Promise<number> {
  const { verifyBackup, describeManifest } = await import("../server/backup.ts");
  const manifest = await verifyBackup(file);
  io.out(`архив в порядке: ${describeManifest(manifest)}`);
  return EXIT_OK;
}

/** Restores an archive into an empty data folder. */
export async function restoreBackupCommand(file: string, o: { data: string }, io: Io): Promise<number> {
  const { restoreBackup, describeManifest, RESTORED_DATABASE } = await import("../server/backup.ts");
  const manifest = await restoreBackup(file, o.data);
  io.out(`восстановлено в ${o.data}: ${describeManifest(manifest)}`);
  io.out(`запуск: DATA_DIR=${o.data} DATABASE_URL=file:${join(o.data, RESTORED_DATABASE)} deno task start`);
  return EXIT_OK;
}
