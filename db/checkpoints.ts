// Checkpoints off the request thread. In WAL mode SQLite copies the log into the database file, and syncs
// both, inside the commit that takes the log past 1000 pages (its auto-checkpoint): on the request thread, a
// commit of 2–7 ms instead of 0.06 ms. The read worker (db/read_worker_main.ts) runs a PASSIVE checkpoint
// every CHECKPOINT_EVERY_MS instead, which waits for no lock and holds up no reader or writer: the log is
// copied while it is short and the writers seldom reach the mark (at the mix's rate of writes the commits' p99
// went from 3.5 to 0.3–0.4 ms: docs/performance.md «Checkpoints»). Without the worker (READ_WORKER=false) the
// writers' auto-checkpoint does it as before, and takes over if this one stops.
// @ts-types="./libsql.d.ts"
import Database from "libsql";

/** How often the log is copied into the database file, ms: a few hundred pages of writes at most between. */
export const CHECKPOINT_EVERY_MS = 100;

/** Another connection holds a lock the checkpoint needs (a backup, a migration): the next one tries again. */
const isBusy = (error: unknown) => /^SQLITE_(BUSY|LOCKED)/.test(String((error as { code?: unknown })?.code));

/**
 * Checkpoints the database file at `path` every `everyMs` on a connection of its own, until the returned
 * function is called. A checkpoint that fails otherwise than busy (the disk full, the file damaged) ends
 * them; `failed` is told why.
 */
export function checkpointEvery(
  path: string,
  { everyMs = CHECKPOINT_EVERY_MS, failed = () => {} }: {
    everyMs?: number;
    failed?: (error: Error) => void;
  } = {},
): () => void {
  const connection = new Database(path);
  const checkpoint = connection.prepare("PRAGMA wal_checkpoint(PASSIVE)");
  const stop = () => {
    clearInterval(timer);
    if (connection.open) connection.close();
  };
  const timer = setInterval(() => {
    try {
      checkpoint.get();
    } catch (error) {
      if (isBusy(error)) return;
      stop();
      failed(error as Error);
    }
  }, everyMs);
  return stop;
}
