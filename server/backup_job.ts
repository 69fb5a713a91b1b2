// The daily backup: when BACKUP_DIR is set, the server makes one archive a (Moscow) day into it and keeps
// 7 daily and 4 weekly ones.
import { join } from "node:path";
import { moscowDate } from "../domain/dates.ts";
import { createBackup } from "./backup.ts";
import type { AppDeps } from "./types.ts";

/** How often the server looks whether today's backup is made. */
export const BACKUP_CHECK_MS = 60 * 60_000;
/** How many days keep their newest archive, and how many weeks. */
export const KEEP_DAILY = 7;
export const KEEP_WEEKLY = 4;

const archivePattern = /^polesmeta-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\.tar\.gz$/;

/** The moment an archive's name records (archiveName()), or null for another file. */
export function archiveTime(name: string): Date | null {
  const m = archivePattern.exec(name);
  return m ? new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`) : null;
}

/** The Monday that starts the week of a 'YYYY-MM-DD' day (calendar arithmetic, no time zone involved). */
function weekOf(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  date.setUTCDate(date.getUTCDate() - (date.getUTCDay() + 6) % 7);
  return date.toISOString().slice(0, 10);
}

/**
 * The archives to keep among `names`: the newest of each of the last KEEP_DAILY Moscow days that have one and
 * the newest of each of the last KEEP_WEEKLY weeks (Monday to Sunday) that have one. Other files are ignored.
 */
export function archivesToKeep(names: readonly string[]): Set<string> {
  const dated = names
    .map((name) => ({ name, at: archiveTime(name) }))
    .filter((a): a is { name: string; at: Date } => a.at !== null)
    .sort((a, b) => b.at.getTime() - a.at.getTime());
  const keep = new Set<string>();
  const newestOf = (key: (day: string) => string, limit: number) => {
    const seen = new Set<string>();
    for (const a of dated) {
      const k = key(moscowDate(a.at));
      if (seen.has(k)) continue;
      if (seen.size === limit) break;
      seen.add(k);
      keep.add(a.name);
    }
  };
  newestOf((day) => day, KEEP_DAILY);
  newestOf(weekOf, KEEP_WEEKLY);
  return keep;
}

/** Makes today's archive in `dir` unless there is one, then deletes the archives retention lets go. */
export async function dailyBackup(deps: Pick<AppDeps, "db" | "env" | "now">, dir: string) {
  const now = deps.now();
  await Deno.mkdir(dir, { recursive: true });
  const names = () => [...Deno.readDirSync(dir)].filter((e) => e.isFile).map((e) => e.name);
  const today = moscowDate(now);
  const made = names().some((name) => {
    const at = archiveTime(name);
    return at !== null && moscowDate(at) === today;
  });
  let created: string | null = null;
  if (!made) {
    created =
      (await createBackup({ db: deps.db, uploadsDir: join(deps.env.DATA_DIR, "uploads"), outDir: dir, now }))
        .path;
  }
  const all = names();
  const keep = archivesToKeep(all);
  const deleted = all.filter((name) => archiveTime(name) !== null && !keep.has(name));
  for (const name of deleted) await Deno.remove(join(dir, name));
  return { created, deleted };
}

/**
 * Starts the daily backup when BACKUP_DIR is set: a check now and every hour. Answers a function that stops
 * it and resolves once a backup under way has finished.
 */
export function startBackups(
  deps: Pick<AppDeps, "db" | "env" | "now">,
  onError: (error: unknown) => void,
  everyMs = BACKUP_CHECK_MS,
): () => Promise<void> {
  const dir = deps.env.BACKUP_DIR;
  if (!dir) return () => Promise.resolve();
  let running: Promise<void> | null = null;
  const run = () => {
    // A backup still under way (a slow disk) is not started twice.
    running ??= dailyBackup(deps, dir).then(() => {}, onError).finally(() => running = null);
  };
  run();
  const timer = setInterval(run, everyMs);
  return () => {
    clearInterval(timer);
    return running ?? Promise.resolve();
  };
}
